"""The static map of Minas Tirith: the palette per view and the overlay no view changes.

The overlay (drawn once per layout and process, lines supersampled 2x): the borders between
spaces, Mount Mindolluin, the Anduin with Osgiliath's ruins and the Harlond's quays, the
seven-levelled city with the White Tower, its walls with their towers and catapults, the Rammas
Echor, the roads, the forts, Gondor's banners, Grond's silhouette before the gate and the names.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from renderers.common.cellmap import Point, along, base_palette, binary, edges, name_halo, tinted
from renderers.common.colours import RGB, mix
from renderers.common.fonts import FontKind, font
from renderers.common.map_layout import raster
from renderers.common.map_placement import cell_mask, fits
from renderers.common.shapes import supersampled
from renderers.common.text import fit_in_room

from . import theme
from .layout import MapLayout
from .theme import STYLES, MapStyle
from .words import current, english, face, face_kind, space_label, speaking, tr

NAME_FONT: FontKind = "narrow"
LEADING = 1.05
SS = 2  # supersampling of the line layer


def palette(layout: MapLayout, fills: Mapping[str, RGB]) -> list[int]:
    """The raster's palette for one view: ``fills`` by space, parchment for the others."""
    cells = [fills.get(slug, theme.PARCHMENT) for slug in layout.spaces]
    return base_palette(theme.OUTLANDS, theme.ROCK, theme.WATER, cells)


def _sc(points: Sequence[Point], s: float) -> list[Point]:
    return [(x * s, y * s) for x, y in points]


def _ellipse_arc(
    centre: Point, radii: tuple[float, float], start: float, end: float, steps: int = 60
) -> list[Point]:
    return [
        (
            centre[0] + radii[0] * math.cos(math.radians(start + (end - start) * i / steps)),
            centre[1] + radii[1] * math.sin(math.radians(start + (end - start) * i / steps)),
        )
        for i in range(steps + 1)
    ]


def _mountain(draw: ImageDraw.ImageDraw, layout: MapLayout, style: MapStyle, s: float) -> None:
    foot = [p for p in layout.mountain[1:-1]]
    x0 = layout.city.mountain
    peak = 11 * style.scale
    for (_x, y), _angle in along(foot, 15 * style.scale):
        for dx in (x0 * 0.25, x0 * 0.62):
            cx, cy = dx + (y * 7 % 5) - 2, y + (dx % 7)
            points = [
                (cx - peak * 0.6, cy + peak * 0.45),
                (cx, cy - peak * 0.55),
                (cx + peak * 0.6, cy + peak * 0.45),
            ]
            draw.polygon(_sc(points, s), fill=(*theme.ROCK_DARK, 150))
            draw.polygon(
                _sc([points[1], points[2], (cx, cy + peak * 0.45)], s), fill=(*theme.ROCK_LIGHT, 120)
            )
    draw.line(_sc(foot, s), fill=(*theme.ROCK_DARK, 200), width=round(2 * s))


def _river(draw: ImageDraw.ImageDraw, layout: MapLayout, style: MapStyle, s: float) -> None:
    bank = list(layout.river[1:-3])
    draw.line(_sc(bank, s), fill=(*theme.WATER_EDGE, 230), width=round(2.2 * style.scale * s), joint="curve")
    for (x, y), angle in along(bank, 26 * style.scale):
        off = 9 * style.scale
        nx, ny = -math.sin(angle), math.cos(angle)
        a = (x + nx * off - math.cos(angle) * 5, y + ny * off - math.sin(angle) * 5)
        b = (x + nx * off + math.cos(angle) * 5, y + ny * off + math.sin(angle) * 5)
        draw.line(_sc([a, b], s), fill=(*theme.WATER_LIGHT, 140), width=round(1.4 * s))


