"""The Confrontation board layout, read once from ``data/confrontation/layout.json``."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from renderers.common.paths import DATA_DIR

LAYOUT_PATH = DATA_DIR / "confrontation" / "layout.json"

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


@dataclass(frozen=True, slots=True)
class PathLayout:
    """A drawn route (the Anduin, the Tunnel of Moria)."""

    name: str
    colour: str
    path: tuple[Point, ...]
    chevrons: tuple[Point, ...]


@dataclass(frozen=True, slots=True)
class BoardLayout:
    """The whole picture: its size, regions, routes and the boxes for the panels."""

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


def parse_layout(raw: dict[str, Any]) -> BoardLayout:
    """A :class:`BoardLayout` from the JSON structure."""
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
        )
        for slug, entry in raw["regions"].items()
    }
    areas = {name: (float(b[0]), float(b[1]), float(b[2]), float(b[3])) for name, b in raw["areas"].items()}
    return BoardLayout(
        size=(int(raw["size"][0]), int(raw["size"][1])),
        background=str(raw["background"]),
        border=str(raw["border"]),
        regions=regions,
        river=_path(raw["river"]),
        tunnel=_path(raw["tunnel"]),
        areas=areas,
    )


@lru_cache(maxsize=4)
def load_layout(path: Path = LAYOUT_PATH) -> BoardLayout:
    """The layout at ``path`` (cached: read once per process)."""
    return parse_layout(json.loads(path.read_text(encoding="utf-8")))
