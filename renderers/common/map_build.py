"""Building a map game's layout (the ``build_layout`` scripts): what they do alike.

A game's ``build_layout`` draws its land mask and seeds (its own geography), then with these:
:func:`grow` grows the cells, marks the borders the game does not cross and checks the result;
:func:`areas` counts each cell's pixels; :func:`to_json` and :func:`write` store
``layout.json`` and the label rasters; :func:`arguments` and :func:`run` are the command line
(``--check`` only reports, ``--preview DIR`` also saves debug pictures).
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar

from PIL import Image

from . import cellmap, cells
from .cellmap import connectivity

__all__ = ["Contacts", "Grown", "areas", "arguments", "grow", "links_entry", "run", "to_json", "write"]

B = TypeVar("B")
Contacts = dict[frozenset[int], int]  # pairs of touching cells -> pixels of border
#: The game's own checks of the grown cells: (labels, size, contacts, number by slug) ->
#: (problems, pairs of neighbours that do not touch enough).
Check = Callable[
    [list[int], tuple[int, int], Contacts, Mapping[str, int]], tuple[list[str], list[tuple[str, str]]]
]


@dataclass
class Grown(Generic[B]):
    """A game's cells at one scale, with the borders it does not cross marked."""

    board: B
    scale: float
    size: tuple[int, int]
    labels: list[int]
    raw: list[int]
    barriers: dict[frozenset[str], str]  # touching, not adjacent pair -> "river" | "ridge"
    problems: list[str]
    short: list[tuple[str, str]]  # adjacent pairs that do not touch (enough)


def grow(
    board: B,
    ids: Sequence[str],
    scale: float,
    mask: Image.Image,
    seeds: list[cells.Seed],
    kind_of: Callable[[frozenset[str]], str | None],
    check: Check,
) -> Grown[B]:
    """Grow the cells of ``ids`` (raster value = 1 + index) from ``seeds`` over ``mask``.

    ``kind_of`` says how a touching pair's border is drawn (None: crossable; "river" or "ridge":
    a barrier); ``check`` is the game's test of the pairs that must touch. Pairs still touching
    that ``kind_of`` makes a barrier are reported, as are cells that fell apart."""
    size = mask.size
    raw = cells.drop_crumbs(cells.grow(mask, seeds), size)
    number = {slug: i for i, slug in enumerate(ids, start=1)}
    slug_of = {i: slug for slug, i in number.items()}
    labels, barriers = cellmap.mark_barriers(raw, size, slug_of, kind_of)
    contacts = cells.contacts(labels, size)
    problems, short = check(labels, size, contacts, number)
    for contact in contacts:
        first, second = sorted(slug_of[i] for i in contact)
        if kind_of(frozenset((first, second))) is not None:
            problems.append(f"not adjacent {first}-{second} still touch")
    labels = cells.crumbs_to_barriers(labels, size)
    problems += connectivity(labels, size, slug_of)
    return Grown(board, scale, size, labels, raw, barriers, problems, short)


def areas(labels: Sequence[int], ids: Sequence[str]) -> dict[str, int]:
    """Pixels per cell."""
    counts: dict[int, int] = {}
    for label in labels:
        counts[label] = counts.get(label, 0) + 1
    return {slug: counts.get(i, 0) for i, slug in enumerate(ids, start=1)}


def links_entry(links: cellmap.Links) -> dict[str, list[list[list[float]]]]:
    """The skeleton links a build added (by cell), as stored in ``layout.json``."""
    return {slug: [[cellmap.xy(p) for p in seg] for seg in segs] for slug, segs in sorted(links.items())}


def to_json(layout: Mapping[str, Any]) -> str:
    """The layout file's text (compact, in the order of ``layout``)."""
    return json.dumps(layout, ensure_ascii=False, separators=(",", ":")) + "\n"


def write(folder: Path, layout: Mapping[str, Any], rasters: Mapping[str, Image.Image]) -> None:
    """Store ``layout.json`` and the rasters (by file name) in ``folder``."""
    (folder / "layout.json").write_text(to_json(layout), encoding="utf-8")
    for name, image in rasters.items():
        image.save(folder / name, optimize=True)


def arguments(doc: str | None) -> argparse.ArgumentParser:
    """The command line every ``build_layout`` takes (a game may add its own options)."""
    parser = argparse.ArgumentParser(description=doc)
    parser.add_argument("--check", action="store_true", help="only report problems")
    parser.add_argument("--preview", type=Path, help="save debug pictures in this folder")
    return parser


Build = Callable[[], tuple[dict[str, Any], dict[str, Image.Image], list[str]]]


def run(args: argparse.Namespace, build: Build, folder: Path) -> int:
    """Build the layout, report its problems, save previews, and write it unless ``--check``
    (nothing is written when there are problems). The exit status: 1 on problems."""
    layout, rasters, problems = build()
    for problem in problems:
        print(problem)
    if args.preview:
        args.preview.mkdir(parents=True, exist_ok=True)
        for name, image in rasters.items():
            image.point(lambda v: 0 if v == 0 else (v * 37) % 200 + 55).save(args.preview / name)
    if problems:
        return 1
    if not args.check:
        write(folder, layout, rasters)
        print(f"wrote {folder / 'layout.json'} and {len(rasters)} rasters")
    return 0
