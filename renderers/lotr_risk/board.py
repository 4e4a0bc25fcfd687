"""The map: a per-view colouring of the label raster under a static overlay drawn once.

The raster holds each pixel's territory (or sea, ridge, river), so colouring the territories for
a view is a palette change. Everything else that never changes — region colour rims, borders,
the coast, rivers, bridges, mountain ridges, sea routes, the Fellowship's path (lotr mode),
names — is one RGBA overlay per (edition, layout, mode), cached for the process.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping, Sequence
from dataclasses import replace
from functools import lru_cache

from PIL import Image, ImageChops, ImageDraw, ImageFilter

from renderers.common.cellmap import (
    Point,
    along,
    base_palette,
    binary,
    draw_ridge,
    edges,
    name_halo,
    scaled,
    tinted,
)
from renderers.common.cells import RIDGE, SEA
from renderers.common.colours import RGB, mix, rgb
from renderers.common.fonts import font
from renderers.common.text import fit_in_room

from . import theme
from .layout import Label, MapLayout, raster
from .placement import NAME_FONT
from .theme import STYLES, MapStyle
from .words import current, english, face_kind, ptr, speaking, territory_title

LINE_SCALE = 2  # supersampling of the vector layer


def _region_lut(layout: MapLayout) -> list[int]:
    order = sorted(layout.region_colours)
    lut = [0] * 256
    for number, slug in enumerate(layout.territories, start=1):
        lut[number] = order.index(layout.regions[slug]) + 1
    return lut


def _region_palette(layout: MapLayout) -> list[int]:
    palette = [0] * 768
    for index, region in enumerate(sorted(layout.region_colours), start=1):
        palette[index * 3 : index * 3 + 3] = list(rgb(layout.region_colours[region]))
    return palette


def _raster_layers(layout: MapLayout, style: MapStyle) -> Image.Image:
    """Rims, borders and coast, from the raster."""
    labels = raster(layout)
    size = labels.size
    land = binary(labels, lambda v: v != SEA)
    territory = binary(labels, lambda v: 0 < v < RIDGE)
    overlay = Image.new("RGBA", size, (0, 0, 0, 0))
    # shallow water along the coast
    halo = land.filter(ImageFilter.MaxFilter(5)).filter(ImageFilter.GaussianBlur(5 * style.scale + 2))
    sea = ImageChops.invert(land)
    overlay.alpha_composite(tinted(ImageChops.multiply(halo, sea), theme.SHALLOW, 150))
    # region rims: barrier pixels take a neighbour's region, so rims meet across barriers too
    regions = labels.point(_region_lut(layout))
    spread = regions.filter(ImageFilter.MaxFilter(5))
    regions_filled = Image.composite(regions, spread, territory)
    boundary = ImageChops.multiply(edges(regions_filled), land)
    boundary = ImageChops.multiply(boundary, ImageChops.offset(land, -1, 0))
    boundary = ImageChops.multiply(boundary, ImageChops.offset(land, 0, -1))
    band = boundary.filter(ImageFilter.MaxFilter(2 * style.rim + 1))
    band = ImageChops.multiply(band, territory)
    rim = regions.convert("P")
    rim.putpalette(_region_palette(layout))
    rim_rgba = rim.convert("RGBA")
    rim_rgba.putalpha(band.point(lambda v: 185 * v // 255))
    overlay.alpha_composite(rim_rgba)
    # territory borders (thin) and region borders (thick)
    only_territories = labels.point(lambda v: v if 0 < v < RIDGE else 0)
    inner = ImageChops.multiply(edges(only_territories), territory)
    inner = ImageChops.multiply(inner, ImageChops.offset(territory, -1, 0))
    inner = ImageChops.multiply(inner, ImageChops.offset(territory, 0, -1))
    overlay.alpha_composite(tinted(inner, theme.BORDER, 150))
    region_line = boundary.filter(ImageFilter.MaxFilter(3))
    overlay.alpha_composite(tinted(ImageChops.multiply(region_line, territory), theme.BORDER, 215))
    coast = edges(land).filter(ImageFilter.MaxFilter(3)).filter(ImageFilter.BoxBlur(0.6))
    overlay.alpha_composite(tinted(coast, theme.COAST, 200))
    return overlay


def _ridge(draw: ImageDraw.ImageDraw, path: Sequence[Point], style: MapStyle, s: float) -> None:
    colours = (theme.RIDGE, theme.RIDGE_DARK, theme.RIDGE_LIGHT)
    draw_ridge(draw, path, style.ridge, s, colours, peak=1.55, spacing=1.35, top=0.75)


def _river(draw: ImageDraw.ImageDraw, path: Sequence[Point], style: MapStyle, s: float) -> None:
    draw.line(scaled(path, s), fill=(*theme.RIVER, 255), width=round(style.river * s), joint="curve")
    draw.line(
        scaled(path, s),
        fill=(*theme.RIVER_LIGHT, 200),
        width=max(1, round(style.river * s / 3.5)),
        joint="curve",
    )


def _bridge(draw: ImageDraw.ImageDraw, at: Point, angle: float, style: MapStyle, s: float) -> None:
    """A small plank bridge across the river (perpendicular to it)."""
    across = math.radians(angle + 90)
    length, half = style.river * 2.6, style.river * 0.85
    ux, uy = math.cos(across), math.sin(across)
    vx, vy = -uy, ux
    x, y = at
    deck = [
        (x - ux * length / 2 - vx * half, y - uy * length / 2 - vy * half),
        (x + ux * length / 2 - vx * half, y + uy * length / 2 - vy * half),
        (x + ux * length / 2 + vx * half, y + uy * length / 2 + vy * half),
        (x - ux * length / 2 + vx * half, y - uy * length / 2 + vy * half),
    ]
    draw.polygon(
        scaled(deck, s), fill=(214, 190, 140, 255), outline=(60, 42, 22, 255), width=max(1, round(s * 1.2))
    )


def _dashed(draw: ImageDraw.ImageDraw, path: Sequence[Point], colour: RGB, width: float, s: float) -> None:
    dash, gap = 6.0, 4.5
    pieces = along(path, 1.0)
    run: list[Point] = []
    for index, (point, _angle) in enumerate(pieces):
        if index % round(dash + gap) < dash:
            run.append(point)
        elif run:
            if len(run) > 1:
                draw.line(scaled(run, s), fill=(*colour, 235), width=round(width * s), joint="curve")
            run = []
    if len(run) > 1:
        draw.line(scaled(run, s), fill=(*colour, 235), width=round(width * s), joint="curve")


def smooth_path(points: Sequence[Point], rounds: int = 3) -> list[Point]:
    """Corner-cut ``points`` (keeping the ends)."""
    out = list(points)
    for _ in range(rounds):
        if len(out) < 3:
            break
        cut = [out[0]]
        for (x0, y0), (x1, y1) in itertools.pairwise(out):
            cut += [
                (0.75 * x0 + 0.25 * x1, 0.75 * y0 + 0.25 * y1),
                (0.25 * x0 + 0.75 * x1, 0.25 * y0 + 0.75 * y1),
            ]
        cut.append(out[-1])
        out = cut
    return out


def _fellowship_path(draw: ImageDraw.ImageDraw, layout: MapLayout, style: MapStyle, s: float) -> None:
    spots = [space.at for space in layout.ring_path]
    step = style.ring * 0.3
    radius = style.ring * 0.09
    for (x, y), _angle in along(smooth_path(spots), step):
        box = ((x - radius - 1) * s, (y - radius - 1) * s, (x + radius + 1) * s, (y + radius + 1) * s)
        draw.ellipse(box, fill=(*theme.PATH_EDGE, 255))
        box = ((x - radius) * s, (y - radius) * s, (x + radius) * s, (y + radius) * s)
        draw.ellipse(box, fill=(*theme.PATH, 255))
    for space in layout.ring_path:
        x, y = space.at
        half = style.ring * (0.3 if space.die else 0.2)
        box = ((x - half) * s, (y - half) * s, (x + half) * s, (y + half) * s)
        if space.die:
            draw.rounded_rectangle(
                box,
                radius=half * 0.35 * s,
                fill=(250, 246, 236, 255),
                outline=(*theme.PATH_EDGE, 255),
                width=round(1.3 * s),
            )
            pip = half * 0.22
            for dx, dy in ((-0.45, -0.45), (0, 0), (0.45, 0.45)):
                px, py = x + dx * half, y + dy * half
                draw.ellipse(
                    ((px - pip) * s, (py - pip) * s, (px + pip) * s, (py + pip) * s), fill=(30, 26, 20, 255)
                )
            if space.final:
                draw.rounded_rectangle(
                    box, radius=half * 0.35 * s, outline=(200, 40, 30, 255), width=round(2 * s)
                )
        else:
            draw.ellipse(box, fill=(*theme.PATH, 255), outline=(*theme.PATH_EDGE, 255), width=round(1.3 * s))


def _vector_layer(layout: MapLayout, style: MapStyle, mode: str) -> Image.Image:
    width, height = layout.size
    s = LINE_SCALE
    big = Image.new("RGBA", (width * s, height * s), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    for route in layout.sea_routes:
        for path in route.paths:
            _dashed(draw, path, theme.SEA_ROUTE, 2.0, s)
    for line in layout.barriers:
        for path in line.paths:
            if line.kind == "river":
                _river(draw, path, style, s)
    for line in layout.barriers:
        for path in line.paths:
            if line.kind != "river":
                _ridge(draw, path, style, s)
    for bridge in layout.bridges:
        _bridge(draw, bridge.at, bridge.angle, style, s)
    if mode == "lotr":
        _fellowship_path(draw, layout, style, s)
    return big.resize((width, height), Image.Resampling.BOX)


NAME_CLEARANCE = 1  # pixels between a name's halo and its badge


def name_centre(label: Label, style: MapStyle) -> Point:
    """Where a territory's name is drawn: its layout spot, raised if its last line (descenders
    and halo included) would reach into the badge below it."""
    face = font(face_kind(NAME_FONT), label.size)
    last_line = label.name[1] + label.size * 1.08 * (len(label.lines) - 1) / 2
    bottom = last_line + face.getbbox(label.lines[-1], anchor="mm", stroke_width=name_halo(label.size))[3]
    badge_top = label.badge[1] - style.badge / 2
    return (label.name[0], label.name[1] - max(0.0, bottom + NAME_CLEARANCE - badge_top))


def draw_name(
    draw: ImageDraw.ImageDraw, lines: Sequence[str], size: int, centre: Point, ink: RGB, halo: RGB
) -> None:
    """A territory's name (one or two lines) centred on ``centre``, with a halo."""
    face = font(face_kind(NAME_FONT), size)
    step = size * 1.08
    top = centre[1] - step * len(lines) / 2 + step / 2
    for index, text in enumerate(lines):
        draw.text(
            (centre[0], top + index * step),
            text,
            font=face,
            fill=ink,
            anchor="mm",
            stroke_width=name_halo(size),
            stroke_fill=halo,
        )


