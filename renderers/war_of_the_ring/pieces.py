"""What a view puts on the map: unit badges (one per side, a row per Nation: regular · elite ·
leader, Nazgûl for Sauron), the garrison of a besieged stronghold, character markers, the
Ring-bearers, control markers, and the highlights (the last action's regions, the battle)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from PIL import Image, ImageChops, ImageDraw, ImageFilter

from renderers.common.colours import RGB, mix
from renderers.common.fonts import text_font
from renderers.common.shapes import paste_sprite, supersampled

from . import icons, theme
from . import view as v
from .board import erode
from .layout import MapLayout, raster
from .theme import FREE, SHADOW, STYLES, MapStyle
from .words import current, tr

Row = tuple[str, int, int, int]  # nation, regular, elite, leader


def count_text(row: Row) -> str:
    """A Nation's row of a badge: regular · elite · leader (Nazgûl); the Dunlendings' row (only
    Regulars, Twilight of the Third Age) names them: ``Dun 4``."""
    nation, regular, elite, leader = row
    if nation == theme.DUNLENDINGS:
        # i18n: the Dunlendings' row of a badge on the map: "Dun" (a few letters) and their number
        return tr("Dun {count}", count=regular)
    return f"{regular}·{elite}·{leader}"


def badge_sprite(side: str, rows: tuple[Row, ...], style: MapStyle, garrison: bool = False) -> Image.Image:
    """One side's units in a region: a framed card, a row per Nation (its colour on the left,
    then the counts). A garrison (inside a besieged stronghold) is framed in stone with a tower.
    (Only the Dunlendings' row has words: the language spoken, when they are there.)"""
    named = any(row[0] == theme.DUNLENDINGS for row in rows)
    return _badge_sprite(side, rows, style, garrison, current() if named else "en")


@lru_cache(maxsize=512)
def _badge_sprite(
    side: str, rows: tuple[Row, ...], style: MapStyle, garrison: bool, lang: str
) -> Image.Image:
    chip = style.chip
    strip = max(5, round(chip * 0.28))
    tower = round(chip * 0.78) if garrison else 0
    pad = 4
    texts = [count_text(row) for row in rows]
    faces = [text_font("condensed", style.count_size, t, lang) for t in texts]
    text_w = max(round(face.getlength(t)) for face, t in zip(faces, texts, strict=True))
    inner_w = strip + 4 + text_w + 5
    width = inner_w + 2 * 2 + (tower + 3 if tower else 0)
    height = chip * len(rows) + 4
    frame: RGB = (150, 142, 126) if garrison else theme.SIDE_DARK[side]
    full = (width + 2 * pad, height + 2 * pad)

    def paint(draw: ImageDraw.ImageDraw, s: float) -> None:
        x0, y0 = pad * s, pad * s
        x1, y1 = (pad + width) * s, (pad + height) * s
        draw.rounded_rectangle((x0 - s, y0 + s, x1 + s, y1 + 2 * s), radius=5 * s, fill=(0, 0, 0, 85))
        draw.rounded_rectangle((x0, y0, x1, y1), radius=5 * s, fill=(*frame, 255))
        left = x0 + 2 * s + (tower + 3) * s if tower else x0 + 2 * s
        for index, row in enumerate(rows):
            top = y0 + 2 * s + index * chip * s
            colour = theme.NATION_COLOURS.get(row[0], (128, 128, 128))
            light = mix(colour, (255, 255, 255), 0.82)
            box = (left, top, x1 - 2 * s, top + chip * s - (s if index < len(rows) - 1 else 0))
            draw.rounded_rectangle(box, radius=3 * s, fill=(*light, 255))
            draw.rounded_rectangle((left, top, left + strip * s, box[3]), radius=3 * s, fill=(*colour, 255))
            draw.rectangle((left + strip * s * 0.5, top, left + strip * s, box[3]), fill=(*colour, 255))
        if tower:
            _tower(draw, (x0 + 2.5 * s, y0 + 2 * s, x0 + (tower + 1.5) * s, y1 - 2 * s), s)

    sprite = supersampled(full, paint)
    draw = ImageDraw.Draw(sprite)
    left = pad + 2 + (tower + 3 if tower else 0)
    for index, (text, face) in enumerate(zip(texts, faces, strict=True)):
        centre_y = pad + 2 + index * chip + chip / 2
        draw.text(
            (left + strip + 4 + text_w / 2 + 0.5, centre_y + 0.5),
            text,
            font=face,
            fill=(16, 14, 12),
            anchor="mm",
        )
    return sprite


def _tower(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], s: float) -> None:
    left, top, right, bottom = box
    w = right - left
    cx = (left + right) / 2
    h = min(bottom - top, w * 1.5)
    top = (top + bottom) / 2 - h / 2
    bottom = top + h
    step = w / 5
    points = [(left, bottom), (left, top)]
    for i in range(5):
        y = top if i % 2 == 0 else top + h * 0.16
        points += [(left + step * i, y), (left + step * (i + 1), y)]
    points += [(right, top), (right, bottom)]
    draw.polygon(points, fill=(236, 230, 214, 255))
    draw.rounded_rectangle(
        (cx - w * 0.18, bottom - h * 0.36, cx + w * 0.18, bottom), radius=w * 0.15, fill=(60, 52, 42, 255)
    )
    del s


