"""Reading a map game's ``layout.json`` back: the parts every grown-cell map has.

Each game's ``layout`` module keeps its own dataclasses for what only it draws (Risk's Ring path
and bridges, War of the Ring's settlements, Minas Tirith's walls) and builds them with these:
:class:`Line` (a barrier, river or route between two cells, as polylines), :func:`lines` and
:func:`waters` (their JSON entries parsed), :func:`check_name` (a layout name the game knows)
and :func:`raster` (the label raster of a parsed layout).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from PIL import Image

from .cellmap import Point, load_raster, point, polylines

__all__ = ["Line", "check_name", "lines", "raster", "waters"]


@dataclass(frozen=True, slots=True)
class Line:
    """A drawn barrier, river, sea route or path between cells ``a`` and ``b``: its kind and
    polylines (pixels of the layout)."""

    a: str
    b: str
    kind: str
    paths: tuple[tuple[Point, ...], ...]


def lines(entries: Iterable[Mapping[str, Any]]) -> tuple[Line, ...]:
    """Barrier entries (``a``, ``b``, ``kind``, ``paths``) of a layout file."""
    return tuple(Line(e["a"], e["b"], e["kind"], polylines(e["paths"])) for e in entries)


def waters(entries: Iterable[Mapping[str, Any]]) -> tuple[tuple[str, Point], ...]:
    """Names of waters (``name``, ``at``) of a layout file."""
    return tuple((str(w["name"]), point(w["at"])) for w in entries)


def check_name(name: str, known: Sequence[str]) -> None:
    """Raise :class:`ValueError` when ``name`` is not one of the game's layouts."""
    if name not in known:
        raise ValueError(f"no map layout {name!r} (known: {', '.join(known)})")


class HasRaster(Protocol):
    @property
    def raster_path(self) -> Path: ...


def raster(layout: HasRaster) -> Image.Image:
    """The label raster of ``layout`` as a mode ``"L"`` image (cached; do not modify it)."""
    return load_raster(layout.raster_path)
