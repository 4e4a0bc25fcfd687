"""Regenerate ``data/confrontation/layout.json`` (run: ``python -m renderers.confrontation.build_layout``).

The board is a 4x4 grid turned 45°: region ``(x, y)`` (Mordor ``(0, 0)``, the Shire ``(3, 3)``)
sits in row ``x + y`` from the top and column ``y - x`` (left is north as seen from the Shire).

Two layouts are written. The **full** one (the file's top level, 1200 x 900) draws regions as
flattened hexagons, so that every pair of regions that touch in the game shares an edge;
Mordor and the Shire are widened banners because they hold four pieces a side. The
**compact** one (under ``"compact"``, 800 wide, for Discord's small inline pictures) lays the
seven rows as full-width strips of 1-2-3-4-3-2-1 rectangular tiles, like bricks: each tile
touches exactly the tiles it borders in the game (its neighbours in its row, and the two of the
next row that overlap it), and no space is lost in the corners of the diamond, so pieces and
names can be drawn large. The JSON is the source the renderer reads; this script only saves
hand-computing the coordinates.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

from renderers.common.paths import DATA_DIR

SIZE = (1200, 900)
CENTRE_X = 400
HALF_WIDTH = 95  # half the width of a hexagon
TIP = 20  # height of the pointed top and bottom of a hexagon
SIDE = 100  # height of its straight sides
TOP = 20  # y of the board's top edge
PITCH = TIP + SIDE
BANNER_HALF_WIDTH = 215  # Mordor and the Shire

# slug: (name, grid x, grid y, capacity, mountain, fill, ink)
REGIONS: list[tuple[str, str, int, int, int, bool, str, str]] = [
    ("mordor", "Mordor", 0, 0, 4, False, "#3d2622", "#f0d9c8"),
    ("dagorlad", "Dagorlad", 1, 0, 2, False, "#8c7d66", "#1f1a14"),
    ("gondor", "Gondor", 0, 1, 2, False, "#b7c2c4", "#1c2226"),
    ("mirkwood", "Mirkwood", 2, 0, 2, False, "#3e5a3b", "#e8efd9"),
    ("fangorn", "Fangorn", 1, 1, 2, False, "#537646", "#eef3e2"),
    ("rohan", "Rohan", 0, 2, 2, False, "#cbb463", "#2a2310"),
    ("high_pass", "High Pass", 3, 0, 1, True, "#9b968f", "#1d1c1a"),
    ("misty_mountains", "Misty Mountains", 2, 1, 1, True, "#8e8a85", "#1d1c1a"),
    ("caradhras", "Caradhras", 1, 2, 1, True, "#a49d96", "#1d1c1a"),
    ("gap_of_rohan", "Gap of Rohan", 0, 3, 1, True, "#9d988c", "#1d1c1a"),
    ("rhudaur", "Rhudaur", 3, 1, 2, False, "#8f9b5e", "#1f2412"),
    ("eregion", "Eregion", 2, 2, 2, False, "#7ea26a", "#17210f"),
    ("enedwaith", "Enedwaith", 1, 3, 2, False, "#b6a870", "#2a2410"),
    ("arthedain", "Arthedain", 3, 2, 2, False, "#a0c078", "#1a240f"),
    ("cardolan", "Cardolan", 2, 3, 2, False, "#b5c67f", "#1f2610"),
    ("shire", "The Shire", 3, 3, 4, False, "#86b962", "#132010"),
]

Point = list[float]


def centre(x: int, y: int) -> tuple[float, float]:
    return CENTRE_X + (y - x) * HALF_WIDTH, TOP + (x + y) * PITCH + TIP + SIDE / 2


def hexagon(cx: float, cy: float) -> list[Point]:
    h, s = HALF_WIDTH, SIDE / 2
    return [
        [cx, cy - s - TIP],
        [cx + h, cy - s],
        [cx + h, cy + s],
        [cx, cy + s + TIP],
        [cx - h, cy + s],
        [cx - h, cy - s],
    ]


def banner(cx: float, cy: float, *, notch_down: bool) -> list[Point]:
    """Mordor (notch at the bottom) or the Shire (notch at the top): twice as wide as a hexagon,
    its notch nesting exactly between its two neighbours."""
    h, s, wide, chamfer = HALF_WIDTH, SIDE / 2, BANNER_HALF_WIDTH, 20
    sign = 1 if notch_down else -1
    near, far = cy + sign * s, cy - sign * (s + TIP)
    points = [
        [cx, cy + sign * (s + TIP)],
        [cx + h, near],
        [cx + wide, near],
        [cx + wide, far + sign * chamfer],
        [cx + wide - chamfer, far],
        [cx - wide + chamfer, far],
        [cx - wide, far + sign * chamfer],
        [cx - wide, near],
        [cx - h, near],
    ]
    return points


def region_entry(
    slug: str, name: str, x: int, y: int, capacity: int, mountain: bool, fill: str, ink: str
) -> dict[str, Any]:
    cx, cy = centre(x, y)
    home = slug in ("mordor", "shire")
    half = BANNER_HALF_WIDTH - 8 if home else HALF_WIDTH - 4
    polygon = banner(cx, cy, notch_down=slug == "mordor") if home else hexagon(cx, cy)
    label = [cx, cy - SIDE / 2 + 11]
    pieces_left, pieces_right = cx - half, cx + half
    if slug == "caradhras":  # leave room on the left for the Tunnel of Moria
        label[0] += 10
        pieces_left += 44
    badge = [cx, cy - SIDE / 2 - 9] if slug == "shire" else [cx, cy + SIDE / 2 + 8]
    return {
        "name": name,
        "grid": [x, y],
        "capacity": capacity,
        "mountain": mountain,
        "fill": fill,
        "ink": ink,
        "centre": [cx, cy],
        "polygon": polygon,
        "label": label,
        "capacity_badge": badge,
        "rows": {"sauron": cy - 10, "fellowship": cy + 24},
        "pieces_span": [pieces_left, pieces_right],
    }


def build() -> dict[str, Any]:
    regions = {entry[0]: region_entry(*entry) for entry in REGIONS}
    mirk_y = regions["mirkwood"]["centre"][1] + SIDE / 2 - 8
    return {
        "size": list(SIZE),
        "background": "#1b1916",
        "border": "#15120e",
        "regions": regions,
        "river": {
            "name": "Anduin",
            "colour": "#4f9ad6",
            "path": [
                [regions["mirkwood"]["centre"][0] - 75, mirk_y],
                [regions["rohan"]["centre"][0] + 75, mirk_y],
            ],
            "chevrons": [[CENTRE_X - HALF_WIDTH, mirk_y], [CENTRE_X + HALF_WIDTH, mirk_y]],
        },
        "tunnel": {
            "name": "Tunnel of Moria",
            "colour": "#2b1d12",
            "path": [[422, 512], [441, 488], [443, 430], [420, 388]],
        },
        "areas": {
            "title": [18, 18, 180, 130],
            "status": [620, 18, 782, 140],
            "legend": [18, 650, 205, 882],
            "paths_legend": [595, 650, 782, 882],
            "panel": [800, 12, 1188, 888],
        },
        "compact": build_compact(),
    }


# -- the compact layout: rows of tiles ------------------------------------------------------

COMPACT_WIDTH = 800
COMPACT_MARGIN = 8  # left and right of the board
COMPACT_HEADER = 112  # status band above the board
COMPACT_TOP = COMPACT_HEADER + 6
ROW_HEIGHT = 108
ROW_GAP = 6
RIVER_GAP = 14  # the Anduin runs between the forest row and the mountains
TILE_GAP = 6
ROW_SIZES = (1, 2, 3, 4, 3, 2, 1)
TUNNEL_X = 414  # inside Caradhras, near its left edge (Eregion and Fangorn lie on both sides)


def row_top(row: int) -> float:
    return COMPACT_TOP + row * (ROW_HEIGHT + ROW_GAP) + (RIVER_GAP - ROW_GAP if row >= 3 else 0)


def tile(row: int, index: int) -> tuple[float, float, float, float]:
    """``(left, top, right, bottom)`` of tile ``index`` (from the left) of ``row``."""
    width = COMPACT_WIDTH - 2 * COMPACT_MARGIN
    count = ROW_SIZES[row]
    left = COMPACT_MARGIN + index * width / count + TILE_GAP / 2
    right = COMPACT_MARGIN + (index + 1) * width / count - TILE_GAP / 2
    top = row_top(row)
    return round(left, 1), top, round(right, 1), top + ROW_HEIGHT


def compact_entry(
    slug: str, name: str, x: int, y: int, capacity: int, mountain: bool, fill: str, ink: str
) -> dict[str, Any]:
    row = x + y
    columns = sorted(y2 - x2 for _, _, x2, y2, *_ in REGIONS if x2 + y2 == row)
    left, top, right, bottom = tile(row, columns.index(y - x))
    pieces_left = left + 6
    if slug == "caradhras":  # the Tunnel of Moria runs down its left side
        pieces_left = TUNNEL_X + 12
    badge_x = right - 13
    label_left = pieces_left if slug == "caradhras" else left + 6
    label_right = badge_x - 11
    return {
        "name": name,
        "grid": [x, y],
        "capacity": capacity,
        "mountain": mountain,
        "fill": fill,
        "ink": ink,
        "centre": [round((left + right) / 2, 1), top + ROW_HEIGHT / 2],
        "polygon": [[left, top], [right, top], [right, bottom], [left, bottom]],
        "label": [round((label_left + label_right) / 2, 1), top + 16],
        "label_width": round(label_right - label_left, 1),
        "capacity_badge": [badge_x, top + 16],
        "rows": {"sauron": top + 47, "fellowship": top + 86},
        "pieces_span": [round(pieces_left, 1), round(right - 6, 1)],
    }


def build_compact() -> dict[str, Any]:
    regions = {entry[0]: compact_entry(*entry) for entry in REGIONS}
    bottom = max(r["polygon"][2][1] for r in regions.values())
    river_y = row_top(2) + ROW_HEIGHT + RIVER_GAP / 2
    board_width = COMPACT_WIDTH - 2 * COMPACT_MARGIN
    caradhras = regions["caradhras"]["polygon"]
    height = bottom + 8
    return {
        "shape": "tile",
        "size": [COMPACT_WIDTH, height],
        "background": "#1b1916",
        "border": "#15120e",
        "regions": regions,
        "river": {
            "name": "Anduin",
            "colour": "#4f9ad6",
            "path": [
                [regions["mirkwood"]["polygon"][0][0] + 4, river_y],
                [regions["rohan"]["polygon"][1][0] - 10, river_y],
            ],
            "chevrons": [
                [COMPACT_MARGIN + board_width / 3, river_y],
                [COMPACT_MARGIN + 2 * board_width / 3, river_y],
            ],
        },
        "tunnel": {
            "name": "Tunnel of Moria",
            "colour": "#2b1d12",
            "path": [
                [TUNNEL_X, caradhras[2][1] + 16],
                [TUNNEL_X + 3, caradhras[2][1] - 30],
                [TUNNEL_X + 3, caradhras[0][1] + 30],
                [TUNNEL_X, caradhras[0][1] - RIVER_GAP - 8],
            ],
        },
        "areas": {
            "status": [14, 8, 610, COMPACT_HEADER],
            "corner": [620, 8, COMPACT_WIDTH - 14, COMPACT_HEADER],
            "panel": [COMPACT_MARGIN + 4, height, COMPACT_WIDTH - COMPACT_MARGIN - 4, height],
        },
    }


def to_json(layout: dict[str, Any]) -> str:
    """Indented JSON with every list of numbers on one line."""
    text = json.dumps(layout, indent=1, ensure_ascii=False)

    def inline(match: re.Match[str]) -> str:
        return "[" + ", ".join(part.strip() for part in match.group(1).split(",")) + "]"

    text = re.sub(r"\[\s+([-\d.,\s]+?)\s+\]", inline, text)
    text = re.sub(
        r"\[\s+((?:\[[^\[\]]*\],?\s*)+)\]", lambda m: "[" + " ".join(m.group(1).split()) + "]", text
    )
    return text + "\n"


def main() -> None:
    target = DATA_DIR / "confrontation" / "layout.json"
    if len(sys.argv) > 1:
        target = Path(sys.argv[1])
    target.write_text(to_json(build()), encoding="utf-8")
    print(f"wrote {target}")


if __name__ == "__main__":
    main()
