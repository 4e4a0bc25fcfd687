"""Highlights drawn between the board and the pieces: the last move and the battle region."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from renderers.common.colours import RGB
from renderers.common.shapes import Point, arrow_polygon, draw_smooth, scaled

from . import theme
from .layout import BoardLayout, RegionLayout


def _bounds(points: list[Point], pad: float) -> tuple[float, float, float, float]:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad)


def outline_region(image: Image.Image, region: RegionLayout, colour: RGB, width: float = 4) -> None:
    """A glowing outline just inside ``region``'s border."""
    cx, cy = region.centre
    inner = [(cx + (x - cx) * 0.965, cy + (y - cy) * 0.95) for x, y in region.polygon]

    def paint(draw: ImageDraw.ImageDraw, to_patch: Any, s: float) -> None:
        ring = scaled([*inner, inner[0]], to_patch)
        draw.line(ring, fill=(*colour, 110), width=round((width + 4) * s), joint="curve")
        draw.line(ring, fill=(*colour, 255), width=round(width * s), joint="curve")

    draw_smooth(image, _bounds(inner, width + 4), paint)


def move_arrow(image: Image.Image, start: Point, end: Point, colour: RGB) -> None:
    """A translucent arrow from ``start`` to ``end``, shortened so its ends stay inside."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy)
    if length < 1:
        return
    trim = min(30.0, length / 4)
    a = (start[0] + dx / length * trim, start[1] + dy / length * trim)
    b = (end[0] - dx / length * trim, end[1] - dy / length * trim)
    polygon = arrow_polygon(a, b, width=9, head_length=24, head_width=28)

    def paint(draw: ImageDraw.ImageDraw, to_patch: Any, s: float) -> None:
        points = scaled(polygon, to_patch)
        draw.polygon(points, fill=(*colour, 200))
        draw.line([*points, points[0]], fill=(40, 30, 10, 220), width=round(1.5 * s), joint="curve")

    draw_smooth(image, _bounds(polygon, 4), paint)


def draw_highlights(image: Image.Image, layout: BoardLayout, view: Mapping[str, Any]) -> None:
    """The battle region in red; the last move's destination in gold, with an arrow."""
    battle = view.get("battle")
    last = view.get("last_move")
    if last:
        origin, target = last.get("from"), last.get("to")
        if target in layout.regions and (not battle or battle.get("region") != target):
            outline_region(image, layout.regions[target], theme.GOLD_BRIGHT)
        if origin in layout.regions and target in layout.regions and origin != target:
            move_arrow(image, layout.regions[origin].centre, layout.regions[target].centre, theme.GOLD_BRIGHT)
        elif origin in layout.regions and target is None:
            outline_region(image, layout.regions[origin], theme.INK_MUTED, width=3)
    if battle and battle.get("region") in layout.regions:
        outline_region(image, layout.regions[battle["region"]], theme.BATTLE_RED, width=5)


def highlighted_regions(view: Mapping[str, Any], layout: BoardLayout) -> list[str]:
    """Regions whose names the highlights may cover, to be redrawn on top: all of them when
    an arrow crosses the board, else the battle region and the last move's ends."""
    last = view.get("last_move") or {}
    if last.get("from") in layout.regions and last.get("to") in layout.regions:
        return list(layout.regions)
    found = {(view.get("battle") or {}).get("region"), last.get("from"), last.get("to")}
    return [slug for slug in layout.regions if slug in found]
