"""Where each territory's name, badge and Ring spot go inside its cell (build time only)."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from PIL import Image, ImageDraw, ImageFilter

from renderers.common.fonts import font
from renderers.common.text import two_lines

from .theme import MapStyle, badge_row_width

Box = tuple[int, int, int, int]
NAME_FONT = "narrow"
#: Tries in order: (margin around the block, share of it that must lie in the cell).
TRIES = ((6, 1.0), (3, 1.0), (0, 1.0), (0, 0.93), (0, 0.86), (0, 0.8))


@dataclass(frozen=True)
class Placed:
    """A territory's label block: the name's lines and size, the badge centre, the Ring spot."""

    lines: list[str]
    size: int
    name_centre: tuple[float, float]  # centre of the name's lines
    badge: tuple[float, float]
    ring: tuple[float, float]
    fits: bool
    ring_spots: tuple[tuple[float, float], ...]  # everywhere the Ring would fit


def _mask(labels: Image.Image, value: int, box: Box) -> Image.Image:
    crop = labels.crop(box)
    return crop.point(lambda v: 255 if v == value else 0)


def _fits(mask: Image.Image, width: int, height: int, share: float = 1.0) -> list[tuple[int, int]]:
    """Centres (in ``mask``) of the ``width`` x ``height`` boxes lying (at least ``share`` of
    them) on white."""
    rx, ry = width // 2, height // 2
    threshold = min(255, math.ceil(255 * share))
    blurred = mask.filter(ImageFilter.BoxBlur((rx, ry))).point(lambda v: 255 if v >= threshold else 0)
    w, h = mask.size
    data = blurred.tobytes()
    found = []
    for match in re.finditer(b"\xff", data):
        x, y = match.start() % w, match.start() // w
        if rx <= x < w - rx and ry <= y < h - ry:
            found.append((x, y))
    return found


def _best(points: list[tuple[int, int]], towards: tuple[float, float]) -> tuple[int, int]:
    cx = sum(p[0] for p in points) / len(points)
    cy = sum(p[1] for p in points) / len(points)
    goal = ((cx + towards[0]) / 2, (cy + towards[1]) / 2)
    return min(points, key=lambda p: (math.dist(p, goal), p))


def _options(name: str, style: MapStyle) -> list[tuple[int, list[str]]]:
    out: list[tuple[int, list[str]]] = []
    for size in range(style.name_size, style.name_min - 1, -1):
        face = font(NAME_FONT, size)
        out.append((size, [name]))
        split = two_lines(name, face, face.getlength(name) * 0.7)
        if split:
            out.append((size, split))
    return out


def block_size(lines: list[str], size: int, style: MapStyle) -> tuple[int, int]:
    face = font(NAME_FONT, size)
    width = max(badge_row_width(style), *(round(face.getlength(line)) + 4 for line in lines))
    return width, round(size * 1.08 * len(lines)) + style.gap + style.badge


def place(labels: Image.Image, value: int, box: Box, name: str, style: MapStyle) -> Placed:
    """The best label block for cell ``value`` (its bounding ``box`` in ``labels``)."""
    left, top = box[0], box[1]
    mask = _mask(labels, value, box)
    centre = _centroid(mask)
    for margin, share in TRIES:
        for size, lines in _options(name, style):
            width, height = block_size(lines, size, style)
            found = _fits(mask, width + 2 * margin, height + 2 * margin, share)
            if found:
                x, y = _best(found, centre)
                return _finish(mask, (x, y), (width, height), lines, size, style, left, top, True)
    size, lines = _options(name, style)[-1]
    width, height = block_size(lines, size, style)
    return _finish(
        mask, (round(centre[0]), round(centre[1])), (width, height), lines, size, style, left, top, False
    )


def _finish(
    mask: Image.Image,
    at: tuple[int, int],
    block: tuple[int, int],
    lines: list[str],
    size: int,
    style: MapStyle,
    left: int,
    top: int,
    fits: bool,
) -> Placed:
    x, y = at
    width, height = block
    name_height = round(size * 1.08 * len(lines))
    block_top = y - height / 2
    name_centre = (left + x, top + block_top + name_height / 2)
    badge = (left + x, top + block_top + name_height + style.gap + style.badge / 2)
    rest = mask.copy()
    ImageDraw.Draw(rest).rectangle(
        (x - width / 2 - 3, block_top - 3, x + width / 2 + 3, block_top + height + 3), fill=0
    )
    spots = _fits(rest, style.ring + 2, style.ring + 2)
    if spots:
        rx, ry = min(spots, key=lambda p: (math.dist(p, (x, y)), p))
        ring = (float(left + rx), float(top + ry))
    else:  # no room apart: the Ring sits on the badge's right
        ring = (left + x + style.badge * 0.9, badge[1])
    every = tuple((float(left + px), float(top + py)) for px, py in spots[::3]) or (ring,)
    return Placed(lines, size, name_centre, badge, ring, fits, every)


def _centroid(mask: Image.Image) -> tuple[float, float]:
    w, _ = mask.size
    xs = ys = count = 0
    for i, v in enumerate(mask.tobytes()):
        if v:
            xs += i % w
            ys += i // w
            count += 1
    return (xs / count, ys / count) if count else (mask.size[0] / 2, mask.size[1] / 2)
