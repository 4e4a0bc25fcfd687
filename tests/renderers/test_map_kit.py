"""The shared map kit (renderers/common/map_*): the one fit test and the build's command line."""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageDraw

from renderers.common import map_build
from renderers.common.map_layout import check_name
from renderers.common.map_placement import best, cell_mask, centroid, fits


def _square(size: int = 40, box: tuple[int, int, int, int] = (10, 10, 30, 30)) -> Image.Image:
    labels = Image.new("L", (size, size), 0)
    ImageDraw.Draw(labels).rectangle((box[0], box[1], box[2] - 1, box[3] - 1), fill=7)
    return labels


def test_a_box_fits_only_where_it_lies_inside_the_cell() -> None:
    mask = cell_mask(_square(), 7, (0, 0, 40, 40))
    found = fits(mask, 10, 10)
    assert found
    assert all(15 <= x <= 25 and 15 <= y <= 25 for x, y in found)
    assert not fits(mask, 24, 24)


def test_a_box_of_one_pixel_is_tested_as_two() -> None:
    """A zero blur radius tested a single pixel: a 1-px wide box fitted on the cell's very edge."""
    mask = cell_mask(_square(), 7, (0, 0, 40, 40))
    found = fits(mask, 1, 1)
    assert (10, 10) not in found  # the corner pixel: its 3x3 box reaches outside
    assert (11, 11) in found


def test_a_box_exactly_on_its_share_fits() -> None:
    """6 of the 11 columns of an 11 x 11 box inside the cell: a share of 6/11 accepts it (the
    blur rounds 255 * 6/11 down to 139; the old test asked for 140)."""
    labels = Image.new("L", (40, 40), 0)
    ImageDraw.Draw(labels).rectangle((0, 0, 20, 39), fill=3)
    mask = cell_mask(labels, 3, (0, 0, 40, 40))
    assert (20, 20) in fits(mask, 11, 11, 6 / 11)
    assert (20, 20) not in fits(mask, 11, 11, 7 / 11)


def test_the_mask_may_be_padded_and_centroid_and_best_choose_the_middle() -> None:
    mask = cell_mask(_square(), 7, (10, 10, 30, 30), pad=5)
    assert mask.size == (30, 30)
    assert centroid(mask) == (14.5, 14.5)
    assert best([(0, 0), (14, 14), (29, 29)], (14.5, 14.5)) == (14, 14)


def test_an_unknown_layout_name_is_refused() -> None:
    check_name("compact", ("compact", "full"))
    try:
        check_name("huge", ("compact", "full"))
    except ValueError as error:
        assert "huge" in str(error)
    else:
        raise AssertionError("an unknown layout was accepted")


def test_check_mode_reports_and_writes_nothing(tmp_path: Path) -> None:
    args = map_build.arguments("test").parse_args(["--check"])
    image = Image.new("L", (2, 2), 1)
    assert map_build.run(args, lambda: ({"note": "x"}, {"map.png": image}, []), tmp_path) == 0
    assert not list(tmp_path.iterdir())
    args = map_build.arguments("test").parse_args([])
    assert map_build.run(args, lambda: ({"note": "x"}, {"map.png": image}, ["broken"]), tmp_path) == 1
    assert not list(tmp_path.iterdir())
    assert map_build.run(args, lambda: ({"note": "x"}, {"map.png": image}, []), tmp_path) == 0
    assert (tmp_path / "layout.json").read_text(encoding="utf-8") == '{"note":"x"}\n'
    assert (tmp_path / "map.png").exists()
