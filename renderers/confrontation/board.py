"""The static layer: the board without pieces, drawn once per process and layout, and cached.

Regions with their terrain colours, names, capacities and mountain peaks, the Anduin and the
Tunnel of Moria, and (full layout) the title and the legends. Each render copies this image
and draws only what changes (pieces, highlights, panels) on top. The full layout's regions are
hexagons; the compact layout's are rounded tiles in rows (see :mod:`.build_layout`).
"""

from __future__ import annotations

import itertools
import logging
import math
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageChops, ImageDraw, ImageFilter, ImageFont

from renderers.common.colours import RGB, mix, rgb
from renderers.common.fonts import font, text_kind
from renderers.common.shapes import supersampled
from renderers.common.text import fit_text

from . import theme
from .layout import LAYOUT_PATH, BoardLayout, LayoutName, Point, RegionLayout, load_layout
from .tokens import RESULT_MARKS, hidden_token, revealed_eye
from .words import current, face, layout_in, region_label, speaking, tr

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


TILE_RADIUS = 10


def tile_box(region: RegionLayout) -> tuple[float, float, float, float]:
    """A compact tile's ``(left, top, right, bottom)``."""
    xs, ys = [x for x, _ in region.polygon], [y for _, y in region.polygon]
    return (min(xs), min(ys), max(xs), max(ys))


def _fill_region(
    draw: ImageDraw.ImageDraw, layout: BoardLayout, region: RegionLayout, s: float, fill: object
) -> None:
    if layout.shape == "tile":
        left, top, right, bottom = tile_box(region)
        draw.rounded_rectangle((left * s, top * s, right * s, bottom * s), radius=TILE_RADIUS * s, fill=fill)  # type: ignore[arg-type]
    else:
        draw.polygon(_scaled(region.polygon, s), fill=fill)  # type: ignore[arg-type]


def _outline_region(
    draw: ImageDraw.ImageDraw, layout: BoardLayout, region: RegionLayout, s: float, fill: object, width: float
) -> None:
    if layout.shape == "tile":
        left, top, right, bottom = tile_box(region)
        draw.rounded_rectangle(
            (left * s, top * s, right * s, bottom * s),
            radius=TILE_RADIUS * s,
            outline=fill,  # type: ignore[arg-type]
            width=max(1, round(width * s)),
        )
    else:
        ring = _scaled((*region.polygon, region.polygon[0]), s)
        draw.line(ring, fill=fill, width=max(1, round(width * s)), joint="curve")  # type: ignore[arg-type]


def _shapes(layout: BoardLayout) -> Image.Image:
    """Regions, borders and routes, anti-aliased (no text)."""
    width, height = layout.size
    border = rgb(layout.border)

    def paint(draw: ImageDraw.ImageDraw, s: float) -> None:
        for region in layout.regions.values():
            _fill_region(draw, layout, region, s, rgb(region.fill))
            if region.mountain:
                _peaks(draw, region, s)
            elif region.slug in ("mirkwood", "fangorn"):
                _trees(draw, region, s)
        for region in layout.regions.values():
            _outline_region(draw, layout, region, s, border, 3 if layout.shape == "hex" else 2)
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
        if layout.shape == "tile":
            left, top, right, bottom = tile_box(region)
            shadow_draw.rounded_rectangle(
                (left + 2, top + 5, right + 2, bottom + 5), radius=TILE_RADIUS, fill=170
            )
        else:
            shadow_draw.polygon([(x + 3, y + 7) for x, y in region.polygon], fill=190)
    shadow = shadow.filter(ImageFilter.GaussianBlur(7))
    image.paste(Image.new("RGB", (width, height), (5, 4, 3)), (0, 0), shadow)
    return image


#: Compact region names: serif condensed from this size down to ``LABEL_MIN``.
LABEL_SIZE = 20
LABEL_MIN = 18


def label_font(region: RegionLayout) -> ImageFont.FreeTypeFont:
    """The font of a region's name: fixed in the full layout, fitted to the tile in the compact one."""
    if region.label_width is None:
        return font(text_kind("serif", region.name), 15)
    kind = text_kind("serif_condensed", region.name)  # (Japanese and Chinese: the CJK face)
    face, _ = fit_text(region.name, kind, region.label_width, LABEL_SIZE, min_size=LABEL_MIN)
    return face


