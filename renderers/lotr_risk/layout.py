"""The map layouts, read once from ``data/lotr_risk/layout.json`` and its label rasters.

Made by :mod:`.build_layout`; one entry per edition, each with a ``compact`` and a ``full``
layout (pixel coordinates of that layout).
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

GAME_DIR = DATA_DIR / "lotr_risk"
LAYOUT_PATH = GAME_DIR / "layout.json"
EDITIONS = ("middle-earth", "trilogy")

Point = tuple[float, float]
_LOCK = threading.Lock()


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
class Line:
    """A drawn barrier, sea route or path: its kind and polylines."""

    a: str
    b: str
    kind: str
    paths: tuple[tuple[Point, ...], ...]


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


def _point(raw: Any) -> Point:
    return (float(raw[0]), float(raw[1]))


def parse(edition: str, raw: dict[str, Any], name: LayoutName, folder: Path) -> MapLayout:
    entry = raw["layouts"][name]
    labels = {
        slug: Label(
            lines=tuple(item["lines"]),
            size=int(item["size"]),
            name=_point(item["name"]),
            badge=_point(item["badge"]),
            ring=_point(item["ring"]),
            box=(int(item["box"][0]), int(item["box"][1]), int(item["box"][2]), int(item["box"][3])),
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
        barriers=tuple(
            Line(b["a"], b["b"], b["kind"], tuple(tuple(_point(p) for p in path) for path in b["paths"]))
            for b in entry["barriers"]
        ),
        bridges=tuple(Bridge(b["a"], b["b"], _point(b["at"]), float(b["angle"])) for b in entry["bridges"]),
        sea_routes=tuple(
            Line(r["a"], r["b"], "sea", (tuple(_point(p) for p in r["path"]),)) for r in entry["sea_routes"]
        ),
        ring_path=tuple(
            PathSpace(s["territory"], s.get("place"), bool(s["die"]), bool(s["final"]), _point(s["at"]))
            for s in entry["ring_path"]
        ),
        waters=tuple((w["name"], _point(w["at"])) for w in entry["waters"]),
    )


@lru_cache(maxsize=2)
def _raw(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


@lru_cache(maxsize=8)
def load_layout(edition: str, name: LayoutName = "compact", path: Path = LAYOUT_PATH) -> MapLayout:
    """The layout of ``edition`` ("middle-earth" or "trilogy") in ``name`` (cached)."""
    if name not in LAYOUTS:
        raise ValueError(f"no layout {name!r} (known: {', '.join(LAYOUTS)})")
    with _LOCK:
        raw = _raw(path)
    editions = raw["editions"]
    if edition not in editions:
        raise ValueError(f"no map for edition {edition!r} (known: {', '.join(editions)})")
    return parse(edition, editions[edition], name, path.parent)


@lru_cache(maxsize=8)
def raster(layout: MapLayout) -> Image.Image:
    """The label raster of ``layout`` as a mode ``"L"`` image (do not modify it)."""
    with _LOCK:
        image = Image.open(layout.raster_path)
        image.load()
    return image if image.mode == "L" else image.convert("L")
