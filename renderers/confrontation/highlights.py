"""Highlights: the last move and the battle region.

- The destination of the last move is outlined in gold, its origin faintly.
- A move to a neighbouring region gets an arrow: centre to centre on the hexagons (full
  layout), a chevron across the shared edge on the tiles (compact layout).
- A longer move (the Black Rider's charge, the Uruk-hai's march, a flight, a special card)
  gets a thin dashed line under the pieces, so it hides no name and no piece.
- No arrow once the moved piece has left its destination (it fell or retreated:
  ``last_move.gone``): the ghosts of the battle tell what happened there.
- The battle region is outlined in red.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from renderers.common.colours import RGB
from renderers.common.shapes import Point, arrow_polygon, draw_smooth, scaled, smooth_sprite

from . import theme
from .board import TILE_RADIUS, tile_box
from .layout import BoardLayout, RegionLayout


def _bounds(points: list[Point], pad: float) -> tuple[float, float, float, float]:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad)


def adjacent(a: RegionLayout, b: RegionLayout) -> bool:
    """Whether two regions touch on the board (forward, back or sideways), from their grid.

    >>> from renderers.confrontation.layout import load_layout
    >>> regions = load_layout().regions
    >>> adjacent(regions["mordor"], regions["gondor"]), adjacent(regions["rohan"], regions["fangorn"])
    (True, True)
    >>> adjacent(regions["mordor"], regions["rohan"]), adjacent(regions["rohan"], regions["mirkwood"])
    (False, False)
    """
    dx, dy = b.grid[0] - a.grid[0], b.grid[1] - a.grid[1]
    return abs(dx) + abs(dy) == 1 or (dx == -dy and abs(dx) == 1)


def outline_region(
    image: Image.Image, region: RegionLayout, colour: RGB, width: float = 4, *, tile: bool = False
) -> None:
    """A glowing outline just inside ``region``'s border (a cached sprite)."""
    sprite, origin = outline_sprite(region, colour, width, tile)
    image.paste(sprite, origin, sprite)


_OUTLINES: dict[tuple[object, ...], tuple[Image.Image, tuple[int, int]]] = {}


def outline_sprite(
    region: RegionLayout, colour: RGB, width: float, tile: bool
) -> tuple[Image.Image, tuple[int, int]]:
    """The outline of :func:`outline_region` as an RGBA sprite and its top-left corner (cached
    by region shape, colour and width)."""
    key = (region.slug, region.polygon, colour, width, tile)
    cached = _OUTLINES.get(key)
    if cached is None:
        cached = _OUTLINES[key] = _outline_sprite(region, colour, width, tile)
    return cached


def _outline_sprite(
    region: RegionLayout, colour: RGB, width: float, tile: bool
) -> tuple[Image.Image, tuple[int, int]]:
    if tile:
        left, top, right, bottom = tile_box(region)
        inset = width / 2 + 1

        def paint_tile(draw: ImageDraw.ImageDraw, to_patch: Any, s: float) -> None:
            a, b = to_patch((left + inset, top + inset)), to_patch((right - inset, bottom - inset))
            box = (a[0], a[1], b[0], b[1])
            radius = (TILE_RADIUS - 1) * s
            draw.rounded_rectangle(box, radius=radius, outline=(*colour, 110), width=round((width + 4) * s))
            draw.rounded_rectangle(box, radius=radius, outline=(*colour, 255), width=round(width * s))

        return smooth_sprite((left, top, right, bottom), paint_tile)
    cx, cy = region.centre
    inner = [(cx + (x - cx) * 0.965, cy + (y - cy) * 0.95) for x, y in region.polygon]

    def paint(draw: ImageDraw.ImageDraw, to_patch: Any, s: float) -> None:
        ring = scaled([*inner, inner[0]], to_patch)
        draw.line(ring, fill=(*colour, 110), width=round((width + 4) * s), joint="curve")
        draw.line(ring, fill=(*colour, 255), width=round(width * s), joint="curve")

    return smooth_sprite(_bounds(inner, width + 4), paint)


