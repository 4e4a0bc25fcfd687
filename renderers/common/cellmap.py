"""The grown-cell map shared by Risk: The Lord of the Rings and War of the Ring.

Both maps are label rasters (:mod:`renderers.common.cells`): every pixel holds the sea, a cell's
number (1 + its index in the layout's order) or a barrier (a ridge or river pixel between two
cells that touch but are not adjacent in the game). This module holds what the two games do
alike with such a map:

- building it (the ``build_layout`` scripts): :func:`natural` (a drawn-looking outline),
  :func:`seeds` and :func:`link` (where the
  cells grow from), :func:`mark_barriers` (borders that the game
  does not cross become ridges or rivers), :func:`xy` (rounded JSON coordinates),
  :func:`bboxes` (each cell's bounding box), :func:`barrier_paths` (each barrier as smoothed
  polylines), :func:`connectivity` (cells that fell apart);
- reading it back (the ``layout`` modules): :func:`read_json`, :func:`point`, :func:`box`,
  :func:`polylines` and :func:`load_raster` (the raster as a mode ``"L"`` image, cached);
- drawing it (the ``board`` modules): masks (:func:`binary`, :func:`edges`, :func:`tinted`),
  :func:`base_palette` (the raster's palette), points along a path (:func:`scaled`,
  :func:`along`), :func:`draw_ridge` and :func:`name_halo`.

Where the games differ (the ridge's proportions, a dot where two cells meet only at a corner)
the functions take a parameter; the colours always come from the caller's theme.
"""

from __future__ import annotations

import itertools
import json
import math
import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

from PIL import Image, ImageChops, ImageDraw

from . import cells
from .cells import RIDGE, RIVER, SEA, Point
from .colours import RGB

__all__ = [
    "Box",
    "Links",
    "Point",
    "along",
    "barrier_paths",
    "base_palette",
    "bboxes",
    "binary",
    "box",
    "connectivity",
    "draw_ridge",
    "edges",
    "link",
    "load_raster",
    "mark_barriers",
    "name_halo",
    "natural",
    "point",
    "polylines",
    "read_json",
    "scaled",
    "seeds",
    "tinted",
    "xy",
]

Box = tuple[int, int, int, int]  # left, top, right, bottom (right and bottom exclusive)
_LOCK = threading.Lock()


# -- building -----------------------------------------------------------------------------------


def xy(point: Point) -> list[float]:
    """``point`` as written to a layout file (rounded to 0.1 pixel)."""
    return [round(point[0], 1), round(point[1], 1)]


def bboxes(labels: list[int], size: tuple[int, int]) -> dict[int, Box]:
    """Each cell's bounding box in the label raster ``labels`` (row by row, ``size`` wide)."""
    width = size[0]
    boxes: dict[int, list[int]] = {}
    for index, label in enumerate(labels):
        if cells.is_territory(label):
            y, x = divmod(index, width)
            found = boxes.setdefault(label, [x, y, x, y])
            found[0], found[1] = min(found[0], x), min(found[1], y)
            found[2], found[3] = max(found[2], x), max(found[3], y)
    return {label: (b[0], b[1], b[2] + 1, b[3] + 1) for label, b in boxes.items()}


def natural(ring: Sequence[Point], frame: tuple[float, float], step: float, wobble: float) -> list[Point]:
    """A closed outline made to look drawn: subdivided every ``step`` map units, nudged by a
    fixed wobble of ``wobble`` units (points on the map's ``frame``, width and height, stay
    put), then smoothed."""
    width, height = frame
    out: list[Point] = []
    ring = list(ring)
    for (x0, y0), (x1, y1) in zip(ring, ring[1:] + ring[:1], strict=True):
        steps = max(1, int(math.hypot(x1 - x0, y1 - y0) / step))
        for i in range(steps):
            x, y = x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps
            if 0 < x < width and 0 < y < height:
                x += wobble * math.sin(x * 0.13 + y * 0.07) * math.cos(y * 0.11)
                y += wobble * math.sin(y * 0.12 - x * 0.05) * math.cos(x * 0.09)
            out.append((x, y))
    for _ in range(2):
        out = [
            point
            for (x0, y0), (x1, y1) in zip(out, out[1:] + out[:1], strict=True)
            for point in (
                (0.75 * x0 + 0.25 * x1, 0.75 * y0 + 0.25 * y1),
                (0.25 * x0 + 0.75 * x1, 0.25 * y0 + 0.75 * y1),
            )
        ]
    return out


Links = dict[str, list[list[Point]]]  # cell -> extra skeleton segments


