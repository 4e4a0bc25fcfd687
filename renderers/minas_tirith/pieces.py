"""What a view puts on the map: the units (a plate per kind, with its count), the leaders'
tokens, the gate, the last action's arrows, the spaces in range of a shooter and highlights.

Every unit kind has its own glyph on a plate whose shape says its class (infantry round,
cavalry square, creatures six-sided) and whose colour is the box's (Gondor green and yellow,
Mordor black and red), so that kinds are told apart at a glance even without colour.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageChops, ImageDraw, ImageFilter

from renderers.common.cellmap import Point
from renderers.common.colours import RGB, mix
from renderers.common.fonts import font
from renderers.common.map_layout import raster
from renderers.common.shapes import curved_arrow, paste_sprite, smooth_sprite, supersampled

from . import theme
from . import view as v
from .board import draw_space_name
from .layout import Label, MapLayout
from .theme import STYLES, MapStyle
from .words import face_kind, tr

RGBA = tuple[int, int, int, int]
Glyph = Callable[[ImageDraw.ImageDraw, Callable[[float, float], Point], float, RGBA, RGBA], None]


def _poly(points: Sequence[Point]) -> Callable[[Callable[[float, float], Point]], list[Point]]:
    return lambda at: [at(x, y) for x, y in points]


def _sword(
    draw: ImageDraw.ImageDraw, at: Callable[[float, float], Point], r: float, ink: RGBA, _back: RGBA
) -> None:
    draw.polygon(
        _poly([(-0.11, 0.42), (0.11, 0.42), (0.11, -0.58), (0, -0.85), (-0.11, -0.58)])(at), fill=ink
    )
    draw.polygon(_poly([(-0.45, 0.4), (0.45, 0.4), (0.45, 0.55), (-0.45, 0.55)])(at), fill=ink)
    draw.polygon(_poly([(-0.08, 0.55), (0.08, 0.55), (0.08, 0.78), (-0.08, 0.78)])(at), fill=ink)
    cx, cy = at(0, 0.86)
    draw.ellipse((cx - r * 0.13, cy - r * 0.13, cx + r * 0.13, cy + r * 0.13), fill=ink)


def _bow(
    draw: ImageDraw.ImageDraw, at: Callable[[float, float], Point], r: float, ink: RGBA, _back: RGBA
) -> None:
    arc = [
        at(-0.05 - 0.55 * math.cos(t), 0.8 * math.sin(t))
        for t in (i * math.pi / 16 - math.pi / 2 for i in range(17))
    ]
    draw.line(arc, fill=ink, width=round(r * 0.2), joint="curve")
    draw.line([at(-0.05, -0.8), at(-0.05, 0.8)], fill=ink, width=max(1, round(r * 0.07)))
    draw.line([at(-0.7, 0), at(0.6, 0)], fill=ink, width=round(r * 0.12))
    draw.polygon(_poly([(0.9, 0), (0.5, -0.22), (0.5, 0.22)])(at), fill=ink)


def _horse(
    draw: ImageDraw.ImageDraw, at: Callable[[float, float], Point], r: float, ink: RGBA, back: RGBA
) -> None:
    head = [
        (0.5, 0.85),
        (0.55, 0.15),
        (0.42, -0.42),
        (0.22, -0.88),
        (0.08, -0.55),
        (-0.18, -0.46),
        (-0.72, -0.02),
        (-0.78, 0.22),
        (-0.58, 0.34),
        (-0.25, 0.18),
        (-0.06, 0.4),
        (-0.14, 0.85),
    ]
    draw.polygon(_poly(head)(at), fill=ink)
    ex, ey = at(0.02, -0.22)
    draw.ellipse((ex - r * 0.09, ey - r * 0.09, ex + r * 0.09, ey + r * 0.09), fill=back)


def _horse_archer(
    draw: ImageDraw.ImageDraw, at: Callable[[float, float], Point], r: float, ink: RGBA, back: RGBA
) -> None:
    _horse(draw, lambda x, y: at(x * 0.8 - 0.15, y * 0.8 + 0.12), r * 0.8, ink, back)
    draw.line([at(-0.2, -0.55), at(0.62, -0.88)], fill=ink, width=round(r * 0.11))
    draw.polygon(_poly([(0.9, -0.98), (0.5, -1.0), (0.62, -0.7)])(at), fill=ink)


def _scimitar(
    draw: ImageDraw.ImageDraw, at: Callable[[float, float], Point], r: float, ink: RGBA, _back: RGBA
) -> None:
    blade = [
        (-0.2, 0.4),
        (0.05, 0.4),
        (0.3, 0.05),
        (0.52, -0.45),
        (0.45, -0.9),
        (0.2, -0.45),
        (0.1, -0.5),
        (-0.12, -0.1),
    ]
    draw.polygon(_poly(blade)(at), fill=ink)
    draw.polygon(_poly([(-0.42, 0.38), (0.28, 0.38), (0.28, 0.52), (-0.42, 0.52)])(at), fill=ink)
    draw.polygon(_poly([(-0.16, 0.52), (0.02, 0.52), (-0.02, 0.85), (-0.2, 0.85)])(at), fill=ink)


def _crossbow(
    draw: ImageDraw.ImageDraw, at: Callable[[float, float], Point], r: float, ink: RGBA, _back: RGBA
) -> None:
    draw.polygon(_poly([(-0.11, -0.35), (0.11, -0.35), (0.14, 0.88), (-0.14, 0.88)])(at), fill=ink)
    arc = [
        at(0.82 * math.sin(t), -0.3 - 0.32 * math.cos(t))
        for t in (i * math.pi / 12 - math.pi / 2 for i in range(13))
    ]
    draw.line(arc, fill=ink, width=round(r * 0.18), joint="curve")
    draw.line([at(-0.8, -0.32), at(0, 0.05), at(0.8, -0.32)], fill=ink, width=max(1, round(r * 0.07)))
    draw.polygon(_poly([(0, -0.95), (-0.16, -0.66), (0.16, -0.66)])(at), fill=ink)


def _wolf(
    draw: ImageDraw.ImageDraw, at: Callable[[float, float], Point], r: float, ink: RGBA, back: RGBA
) -> None:
    head = [
        (0.55, 0.8),
        (0.6, 0.05),
        (0.48, -0.45),
        (0.58, -0.95),
        (0.24, -0.6),
        (0.04, -0.62),
        (-0.16, -0.95),
        (-0.22, -0.46),
        (-0.85, 0.02),
        (-0.8, 0.22),
        (-0.42, 0.3),
        (-0.58, 0.42),
        (-0.2, 0.42),
        (-0.08, 0.8),
    ]
    draw.polygon(_poly(head)(at), fill=ink)
    ex, ey = at(-0.08, -0.22)
    draw.polygon(
        [(ex - r * 0.16, ey), (ex + r * 0.06, ey - r * 0.07), (ex + r * 0.03, ey + r * 0.06)], fill=back
    )


def _hood(
    draw: ImageDraw.ImageDraw, at: Callable[[float, float], Point], r: float, ink: RGBA, back: RGBA
) -> None:
    draw.polygon(_poly([(0, -0.92), (0.5, -0.4), (0.66, 0.86), (-0.66, 0.86), (-0.5, -0.4)])(at), fill=ink)
    (x0, y0), (x1, y1) = at(-0.25, -0.42), at(0.25, 0.14)
    draw.ellipse((x0, y0, x1, y1), fill=back)
    for dx in (-0.1, 0.1):
        ex, ey = at(dx, -0.16)
        draw.ellipse((ex - r * 0.05, ey - r * 0.05, ex + r * 0.05, ey + r * 0.05), fill=(255, 70, 50, 255))


def _club(
    draw: ImageDraw.ImageDraw, at: Callable[[float, float], Point], r: float, ink: RGBA, _back: RGBA
) -> None:
    """A troll's club: a thick handle and a spiked head."""
    draw.line([at(-0.6, 0.85), at(0.2, -0.3)], fill=ink, width=round(r * 0.3))
    cx, cy = at(0.3, -0.42)
    draw.ellipse((cx - r * 0.42, cy - r * 0.42, cx + r * 0.42, cy + r * 0.42), fill=ink)
    for angle in (-150, -60, 30, 120):
        t = math.radians(angle)
        tip = (cx + math.cos(t) * r * 0.72, cy + math.sin(t) * r * 0.72)
        base = [(cx + math.cos(t + d) * r * 0.38, cy + math.sin(t + d) * r * 0.38) for d in (-0.45, 0.45)]
        draw.polygon([tip, *base], fill=ink)