def _osgiliath(draw: ImageDraw.ImageDraw, layout: MapLayout, style: MapStyle, s: float) -> None:
    """The broken bridge where the road meets the river, and ruined walls on the west bank."""
    end = layout.road[-1]
    u = style.scale
    stone, edge = (*mix(theme.STONE, theme.ROCK, 0.35), 255), (*theme.STONE_EDGE, 255)
    for x0, x1 in ((-10, 6), (16, 34)):
        draw.rectangle(
            _sc([(end[0] + x0 * u, end[1] - 3.5 * u), (end[0] + x1 * u, end[1] + 3.5 * u)], s),
            fill=stone,
            outline=edge,
            width=round(s),
        )
    bank = end[0] - 22 * u
    for dy, w, h in ((-92, 10, 5), (-70, 6, 9), (-48, 12, 5), (34, 9, 6), (58, 6, 10), (82, 12, 5)):
        x, y = bank + (dy % 5) * u, end[1] + dy * u
        draw.rectangle(
            _sc([(x - w / 2 * u, y - h / 2 * u), (x + w / 2 * u, y + h / 2 * u)], s),
            fill=(*theme.STONE_EDGE, 110),
        )


def _quays(draw: ImageDraw.ImageDraw, layout: MapLayout, style: MapStyle, s: float) -> None:
    x, y = layout.quay
    u = style.scale
    for i in range(3):
        px = x + (14 + i * 20) * u
        draw.rectangle(
            _sc([(px, y - 2 * u), (px + 7 * u, y + 14 * u)], s),
            fill=(*theme.ROAD, 255),
            outline=(*theme.ROAD_EDGE, 255),
            width=round(s),
        )


def _roads(draw: ImageDraw.ImageDraw, layout: MapLayout, style: MapStyle, s: float) -> None:
    for line in (layout.road, *layout.side_roads):
        draw.line(
            _sc(line, s), fill=(*theme.ROAD_EDGE, 230), width=round((style.road + 2) * s), joint="curve"
        )
    for line in (layout.road, *layout.side_roads):
        draw.line(_sc(line, s), fill=(*theme.ROAD, 255), width=round(style.road * s), joint="curve")


def _rammas(draw: ImageDraw.ImageDraw, layout: MapLayout, style: MapStyle, s: float) -> None:
    width = style.rammas
    for line in layout.rammas:
        draw.line(_sc(line, s), fill=(*theme.STONE_EDGE, 255), width=round((width + 2.4) * s), joint="curve")
        draw.line(_sc(line, s), fill=(*theme.RAMMAS, 255), width=round(width * s), joint="curve")
        for (x, y), _angle in along(line, width * 2.2):
            r = width * 0.32
            draw.rectangle(_sc([(x - r, y - r), (x + r, y + r)], s), fill=(*theme.STONE_EDGE, 200))


