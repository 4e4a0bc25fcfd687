"""The static map: everything no view changes, drawn once per layout and cached.

The label raster gives every pixel's region (or sea, ridge, river), so the regions are filled
through its palette (each in its Nation's tint). Over that go the coast and shallow water, the
Nations' coloured borders, the region borders, forests, hills and mountains, the drawn rivers,
the impassable borders (rivers and mountain ridges, supersampled), the settlement icons and the
names. :func:`static_map` keeps the result for the process (RGB, do not modify it).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageChops, ImageDraw, ImageFilter

from renderers.common import cellmap
from renderers.common.cellmap import Point
from renderers.common.cells import RIDGE, SEA
from renderers.common.colours import RGB, mix
from renderers.common.fonts import font, is_cjk

from . import icons, theme
from .layout import MapLayout, Spot, raster
from .placement import LEADING, NAME_FONT, badge_room
from .theme import STYLES, MapStyle
from .words import english, face_kind, region_name, speaking, water_name

LINE_SCALE = 2  # supersampling of the vector layer

#: Regions drawn with trees, hills or mountains, and marshes.
FORESTS = frozenset(
    (
        "northern_mirkwood",
        "western_mirkwood",
        "woodland_realm",
        "old_forest_road",
        "narrows_of_the_forest",
        "eastern_mirkwood",
        "dol_guldur",
        "southern_mirkwood",
        "old_forest",
        "fangorn",
        "lorien",
        "druadan_forest",
    )
)
MOUNTAINS = frozenset(
    (
        "north_ered_luin",
        "ered_luin",
        "mount_gram",
        "mount_gundabad",
        "high_pass",
        "goblins_gate",
        "moria",
        "ash_mountains",
        "erebor",
        "iron_hills",
        "eagles_eyrie",
    )
)
HILLS = frozenset(
    (
        "weather_hills",
        "north_downs",
        "south_downs",
        "tower_hills",
        "western_emyn_muil",
        "eastern_emyn_muil",
        "ettenmoors",
        "evendim",
    )
)
MARSHES = frozenset(("dead_marshes", "gladden_fields"))


def dilate(mask: Image.Image, radius: int) -> Image.Image:
    """A binary mask grown by ``radius`` pixels (a square), like ``MaxFilter(2 * radius + 1)``
    but in time independent of the radius."""
    if radius <= 0:
        return mask
    return mask.filter(ImageFilter.BoxBlur(radius)).point(lambda v: 255 if v > 0 else 0)


def erode(mask: Image.Image, radius: int) -> Image.Image:
    """A binary mask shrunk by ``radius`` pixels (a square), like ``MinFilter(2 * radius + 1)``."""
    if radius <= 0:
        return mask
    return mask.filter(ImageFilter.BoxBlur(radius)).point(lambda v: 255 if v >= 254 else 0)


def palette(layout: MapLayout) -> list[int]:
    """The raster's palette: the sea, each region in its Nation's tint, the barriers."""
    fills = [theme.region_fill(layout.nations.get(slug)) for slug in layout.regions]
    return cellmap.base_palette(theme.SEA, theme.RIDGE, theme.RIVER, fills)


def _nation_lut(layout: MapLayout) -> list[int]:
    """Raster value -> 1 + index of the region's Nation (0 for none, the sea and barriers)."""
    lut = [0] * 256
    for number, slug in enumerate(layout.regions, start=1):
        nation = layout.nations.get(slug)
        lut[number] = theme.NATIONS.index(nation) + 1 if nation in theme.NATIONS else 0
    return lut


def _nation_palette() -> list[int]:
    values = [0] * 768
    for index, nation in enumerate(theme.NATIONS, start=1):
        values[index * 3 : index * 3 + 3] = list(theme.NATION_COLOURS[nation])
    return values


