"""The text and tracks around the map: the header, the Fellowship (progress, corruption, the
Mordor Track, guide and companions), the Hunt, the Political Track, the action dice and Elven
Rings, victory points and cards, the last action and battle, and a legend.

Each part is a measured :class:`~renderers.common.blocks.Block`, so a card's height follows what
it has to say. Sizes are per layout in :data:`TEXT` (compact sizes are made to be read when
Discord shows the 1,080 px picture at 550 px: about half size; its header, like the glance card
of :mod:`.glance`, at 400 px on a phone).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from renderers.common.blocks import Block, Chip
from renderers.common.colours import RGB, mix
from renderers.common.fonts import FontKind, font, text_font
from renderers.common.shapes import paste_sprite, rounded_panel, supersampled
from renderers.common.text import ellipsize, fit_text

from . import icons, theme
from . import view as v
from .layout import MapLayout
from .pieces import badge_sprite
from .theme import FREE, NATION_COLOURS, NATIONS, SHADOW, SIDES, STYLES, MapStyle
from .words import (
    current,
    english,
    face_kind,
    layout_region,
    listed,
    nation_short,
    ntr,
    side_short,
    tr,
    wrap,
)


@dataclass(frozen=True)
class Sizes:
    """Font sizes (pixels) and a few measures of one picture layout."""

    headline: int
    prompt: int
    corner: int
    turn: int
    title: int
    body: int
    small: int
    legend: int
    die: int
    disc: int
    track: int  # a corruption / political track cell
    pad: int
    gap: int


TEXT: dict[str, Sizes] = {
    "compact": Sizes(
        headline=44,
        prompt=29,
        corner=26,
        turn=46,
        title=23,
        body=21,
        small=19,
        legend=18,
        die=40,
        disc=30,
        track=30,
        pad=14,
        gap=10,
    ),
    "full": Sizes(
        headline=30,
        prompt=19,
        corner=15,
        turn=34,
        title=20,
        body=18,
        small=16,
        legend=15,
        die=34,
        disc=26,
        track=26,
        pad=12,
        gap=8,
    ),
}
HEADER_HEIGHT = {"compact": 150, "full": 108}


def _face(kind: FontKind, size: int) -> ImageFont.FreeTypeFont:
    """The font of ``kind`` for the language being spoken (a CJK face in Japanese and Chinese)."""
    return font(face_kind(kind), size)


# -- header --------------------------------------------------------------------------------------


def audience_text(view: Mapping[str, Any]) -> tuple[str, str | None]:
    """("Public board" | "Free Peoples only", "do not share" | None)."""
    who = v.audience(view)
    if who is None:
        return (tr("Final board") if v.result(view) else tr("Public board")), None
    return tr("{side} only", side=v.side_title(who)), tr("do not share")


def turn_text(view: Mapping[str, Any]) -> tuple[str, str]:
    turn = v.number(view.get("turn"))
    phase = v.phase_title(view.get("phase"))
    return (str(turn) if turn else "–"), phase


def prompt_text(view: Mapping[str, Any]) -> str:
    done = v.result(view)
    if done is not None:
        return str(done.get("text") or "")
    return str(view.get("prompt") or "")


def draw_header(
    image: Image.Image, view: Mapping[str, Any], box: tuple[float, float, float, float], sizes: Sizes
) -> None:
    """Headline and prompt on the left, turn, phase and audience on the right, inside ``box``."""
    left, top, right, _bottom = box
    draw = ImageDraw.Draw(image)
    number, phase = turn_text(view)
    label_face = _face("bold", sizes.corner)
    number_face = font("serif", sizes.turn)  # (digits: the Latin face in every language)
    label = " · ".join(part for part in (tr("TURN"), phase.upper()) if part)
    draw.text((right, top + 2), label, font=label_face, fill=theme.INK_MUTED, anchor="ra")
    draw.text((right, top + sizes.corner + 4), number, font=number_face, fill=theme.GOLD, anchor="ra")
    corner = max(number_face.getlength(number), label_face.getlength(label))
    who, warning = audience_text(view)
    chip_face = _face("bold", sizes.corner)
    warn_face = _face("bold", round(sizes.corner * 0.8))
    chip_w = round(max(chip_face.getlength(who), warn_face.getlength((warning or "").upper())) + 24)
    # (a step higher in other languages: their taller letters would reach the card below)
    chip_top = top + sizes.corner + sizes.turn + (12 if english() else 6)
    chip_h = round(sizes.corner * (2.5 if warning else 1.6))
    fill = mix(theme.PANEL_FILL, theme.BATTLE_RED, 0.35) if warning else theme.PANEL_FILL
    rounded_panel(
        image, (right - chip_w, chip_top, right, chip_top + chip_h), fill, theme.PANEL_EDGE, radius=8
    )
    draw.text(
        (right - chip_w / 2, chip_top + sizes.corner * 0.8),
        who,
        font=chip_face,
        fill=theme.INK_LIGHT,
        anchor="mm",
    )
    if warning:
        draw.text(
            (right - chip_w / 2, chip_top + sizes.corner * 1.85),
            warning.upper(),
            font=warn_face,
            fill=(255, 190, 170),
            anchor="mm",
        )
    head_face, headline = fit_text(
        v.headline(view),
        face_kind("serif"),
        right - left - corner - 24,
        sizes.headline,
        min_size=round(sizes.headline * 0.6),
    )
    draw.text((left, top), headline, font=head_face, fill=theme.INK_LIGHT, anchor="la")
    room = right - left - max(chip_w, corner) - 20
    prompt_face = _face("sans", sizes.prompt)
    y = top + sizes.headline * 1.3
    for line in wrap(prompt_text(view), prompt_face, room, 2):
        draw.text((left, y), line, font=prompt_face, fill=theme.INK_MUTED, anchor="la")
        y += sizes.prompt * 1.25


# -- the Fellowship --------------------------------------------------------------------------------


def _label(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    face: ImageFont.FreeTypeFont,
    fill: RGB = theme.INK_MUTED,
) -> float:
    draw.text(xy, text, font=face, fill=fill, anchor="lm")
    return face.getlength(text)


@lru_cache(maxsize=64)
def _track_cell(size: int, fill: RGB, edge: RGB, text: str, ink: RGB, text_size: int) -> Image.Image:
    def paint(draw: ImageDraw.ImageDraw, s: float) -> None:
        draw.rounded_rectangle(
            (0.5 * s, 0.5 * s, (size - 0.5) * s, (size - 0.5) * s),
            radius=size * 0.2 * s,
            fill=(*fill, 255),
            outline=(*edge, 255),
            width=max(1, round(1.3 * s)),
        )

    sprite = supersampled((size, size), paint)
    if text:
        ImageDraw.Draw(sprite).text(
            (size / 2, size / 2 + 0.5), text, font=font("condensed", text_size), fill=ink, anchor="mm"
        )
    return sprite


def corruption_colour(step: int) -> RGB:
    """Green at 0, amber in the middle, red at 12."""
    t = max(0.0, min(1.0, step / 12))
    if t < 0.5:
        return mix((88, 160, 90), (224, 170, 50), t * 2)
    return mix((224, 170, 50), (210, 50, 36), (t - 0.5) * 2)


def fellowship_block(view: Mapping[str, Any], layout: MapLayout, width: float, sizes: Sizes) -> Block:
    """The Fellowship: where, hidden or revealed, progress, corruption (0-12), the Mordor Track
    when on it, the guide and the companions."""
    block = Block(width)
    fs = v.fellowship(view)
    title = _face("serif", sizes.title)
    body = _face("sans", sizes.body)
    small = _face("sans", sizes.small)
    bold = _face("bold", sizes.body)
    revealed = bool(fs.get("revealed"))
    where = fs.get("region")
    mordor = fs.get("mordor")
    on_track = where is None and isinstance(mordor, int)
    place = (
        tr("on the Mordor Track")
        if on_track
        else tr("at {region}", region=layout_region(layout.names, str(where)))
        if where
        else tr("not on the map")
    )
    progress = v.number(fs.get("progress"))
    row = round(sizes.title * 1.5)

    def head(image: Image.Image, draw: ImageDraw.ImageDraw, left: float, top: float) -> None:
        ring = icons.ring_sprite(round(sizes.title * 1.25), revealed)
        paste_sprite(image, ring, (left, top + row / 2 - ring.height / 2))
        x = left + ring.width + 8
        fellowship = tr("Fellowship")
        draw.text((x, top + row / 2), fellowship, font=title, fill=theme.INK_LIGHT, anchor="lm")
        x += title.getlength(fellowship) + 12
        status = tr("REVEALED") if revealed else tr("HIDDEN")
        chip_fill = (190, 48, 36) if revealed else (60, 92, 70)
        face = _face("bold", sizes.small)
        chip_w = face.getlength(status) + 16
        rounded_panel(
            image,
            (x, top + row / 2 - sizes.small * 0.8, x + chip_w, top + row / 2 + sizes.small * 0.8),
            chip_fill,
            None,
            radius=6,
        )
        draw.text((x + chip_w / 2, top + row / 2 + 0.5), status, font=face, fill=(255, 255, 255), anchor="mm")

    block.custom(row + 2, head)
    where_text = (
        place
        if on_track
        else tr("Ring-bearers {place} · progress {progress}", place=place, progress=progress)
    )
    block.line(where_text, body, theme.INK_LIGHT, leading=1.45)
    corruption = max(0, min(12, v.number(fs.get("corruption"))))
    cell = sizes.track
    corruption_word = tr("Corruption")
    label_w = small.getlength(corruption_word) + 10
    step = min(cell + 3, (width - label_w) / 13)
    cell_size = round(min(cell, step - 3))

    def corruption_row(image: Image.Image, draw: ImageDraw.ImageDraw, left: float, top: float) -> None:
        _label(draw, (left, top + cell_size / 2), corruption_word, small)
        for index in range(13):
            x = left + label_w + index * step
            if index == corruption:
                sprite = _track_cell(
                    cell_size,
                    corruption_colour(index),
                    (255, 255, 255),
                    str(index),
                    (255, 255, 255),
                    round(cell_size * 0.62),
                )
            elif index < corruption:
                sprite = _track_cell(
                    cell_size,
                    mix(corruption_colour(index), theme.PANEL_FILL, 0.45),
                    theme.PANEL_EDGE,
                    "",
                    theme.INK_FAINT,
                    10,
                )
            else:
                sprite = _track_cell(
                    cell_size,
                    mix(theme.PANEL_FILL, (255, 255, 255), 0.06),
                    theme.PANEL_EDGE,
                    str(index) if index in (0, 12) else "",
                    theme.INK_FAINT,
                    round(cell_size * 0.5),
                )
            paste_sprite(image, sprite, (x, top))

    block.custom(cell_size + 6, corruption_row)
    if on_track:
        steps = max(0, min(5, v.number(mordor)))
        mordor_word = tr("Mordor")
        mordor_w = small.getlength(mordor_word) + 10

        def mordor_row(image: Image.Image, draw: ImageDraw.ImageDraw, left: float, top: float) -> None:
            _label(draw, (left, top + cell_size / 2), mordor_word, small)
            x = left + max(label_w, mordor_w)
            gap = cell_size * 0.55
            for index in range(6):
                here = index == steps
                fill = (
                    (214, 160, 40)
                    if here
                    else mix(theme.PANEL_FILL, (120, 30, 20), 0.4 if index < steps else 0.15)
                )
                sprite = _track_cell(
                    cell_size,
                    fill,
                    (255, 230, 160) if here else theme.PANEL_EDGE,
                    str(index),
                    (20, 14, 8) if here else theme.INK_MUTED,
                    round(cell_size * 0.55),
                )
                paste_sprite(image, sprite, (x, top))
                if here:
                    ring = icons.ring_sprite(round(cell_size * 0.8), revealed)
                    paste_sprite(image, ring, (x + cell_size - ring.width * 0.45, top - ring.height * 0.35))
                x += cell_size + gap
            draw.text(
                (x, top + cell_size / 2), tr("Crack of Doom"), font=small, fill=(240, 150, 110), anchor="lm"
            )

        block.custom(cell_size + 6, mordor_row)
    guide = fs.get("guide")
    piece = v.smeagol_piece(view)  # Twilight of the Third Age: the Gollum piece's side
    if guide == "gollum" and piece == "smeagol":
        guide = "smeagol"
    companions = [str(c) for c in v.sequence(fs.get("companions"))]
    disc = sizes.disc
    if guide or companions:

        def people(image: Image.Image, draw: ImageDraw.ImageDraw, left: float, top: float) -> None:
            x = left
            middle = top + disc / 2
            if guide:
                x += _label(draw, (x, middle), tr("Guide"), small) + 8
                paste_sprite(image, icons.character_sprite(str(guide), disc), (x, top))
                x += disc + 6
                x += (
                    _label(draw, (x, middle), v.character_name(guide, short=True), bold, theme.INK_LIGHT) + 16
                )
            others = [c for c in companions if c != guide]
            if others:
                # i18n: before the Companions' pictures: the Guide … with (them)
                x += _label(draw, (x, middle), tr("with"), small) + 8
                room = left + width - x
                step_w = min(
                    disc + 4.0, (room - disc) / max(1, len(others) - 1) if len(others) > 1 else disc + 4.0
                )
                named = all(True for _ in others) and room >= sum(
                    disc + 8 + small.getlength(v.character_name(c, short=True)) for c in others
                )
                for character in others:
                    paste_sprite(image, icons.character_sprite(character, disc), (x, top))
                    x += step_w
                    if named:
                        x += (
                            _label(
                                draw,
                                (x, middle),
                                v.character_name(character, short=True),
                                small,
                                theme.INK_LIGHT,
                            )
                            + 8
                        )
            elif guide:
                _label(draw, (x, middle), tr("no other companion"), small)

        block.custom(disc + 4, people)
        names = [v.character_name(c, short=True) for c in companions if c != guide]
        if names and len(names) > 2:
            block.paragraph(
                ", ".join(names) if english() else listed(names),
                small,
                theme.INK_MUTED,
                max_lines=2,
                leading=1.2,
            )
    elif fs:
        block.line(tr("No companion left with the Ring-bearers"), small, theme.INK_MUTED)
    if piece is not None:
        shown = v.character_name("smeagol" if piece == "smeagol" else "gollum")
        card = v.card_name("we_shall_get_it")
        state = v.we_shall_get_it_words(view)
        if guide in ("gollum", "smeagol"):
            words = tr("{name} (guides) · {card}: {state}", name=shown, card=card, state=state)
        else:
            words = tr("{name} (set aside) · {card}: {state}", name=shown, card=card, state=state)
        block.line(words, small, theme.INK_MUTED)
    return block


# -- the Hunt ------------------------------------------------------------------------------------


def hunt_block(view: Mapping[str, Any], width: float, sizes: Sizes) -> Block:
    """The Hunt Box (its dice), the Hunt Pool and the tiles drawn."""
    block = Block(width)
    hunt = v.mapping(view.get("hunt"))
    box = v.mapping(hunt.get("box"))
    shadow_dice = max(0, v.number(box.get("shadow")))
    free_dice = max(0, v.number(box.get("free")))
    allocated = min(shadow_dice, max(0, v.number(hunt.get("allocated"))))
    drawn = [str(t) for t in v.sequence(hunt.get("drawn"))]
    pool = hunt.get("pool")
    title = _face("serif", sizes.title)
    small = _face("sans", sizes.small)
    die = round(sizes.die * 0.85)

    def head(image: Image.Image, draw: ImageDraw.ImageDraw, left: float, top: float) -> None:
        middle = top + die / 2
        hunt_box = tr("Hunt Box")
        x = left + draw.textlength(hunt_box, font=title) + 12
        draw.text((left, middle), hunt_box, font=title, fill=theme.INK_LIGHT, anchor="lm")
        if not shadow_dice and not free_dice:
            draw.text((x, middle), tr("empty"), font=small, fill=theme.INK_FAINT, anchor="lm")
        for index in range(min(shadow_dice, 12)):
            if index == allocated and allocated:
                x += 6  # the allocated dice (blank: not rolled), then the Eyes rolled
            face = "allocated" if index < allocated else "eye"
            paste_sprite(image, icons.die_sprite(SHADOW, face, die), (x, top))
            x += die + 3
        if free_dice:
            x += 8
            for _ in range(min(free_dice, 6)):
                paste_sprite(image, icons.die_sprite(FREE, "character", die), (x, top))
                x += die + 3

    block.custom(die + 6, head)
    eyes = shadow_dice - allocated
    shadow = [tr("{count} put in", count=allocated)] if allocated else []
    shadow += [ntr("{count} Eye rolled", "{count} Eyes rolled", eyes)] if eyes else []
    parts = [" + ".join(shadow)] if shadow else []
    parts += [ntr("{count} Free die", "{count} Free dice", free_dice)] if free_dice else []
    if parts:
        block.line(ellipsize(" · ".join(parts), small, width), small, theme.INK_MUTED)
    tile = round(sizes.die * 0.8)
    if isinstance(pool, int):
        label = (
            tr("Pool {count} · drawn", count=v.number(pool))
            if drawn
            else tr("Pool {count} · none drawn yet", count=v.number(pool))
        )
    else:
        label = tr("Pool · drawn") if drawn else tr("Pool · none drawn yet")

    def tiles(image: Image.Image, draw: ImageDraw.ImageDraw, left: float, top: float) -> None:
        middle = top + tile / 2
        x = left + _label(draw, (left, middle), label, small) + 10
        for index, slug in enumerate(drawn):
            if x + tile > left + width:
                rest = len(drawn) - index
                draw.text((x, middle), f"+{rest}", font=small, fill=theme.INK_MUTED, anchor="lm")
                break
            paste_sprite(image, icons.tile_sprite(slug, tile), (x, top))
            x += tile + 4

    block.custom(tile + 4, tiles)
    return block


# -- politics --------------------------------------------------------------------------------------


def politics_block(view: Mapping[str, Any], width: float, sizes: Sizes) -> Block:
    """The Political Track: a row per Nation, its counter in the box of its steps from At War
    (3, 2, 1, AT WAR), bright when Active, grey with a dashed edge when Passive."""
    block = Block(width)
    politics = v.mapping(view.get("politics"))
    title = _face("serif", sizes.title)
    bold = _face("bold", sizes.small)
    block.custom(
        round(sizes.title * 1.4),
        lambda _i, d, left, top: d.text(
            (left, top), tr("Political Track"), font=title, fill=theme.INK_LIGHT, anchor="la"
        ),
    )
    name_w = max(bold.getlength(nation_short(n)) for n in NATIONS) + 26
    columns = ("3", "2", "1", tr("AT WAR"))
    col_w = (width - name_w) / 4
    row = round(sizes.small * 1.45)

    def header(_image: Image.Image, draw: ImageDraw.ImageDraw, left: float, top: float) -> None:
        for index, text in enumerate(columns):
            draw.text(
                (left + name_w + col_w * (index + 0.5), top),
                text,
                font=_face("bold", round(sizes.small * 0.85)),
                fill=theme.INK_FAINT if index < 3 else (240, 130, 110),
                anchor="ma",
            )

    block.custom(round(sizes.small * 1.15), header)
    for nation in NATIONS:
        entry = v.mapping(politics.get(nation))
        if not entry:
            continue
        steps = max(0, min(3, v.number(entry.get("steps"), 3)))
        is_active = bool(entry.get("active"))

        def paint(
            image: Image.Image,
            draw: ImageDraw.ImageDraw,
            left: float,
            top: float,
            nation: str = nation,
            steps: int = steps,
            is_active: bool = is_active,
        ) -> None:
            middle = top + row / 2
            colour = NATION_COLOURS[nation]
            draw.rounded_rectangle(
                (left, middle - row * 0.32, left + 14, middle + row * 0.32), radius=3, fill=colour
            )
            draw.text((left + 20, middle), nation_short(nation), font=bold, fill=theme.INK_LIGHT, anchor="lm")
            for index in range(4):
                x0 = left + name_w + col_w * index + 2
                draw.rounded_rectangle(
                    (x0, top + 2, x0 + col_w - 4, top + row - 2),
                    radius=5,
                    outline=theme.PANEL_EDGE,
                    width=1,
                    fill=mix(theme.PANEL_FILL, (120, 30, 20), 0.25) if index == 3 else None,
                )
            column = 3 - steps
            x0 = left + name_w + col_w * column + 2
            token = _political_token(round(col_w - 4), row - 4, colour, is_active, current())
            paste_sprite(image, token, (x0, top + 2))

        block.custom(row + 1, paint)
    block.space(2)
    block.line(
        tr("dim, dashed: passive (cannot go to war until active)"),
        _face("sans", round(sizes.small * 0.85)),
        theme.INK_FAINT,
    )
    return block


@lru_cache(maxsize=64)
def _political_token(width: int, height: int, colour: RGB, active: bool, lang: str) -> Image.Image:
    """A Nation's counter on the Political Track (its word in ``lang``, the language spoken)."""
    word = tr("ACTIVE") if active else tr("passive")

    def paint(draw: ImageDraw.ImageDraw, s: float) -> None:
        box = (0.5 * s, 0.5 * s, (width - 0.5) * s, (height - 0.5) * s)
        if active:
            draw.rounded_rectangle(
                box, radius=5 * s, fill=(*colour, 255), outline=(255, 255, 255, 255), width=round(1.5 * s)
            )
        else:
            draw.rounded_rectangle(box, radius=5 * s, fill=(*mix(colour, (70, 70, 70), 0.6), 255))
            # a dashed edge
            dash = 5 * s
            x = box[0] + 4 * s
            while x < box[2] - 4 * s:
                draw.line(
                    ((x, box[1] + s), (min(x + dash, box[2] - 4 * s), box[1] + s)),
                    fill=(200, 200, 200, 255),
                    width=round(1.2 * s),
                )
                draw.line(
                    ((x, box[3] - s), (min(x + dash, box[2] - 4 * s), box[3] - s)),
                    fill=(200, 200, 200, 255),
                    width=round(1.2 * s),
                )
                x += dash * 2

    sprite = supersampled((width, height), paint)
    face = text_font("bold" if active else "sans", max(9, round(height * 0.55)), word, lang)
    ink = theme.ink_on(colour) if active else (225, 225, 225)
    ImageDraw.Draw(sprite).text(
        (width / 2, height / 2 + 0.5), ellipsize(word, face, width - 4), font=face, fill=ink, anchor="mm"
    )
    return sprite


