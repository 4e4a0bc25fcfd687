"""The committed Risk map (``data/lotr_risk/layout.json`` and its rasters) against the game data:
every territory has a cell, a name and a badge; cells touch exactly where the game's territories
are adjacent (a non-adjacent pair that meets is always parted by a drawn ridge or river); every
bridge crosses a drawn river and every sea route is drawn."""

from __future__ import annotations

import json
from functools import cache

import pytest

from renderers.common import cells
from renderers.common.paths import DATA_DIR
from renderers.lotr_risk.layout import EDITIONS, load_layout, raster
from renderers.lotr_risk.theme import LAYOUTS, STYLES

GAME = DATA_DIR / "lotr_risk"
MIN_BORDER = 8  # pixels at the compact scale


@cache
def _data(name: str) -> dict:  # type: ignore[type-arg]
    return json.loads((GAME / name).read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def _territories(edition: str) -> list[dict]:  # type: ignore[type-arg]
    return [t for t in _data("territories.json")["territories"] if edition in t["editions"]]


def _edges(edition: str) -> dict[frozenset[str], dict]:  # type: ignore[type-arg]
    return {
        frozenset((e["a"], e["b"])): e for e in _data("adjacency.json")["edges"] if edition in e["editions"]
    }


@cache
def _analysis(edition: str, name: str) -> tuple[dict[frozenset[int], int], set[frozenset[int]], list[int]]:
    layout = load_layout(edition, name)  # type: ignore[arg-type]
    image = raster(layout)
    labels = list(image.tobytes())
    return cells.contacts(labels, image.size), cells.across(labels, image.size, cells.RIVER), labels


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("name", LAYOUTS)
def test_every_territory_has_a_cell_a_name_and_a_badge(edition: str, name: str) -> None:
    layout = load_layout(edition, name)  # type: ignore[arg-type]
    ids = [t["id"] for t in _territories(edition)]
    assert list(layout.territories) == ids
    assert raster(layout).size == layout.size
    _contacts, _rivers, labels = _analysis(edition, name)
    present = set(labels)
    width, height = layout.size
    for number, territory in enumerate(_territories(edition), start=1):
        slug = territory["id"]
        assert number in present, slug
        assert layout.names[slug] == territory["name"]
        label = layout.labels[slug]
        for x, y in (label.badge, label.name, label.ring):
            assert 0 <= x < width and 0 <= y < height, slug
        assert labels[int(label.badge[1]) * width + int(label.badge[0])] in (
            number,
            cells.RIDGE,
            cells.RIVER,
        ), slug
        assert " ".join(label.lines) == territory["name"]
        assert label.size >= STYLES[name].name_min


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("name", LAYOUTS)
def test_cells_touch_exactly_where_the_game_is_adjacent(edition: str, name: str) -> None:
    layout = load_layout(edition, name)  # type: ignore[arg-type]
    contacts, rivers, _labels = _analysis(edition, name)
    number = {slug: layout.number(slug) for slug in layout.territories}
    slug_of = {n: s for s, n in number.items()}
    edges = _edges(edition)
    for pair in contacts:
        names = frozenset(slug_of[n] for n in pair)
        edge = edges.get(names)
        assert edge is not None, f"{sorted(names)} touch on the map but are not adjacent"
        assert not edge["sea"] and not edge["bridge"], f"{sorted(names)} touch without their river or sea"
    minimum = MIN_BORDER * STYLES[name].scale / STYLES["compact"].scale
    bridges = {frozenset((b.a, b.b)) for b in layout.bridges}
    routes = {frozenset((r.a, r.b)) for r in layout.sea_routes}
    for names, edge in edges.items():
        key = frozenset(number[s] for s in names)
        if edge["sea"]:
            assert names in routes, f"sea route {sorted(names)} not drawn"
        elif edge["bridge"]:
            assert key in rivers, f"{sorted(names)} do not face each other across a river"
            assert names in bridges, f"bridge {sorted(names)} not drawn"
        else:
            assert contacts.get(key, 0) >= minimum, (
                f"{sorted(names)} share {contacts.get(key, 0)} px of border"
            )


@pytest.mark.parametrize("edition", EDITIONS)
def test_barriers_part_every_pair_that_meets_without_adjacency(edition: str) -> None:
    """Every drawn barrier lies between two cells of the raster, and a ridge or river pair is
    never an open land adjacency of the game."""
    layout = load_layout(edition, "compact")
    edges = _edges(edition)
    for line in layout.barriers:
        edge = edges.get(frozenset((line.a, line.b)))
        assert edge is None or edge["bridge"], (
            f"{line.a}-{line.b} is an open adjacency drawn as a {line.kind}"
        )
        assert line.kind == "river" or edge is None
        assert line.paths and all(len(path) >= 2 for path in line.paths)


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_fellowship_path_follows_the_data(edition: str) -> None:
    layout = load_layout(edition, "compact")
    path = _data("path.json")[edition]
    assert [s.territory for s in layout.ring_path] == [s["territory"] for s in path]
    assert [s.die for s in layout.ring_path] == [s["die"] for s in path]