@dataclass
class Stack:
    """What stands in one region, ready to draw."""

    region: str
    outside: dict[str, list[Row]]  # side -> rows
    garrison: dict[str, list[Row]]
    characters: list[str]
    besieged: bool
    control: str | None
    ring: bool
    #: Twilight of the Third Age: siege engines per side, and Ents.
    engines: dict[str, int] = field(default_factory=dict)
    ents: int = 0
    ships: int = 0  # Corsair Ships, drawn at sea off the region (:func:`.ships.draw_ships`)


def stacks(view: Mapping[str, Any], layout: MapLayout) -> dict[str, Stack]:
    """Every region the view shows something in (and the Ring-bearers' region)."""
    found: dict[str, Stack] = {}
    for entry in v.regions(view):
        slug = str(entry["id"])
        if slug not in layout.spots:
            raise ValueError(f"region without a place on the War of the Ring map: {slug}")
        outside: dict[str, list[Row]] = {}
        for row in v.units(entry.get("units")):
            outside.setdefault(v.side_of(row[0]), []).append(row)
        garrison: dict[str, list[Row]] = {}
        for row in v.units(entry.get("garrison")):
            garrison.setdefault(v.side_of(row[0]), []).append(row)
        characters = [str(c) for c in v.sequence(entry.get("characters"))]
        characters += [str(c) for c in v.sequence(entry.get("garrison_characters"))]
        control = entry.get("control")
        found[slug] = Stack(
            slug,
            outside,
            garrison,
            characters,
            bool(entry.get("besieged")),
            str(control) if control in (FREE, SHADOW) else None,
            False,
            {s: v.number(n) for s, n in v.mapping(entry.get("engines")).items() if s in (FREE, SHADOW)},
            v.number(entry.get("ents")),
            v.number(entry.get("ships")),
        )
    where = v.fellowship(view).get("region")
    if isinstance(where, str) and where:
        if where not in layout.spots:
            raise ValueError(f"region without a place on the War of the Ring map: {where}")
        found.setdefault(where, Stack(where, {}, {}, [], False, None, False)).ring = True
    return found


def _sides(stack: Stack) -> list[tuple[str, list[Row], bool]]:
    """The badges of a stack, top down: the army outside, then the garrison."""
    out = [(side, stack.outside[side], False) for side in (FREE, SHADOW) if stack.outside.get(side)]
    out += [(side, stack.garrison[side], True) for side in (FREE, SHADOW) if stack.garrison.get(side)]
    return out


@dataclass
class Planned:
    """A region's sprites laid out around its anchor: (sprite, x, y) of their top-left corners
    relative to the anchor, and their bounding box (relative too)."""

    region: str
    items: list[tuple[Image.Image, float, float]]
    box: tuple[float, float, float, float]
    weight: int = 0  # who keeps its place when stacks overlap (higher stays)
    shift: tuple[float, float] = (0.0, 0.0)


