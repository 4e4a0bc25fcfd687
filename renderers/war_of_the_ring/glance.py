"""The compact picture's glance card: what a player on a phone must read when Discord shows the
1,080 px picture 400 px wide (about 0.37 of its size), in letters big enough for that.

- the battle (where, the round, each side's Army in the regions fought over, counted Regulars,
  Elites and Leaders, and its combat dice of the last round) and the last action in words;
- the victory points, the Fellowship's Progress (and hidden or revealed; on the Mordor Track its
  step), Corruption, and the Hunt (the Shadow's dice in the Hunt Box, tiles in the Pool);
- the Political Track: one square per Nation with its steps from war (``W``: At War), bright
  when Active, dim when Passive.

Everything is read from the view, as the rest of the picture (never a hand or a secret).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from renderers.common.blocks import Block
from renderers.common.colours import mix
from renderers.common.text import ellipsize

from . import theme
from . import view as v
from .layout import MapLayout
from .panels import Sizes, combat_dice_row
from .theme import FREE, NATION_COLOURS, NATIONS, SHADOW
from .words import english, face, layout_region, mark, tr, wrap

#: Font sizes (pixels of the 1,080 px picture): x 0.37 at 400 px gives 10-14 px.
HEAD = 34
VALUE = 36
LABEL = 27
#: The hint under "Politics" (read at 550 px).
HINT = 19
#: A combat die (the last round's, under each side's Army).
DIE = 56
#: A Nation's square on the political row.
SQUARE = 50
#: The victory points each side needs (§17).
GOAL = {FREE: 4, SHADOW: 10}
CORRUPTION_MAX = 12
# i18n: a Nation in two letters (or one or two characters) on the glance card's political row
NATION_LETTERS = {
    "dwarves": mark("Dw"),
    "elves": mark("El"),
    "gondor": mark("Go"),
    "north": mark("No"),
    "rohan": mark("Ro"),
    "isengard": mark("Is"),
    "sauron": mark("Sa"),
    "southrons": mark("SE"),
}


def side_counts(view: Mapping[str, Any], region: str, side: str) -> tuple[int, int, int]:
    """(Regulars, Elites, Leaders or Nazgûl) of ``side`` in ``region``, outside and inside."""
    found = [0, 0, 0]
    for entry in v.regions(view):
        if entry.get("id") != region:
            continue
        for key in ("units", "garrison"):
            for nation, regular, elite, leader in v.units(entry.get(key)):
                if v.side_of(nation) == side:
                    found = [found[0] + regular, found[1] + elite, found[2] + leader]
    return found[0], found[1], found[2]


def army_words(counts: tuple[int, int, int]) -> str:
    """``"4R 1E 2L"`` (``"none"`` for an empty Army)."""
    # i18n: an Army in short: Regulars, Elites and Leaders counted ("4R 1E 2L")
    regular, elite, leader = counts
    words = [
        said
        for n, said in (
            (regular, tr("{count}R", count=regular)),
            (elite, tr("{count}E", count=elite)),
            (leader, tr("{count}L", count=leader)),
        )
        if n
    ]
    # i18n: an Army of no units (the glance card's battle rows)
    return " ".join(words) or tr("none")


def battle_lines(view: Mapping[str, Any], layout: MapLayout) -> list[tuple[str, str, tuple[int, int, int]]]:
    """Each side of the battle (attacker first), its words and its Army where it stands."""
    battle = v.mapping(view.get("battle"))
    region = str(battle.get("region") or "")
    attacker = SHADOW if battle.get("attacker") == SHADOW else FREE
    defender = FREE if attacker == SHADOW else SHADOW
    origin = str(battle.get("from") or region)
    if battle.get("siege") or battle.get("sortie"):
        origin = region
    rows: list[tuple[str, str, tuple[int, int, int]]] = []
    for side, where in ((attacker, origin), (defender, region)):
        name = layout_region(layout.names, where)
        rows.append(
            (
                side,
                tr("{side} in {region}", side=v.side_title(side), region=name),
                side_counts(view, where, side),
            )
        )
    return rows


def glance_block(view: Mapping[str, Any], layout: MapLayout, width: float, sizes: Sizes) -> Block:
    """The glance card's content, ``width`` pixels wide (``sizes``: the compact picture's)."""
    block = Block(width)
    head = face("bold", HEAD)
    value = face("bold", VALUE)
    label = face("sans", LABEL)
    battle = v.mapping(view.get("battle"))
    if battle:
        where = layout_region(layout.names, str(battle.get("region")))
        rounds = v.number(battle.get("round"), 1)
        if battle.get("siege"):
            line = tr("⚔ Siege at {region}, round {round}", region=where, round=rounds)
        else:
            line = tr("⚔ Battle at {region}, round {round}", region=where, round=rounds)
        block.line(line, head, (255, 150, 130))
        rolls = v.mapping(battle.get("rolls"))
        dice_sizes = replace(sizes, die=DIE, small=LABEL)
        for side, text, counts in battle_lines(view, layout):
            _army_row(block, text, counts, side, value, label)
            if side in rolls:
                combat_dice_row(block, side, v.mapping(rolls[side]), width, dice_sizes)
    text = str(v.mapping(view.get("last")).get("text") or "")
    if text:
        last = tr("Last: {action}", action=text)
        if english():
            block.paragraph(last, head, theme.INK_LIGHT, max_lines=1 if battle else 2, leading=1.2)
        else:
            for line in wrap(last, head, width, 1 if battle else 2):
                block.line(line, head, theme.INK_LIGHT, leading=1.2)
    block.space(6)
    block.custom(LABEL * 1.3 + VALUE * 1.25, lambda img, draw, x, y: _tiles(draw, view, x, y, width))
    block.space(8)
    block.custom(SQUARE + 4, lambda img, draw, x, y: _politics(img, draw, view, x, y, width))
    return block


def _army_row(
    block: Block,
    text: str,
    counts: tuple[int, int, int],
    side: str,
    value: ImageFont.FreeTypeFont,
    label: ImageFont.FreeTypeFont,
) -> None:
    """``text`` (the side and its region) in the side's colour, its Army's counts on the right."""
    words = army_words(counts)

    def paint(_image: Image.Image, draw: ImageDraw.ImageDraw, left: float, top: float) -> None:
        middle = top + VALUE * 0.65
        shown = ellipsize(text, label, block.width - value.getlength(words) - 30)
        draw.text((left, middle), shown, font=label, fill=theme.SIDE_LIGHT[side], anchor="lm")
        draw.text((left + block.width, middle), words, font=value, fill=theme.INK_LIGHT, anchor="rm")

    block.custom(VALUE * 1.3, paint)


def _tiles(draw: ImageDraw.ImageDraw, view: Mapping[str, Any], left: float, top: float, width: float) -> None:
    """Four labelled numbers in a row: VP, the Fellowship, Corruption, the Hunt."""
    vp = v.mapping(view.get("vp"))
    fs = v.fellowship(view)
    hunt = v.mapping(view.get("hunt"))
    corruption = v.number(fs.get("corruption"))
    if fs.get("mordor") is not None:
        where = tr("Mordor {step}/5", step=v.number(fs.get("mordor")))
    elif fs.get("revealed"):
        where = tr("{progress} revealed", progress=v.number(fs.get("progress")))
    else:
        where = tr("{progress} hidden", progress=v.number(fs.get("progress")))
    box = v.mapping(hunt.get("box"))
    tiles = [
        (
            tr("VP Free · Shadow"),
            " · ".join(f"{v.number(vp.get(s))}/{GOAL[s]}" for s in (FREE, SHADOW)),
            theme.INK_LIGHT,
        ),
        (tr("Progress"), where, theme.BATTLE_RED if fs.get("revealed") else theme.GOLD_BRIGHT),
        (tr("Corruption"), f"{corruption}/{CORRUPTION_MAX}", _corruption_ink(corruption)),
        (
            tr("Hunt Box · Pool"),
            f"{v.number(box.get('shadow'))} · {v.number(hunt.get('pool'))}",
            theme.INK_LIGHT,
        ),
    ]
    shares = (0.31, 0.25, 0.21, 0.23)
    label, value = face("sans", LABEL), face("bold", VALUE)
    x = left
    for (name, number, ink), share in zip(tiles, shares, strict=True):
        room = width * share - 12
        draw.text((x, top), ellipsize(name, label, room), font=label, fill=theme.INK_MUTED, anchor="la")
        draw.text((x, top + LABEL * 1.3), ellipsize(number, value, room), font=value, fill=ink, anchor="la")
        x += width * share


def _corruption_ink(step: int) -> tuple[int, int, int]:
    return mix((150, 220, 130), theme.BATTLE_RED, min(1.0, step / CORRUPTION_MAX))


def _politics(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: Mapping[str, Any],
    left: float,
    top: float,
    width: float,
) -> None:
    """``Politics`` then a square per Nation: its steps from war (W: At War), bright if Active."""
    politics = v.mapping(view.get("politics"))
    label, hint = face("sans", LABEL), face("sans", HINT)
    politics_word, hint_words = tr("Politics"), tr("dim: passive")
    draw.text((left, top - 2), politics_word, font=label, fill=theme.INK_MUTED, anchor="la")
    draw.text((left, top + SQUARE + 2), hint_words, font=hint, fill=theme.INK_FAINT, anchor="ld")
    start = left + max(label.getlength(politics_word), hint.getlength(hint_words)) + 14
    step_w = (width - (start - left)) / len(NATIONS)
    letters, digit = face("bold", 19), face("bold", 30)
    for index, nation in enumerate(NATIONS):
        entry = v.mapping(politics.get(nation))
        steps = v.number(entry.get("steps"), 3)
        active = bool(entry.get("active"))
        colour = NATION_COLOURS[nation]
        fill = colour if active else mix(theme.PANEL_FILL, colour, 0.35)
        x = start + index * step_w
        right = x + step_w - 8
        draw.rounded_rectangle(
            (x, top, right, top + SQUARE),
            radius=8,
            fill=fill,
            outline=theme.INK_LIGHT if active else colour,
            width=2,
        )
        ink = theme.ink_on(fill)
        draw.text((x + 6, top + 4), tr(NATION_LETTERS[nation]), font=letters, fill=ink, anchor="la")
        draw.text(
            (right - 6, top + SQUARE - 3),
            # i18n: At War, in one letter (or character) on a Nation's square of the glance card
            tr("W") if steps == 0 else str(steps),
            font=digit,
            fill=ink,
            anchor="rd",
        )
