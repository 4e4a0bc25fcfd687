"""The War of the Ring renderer on hand-made views: PNGs of the right size under 1 MB, the same
bytes for the same view, pixels that depend only on the view's contract (no hidden hand drawn,
keys outside the contract ignored), the zoom, readable sizes, and errors for what it cannot draw."""

from __future__ import annotations

import copy
import io
import random
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from unittest import mock

import pytest
from PIL import Image, ImageDraw

from renderers import RENDERERS, describe_view, render_view
from renderers.common import blocks
from renderers.war_of_the_ring import glance, icons, panels, render_image, render_zoom, zoom_box
from renderers.war_of_the_ring import view as v
from renderers.war_of_the_ring.icons import FACES
from renderers.war_of_the_ring.layout import load_layout
from renderers.war_of_the_ring.theme import NATIONS, STYLES

from . import samples

SAMPLES = samples.all_samples()
MAX_BYTES = 1024 * 1024


def _png(data: bytes) -> Image.Image:
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    assert len(data) <= MAX_BYTES
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def test_registered() -> None:
    assert RENDERERS["war-of-the-ring"] == "renderers.war_of_the_ring"


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_compact_picture(name: str) -> None:
    image = _png(render_view(SAMPLES[name]))
    assert image.width == load_layout("compact").size[0]
    assert 1200 <= image.height <= 2200  # (the glance card above the map: 250-450 px)


@pytest.mark.parametrize("name", ["start-public", "midgame-shadow", "mordor-free", "finished"])
def test_full_picture(name: str) -> None:
    image = _png(render_view(SAMPLES[name], layout="full"))
    assert image.width == load_layout("full").size[0] + 540
    assert load_layout("full").size[1] <= image.height <= 1500


def test_deterministic() -> None:
    view = SAMPLES["midgame-public"]
    assert render_view(view) == render_view(copy.deepcopy(view))


def test_highlight_draws_the_last_action_and_the_battle() -> None:
    view = SAMPLES["midgame-public"]
    assert render_image(view).tobytes() != render_image(view, highlight=False).tobytes()


def test_a_battle_where_only_characters_are_left_is_drawn() -> None:
    # Found by bench/bench_computer_turns.py: the Shadow's army in North Dunland destroyed,
    # two companions there, the battle not yet over; the battle mark had no piece to stand by.
    view = copy.deepcopy(SAMPLES["midgame-public"])
    assert all(region["id"] != "north_dunland" for region in view["regions"])
    companions = {"units": {}, "characters": ["peregrin", "gimli"], "control": None, "besieged": False}
    view["regions"].append({"id": "north_dunland"} | companions)
    view["battle"] |= {"region": "north_dunland", "attacker": "free", "defender": "shadow", "siege": False}
    view["battle"] |= {"from": "south_dunland", "strength": {"free": 1, "shadow": 0}}
    assert render_image(view).tobytes() != render_image(view, highlight=False).tobytes()


def test_the_last_move_draws_an_arrow_from_where_to_where() -> None:
    view = copy.deepcopy(SAMPLES["mordor-public"])
    view["last"] = {
        "side": "shadow",
        "from": "osgiliath",
        "to": "south_ithilien",
        "regions": ["osgiliath", "south_ithilien"],
        "text": "The Shadow moves 2 Sauron Regulars from Osgiliath to South Ithilien.",
    }
    without = copy.deepcopy(view)
    without["last"].update({"from": None, "to": None})
    assert render_image(view).tobytes() != render_image(without).tobytes()
    # an arrow between places the map lacks is left out, never guessed
    unknown = copy.deepcopy(view)
    unknown["last"].update({"from": "atlantis", "to": "numenor"})
    assert render_image(unknown).tobytes() == render_image(without).tobytes()


def test_the_battle_shows_each_sides_combat_dice_and_hits() -> None:
    with drawn_texts() as texts:
        render_image(SAMPLES["midgame-public"])
    assert {"6", "3", "5", "1", "2", "4", "↻"} <= set(texts)
    assert any("hit on 6+ · 3 hits" in t for t in texts)
    assert any("hit on 5+ · 2 hits" in t for t in texts)


def test_the_hunt_box_tells_dice_put_in_from_eyes_rolled() -> None:
    with drawn_texts() as texts:
        render_image(SAMPLES["midgame-public"])
    assert "2 put in + 1 Eye rolled · 1 Free die" in texts


