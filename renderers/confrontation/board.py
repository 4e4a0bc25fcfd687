"""The static layer: the board without pieces, drawn once per process and cached.

Regions with their terrain colours, names, capacities and mountain peaks, the Anduin and the
Tunnel of Moria, the title and the legends. Each render copies this image and draws only
what changes (pieces, highlights, panels) on top.
"""

from __future__ import annotations

import itertools
import logging
import math
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageChops, ImageDraw, ImageFilter

from renderers.common.colours import RGB, mix, rgb
from renderers.common.fonts import font
from renderers.common.shapes import supersampled

from . import theme
from .layout import LAYOUT_PATH, BoardLayout, Point, RegionLayout, load_layout
from .tokens import hidden_token, revealed_eye

log = logging.getLogger(__name__)

SCALE = 3  # the board's shapes are drawn at 3x and shrunk: smooth edges


def _scaled(points: tuple[Point, ...] | list[Point], scale: float) -> list[Point]:
    return [(x * scale, y * scale) for x, y in points]


def _peaks(draw: ImageDraw.ImageDraw, region: RegionLayout, scale: float) -> None:
    """Faint mountain peaks in the background of a mountain region."""
    fill = rgb(region.fill)
    dark, snow = mix(fill, (40, 38, 36), 0.22), mix(fill, (255, 255, 255), 0.45)
    cx, cy = region.centre
    for dx, dy, size in ((-58, 34, 26), (-22, 30, 34), (22, 34, 28), (58, 30, 24), (0, -14, 22)):
        base_y, peak_x = cy + dy + 14, cx + dx
        peak = (peak_x, cy + dy + 14 - size)
        draw.polygon(
            _scaled([(peak_x - size * 0.8, base_y), peak, (peak_x + size * 0.8, base_y)], scale), fill=dark
        )
        cap = [
            (peak_x - size * 0.27, peak[1] + size * 0.34),
            peak,
            (peak_x + size * 0.27, peak[1] + size * 0.34),
        ]
        draw.polygon(_scaled(cap, scale), fill=snow)


def _trees(draw: ImageDraw.ImageDraw, region: RegionLayout, scale: float) -> None:
    """Faint conifers in a forest region (Mirkwood, Fangorn)."""
    fill = rgb(region.fill)
    shade, light = mix(fill, (8, 18, 8), 0.3), mix(fill, (200, 230, 170), 0.12)
    cx, cy = region.centre
    spots = ((-70, 30), (-48, 36), (-26, 28), (30, 30), (52, 36), (74, 28), (-60, -8), (62, -8), (0, 38))
    for index, (dx, dy) in enumerate(spots):
        x, base, size = cx + dx, cy + dy + 10, 15 + (index % 3) * 3
        for tier in range(3):
            top = base - size * (1.0 + 0.55 * tier) * 0.85
            half = size * (0.55 - 0.12 * tier)
            bottom = base - size * 0.5 * tier * 0.85
            colour = light if tier == 2 else shade
            draw.polygon(_scaled([(x - half, bottom), (x, top), (x + half, bottom)], scale), fill=colour)


def _box(x: float, y: float, r: float, scale: float) -> tuple[float, float, float, float]:
    return ((x - r) * scale, (y - r) * scale, (x + r) * scale, (y + r) * scale)


def _shapes(layout: BoardLayout) -> Image.Image:
    """Regions, borders and routes, anti-aliased (no text)."""
    width, height = layout.size
    border = rgb(layout.border)

    def paint(draw: ImageDraw.ImageDraw, s: float) -> None:
        for region in layout.regions.values():
            draw.polygon(_scaled(region.polygon, s), fill=rgb(region.fill))
            if region.mountain:
                _peaks(draw, region, s)
            elif region.slug in ("mirkwood", "fangorn"):
                _trees(draw, region, s)
        for region in layout.regions.values():
            ring = _scaled((*region.polygon, region.polygon[0]), s)
            draw.line(ring, fill=border, width=round(3 * s), joint="curve")
        _river(draw, layout, s)
        _tunnel(draw, layout, s)

    return supersampled((width, height), paint, scale=SCALE)