def _city(draw: ImageDraw.ImageDraw, layout: MapLayout, style: MapStyle, s: float) -> None:
    city = layout.city
    cx, cy = city.centre
    u = style.scale
    edge = (*theme.STONE_EDGE, 255)
    # the seven levels, each a ring of wall inside the last
    for level in range(1, 7):
        t = 1 - level * 0.13
        radii = (city.inner[0] * t, city.inner[1] * t)
        draw.line(
            _sc(_ellipse_arc((cx, cy), radii, -90, 90), s),
            fill=(*theme.STONE_EDGE, 150),
            width=round(1.3 * u * s),
        )
    # the prow of rock that splits the city, and the White Tower on the seventh level
    prow = [
        (cx + city.inner[0] * 0.2, cy - 6 * u),
        (cx + city.inner[0] * 0.92, cy),
        (cx + city.inner[0] * 0.2, cy + 6 * u),
    ]
    draw.polygon(_sc(prow, s), fill=(*mix(theme.ROCK, theme.STONE, 0.3), 230), outline=edge)
    tx, ty = cx + 18 * u, cy
    draw.rectangle(
        _sc([(tx - 3.5 * u, ty - 30 * u), (tx + 3.5 * u, ty + 2 * u)], s),
        fill=(*theme.STONE, 255),
        outline=edge,
        width=round(s),
    )
    draw.polygon(
        _sc([(tx - 4.5 * u, ty - 30 * u), (tx, ty - 38 * u), (tx + 4.5 * u, ty - 30 * u)], s),
        fill=(*theme.STONE, 255),
        outline=edge,
    )
    draw.line(_sc([(tx, ty - 38 * u), (tx, ty - 46 * u)], s), fill=edge, width=round(u * s))
    draw.polygon(
        _sc([(tx, ty - 46 * u), (tx + 8 * u, ty - 43.5 * u), (tx, ty - 41 * u)], s),
        fill=(*theme.BOX_COLOURS["black"], 255),
    )
    # the walls: the outer face with its crenels, the inner face, a tower at each section's end
    outer = _ellipse_arc((cx, cy), city.walls, -90, 90, 90)
    inner = _ellipse_arc((cx, cy), city.inner, -90, 90, 90)
    draw.line(_sc(inner, s), fill=edge, width=round(1.6 * u * s))
    draw.line(_sc(outer, s), fill=edge, width=round(5.5 * u * s), joint="curve")
    draw.line(_sc(outer, s), fill=(*theme.STONE, 255), width=round(3 * u * s), joint="curve")
    for (x, y), angle in along(outer, 9 * u):
        nx, ny = math.sin(angle), -math.cos(angle)
        r = 2.2 * u
        ox, oy = x - nx * 3.5 * u, y - ny * 3.5 * u
        draw.rectangle(_sc([(ox - r, oy - r), (ox + r, oy + r)], s), fill=edge)
    for cut in city.cuts:
        t = (cut - cy) / city.walls[1]
        x_out = cx + city.walls[0] * math.sqrt(max(0.0, 1 - t * t))
        t_in = (cut - cy) / city.inner[1]
        x_in = cx + city.inner[0] * math.sqrt(max(0.0, 1 - t_in * t_in))
        draw.rectangle(
            _sc([(x_in - 2 * u, cut - 5 * u), (x_out + 5 * u, cut + 5 * u)], s),
            fill=(*theme.STONE, 255),
            outline=edge,
            width=round(1.4 * u * s),
        )


def _catapult(draw: ImageDraw.ImageDraw, at: Point, size: float, s: float) -> None:
    """A small trebuchet: an A-frame on a base, the throwing arm and its counterweight."""
    x, y = at
    ink = (52, 38, 24, 255)
    h = size * 1.15
    line = round(max(1.6, h * 0.12) * s)
    draw.line(_sc([(x - h * 0.5, y + h * 0.45), (x + h * 0.5, y + h * 0.45)], s), fill=ink, width=line)
    draw.line(
        _sc([(x - h * 0.32, y + h * 0.45), (x, y - h * 0.1), (x + h * 0.32, y + h * 0.45)], s),
        fill=ink,
        width=line,
    )
    draw.line(_sc([(x - h * 0.6, y - h * 0.5), (x + h * 0.35, y + h * 0.08)], s), fill=ink, width=line)
    draw.rectangle(_sc([(x + h * 0.22, y + h * 0.02), (x + h * 0.5, y + h * 0.28)], s), fill=ink)


def banner_points(at: Point, size: float) -> tuple[list[Point], list[Point]]:
    """A banner of Gondor: the pole and the black flag (a white tree is too small to see)."""
    x, y = at
    pole = [(x - size * 0.3, y + size * 0.5), (x - size * 0.3, y - size * 0.5)]
    flag = [
        (x - size * 0.3, y - size * 0.5),
        (x + size * 0.45, y - size * 0.5),
        (x + size * 0.45, y + size * 0.05),
        (x + size * 0.075, y - size * 0.1),
        (x - size * 0.3, y + size * 0.05),
    ]
    return pole, flag


def _banner(draw: ImageDraw.ImageDraw, at: Point, size: float, s: float) -> None:
    pole, flag = banner_points(at, size)
    draw.line(_sc(pole, s), fill=(60, 45, 30, 255), width=round(max(1.0, size * 0.1) * s))
    draw.polygon(
        _sc(flag, s), fill=(*theme.BOX_COLOURS["black"], 255), outline=(*theme.STONE, 255), width=round(s)
    )
    fx = (flag[0][0] + flag[1][0]) / 2
    draw.line(
        _sc([(fx, at[1] - size * 0.42), (fx, at[1] - size * 0.12)], s),
        fill=(*theme.STONE, 255),
        width=round(max(1.0, size * 0.09) * s),
    )