def test_keys_outside_the_contract_change_nothing() -> None:
    view = SAMPLES["midgame-public"]
    leaky = copy.deepcopy(view)
    leaky["secret"] = {"free": {"hand": ["fpc_01"]}, "fellowship_true_region": "mount_doom"}
    leaky["cards"]["free"]["secret_hand"] = ["fpc_02", "fpc_03"]
    leaky["hunt"]["pool_tiles"] = ["eye_2", "3_1"]
    leaky["regions"][0]["hidden"] = {"sauron": {"regular": 9}}
    assert render_image(leaky).tobytes() == render_image(view).tobytes()
    assert describe_view(leaky) == describe_view(view)


@contextmanager
def drawn_texts() -> Iterator[list[str]]:
    """Every text written inside the ``with`` block (sprite caches emptied first)."""
    found: list[str] = []
    original = ImageDraw.ImageDraw.text

    def record(self: ImageDraw.ImageDraw, xy: Any, text: Any, *args: Any, **kwargs: Any) -> Any:
        found.append(str(text))
        return original(self, xy, text, *args, **kwargs)

    blocks.chip_sprite.cache_clear()
    icons.number_die_sprite.cache_clear()  # (the combat dice: their numbers are drawn once)
    with mock.patch.object(ImageDraw.ImageDraw, "text", record):
        yield found
    blocks.chip_sprite.cache_clear()
    icons.number_die_sprite.cache_clear()


def test_a_hidden_hand_draws_no_card_name() -> None:
    private = SAMPLES["midgame-shadow"]
    names = [v.card_name(card) for card in private["cards"]["shadow"]["hand"]]
    with drawn_texts() as mine:
        render_image(private)
    assert all(any(name in text for text in mine) for name in names)
    public = copy.deepcopy(private)
    public["audience"] = None
    public["cards"]["shadow"]["hand"] = None
    with drawn_texts() as theirs:
        render_image(public)
    assert not any(name in text for name in names for text in theirs)
    # a hand in a view for the other side is not drawn either
    other = copy.deepcopy(private)
    other["audience"] = "free"
    with drawn_texts() as texts:
        render_image(other)
    assert not any(name in text for name in names for text in texts)


def test_description_says_the_key_facts() -> None:
    text = describe_view(SAMPLES["midgame-public"])
    assert len(text) <= 1024
    for fact in (
        "Minas Tirith",
        "besieged",
        "revealed",
        "corruption 5",
        "Shadow 4",
        "Battle at Minas Tirith",
    ):
        assert fact in text, fact
    mordor = describe_view(SAMPLES["mordor-public"])
    assert "Mordor Track, step 3" in mordor and "Gollum" in mordor
    assert "Shadow wins" in describe_view(SAMPLES["finished"])


def test_description_names_no_hidden_card() -> None:
    private = SAMPLES["midgame-shadow"]
    names = [v.card_name(card) for card in private["cards"]["shadow"]["hand"]]
    assert names[0] in describe_view(private)
    public = copy.deepcopy(private)
    public["audience"] = None
    public["cards"]["shadow"]["hand"] = None
    text = describe_view(public)
    assert not any(name in text for name in names)


def test_zoom_crops_the_area_around_a_region() -> None:
    view = SAMPLES["midgame-public"]
    image = _png(render_zoom(view, "minas_tirith"))
    left, top, right, bottom = zoom_box("minas_tirith")
    assert image.width == right - left
    assert image.height > bottom - top
    spot = load_layout("zoom").spots["minas_tirith"]
    assert left < spot.badge[0] < right and top < spot.badge[1] < bottom
    for region in ("the_shire", "iron_hills", "umbar", "forlindon", "khand"):
        _png(render_zoom(view, region))
    with pytest.raises(ValueError, match="isengard_tower"):
        render_zoom(view, "isengard_tower")


def test_unknown_region_or_layout_raises() -> None:
    view = copy.deepcopy(SAMPLES["start-public"])
    view["regions"][0]["id"] = "isengard_tower"
    with pytest.raises(ValueError, match="isengard_tower"):
        render_view(view)
    with pytest.raises(ValueError, match="huge"):
        render_view(SAMPLES["start-public"], layout="huge")


