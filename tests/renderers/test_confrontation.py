"""The Confrontation renderer on representative views, in both layouts: valid PNGs, right
size, small enough, and pictures that depend only on what the view contains."""

from __future__ import annotations

import copy
import io
import random
from typing import Any

import pytest
from PIL import Image, ImageChops

from renderers import render_view
from renderers.confrontation import render_image
from renderers.confrontation.layout import LAYOUTS, load_layout

from . import samples

MAX_PNG_BYTES = 400 * 1024
#: The compact picture grows with its panel, within these bounds.
COMPACT_HEIGHTS = (900, 1700)


def check_size(image: Image.Image, layout: str) -> None:
    if layout == "full":
        assert image.size == load_layout(name="full").size == (1200, 900)
    else:
        width, height = image.size
        assert width == load_layout(name="compact").size[0] == 800
        assert (
            load_layout(name="compact").size[1] < height
            and COMPACT_HEIGHTS[0] <= height <= COMPACT_HEIGHTS[1]
        )


REPRESENTATIVE = {
    "opening_public": lambda: samples.opening(None),
    "opening_fellowship": lambda: samples.opening("fellowship"),
    "opening_sauron": lambda: samples.opening("sauron"),
    "battle_cards_revealed": lambda: samples.mid_battle(None),
    "battle_choosing_private": lambda: samples.mid_battle("sauron", revealed=False),
    "final_reveal": samples.final_reveal,
    "game_over_public": lambda: samples.game_over(None),
    "game_over_sauron": lambda: samples.game_over("sauron"),
}


def decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("name", sorted(REPRESENTATIVE))
def test_representative_views_render_as_valid_pngs(name: str, layout: str) -> None:
    png = render_view(REPRESENTATIVE[name](), layout=layout)
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    image = decode(png)
    assert image.format == "PNG"
    check_size(image, layout)
    assert len(png) <= MAX_PNG_BYTES


def test_compact_is_the_default_layout_and_unknown_layouts_are_refused() -> None:
    view = samples.opening(None)
    assert render_view(view) == render_view(view, layout="compact") != render_view(view, layout="full")
    with pytest.raises(ValueError, match="wide"):
        render_view(view, layout="wide")


@pytest.mark.parametrize("layout", LAYOUTS)
def test_rendering_is_deterministic_and_leaves_the_view_alone(layout: str) -> None:
    view = samples.mid_battle("fellowship")
    before = copy.deepcopy(view)
    assert render_view(view, layout=layout) == render_view(view, layout=layout)
    assert view == before


def _hidden_identities_swapped() -> tuple[dict[str, Any], dict[str, Any]]:
    """Two placements that differ only in which Sauron characters hide where."""
    first = samples.OPENING
    second = copy.deepcopy(first)
    second["mordor"]["sauron"] = [
        ("black_rider", False),
        ("warg", False),
        ("balrog", False),
        ("shelob", False),
    ]
    second["dagorlad"]["sauron"] = [("witch_king", False)]
    second["fangorn"]["sauron"] = [("cave_troll", False)]
    second["gondor"]["sauron"] = [("orcs", False)]
    second["rohan"]["sauron"] = [("saruman", False)]
    return first, second


@pytest.mark.parametrize("layout", LAYOUTS)
def test_public_picture_does_not_depend_on_hidden_identities(layout: str) -> None:
    first, second = _hidden_identities_swapped()
    public = [samples.build_view(p, None, prompt="Waiting for Sauron.") for p in (first, second)]
    fellowship = [samples.build_view(p, "fellowship", prompt="Waiting for Sauron.") for p in (first, second)]
    assert render_view(public[0], layout=layout) == render_view(public[1], layout=layout)
    assert render_view(fellowship[0], layout=layout) == render_view(fellowship[1], layout=layout)
    # ... while Sauron, who knows his own pieces, sees a different picture.
    sauron = [samples.build_view(p, "sauron", prompt="Move.") for p in (first, second)]
    assert render_view(sauron[0], layout=layout) != render_view(sauron[1], layout=layout)


def region_crop(image: Image.Image, slug: str, layout: str) -> Image.Image:
    polygon = load_layout(name=layout).regions[slug].polygon  # type: ignore[arg-type]
    xs, ys = [x for x, _ in polygon], [y for _, y in polygon]
    return image.crop((int(min(xs)), int(min(ys)), int(max(xs)), int(max(ys))))