def draw_label(draw: ImageDraw.ImageDraw, region: RegionLayout) -> None:
    """A region's name, drawn on the static layer."""
    x, y = region.label
    ink = rgb(region.ink)
    face = label_font(region)
    if region.label_width is not None:  # a soft halo keeps the name legible over highlights
        draw.text(
            (x, y),
            region.name,
            font=face,
            fill=ink,
            anchor="mm",
            stroke_width=2,
            stroke_fill=rgb(region.fill),
        )
        return
    draw.text((x, y), region.name, font=face, fill=ink, anchor="mm")


_LABELS: dict[tuple[object, ...], tuple[Image.Image, tuple[int, int]]] = {}


def label_sprite(region: RegionLayout) -> tuple[Image.Image, tuple[int, int]]:
    """A region's name as a transparent sprite and where to paste it (cached), to redraw it
    over a highlight that crosses it."""
    key = (region.slug, region.name, region.label, region.label_width, region.ink, region.fill)
    cached = _LABELS.get(key)
    if cached is None:
        cached = _LABELS[key] = _label_sprite(region)
    return cached


def _label_sprite(region: RegionLayout) -> tuple[Image.Image, tuple[int, int]]:
    face = label_font(region)
    stroke = 2 if region.label_width is not None else 0
    left, top, right, bottom = face.getbbox(region.name, anchor="mm", stroke_width=stroke)
    x, y = region.label
    origin = (math.floor(x + left) - 1, math.floor(y + top) - 1)
    sprite = Image.new("RGBA", (math.ceil(right - left) + 3, math.ceil(bottom - top) + 3), (0, 0, 0, 0))
    ImageDraw.Draw(sprite).text(
        (x - origin[0], y - origin[1]),
        region.name,
        font=face,
        fill=rgb(region.ink),
        anchor="mm",
        stroke_width=stroke,
        stroke_fill=rgb(region.fill) if stroke else None,
    )
    return sprite, origin


def redraw_label(image: Image.Image, region: RegionLayout) -> None:
    """Paste a region's name back on top (over a highlight that crossed it)."""
    sprite, origin = label_sprite(region)
    image.paste(sprite, origin, sprite)