# -- dice, rings, victory points, cards ----------------------------------------------------------


def side_label(
    draw: ImageDraw.ImageDraw, side: str, at: tuple[float, float], face: ImageFont.FreeTypeFont
) -> float:
    """ "Free" or "Shadow" in the side's colour, left-middle at ``at``; the width of the column
    (the longer of the two words, so rows of both sides line up)."""
    draw.text(at, side_short(side), font=face, fill=theme.SIDE_LIGHT[side], anchor="lm")
    return max(face.getlength(side_short(FREE)), face.getlength(side_short(SHADOW))) + 12


def dice_block(view: Mapping[str, Any], width: float, sizes: Sizes) -> Block:
    """Each side's action dice drawn as dice (unused bright, used faded), and its Elven Rings."""
    block = Block(width)
    dice = v.mapping(view.get("dice"))
    rings = v.mapping(view.get("rings"))
    title = _face("serif", sizes.title)
    small = _face("sans", sizes.small)
    bold = _face("bold", sizes.small)
    block.custom(
        round(sizes.title * 1.4),
        lambda _i, d, left, top: d.text(
            (left, top), tr("Action dice"), font=title, fill=theme.INK_LIGHT, anchor="la"
        ),
    )
    die = sizes.die
    ring = round(die * 0.75)
    for side in SIDES:
        pool = v.mapping(dice.get(side))
        unused = [str(f) for f in v.sequence(pool.get("unused"))]
        used = [str(f) for f in v.sequence(pool.get("used"))]
        count = max(0, v.number(rings.get(side)))

        def paint(
            image: Image.Image,
            draw: ImageDraw.ImageDraw,
            left: float,
            top: float,
            side: str = side,
            unused: list[str] = unused,
            used: list[str] = used,
            count: int = count,
        ) -> None:
            middle = top + die / 2
            label_w = side_label(draw, side, (left, middle), bold)
            rings_w = (ring + 4) * count + (6 if count else 0)
            room = width - label_w - rings_w
            total = len(unused) + len(used)
            step = min(die + 5, (room - 12) / max(1, total)) if total else die + 5
            x = left + label_w
            if not total:
                draw.text((x, middle), tr("no dice"), font=small, fill=theme.INK_FAINT, anchor="lm")
            for face in unused:
                paste_sprite(image, icons.die_sprite(side, face, die), (x, top))
                x += step
            if used:
                x += 10
                for face in used:
                    paste_sprite(image, icons.die_sprite(side, face, die, used=True), (x, top))
                    x += step
            rx = left + width - rings_w + 6
            for _ in range(count):
                paste_sprite(image, icons.elven_ring_sprite(ring, side), (rx, middle - ring / 2))
                rx += ring + 4

        block.custom(die + 6, paint)
    block.line(
        tr("faded: used this turn · right: Elven Rings"),
        _face("sans", round(sizes.small * 0.85)),
        theme.INK_FAINT,
    )
    return block


