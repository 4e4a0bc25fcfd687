"""The text around the map: header, players, battle with its dice, news, effects, hand, legend.

Each part is a measured :class:`~renderers.common.blocks.Block`, so the picture's height can
follow what there is to say. Sizes (pixels at 800 wide) are in :data:`TEXT`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from renderers.common.blocks import Block, Chip
from renderers.common.colours import RGB, mix
from renderers.common.fonts import FontKind, font
from renderers.common.shapes import paste_sprite, rounded_panel, supersampled
from renderers.common.text import ellipsize, fit_text, wrap_words

from . import theme
from . import view as v
from .layout import MapLayout
from .pieces import mark_sprite, ring_sprite
from .words import face_kind, mark, region_name, tr

TEXT = {
    "headline": 30,
    "prompt": 19,
    "turn_label": 14,
    "turn": 34,
    "audience": 16,
    "player": 19,
    "stats": 19,
    "heads": 14,
    "battle": 22,
    "dice_text": 18,
    "news": 18,
    "log": 17,
    "chips": 17,
    "legend": 15,
}
DIE = 36
DIE_STEP = DIE + 10  # a die and the gap to the next (room for the lost mark)
PAD = 12


def _face(wanted: FontKind, key: str) -> ImageFont.FreeTypeFont:
    return font(face_kind(wanted), TEXT[key])


# -- header --------------------------------------------------------------------------------------


def audience_text(view: Mapping[str, Any]) -> tuple[str, str | None]:
    """("Public board" | "Green only", "do not share" | None)."""
    audience = view.get("audience")
    if audience is None:
        return (tr("Final board") if view.get("result") else tr("Public board")), None
    return tr("{name} only", name=v.name(view, audience)), tr("do not share")


def turn_text(view: Mapping[str, Any]) -> tuple[str, str]:
    turn = v.turn(view)
    phase = str(turn.get("phase") or "")
    if v.in_setup(view) or not turn.get("number"):
        return SETUP, v.phase_title(phase)
    return f"{int(turn['number'])}", v.phase_title(phase)


def prompt_text(view: Mapping[str, Any]) -> str:
    result = view.get("result")
    if isinstance(result, Mapping):
        return str(result.get("text") or result.get("reason") or "")
    return str(view.get("prompt") or "")


def draw_header(image: Image.Image, view: Mapping[str, Any], box: tuple[float, float, float, float]) -> None:
    """Headline and prompt on the left, turn and audience on the right, inside ``box``."""
    left, top, right, _bottom = box
    draw = ImageDraw.Draw(image)
    number, phase = turn_text(view)
    label_face = _face("bold", "turn_label")
    setup = number == SETUP
    number = tr("SET-UP") if setup else number
    number_face = font(face_kind("serif"), 24 if setup else TEXT["turn"])
    label = phase.upper() if setup else " · ".join(part for part in (tr("TURN"), phase.upper()) if part)
    draw.text((right, top + 4), label, font=label_face, fill=theme.INK_MUTED, anchor="ra")
    draw.text((right, top + 20), number, font=number_face, fill=theme.GOLD, anchor="ra")
    corner = max(number_face.getlength(number), label_face.getlength(label))
    who, warning = audience_text(view)
    chip_face = _face("bold", "audience")
    chip_width = round(
        max(chip_face.getlength(who), font(face_kind("bold"), 13).getlength(warning or "")) + 22
    )
    chip_top = top + 62
    fill = mix(theme.PANEL_FILL, theme.BATTLE_RED, 0.35) if warning else theme.PANEL_FILL
    rounded_panel(
        image,
        (right - chip_width, chip_top, right, chip_top + (42 if warning else 28)),
        fill,
        theme.PANEL_EDGE,
        radius=8,
    )
    draw.text((right - chip_width / 2, chip_top + 14), who, font=chip_face, fill=theme.INK_LIGHT, anchor="mm")
    if warning:
        draw.text(
            (right - chip_width / 2, chip_top + 32),
            warning.upper(),
            font=font(face_kind("bold"), 13),
            fill=(255, 190, 170),
            anchor="mm",
        )
    room = right - left - max(chip_width, corner) - 16
    head_face, headline = fit_text(
        v.headline(view), face_kind("serif"), right - left - corner - 18, TEXT["headline"], min_size=22
    )
    draw.text((left, top + 4), headline, font=head_face, fill=theme.INK_LIGHT, anchor="la")
    prompt_face = _face("sans", "prompt")
    for index, line in enumerate(wrap_words(prompt_text(view), prompt_face, room, 2)):
        draw.text((left, top + 46 + index * 24), line, font=prompt_face, fill=theme.INK_MUTED, anchor="la")


HEADER_HEIGHT = 112
#: The turn number's place during the set-up (drawn in words: :func:`draw_header`).
SETUP = "SET-UP"


def _last_kind(kind: str) -> str:
    """What the last move was, in words ("attack", "reinforce", "fortify")."""
    if kind == "attack":
        return tr("attack")
    if kind == "reinforce":
        return tr("reinforce")
    if kind == "fortify":
        return tr("fortify")
    return kind.replace("_", " ")


def _card_place(view: Mapping[str, Any], card: object) -> str:
    """The territory a territory card names (its name in the view), or the card's name."""
    if isinstance(card, Mapping) and card.get("territory"):
        return v.territory_name(view, {}, card["territory"])
    if isinstance(card, Mapping) and str(card.get("id", "")).startswith("card:wild"):
        return tr("wild")
    return v.card_name(card).removeprefix("the card of ")


