"""The committed War of the Ring map (``data/war_of_the_ring/layout.json`` and its rasters) against
the game's regions (``data/war_of_the_ring/regions.json``): every region has a cell, a name and a
badge spot; the rasters match the layout; every pair of neighbours touches (or is linked); no two
regions that are not neighbours touch (an impassable ridge or river always parts them)."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import pytest

from renderers.common import cells
from renderers.common.paths import DATA_DIR
from renderers.war_of_the_ring.layout import load_layout, raster
from renderers.war_of_the_ring.placement import KEEP
from renderers.war_of_the_ring.theme import LAYOUTS, STYLES, LayoutName

GAME = DATA_DIR / "war_of_the_ring"
MIN_BORDER = 8  # pixels at the compact scale


@cache
def _regions() -> list[dict[str, Any]]:
    regions: list[dict[str, Any]] = json.loads((GAME / "regions.json").read_text(encoding="utf-8"))["regions"]
    return regions


def _edges() -> set[frozenset[str]]:
    return {frozenset((r["id"], n)) for r in _regions() for n in r["neighbours"]}


@cache
def _analysis(name: LayoutName) -> tuple[dict[frozenset[int], int], list[int]]:
    image = raster(load_layout(name))
    labels = list(image.tobytes())
    return cells.contacts(labels, image.size), labels


def test_the_layout_knows_the_games_regions() -> None:
    layout = load_layout("compact")
    assert list(layout.regions) == [r["id"] for r in _regions()]
    assert len(layout.regions) == 105
    for region in _regions():
        slug = region["id"]
        assert layout.names[slug] == region["name"]
        assert layout.nations[slug] == region["nation"]
        assert layout.settlements[slug] == region["settlement"]
        assert set(layout.neighbours[slug]) == set(region["neighbours"]), slug


@pytest.mark.parametrize("name", LAYOUTS)
def test_every_region_has_a_cell_a_name_and_a_badge_spot(name: LayoutName) -> None:
    layout = load_layout(name)
    image = raster(layout)
    assert image.size == layout.size
    assert set(layout.spots) == set(layout.regions)
    _contacts, labels = _analysis(name)
    present = set(labels)
    assert max(v for v in present if cells.is_territory(v)) == len(layout.regions)
    width, height = layout.size
    for number, slug in enumerate(layout.regions, start=1):
        assert number in present, f"{slug} has no cell"
        spot = layout.spots[slug]
        for x, y in (spot.name, spot.badge):
            assert 0 <= x < width and 0 <= y < height, slug
        if spot.lines:
            assert spot.size >= STYLES[name].name_min
        else:  # only the compact picture may leave a name out, never a city's or a stronghold's
            assert name == "compact" and layout.settlements[slug] not in KEEP, slug
        if layout.settlements[slug]:
            assert spot.icon is not None, slug


@pytest.mark.parametrize("name", LAYOUTS)
def test_neighbours_touch_and_others_do_not(name: LayoutName) -> None:
    layout = load_layout(name)
    contacts, _labels = _analysis(name)
    slug_of = {layout.number(slug): slug for slug in layout.regions}
    edges = _edges()
    for pair in contacts:
        names = frozenset(slug_of[n] for n in pair)
        assert names in edges, f"{sorted(names)} touch on the map but are not neighbours"
    minimum = MIN_BORDER * STYLES[name].scale / STYLES["compact"].scale
    links = {frozenset(link) for link in layout.links}
    for names in edges:
        key = frozenset(layout.number(s) for s in names)
        assert contacts.get(key, 0) >= minimum or names in links, (
            f"{sorted(names)} share {contacts.get(key, 0)} px of border and are not linked"
        )


@pytest.mark.parametrize("name", LAYOUTS)
def test_impassable_borders_part_only_regions_that_are_not_neighbours(name: LayoutName) -> None:
    layout = load_layout(name)
    edges = _edges()
    assert layout.barriers
    for line in layout.barriers:
        assert frozenset((line.a, line.b)) not in edges, (
            f"{line.a}-{line.b} are neighbours drawn as a {line.kind}"
        )
        assert line.kind in ("ridge", "river")
        assert line.paths and all(len(path) >= 2 for path in line.paths)
    _contacts, labels = _analysis(name)
    assert cells.RIDGE in labels and cells.RIVER in labels


def test_the_layouts_draw_the_same_map() -> None:
    """The three scales share one geography: the same impassable borders, give or take a pair
    that only meets at one scale."""
    kinds = {name: {frozenset((b.a, b.b)) for b in load_layout(name).barriers} for name in LAYOUTS}
    assert len(kinds["compact"] ^ kinds["full"]) <= 3
    assert len(kinds["full"] ^ kinds["zoom"]) <= 3