def _elephant(
    draw: ImageDraw.ImageDraw, at: Callable[[float, float], Point], r: float, ink: RGBA, back: RGBA
) -> None:
    """A mûmak from the side, a tower on its back."""
    (x0, y0), (x1, y1) = at(-0.78, -0.35), at(0.45, 0.4)
    draw.ellipse((x0, y0, x1, y1), fill=ink)
    hx, hy = at(0.5, -0.12)
    draw.ellipse((hx - r * 0.32, hy - r * 0.32, hx + r * 0.32, hy + r * 0.32), fill=ink)
    draw.line(
        [at(0.72, -0.05), at(0.86, 0.35), at(0.8, 0.72)], fill=ink, width=round(r * 0.17), joint="curve"
    )
    for x in (-0.6, -0.28, 0.05, 0.3):
        draw.polygon(_poly([(x - 0.1, 0.2), (x + 0.1, 0.2), (x + 0.1, 0.85), (x - 0.1, 0.85)])(at), fill=ink)
    draw.polygon(_poly([(-0.45, -0.33), (0.1, -0.33), (0.1, -0.78), (-0.45, -0.78)])(at), fill=ink)
    draw.polygon(_poly([(-0.36, -0.68), (0.01, -0.68), (0.01, -0.45), (-0.36, -0.45)])(at), fill=back)
    draw.line([at(0.6, 0.12), at(0.82, 0.2), at(0.98, 0.05)], fill=(250, 244, 225, 255), width=round(r * 0.1))


