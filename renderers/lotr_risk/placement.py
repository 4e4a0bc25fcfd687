"""Where each territory's name, badge and Ring spot go inside its cell (build time only)."""

from __future__ import annotations

import math
from dataclasses import dataclass

from PIL import Image, ImageDraw

from renderers.common.cellmap import Box
from renderers.common.fonts import FontKind, font
from renderers.common.map_placement import best, cell_mask, centroid, fits, name_options

from .theme import MapStyle, badge_row_width

NAME_FONT: FontKind = "narrow"
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


def _options(name: str, style: MapStyle) -> list[tuple[int, list[str]]]:
    return name_options((name,), style.name_size, style.name_min, 0.7)


def block_size(lines: list[str], size: int, style: MapStyle) -> tuple[int, int]:
    face = font(NAME_FONT, size)
    width = max(badge_row_width(style), *(round(face.getlength(line)) + 4 for line in lines))
    return width, round(size * 1.08 * len(lines)) + style.gap + style.badge


def place(labels: Image.Image, value: int, box: Box, name: str, style: MapStyle) -> Placed:
    """The best label block for cell ``value`` (its bounding ``box`` in ``labels``)."""
    left, top = box[0], box[1]
    mask = cell_mask(labels, value, box)
    centre = centroid(mask)
    for margin, share in TRIES:
        for size, lines in _options(name, style):
            width, height = block_size(lines, size, style)
            found = fits(mask, width + 2 * margin, height + 2 * margin, share)
            if found:
                x, y = best(found, centre)
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
    inside: bool,
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
    spots = fits(rest, style.ring + 2, style.ring + 2)
    if spots:
        rx, ry = min(spots, key=lambda p: (math.dist(p, (x, y)), p))
        ring = (float(left + rx), float(top + ry))
    else:  # no room apart: the Ring sits on the badge's right
        ring = (left + x + style.badge * 0.9, badge[1])
    every = tuple((float(left + px), float(top + py)) for px, py in spots[::3]) or (ring,)
    return Placed(lines, size, name_centre, badge, ring, inside, every)
