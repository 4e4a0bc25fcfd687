"""The Risk renderer on hand-made views: valid PNGs of sane size, deterministic, only the view
drawn (plain mode shows no lotr marks), and errors for what it cannot draw."""

from __future__ import annotations

import copy
import io
from typing import Any

import pytest
from PIL import Image

from renderers import RENDERERS, describe_view, render_view
from renderers.lotr_risk import render_image

from . import samples

SAMPLES = samples.all_samples()
MAX_BYTES = 800 * 1024


def _png(view: dict[str, Any], layout: str = "compact", **kwargs: Any) -> Image.Image:
    data = render_view(view, layout=layout, **kwargs)
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    assert len(data) <= MAX_BYTES
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def test_registered() -> None:
    assert RENDERERS["lotr-risk"] == "renderers.lotr_risk"


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_compact_picture(name: str) -> None:
    image = _png(SAMPLES[name])
    assert image.width == 800
    assert 700 <= image.height <= 1700


@pytest.mark.parametrize(
    "name", ["middle-earth-3p-battle", "trilogy-private", "trilogy-finished", "middle-earth-plain-2p"]
)
def test_full_picture(name: str) -> None:
    image = _png(SAMPLES[name], "full")
    assert image.width == 1460
    assert 700 <= image.height <= 1400


def test_deterministic() -> None:
    view = SAMPLES["trilogy-4p-battle"]
    assert render_view(view) == render_view(copy.deepcopy(view))


def test_highlight_draws_the_battle() -> None:
    view = SAMPLES["middle-earth-3p-battle"]
    assert render_image(view).tobytes() != render_image(view, highlight=False).tobytes()


def test_plain_mode_draws_no_lord_of_the_rings_marks() -> None:
    view = copy.deepcopy(SAMPLES["middle-earth-plain-2p"])
    marked = copy.deepcopy(view)
    for territory in marked["territories"]:
        territory.update(leaders=1, stronghold=True, site=True)
    marked["ring"] = {"territory": "rhudaur", "step": 6, "steps": 14, "die": False, "done": False}
    assert render_image(view).tobytes() == render_image(marked).tobytes()


def test_empty_territories_during_the_claims() -> None:
    view = SAMPLES["middle-earth-claims"]
    assert any(t["owner"] is None for t in view["territories"])
    _png(view)
    _png(view, "full")


def test_unknown_territory_raises() -> None:
    view = copy.deepcopy(SAMPLES["middle-earth-3p"])
    view["territories"][0]["id"] = "isengard_tower"
    with pytest.raises(ValueError, match="isengard_tower"):
        render_view(view)


def test_trilogy_territory_on_the_middle_earth_map_raises() -> None:
    view = copy.deepcopy(SAMPLES["middle-earth-3p"])
    view["territories"].append({**view["territories"][0], "id": "mount_doom", "name": "Mount Doom"})
    with pytest.raises(ValueError, match="mount_doom"):
        render_view(view)


def test_unknown_layout_and_edition_raise() -> None:
    with pytest.raises(ValueError):
        render_view(SAMPLES["middle-earth-3p"], layout="huge")
    view = copy.deepcopy(SAMPLES["middle-earth-3p"])
    view["edition"] = "fourth-age"
    with pytest.raises(ValueError):
        render_view(view)


def test_description_fits_and_dispatches() -> None:
    for view in SAMPLES.values():
        text = describe_view(view)
        assert 0 < len(text) <= 1024
