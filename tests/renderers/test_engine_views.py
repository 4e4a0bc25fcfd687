"""The renderer on views of the real engine: random playouts and the final reveal.

Skipped until ``games.confrontation`` registers itself.
"""

from __future__ import annotations

import io

import pytest
from PIL import Image

from renderers import describe_view, render_view
from renderers.confrontation.layout import LAYOUTS

from .playouts import confrontation_ruleset, playout_views, ready_state
from .test_confrontation import check_size

pytestmark = pytest.mark.skipif(confrontation_ruleset() is None, reason="Confrontation engine not registered")

MAX_PNG_BYTES = 400 * 1024
MAX_VIEWS = 20  # per playout, to keep the suite fast however long the games get


@pytest.mark.parametrize(
    ("seed", "options"),
    [
        (1, {}),
        (2, {}),
        (3, {"variant": "deluxe-variant", "specials": "deluxe-4"}),
        (4, {"variant": "draft", "specials": "2002"}),
    ],
)
def test_views_of_random_playouts_render(seed: int, options: dict[str, str]) -> None:
    views = playout_views(seed, every=2, options=options)
    assert views, "the playout produced no view"
    stride = max(1, len(views) // MAX_VIEWS)
    for view in [*views[:-4:stride], *views[-4:]]:  # spread over the game, plus its end
        for layout in LAYOUTS:
            png = render_view(view, layout=layout)
            image = Image.open(io.BytesIO(png))
            image.load()
            check_size(image, layout)
            assert len(png) <= MAX_PNG_BYTES
        assert 0 < len(describe_view(view)) <= 1024


@pytest.mark.parametrize("layout", LAYOUTS)
def test_public_picture_is_the_same_whoever_hides_where(layout: str) -> None:
    """Two games whose secret setups differ: the public pictures (and descriptions) are
    identical, while Sauron's own pictures differ (so the secrets really differ)."""
    ruleset = confrontation_ruleset()
    first = ready_state(1)
    for seed in range(2, 40):
        second = ready_state(seed)
        if render_view(ruleset.view(first, "sauron"), layout=layout) != render_view(
            ruleset.view(second, "sauron"), layout=layout
        ):
            break
    else:
        pytest.skip("autoplace gave the same setup for every seed tried")
    assert render_view(ruleset.view(first, None), layout=layout) == render_view(
        ruleset.view(second, None), layout=layout
    )
    assert describe_view(ruleset.view(first, None)) == describe_view(ruleset.view(second, None))