def _names(overlay: Image.Image, layout: MapLayout, style: MapStyle) -> None:
    draw = ImageDraw.Draw(overlay)
    for slug in layout.territories:
        label = layout.labels[slug]
        if english():
            centre = name_centre(label, style)
            draw_name(draw, label.lines, label.size, centre, theme.NAME_INK, theme.NAME_HALO)
        else:
            lines, size = translated_name(label, territory_title(slug))
            centre = name_centre(replace(label, lines=lines, size=size), style)
            draw_name(draw, lines, size, centre, theme.NAME_INK, theme.NAME_HALO)
    face = font(face_kind("italic"), style.water_size)
    ink = (*mix(theme.SEA, (255, 255, 255), 0.55), 230)
    for name, (x, y) in layout.waters:
        written = water_name(name).split("\n")
        for index, text in enumerate(written):
            line_y = y + (index - (len(written) - 1) / 2) * style.water_size * 1.1
            draw.text((x, line_y), text, font=face, fill=ink, anchor="mm")


def translated_name(label: Label, name: str) -> tuple[tuple[str, ...], int]:
    """A territory's name in another language, in the room its English name takes
    (:func:`renderers.common.text.fit_in_room`)."""
    return fit_in_room(name, label.lines, label.size, NAME_FONT, face_kind(NAME_FONT))