def seeds(
    ids: Sequence[str],
    skeletons: Mapping[str, Sequence[Point]],
    scale: float,
    *,
    step: float,
    bias: Mapping[str, float] | None = None,
    links: Links | None = None,
    warp: Callable[[Point], Point] | None = None,
) -> list[cells.Seed]:
    """The seeds of :func:`cells.grow`: points every ``step`` map units along each cell's
    skeleton (and its ``links``), first moved by ``warp`` if given, at ``scale``, each with its
    cell's head start ``bias`` (map units)."""

    def spaced(design: Sequence[Point]) -> list[Point]:
        skeleton = [warp(p) for p in design] if warp else list(design)
        points = [skeleton[0]]
        for (x0, y0), (x1, y1) in itertools.pairwise(skeleton):
            steps = max(1, int(math.hypot(x1 - x0, y1 - y0) / step))
            points += [(x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps) for i in range(1, steps + 1)]
        return points

    out: list[cells.Seed] = []
    for number, slug in enumerate(ids, start=1):
        head = (bias or {}).get(slug, 0.0) * scale
        points = spaced(skeletons[slug])
        for segment in (links or {}).get(slug, []):
            points += spaced(segment)
        out += [(round(x * scale), round(y * scale), number, head) for x, y in points]
    return out


def link(links: Links, skeletons: Mapping[str, Sequence[Point]], a: str, b: str) -> None:
    """Extend the skeletons of ``a`` and ``b`` toward each other (their nearest points), so
    that their cells meet along a border across that line."""
    pa, pb = min(((p, q) for p in skeletons[a] for q in skeletons[b]), key=lambda pq: math.dist(*pq))
    for here, there, owner in ((pa, pb, a), (pb, pa, b)):
        end = (here[0] + (there[0] - here[0]) * 0.42, here[1] + (there[1] - here[1]) * 0.42)
        links.setdefault(owner, []).append([here, end])


def mark_barriers(
    raw: list[int],
    size: tuple[int, int],
    slug_of: Mapping[int, str],
    kind_of: Callable[[frozenset[str]], str | None],
) -> tuple[list[int], dict[frozenset[str], str]]:
    """Turn the border of every pair of cells that touch (diagonally too) into a barrier where
    ``kind_of(pair of slugs)`` says so ("river" or "ridge"; ``None`` keeps the border open).
    Returns the labels with both sides of those borders marked :data:`RIVER` or :data:`RIDGE`,
    and the barriers (pair of slugs -> kind)."""
    labels = list(raw)
    width, height = size
    faces: dict[frozenset[int], list[tuple[int, int]]] = {}
    for index, other, label in cells._pairs(raw, width, height, True):
        if cells.is_territory(raw[index]) and cells.is_territory(label):
            faces.setdefault(frozenset((raw[index], label)), []).append((index, other))
    barriers: dict[frozenset[str], str] = {}
    for pair in cells.contacts(raw, size, diagonal=True):
        low, high = sorted(pair)
        names = frozenset((slug_of[low], slug_of[high]))
        kind = kind_of(names)
        if kind is None:
            continue
        barriers[names] = kind
        value = RIVER if kind == "river" else RIDGE
        for index, other in faces[pair]:
            labels[index] = value
            labels[other] = value
    return labels, barriers


def barrier_paths(
    raw: list[int],
    size: tuple[int, int],
    ids: Sequence[str],
    barriers: Mapping[frozenset[str], str],
    *,
    corner_dots: bool = False,
) -> list[dict[str, Any]]:
    """Each barrier's border as smoothed polylines (pixels), in the order of the sorted pairs:
    ``{"a", "b", "kind", "paths"}``. ``raw`` is the raster before the barriers were marked,
    ``ids`` the cells' slugs (value = 1 + index), ``barriers`` pair -> kind. With
    ``corner_dots`` a pair whose cells only meet at a corner gets a one-pixel dot there
    (otherwise no path)."""
    number = {slug: i for i, slug in enumerate(ids, start=1)}
    out = []
    borders = cells.border_points(raw, size)
    for pair, kind in sorted(barriers.items(), key=lambda item: sorted(item[0])):
        a, b = sorted(pair)
        points = borders[frozenset((number[a], number[b]))]
        paths = [
            [xy(p) for p in cells.chaikin(cells.simplify(path, 0.9), 2)]
            for path in cells.order_path(points)
            if len(path) >= 2
        ]
        if corner_dots and not paths:  # the cells meet at a corner: a dot of ridge or river
            (x, y) = points[0]
            paths = [[xy((x - 0.5, y - 0.5)), xy((x + 0.5, y + 0.5))]]
        out.append({"a": a, "b": b, "kind": kind, "paths": paths})
    return out


def connectivity(labels: list[int], size: tuple[int, int], slug_of: Mapping[int, str]) -> list[str]:
    """Cells that are not one 4-connected piece (small crumbs are reported too)."""
    pieces: dict[int, list[int]] = {}
    for label, piece in cells.components(labels, size):
        pieces.setdefault(label, []).append(len(piece))
    return [
        f"{slug_of[label]} in {len(counts)} pieces {sorted(counts, reverse=True)}"
        for label, counts in pieces.items()
        if len(counts) > 1
    ]


# -- reading ------------------------------------------------------------------------------------


