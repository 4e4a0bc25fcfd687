"""The map layouts, read once from ``data/war_of_the_ring/layout.json`` and its label rasters.

Made by :mod:`.build_layout`: the game's regions (names, Nations, settlements, neighbours) and,
per layout (``compact``, ``full``, ``zoom``), the raster and each region's name, icon and badge
spots, the impassable borders, the drawn rivers and the names of the waters (pixels of that
layout).
"""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from PIL import Image

from renderers.common.paths import DATA_DIR

from .theme import LAYOUTS, LayoutName

GAME_DIR = DATA_DIR / "war_of_the_ring"
LAYOUT_PATH = GAME_DIR / "layout.json"

Point = tuple[float, float]
_LOCK = threading.Lock()


@dataclass(frozen=True, slots=True)
class Spot:
    """Where a region's name, settlement icon and badges go."""

    lines: tuple[str, ...]  # empty: the name is left out in this layout
    size: int
    name: Point
    icon: Point | None
    badge: Point  # top middle of the badges
    box: tuple[int, int, int, int]  # the cell's bounding box


@dataclass(frozen=True, slots=True)
class Barrier:
    """An impassable border: a mountain ridge or a river, as polylines."""

    a: str
    b: str
    kind: str
    paths: tuple[tuple[Point, ...], ...]


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
    barriers: tuple[Barrier, ...]
    rivers: tuple[tuple[Point, ...], ...]
    waters: tuple[tuple[str, Point], ...]
    links: tuple[tuple[str, str], ...]  # neighbours that do not touch: joined by a drawn link

    def number(self, region: str) -> int:
        """The raster value of ``region``."""
        return self.regions.index(region) + 1


def _point(raw: Any) -> Point:
    return (float(raw[0]), float(raw[1]))


def parse(raw: dict[str, Any], name: LayoutName, folder: Path) -> MapLayout:
    entry = raw["layouts"][name]
    spots = {
        slug: Spot(
            lines=tuple(item["lines"]),
            size=int(item["size"]),
            name=_point(item["name"]),
            icon=_point(item["icon"]) if item.get("icon") else None,
            badge=_point(item["badge"]),
            box=(int(item["box"][0]), int(item["box"][1]), int(item["box"][2]), int(item["box"][3])),
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
        barriers=tuple(
            Barrier(b["a"], b["b"], b["kind"], tuple(tuple(_point(p) for p in path) for path in b["paths"]))
            for b in entry["barriers"]
        ),
        rivers=tuple(tuple(_point(p) for p in river) for river in entry["rivers"]),
        waters=tuple((w["name"], _point(w["at"])) for w in entry["waters"]),
        links=tuple((str(a), str(b)) for a, b in entry.get("links", [])),
    )


@lru_cache(maxsize=2)
def _raw(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


@lru_cache(maxsize=8)
def load_layout(name: LayoutName = "compact", path: Path = LAYOUT_PATH) -> MapLayout:
    """The map in layout ``name`` ("compact", "full" or "zoom"), cached."""
    if name not in LAYOUTS:
        raise ValueError(f"no map layout {name!r} (known: {', '.join(LAYOUTS)})")
    with _LOCK:
        raw = _raw(path)
    return parse(raw, name, path.parent)


@lru_cache(maxsize=8)
def raster(layout: MapLayout) -> Image.Image:
    """The label raster of ``layout`` as a mode ``"L"`` image (do not modify it)."""
    with _LOCK:
        image = Image.open(layout.raster_path)
        image.load()
    return image if image.mode == "L" else image.convert("L")