def score_block(view: Mapping[str, Any], width: float, sizes: Sizes) -> Block:
    """Victory points, hand sizes and decks (a row per side); the audience's own hand by card name."""
    block = Block(width)
    vp = v.mapping(view.get("vp"))
    cards = v.mapping(view.get("cards"))
    bold = _face("bold", sizes.body)
    small = _face("sans", sizes.small)
    head_face = _face("bold", round(sizes.small * 0.85))
    row = round(sizes.body * 1.5)
    label_w = max(bold.getlength(side_short(FREE)), bold.getlength(side_short(SHADOW))) + 14
    # i18n: the heads of the victory points and cards table (victory points, cards in hand, the
    # Character deck, the Strategy deck), each in a narrow column
    heads = (tr("VP"), tr("in hand"), tr("char. deck"), tr("strat. deck"))
    col = (width - label_w) / len(heads)

    def header(_image: Image.Image, draw: ImageDraw.ImageDraw, left: float, top: float) -> None:
        for index, text in enumerate(heads):
            draw.text(
                (left + label_w + col * (index + 0.5), top),
                text,
                font=head_face,
                fill=theme.INK_FAINT,
                anchor="ma",
            )

    block.custom(round(sizes.small * 1.2), header)
    for side, goal in ((FREE, 4), (SHADOW, 10)):
        entry = v.mapping(cards.get(side))
        decks = v.mapping(entry.get("decks"))
        values = [
            f"{v.number(vp.get(side))}/{goal}",
            str(v.number(entry.get("hand_count"))),
            str(v.number(decks.get("character"))),
            str(v.number(decks.get("strategy"))),
        ]

        def paint(
            _image: Image.Image,
            draw: ImageDraw.ImageDraw,
            left: float,
            top: float,
            side: str = side,
            values: list[str] = values,
        ) -> None:
            middle = top + row / 2
            draw.text(
                (left, middle),
                side_short(side),
                font=bold,
                fill=theme.SIDE_LIGHT[side],
                anchor="lm",
            )
            for index, text in enumerate(values):
                draw.text(
                    (left + label_w + col * (index + 0.5), middle),
                    text,
                    font=bold if index == 0 else small,
                    fill=theme.INK_LIGHT,
                    anchor="mm",
                )

        block.custom(row, paint)
    you = v.audience(view)
    for side in SIDES:
        hand = v.mapping(cards.get(side)).get("hand")
        if you == side and isinstance(hand, list) and hand:
            block.space(4)
            block.line(
                tr("Your hand (do not share)"), _face("bold", round(sizes.small * 0.9)), (255, 190, 170)
            )
            if not english():
                block.space(4)  # (the CJK faces reach lower than the Latin ones)
            chips = [
                Chip(
                    v.card_name(card),
                    (58, 44, 96) if v.card_deck(card) == "character" else (92, 52, 30),
                    theme.INK_LIGHT,
                    theme.PANEL_EDGE,
                    face_kind("bold"),
                    max(12, sizes.small - 2),
                )
                for card in hand
            ]
            block.chips("", chips, label_face=small, label_fill=theme.INK_MUTED, label_width=0, max_lines=3)
    return block


