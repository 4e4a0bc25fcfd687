"""The map layouts, read once from ``data/lotr_risk/layout.json`` and its label rasters.

Made by :mod:`.build_layout`; one entry per edition, each with a ``compact`` and a ``full``
layout (pixel coordinates of that layout).
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

__all__ = ["EDITIONS", "Label", "Line", "MapLayout", "load_layout", "parse", "raster"]

GAME_DIR = DATA_DIR / "lotr_risk"
LAYOUT_PATH = GAME_DIR / "layout.json"
EDITIONS = ("middle-earth", "trilogy")


@dataclass(frozen=True, slots=True)
class Label:
    """Where a territory's name, badge and Ring spot are drawn."""

    lines: tuple[str, ...]
    size: int
    name: Point
    badge: Point
    ring: Point
    box: tuple[int, int, int, int]  # the cell's bounding box


@dataclass(frozen=True, slots=True)
class Bridge:
    a: str
    b: str
    at: Point
    angle: float


@dataclass(frozen=True, slots=True)
class PathSpace:
    territory: str
    place: str | None
    die: bool
    final: bool
    at: Point


@dataclass(frozen=True, eq=False)
class MapLayout:
    """One edition's map in one layout."""

    edition: str
    name: LayoutName
    size: tuple[int, int]
    raster_path: Path
    territories: tuple[str, ...]  # raster value = 1 + index
    names: dict[str, str]
    regions: dict[str, str]
    region_names: dict[str, str]
    region_colours: dict[str, str]
    strongholds: dict[str, str]
    sites: dict[str, str]
    labels: dict[str, Label]
    barriers: tuple[Line, ...]
    bridges: tuple[Bridge, ...]
    sea_routes: tuple[Line, ...]
    ring_path: tuple[PathSpace, ...]
    waters: tuple[tuple[str, Point], ...]

    def number(self, territory: str) -> int:
        """The raster value of ``territory``."""
        return self.territories.index(territory) + 1


def parse(edition: str, raw: dict[str, Any], name: LayoutName, folder: Path) -> MapLayout:
    entry = raw["layouts"][name]
    labels = {
        slug: Label(
            lines=tuple(item["lines"]),
            size=int(item["size"]),
            name=point(item["name"]),
            badge=point(item["badge"]),
            ring=point(item["ring"]),
            box=box(item["box"]),
        )
        for slug, item in entry["labels"].items()
    }
    return MapLayout(
        edition=edition,
        name=name,
        size=(int(entry["size"][0]), int(entry["size"][1])),
        raster_path=folder / entry["raster"],
        territories=tuple(raw["territories"]),
        names=dict(raw["names"]),
        regions=dict(raw["regions"]),
        region_names=dict(raw["region_names"]),
        region_colours=dict(raw["region_colours"]),
        strongholds=dict(raw["strongholds"]),
        sites=dict(raw["sites"]),
        labels=labels,
        barriers=lines(entry["barriers"]),
        bridges=tuple(Bridge(b["a"], b["b"], point(b["at"]), float(b["angle"])) for b in entry["bridges"]),
        sea_routes=tuple(
            Line(r["a"], r["b"], "sea", (tuple(point(p) for p in r["path"]),)) for r in entry["sea_routes"]
        ),
        ring_path=tuple(
            PathSpace(s["territory"], s.get("place"), bool(s["die"]), bool(s["final"]), point(s["at"]))
            for s in entry["ring_path"]
        ),
        waters=waters(entry["waters"]),
    )


@lru_cache(maxsize=8)
def load_layout(edition: str, name: LayoutName = "compact", path: Path = LAYOUT_PATH) -> MapLayout:
    """The layout of ``edition`` ("middle-earth" or "trilogy") in ``name`` (cached)."""
    check_name(name, LAYOUTS)
    raw = read_json(path)
    editions = raw["editions"]
    if edition not in editions:
        raise ValueError(f"no map for edition {edition!r} (known: {', '.join(editions)})")
    return parse(edition, editions[edition], name, path.parent)
