"""Regenerate ``data/confrontation/layout.json`` (run: ``python -m renderers.confrontation.build_layout``).

The board is a 4x4 grid turned 45°: region ``(x, y)`` (Mordor ``(0, 0)``, the Shire ``(3, 3)``)
sits in row ``x + y`` from the top and column ``y - x`` (half-hexes, left is north as seen
from the Shire). Regions are drawn as flattened hexagons, so that every pair of regions that
touch in the game shares an edge in the picture; Mordor and the Shire are widened banners
because they hold four pieces a side. The JSON is the source the renderer reads; this script
only saves hand-computing the coordinates.
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