GLYPHS: dict[str, Glyph] = {
    "infantry": _sword,
    "archers": _bow,
    "cavalry": _horse,
    "cavalry_archers": _horse_archer,
    "orcs": _scimitar,
    "crossbows": _crossbow,
    "wargs": _wolf,
    "black_riders": _hood,
    "trolls": _club,
    "oliphaunts": _elephant,
}


def _plate(
    draw: ImageDraw.ImageDraw, shape: str, c: float, r: float, fill: RGBA, edge: RGBA, width: int
) -> None:
    if shape == "cavalry":
        draw.rounded_rectangle(
            (c - r, c - r, c + r, c + r), radius=r * 0.28, fill=fill, outline=edge, width=width
        )
    elif shape == "creature":
        points = [
            (c + r * math.cos(math.pi / 6 + i * math.pi / 3), c + r * math.sin(math.pi / 6 + i * math.pi / 3))
            for i in range(6)
        ]
        draw.polygon(points, fill=fill, outline=edge, width=width)
    else:
        draw.ellipse((c - r, c - r, c + r, c + r), fill=fill, outline=edge, width=width)


@lru_cache(maxsize=64)
def unit_sprite(kind: str, size: int) -> Image.Image:
    """A unit kind's plate with its glyph, ``size`` pixels square."""
    colour = theme.BOX_COLOURS.get(v.unit_colour(kind), theme.BOX_COLOURS["green"])
    ink: RGB = (32, 28, 20) if v.unit_colour(kind) == "yellow" else (250, 246, 232)
    edge: RGB = (250, 230, 160) if v.unit_side(kind) == theme.GOOD else (255, 120, 100)
    glyph = GLYPHS.get(kind, _sword)
    shape = v.unit_class(kind)

    def paint(draw: ImageDraw.ImageDraw, s: float) -> None:
        c = size * s / 2
        outer = c - s * 0.5
        _plate(draw, shape, c, outer, (20, 16, 12, 255), (20, 16, 12, 255), 1)
        r = outer - 1.3 * s
        _plate(draw, shape, c, r, (*colour, 255), (*edge, 255), round(1.1 * s))
        inner = r * (0.86 if shape == "cavalry" else 0.8 if shape == "creature" else 0.78)
        glyph(draw, lambda x, y: (c + x * inner, c + y * inner), inner, (*ink, 255), (*colour, 255))

    return supersampled((size, size), paint, scale=4)