def plan_stack(layout: MapLayout, stack: Stack, *, revealed: bool, battle: bool = False) -> Planned | None:
    """The badges (the army outside and, beside it, a besieged garrison), the characters in a
    row under them and the Ring-bearers on the left, around the region's badge anchor."""
    style = STYLES[layout.name]
    sides = _sides(stack)
    outside = [
        badge_sprite(side, tuple(rows), style, False) for side, rows, garrison in sides if not garrison
    ]
    inside = [badge_sprite(side, tuple(rows), style, True) for side, rows, garrison in sides if garrison]
    items: list[tuple[Image.Image, float, float]] = []
    y = -4.0
    for sprite in outside:
        items.append((sprite, -sprite.width / 2, y))
        y += sprite.height - 7
    if inside:
        if outside:
            # the garrison beside the army: both shifted so that the pair is centred
            total = max(s.width for s in outside) + max(s.width for s in inside) - 6
            shift = total / 2 - max(s.width for s in outside) / 2
            items = [(sprite, x - shift, top) for sprite, x, top in items]
            gx = -total / 2 + max(s.width for s in outside) - 6
            gy = -4.0
            for sprite in inside:
                items.append((sprite, gx, gy))
                gy += sprite.height - 7
            y = max(y, gy)
        else:
            for sprite in inside:
                items.append((sprite, -sprite.width / 2, y))
                y += sprite.height - 7
    markers = [icons.character_sprite(c, style.character) for c in stack.characters]
    if markers:
        step = style.character - 2
        row_w = step * (len(markers) - 1) + style.character
        for index, marker in enumerate(markers):
            items.append((marker, -row_w / 2 + index * step, y + 5))
        y += style.character + 5
    if stack.ring:
        ring = icons.ring_sprite(style.ring, revealed)
        glow = ring_glow(style.ring, revealed)
        if items:
            left = min(x for _s, x, _y in items)
            first = items[0][0]
            ry = -4 + (first.height - 8) / 2 - ring.height / 2 + 4
            rx = left - ring.width + 5
        else:
            rx, ry = -ring.width / 2, 0.0
        items.insert(0, (glow, rx - (glow.width - ring.width) / 2, ry - (glow.height - ring.height) / 2))
        items.append((ring, rx, ry))
    if battle and items:
        mark = icons.battle_sprite(round(style.chip * 1.15))
        # beside the widest piece; a region of characters alone (its army just destroyed):
        # beside their row
        edges = [x + s.width for s, x, _y in items]
        right = max((x + s.width for s, x, _y in items if s.width > style.character), default=max(edges))
        items.append((mark, right - 6, -4 - mark.height * 0.55))
    if not items:
        return None
    box = (
        min(x for _s, x, _y in items) + 3,
        min(y for _s, _x, y in items) + 3,
        max(x + s.width for s, x, _y in items) - 3,
        max(y + s.height for s, _x, y in items) - 3,
    )
    weight = (100 if battle else 0) + (10 if stack.besieged else 0) + len(items)
    return Planned(stack.region, items, box, weight)


def spread(layout: MapLayout, planned: list[Planned], rounds: int = 40) -> None:
    """Move overlapping stacks apart (a few relaxation rounds; mostly vertically, at most a
    few badge heights from their anchors, inside the map)."""
    style = STYLES[layout.name]
    limit = style.chip * 2.6
    width, height = layout.size
    anchors = {p.region: layout.spots[p.region].badge for p in planned}

    def rect(p: Planned) -> tuple[float, float, float, float]:
        ax, ay = anchors[p.region]
        return (
            ax + p.box[0] + p.shift[0],
            ay + p.box[1] + p.shift[1],
            ax + p.box[2] + p.shift[0],
            ay + p.box[3] + p.shift[1],
        )

    def clamp(p: Planned, dx: float, dy: float) -> tuple[float, float]:
        ax, ay = anchors[p.region]
        dx = max(-limit, min(limit, dx))
        dy = max(0.0, min(limit, dy))  # never up: a stack would cover its own region's name
        dx = max(-(ax + p.box[0]), min(width - (ax + p.box[2]), dx))
        dy = max(-(ay + p.box[1]), min(height - (ay + p.box[3]), dy))
        return dx, dy

    for p in planned:
        p.shift = clamp(p, 0.0, 0.0)
    rects = [rect(p) for p in planned]  # kept up to date as stacks move
    count = len(planned)
    for _ in range(rounds):
        moved = False
        for i in range(count):
            a = planned[i]
            for j in range(i + 1, count):
                ra, rb = rects[i], rects[j]
                ox = (ra[2] if ra[2] < rb[2] else rb[2]) - (ra[0] if ra[0] > rb[0] else rb[0]) + 2
                if ox <= 0:
                    continue
                oy = (ra[3] if ra[3] < rb[3] else rb[3]) - (ra[1] if ra[1] > rb[1] else rb[1]) + 2
                if oy <= 0:
                    continue
                b = planned[j]
                moved = True
                # the less important stack moves (a battle's stays put; then the smaller one,
                # then the lower one): down, or sideways away from the other, whichever is less
                rank_a, rank_b = (a.weight, -ra[1]), (b.weight, -rb[1])
                mover, other, rm, ro = (b, a, rb, ra) if rank_a >= rank_b else (a, b, ra, rb)
                side = 1 if (rm[0] + rm[2]) >= (ro[0] + ro[2]) else -1
                down = clamp(mover, mover.shift[0], mover.shift[1] + oy)
                across = clamp(mover, mover.shift[0] + side * ox, mover.shift[1])
                gain_down = down[1] - mover.shift[1]
                gain_across = abs(across[0] - mover.shift[0])
                if gain_down >= oy - 0.5 and (oy <= ox * 1.3 or gain_across < ox - 0.5):
                    mover.shift = down
                elif gain_across >= ox - 0.5:
                    mover.shift = across
                else:
                    mover.shift = down if gain_down >= gain_across else across
                    # the other gives way too
                    other_side = -side
                    other.shift = clamp(other, other.shift[0] + other_side * ox / 2, other.shift[1] + oy / 2)
                rects[i], rects[j] = rect(a), rect(b)
        if not moved:
            break