# -- players -------------------------------------------------------------------------------------

COLUMNS = (
    (mark("terr."), "territories"),
    (mark("batt."), "battalions"),
    (mark("reinf."), "reinforcements"),
    (mark("cards"), "cards"),
    (mark("adv."), "adventure_cards"),
    (mark("score"), "score"),
)


def _stats(view: Mapping[str, Any], entry: Mapping[str, Any]) -> list[str]:
    values = []
    for _head, key in COLUMNS:
        if key in ("adventure_cards", "score") and not v.lotr(view):
            continue
        value = entry.get(key)
        values.append("–" if value is None else (f"+{value}" if key == "reinforcements" else str(value)))
    return values


def _heads(view: Mapping[str, Any]) -> list[str]:
    return [tr(head) for head, key in COLUMNS if v.lotr(view) or key not in ("adventure_cards", "score")]


@lru_cache(maxsize=64)
def _disc(colour: RGB, size: int) -> Image.Image:
    def paint(draw: ImageDraw.ImageDraw, s: float) -> None:
        draw.ellipse(
            (s, s, (size - 1) * s, (size - 1) * s),
            fill=(*colour, 255),
            outline=(240, 232, 214, 255),
            width=round(2 * s),
        )

    return supersampled((size, size), paint)


def _allegiance(entry: Mapping[str, Any]) -> str:
    value = entry.get("allegiance")
    if value == "good":
        return tr("Good")
    if value == "evil":
        return tr("Evil")
    return ""


