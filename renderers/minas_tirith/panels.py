"""The text around the map: the header, the turn (action dice, points left, the gate, the decks),
each side's cards and captures, the last action with its dice, and the legend of the pieces.

Each part is a measured :class:`~renderers.common.blocks.Block`, so the picture's height follows
what there is to say. Sizes (pixels at 800 wide) are in :data:`TEXT`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from renderers.common.blocks import Block
from renderers.common.colours import RGB, mix
from renderers.common.fonts import FontKind, font
from renderers.common.shapes import paste_sprite, rounded_panel, supersampled
from renderers.common.text import ellipsize, fit_text, wrap_words

from . import theme
from . import view as v
from .layout import MapLayout
from .pieces import GLYPHS, leader_sprite, unit_sprite
from .theme import EVIL, SIDES
from .words import battalion_kind, face, face_kind, listed, ntr, series, tr

TEXT = {
    "headline": 30,
    "prompt": 19,
    "corner_label": 14,
    "corner": 30,
    "audience": 16,
    "title": 20,
    "text": 17,
    "small": 15,
    "legend": 15,
}
DIE = 34
PAD = 12
HEADER_HEIGHT = 112
ICON = 24  # unit plates in the panels
CARD = (26, 36)  # a reinforcement card


def _face(kind: FontKind, key: str) -> ImageFont.FreeTypeFont:
    """The font of a text ``key`` for the language spoken (the CJK faces in Japanese and Chinese)."""
    return face(kind, TEXT[key])


# -- header --------------------------------------------------------------------------------------


def audience_text(view: Mapping[str, Any]) -> str:
    you = v.side(view.get("audience"))
    if you is None:
        return tr("Final board") if v.result(view) is not None else tr("Public board")
    return tr("{name}'s board", name=v.name(view, you))


def corner_text(view: Mapping[str, Any]) -> tuple[str, str]:
    """("ROUND 3 · TURN", "2/3"): the round and the turn in it."""
    round_no = v.number(view.get("round"), 1)
    turn = v.number(view.get("turn_in_round"), 1)
    return tr("ROUND {round} · TURN", round=round_no), f"{turn}/3"


def draw_header(image: Image.Image, view: Mapping[str, Any], box: tuple[float, float, float, float]) -> None:
    """Headline and prompt on the left; round, turn and audience on the right."""
    left, top, right, _bottom = box
    draw = ImageDraw.Draw(image)
    label, number = corner_text(view)
    label_face = _face("bold", "corner_label")
    number_face = font("serif", TEXT["corner"])
    draw.text((right, top + 4), label, font=label_face, fill=theme.INK_MUTED, anchor="ra")
    draw.text((right, top + 20), number, font=number_face, fill=theme.GOLD, anchor="ra")
    corner = max(number_face.getlength(number), label_face.getlength(label))
    who = audience_text(view)
    chip_face = _face("bold", "audience")
    chip_width = round(chip_face.getlength(who) + 22)
    chip_top = top + 62
    rounded_panel(
        image,
        (right - chip_width, chip_top, right, chip_top + 28),
        theme.PANEL_FILL,
        theme.PANEL_EDGE,
        radius=8,
    )
    draw.text((right - chip_width / 2, chip_top + 14), who, font=chip_face, fill=theme.INK_LIGHT, anchor="mm")
    role = v.current(view)
    colour = theme.SIDE_LIGHT[role] if role else theme.INK_LIGHT
    head_face, headline = fit_text(
        v.headline(view), face_kind("serif"), right - left - corner - 18, TEXT["headline"], min_size=22
    )
    draw.text(
        (left, top + 4),
        headline,
        font=head_face,
        fill=colour if v.result(view) is None else theme.GOLD,
        anchor="la",
    )
    prompt_face = _face("sans", "prompt")
    room = right - left - max(chip_width, corner) - 16
    for index, line in enumerate(wrap_words(v.prompt(view), prompt_face, room, 2)):
        draw.text((left, top + 46 + index * 24), line, font=prompt_face, fill=theme.INK_MUTED, anchor="la")


# -- dice ----------------------------------------------------------------------------------------

PIPS = {
    1: [(0.5, 0.5)],
    2: [(0.27, 0.27), (0.73, 0.73)],
    3: [(0.27, 0.27), (0.5, 0.5), (0.73, 0.73)],
    4: [(0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)],
    5: [(0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)],
    6: [(0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)],
}


@lru_cache(maxsize=128)
def die_sprite(
    value: int, face_colour: RGB, pip: RGB, edge: RGB, size: int = DIE, ring: RGB | None = None
) -> Image.Image:
    """A die face; ``ring`` draws a thick coloured border (a six, a die taken)."""

    def paint(draw: ImageDraw.ImageDraw, s: float) -> None:
        inset = 3 * s if ring else s
        if ring:
            draw.rounded_rectangle(
                (0, 0, size * s - 1, size * s - 1), radius=size * 0.24 * s, fill=(*ring, 255)
            )
        draw.rounded_rectangle(
            (inset, inset, size * s - inset - 1, size * s - inset - 1),
            radius=size * 0.18 * s,
            fill=(*face_colour, 255),
            outline=(*edge, 255),
            width=round(1.4 * s),
        )
        radius = size * 0.085 * s
        for px, py in PIPS.get(value, []):
            cx, cy = px * size * s, py * size * s
            draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), fill=(*pip, 255))

    sprite = supersampled((size, size), paint)
    if value not in PIPS:
        ImageDraw.Draw(sprite).text(
            (size / 2, size / 2), str(value), font=font("bold", size // 2), fill=pip, anchor="mm"
        )
    return sprite


IVORY: RGB = (248, 244, 232)
INK: RGB = (28, 24, 20)
SIX_RING: RGB = theme.GOLD_BRIGHT


def battle_die(value: int, side: str | None, size: int = DIE) -> Image.Image:
    """A battle die: Gondor's ivory, Mordor's black; a six ringed in gold."""
    face_colour, pip = (IVORY, INK) if side != EVIL else ((38, 30, 28), (255, 236, 226))
    edge = (120, 110, 96) if side != EVIL else theme.BATTLE_RED
    return die_sprite(value, face_colour, pip, edge, size, SIX_RING if value == 6 else None)


def action_die(value: int, taken_by: str | None, size: int = DIE) -> Image.Image:
    """An action die: left on the table (plain) or taken (dimmed, ringed in the taker's colour)."""
    if taken_by is None:
        return die_sprite(value, IVORY, INK, (120, 110, 96), size)
    face_colour = mix(IVORY, theme.PANEL_FILL, 0.45)
    pip = mix(INK, theme.PANEL_FILL, 0.3)
    ring = theme.SIDE_LIGHT[taken_by] if taken_by in SIDES else theme.INK_MUTED
    return die_sprite(value, face_colour, pip, (90, 84, 74), size, ring)


def _dice_state(view: Mapping[str, Any]) -> list[tuple[int, str | None]]:
    """Each action die of the turn with who took it (None: still on the table)."""
    dice = v.mapping(view.get("dice"))
    rolled = [v.number(x) for x in v.sequence(dice.get("rolled"))]
    taken = [
        (v.number(t.get("pips")), v.side(t.get("role")))
        for t in v.sequence(dice.get("taken"))
        if isinstance(t, Mapping)
    ]
    out: list[tuple[int, str | None]] = []
    pool = list(taken)
    for value in rolled:
        match = next((t for t in pool if t[0] == value), None)
        if match is not None:
            pool.remove(match)
            out.append((value, match[1]))
        else:
            out.append((value, None))
    if not rolled:  # a view without the roll: the taken dice, then the left ones
        out = [(value, role) for value, role in taken] + [
            (v.number(x), None) for x in v.sequence(dice.get("left"))
        ]
    return out


def _gate_text(view: Mapping[str, Any]) -> str:
    gate = v.mapping(view.get("gate"))
    if gate.get("broken"):
        return tr("Gate: broken")
    blows = v.number(gate.get("blows"))
    if not blows:
        return tr("Gate: standing")
    return ntr("Gate: standing, {count} blow of 3", "Gate: standing, {count} blows of 3", blows)


def _decks_text(view: Mapping[str, Any]) -> str:
    decks = v.mapping(view.get("decks"))
    parts = []
    if "reinforcements" in decks:
        parts.append(tr("reinforcements {count}", count=v.number(decks.get("reinforcements"))))
    if "mt" in decks:
        parts.append(tr("Minas Tirith cards {count}", count=v.number(decks.get("mt"))))
    return tr("Decks: {decks}", decks=" · ".join(parts)) if parts else ""


def turn_block(view: Mapping[str, Any], width: float) -> Block:
    """The action dice, the points left, the gate and the decks."""
    block = Block(width)
    dice = _dice_state(view)
    heads = _face("bold", "small")
    text_face = _face("sans", "text")
    role = v.current(view)
    points = v.number(view.get("points_left"), -1)
    points_text = (
        ntr(
            "{name}: {count} action point left",
            "{name}: {count} action points left",
            points,
            name=v.name(view, role),
        )
        if role and points >= 0 and view.get("phase") == "actions"
        else ""
    )
    dice_label, not_rolled = tr("Action dice"), tr("not rolled yet")

    def row(image: Image.Image, draw: ImageDraw.ImageDraw, left: float, top: float) -> None:
        draw.text((left, top + DIE / 2), dice_label, font=heads, fill=theme.INK_MUTED, anchor="lm")
        x = left + heads.getlength(dice_label) + 12
        for value, taker in dice:
            paste_sprite(image, action_die(value, taker), (x, top))
            if taker:
                tag = v.side_title(taker)[:1]  # "G", "M"
                tag_kind = face_kind("bold")
                draw.text(
                    (x + DIE / 2, top + DIE + 7),
                    tag,
                    font=font(tag_kind, 13),
                    fill=theme.SIDE_LIGHT[taker],
                    anchor="mm",
                )
            x += DIE + 10
        if not dice:
            draw.text((x, top + DIE / 2), not_rolled, font=text_face, fill=theme.INK_FAINT, anchor="lm")
            x += text_face.getlength(not_rolled)
        x += 10
        if not beside:
            return
        for index, line in enumerate(lines):
            y = top + DIE / 2 + (index - (len(lines) - 1) / 2) * 21
            draw.text(
                (x, y),
                line,
                font=text_face,
                fill=theme.GOLD if line is points_text else theme.INK_LIGHT,
                anchor="lm",
            )

    lines = [t for t in (points_text, _gate_text(view)) if t]
    dice_width = heads.getlength(dice_label) + 12 + max(1, len(dice)) * (DIE + 10) + 10
    beside = all(dice_width + text_face.getlength(line) <= width for line in lines)
    block.custom(DIE + 16, row)
    if not beside:
        for line in lines:
            block.line(line, text_face, theme.GOLD if line is points_text else theme.INK_LIGHT)
    decks = _decks_text(view)
    if decks:
        block.line(decks, _face("sans", "small"), theme.INK_MUTED)
    return block


# -- the sides -----------------------------------------------------------------------------------

FIGURE_GLYPH = {"infantry": "infantry", "cavalry": "cavalry", "creature": "trolls"}
SWORD_COLOURS: dict[str, RGB] = {"good": (214, 220, 228), "evil": (30, 28, 26), "none": (140, 132, 118)}


@lru_cache(maxsize=32)
def card_sprite(figure: str, sword: str) -> Image.Image:
    """A reinforcement card: its figure (infantry, cavalry, creature or a star for wild) and its
    sword's colour as the frame (silver Gondor, black Mordor, grey none)."""
    w, h = CARD
    frame = SWORD_COLOURS.get(sword, SWORD_COLOURS["none"])

    def paint(draw: ImageDraw.ImageDraw, s: float) -> None:
        draw.rounded_rectangle(
            (0, 0, w * s - 1, h * s - 1),
            radius=4 * s,
            fill=(*frame, 255),
            outline=(10, 8, 6, 255),
            width=round(s),
        )
        draw.rounded_rectangle(
            (3 * s, 3 * s, (w - 3) * s, (h - 3) * s), radius=3 * s, fill=(236, 226, 200, 255)
        )
        c, r = (w * s / 2, h * s / 2), w * s * 0.34
        ink = (40, 34, 26, 255)
        if figure == "wild":
            import math

            star = [
                (
                    c[0] + (r if i % 2 == 0 else r * 0.45) * math.cos(-math.pi / 2 + i * math.pi / 5),
                    c[1] + (r if i % 2 == 0 else r * 0.45) * math.sin(-math.pi / 2 + i * math.pi / 5),
                )
                for i in range(10)
            ]
            draw.polygon(star, fill=(190, 140, 40, 255))
            return
        glyph = GLYPHS[FIGURE_GLYPH.get(figure, "infantry")]
        glyph(draw, lambda x, y: (c[0] + x * r, c[1] + y * r), r, ink, (236, 226, 200, 255))

    return supersampled((w, h), paint)


def short_card_name(card: Mapping[str, Any]) -> str:
    name = v.card_name(card)
    for cut in (" and ", ", "):
        if cut in name:
            return name.split(cut)[0]
    return name


def captured_pieces(player: Mapping[str, Any]) -> list[tuple[str, int]]:
    table = v.mapping(player.get("captured"))
    units = [(kind, n) for kind, n in v.units_of(table) if kind not in v.LEADERS]
    leaders = [(str(k), v.number(n)) for k, n in table.items() if str(k) in v.LEADERS and v.number(n) > 0]
    return units + leaders


def side_block(view: Mapping[str, Any], role: str, width: float) -> Block:
    """A side's points, captures, reinforcement cards and Minas Tirith cards (all face up)."""
    block = Block(width)
    player = v.player(view, role)
    title_face = face("serif", TEXT["title"])
    text_face = _face("sans", "small")
    heads = _face("bold", "small")
    points = v.number(player.get("points"))
    title = v.name(view, role)
    acting = v.current(view) == role

    def title_row(image: Image.Image, draw: ImageDraw.ImageDraw, left: float, top: float) -> None:
        draw.ellipse(
            (left, top + 5, left + 14, top + 19),
            fill=theme.SIDE_COLOURS[role],
            outline=theme.SIDE_LIGHT[role],
            width=2,
        )
        draw.text(
            (left + 22, top + 12),
            title,
            font=title_face,
            fill=theme.SIDE_LIGHT[role] if acting else theme.INK_LIGHT,
            anchor="lm",
        )
        draw.text(
            (left + width, top + 12),
            ntr("{count} pt", "{count} pts", points),
            font=title_face,
            fill=theme.GOLD,
            anchor="rm",
        )

    block.custom(30, title_row)
    captured = captured_pieces(player)

    def icon_row(label: str, items: Sequence[tuple[str, int]], empty: str) -> None:
        def paint(image: Image.Image, draw: ImageDraw.ImageDraw, left: float, top: float) -> None:
            draw.text((left, top + ICON / 2), label, font=heads, fill=theme.INK_MUTED, anchor="lm")
            x = left + heads.getlength(label) + 8
            if not items:
                draw.text((x, top + ICON / 2), empty, font=text_face, fill=theme.INK_FAINT, anchor="lm")
            for what, n in items:
                if x + ICON + 24 > left + width:
                    break
                sprite = leader_sprite(what, ICON + 2) if what in v.LEADERS else unit_sprite(what, ICON)
                paste_sprite(image, sprite, (x, top))
                x += ICON + 2
                draw.text(
                    (x, top + ICON / 2), str(n), font=font("bold", 16), fill=theme.INK_LIGHT, anchor="lm"
                )
                x += font("bold", 16).getlength(str(n)) + 8

        block.custom(ICON + 6, paint)

    captured_label, cards_label, none_label = tr("Captured"), tr("Cards"), tr("none")
    icon_row(captured_label, captured, tr("nothing yet"))
    hand = [c for c in v.sequence(player.get("hand")) if isinstance(c, Mapping)]

    def cards_row(image: Image.Image, draw: ImageDraw.ImageDraw, left: float, top: float) -> None:
        draw.text((left, top + CARD[1] / 2), cards_label, font=heads, fill=theme.INK_MUTED, anchor="lm")
        x = left + max(heads.getlength(captured_label), heads.getlength(cards_label)) + 8
        if not hand:
            draw.text((x, top + CARD[1] / 2), none_label, font=text_face, fill=theme.INK_FAINT, anchor="lm")
        for card in hand:
            if x + CARD[0] > left + width:
                break
            paste_sprite(
                image,
                card_sprite(str(card.get("figure") or "wild"), str(card.get("sword") or "none")),
                (x, top),
            )
            x += CARD[0] + 4

    block.custom(CARD[1] + 6, cards_row)
    items = []
    for card in v.sequence(player.get("mt_cards")):
        if isinstance(card, Mapping):
            items.append((short_card_name(card), str(card.get("kind") or ""), v.units_of(card.get("holds"))))
    count_face = font("bold", 15)

    def item_width(item: tuple[str, str, list[tuple[str, int]]]) -> float:
        name, _kind, holds = item
        return 18 + text_face.getlength(name) + sum(29 + count_face.getlength(str(n)) for _, n in holds)

    rows: list[list[tuple[str, str, list[tuple[str, int]]]]] = []
    used = width
    for item in items:  # the Minas Tirith cards flow, several to a row
        w = min(item_width(item), width)
        if used + 16 + w > width:
            rows.append([])
            used = -16.0
        rows[-1].append(item)
        used += 16 + w
    for row in rows:

        def mt_row(
            image: Image.Image,
            draw: ImageDraw.ImageDraw,
            left: float,
            top: float,
            row: list[tuple[str, str, list[tuple[str, int]]]] = row,
        ) -> None:
            x = left
            for name, kind, holds in row:
                mark = {"holder": "▣", "lasting": "◆", "event": "✦", "reaction": "↺"}.get(kind, "•")
                draw.text((x, top + 10), mark, font=font("sans", 15), fill=theme.GOLD, anchor="lm")
                x += 18
                room = left + width - x - sum(29 + count_face.getlength(str(n)) for _, n in holds)
                shown = ellipsize(name, text_face, room)
                draw.text((x, top + 10), shown, font=text_face, fill=theme.INK_LIGHT, anchor="lm")
                x += text_face.getlength(shown) + 6
                for what, n in holds:
                    paste_sprite(image, unit_sprite(what, 20), (x, top))
                    x += 21
                    draw.text((x, top + 10), str(n), font=count_face, fill=theme.INK_LIGHT, anchor="lm")
                    x += count_face.getlength(str(n)) + 8
                x += 16

        block.custom(23, mt_row)
    return block


# -- the last action -----------------------------------------------------------------------------


def last_text(view: Mapping[str, Any], layout: MapLayout) -> str:
    last = v.mapping(view.get("last"))
    if not last:
        return ""
    names = layout.names
    kind = str(last.get("kind") or "")
    origin = v.space_name(view, names, last.get("from")) if last.get("from") else ""
    target = v.space_name(view, names, last.get("to")) if last.get("to") else ""
    said = LAST_KINDS.get(kind)
    words = said() if said else kind.replace("_", " ").capitalize()
    if origin and target:
        words = tr("{action}: {start} → {end}", action=words, start=origin, end=target)
    elif target or origin:
        words = tr("{action}: {space}", action=words, space=target or origin)
    losses = v.mapping(last.get("losses"))
    in_order = sorted(
        losses.items(), key=lambda kv: ("good", "evil").index(kv[0]) if kv[0] in ("good", "evil") else 2
    )
    lost = [
        tr("{side} loses {count}", side=v.side_title(r), count=v.number(n))
        for r, n in in_order
        if v.number(n)
    ]  # (Gondor first)
    if "hits" in last:
        hits = v.number(last.get("hits"))
        lost.append(ntr("{count} hit", "{count} hits", hits))
    if lost:
        words += " · " + series(lost)
    retreat = retreat_path(last, layout)
    ends = [b for a, b in retreat if b not in {x for x, _ in retreat}]
    if ends:
        words += " · " + tr(
            "retreat to {spaces}", spaces=listed([v.space_name(view, names, end) for end in ends])
        )
    return words


#: What the last action was, by its kind.
LAST_KINDS = {
    "land": lambda: tr("Attack"),
    "ranged": lambda: tr("Ranged attack"),
    "advance": lambda: tr("Advance"),
    "ride": lambda: tr("Ride in"),
    "leader": lambda: tr("Leader moves"),
}


def retreat_path(last: Mapping[str, Any], layout: MapLayout) -> list[tuple[str, str]]:
    """The retreat steps of the last action as (from, to) pairs. ``retreat`` lists the spaces the
    retreating armies passed, in order (the engine's view: both armies may retreat, each from its
    end of the attack), or {"from", "to"} steps. A space is a step from the army's place it
    borders (the army that moved last first)."""
    raw = v.sequence(last.get("retreat"))
    if raw and all(isinstance(x, Mapping) for x in raw):
        return [(str(x.get("from")), str(x.get("to"))) for x in raw if x.get("from") and x.get("to")]
    armies = [str(last.get(k)) for k in ("from", "to") if str(last.get(k)) in layout.labels]
    steps: list[tuple[str, str]] = []
    for space in (str(x) for x in raw):
        if space not in layout.labels:
            continue
        moving = next((a for a in reversed(armies) if space in layout.neighbours.get(a, ())), None)
        if moving is None:
            continue
        steps.append((moving, space))
        armies.remove(moving)
        armies.append(space)
    return steps


def attacker_of(view: Mapping[str, Any], last: Mapping[str, Any]) -> str | None:
    """Who made the last action: its ``role``, else the side holding where it came from, else
    the side to act."""
    side = v.side(last.get("role") or last.get("by") or last.get("attacker"))
    if side:
        return side
    space = v.mapping(v.spaces(view).get(str(last.get("from"))))
    return v.side(space.get("side")) or v.current(view)


def last_block(view: Mapping[str, Any], layout: MapLayout, width: float) -> Block | None:
    last = v.mapping(view.get("last"))
    text = last_text(view, layout)
    if not text:
        return None
    block = Block(width)
    block.paragraph(text, _face("sans", "text"), theme.INK_LIGHT, max_lines=2)
    dice = v.mapping(last.get("dice"))
    attack = [v.number(x) for x in v.sequence(dice.get("attack"))]
    defence = [v.number(x) for x in v.sequence(dice.get("defence"))]
    if not attack and not defence:
        return block
    attacker = attacker_of(view, last)
    defender = v.other(attacker) if attacker else None
    heads = _face("bold", "small")

    def row(image: Image.Image, draw: ImageDraw.ImageDraw, left: float, top: float) -> None:
        x = left
        for label, values, who in ((tr("Attack"), attack, attacker), (tr("Defence"), defence, defender)):
            if not values:
                continue
            draw.text((x, top + DIE / 2), label, font=heads, fill=theme.INK_MUTED, anchor="lm")
            x += heads.getlength(label) + 8
            for value in values:
                paste_sprite(image, battle_die(value, who), (x, top))
                x += DIE + 6
            x += 16
        sixes = sum(1 for value in attack + defence if value == 6)
        if sixes:
            draw.text(
                (x, top + DIE / 2),
                ntr("{count} six", "{count} sixes", sixes),
                font=heads,
                fill=theme.GOLD_BRIGHT,
                anchor="lm",
            )

    block.custom(DIE + 4, row)
    return block


# -- legend --------------------------------------------------------------------------------------


def legend_block(width: float, *, columns: int) -> Block:
    """Every unit kind's plate with its name."""
    block = Block(width)
    legend_face = face("narrow", TEXT["legend"] + 1)
    kinds = list(v.UNITS)
    step = width / columns
    rows = [kinds[i : i + columns] for i in range(0, len(kinds), columns)]
    for row in rows:

        def paint(
            image: Image.Image, draw: ImageDraw.ImageDraw, left: float, top: float, row: list[str] = row
        ) -> None:
            for index, kind in enumerate(row):
                x = left + index * step
                paste_sprite(image, unit_sprite(kind, 22), (x, top))
                draw.text(
                    (x + 26, top + 11),
                    ellipsize(battalion_kind(kind, v.unit_name(kind, 2)), legend_face, step - 30),
                    font=legend_face,
                    fill=theme.INK_MUTED,
                    anchor="lm",
                )

        block.custom(25, paint)
    return block


def card(
    image: Image.Image, block: Block, left: float, top: float, width: float, fill: RGB = theme.PANEL_FILL
) -> int:
    """Draw ``block`` on a rounded card at (left, top); returns the card's height."""
    height = round(block.height + 2 * PAD - 4)
    rounded_panel(image, (left, top, left + width, top + height), fill, theme.PANEL_EDGE, radius=10)
    block.render(image, left + PAD, top + PAD)
    return height