@pytest.mark.parametrize("layout", LAYOUTS)
def test_private_view_marks_pieces_the_enemy_has_seen(layout: str) -> None:
    seen = samples.build_view({"eregion": {"fellowship": [("gimli", True)]}}, "fellowship")
    unseen = samples.build_view({"eregion": {"fellowship": [("gimli", False)]}}, "fellowship")
    public = samples.build_view({"eregion": {"fellowship": [("gimli", True)]}}, None)
    crops = [region_crop(render_image(v, layout=layout), "eregion", layout) for v in (seen, unseen, public)]  # type: ignore[arg-type]
    assert ImageChops.difference(crops[0], crops[1]).getbbox() is not None
    # The public sees the piece face up but without the "seen by the enemy" mark.
    assert ImageChops.difference(crops[2], crops[1]).getbbox() is None


@pytest.mark.parametrize("layout", LAYOUTS)
def test_hidden_and_known_pieces_look_different(layout: str) -> None:
    known = samples.build_view({"rohan": {"sauron": [("balrog", False)]}}, "sauron")
    hidden = samples.build_view({"rohan": {"sauron": [("balrog", False)]}}, "fellowship")
    empty = samples.build_view({}, None)
    crops = [region_crop(render_image(v, layout=layout), "rohan", layout) for v in (known, hidden, empty)]  # type: ignore[arg-type]
    assert ImageChops.difference(crops[0], crops[1]).getbbox() is not None
    assert ImageChops.difference(crops[1], crops[2]).getbbox() is not None


@pytest.mark.parametrize("layout", LAYOUTS)
def test_highlight_option_draws_the_last_move(layout: str) -> None:
    view = samples.mid_battle(None)
    plain = render_image(view, highlight=False, layout=layout)  # type: ignore[arg-type]
    marked = render_image(view, highlight=True, layout=layout)  # type: ignore[arg-type]
    changed = ImageChops.difference(plain, marked).getbbox()
    assert changed is not None
    board = load_layout(name=layout)  # type: ignore[arg-type]
    caradhras = board.regions["caradhras"].centre
    left, top, right, bottom = changed
    assert left <= caradhras[0] <= right and top <= caradhras[1] <= bottom
    if layout == "full":
        assert right <= board.areas["panel"][0]  # only the board changes
    else:
        assert bottom <= board.areas["panel"][1]


@pytest.mark.parametrize("layout", LAYOUTS)
def test_minimal_view_renders(layout: str) -> None:
    """Only the keys of the contract, empty where they may be empty."""
    view = samples.build_view({}, None)
    view.update(battle=None, last_move=None, log=[], result=None, prompt="")
    for side in ("fellowship", "sauron"):
        view["cards"][side].update(discard=[], specials_used=[], specials_count=0, hand_count=0)
    check_size(decode(render_view(view, layout=layout)), layout)


def test_unknown_region_is_an_error() -> None:
    view = samples.opening(None)
    view["regions"][0] = {**view["regions"][0], "id": "rivendell"}
    with pytest.raises(ValueError, match="rivendell"):
        render_view(view)


NAMES = [name for name, _ in samples.CHARACTERS.values()] + ["Mouth of Sauron", "Gwaihir the Windlord"]