def draw_planned(image: Image.Image, layout: MapLayout, planned: Planned) -> None:
    x, y = layout.spots[planned.region].badge
    dx, dy = planned.shift
    if abs(dx) + abs(dy) > STYLES[layout.name].chip * 0.6:
        # a thin line back to the region when the stack had to move away from it
        box = (
            x + planned.box[0] + dx,
            y + planned.box[1] + dy,
            x + planned.box[2] + dx,
            y + planned.box[3] + dy,
        )
        tx = min(max(x, box[0]), box[2])
        ty = min(max(y, box[1]), box[3])
        draw = ImageDraw.Draw(image)
        draw.line(((x, y), (tx, ty)), fill=(30, 24, 18), width=3)
        draw.line(((x, y), (tx, ty)), fill=(250, 244, 230), width=1)
        draw.ellipse((x - 3, y - 3, x + 3, y + 3), fill=(30, 24, 18))
    for sprite, sx, sy in planned.items:
        paste_sprite(image, sprite, (x + dx + sx, y + dy + sy))


def draw_marks(image: Image.Image, layout: MapLayout, stack: Stack) -> None:
    """A captured settlement's control marker and a besieged stronghold's siege ring, on its icon."""
    style = STYLES[layout.name]
    spot = layout.spots[stack.region]
    settlement = layout.settlements.get(stack.region)
    if stack.besieged and spot.icon:
        ring = siege_ring(style.icon, _besieger(stack))
        paste_sprite(image, ring, (spot.icon[0] - ring.width / 2, spot.icon[1] - ring.height / 2))
    if stack.control and spot.icon and settlement:
        marker = icons.control_sprite(stack.control, round(style.icon * 0.95))
        ix, iy = spot.icon
        paste_sprite(image, marker, (ix - marker.width * 0.95, iy - marker.height * 0.95))
    ix, iy = spot.icon or spot.badge
    for index, side in enumerate(s for s in (FREE, SHADOW) if stack.engines.get(s)):
        # i18n: a siege engine counter on the map: Trebuchets or Siege Towers, in a few letters
        label = (
            tr("Treb ×{count}", count=stack.engines[side])
            if side == FREE
            else tr("Tower ×{count}", count=stack.engines[side])
        )
        tag = tag_sprite(label, theme.SIDE_COLOURS[side], style)
        paste_sprite(image, tag, (ix - tag.width / 2, iy - style.icon * 0.6 - (index + 1) * (tag.height - 4)))
    if stack.ents:
        tag = tag_sprite(tr("Ents ×{count}", count=stack.ents), ENT_GREEN, style)
        bx, by = spot.badge
        paste_sprite(image, tag, (bx - tag.width / 2, by + style.chip))


ENT_GREEN: RGB = (46, 110, 52)


def tag_sprite(label: str, colour: RGB, style: MapStyle) -> Image.Image:
    """A small named counter (Twilight of the Third Age: siege engines, Ents): white words on
    the piece's colour, framed dark (in the language spoken)."""
    return _tag_sprite(label, colour, style, current())


