"""The map layouts, read once from ``data/war_of_the_ring/layout.json`` and its label rasters.

Made by :mod:`.build_layout`: the game's regions (names, Nations, settlements, neighbours) and,
per layout (``compact``, ``full``, ``zoom``), the raster and each region's name, icon and badge
spots, the impassable borders, the drawn rivers and the names of the waters (pixels of that
layout).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from renderers.common.cellmap import Point, box, point, read_json
from renderers.common.map_layout import Line, check_name, lines, raster, waters
from renderers.common.paths import DATA_DIR

from .theme import LAYOUTS, LayoutName

__all__ = ["Line", "MapLayout", "Spot", "load_layout", "parse", "raster"]

GAME_DIR = DATA_DIR / "war_of_the_ring"
LAYOUT_PATH = GAME_DIR / "layout.json"


@dataclass(frozen=True, slots=True)
class Spot:
    """Where a region's name, settlement icon and badges go."""

    lines: tuple[str, ...]  # empty: the name is left out in this layout
    size: int
    name: Point
    icon: Point | None
    badge: Point  # top middle of the badges
    box: tuple[int, int, int, int]  # the cell's bounding box


@dataclass(frozen=True, eq=False)
class MapLayout:
    """The map in one layout."""

    name: LayoutName
    scale: float
    size: tuple[int, int]
    raster_path: Path
    regions: tuple[str, ...]  # raster value = 1 + index
    names: dict[str, str]
    nations: dict[str, str | None]
    settlements: dict[str, str | None]
    neighbours: dict[str, tuple[str, ...]]
    spots: dict[str, Spot]
    barriers: tuple[Line, ...]  # impassable borders: ridges and rivers
    rivers: tuple[tuple[Point, ...], ...]
    waters: tuple[tuple[str, Point], ...]
    links: tuple[tuple[str, str], ...]  # neighbours that do not touch: joined by a drawn link

    def number(self, region: str) -> int:
        """The raster value of ``region``."""
        return self.regions.index(region) + 1


def parse(raw: dict[str, Any], name: LayoutName, folder: Path) -> MapLayout:
    entry = raw["layouts"][name]
    spots = {
        slug: Spot(
            lines=tuple(item["lines"]),
            size=int(item["size"]),
            name=point(item["name"]),
            icon=point(item["icon"]) if item.get("icon") else None,
            badge=point(item["badge"]),
            box=box(item["box"]),
        )
        for slug, item in entry["regions"].items()
    }
    return MapLayout(
        name=name,
        scale=float(entry["scale"]),
        size=(int(entry["size"][0]), int(entry["size"][1])),
        raster_path=folder / entry["raster"],
        regions=tuple(raw["regions"]),
        names=dict(raw["names"]),
        nations=dict(raw["nations"]),
        settlements=dict(raw["settlements"]),
        neighbours={slug: tuple(items) for slug, items in raw["neighbours"].items()},
        spots=spots,
        barriers=lines(entry["barriers"]),
        rivers=tuple(tuple(point(p) for p in river) for river in entry["rivers"]),
        waters=waters(entry["waters"]),
        links=tuple((str(a), str(b)) for a, b in entry.get("links", [])),
    )


@lru_cache(maxsize=8)
def load_layout(name: LayoutName = "compact", path: Path = LAYOUT_PATH) -> MapLayout:
    """The map in layout ``name`` ("compact", "full" or "zoom"), cached."""
    check_name(name, LAYOUTS)
    raw = read_json(path)
    return parse(raw, name, path.parent)