def news_block(view: Mapping[str, Any], layout: MapLayout, width: float, sizes: Sizes) -> Block | None:
    """The battle and the last action."""
    battle = v.mapping(view.get("battle"))
    last = v.mapping(view.get("last"))
    text = str(last.get("text") or "")
    if not battle and not text:
        return None
    block = Block(width)
    if battle:
        where = layout_region(layout.names, str(battle.get("region")))
        attacker = battle.get("attacker")
        rounds = v.number(battle.get("round"), 1)
        side = v.side_title(attacker)
        if battle.get("siege"):
            line = tr(
                "⚔ Battle at {region}: {side} attacking, siege, round {round}",
                region=where,
                side=side,
                round=rounds,
            )
        else:
            line = tr(
                "⚔ Battle at {region}: {side} attacking, field battle, round {round}",
                region=where,
                side=side,
                round=rounds,
            )
        face = _face("bold", sizes.body)
        for piece in wrap(line, face, width, 2):
            block.line(piece, face, (255, 150, 130))
        rolls = v.mapping(battle.get("rolls"))
        for side in (str(attacker), str(battle.get("defender"))):
            if side in rolls:
                combat_dice_row(block, side, v.mapping(rolls[side]), width, sizes)
    if text:
        face = _face("sans", sizes.body)
        for piece in wrap(tr("Last: {action}", action=text), face, width, 2):
            block.line(piece, face, theme.INK_LIGHT)
    return block