def water_name(name: str) -> str:
    """A sea's or bay's name as the map writes it (``Sea of\\nRhûn``), in the language spoken."""
    if english():
        return name
    said = ptr("water", name.replace("\n", " "))
    return name if said == name.replace("\n", " ") else said


@lru_cache(maxsize=8)
def _unnamed_overlay(layout: MapLayout, mode: str) -> Image.Image:
    """The static overlay without its names: the costly part, the same in every language."""
    style = STYLES[layout.name]
    overlay = _raster_layers(layout, style)
    overlay.alpha_composite(_vector_layer(layout, style, mode))
    return overlay


@lru_cache(maxsize=16)
def static_overlay(layout: MapLayout, mode: str, lang: str = "en") -> Image.Image:
    """Everything on the map that no view changes, as RGBA, its names in ``lang`` (cached; do
    not modify). A new language costs only its names: the rest is drawn once for all."""
    overlay = _unnamed_overlay(layout, mode).copy()
    with speaking(lang):
        _names(overlay, layout, STYLES[layout.name])
    return overlay


def territory_fill(colour: RGB | None) -> RGB:
    """The fill of a territory held by an army of ``colour`` (parchment when empty)."""
    if colour is None:
        return theme.PARCHMENT
    return mix(theme.PARCHMENT, colour, theme.FILL_STRENGTH)


def palette(layout: MapLayout, fills: Mapping[str, RGB]) -> list[int]:
    """The raster's palette for one view: ``fills`` by territory, parchment for the others."""
    cells = [fills.get(slug, theme.PARCHMENT) for slug in layout.territories]
    return base_palette(theme.SEA, theme.RIDGE, theme.RIVER, cells)


def draw_map(layout: MapLayout, fills: Mapping[str, RGB], mode: str) -> Image.Image:
    """The coloured map of one view (RGBA), overlay included."""
    image = Image.frombytes("P", layout.size, raster(layout).tobytes())
    image.putpalette(palette(layout, fills))
    coloured = image.convert("RGBA")
    coloured.alpha_composite(static_overlay(layout, mode, current()))
    return coloured