def _fort(draw: ImageDraw.ImageDraw, at: Point, size: float, s: float) -> None:
    x, y = at
    h = size
    stone, edge = (*theme.STONE, 255), (*theme.STONE_EDGE, 255)
    draw.rectangle(
        _sc([(x - h * 0.5, y - h * 0.2), (x + h * 0.5, y + h * 0.5)], s),
        fill=stone,
        outline=edge,
        width=round(s),
    )
    for i in range(3):
        cx = x - h * 0.5 + i * h * 0.4
        draw.rectangle(
            _sc([(cx, y - h * 0.42), (cx + h * 0.2, y - h * 0.2)], s),
            fill=stone,
            outline=edge,
            width=round(s),
        )
    draw.rectangle(_sc([(x - h * 0.12, y + h * 0.15), (x + h * 0.12, y + h * 0.5)], s), fill=edge)


def grond_points(at: Point, size: float) -> list[list[Point]]:
    """Grond: a long ram with a wolf's head, on its carriage (polygons)."""
    x, y = at
    h = size
    beam = [
        (x - h * 1.1, y - h * 0.12),
        (x + h * 0.7, y - h * 0.12),
        (x + h * 0.7, y + h * 0.12),
        (x - h * 1.1, y + h * 0.12),
    ]
    head = [
        (x + h * 0.7, y - h * 0.22),
        (x + h * 1.05, y - h * 0.1),
        (x + h * 1.2, y + h * 0.05),
        (x + h * 0.95, y + h * 0.12),
        (x + h * 0.7, y + h * 0.2),
        (x + h * 0.78, y - h * 0.36),
    ]
    frame = [
        (x - h * 0.9, y + h * 0.12),
        (x - h * 0.6, y + h * 0.5),
        (x + h * 0.3, y + h * 0.5),
        (x + h * 0.5, y + h * 0.12),
    ]
    return [frame, beam, head]


def _grond(draw: ImageDraw.ImageDraw, at: Point, size: float, s: float) -> None:
    ink = (*theme.BOX_COLOURS["black"], 120)
    for polygon in grond_points(at, size):
        draw.polygon(_sc(polygon, s), fill=ink)


#: Small drawings that say what a territory is, by a word of its id.
DECOR = (
    ("farmsteads", "house"),
    ("fields", "furrows"),
    ("pelennor", "furrows"),
    ("townlands", "house"),
    ("slopes", "pines"),
    ("mindolluin", "pines"),
    ("camps", "tents"),
    ("reaches", "tents"),
    ("flats", "reeds"),
    ("reach", "reeds"),
    ("harlond", "reeds"),
)


def _decor_kind(slug: str) -> str | None:
    return next((kind for word, kind in DECOR if word in slug), None)


def decor_spots(layout: MapLayout, slug: str, size: int, count: int) -> list[Point]:
    """Up to ``count`` spots for ``size``-pixel drawings in a space, clear of its name and pieces."""
    label = layout.labels[slug]
    box = label.box
    mask = cell_mask(raster(layout), layout.number(slug), box)
    left, top = box[0], box[1]
    draw = ImageDraw.Draw(mask)
    face = font(NAME_FONT, label.size)
    half = max(face.getlength(line) for line in label.lines) / 2 + 4
    name_top = label.name[1] - label.size * LEADING * len(label.lines) / 2 - 4
    draw.rectangle(
        (label.name[0] - half - left, name_top - top, label.name[0] + half - left, label.badge[1] - top),
        fill=0,
    )
    w, h = label.room[0], min(label.room[1], 2 * STYLES[layout.name].icon + 4)
    draw.rectangle(
        (
            label.badge[0] - w / 2 - left,
            label.badge[1] - top,
            label.badge[0] + w / 2 - left,
            label.badge[1] + h - top,
        ),
        fill=0,
    )
    found = fits(mask, size + 6, size + 6)
    rng = random.Random(slug)
    out: list[Point] = []
    for _ in range(count):
        if not found:
            break
        spot = found[rng.randrange(len(found))]
        out.append((left + spot[0], top + spot[1]))
        found = [p for p in found if abs(p[0] - spot[0]) > size * 1.6 or abs(p[1] - spot[1]) > size * 1.6]
    return out