@lru_cache(maxsize=64)
def _tag_sprite(label: str, colour: RGB, style: MapStyle, lang: str) -> Image.Image:
    face = text_font("condensed", style.count_size, label, lang)
    pad, width = 3, round(face.getlength(label)) + 8
    height = style.chip + 2
    full = (width + 2 * pad, height + 2 * pad)

    def paint(draw: ImageDraw.ImageDraw, s: float) -> None:
        box = (pad * s, pad * s, (pad + width) * s, (pad + height) * s)
        draw.rounded_rectangle(box, radius=4 * s, fill=(20, 16, 12, 255))
        inner = (box[0] + s, box[1] + s, box[2] - s, box[3] - s)
        draw.rounded_rectangle(inner, radius=3 * s, fill=(*colour, 255))

    sprite = supersampled(full, paint)
    ImageDraw.Draw(sprite).text(
        (pad + width / 2, pad + height / 2 + 0.5), label, font=face, fill=(255, 255, 255), anchor="mm"
    )
    return sprite


def _besieger(stack: Stack) -> str:
    for side in (FREE, SHADOW):
        if stack.outside.get(side):
            return side
    return SHADOW


@lru_cache(maxsize=8)
def siege_ring(icon: int, side: str) -> Image.Image:
    """A thick ring of the besieger's colour around a besieged stronghold's icon."""
    size = round(icon * 1.7)

    def paint(draw: ImageDraw.ImageDraw, s: float) -> None:
        w = max(2, round(icon * 0.2 * s))
        draw.ellipse(
            (s, s, (size - 1) * s, (size - 1) * s), outline=(255, 250, 240, 230), width=w + round(2 * s)
        )
        draw.ellipse(
            (2 * s, 2 * s, (size - 2) * s, (size - 2) * s), outline=(*theme.SIDE_COLOURS[side], 255), width=w
        )

    return supersampled((size, size), paint)


@lru_cache(maxsize=8)
def ring_glow(size: int, revealed: bool) -> Image.Image:
    pad = 6
    glow = Image.new("L", (size + 2 * pad, size + 2 * pad), 0)
    ImageDraw.Draw(glow).ellipse((pad, pad, pad + size, pad + size), fill=255)
    glow = glow.filter(ImageFilter.GaussianBlur(4))
    colour = (255, 90, 60) if revealed else (255, 236, 150)
    out = Image.new("RGBA", glow.size, (*colour, 0))
    out.putalpha(glow.point(lambda value: value * 3 // 4))
    return out


# -- highlights ----------------------------------------------------------------------------------


@lru_cache(maxsize=256)
def outline_sprite(
    layout: MapLayout, region: str, colour: RGB, width: int
) -> tuple[Image.Image, tuple[int, int]]:
    """A coloured outline just inside a region's cell, and where it goes."""
    left, top, right, bottom = layout.spots[region].box
    pad = 3
    box = (left - pad, top - pad, right + pad, bottom + pad)
    number = layout.number(region)
    mask = raster(layout).crop(box).point(lambda value: 255 if value == number else 0)
    inner = erode(mask, width)
    ring = ImageChops.subtract(mask, inner).filter(ImageFilter.BoxBlur(0.6))
    sprite = Image.new("RGBA", mask.size, (*colour, 0))
    sprite.putalpha(ring.point(lambda value: value * 235 // 255))
    return sprite, (box[0], box[1])


#: Under a highlight's colour, a dark edge: gold on a pale region stays visible when small.
OUTLINE_EDGE: RGB = (40, 28, 12)


def draw_outline(image: Image.Image, layout: MapLayout, region: str, colour: RGB) -> None:
    width = STYLES[layout.name].outline
    edge, origin = outline_sprite(layout, region, OUTLINE_EDGE, width + 3)
    image.paste(edge, origin, edge)
    sprite, origin = outline_sprite(layout, region, colour, width)
    image.paste(sprite, origin, sprite)


def draw_battle(image: Image.Image, layout: MapLayout, region: str) -> None:
    """The battle mark on the top right of the region's badges."""
    style = STYLES[layout.name]
    sprite = icons.battle_sprite(round(style.chip * 1.15))
    x, y = layout.spots[region].badge
    paste_sprite(
        image,
        sprite,
        (min(image.width - sprite.width, x + style.chip * 1.3), max(0, y - sprite.height * 0.75)),
    )


def region_list(raw: Any) -> Sequence[str]:
    return [str(r) for r in v.sequence(raw)]
