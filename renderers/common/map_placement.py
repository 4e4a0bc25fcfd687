"""Finding room for a label inside one cell of a label raster (build time only).

The ``placement`` modules of the map games place each cell's name, badge and marks with these:
:func:`cell_mask` (the cell as white on black), :func:`fits` (where a box lies inside it),
:func:`centroid` and :func:`best` (which of those places to take) and :func:`name_options` (the
sizes and line splits of a name to try, best first).
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable

from PIL import Image, ImageFilter

from .cellmap import Box
from .fonts import FontKind, font
from .text import two_lines

__all__ = ["best", "cell_mask", "centroid", "fits", "name_options"]


def cell_mask(labels: Image.Image, value: int, box: Box, pad: int = 0) -> Image.Image:
    """Cell ``value`` of ``labels`` cropped to its ``box`` (grown by ``pad`` on every side):
    255 inside the cell, 0 elsewhere."""
    crop = labels.crop((box[0] - pad, box[1] - pad, box[2] + pad, box[3] + pad))
    return crop.point(lambda v: 255 if v == value else 0)


def fits(mask: Image.Image, width: int, height: int, share: float = 1.0) -> list[tuple[int, int]]:
    """Centres (in ``mask``) of the ``width`` x ``height`` boxes lying (at least ``share`` of
    them) on white.

    A box narrower or lower than 2 pixels is tested as 2 (a zero blur radius would test one
    pixel), and a share below 1 is compared one step lower, so that the rounding of the blur
    does not turn away a box that lies on exactly that share."""
    rx, ry = max(1, width // 2), max(1, height // 2)
    threshold = min(255, math.ceil(255 * share) - (1 if share < 1 else 0))
    blurred = mask.filter(ImageFilter.BoxBlur((rx, ry))).point(lambda v: 255 if v >= threshold else 0)
    w, h = mask.size
    data = blurred.tobytes()
    found = []
    for match in re.finditer(b"\xff", data):
        x, y = match.start() % w, match.start() // w
        if rx <= x < w - rx and ry <= y < h - ry:
            found.append((x, y))
    return found


def centroid(mask: Image.Image) -> tuple[float, float]:
    """The centre of the white pixels of ``mask`` (its middle when there are none)."""
    w, _ = mask.size
    xs = ys = count = 0
    for i, v in enumerate(mask.tobytes()):
        if v:
            xs += i % w
            ys += i // w
            count += 1
    return (xs / count, ys / count) if count else (mask.size[0] / 2, mask.size[1] / 2)


def best(points: list[tuple[int, int]], towards: tuple[float, float]) -> tuple[int, int]:
    """Of ``points``, the one nearest halfway between their middle and ``towards`` (ties: the
    smallest point, so that a build is repeatable)."""
    cx = sum(p[0] for p in points) / len(points)
    cy = sum(p[1] for p in points) / len(points)
    goal = ((cx + towards[0]) / 2, (cy + towards[1]) / 2)
    return min(points, key=lambda p: (math.dist(p, goal), p))


def name_options(
    forms: Iterable[str], largest: int, smallest: int, split_at: float, face: FontKind = "narrow"
) -> list[tuple[int, list[str]]]:
    """(size, lines) to try for a name, best first: each of its ``forms`` (the full name first,
    then shorter ones) from ``largest`` down to ``smallest``, on one line and then split in two
    where the first line is about ``split_at`` of the whole."""
    out: list[tuple[int, list[str]]] = []
    for form in forms:
        for size in range(largest, smallest - 1, -1):
            typeface = font(face, size)
            out.append((size, [form]))
            split = two_lines(form, typeface, typeface.getlength(form) * split_at)
            if split:
                out.append((size, split))
    return out