def move_arrow(
    image: Image.Image,
    start: Point,
    end: Point,
    colour: RGB,
    *,
    trim: float = 30.0,
    width: float = 9,
    head: tuple[float, float] = (24, 28),
) -> None:
    """A translucent arrow from ``start`` to ``end``, shortened by ``trim`` at both ends."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy)
    if length < 1:
        return
    trim = min(trim, length / 4)
    a = (start[0] + dx / length * trim, start[1] + dy / length * trim)
    b = (end[0] - dx / length * trim, end[1] - dy / length * trim)
    polygon = arrow_polygon(a, b, width=width, head_length=head[0], head_width=head[1])

    def paint(draw: ImageDraw.ImageDraw, to_patch: Any, s: float) -> None:
        points = scaled(polygon, to_patch)
        draw.polygon(points, fill=(*colour, 220))
        draw.line([*points, points[0]], fill=(40, 30, 10, 230), width=round(1.5 * s), joint="curve")

    draw_smooth(image, _bounds(polygon, 4), paint)


def dashed_route(image: Image.Image, start: Point, end: Point, colour: RGB, *, width: float = 4) -> None:
    """A thin dashed line with a small head, for a move across several regions."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy)
    if length < 1:
        return
    ux, uy = dx / length, dy / length
    head_length = 16.0
    dash, gap = 12.0, 8.0

    def paint(draw: ImageDraw.ImageDraw, to_patch: Any, s: float) -> None:
        position = 0.0
        while position < length - head_length:
            stop = min(position + dash, length - head_length)
            a = to_patch((start[0] + ux * position, start[1] + uy * position))
            b = to_patch((start[0] + ux * stop, start[1] + uy * stop))
            draw.line([a, b], fill=(20, 14, 6, 150), width=round((width + 3) * s))
            draw.line([a, b], fill=(*colour, 235), width=round(width * s))
            position = stop + gap
        polygon = arrow_polygon(
            (end[0] - ux * head_length, end[1] - uy * head_length),
            end,
            width=width,
            head_length=head_length,
            head_width=16,
        )
        points = scaled(polygon, to_patch)
        draw.polygon(points, fill=(*colour, 240))
        draw.line([*points, points[0]], fill=(40, 30, 10, 230), width=round(1.2 * s), joint="curve")

    draw_smooth(image, _bounds([start, end], 14), paint)


def _edge_chevron(image: Image.Image, origin: RegionLayout, target: RegionLayout, colour: RGB) -> None:
    """On the tiles: a short arrow across the edge that two neighbouring tiles share."""
    o_left, o_top, o_right, o_bottom = tile_box(origin)
    t_left, t_top, t_right, t_bottom = tile_box(target)
    if o_top == t_top:  # sideways, in one row
        y = (origin.rows["sauron"] + origin.rows["fellowship"]) / 2  # between the two rows of pieces
        if t_left > o_left:
            start, end = (o_right - 16, y), (t_left + 16, y)
        else:
            start, end = (o_left + 16, y), (t_right - 16, y)
    else:
        low, high = max(o_left, t_left) + 26, min(o_right, t_right) - 26
        label_x = target.label[0]
        candidates = [low, (low + high) / 2, high] if high > low else [(o_left + o_right) / 2]
        x = max(candidates, key=lambda c: abs(c - label_x))
        if t_top > o_top:  # downwards, toward the Shire
            start, end = (x, o_bottom - 12), (x, t_top + 14)
        else:
            start, end = (x, o_top + 12), (x, t_bottom - 10)
    move_arrow(image, start, end, colour, trim=0, width=8, head=(15, 24))


def _move_parts(view: Mapping[str, Any], layout: BoardLayout) -> tuple[str | None, str | None, bool]:
    last = view.get("last_move") or {}
    origin, target = last.get("from"), last.get("to")
    origin = origin if origin in layout.regions else None
    target = target if target in layout.regions else None
    return origin, target, bool(last.get("gone"))


def draw_highlights(image: Image.Image, layout: BoardLayout, view: Mapping[str, Any]) -> None:
    """Under the pieces: the battle region in red; the last move's destination in gold, its
    origin faintly, and a long move's dashed route."""
    tile = layout.shape == "tile"
    battle = view.get("battle")
    origin, target, gone = _move_parts(view, layout)
    if target and (not battle or battle.get("region") != target):
        outline_region(image, layout.regions[target], theme.GOLD_BRIGHT, tile=tile)
    if origin and origin != target:
        outline_region(image, layout.regions[origin], theme.INK_MUTED, width=3, tile=tile)
    if origin and target and origin != target and not gone:
        a, b = layout.regions[origin], layout.regions[target]
        if not adjacent(a, b):
            dashed_route(image, a.centre, b.centre, theme.GOLD_BRIGHT, width=4 if tile else 3)
        elif not tile:
            move_arrow(image, a.centre, b.centre, theme.GOLD_BRIGHT)
    if battle and battle.get("region") in layout.regions:
        outline_region(image, layout.regions[battle["region"]], theme.BATTLE_RED, width=5, tile=tile)


def draw_top_highlights(image: Image.Image, layout: BoardLayout, view: Mapping[str, Any]) -> None:
    """Over the pieces (compact layout): the chevron of a move to a neighbouring tile."""
    if layout.shape != "tile":
        return
    origin, target, gone = _move_parts(view, layout)
    if origin and target and origin != target and not gone:
        a, b = layout.regions[origin], layout.regions[target]
        if adjacent(a, b):
            _edge_chevron(image, a, b, theme.GOLD_BRIGHT)


def highlighted_regions(view: Mapping[str, Any], layout: BoardLayout) -> list[str]:
    """Regions whose names the highlights may cover, to be redrawn on top: all of them when a
    line crosses the board, else the battle region and the last move's ends."""
    origin, target, gone = _move_parts(view, layout)
    if origin and target and not gone:
        return list(layout.regions)
    found = {(view.get("battle") or {}).get("region"), origin, target}
    return [slug for slug in layout.regions if slug in found]