@lru_cache(maxsize=32)
def leader_sprite(leader: str, size: int) -> Image.Image:
    """A leader's token: a disc of the leader's colour with his initials."""
    colour = theme.BOX_COLOURS.get(v.leader_colour(leader), theme.BOX_COLOURS["green"])
    ink: RGB = (32, 28, 20) if v.leader_colour(leader) == "yellow" else (255, 250, 238)
    rim: RGB = (255, 226, 120) if v.leader_side(leader) == theme.GOOD else (255, 96, 72)

    def paint(draw: ImageDraw.ImageDraw, s: float) -> None:
        end = size * s - s * 0.5
        draw.ellipse((0, 0, end, end), fill=(20, 16, 12, 255))
        draw.ellipse((1.2 * s, 1.2 * s, end - 1.2 * s, end - 1.2 * s), fill=(*rim, 255))
        draw.ellipse((2.6 * s, 2.6 * s, end - 2.6 * s, end - 2.6 * s), fill=(*colour, 255))

    sprite = supersampled((size, size), paint)
    text = v.initials(leader)
    face = font("condensed" if len(text) > 1 else "bold", max(13, round(size * 0.56)))
    ImageDraw.Draw(sprite).text((size / 2, size / 2 + 0.5), text, font=face, fill=ink, anchor="mm")
    return sprite


def _count(draw: ImageDraw.ImageDraw, at: Point, n: int, size: int) -> float:
    face = font("bold", size)
    text = str(n)
    draw.text(
        at, text, font=face, fill=(20, 16, 12), anchor="lm", stroke_width=2, stroke_fill=(250, 244, 228)
    )
    return face.getlength(text) + 4


def piece_items(space: Mapping[str, Any]) -> list[tuple[str, str, int]]:
    """("unit", kind, count) and ("leader", id, 1) of a space, in drawing order."""
    items = [("unit", kind, n) for kind, n in v.units_of(space.get("units"))]
    items += [("leader", str(leader), 1) for leader in v.sequence(space.get("leaders"))]
    return items


@dataclass(frozen=True, slots=True)
class PieceSizes:
    """The sizes of one space's pieces: the style's, or smaller where a crowded space needs it."""

    icon: int
    leader: int
    count: int

    @staticmethod
    def of(style: MapStyle, factor: float = 1.0) -> PieceSizes:
        # Leaders keep their size: their initials are read at 550 px; counts stay ≥ 15 px (400 px).
        return PieceSizes(round(style.icon * factor), style.leader, max(15, round(style.count_size * factor)))

    def width(self, item: tuple[str, str, int]) -> float:
        if item[0] == "leader":
            return self.leader + 3
        return self.icon + 1 + font("bold", self.count).getlength(str(item[2])) + 5


#: Shrinking steps of the unit icons for a crowded space (0.85: still told apart at 400 px).
CROWDED = (1.0, 0.85)


def _rows(
    items: list[tuple[str, str, int]], sizes: PieceSizes, room: float
) -> list[list[tuple[str, str, int]]]:
    rows: list[list[tuple[str, str, int]]] = [[]]
    used = 0.0
    for item in items:
        w = sizes.width(item)
        if rows[-1] and used + w > room:
            rows.append([])
            used = 0.0
        rows[-1].append(item)
        used += w
    return rows