def _decor(draw: ImageDraw.ImageDraw, kind: str, at: Point, size: float, s: float) -> None:
    x, y = at
    ink = (*mix(theme.PARCHMENT, theme.NAME_INK, 0.5), 150)
    if kind == "furrows":
        for i in range(4):
            dy = (i - 1.5) * size * 0.22
            draw.line(
                _sc([(x - size * 0.5, y + dy + size * 0.1), (x + size * 0.5, y + dy - size * 0.1)], s),
                fill=ink,
                width=round(s),
            )
    elif kind == "house":
        body = [
            (x - size * 0.35, y + size * 0.3),
            (x - size * 0.35, y - size * 0.05),
            (x, y - size * 0.38),
            (x + size * 0.35, y - size * 0.05),
            (x + size * 0.35, y + size * 0.3),
        ]
        draw.polygon(
            _sc(body, s), fill=(*mix(theme.PARCHMENT, theme.ROAD, 0.5), 150), outline=ink, width=round(s)
        )
    elif kind == "pines":
        for dx, dy in ((-0.3, 0.1), (0.15, -0.15), (0.35, 0.25)):
            cx, cy = x + dx * size, y + dy * size
            draw.polygon(
                _sc(
                    [
                        (cx, cy - size * 0.32),
                        (cx + size * 0.17, cy + size * 0.18),
                        (cx - size * 0.17, cy + size * 0.18),
                    ],
                    s,
                ),
                fill=(70, 96, 60, 120),
            )
    elif kind == "tents":
        for dx in (-0.28, 0.28):
            cx = x + dx * size
            draw.polygon(
                _sc(
                    [
                        (cx, y - size * 0.3),
                        (cx + size * 0.26, y + size * 0.22),
                        (cx - size * 0.26, y + size * 0.22),
                    ],
                    s,
                ),
                fill=(60, 30, 24, 110),
            )
    elif kind == "reeds":
        for dx in (-0.3, -0.1, 0.1, 0.3):
            cx = x + dx * size
            draw.line(
                _sc([(cx, y + size * 0.3), (cx + dx * size * 0.3, y - size * 0.3)], s),
                fill=(70, 100, 80, 130),
                width=round(s),
            )


def _decorations(draw: ImageDraw.ImageDraw, layout: MapLayout, style: MapStyle, s: float) -> None:
    size = round(16 * style.scale)
    for slug in layout.spaces:
        kind = _decor_kind(slug)
        if kind is None or layout.kinds.get(slug) in ("wall", "city") or slug not in layout.labels:
            continue
        for at in decor_spots(layout, slug, size, 3):
            _decor(draw, kind, at, size, s)


def _vector_layer(layout: MapLayout, style: MapStyle) -> Image.Image:
    width, height = layout.size
    s = float(SS)

    def paint(draw: ImageDraw.ImageDraw, _s: float) -> None:
        _decorations(draw, layout, style, s)
        _mountain(draw, layout, style, s)
        _river(draw, layout, style, s)
        _quays(draw, layout, style, s)
        _roads(draw, layout, style, s)
        _osgiliath(draw, layout, style, s)
        _rammas(draw, layout, style, s)
        _city(draw, layout, style, s)
        _grond(draw, layout.grond, 20 * style.scale, s)
        for at in layout.catapults.values():
            _catapult(draw, at, style.mark, s)
        for marks in layout.marks.values():
            if "fort" in marks:
                _fort(draw, marks["fort"], style.mark * 1.2, s)
        for marks in layout.marks.values():
            if "gondor_banner" in marks:
                _banner(draw, marks["gondor_banner"], style.mark, s)

    return supersampled((width, height), paint, scale=SS)