def test_sizes_are_made_for_discord() -> None:
    """At 550 px (about half the compact picture) unit counts stay near 10 px, the panel's
    words near 9 px or more, and every region name is at least 6 px."""
    style, sizes = STYLES["compact"], panels.TEXT["compact"]
    share = 550 / load_layout("compact").size[0]
    assert style.count_size * share >= 9.5
    assert min(sizes.body, sizes.small, sizes.prompt) * share >= 9.5
    assert sizes.legend * share >= 9
    assert sizes.headline * share >= 18
    assert style.name_min * share >= 6


def test_the_glance_card_is_read_on_a_phone_at_400_px() -> None:
    """Shown 400 px wide, the header and the glance card's words stay at 10 px or more."""
    sizes, share = panels.TEXT["compact"], 400 / load_layout("compact").size[0]
    assert min(glance.HEAD, glance.VALUE, glance.LABEL, sizes.prompt, sizes.headline) * share >= 10
    assert sizes.corner * share >= 9.5  # the turn and phase
    assert glance.DIE * 0.8 * share >= 16 and glance.SQUARE * share >= 18


def test_the_glance_card_counts_each_sides_army_where_the_battle_is_fought() -> None:
    view = SAMPLES["midgame-public"]
    layout = load_layout("compact")
    rows = glance.battle_lines(view, layout)
    assert [(side, text) for side, text, _ in rows] == [
        ("shadow", "Shadow in Minas Tirith"),
        ("free", "Free Peoples in Minas Tirith"),
    ]
    (_, _, besiegers), (_, _, garrison) = rows
    assert glance.army_words(besiegers) == "8R 3E 2L" and glance.army_words(garrison) == "3R 2E 1L"
    with drawn_texts() as texts:
        render_image(view)
    assert {"⚔ Siege at Minas Tirith, round 2", "8R 3E 2L", "3R 2E 1L", "2/4 · 4/10", "5/12"} <= set(texts)


def _random_view(rng: random.Random) -> dict[str, Any]:
    layout = load_layout("compact")
    view = samples.start(rng.choice([None, "free", "shadow"]))
    view["regions"] = []
    for slug in rng.sample(list(layout.regions), rng.randint(0, 40)):
        units = {
            nation: {k: rng.randint(0, 5) for k in ("regular", "elite", "leader")}
            for nation in rng.sample(list(NATIONS), rng.randint(0, 2))
        }
        entry: dict[str, Any] = {
            "id": slug,
            "units": units,
            "characters": rng.sample(list(v.FALLBACK_CHARACTERS), rng.randint(0, 3)),
            "control": rng.choice([None, "free", "shadow"]),
            "besieged": rng.random() < 0.1,
        }
        if entry["besieged"]:
            entry["garrison"] = {rng.choice(NATIONS): {"regular": 2, "elite": 1, "leader": 1}}
            entry["garrison_characters"] = ["boromir"]
        view["regions"].append(entry)
    view["politics"] = {n: {"steps": rng.randint(0, 3), "active": rng.random() < 0.5} for n in NATIONS}
    on_track = rng.random() < 0.3
    view["fellowship"].update(
        region=None if on_track else rng.choice(list(layout.regions)),
        mordor=rng.randint(0, 5) if on_track else None,
        corruption=rng.randint(0, 12),
        revealed=rng.random() < 0.5,
        companions=rng.sample(samples.COMPANIONS, rng.randint(0, 7)),
    )
    view["dice"] = {
        side: {
            "unused": [rng.choice(FACES) for _ in range(rng.randint(0, 6))],
            "used": [rng.choice(FACES) for _ in range(rng.randint(0, 5))],
        }
        for side in ("free", "shadow")
    }
    view["hunt"] = {
        "box": {"shadow": rng.randint(0, 8), "free": rng.randint(0, 3)},
        "pool": rng.randint(0, 16),
        "drawn": rng.sample(
            ["eye_1", "3_1", "2r_1", "0r_1", "1_1", "phial", "shelobs_lair"], rng.randint(0, 7)
        ),
    }
    if rng.random() < 0.5 and view["regions"]:
        view["battle"] = {
            "region": view["regions"][0]["id"],
            "attacker": "shadow",
            "round": 1,
            "siege": False,
        }
    return view


def test_random_views_draw() -> None:
    rng = random.Random(7)
    for _ in range(6):
        view = _random_view(rng)
        _png(render_view(view))
        assert len(describe_view(view)) <= 1024