def combat_dice_row(block: Block, side: str, rolled: Mapping[str, Any], width: float, sizes: Sizes) -> None:
    """One side's combat dice of the last round, as dice: hits bright, misses dark, the
    re-rolls after an arrow; then the hits in words."""
    dice = [v.number(d) for d in v.sequence(rolled.get("dice"))]
    again = [v.number(d) for d in v.sequence(rolled.get("rerolls"))]
    target = v.number(rolled.get("target"), 5)
    hits = v.number(rolled.get("hits"))
    size = round(sizes.die * 0.8)
    bold = _face("bold", sizes.small)
    small = _face("sans", sizes.small)

    def paint(image: Image.Image, draw: ImageDraw.ImageDraw, left: float, top: float) -> None:
        middle = top + size / 2
        x = left + side_label(draw, side, (left, middle), bold)
        for index, value in enumerate(dice + again):
            if index == len(dice) and again:
                arrow = font("bold", sizes.small)  # (the CJK faces have no ↻)
                draw.text((x + 2, middle), "↻", font=arrow, fill=theme.INK_MUTED, anchor="lm")
                x += arrow.getlength("↻") + 8
            paste_sprite(
                image,
                icons.number_die_sprite(
                    side, value, size, hit=value == 6 or (value != 1 and value >= target)
                ),
                (x, top),
            )
            x += size + 3
        words = ntr("hit on {target}+ · {count} hit", "hit on {target}+ · {count} hits", hits, target=target)
        if x + small.getlength(words) + 10 < left + width:
            draw.text((x + 8, middle), words, font=small, fill=theme.INK_MUTED, anchor="lm")

    block.custom(size + 5, paint)


