"""Data integrity of data/confrontation/layout.json (both layouts): every region of the game has
coordinates, the geometry is sound, and the compact tiles touch exactly where the game's
regions do."""

from __future__ import annotations

import json

import pytest

from renderers.common.paths import DATA_DIR
from renderers.confrontation.layout import LAYOUTS, LayoutName, load_layout

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


@pytest.mark.parametrize("name", LAYOUTS)
def test_layout_regions_match_the_sample_views(name: LayoutName) -> None:
    layout = load_layout(name=name)
    view = samples.opening(None)
    assert {r["id"] for r in view["regions"]} == set(layout.regions)
    for region in view["regions"]:
        drawn = layout.regions[region["id"]]
        assert (drawn.name, drawn.capacity, drawn.mountain) == (
            region["name"],
            region["capacity"],
            region["mountain"],
        )


@pytest.mark.parametrize("name", LAYOUTS)
def test_layout_regions_match_the_game_data(name: LayoutName) -> None:
    if not BOARD_PATH.exists():
        pytest.skip("the engine's board data is not there yet")
    board = json.loads(BOARD_PATH.read_text(encoding="utf-8"))
    layout = load_layout(name=name)
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
    for name in LAYOUTS:
        assert {r["id"] for r in view["regions"]} == set(load_layout(name=name).regions)


@pytest.mark.parametrize("name", LAYOUTS)
def test_geometry_is_sound(name: LayoutName) -> None:
    layout = load_layout(name=name)
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


@pytest.mark.parametrize("name", LAYOUTS)
def test_board_orientation_follows_the_grid(name: LayoutName) -> None:
    """Mordor on top, the Shire at the bottom, rows of 1-2-3-4-3-2-1 by x + y, north on the left."""
    layout = load_layout(name=name)
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


@pytest.mark.parametrize("name", LAYOUTS)
def test_routes_run_through_their_regions(name: LayoutName) -> None:
    layout = load_layout(name=name)

    def owner(point: tuple[float, float]) -> str:
        return next(r.slug for r in layout.regions.values() if _inside(point, r.polygon))

    # On the tiles the Anduin runs in the gap just under the forest row.
    lift = 10 if layout.shape == "tile" else 0
    (x0, y0), (x1, y1) = layout.river.path[0], layout.river.path[-1]
    assert owner((x0, y0 - lift)) == "mirkwood"
    assert owner((x1, y1 - lift)) == "rohan"
    assert owner(layout.tunnel.path[0]) == "eregion"
    assert owner(layout.tunnel.path[-1]) == "fangorn"
    assert any(owner(p) == "caradhras" for p in layout.tunnel.path[1:-1])


def _touch(a: tuple[float, ...], b: tuple[float, ...], gap: float = 16) -> bool:
    """Whether two tiles ``(left, top, right, bottom)`` share an edge (across a narrow gap)."""
    overlap_x = min(a[2], b[2]) - max(a[0], b[0])
    overlap_y = min(a[3], b[3]) - max(a[1], b[1])
    near_x = -gap < overlap_x <= 0
    near_y = -gap < overlap_y <= 0
    return (near_y and overlap_x > 20) or (near_x and overlap_y > 20)


def test_compact_tiles_touch_exactly_where_the_regions_do() -> None:
    try:
        from games.confrontation.data import NEAR
    except ImportError:
        pytest.skip("the engine is not there yet")
    from renderers.confrontation.board import tile_box

    layout = load_layout(name="compact")
    boxes = {slug: tile_box(region) for slug, region in layout.regions.items()}
    for a in boxes:
        for b in boxes:
            if a != b:
                assert _touch(boxes[a], boxes[b]) == (b in NEAR[a]), (a, b)


def test_compact_region_names_fit_their_tiles_whole() -> None:
    from renderers.confrontation.board import LABEL_MIN, label_font

    for region in load_layout(name="compact").regions.values():
        face = label_font(region)
        assert face.size >= LABEL_MIN
        assert region.label_width is not None and face.getlength(region.name) <= region.label_width