def _river(draw: ImageDraw.ImageDraw, layout: BoardLayout, s: float) -> None:
    river = layout.river
    colour, light = rgb(river.colour), mix(rgb(river.colour), (255, 255, 255), 0.45)
    (x0, y0), (x1, _) = river.path[0], river.path[-1]
    wave = [(x, y0 + 2.6 * math.sin((x - x0) / 11)) for x in _frange(x0, x1, 3)]
    draw.line(_scaled(wave, s), fill=colour, width=round(6 * s), joint="curve")
    draw.line(_scaled(wave, s), fill=light, width=round(1.5 * s), joint="curve")
    for cx, cy in (*river.chevrons, (x1 + 4, y0 + 2.6 * math.sin((x1 - x0) / 11))):
        head = [(cx - 7, cy - 8), (cx + 6, cy), (cx - 7, cy + 8)]
        draw.polygon(_scaled(head, s), fill=colour, outline=light, width=max(1, round(s)))


def _tunnel(draw: ImageDraw.ImageDraw, layout: BoardLayout, s: float) -> None:
    tunnel = layout.tunnel
    colour = rgb(tunnel.colour)
    points = _bezier(tunnel.path, 40)
    for i in range(0, len(points) - 2, 4):  # dashes
        draw.line(_scaled(points[i : i + 3], s), fill=colour, width=round(4 * s), joint="curve")
    (ax, ay), (bx, by) = points[-3], points[-1]
    angle = math.atan2(by - ay, bx - ax)
    head = [
        (bx + 6 * math.cos(angle), by + 6 * math.sin(angle)),
        (bx + 9 * math.cos(angle + 2.4), by + 9 * math.sin(angle + 2.4)),
        (bx + 9 * math.cos(angle - 2.4), by + 9 * math.sin(angle - 2.4)),
    ]
    draw.polygon(_scaled(head, s), fill=colour)


def _frange(start: float, stop: float, step: float) -> list[float]:
    count = max(1, int((stop - start) / step))
    return [start + (stop - start) * i / count for i in range(count + 1)]


def _bezier(control: tuple[Point, ...], steps: int) -> list[Point]:
    """Points along the Bézier curve with these control points."""
    points: list[Point] = []
    for i in range(steps + 1):
        t = i / steps
        layer = list(control)
        while len(layer) > 1:
            layer = [
                (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t) for a, b in itertools.pairwise(layer)
            ]
        points.append(layer[0])
    return points