@lru_cache(maxsize=4)
def read_json(path: Path) -> dict[str, Any]:
    """A layout file (cached for the process; do not modify)."""
    with _LOCK:
        data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def point(raw: Any) -> Point:
    """A point of a layout file."""
    return (float(raw[0]), float(raw[1]))


def box(raw: Any) -> Box:
    """A bounding box of a layout file."""
    return (int(raw[0]), int(raw[1]), int(raw[2]), int(raw[3]))


def polylines(raw: Iterable[Any]) -> tuple[tuple[Point, ...], ...]:
    """The polylines of a barrier in a layout file."""
    return tuple(tuple(point(p) for p in path) for path in raw)


@lru_cache(maxsize=16)
def load_raster(path: Path) -> Image.Image:
    """The label raster at ``path`` as a mode ``"L"`` image (cached; do not modify it)."""
    with _LOCK:
        image = Image.open(path)
        image.load()
    return image if image.mode == "L" else image.convert("L")


# -- drawing ------------------------------------------------------------------------------------


def binary(image: Image.Image, keep: Callable[[int], bool]) -> Image.Image:
    """255 where ``keep`` holds for the pixel's value, 0 elsewhere."""
    return image.point(lambda v: 255 if keep(v) else 0)


def edges(image: Image.Image) -> Image.Image:
    """255 where a pixel differs from its right or lower neighbour."""
    right = ImageChops.offset(image, -1, 0)
    down = ImageChops.offset(image, 0, -1)
    diff = ImageChops.lighter(ImageChops.difference(image, right), ImageChops.difference(image, down))
    return diff.point(lambda v: 255 if v else 0)


def tinted(mask: Image.Image, colour: RGB, alpha: int) -> Image.Image:
    """An RGBA layer of ``colour``, as opaque as ``mask`` allows (at most ``alpha``)."""
    layer = Image.new("RGBA", mask.size, (*colour, 0))
    layer.putalpha(mask.point(lambda v: alpha * v // 255))
    return layer


def base_palette(sea: RGB, ridge: RGB, river: RGB, fills: Sequence[RGB]) -> list[int]:
    """The raster's palette: the sea, the barriers, and ``fills`` for the cells 1, 2, …"""
    values = [0] * 768
    values[SEA * 3 : SEA * 3 + 3] = list(sea)
    values[RIDGE * 3 : RIDGE * 3 + 3] = list(ridge)
    values[RIVER * 3 : RIVER * 3 + 3] = list(river)
    for number, fill in enumerate(fills, start=1):
        values[number * 3 : number * 3 + 3] = list(fill)
    return values


def scaled(points: Sequence[Point], s: float) -> list[Point]:
    """``points`` times ``s`` (for a supersampled layer)."""
    return [(x * s, y * s) for x, y in points]


def along(path: Sequence[Point], step: float) -> list[tuple[Point, float]]:
    """Points every ``step`` pixels along ``path`` with the direction there (radians)."""
    out: list[tuple[Point, float]] = []
    carry = step / 2
    for (x0, y0), (x1, y1) in itertools.pairwise(path):
        length = math.hypot(x1 - x0, y1 - y0)
        if length == 0:
            continue
        angle = math.atan2(y1 - y0, x1 - x0)
        position = carry
        while position <= length:
            t = position / length
            out.append(((x0 + (x1 - x0) * t, y0 + (y1 - y0) * t), angle))
            position += step
        carry = position - length
    return out


def draw_ridge(
    draw: ImageDraw.ImageDraw,
    path: Sequence[Point],
    width: float,
    s: float,
    colours: tuple[RGB, RGB, RGB],
    *,
    peak: float,
    spacing: float,
    top: float,
) -> None:
    """A mountain ridge along ``path``: a dark-edged line ``width`` wide with peaks on it.
    ``colours`` are (ridge, dark edge, light face); a peak is ``peak`` times ``width`` wide,
    one every ``spacing`` peaks, its tip ``top`` peaks above the line; ``s`` the supersampling."""
    ridge, dark, light = colours
    line = width * s
    draw.line(scaled(path, s), fill=(*dark, 255), width=round(line + 2 * s), joint="curve")
    draw.line(scaled(path, s), fill=(*ridge, 255), width=round(line), joint="curve")
    size = width * peak
    for (x, y), _angle in along(path, size * spacing):
        base = [(x - size * 0.62, y + size * 0.42), (x, y - size * top), (x + size * 0.62, y + size * 0.42)]
        draw.polygon(scaled(base, s), fill=(*light, 255), outline=(*dark, 255))
        shade = [(x, y - size * top), (x + size * 0.62, y + size * 0.42), (x + size * 0.05, y + size * 0.42)]
        draw.polygon(scaled(shade, s), fill=(*ridge, 255))


def name_halo(size: int) -> int:
    """The halo (stroke width) around a name of ``size`` points."""
    return 2 if size >= 13 else 1