def players_block(view: Mapping[str, Any], width: float, *, narrow: bool = False) -> Block:
    """One row per player (and the neutral army): colour, name, allegiance, then the numbers."""
    block = Block(width)
    heads = _heads(view)
    # narrow (the full layout's panel): the numbers go on a second line under each name
    stats_left = 30.0 if narrow else width - 62 * len(heads)
    column = (width - stats_left) / len(heads)
    name_room = width if narrow else stats_left
    head_face = _face("bold", "heads")
    over = isinstance(view.get("result"), Mapping)
    turn_role = None if over else v.turn(view).get("role")
    acting = set() if over else set(v.active(view))

    def header(_image: Image.Image, draw: ImageDraw.ImageDraw, left: float, top: float) -> None:
        for index, head in enumerate(heads):
            draw.text(
                (left + stats_left + column * (index + 0.5), top),
                head,
                font=head_face,
                fill=theme.INK_FAINT,
                anchor="ma",
            )

    block.custom(TEXT["heads"] + 6, header)
    name_face, stats_face = font(face_kind("condensed"), TEXT["player"]), _face("bold", "stats")
    row = max(30, TEXT["player"] + 12)
    stats_dy = row - 4 if narrow else 0
    height = row + stats_dy
    for entry in v.players(view):
        role = entry.get("role")
        colour = v.owner_colour(view, role) or theme.NEUTRAL
        out = bool(entry.get("eliminated"))
        ink = theme.INK_FAINT if out else theme.INK_LIGHT
        marker = "▶ " if role == turn_role or role in acting else ""
        tag = _allegiance(entry) if v.lotr(view) else ""
        text = v.label(view, role)
        stats = [tr("out")] + [""] * (len(heads) - 1) if out else _stats(view, entry)
        good = entry.get("allegiance") == "good"

        def paint(
            image: Image.Image,
            draw: ImageDraw.ImageDraw,
            left: float,
            top: float,
            colour: RGB = colour,
            ink: RGB = ink,
            marker: str = marker,
            tag: str = tag,
            text: str = text,
            stats: list[str] = stats,
            out: bool = out,
            good: bool = good,
        ) -> None:
            middle = top + row / 2
            disc = _disc(colour, 22)
            paste_sprite(image, disc, (left, middle - 11))
            x = left + 30
            if marker:
                draw.text(
                    (x, middle), "▶", font=font(face_kind("sans"), 16), fill=theme.GOLD_BRIGHT, anchor="lm"
                )
                x += 20
            tag_width = head_face.getlength(tag.upper()) + 10 if tag else 0
            shown = ellipsize(text, name_face, name_room - (x - left) - tag_width - 8)
            draw.text((x, middle), shown, font=name_face, fill=ink, anchor="lm")
            if out:
                length = name_face.getlength(shown)
                draw.line((x, middle + 1, x + length, middle + 1), fill=theme.INK_FAINT, width=2)
            if tag:
                tag_x = x + name_face.getlength(shown) + 8
                tag_fill = (150, 200, 140) if good else (225, 130, 120)
                draw.text(
                    (tag_x, middle + 1),
                    tag.upper(),
                    font=head_face,
                    fill=tag_fill if not out else theme.INK_FAINT,
                    anchor="lm",
                )
            for index, value in enumerate(stats):
                draw.text(
                    (left + stats_left + column * (index + 0.5), middle + stats_dy),
                    value,
                    font=stats_face,
                    fill=ink,
                    anchor="mm",
                )

        block.custom(height, paint)
    neutral = view.get("neutral")
    if isinstance(neutral, Mapping):
        values = [str(neutral.get("territories", "–")), str(neutral.get("battalions", "–"))]

        def paint_neutral(image: Image.Image, draw: ImageDraw.ImageDraw, left: float, top: float) -> None:
            middle = top + row / 2
            paste_sprite(image, _disc(theme.NEUTRAL, 22), (left, middle - 11))
            draw.text(
                (left + 30, middle), tr("Neutral army"), font=name_face, fill=theme.INK_MUTED, anchor="lm"
            )
            for index, value in enumerate(values):
                draw.text(
                    (left + stats_left + column * (index + 0.5), middle + stats_dy),
                    value,
                    font=stats_face,
                    fill=theme.INK_MUTED,
                    anchor="mm",
                )

        block.custom(height, paint_neutral)
    return block


# -- battle --------------------------------------------------------------------------------------


def _bonus(roll: Mapping[str, Any], key: str) -> int:
    value = roll.get(key)
    return value if isinstance(value, int) else 0


def _pairs(
    attack: Sequence[int], defence: Sequence[int], attack_bonus: int = 0, defence_bonus: int = 0
) -> tuple[list[bool], list[bool]]:
    """Which dice lost their comparison (highest against highest, each side's bonus added to its
    highest die; ties go to the defender)."""
    a_order = sorted(range(len(attack)), key=lambda i: -attack[i])
    d_order = sorted(range(len(defence)), key=lambda i: -defence[i])
    lost_a, lost_d = [False] * len(attack), [False] * len(defence)
    for rank, (ia, id_) in enumerate(zip(a_order, d_order, strict=False)):
        a_value = attack[ia] + (attack_bonus if rank == 0 else 0)
        d_value = defence[id_] + (defence_bonus if rank == 0 else 0)
        if a_value > d_value:
            lost_d[id_] = True
        else:
            lost_a[ia] = True
    return lost_a, lost_d


def roll_marks(
    roll: Mapping[str, Any], attack: Sequence[int], defence: Sequence[int]
) -> tuple[list[bool], list[bool]]:
    """Which attack and defence dice of ``roll`` lost."""
    return _pairs(attack, defence, _bonus(roll, "attack_bonus"), _bonus(roll, "defence_bonus"))


def _lost(roll: Mapping[str, Any], attack: Sequence[int], defence: Sequence[int]) -> tuple[int, int]:
    lost = roll.get("lost")
    if isinstance(lost, Mapping):
        a = lost.get("attack", lost.get("attacker"))
        d = lost.get("defence", lost.get("defender"))
        if isinstance(a, int) and isinstance(d, int):
            return a, d
    marks_a, marks_d = roll_marks(roll, attack, defence)
    return sum(marks_a), sum(marks_d)