def arrange(
    items: list[tuple[str, str, int]], label: Label, style: MapStyle
) -> tuple[PieceSizes, list[list[tuple[str, str, int]]]]:
    """Rows of pieces that fit the space: the room under its name (or the space's whole width
    when more rows would spill out of it), at the largest size whose rows fit its height."""
    left, _, right, bottom = label.box
    wide = max(label.room[0], right - left - 12.0)
    height = bottom - label.badge[1] - 4
    best: tuple[PieceSizes, list[list[tuple[str, str, int]]]] | None = None
    for factor in CROWDED:
        sizes = PieceSizes.of(style, factor)
        for room in (max(label.room[0], sizes.icon * 3.0), wide):
            rows = _rows(items, sizes, room)
            best = (sizes, rows)
            if len(rows) * (sizes.icon + 1) <= max(label.room[1], sizes.icon + 1) or (
                room == wide and len(rows) * (sizes.icon + 1) <= height
            ):
                return best
    assert best is not None
    return best


def draw_pieces(image: Image.Image, layout: MapLayout, slug: str, space: Mapping[str, Any]) -> None:
    """A space's units and leaders, in rows centred under its name (smaller where crowded)."""
    label = layout.labels.get(slug)
    items = piece_items(space)
    if label is None or not items:
        return
    sizes, rows = arrange(items, label, STYLES[layout.name])
    draw = ImageDraw.Draw(image)
    y = label.badge[1] + 1
    for row in rows:
        total = sum(sizes.width(item) for item in row) - 3
        x = label.badge[0] - total / 2
        for kind_of, what, n in row:
            if kind_of == "leader":
                paste_sprite(
                    image, leader_sprite(what, sizes.leader), (x, y + (sizes.icon - sizes.leader) / 2)
                )
                x += sizes.leader + 3
                continue
            paste_sprite(image, unit_sprite(what, sizes.icon), (x, y))
            x += sizes.icon + 1
            x += _count(draw, (x, y + sizes.icon / 2), n, sizes.count) + 1
        y += sizes.icon + 1


# -- the gate ------------------------------------------------------------------------------------


def draw_gate(image: Image.Image, layout: MapLayout, gate: Mapping[str, Any]) -> None:
    """The Great Gate on the gate wall: standing (with a notch per blow) or broken."""
    style = STYLES[layout.name]
    gx, gy = layout.gate
    h = 15 * style.scale
    broken = bool(gate.get("broken"))
    blows = v.number(gate.get("blows"))

    def paint(draw: ImageDraw.ImageDraw, to: Callable[[Point], Point], s: float) -> None:
        door = [
            (gx - h * 0.45, gy + h),
            (gx - h * 0.45, gy - h * 0.55),
            (gx, gy - h),
            (gx + h * 0.45, gy - h * 0.55),
            (gx + h * 0.45, gy + h),
        ]
        draw.polygon([to(p) for p in door], fill=(20, 16, 12, 255))
        if broken:
            for sign in (-1, 1):
                shard = [
                    (gx + sign * h * 0.4, gy + h * 0.9),
                    (gx + sign * h * 0.1, gy - h * 0.3),
                    (gx + sign * h * 0.38, gy - h * 0.5),
                ]
                draw.polygon([to(p) for p in shard], fill=(110, 80, 50, 255))
            draw.line(
                [to((gx - h * 0.5, gy - h * 0.5)), to((gx + h * 0.5, gy + h * 0.6))],
                fill=(*theme.BATTLE_RED, 255),
                width=round(2.2 * s),
            )
            draw.line(
                [to((gx + h * 0.5, gy - h * 0.5)), to((gx - h * 0.5, gy + h * 0.6))],
                fill=(*theme.BATTLE_RED, 255),
                width=round(2.2 * s),
            )
            return
        inner = [
            (gx - h * 0.3, gy + h * 0.9),
            (gx - h * 0.3, gy - h * 0.45),
            (gx, gy - h * 0.8),
            (gx + h * 0.3, gy - h * 0.45),
            (gx + h * 0.3, gy + h * 0.9),
        ]
        draw.polygon([to(p) for p in inner], fill=(96, 72, 46, 255))
        draw.line(
            [to((gx, gy - h * 0.8)), to((gx, gy + h * 0.9))], fill=(20, 16, 12, 255), width=round(1.2 * s)
        )
        for i in range(3):  # the three blows that break it: struck ones red, the rest hollow
            cx, cy, r = gx + h * 0.95, gy + (i - 1) * h * 0.62, h * 0.24
            fill = (*theme.BATTLE_RED, 255) if i < blows else (250, 244, 228, 200)
            draw.ellipse(
                [to((cx - r, cy - r)), to((cx + r, cy + r))],
                fill=fill,
                outline=(20, 16, 12, 255),
                width=round(1.2 * s),
            )

    sprite, origin = smooth_sprite((gx - h * 1.2, gy - h * 1.2, gx + h * 1.3, gy + h * 1.2), paint)
    paste_sprite(image, sprite, origin)