def _bevel(image: Image.Image, layout: BoardLayout) -> None:
    """Soft shading along the inside of every region's border, so the tiles read as raised."""
    size = layout.size
    inside = Image.new("L", size, 0)
    edges = Image.new("L", size, 0)
    inside_draw, edges_draw = ImageDraw.Draw(inside), ImageDraw.Draw(edges)
    for region in layout.regions.values():
        _fill_region(inside_draw, layout, region, 1, 255)
        _outline_region(edges_draw, layout, region, 1, 255, 8)
    shade = edges.filter(ImageFilter.GaussianBlur(4))
    shade = ImageChops.multiply(shade, inside).point(lambda v: v * 45 // 100)
    image.paste(Image.new("RGB", size, (12, 8, 4)), (0, 0), shade)


def _labels(image: Image.Image, layout: BoardLayout) -> None:
    draw = ImageDraw.Draw(image)
    compact = layout.shape == "tile"
    badge_font = font("bold", 14 if compact else 11)
    radius = 10 if compact else 8
    for region in layout.regions.values():
        draw_label(draw, region)
        bx, by = region.capacity_badge
        draw.ellipse(
            (bx - radius, by - radius, bx + radius, by + radius), fill=(30, 26, 21), outline=(150, 135, 100)
        )
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
    small, y = face("sans", 12), top + 86
    entries: list[tuple[Image.Image, str]] = [
        (hidden_token("fellowship", theme.TOKEN_HEIGHT, theme.HIDDEN_TOKEN_WIDTH), tr("Fellowship piece")),
        (hidden_token("sauron", theme.TOKEN_HEIGHT, theme.HIDDEN_TOKEN_WIDTH), tr("Sauron piece")),
    ]
    draw.text((left, y - 20), tr("Legend"), font=face("serif", 14), fill=theme.GOLD)
    for sprite, text in entries:
        image.paste(sprite, (round(left) - 2, round(y) - 4), sprite)
        draw.text(
            (left + 40, y + theme.TOKEN_HEIGHT / 2 - 4), text, font=small, fill=theme.INK_LIGHT, anchor="lm"
        )
        y += 34
    draw.ellipse((left + 8, y + 1, left + 24, y + 17), fill=(30, 26, 21), outline=(150, 135, 100))
    draw.text((left + 16, y + 9.5), "2", font=font("bold", 11), fill=(240, 228, 200), anchor="mm")
    draw.text((left + 40, y + 9), tr("most pieces a side"), font=small, fill=theme.INK_LIGHT, anchor="lm")


#: Legend entries that appear only when the picture shows that mark (see ``pieces.marks_drawn``).
MARK_LEGEND: dict[str, Callable[[], str]] = {
    "seen": lambda: tr("seen by the enemy"),
    "defeated": lambda: tr("fell in the last battle"),
    "retreated": lambda: tr("retreated from it"),
}


def draw_mark_legend(image: Image.Image, layout: BoardLayout, marks: set[str]) -> None:
    """The full layout's legend entries for the marks this picture shows, under the static ones."""
    draw = ImageDraw.Draw(image)
    left, top, _, _ = layout.areas["legend"]
    y = top + 86 + 2 * 34 + 28
    small = face("sans", 12)
    for mark in ("seen", "defeated", "retreated"):
        if mark not in marks:
            continue
        if mark == "seen":
            eye = revealed_eye(18)
            image.paste(eye, (round(left) + 7, round(y)), eye)
        else:
            colour = theme.BATTLE_RED if mark == "defeated" else theme.INK_MUTED
            draw.ellipse((left + 7, y, left + 25, y + 18), fill=colour)
            draw.text(
                (left + 16, y + 9.5),
                RESULT_MARKS[mark],
                font=font("bold", 12),
                fill=(255, 255, 255),
                anchor="mm",
            )
        draw.text((left + 40, y + 9), MARK_LEGEND[mark](), font=small, fill=theme.INK_LIGHT, anchor="lm")
        y += 24


def _paths_legend(image: Image.Image, layout: BoardLayout) -> None:
    draw = ImageDraw.Draw(image)
    left, top, right, bottom = layout.areas["paths_legend"]
    small, x = face("sans", 12), left + 26
    y = bottom - 98
    river = rgb(layout.river.colour)
    draw.line([(x + i, y + 2.5 * math.sin(i / 5)) for i in range(0, 36, 2)], fill=river, width=5)
    draw.text((x + 44, y - 8), tr("The Anduin"), font=face("serif", 13), fill=theme.INK_LIGHT)
    draw.text((x + 44, y + 9), tr("Fellowship may go"), font=small, fill=theme.INK_MUTED)
    draw.text((x + 44, y + 24), tr("downstream"), font=small, fill=theme.INK_MUTED)
    y += 56
    tunnel = mix(rgb(layout.tunnel.colour), (200, 170, 120), 0.55)
    for i in range(0, 36, 10):
        draw.line((x + i, y, x + i + 6, y), fill=tunnel, width=4)
    draw.text((x + 44, y - 8), tr("Tunnel of Moria"), font=face("serif", 13), fill=theme.INK_LIGHT)
    draw.text(
        (x + 44, y + 9),
        tr(
            "{start} → {end}",
            start=region_label("Eregion", current()),
            end=region_label("Fangorn", current()),
        ),
        font=small,
        fill=theme.INK_MUTED,
    )
    _ = (right, top)


@lru_cache(maxsize=16)
def static_board(path: Path = LAYOUT_PATH, name: LayoutName = "full", lang: str = "en") -> Image.Image:
    """The board without pieces, its regions named in ``lang`` (cached; callers must copy it
    before drawing)."""
    with speaking(lang):
        return _static_board(layout_in(load_layout(path, name), lang), name)


def _static_board(layout: BoardLayout, name: LayoutName) -> Image.Image:
    log.info("drawing the Confrontation %s board layer (%dx%d)", name, *layout.size)
    image = _backdrop(layout)
    shapes = _shapes(layout)
    image.paste(shapes, (0, 0), shapes)
    _bevel(image, layout)
    _labels(image, layout)
    if layout.shape == "hex":
        _title(image, layout)
        _legend(image, layout)
        _paths_legend(image, layout)
    return image


def region_fill(layout: BoardLayout, slug: str) -> RGB:
    return rgb(layout.regions[slug].fill)