PIPS = {
    1: [(0.5, 0.5)],
    2: [(0.27, 0.27), (0.73, 0.73)],
    3: [(0.27, 0.27), (0.5, 0.5), (0.73, 0.73)],
    4: [(0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)],
    5: [(0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)],
    6: [(0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)],
}


LOST_RED = (222, 52, 38)
#: How much a lost die fades into the panel (its pips stay dark on white, light on black).
LOST_DIM = 0.3


@lru_cache(maxsize=64)
def die_sprite(value: int, white: bool, lost: bool, size: int = DIE) -> Image.Image:
    """A die: white (attack) or black (defence). A lost die is dimmed, with a red edge; nothing
    covers its pips (its red corner mark is :func:`lost_mark_sprite`)."""
    face_fill = (248, 245, 236) if white else (30, 28, 26)
    pip = (25, 22, 18) if white else (245, 240, 228)
    edge, edge_width = (120, 110, 96), 1.5
    if lost:
        face_fill, pip = mix(face_fill, theme.PANEL_FILL, LOST_DIM), mix(pip, theme.PANEL_FILL, LOST_DIM)
        edge, edge_width = LOST_RED, 2.5

    def paint(draw: ImageDraw.ImageDraw, s: float) -> None:
        draw.rounded_rectangle(
            (s, s, (size - 1) * s, (size - 1) * s),
            radius=size * 0.18 * s,
            fill=(*face_fill, 255),
            outline=(*edge, 255),
            width=round(edge_width * s),
        )
        radius = size * 0.09 * s
        for px, py in PIPS.get(value, []):
            cx, cy = (1 + px * (size - 2)) * s, (1 + py * (size - 2)) * s
            draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), fill=(*pip, 255))

    sprite = supersampled((size, size), paint)
    if value not in PIPS:  # modified dice may exceed 6: write the number
        ImageDraw.Draw(sprite).text(
            (size / 2, size / 2), str(value), font=font(face_kind("bold"), size // 2), fill=pip, anchor="mm"
        )
    return sprite


@lru_cache(maxsize=4)
def lost_mark_sprite(size: int = DIE) -> Image.Image:
    """The mark of a lost die: a red disc with a white cross, set on the die's top-right corner."""
    diameter = round(size * 0.42)

    def paint(draw: ImageDraw.ImageDraw, s: float) -> None:
        end = diameter * s
        draw.ellipse((0, 0, end, end), fill=(*theme.PANEL_FILL, 255))
        draw.ellipse((s, s, end - s, end - s), fill=(*LOST_RED, 255))
        near, far = end * 0.32, end * 0.68
        for start, stop in (((near, near), (far, far)), ((far, near), (near, far))):
            draw.line((start, stop), fill=(255, 255, 255, 255), width=round(1.6 * s))

    return supersampled((diameter, diameter), paint)


def lost_mark_overhang(size: int = DIE) -> int:
    """How far the lost mark reaches above and right of its die."""
    return lost_mark_sprite(size).width // 2 - 1


def draw_die(image: Image.Image, value: int, white: bool, lost: bool, at: tuple[float, float]) -> None:
    """A die with its top-left corner at ``at``; a lost one dimmed, red-edged and marked."""
    paste_sprite(image, die_sprite(value, white, lost), at)
    if lost:
        mark = lost_mark_sprite()
        reach = lost_mark_overhang()
        paste_sprite(image, mark, (at[0] + DIE + reach - mark.width, at[1] - reach))


def battle_block(view: Mapping[str, Any], layout: MapLayout, width: float) -> Block | None:
    battle = view.get("battle")
    if not isinstance(battle, Mapping):
        return None
    block = Block(width)
    attacker, defender = battle.get("attacker"), battle.get("defender")
    origin = v.territory_name(view, layout.names, battle.get("from"))
    target = v.territory_name(view, layout.names, battle.get("to"))
    title = tr(
        "Battle for {target}: {attacker} attacks from {origin}",
        target=target,
        attacker=v.name(view, attacker),
        origin=origin,
    )
    block.paragraph(
        title, font(face_kind("serif"), TEXT["battle"]), theme.BATTLE_RED, max_lines=2, leading=1.25
    )
    roll = battle.get("last_roll")
    text_face = _face("sans", "dice_text")
    if not isinstance(roll, Mapping):
        defending = tr("neutral army") if defender == "neutral" else v.name(view, defender)
        block.line(
            tr("Defender: {defender} · no dice rolled yet", defender=defending), text_face, theme.INK_MUTED
        )
        return block
    attack = [int(x) for x in roll.get("attack") or []]
    defence = [int(x) for x in roll.get("defence") or []]
    marks_a, marks_d = roll_marks(roll, attack, defence)
    lost_a, lost_d = _lost(roll, attack, defence)
    defending = tr("Neutral") if defender == "neutral" else v.name(view, defender)
    summary = tr(
        "{attacker} loses {lost} · {defender} loses {defender_lost}",
        attacker=v.name(view, attacker),
        lost=lost_a,
        defender=defending,
        defender_lost=lost_d,
    )
    heads = _face("bold", "heads")
    sides = [
        (tr("Attack"), _bonus(roll, "attack_bonus"), attack, marks_a, True),
        (tr("Defence"), _bonus(roll, "defence_bonus"), defence, marks_d, False),
    ]

    def label_width(label: str, bonus: int) -> float:
        return heads.getlength(label + (f" +{bonus}" if bonus else "")) + 8

    side_gap, summary_gap = 14, 12
    widest = sum(label_width(label, bonus) + len(dice) * DIE_STEP for label, bonus, dice, _, _ in sides)
    widest += side_gap + summary_gap

    def dice_row(image: Image.Image, draw: ImageDraw.ImageDraw, left: float, top: float) -> None:
        top += lost_mark_overhang()
        middle = top + DIE / 2
        x = left
        for index, (label, bonus, dice, marks, white) in enumerate(sides):
            x += side_gap if index else 0
            draw.text((x, middle), label, font=heads, fill=theme.INK_MUTED, anchor="lm")
            if bonus:  # a leader, a stronghold or a card adds it to the highest die
                after = x + heads.getlength(label + " ")
                draw.text((after, middle), f"+{bonus}", font=heads, fill=theme.GOLD_BRIGHT, anchor="lm")
            x += label_width(label, bonus)
            for value, lost in zip(dice, marks, strict=True):
                draw_die(image, value, white, lost, (x, top))
                x += DIE_STEP
        x += summary_gap
        if x + text_face.getlength(summary) <= left + width:
            draw.text((x, middle), summary, font=text_face, fill=theme.INK_LIGHT, anchor="lm")

    block.custom(lost_mark_overhang() + DIE + 2, dice_row)
    if widest + text_face.getlength(summary) > width:
        block.line(summary, text_face, theme.INK_LIGHT)
    return block


# -- news, effects, hand, legend ----------------------------------------------------------------


def last_text(view: Mapping[str, Any], layout: MapLayout) -> str:
    last = view.get("last")
    if not isinstance(last, Mapping):
        return ""
    names = layout.names
    kind = str(last.get("kind") or "")
    origin, target = last.get("from"), last.get("to")
    conquered = [v.territory_name(view, names, t) for t in last.get("conquered") or []]
    words = _last_kind(kind)
    if origin and target:
        words += f" {v.territory_name(view, names, origin)} → {v.territory_name(view, names, target)}"
    elif target:
        words += f" {v.territory_name(view, names, target)}"
    if conquered:
        words = tr("{before}; conquered {territories}", before=words, territories=tr(", ").join(conquered))
    return tr("Last: {what}", what=words.strip())


def news_block(view: Mapping[str, Any], layout: MapLayout, width: float, lines: int = 3) -> Block | None:
    block = Block(width)
    text = last_text(view, layout)
    if text:
        block.paragraph(text, _face("sans", "news"), theme.INK_LIGHT, max_lines=2)
    log = [str(line) for line in view.get("log") or []][-lines:]
    for line in log:
        block.paragraph(f"• {line}", _face("sans", "log"), theme.INK_MUTED, max_lines=2)
    for effect in view.get("effects") or []:
        if isinstance(effect, Mapping) and effect.get("text"):
            block.paragraph(f"✦ {effect['text']}", _face("sans", "log"), (236, 200, 120), max_lines=2)
    if v.lotr(view):
        played = []
        for entry in v.players(view):
            cards = [v.card_name(card) for card in entry.get("played") or []]
            if cards:
                played.append(
                    tr("{name}: {parts}", name=v.name(view, entry.get("role")), parts=tr(", ").join(cards))
                )
        if played:
            block.paragraph(
                tr("Played: {cards}", cards=tr("; ").join(played)),
                _face("sans", "log"),
                theme.INK_MUTED,
                max_lines=2,
            )
    for line in revealed_hands(view):
        block.paragraph(line, _face("sans", "log"), theme.INK_LIGHT, max_lines=3)
    return block if block.ops else None


def revealed_hands(view: Mapping[str, Any]) -> list[str]:
    """The final reveal's hands, one line a player ("Alice held: Gollum, Bree; 2 territory cards")."""
    hands = view.get("hands")
    if not isinstance(hands, Mapping):
        return []
    lines = []
    for role, held in hands.items():
        if not isinstance(held, Mapping):
            continue
        cards = [v.card_name(c) for c in [*(held.get("adventure") or []), *(held.get("aside") or [])]]
        territory = [_card_place(view, c) for c in held.get("territory") or []]
        parts = [tr(", ").join(cards)] if cards else []
        if territory:
            parts.append(tr("territory cards {cards}", cards=tr(", ").join(territory)))
        if parts:
            lines.append(tr("{name} held: {cards}", name=v.name(view, role), cards=tr("; ").join(parts)))
    return lines


SYMBOLS = {
    "infantry": mark("infantry"),
    "cavalry": mark("cavalry"),
    "creature": mark("creature"),
    None: mark("wild"),
}


def hand_block(view: Mapping[str, Any], layout: MapLayout, width: float) -> Block | None:
    hand = view.get("hand")
    if not isinstance(hand, Mapping) or view.get("audience") is None:
        return None
    block = Block(width)
    block.line(
        tr("Your hand, {name} — do not share", name=v.name(view, view.get("audience"))),
        _face("bold", "news"),
        (255, 190, 170),
    )
    size = TEXT["chips"]
    cards = []
    for card in hand.get("territory") or []:
        if isinstance(card, Mapping):
            card_id = str(card.get("id", "?"))
            shown = (
                tr("Wild")
                if card_id.startswith("wild")
                else str(card.get("name") or layout.names.get(card_id, card_id))
            )
            symbol = card.get("symbol")
            cards.append(
                Chip(
                    f"{shown} · {tr(SYMBOLS[symbol]) if symbol in SYMBOLS else str(symbol)}"
                    if not card_id.startswith("wild")
                    else tr("Wild card"),
                    (233, 222, 196),
                    (30, 24, 16),
                    kind=face_kind("bold"),
                    size=size,
                )
            )
        else:
            cards.append(
                Chip(
                    layout.names.get(str(card), str(card)),
                    (233, 222, 196),
                    (30, 24, 16),
                    kind=face_kind("bold"),
                    size=size,
                )
            )
    label_face = _face("bold", "heads")
    block.chips(
        tr("Territory"),
        cards,
        label_face=label_face,
        label_fill=theme.INK_MUTED,
        label_width=84,
        empty="none",
        empty_face=_face("sans", "log"),
    )
    if v.lotr(view):
        adventures = [
            Chip(v.card_name(card), (70, 54, 96), (246, 238, 255), kind=face_kind("bold"), size=size)
            for card in hand.get("adventure") or []
        ]
        block.chips(
            tr("Adventure"),
            adventures,
            label_face=label_face,
            label_fill=theme.INK_MUTED,
            label_width=84,
            empty="none",
            empty_face=_face("sans", "log"),
        )
    return block


@dataclass(frozen=True, slots=True)
class LegendItem:
    """One entry of the legend: its symbol (``kind``), its words, and a region's colour and bonus."""

    kind: str
    text: str
    colour: str | None = None
    bonus: int | None = None


MARK_ITEMS = (
    LegendItem("leader", mark("leader")),
    LegendItem("stronghold", mark("stronghold")),
    LegendItem("site", mark("site of power")),
    LegendItem("ring", mark("the Ring")),
    LegendItem("die", mark("die space")),
)
ROUTE_ITEMS = (LegendItem("sea", mark("sea route")), LegendItem("bridge", mark("bridge")))
LEGEND_ROW = 22


def legend_items(view: Mapping[str, Any], layout: MapLayout) -> tuple[list[LegendItem], list[LegendItem]]:
    """The regions with their colour and reinforcement bonus, then the marks (lotr) and routes."""
    bonuses = v.region_bonuses(view)
    regions = [
        LegendItem("swatch", region_name(name), layout.region_colours[region], bonuses.get(region))
        for region, name in layout.region_names.items()
    ]
    marks = [
        LegendItem(i.kind, tr(i.text), i.colour, i.bonus)
        for i in ([*MARK_ITEMS, *ROUTE_ITEMS] if v.lotr(view) else list(ROUTE_ITEMS))
    ]
    return regions, marks


def _draw_symbol(
    image: Image.Image, draw: ImageDraw.ImageDraw, item: LegendItem, x: float, middle: float
) -> None:
    if item.kind == "swatch":
        draw.rounded_rectangle(
            (x, middle - 7, x + 16, middle + 7), radius=3, fill=str(item.colour), outline=(20, 16, 12)
        )
    elif item.kind in ("leader", "stronghold", "site"):
        paste_sprite(image, mark_sprite(item.kind, 15), (x, middle - 8))
    elif item.kind == "ring":
        paste_sprite(image, ring_sprite(18), (x - 1, middle - 9))
    elif item.kind == "die":
        paste_sprite(image, die_sprite(3, True, False, 16), (x, middle - 8))
    elif item.kind == "sea":
        for dash in range(3):
            draw.line((x + dash * 6, middle, x + dash * 6 + 4, middle), fill=theme.SEA_ROUTE, width=2)
    elif item.kind == "bridge":
        draw.line((x, middle, x + 16, middle), fill=theme.RIVER, width=4)
        draw.rectangle((x + 5, middle - 5, x + 11, middle + 5), fill=(214, 190, 140), outline=(60, 42, 22))


def legend_block(view: Mapping[str, Any], layout: MapLayout, width: float) -> Block:
    """Rows of "BONUS" and each region's colour, name and "+bonus"; then the marks (lotr) and
    the routes."""
    block = Block(width)
    face, bonus_face, caption_face = _face("sans", "legend"), _face("bold", "legend"), _face("bold", "heads")
    symbol_room, item_gap = 20, 11

    def bonus_text(item: LegendItem) -> str:
        return f" +{item.bonus}" if item.bonus is not None else ""

    def width_of(item: LegendItem) -> float:
        if item.kind == "caption":
            return caption_face.getlength(item.text) + 8
        return symbol_room + face.getlength(item.text) + bonus_face.getlength(bonus_text(item)) + item_gap

    def paint_row(items: list[LegendItem]) -> None:
        def paint(image: Image.Image, draw: ImageDraw.ImageDraw, left: float, top: float) -> None:
            x, middle = left, top + LEGEND_ROW / 2 - 1
            for item in items:
                if item.kind == "caption":
                    draw.text((x, middle), item.text, font=caption_face, fill=theme.INK_FAINT, anchor="lm")
                else:
                    _draw_symbol(image, draw, item, x, middle)
                    name_end = x + symbol_room + face.getlength(item.text)
                    draw.text(
                        (x + symbol_room, middle), item.text, font=face, fill=theme.INK_MUTED, anchor="lm"
                    )
                    if item.bonus is not None:
                        draw.text(
                            (name_end, middle),
                            bonus_text(item),
                            font=bonus_face,
                            fill=theme.GOLD,
                            anchor="lm",
                        )
                x += width_of(item)

        block.custom(LEGEND_ROW, paint)

    regions, marks = legend_items(view, layout)
    has_bonus = any(item.bonus is not None for item in regions)
    for group in ([LegendItem("caption", tr("BONUS"))] if has_bonus else []) + regions, marks:
        row: list[LegendItem] = []
        used = 0.0
        for item in group:
            if row and used + width_of(item) - item_gap > width:
                paint_row(row)
                row, used = [], 0.0
            row.append(item)
            used += width_of(item)
        if row:
            paint_row(row)
    return block


def card(
    image: Image.Image, block: Block, left: float, top: float, width: float, fill: RGB = theme.PANEL_FILL
) -> int:
    """Draw ``block`` on a rounded card at (left, top); returns the card's height."""
    height = round(block.height + 2 * PAD - 4)
    rounded_panel(image, (left, top, left + width, top + height), fill, theme.PANEL_EDGE, radius=10)
    block.render(image, left + PAD, top + PAD)
    return height
