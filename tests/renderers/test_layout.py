"""Data integrity of data/confrontation/layout.json: every region of the game has coordinates."""

from __future__ import annotations

import json

import pytest

from renderers.common.paths import DATA_DIR
from renderers.confrontation.layout import load_layout

from . import samples
from .playouts import confrontation_ruleset

BOARD_PATH = DATA_DIR / "confrontation" / "board.json"


def _inside(point: tuple[float, float], polygon: tuple[tuple[float, float], ...]) -> bool:
    """Ray casting: is ``point`` strictly inside ``polygon``?"""
    x, y = point
    inside = False
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def test_layout_regions_match_the_sample_views() -> None:
    layout = load_layout()
    view = samples.opening(None)
    assert {r["id"] for r in view["regions"]} == set(layout.regions)
    for region in view["regions"]:
        drawn = layout.regions[region["id"]]
        assert (drawn.name, drawn.capacity, drawn.mountain) == (
            region["name"],
            region["capacity"],
            region["mountain"],
        )


def test_layout_regions_match_the_game_data() -> None:
    if not BOARD_PATH.exists():
        pytest.skip("the engine's board data is not there yet")
    board = json.loads(BOARD_PATH.read_text(encoding="utf-8"))
    layout = load_layout()
    assert {r["id"] for r in board["regions"]} == set(layout.regions)
    for region in board["regions"]:
        drawn = layout.regions[region["id"]]
        assert (drawn.name, drawn.capacity, drawn.mountain) == (
            region["name"],
            region["capacity"],
            region["mountain"],
        )
        assert list(drawn.grid) == list(region["grid"])


def test_layout_regions_match_the_engine_view() -> None:
    ruleset = confrontation_ruleset()
    if ruleset is None:
        pytest.skip("the Confrontation engine is not registered yet")
    state = ruleset.setup(1, ruleset.resolve_options({}), 2)
    view = ruleset.view(state, None)
    assert {r["id"] for r in view["regions"]} == set(load_layout().regions)


def test_geometry_is_sound() -> None:
    layout = load_layout()
    width, height = layout.size
    assert len(layout.regions) == 16
    for region in layout.regions.values():
        assert all(0 <= x <= width and 0 <= y <= height for x, y in region.polygon), region.slug
        # Each region's centre and label lie in its own polygon and in no other.
        for point in (region.centre, region.label):
            owners = [r.slug for r in layout.regions.values() if _inside(point, r.polygon)]
            assert owners == [region.slug], (region.slug, point, owners)
        left, right = region.pieces_span
        xs = [x for x, _ in region.polygon]
        assert min(xs) <= left < right <= max(xs)
        assert set(region.rows) == {"fellowship", "sauron"}
        assert region.rows["sauron"] < region.rows["fellowship"]  # Sauron above, toward Mordor


def test_board_orientation_follows_the_grid() -> None:
    """Mordor on top, the Shire at the bottom, rows of 1-2-3-4-3-2-1 by x + y, north on the left."""
    layout = load_layout()
    rows: dict[int, list[str]] = {}
    for region in layout.regions.values():
        rows.setdefault(region.grid[0] + region.grid[1], []).append(region.slug)
    assert [len(rows[r]) for r in range(7)] == [1, 2, 3, 4, 3, 2, 1]
    heights = [min(layout.regions[s].centre[1] for s in rows[r]) for r in range(7)]
    assert heights == sorted(heights)
    assert rows[0] == ["mordor"] and rows[6] == ["shire"]
    mountains = sorted(rows[3], key=lambda slug: layout.regions[slug].centre[0])
    assert mountains == ["high_pass", "misty_mountains", "caradhras", "gap_of_rohan"]
    assert all(layout.regions[s].mountain for s in mountains)


def test_routes_run_through_their_regions() -> None:
    layout = load_layout()

    def owner(point: tuple[float, float]) -> str:
        return next(r.slug for r in layout.regions.values() if _inside(point, r.polygon))

    assert owner(layout.river.path[0]) == "mirkwood"
    assert owner(layout.river.path[-1]) == "rohan"
    assert owner(layout.tunnel.path[0]) == "eregion"
    assert owner(layout.tunnel.path[-1]) == "fangorn"
    assert any(owner(p) == "caradhras" for p in layout.tunnel.path[1:-1])