def _backdrop(layout: BoardLayout) -> Image.Image:
    """The table: a dark background with a soft light in the middle and the board's shadow."""
    width, height = layout.size
    base = rgb(layout.background)
    glow = (
        Image.radial_gradient("L")
        .resize((width * 2, height * 2))
        .crop((width // 2, height // 2, width // 2 + width, height // 2 + height))
    )
    lighter = Image.new("RGB", (width, height), mix(base, (70, 62, 48), 0.5))
    image = Image.composite(Image.new("RGB", (width, height), base), lighter, glow)
    shadow = Image.new("L", (width, height), 0)
    shadow_draw = ImageDraw.Draw(shadow)
    for region in layout.regions.values():
        shadow_draw.polygon([(x + 3, y + 7) for x, y in region.polygon], fill=190)
    shadow = shadow.filter(ImageFilter.GaussianBlur(7))
    image.paste(Image.new("RGB", (width, height), (5, 4, 3)), (0, 0), shadow)
    return image


def draw_label(draw: ImageDraw.ImageDraw, region: RegionLayout) -> None:
    """A region's name (also redrawn over a highlight arrow that crosses it)."""
    x, y = region.label
    draw.text((x, y), region.name, font=font("serif", 15), fill=rgb(region.ink), anchor="mm")


def _bevel(image: Image.Image, layout: BoardLayout) -> None:
    """Soft shading along the inside of every region's border, so the tiles read as raised."""
    size = layout.size
    inside = Image.new("L", size, 0)
    edges = Image.new("L", size, 0)
    inside_draw, edges_draw = ImageDraw.Draw(inside), ImageDraw.Draw(edges)
    for region in layout.regions.values():
        inside_draw.polygon(list(region.polygon), fill=255)
        edges_draw.line([*region.polygon, region.polygon[0]], fill=255, width=8, joint="curve")
    shade = edges.filter(ImageFilter.GaussianBlur(4))
    shade = ImageChops.multiply(shade, inside).point(lambda v: v * 45 // 100)
    image.paste(Image.new("RGB", size, (12, 8, 4)), (0, 0), shade)


def _labels(image: Image.Image, layout: BoardLayout) -> None:
    draw = ImageDraw.Draw(image)
    badge_font = font("bold", 11)
    for region in layout.regions.values():
        draw_label(draw, region)
        bx, by = region.capacity_badge
        draw.ellipse((bx - 8, by - 8, bx + 8, by + 8), fill=(30, 26, 21), outline=(150, 135, 100))
        draw.text((bx, by + 0.5), str(region.capacity), font=badge_font, fill=(240, 228, 200), anchor="mm")


def _title(image: Image.Image, layout: BoardLayout) -> None:
    draw = ImageDraw.Draw(image)
    left, top, right, _ = layout.areas["title"]
    draw.text((left, top + 2), "The Lord of the Rings", font=font("italic", 12), fill=theme.INK_MUTED)
    draw.text((left, top + 20), "The", font=font("serif", 19), fill=theme.GOLD)
    draw.text((left, top + 42), "Confrontation", font=font("serif", 19), fill=theme.GOLD)
    draw.line(
        (left, top + 72, right - 8, top + 72), fill=mix(theme.GOLD, rgb(layout.background), 0.55), width=1
    )


def _legend(image: Image.Image, layout: BoardLayout) -> None:
    draw = ImageDraw.Draw(image)
    left, top, _, _ = layout.areas["legend"]
    small, y = font("sans", 12), top + 86
    entries: list[tuple[Image.Image, str]] = [
        (hidden_token("fellowship", theme.TOKEN_HEIGHT, theme.HIDDEN_TOKEN_WIDTH), "Fellowship piece"),
        (hidden_token("sauron", theme.TOKEN_HEIGHT, theme.HIDDEN_TOKEN_WIDTH), "Sauron piece"),
    ]
    draw.text((left, y - 20), "Legend", font=font("serif", 14), fill=theme.GOLD)
    for sprite, text in entries:
        image.paste(sprite, (round(left) - 2, round(y) - 4), sprite)
        draw.text(
            (left + 40, y + theme.TOKEN_HEIGHT / 2 - 4), text, font=small, fill=theme.INK_LIGHT, anchor="lm"
        )
        y += 34
    eye = revealed_eye(18)
    image.paste(eye, (round(left) + 6, round(y)), eye)
    draw.text((left + 40, y + 9), "seen by the enemy", font=small, fill=theme.INK_LIGHT, anchor="lm")
    y += 28
    draw.ellipse((left + 8, y + 1, left + 24, y + 17), fill=(30, 26, 21), outline=(150, 135, 100))
    draw.text((left + 16, y + 9.5), "2", font=font("bold", 11), fill=(240, 228, 200), anchor="mm")
    draw.text((left + 40, y + 9), "most pieces a side", font=small, fill=theme.INK_LIGHT, anchor="lm")


def _paths_legend(image: Image.Image, layout: BoardLayout) -> None:
    draw = ImageDraw.Draw(image)
    left, top, right, bottom = layout.areas["paths_legend"]
    small, x = font("sans", 12), left + 26
    y = bottom - 98
    river = rgb(layout.river.colour)
    draw.line([(x + i, y + 2.5 * math.sin(i / 5)) for i in range(0, 36, 2)], fill=river, width=5)
    draw.text((x + 44, y - 8), "The Anduin", font=font("serif", 13), fill=theme.INK_LIGHT)
    draw.text((x + 44, y + 9), "Fellowship may go", font=small, fill=theme.INK_MUTED)
    draw.text((x + 44, y + 24), "downstream", font=small, fill=theme.INK_MUTED)
    y += 56
    tunnel = mix(rgb(layout.tunnel.colour), (200, 170, 120), 0.55)
    for i in range(0, 36, 10):
        draw.line((x + i, y, x + i + 6, y), fill=tunnel, width=4)
    draw.text((x + 44, y - 8), "Tunnel of Moria", font=font("serif", 13), fill=theme.INK_LIGHT)
    draw.text((x + 44, y + 9), "Eregion → Fangorn", font=small, fill=theme.INK_MUTED)
    _ = (right, top)


@lru_cache(maxsize=2)
def static_board(path: Path = LAYOUT_PATH) -> Image.Image:
    """The board without pieces (cached; callers must copy it before drawing)."""
    layout = load_layout(path)
    log.info("drawing the Confrontation board layer (%dx%d)", *layout.size)
    image = _backdrop(layout)
    shapes = _shapes(layout)
    image.paste(shapes, (0, 0), shapes)
    _bevel(image, layout)
    _labels(image, layout)
    _title(image, layout)
    _legend(image, layout)
    _paths_legend(image, layout)
    return image


def region_fill(layout: BoardLayout, slug: str) -> RGB:
    return rgb(layout.regions[slug].fill)
