"""The Confrontation board layouts, read once from ``data/confrontation/layout.json``.

The file's top level is the **full** layout (1200 x 900, hexagons); its ``"compact"`` key holds
the **compact** one (800 wide, rows of tiles, for Discord). Both have the same structure.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

from renderers.common.paths import DATA_DIR

LAYOUT_PATH = DATA_DIR / "confrontation" / "layout.json"

LayoutName = Literal["full", "compact"]
LAYOUTS: tuple[LayoutName, ...] = ("compact", "full")

Point = tuple[float, float]
Box = tuple[float, float, float, float]


@dataclass(frozen=True, slots=True)
class RegionLayout:
    """Where one region is drawn."""

    slug: str
    name: str
    grid: tuple[int, int]  # (x, y) with Mordor at (0, 0) and the Shire at (3, 3)
    capacity: int
    mountain: bool
    fill: str
    ink: str
    centre: Point
    polygon: tuple[Point, ...]
    label: Point
    capacity_badge: Point
    rows: dict[str, float]  # y of each side's row of pieces
    pieces_span: tuple[float, float]  # x range the pieces may use
    label_width: float | None = None  # room for the name (compact tiles fit it), None: fixed size


@dataclass(frozen=True, slots=True)
class PathLayout:
    """A drawn route (the Anduin, the Tunnel of Moria)."""

    name: str
    colour: str
    path: tuple[Point, ...]
    chevrons: tuple[Point, ...]


@dataclass(frozen=True, slots=True)
class BoardLayout:
    """The whole picture: its size, regions, routes and the boxes for the panels.

    ``size`` is the board layer's; the compact picture adds its panel below (``areas["panel"]``
    gives its left, top and right).
    """

    name: LayoutName
    shape: Literal["hex", "tile"]
    size: tuple[int, int]
    background: str
    border: str
    regions: dict[str, RegionLayout]
    river: PathLayout
    tunnel: PathLayout
    areas: dict[str, Box]


def _point(raw: Any) -> Point:
    return (float(raw[0]), float(raw[1]))


def _path(raw: dict[str, Any]) -> PathLayout:
    return PathLayout(
        name=str(raw["name"]),
        colour=str(raw["colour"]),
        path=tuple(_point(p) for p in raw["path"]),
        chevrons=tuple(_point(p) for p in raw.get("chevrons", ())),
    )


def parse_layout(raw: dict[str, Any], name: LayoutName = "full") -> BoardLayout:
    """A :class:`BoardLayout` from the JSON structure of one layout."""
    regions = {
        slug: RegionLayout(
            slug=slug,
            name=str(entry["name"]),
            grid=(int(entry["grid"][0]), int(entry["grid"][1])),
            capacity=int(entry["capacity"]),
            mountain=bool(entry["mountain"]),
            fill=str(entry["fill"]),
            ink=str(entry["ink"]),
            centre=_point(entry["centre"]),
            polygon=tuple(_point(p) for p in entry["polygon"]),
            label=_point(entry["label"]),
            capacity_badge=_point(entry["capacity_badge"]),
            rows={side: float(y) for side, y in entry["rows"].items()},
            pieces_span=(float(entry["pieces_span"][0]), float(entry["pieces_span"][1])),
            label_width=float(entry["label_width"]) if entry.get("label_width") else None,
        )
        for slug, entry in raw["regions"].items()
    }
    areas = {name: (float(b[0]), float(b[1]), float(b[2]), float(b[3])) for name, b in raw["areas"].items()}
    return BoardLayout(
        name=name,
        shape="tile" if raw.get("shape") == "tile" else "hex",
        size=(int(raw["size"][0]), int(raw["size"][1])),
        background=str(raw["background"]),
        border=str(raw["border"]),
        regions=regions,
        river=_path(raw["river"]),
        tunnel=_path(raw["tunnel"]),
        areas=areas,
    )


@lru_cache(maxsize=8)
def load_layout(path: Path = LAYOUT_PATH, name: LayoutName = "full") -> BoardLayout:
    """Layout ``name`` ("full" or "compact") from the file at ``path`` (cached: read once)."""
    if name not in LAYOUTS:
        raise ValueError(f"no layout {name!r} (known: {', '.join(LAYOUTS)})")
    raw = json.loads(path.read_text(encoding="utf-8"))
    return parse_layout(raw if name == "full" else raw[name], name)
