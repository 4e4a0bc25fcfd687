"""``/minas zoom``: one space and its neighbours at the full layout's scale, for a phone."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from games.core import Match
from games.minas_tirith import MINAS_TIRITH as R
from renderers import render_view
from renderers.minas_tirith import zoom_box
from renderers.minas_tirith.layout import load_layout
from renderers.minas_tirith.zoom import ZOOM_MAX


def test_every_space_can_be_zoomed_and_the_crop_holds_it_on_the_map() -> None:
    layout = load_layout("full")
    width, height = layout.size
    for space, _name in R.places():
        left, top, right, bottom = zoom_box(space)
        assert 0 <= left < right <= width and 0 <= top < bottom <= height, space
        assert right - left <= ZOOM_MAX[0] and bottom - top <= ZOOM_MAX[1], space
        box = layout.labels[space].box
        centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
        assert left < centre[0] < right and top < centre[1] < bottom, space


def test_the_zoom_is_drawn_at_discords_own_size_with_names_larger_than_the_board() -> None:
    view = R.view(Match.new(R, 3, {}, 2).state, None)
    image = Image.open(io.BytesIO(render_view(view, zoom="wall_gate")))
    assert image.width <= 560, "Discord shows it at its own size, not scaled down"
    assert image.height <= 600
    assert load_layout("full").scale > load_layout("compact").scale


def test_the_zoom_refuses_a_space_that_is_not_on_the_board() -> None:
    view = R.view(Match.new(R, 3, {}, 2).state, None)
    with pytest.raises(ValueError, match="no space"):
        render_view(view, zoom="mordor")


def test_every_space_is_a_place_players_can_name() -> None:
    slugs = [slug for slug, _ in R.places()]
    assert len(slugs) == len(set(slugs)) == len(load_layout("full").labels)
    assert R.place_noun == "space"