def space_name(layout: MapLayout, slug: str) -> tuple[tuple[str, ...], int]:
    """A space's name on the map, in the language spoken: its lines and size (the layout's in
    English; in another language, fitted in the room the English takes)."""
    label = layout.labels[slug]
    if english():
        return label.lines, label.size
    said = space_label(layout.names[slug])
    return fit_in_room(said, label.lines, label.size, NAME_FONT, face_kind(NAME_FONT))


def draw_space_name(draw: ImageDraw.ImageDraw, layout: MapLayout, slug: str) -> None:
    """A space's name where the layout puts it, in the language spoken."""
    lines, size = space_name(layout, slug)
    name_lines(draw, lines, size, layout.labels[slug].name)


def name_lines(
    draw: ImageDraw.ImageDraw, lines: Sequence[str], size: int, centre: Point, ink: RGB = theme.NAME_INK
) -> None:
    """A name (one or two lines) centred on ``centre``, with a halo."""
    face = font(face_kind(NAME_FONT), size)
    step = size * LEADING
    top = centre[1] - step * len(lines) / 2 + step / 2
    for index, text in enumerate(lines):
        draw.text(
            (centre[0], top + index * step),
            text,
            font=face,
            fill=ink,
            anchor="mm",
            stroke_width=name_halo(size),
            stroke_fill=theme.NAME_HALO,
        )


def _names(overlay: Image.Image, layout: MapLayout, style: MapStyle) -> None:
    draw = ImageDraw.Draw(overlay)
    for slug in layout.labels:
        draw_space_name(draw, layout, slug)
    italic = face("italic", round(style.name_size * 1.05))
    water = (*mix(theme.WATER, (255, 255, 255), 0.6), 255)
    bottom = layout.size[1] - 24 * style.scale
    draw.text(
        (layout.size[0] * 0.66, bottom + 3 * style.scale), tr("Anduin"), font=italic, fill=water, anchor="mm"
    )
    land = (*mix(theme.OUTLANDS, theme.NAME_INK, 0.55), 255)
    draw.text((layout.size[0] * 0.74, 22 * style.scale), tr("Anórien"), font=italic, fill=land, anchor="mm")
    sign = Image.new("RGBA", (round(130 * style.scale), round(22 * style.scale)), (0, 0, 0, 0))
    ImageDraw.Draw(sign).text(
        (sign.width / 2, sign.height / 2),
        tr("Mindolluin"),
        font=italic,
        fill=(*theme.ROCK_LIGHT, 255),
        anchor="mm",
    )
    turned = sign.rotate(90, expand=True)
    overlay.alpha_composite(
        turned,
        (
            round(layout.city.mountain * 0.45 - turned.width / 2),
            round(layout.size[1] * 0.78 - turned.height / 2),
        ),
    )


@lru_cache(maxsize=4)
def _unnamed_overlay(layout: MapLayout) -> Image.Image:
    """The static overlay without its names: the costly part, the same in every language."""
    style = STYLES[layout.name]
    labels = raster(layout)
    overlay = tinted(edges(labels), theme.BORDER, 120)
    shallow = binary(labels, lambda v: v == 251)
    overlay.alpha_composite(tinted(edges(shallow), theme.WATER_EDGE, 200))
    overlay.alpha_composite(_vector_layer(layout, style))
    return overlay


@lru_cache(maxsize=16)
def static_overlay(layout: MapLayout, lang: str = "en") -> Image.Image:
    """Everything on the map that no view changes, as RGBA, its names in ``lang`` (cached; do
    not modify). A new language costs only its names."""
    overlay = _unnamed_overlay(layout).copy()
    with speaking(lang):
        _names(overlay, layout, STYLES[layout.name])
    return overlay


def draw_map(layout: MapLayout, fills: Mapping[str, RGB]) -> Image.Image:
    """The coloured map of one view (RGBA), overlay included, named in the language spoken."""
    image = Image.frombytes("P", layout.size, raster(layout).tobytes())
    image.putpalette(palette(layout, fills))
    coloured = image.convert("RGBA")
    coloured.alpha_composite(static_overlay(layout, current()))
    return coloured
