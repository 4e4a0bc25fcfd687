"""The committed Minas Tirith map (``data/minas_tirith/layout.json`` and its rasters) against the
board: every space has a cell, a name inside it and room for pieces; spaces touch exactly where
the board links them (the gate is drawn, not touched); the walls part the city from the fields;
and the layout file is what the build makes of today's geography."""

from __future__ import annotations

import json
from functools import cache

import pytest

from renderers.common import cells, map_build
from renderers.common.paths import DATA_DIR
from renderers.minas_tirith import build_layout
from renderers.minas_tirith.layout import load_layout, raster
from renderers.minas_tirith.theme import LAYOUTS

GAME = DATA_DIR / "minas_tirith"


@cache
def _board() -> dict:  # type: ignore[type-arg]
    return json.loads((GAME / "board.json").read_text(encoding="utf-8"))  # type: ignore[no-any-return]


@pytest.mark.parametrize("name", LAYOUTS)
def test_every_space_has_a_cell_a_name_and_room_for_pieces(name: str) -> None:
    layout = load_layout(name)
    spaces = _board()["spaces"]
    assert list(layout.spaces) == [s["id"] for s in spaces]
    image = raster(layout)
    assert image.size == layout.size
    for number, space in enumerate(spaces, start=1):
        slug = space["id"]
        label = layout.labels[slug]
        assert layout.names[slug] == space["name"]
        for x, y in (label.name, label.badge):
            assert image.getpixel((round(x), round(y))) == number, (slug, (x, y))
        assert label.room[0] >= 40 and label.room[1] >= 20, slug


@pytest.mark.parametrize("name", LAYOUTS)
def test_spaces_touch_exactly_where_the_board_links_them(name: str) -> None:
    layout = load_layout(name)
    image = raster(layout)
    contacts = cells.contacts(list(image.tobytes()), image.size)
    slug_of = dict(enumerate(layout.spaces, start=1))
    touching = {
        frozenset(slug_of[i] for i in pair)
        for pair, length in contacts.items()
        if length >= build_layout.MIN_CONTACT and all(i in slug_of for i in pair)
    }
    links = {frozenset((k["a"], k["b"])): k["kind"] for k in _board()["links"]}
    assert touching <= set(links), sorted(map(sorted, touching - set(links)))
    untouched = {pair for pair, kind in links.items() if kind != "gate"} - touching
    assert not untouched, sorted(map(sorted, untouched))
    assert frozenset(("wall_north", "wall_gate")) not in touching  # the walls do not border each other


def test_the_marks_stand_where_the_board_has_them() -> None:
    layout = load_layout("compact")
    flags = {s["id"]: s for s in _board()["spaces"]}
    banners = {slug for slug, marks in layout.marks.items() if "gondor_banner" in marks}
    assert banners == {slug for slug, s in flags.items() if s["gondor_banner"]}
    forts = {slug for slug, marks in layout.marks.items() if "fort" in marks}
    assert forts == {slug for slug, s in flags.items() if s["fort"]}
    assert set(layout.catapults) == {slug for slug, s in flags.items() if s["catapult"]}


def test_the_build_reproduces_the_committed_layout() -> None:
    """Rerunning the build makes the same file and rasters (nobody edited them by hand, and the
    geography and the board data agree with them)."""
    layout, rasters, problems = build_layout.build(verbose=False)
    assert problems == []
    written = json.loads((GAME / "layout.json").read_text(encoding="utf-8"))
    assert json.loads(map_build.to_json(layout)) == written
    for name, image in rasters.items():
        committed = raster(load_layout("compact" if "compact" in name else "full"))
        assert image.tobytes() == committed.tobytes(), name
