"""Where each region's name, settlement icon and badge anchor go inside its cell (build time only).

A region's *block* is its name (one or two lines, the settlement icon on the left of the first
line) with room for a unit badge under it. The block is put where it lies inside the cell, as
near the cell's middle as it may; failing that the name alone, with the badge anchor in the rest
of the cell; and in the compact layout a name that fits nowhere is shortened (``N. Rhovanion``)
or, for a region with no city or stronghold, left out (the zoom shows it).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PIL import Image, ImageDraw

from renderers.common.cellmap import Box
from renderers.common.fonts import FontKind, font
from renderers.common.map_placement import best, cell_mask, centroid, fits, name_options

from .theme import MapStyle

NAME_FONT: FontKind = "narrow"
LEADING = 1.04  # line step as a share of the size
#: Settlements whose name is never left out.
KEEP = ("city", "stronghold")
#: Shorter forms, tried after the full name no longer fits (compact and full layouts).
SHORT: dict[str, tuple[str, ...]] = {
    "Narrows of the Forest": ("Narrows of Forest", "Narrows"),
    "Vale of the Carnen": ("Carnen Vale", "Carnen"),
    "Vale of the Celduin": ("Celduin Vale", "Celduin"),
    "Old Forest Road": ("Forest Road",),
    "North Anduin Vale": ("N. Anduin Vale",),
    "South Anduin Vale": ("S. Anduin Vale",),
    "Eastern Brown Lands": ("E. Brown Lands",),
    "Western Brown Lands": ("W. Brown Lands",),
    "Eastern Emyn Muil": ("E. Emyn Muil",),
    "Western Emyn Muil": ("W. Emyn Muil",),
    "Northern Rhovanion": ("N. Rhovanion",),
    "Southern Rhovanion": ("S. Rhovanion",),
    "Northern Dorwinion": ("N. Dorwinion",),
    "Southern Dorwinion": ("S. Dorwinion",),
    "Northern Mirkwood": ("N. Mirkwood",),
    "Southern Mirkwood": ("S. Mirkwood",),
    "Eastern Mirkwood": ("E. Mirkwood",),
    "Western Mirkwood": ("W. Mirkwood",),
    "North Ered Luin": ("N. Ered Luin",),
    "South Ered Luin": ("S. Ered Luin",),
    "North Ithilien": ("N. Ithilien",),
    "South Ithilien": ("S. Ithilien",),
    "North Dunland": ("N. Dunland",),
    "South Dunland": ("S. Dunland",),
    "East Harondor": ("E. Harondor",),
    "West Harondor": ("W. Harondor",),
    "Fords of Bruinen": ("Bruinen",),
    "Mount Gundabad": ("Gundabad",),
}


@dataclass(frozen=True)
class Placed:
    """A region's name (lines, size: none when left out), its centre, the settlement icon's
    centre and the badge anchor (the top middle of the room for badges)."""

    lines: list[str]
    size: int
    name: tuple[float, float]
    icon: tuple[float, float] | None
    badge: tuple[float, float]
    fits: bool


def icon_size(settlement: str | None, style: MapStyle) -> int:
    """The drawn size of a settlement's icon (0 for none)."""
    if settlement is None:
        return 0
    return {"town": round(style.icon * 0.62), "city": round(style.icon * 0.8)}.get(settlement, style.icon)


def options(
    name: str, settlement: str | None, style: MapStyle, *, shorten: bool
) -> list[tuple[int, list[str]]]:
    """(size, lines) to try, best first: the full name on one or two lines from the largest
    size down, then its shorter forms."""
    top = style.settlement_size if settlement in KEEP else style.name_size
    forms = (name, *SHORT.get(name, ())) if shorten else (name,)
    return name_options(forms, top, style.name_min, 0.72)


def name_box(lines: list[str], size: int, settlement: str | None, style: MapStyle) -> tuple[int, int]:
    """Width and height of a name block (the icon on the left, centred on the lines)."""
    face = font(NAME_FONT, size)
    icon = icon_size(settlement, style)
    width = max(face.getlength(line) for line in lines) + (icon + 3 if icon else 0)
    height = max(round(size * LEADING * len(lines)), icon)
    return round(width) + 4, height + 2


