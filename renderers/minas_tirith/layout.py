"""The map layouts, read once from ``data/minas_tirith/layout.json`` and its label rasters.

Made by :mod:`.build_layout`: the spaces (names, kinds, flags) and, per layout (``compact``,
``full``), the raster, each space's name and room for pieces, the marks (banners, forts,
catapults), the gate and Grond's place, the city's geometry and the drawn lines (the Rammas
Echor, the roads, the river and the mountain), in pixels of that layout.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from renderers.common.cellmap import Point, box, point, read_json
from renderers.common.map_layout import check_name, raster
from renderers.common.paths import DATA_DIR

from .theme import LAYOUTS, LayoutName

__all__ = ["City", "Label", "MapLayout", "load_layout", "raster"]

GAME_DIR = DATA_DIR / "minas_tirith"
LAYOUT_PATH = GAME_DIR / "layout.json"


@dataclass(frozen=True, slots=True)
class Label:
    """Where a space's name and pieces go."""

    lines: tuple[str, ...]
    size: int
    name: Point
    badge: Point  # top middle of the pieces' room
    room: tuple[float, float]  # its width and height
    box: tuple[int, int, int, int]  # the space's bounding box


@dataclass(frozen=True, slots=True)
class City:
    centre: Point
    walls: tuple[float, float]  # outer radii of the walls
    inner: tuple[float, float]  # radii of the city inside them
    cuts: tuple[float, float]  # the heights where the gate wall begins and ends
    mountain: float  # x of the mountain's foot


def _line(raw: Any) -> tuple[Point, ...]:
    return tuple(point(p) for p in raw)


@dataclass(frozen=True, eq=False)
class MapLayout:
    """The map in one layout."""

    name: LayoutName
    scale: float
    size: tuple[int, int]
    raster_path: Path
    spaces: tuple[str, ...]  # raster value = 1 + index
    names: dict[str, str]
    map_names: dict[str, str]
    kinds: dict[str, str]
    flags: dict[str, tuple[str, ...]]
    neighbours: dict[str, tuple[str, ...]]  # joined by any link (every link is one step of range)
    labels: dict[str, Label]
    marks: dict[str, dict[str, Point]]
    catapults: dict[str, Point]
    gate: Point
    grond: Point
    city: City
    rammas: tuple[tuple[Point, ...], ...]
    road: tuple[Point, ...]
    side_roads: tuple[tuple[Point, ...], ...]
    mountain: tuple[Point, ...]
    river: tuple[Point, ...]
    quay: Point

    def within(self, space: str, reach: int) -> list[str]:
        """The spaces 1 to ``reach`` steps from ``space`` over any link, in board order."""
        seen, edge = {space}, [space]
        for _ in range(reach):
            edge = [n for s in edge for n in self.neighbours.get(s, ()) if n not in seen]
            seen.update(edge)
        return [slug for slug in self.spaces if slug in seen and slug != space]

    def number(self, space: str) -> int:
        """The raster value of ``space``."""
        return self.spaces.index(space) + 1


def parse(raw: dict[str, Any], name: LayoutName, folder: Path) -> MapLayout:
    entry = raw["layouts"][name]
    city = entry["city"]
    return MapLayout(
        name=name,
        scale=float(entry["scale"]),
        size=(int(entry["size"][0]), int(entry["size"][1])),
        raster_path=folder / entry["raster"],
        spaces=tuple(raw["spaces"]),
        names=dict(raw["names"]),
        map_names=dict(raw["map_names"]),
        kinds=dict(raw["kinds"]),
        flags={slug: tuple(flags) for slug, flags in raw["flags"].items()},
        neighbours={slug: tuple(items) for slug, items in raw["neighbours"].items()},
        labels={
            slug: Label(
                lines=tuple(item["lines"]),
                size=int(item["size"]),
                name=point(item["name"]),
                badge=point(item["badge"]),
                room=(float(item["room"][0]), float(item["room"][1])),
                box=box(item["box"]),
            )
            for slug, item in entry["labels"].items()
        },
        marks={slug: {k: point(p) for k, p in items.items()} for slug, items in entry["marks"].items()},
        catapults={slug: point(p) for slug, p in entry["catapults"].items()},
        gate=point(entry["gate"]),
        grond=point(entry["grond"]),
        city=City(
            centre=point(city["centre"]),
            walls=(float(city["walls"][0]), float(city["walls"][1])),
            inner=(float(city["inner"][0]), float(city["inner"][1])),
            cuts=(float(city["cuts"][0]), float(city["cuts"][1])),
            mountain=float(city["mountain"]),
        ),
        rammas=tuple(_line(line) for line in entry["rammas"]),
        road=_line(entry["road"]),
        side_roads=tuple(_line(line) for line in entry["side_roads"]),
        mountain=_line(entry["mountain"]),
        river=_line(entry["river"]),
        quay=point(entry["quay"]),
    )


@lru_cache(maxsize=4)
def load_layout(name: LayoutName = "compact", path: Path = LAYOUT_PATH) -> MapLayout:
    """The map in layout ``name`` ("compact" or "full"), cached."""
    check_name(name, LAYOUTS)
    return parse(read_json(path), name, path.parent)