# -- legend --------------------------------------------------------------------------------------


def legend_block(view: Mapping[str, Any], layout: MapLayout, width: float, sizes: Sizes) -> Block:
    """What the badges and marks mean (only the marks this picture can show, and the basics)."""
    block = Block(width)
    style = STYLES[layout.name]
    face = _face("sans", sizes.legend)
    bold = _face("bold", sizes.legend)
    height = max(style.chip + 8, round(sizes.legend * 1.7))
    sample = badge_sprite(SHADOW, (("sauron", 5, 1, 2),), style)
    items: list[tuple[str, Image.Image | None]] = [
        (tr("regular · elite · leader (Nazgûl)"), sample),
        (tr("garrison"), badge_sprite(FREE, (("gondor", 3, 1, 1),), style, True)),
        (tr("Ring-bearers"), icons.ring_sprite(round(height * 0.8))),
        (tr("captured"), icons.control_sprite(SHADOW, round(height * 0.7))),
        (tr("Companion / Minion"), icons.character_sprite("strider", round(height * 0.72))),
    ]
    if view.get("dunlendings"):  # Twilight of the Third Age: their own row in the Shadow's badge
        items.append((nation_short("dunlendings"), badge_sprite(SHADOW, (("dunlendings", 4, 0, 0),), style)))
    icon = round(style.icon * 1.2)
    # i18n: the legend's kinds of settlement, as the map draws them
    settlement = [
        (tr("town"), icons.settlement_sprite("town", icon)),
        (tr("city"), icons.settlement_sprite("city", icon)),
        (tr("stronghold"), icons.settlement_sprite("stronghold", icon)),
        (tr("fortification"), icons.settlement_sprite("fortification", icon)),
    ]

    def row(entries: Sequence[tuple[str, Image.Image | None]]) -> None:
        laid: list[list[tuple[str, Image.Image | None, float]]] = [[]]
        x = 0.0
        for text, sprite in entries:
            w = (sprite.width + 5 if sprite else 0) + face.getlength(text) + 18
            if x + w > width and laid[-1]:
                laid.append([])
                x = 0.0
            laid[-1].append((text, sprite, x))
            x += w
        for line in laid:

            def paint(
                image: Image.Image,
                draw: ImageDraw.ImageDraw,
                left: float,
                top: float,
                line: list[tuple[str, Image.Image | None, float]] = line,
            ) -> None:
                middle = top + height / 2
                for text, sprite, offset in line:
                    x0 = left + offset
                    if sprite is not None:
                        paste_sprite(image, sprite, (x0, middle - sprite.height / 2))
                        x0 += sprite.width + 5
                    draw.text((x0, middle), text, font=face, fill=theme.INK_MUTED, anchor="lm")

            block.custom(height, paint)

    row(items)
    row(
        [
            *settlement,
            (tr("impassable: mountains"), _barrier_sample(style, "ridge", height)),
            (tr("river"), _barrier_sample(style, "river", height)),
            (tr("river (passable)"), _barrier_sample(style, "stream", height)),
        ]
    )
    del bold, view
    return block


@lru_cache(maxsize=8)
def _barrier_sample(style: MapStyle, kind: str, height: int) -> Image.Image:
    """A short piece of mountain ridge or impassable river, as drawn on the map."""
    from .board import LINE_SCALE, draw_barrier

    width = round(height * 1.9)
    s = LINE_SCALE
    big = Image.new("RGBA", (width * s, height * s), (0, 0, 0, 0))
    path = [(4.0, height * 0.62), (width * 0.5, height * 0.5), (width - 4.0, height * 0.6)]
    draw_barrier(ImageDraw.Draw(big), kind, path, style, s)
    return big.resize((width, height), Image.Resampling.BOX)


# -- cards -----------------------------------------------------------------------------------------


def card(
    image: Image.Image,
    block: Block,
    left: float,
    top: float,
    width: float,
    sizes: Sizes,
    fill: RGB = theme.PANEL_FILL,
) -> int:
    """Draw ``block`` on a rounded card at (left, top); returns the card's height."""
    height = round(block.height + 2 * sizes.pad - 4)
    rounded_panel(image, (left, top, left + width, top + height), fill, theme.PANEL_EDGE, radius=10)
    block.render(image, left + sizes.pad, top + sizes.pad)
    return height