# -- highlights ----------------------------------------------------------------------------------


def _cell_mask(layout: MapLayout, slug: str, pad: int) -> tuple[Image.Image, tuple[int, int]]:
    left, top, right, bottom = layout.labels[slug].box
    box = (left - pad, top - pad, right + pad, bottom + pad)
    number = layout.number(slug)
    return raster(layout).crop(box).point(lambda value: 255 if value == number else 0), (box[0], box[1])


@lru_cache(maxsize=128)
def outline_sprite(
    layout: MapLayout, slug: str, colour: RGB, width: int
) -> tuple[Image.Image, tuple[int, int]]:
    """A coloured outline of a space's cell, and where it goes."""
    mask, origin = _cell_mask(layout, slug, width + 2)
    outer = mask.filter(ImageFilter.MaxFilter(2 * (width // 2) + 1))
    inner = mask.filter(ImageFilter.MinFilter(2 * (width - width // 2) + 1))
    sprite = Image.new("RGBA", mask.size, (*colour, 0))
    sprite.putalpha(ImageChops.subtract(outer, inner).filter(ImageFilter.BoxBlur(0.5)))
    return sprite, origin


def draw_outline(image: Image.Image, layout: MapLayout, slug: str, colour: RGB, width: int) -> None:
    if slug in layout.labels:
        sprite, origin = outline_sprite(layout, slug, colour, width)
        image.alpha_composite(sprite, origin)


def draw_range(image: Image.Image, layout: MapLayout, spaces: Sequence[str]) -> None:
    """Tint the spaces within range of a shooter (hatched, so the side's fill still shows)."""
    for slug in spaces:
        if slug not in layout.labels:
            continue
        mask, origin = _cell_mask(layout, slug, 0)
        hatch = Image.new("L", mask.size, 0)
        draw = ImageDraw.Draw(hatch)
        step = round(9 * layout.scale)
        for x in range(-mask.height, mask.width, step):
            draw.line(
                (x + origin[0] % step, mask.height, x + origin[0] % step + mask.height, 0),
                fill=150,
                width=max(2, round(2.5 * layout.scale)),
            )
        layer = Image.new("RGBA", mask.size, (*theme.RANGE_TINT, 0))
        layer.putalpha(ImageChops.multiply(hatch, mask))
        image.alpha_composite(layer, origin)
        draw_space_name(ImageDraw.Draw(image), layout, slug)  # the name stays on top of the hatching


def anchor(layout: MapLayout, slug: str) -> Point:
    """Where arrows start and end in a space: the middle of its pieces' row."""
    label = layout.labels[slug]
    style = STYLES[layout.name]
    return (label.badge[0], label.badge[1] + style.icon / 2)


def draw_arrow(image: Image.Image, layout: MapLayout, start: str, end: str, colour: RGB) -> None:
    if start in layout.labels and end in layout.labels and start != end:
        curved_arrow(
            image, anchor(layout, start), anchor(layout, end), colour, STYLES[layout.name].icon * 1.3
        )


def draw_dashed_arrow(image: Image.Image, layout: MapLayout, start: str, end: str, colour: RGB) -> None:
    """A retreat: a dashed straight arrow from ``start`` to ``end``."""
    if start not in layout.labels or end not in layout.labels or start == end:
        return
    a, b = anchor(layout, start), anchor(layout, end)
    style = STYLES[layout.name]
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    gap = style.icon * 0.8
    a = (a[0] + ux * gap, a[1] + uy * gap + style.icon * 0.6)
    b = (b[0] - ux * gap, b[1] - uy * gap + style.icon * 0.6)
    width = max(3.0, style.icon / 6)
    head = style.icon * 0.6

    def paint(draw: ImageDraw.ImageDraw, to: Callable[[Point], Point], s: float) -> None:
        total = math.dist(a, b) - head * 0.8
        dash, space = 9 * layout.scale, 6 * layout.scale
        t = 0.0
        while t < total:
            p = (a[0] + ux * t, a[1] + uy * t)
            q = (a[0] + ux * min(t + dash, total), a[1] + uy * min(t + dash, total))
            draw.line([to(p), to(q)], fill=(30, 20, 10, 230), width=round((width + 3) * s))
            draw.line([to(p), to(q)], fill=(*colour, 255), width=round(width * s))
            t += dash + space
        left = (b[0] - ux * head - uy * head * 0.55, b[1] - uy * head + ux * head * 0.55)
        right = (b[0] - ux * head + uy * head * 0.55, b[1] - uy * head - ux * head * 0.55)
        draw.polygon(
            [to(b), to(left), to(right)], fill=(*colour, 255), outline=(30, 20, 10, 230), width=round(1.5 * s)
        )

    xs, ys = (a[0], b[0]), (a[1], b[1])
    sprite, origin = smooth_sprite((min(xs) - head, min(ys) - head, max(xs) + head, max(ys) + head), paint)
    image.alpha_composite(sprite, origin) if origin[0] >= 0 and origin[1] >= 0 else paste_sprite(
        image, sprite, origin
    )


def mix_towards(colour: RGB, t: float) -> RGB:
    return mix(colour, (255, 255, 255), t)


def draw_battle_dice(image: Image.Image, layout: MapLayout, view: Mapping[str, Any]) -> None:
    """The last battle's dice on the map, in the land beyond the board to the north (never a
    space's name or pieces): the attacker's, then the defender's (Gondor's ivory, Mordor's
    black), every six ringed in gold."""
    from .panels import attacker_of, battle_die

    last = v.mapping(view.get("last"))
    dice = v.mapping(last.get("dice"))
    attack = [v.number(x) for x in v.sequence(dice.get("attack"))]
    defence = [v.number(x) for x in v.sequence(dice.get("defence"))]
    if not (attack or defence) or not {"rammas_north", "cair_andros_road"} <= set(layout.labels):
        return
    attacker = attacker_of(view, last)
    defender = v.other(attacker) if attacker else None
    size = round(20 * layout.scale)
    gap = 4
    face = font(face_kind("bold"), round(14 * layout.scale))
    title = tr("Last battle")
    strip = [(value, attacker) for value in attack] + [(value, defender) for value in defence]
    width = face.getlength(title) + 12 + len(strip) * (size + gap) + (10 if attack and defence else 0) + 8
    height = size + 8
    left = layout.labels["rammas_north"].box[0]
    right = layout.labels["cair_andros_road"].box[2]
    strip_top = max(1.0, layout.labels["anorien_road"].box[1] / 2 - height / 2)
    x0 = (left + right) / 2 - width / 2
    backing = Image.new("RGBA", (round(width) + 1, round(height) + 1), (0, 0, 0, 0))
    ImageDraw.Draw(backing).rounded_rectangle(
        (0, 0, width, height), radius=6, fill=(24, 20, 16, 225), outline=(*theme.BATTLE_RED, 255), width=2
    )
    image.alpha_composite(backing, (round(x0), round(strip_top)))
    draw = ImageDraw.Draw(image)
    draw.text((x0 + 8, strip_top + height / 2), title, font=face, fill=theme.INK_LIGHT, anchor="lm")
    x = x0 + 8 + face.getlength(title) + 8
    for index, (value, who) in enumerate(strip):
        if index == len(attack) and attack:
            x += 10
        paste_sprite(image, battle_die(value, who, size), (x, strip_top + 4))
        x += size + gap