def random_view(rng: random.Random) -> dict[str, Any]:
    """A schema-valid view with random pieces, cards, battle, move and result."""
    audience = rng.choice([None, "fellowship", "sauron"])
    view = samples.build_view(
        {},
        audience,
        seq=rng.randrange(500),
        turn=(rng.randrange(1, 99), rng.choice(["fellowship", "sauron"])),
    )
    slugs = [r["id"] for r in view["regions"]]
    for region in view["regions"]:
        for side in ("fellowship", "sauron"):
            count = (
                rng.choice([0, 0, 0, 1, 2, 3, 4, 5])
                if region["capacity"] == 4
                else rng.choice([0, 0, 1, 2, 3])
            )
            pieces = []
            for _ in range(count):
                if rng.random() < 0.5:
                    pieces.append({"character": None, "name": None, "strength": None, "revealed": False})
                else:
                    name = rng.choice(NAMES)
                    pieces.append(
                        {
                            "character": name.lower(),
                            "name": name,
                            "strength": rng.randrange(-1, 10),
                            "revealed": rng.random() < 0.5,
                        }
                    )
            region["pieces"][side] = sorted(pieces, key=lambda p: p["character"] is None)
    cards = [samples.card(c) for c in samples.CARD_NAMES] + [samples.card(str(n)) for n in range(1, 7)]
    for side in ("fellowship", "sauron"):
        entry = view["cards"][side]
        entry["discard"] = rng.sample(cards, rng.randrange(0, 10))
        entry["hand_count"] = rng.randrange(0, 10)
        if entry["hand"] is not None:
            entry["hand"] = rng.sample(cards, entry["hand_count"])
        entry["specials_used"] = rng.sample(cards, rng.randrange(0, 3))
        entry["specials_count"] = rng.randrange(0, 5)
        if entry["specials"] is not None:
            entry["specials"] = rng.sample(cards, entry["specials_count"])
        view["defeated"][side] = [
            {"character": n.lower(), "name": n} for n in rng.sample(NAMES, rng.randrange(0, 10))
        ]
    if rng.random() < 0.5:
        attacker, defender = rng.sample(["fellowship", "sauron"], 2)
        view["battle"] = {
            "region": rng.choice(slugs),
            "attacker": {
                "side": attacker,
                "piece": {"character": "frodo", "name": "Frodo", "strength": 1, "revealed": True},
            },
            "defender": None
            if rng.random() < 0.2
            else {
                "side": defender,
                "piece": {"character": None, "name": None, "strength": None, "revealed": False},
            },
            "played": {s: rng.choice([None, rng.choice(cards)]) for s in ("fellowship", "sauron")},
            "chosen": {s: rng.random() < 0.5 for s in ("fellowship", "sauron")},
        }
    if rng.random() < 0.7:
        view["last_move"] = {
            "side": rng.choice(["fellowship", "sauron"]),
            "from": rng.choice([None, *slugs]),
            "to": rng.choice([None, *slugs]),
            "text": "A long description of what just happened on the board, " * rng.randrange(1, 4),
        }
    if rng.random() < 0.3:
        view["result"] = {
            "winners": rng.choice([[], ["fellowship"], ["sauron"]]),
            "reason": "Frodo reached Mordor. " * rng.randrange(1, 6),
        }
    view["prompt"] = "Choose wisely. " * rng.randrange(0, 12)
    view["log"] = [
        f"Event {i}: " + "something happened " * rng.randrange(1, 8) for i in range(rng.randrange(0, 30))
    ]
    return view


@pytest.mark.parametrize("layout", LAYOUTS)
def test_many_varied_views_render(layout: str) -> None:
    rng = random.Random(20260)
    for _ in range(25):
        png = render_view(random_view(rng), layout=layout)
        check_size(decode(png), layout)
        assert len(png) <= MAX_PNG_BYTES


def test_panel_always_has_room_for_both_sides() -> None:
    """Even a crowded view keeps status, battle and both sides' cards inside the panel."""
    from renderers.confrontation.panels import panel_height, plan_panel

    layout = load_layout(name="full")
    _, top, _, bottom = layout.areas["panel"]
    rng = random.Random(7)
    for audience in (None, "fellowship", "sauron"):
        view = random_view(rng)
        view["audience"] = audience
        view["prompt"] = "Choose a combat card for the battle in Misty Mountains. " * 4
        view["last_move"] = {"side": "sauron", "from": "mordor", "to": "gondor", "text": "A long move " * 10}
        view["battle"] = samples.mid_battle(None)["battle"]
        cards = [samples.card(str(n)) for n in range(1, 10)]
        for side in ("fellowship", "sauron"):
            view["cards"][side].update(
                hand=cards if audience == side else None,
                discard=cards,
                specials=cards[:4] if audience == side else None,
                specials_count=4,
                specials_used=cards[:4],
            )
            view["defeated"][side] = [{"character": n.lower(), "name": n} for n in NAMES[:9]]
        assert panel_height(plan_panel(layout, view)) <= bottom - top


@pytest.mark.parametrize("layout", LAYOUTS)
def test_board_layer_is_drawn_once_and_never_painted_on(layout: str) -> None:
    from renderers.confrontation.board import static_board
    from renderers.confrontation.layout import LAYOUT_PATH

    layer = static_board(LAYOUT_PATH, layout)  # type: ignore[arg-type]
    before = layer.tobytes()
    render_view(samples.mid_battle("fellowship"), layout=layout)
    assert static_board(LAYOUT_PATH, layout) is layer  # type: ignore[arg-type]
    assert layer.tobytes() == before