def _raster_layers(layout: MapLayout, style: MapStyle) -> Image.Image:
    """Shallow water, the Nations' borders, region borders and the coast, from the raster."""
    labels = raster(layout)
    size = labels.size
    land = cellmap.binary(labels, lambda v: v != SEA)
    region = cellmap.binary(labels, lambda v: 0 < v < RIDGE)
    overlay = Image.new("RGBA", size, (0, 0, 0, 0))
    # shallow water along the coast, and a darker open sea
    blur = 7 * style.scale
    halo = dilate(land, 2).filter(ImageFilter.GaussianBlur(blur))
    sea = ImageChops.invert(land)
    overlay.alpha_composite(cellmap.tinted(ImageChops.multiply(halo, sea), theme.SHALLOW, 170))
    # Nations: a band of the Nation's colour inside its border (barrier pixels take a neighbour's
    # Nation so that the band runs along ridges and rivers too)
    nations = labels.point(_nation_lut(layout))
    spread = nations.filter(ImageFilter.MaxFilter(5))
    filled = Image.composite(nations, spread, region)
    boundary = ImageChops.multiply(cellmap.edges(filled), land)
    band_width = max(3, round(3.2 * style.scale))
    band = dilate(boundary, band_width)
    band = ImageChops.multiply(band, region)
    band = ImageChops.multiply(band, cellmap.binary(nations, lambda v: v > 0))
    rim = nations.convert("P")
    rim.putpalette(_nation_palette())
    rim_rgba = rim.convert("RGBA")
    rim_rgba.putalpha(band.point(lambda v: 200 * v // 255))
    overlay.alpha_composite(rim_rgba)
    # region borders (thin), Nation borders (thicker)
    only_regions = labels.point(lambda v: v if 0 < v < RIDGE else 0)
    inner = ImageChops.multiply(cellmap.edges(only_regions), region)
    inner = ImageChops.multiply(inner, ImageChops.offset(region, -1, 0))
    inner = ImageChops.multiply(inner, ImageChops.offset(region, 0, -1))
    overlay.alpha_composite(cellmap.tinted(inner.filter(ImageFilter.BoxBlur(0.5)), theme.BORDER, 190))
    nation_line = ImageChops.multiply(boundary, region).filter(ImageFilter.MaxFilter(3))
    overlay.alpha_composite(cellmap.tinted(nation_line, theme.BORDER, 150))
    coast = cellmap.edges(land).filter(ImageFilter.MaxFilter(3)).filter(ImageFilter.BoxBlur(0.7))
    overlay.alpha_composite(cellmap.tinted(coast, theme.COAST, 220))
    return overlay


# -- the vector layer: rivers, ridges, woods and hills ------------------------------------------


def _ridge(draw: ImageDraw.ImageDraw, path: Sequence[Point], style: MapStyle, s: float) -> None:
    colours = (theme.RIDGE, theme.RIDGE_DARK, theme.RIDGE_LIGHT)
    cellmap.draw_ridge(draw, path, style.ridge, s, colours, peak=1.6, spacing=1.3, top=0.78)


def _deep_river(draw: ImageDraw.ImageDraw, path: Sequence[Point], style: MapStyle, s: float) -> None:
    """An impassable river: wide, dark-edged."""
    points = cellmap.scaled(path, s)
    draw.line(points, fill=(*theme.RIVER_EDGE, 255), width=round((style.river + 2.2) * s), joint="curve")
    draw.line(points, fill=(*theme.RIVER, 255), width=round(style.river * s), joint="curve")
    draw.line(
        points, fill=(*theme.RIVER_LIGHT, 210), width=max(1, round(style.river * s / 3.5)), joint="curve"
    )


def _stream(draw: ImageDraw.ImageDraw, path: Sequence[Point], style: MapStyle, s: float) -> None:
    """A drawn river (passable): a thin line getting wider downstream."""
    pieces = list(itertools.pairwise(path))
    for index, (a, b) in enumerate(pieces):
        width = style.stream * (0.55 + 0.6 * index / max(1, len(pieces) - 1))
        draw.line(
            cellmap.scaled((a, b), s),
            fill=(*theme.STREAM, 235),
            width=max(1, round(width * s)),
            joint="curve",
        )


def draw_barrier(
    draw: ImageDraw.ImageDraw, kind: str, path: Sequence[Point], style: MapStyle, s: float
) -> None:
    """An impassable border: a river or a mountain ridge."""
    if kind == "river":
        _deep_river(draw, path, style, s)
    elif kind == "stream":
        _stream(draw, path, style, s)
    else:
        _ridge(draw, path, style, s)


def _tree(draw: ImageDraw.ImageDraw, x: float, y: float, r: float, s: float, ink: RGB) -> None:
    crown = [(x - r, y + r * 0.25), (x, y - r * 1.25), (x + r, y + r * 0.25)]
    draw.polygon(cellmap.scaled(crown, s), fill=(*ink, 120))
    draw.line(
        cellmap.scaled([(x, y + r * 0.2), (x, y + r * 0.75)], s), fill=(*ink, 120), width=max(1, round(s))
    )


def _peak(draw: ImageDraw.ImageDraw, x: float, y: float, r: float, s: float) -> None:
    base = [(x - r, y + r * 0.6), (x, y - r * 0.8), (x + r, y + r * 0.6)]
    draw.polygon(cellmap.scaled(base, s), fill=(*mix(theme.RIDGE_LIGHT, theme.RIDGE, 0.3), 150))
    shade = [(x, y - r * 0.8), (x + r, y + r * 0.6), (x + r * 0.1, y + r * 0.6)]
    draw.polygon(cellmap.scaled(shade, s), fill=(*theme.RIDGE, 130))


def _hill(draw: ImageDraw.ImageDraw, x: float, y: float, r: float, s: float) -> None:
    box = ((x - r) * s, (y - r * 0.6) * s, (x + r) * s, (y + r * 0.9) * s)
    draw.arc(box, 200, 340, fill=(*theme.RIDGE, 150), width=max(1, round(1.3 * s)))


def _tuft(draw: ImageDraw.ImageDraw, x: float, y: float, r: float, s: float) -> None:
    ink = (*mix(theme.STREAM, (40, 60, 40), 0.5), 150)
    for dx in (-0.6, 0.0, 0.6):
        draw.line(
            cellmap.scaled([(x + dx * r * 0.6, y + r * 0.4), (x + dx * r, y - r * 0.5)], s),
            fill=ink,
            width=max(1, round(s)),
        )
    draw.line(
        cellmap.scaled([(x - r, y + r * 0.45), (x + r, y + r * 0.45)], s), fill=ink, width=max(1, round(s))
    )


def keep_out(layout: MapLayout, slug: str) -> list[tuple[float, float, float, float]]:
    """Boxes where a region's name, icon and badges go (decorations keep away from them)."""
    spot = layout.spots[slug]
    style = STYLES[layout.name]
    boxes = []
    if spot.lines:
        face = font(NAME_FONT, spot.size)
        width = max(face.getlength(line) for line in spot.lines) / 2 + 4
        height = spot.size * LEADING * len(spot.lines) / 2 + 3
        boxes.append(
            (spot.name[0] - width, spot.name[1] - height, spot.name[0] + width, spot.name[1] + height)
        )
    if spot.icon:
        r = style.icon / 2 + 3
        boxes.append((spot.icon[0] - r, spot.icon[1] - r, spot.icon[0] + r, spot.icon[1] + r))
    badge_w, badge_h = badge_room(style)
    x, y = spot.badge
    boxes.append((x - badge_w / 2 - 4, y - 2, x + badge_w / 2 + 4, y + badge_h * 1.6))
    return boxes


@lru_cache(maxsize=8)
def decorations(layout: MapLayout) -> tuple[tuple[str, Point], ...]:
    """Where trees, peaks, hills and marsh tufts go: a jittered grid inside each decorated cell,
    away from its edges, name, icon and badges (deterministic)."""
    style = STYLES[layout.name]
    labels = raster(layout)
    step = 15 * style.scale
    margin = max(3, round(5 * style.scale))
    out: list[tuple[str, Point]] = []
    for slug in layout.regions:
        kind = (
            "tree"
            if slug in FORESTS
            else "peak"
            if slug in MOUNTAINS
            else "hill"
            if slug in HILLS
            else "tuft"
            if slug in MARSHES
            else None
        )
        if kind is None:
            continue
        number = layout.number(slug)
        left, top, right, bottom = layout.spots[slug].box
        cell = labels.crop((left - 1, top - 1, right + 1, bottom + 1)).point(
            lambda v, n=number: 255 if v == n else 0
        )
        inside = erode(cell, margin)
        blocked = keep_out(layout, slug)
        gap = step * (1.3 if kind in ("peak", "hill") else 1.0)
        rows = int((bottom - top) / (gap * 0.8)) + 1
        for row in range(rows):
            y = top + gap * 0.45 + row * gap * 0.8
            shift = (gap / 2) if row % 2 else 0.0
            x = left + gap * 0.4 + shift
            while x < right:
                jx = x + math.sin(x * 12.9898 + y * 78.233) * gap * 0.18
                jy = y + math.cos(x * 39.3468 + y * 11.135) * gap * 0.14
                px, py = round(jx) - left + 1, round(jy) - top + 1
                if 0 <= px < cell.width and 0 <= py < cell.height and inside.getpixel((px, py)):
                    pad = gap * 0.35
                    if not any(
                        b[0] - pad < jx < b[2] + pad and b[1] - pad < jy < b[3] + pad for b in blocked
                    ):
                        out.append((kind, (jx, jy)))
                x += gap
    return tuple(out)


def _vector_layer(layout: MapLayout, style: MapStyle) -> Image.Image:
    width, height = layout.size
    s = LINE_SCALE
    big = Image.new("RGBA", (width * s, height * s), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    r = 4.2 * style.scale
    forest_ink = mix(theme.NATION_COLOURS["rohan"], (30, 45, 25), 0.55)
    for kind, (x, y) in decorations(layout):
        if kind == "tree":
            _tree(draw, x, y, r, s, forest_ink)
        elif kind == "peak":
            _peak(draw, x, y, r * 1.35, s)
        elif kind == "hill":
            _hill(draw, x, y, r * 1.3, s)
        else:
            _tuft(draw, x, y, r, s)
    for river in layout.rivers:
        _stream(draw, river, style, s)
    for line in layout.barriers:
        if line.kind == "river":
            for path in line.paths:
                _deep_river(draw, path, style, s)
    for line in layout.barriers:
        if line.kind != "river":
            for path in line.paths:
                _ridge(draw, path, style, s)
    for a, b in layout.links:
        start, end = layout.spots[a].badge, layout.spots[b].badge
        draw.line(cellmap.scaled([start, end], s), fill=(*theme.BORDER, 200), width=round(2 * s))
    return big.resize((width, height), Image.Resampling.BOX)


# -- names and icons -----------------------------------------------------------------------------


def draw_name(
    draw: ImageDraw.ImageDraw,
    spot: Spot,
    ink: RGB = theme.NAME_INK,
    halo: RGB = theme.NAME_HALO,
    said: str | None = None,
) -> None:
    """A region's name (one or two lines) centred on its spot, with a halo: as the layout writes
    it in English, or ``said`` (its name in another language) fitted into the room the English
    takes."""
    if not spot.lines:
        return
    lines, size = (spot.lines, spot.size) if said is None else translated_name(spot, said)
    face = font(NAME_FONT if said is None else face_kind(NAME_FONT), size)
    step = size * LEADING
    top = spot.name[1] - step * len(lines) / 2 + step / 2
    for index, text in enumerate(lines):
        draw.text(
            (spot.name[0], top + index * step),
            text,
            font=face,
            fill=ink,
            anchor="mm",
            stroke_width=cellmap.name_halo(size),
            stroke_fill=halo,
        )


def translated_name(spot: Spot, name: str) -> tuple[tuple[str, ...], int]:
    """A region's name in another language, in the room its English name takes: as many lines
    as the English (split at a space, or between two characters in Japanese and Chinese), the
    English size or smaller; two lines rather than shrinking by a fifth."""
    kind = face_kind(NAME_FONT)
    room = max(font(NAME_FONT, spot.size).getlength(line) for line in spot.lines) * 1.1
    one: list[tuple[str, ...]] = [(name,)]
    options = one + list(_two_lines(name))
    smallest = max(8, round(spot.size * 0.6))
    for size in range(spot.size, smallest - 1, -1):
        face = font(kind, size)
        allowed = options if len(spot.lines) > 1 or size < spot.size * 0.8 else one
        for lines in allowed:
            if all(face.getlength(line) <= room for line in lines):
                return lines, size
    return min(options, key=lambda lines: max(font(kind, smallest).getlength(x) for x in lines)), smallest


def _two_lines(name: str) -> list[tuple[str, str]]:
    """The ways to break ``name`` into two lines, the most even first."""
    words = name.split(" ")
    if len(words) > 1:
        cuts = [(" ".join(words[:i]), " ".join(words[i:])) for i in range(1, len(words))]
    elif any(is_cjk(c) for c in name):  # Japanese and Chinese break between any two characters
        cuts = [(name[:i], name[i:]) for i in range(1, len(name))]
    else:  # one long word of a Latin script is hyphenated
        cuts = [(f"{name[:i]}-", name[i:]) for i in range(3, len(name) - 2)]
    return sorted(cuts, key=lambda pair: abs(len(pair[0]) - len(pair[1])))[:3]


def _icons(image: Image.Image, layout: MapLayout, style: MapStyle) -> None:
    for slug in layout.regions:
        spot = layout.spots[slug]
        settlement = layout.settlements.get(slug)
        if spot.icon and settlement:
            sprite = icons.settlement_sprite(settlement, style.icon)
            image.alpha_composite(
                sprite, (round(spot.icon[0] - sprite.width / 2), round(spot.icon[1] - sprite.height / 2))
            )


def _names(image: Image.Image, layout: MapLayout, style: MapStyle) -> None:
    """The regions' and seas' names, in the language spoken."""
    draw = ImageDraw.Draw(image)
    for slug in layout.regions:
        if english():
            draw_name(draw, layout.spots[slug])
        else:
            draw_name(draw, layout.spots[slug], said=region_name(slug, layout.names.get(slug, slug)))
    face = font(face_kind("italic"), style.water_size)
    ink = (*mix(theme.SEA, (255, 255, 255), 0.5), 235)
    english_face = font("italic", style.water_size)
    for text, (x, y) in layout.waters:
        lines = water_name(text).split("\n")
        room = max(english_face.getlength(line) for line in text.split("\n")) * 1.15
        breakable = " " in lines[0] or any(is_cjk(c) for c in lines[0])  # (never a word hyphenated)
        if len(lines) == 1 and "\n" in text and breakable and face.getlength(lines[0]) > room:
            lines = list(_two_lines(lines[0])[0])  # two lines, as the English, rather than over the land
        for index, line in enumerate(lines):
            line_y = y + (index - (len(lines) - 1) / 2) * style.water_size * 1.12
            draw.text((x, line_y), line, font=face, fill=ink, anchor="mm")


@lru_cache(maxsize=4)
def _unnamed_map(layout: MapLayout) -> Image.Image:
    """The static map without its names: the costly part, the same in every language (RGBA)."""
    style = STYLES[layout.name]
    labels = raster(layout)
    base = Image.frombytes("P", labels.size, labels.tobytes())
    base.putpalette(palette(layout))
    image = base.convert("RGBA")
    image.alpha_composite(_raster_layers(layout, style))
    image.alpha_composite(_vector_layer(layout, style))
    _icons(image, layout, style)
    return image


@lru_cache(maxsize=12)
def static_map(layout: MapLayout, lang: str = "en") -> Image.Image:
    """The whole static map of ``layout`` as RGB, its names in ``lang`` (cached for the process; do
    not modify). A new language costs only its names."""
    image = _unnamed_map(layout).copy()
    with speaking(lang):
        _names(image, layout, STYLES[layout.name])
    return image.convert("RGB")