def badge_room(style: MapStyle) -> tuple[int, int]:
    """The room kept under a name for a usual badge (one nation row)."""
    return round(style.chip * 2.4), style.chip


TRIES = ((1.0, 3), (1.0, 0), (0.93, 0), (0.86, 0))


def place(
    labels: Image.Image,
    value: int,
    box: Box,
    name: str,
    settlement: str | None,
    style: MapStyle,
    *,
    shorten: bool = True,
) -> Placed:
    """The best block for cell ``value`` (its bounding ``box`` in ``labels``)."""
    pad = style.chip
    left, top = box[0] - pad, box[1] - pad
    mask = cell_mask(labels, value, box, pad)
    middle = centroid(mask)
    badge_w, badge_h = badge_room(style)
    gap = 2
    choices = options(name, settlement, style, shorten=shorten)
    # 1. name and badge room together
    for share, margin in TRIES:
        for size, lines in choices:
            width, height = name_box(lines, size, settlement, style)
            total_w, total_h = max(width, badge_w), height + gap + badge_h
            found = fits(mask, total_w + 2 * margin, total_h + 2 * margin, share)
            if found:
                x, y = best(found, middle)
                block_top = y - total_h / 2
                return _result(lines, size, settlement, style, (x, block_top), width, height, gap, left, top)
    # 2. the name alone, the badge where there is room left
    for share in (1.0, 0.9, 0.8):
        for size, lines in choices:
            width, height = name_box(lines, size, settlement, style)
            found = fits(mask, width, height, share)
            if found:
                x, y = best(found, middle)
                rest = mask.copy()
                ImageDraw.Draw(rest).rectangle(
                    (x - width / 2 - 2, y - height / 2 - 2, x + width / 2 + 2, y + height / 2 + 2), fill=0
                )
                spots = fits(rest, badge_w, badge_h, 0.7) or fits(rest, badge_h, badge_h, 0.8)
                below = [p for p in spots if p[1] - badge_h / 2 >= y + height / 2]
                if below:
                    spots = below
                if spots:
                    bx, by = min(spots, key=lambda p: (math.dist(p, (x, y + height / 2)), p))
                    badge = (float(left + bx), float(top + by - badge_h / 2))
                else:
                    badge = (float(left + x), float(top + y + height / 2 + gap))
                placed = _result(
                    lines, size, settlement, style, (x, y - height / 2), width, height, gap, left, top
                )
                return Placed(placed.lines, placed.size, placed.name, placed.icon, badge, True)
    # 3. nothing fits: keep the settlements' names anyway, leave the others out
    x, y = round(middle[0]), round(middle[1])
    if settlement in KEEP or not shorten:
        size, lines = choices[-1]
        width, height = name_box(lines, size, settlement, style)
        return _result(
            lines, size, settlement, style, (x, y - height / 2), width, height, gap, left, top, False
        )
    icon = icon_size(settlement, style)
    icon_at = (float(left + x), float(top + y - icon / 2 - 1)) if icon else None
    return Placed(
        [], 0, (float(left + x), float(top + y)), icon_at, (float(left + x), float(top + y + 2)), True
    )


def _result(
    lines: list[str],
    size: int,
    settlement: str | None,
    style: MapStyle,
    at: tuple[float, float],
    width: int,
    height: int,
    gap: int,
    left: int,
    top: int,
    fits_cell: bool = True,
) -> Placed:
    """The placed block from its top middle ``at`` (in the mask)."""
    x, block_top = at
    icon = icon_size(settlement, style)
    name_y = block_top + height / 2
    if icon:
        name_x = x + (icon + 3) / 2
        icon_at: tuple[float, float] | None = (left + x - width / 2 + 2 + icon / 2, top + name_y)
    else:
        name_x, icon_at = x, None
    badge = (float(left + x), float(top + block_top + height + gap))
    return Placed(lines, size, (float(left + name_x), float(top + name_y)), icon_at, badge, fits_cell)
