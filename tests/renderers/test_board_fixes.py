"""The board errors players found, fixed: the set-up header, a defender not chosen yet, a long
charge's line (gone once the mover fell), battle results on the map, a legend that lists only
the marks shown, the "last seen" notes, and the pieces still to place in the secret set-up.

Views come from the real engine (``ruleset.view``) where it matters, and the tracking of
reveals in the state (``last_seen``) is checked with them.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
from PIL import ImageChops

from renderers import describe_view, render_view
from renderers.confrontation import render_image
from renderers.confrontation.layout import LAYOUTS, load_layout
from renderers.confrontation.status import headline, turn_label

from . import samples, scenarios
from .capture import texts_of, words
from .playouts import confrontation_ruleset
from .test_confrontation import region_crop

engine = pytest.mark.skipif(confrontation_ruleset() is None, reason="Confrontation engine not registered")


def R() -> Any:
    return confrontation_ruleset()


# -- the set-up header ----------------------------------------------------------------------


@engine
@pytest.mark.parametrize("audience", [None, "fellowship", "sauron"])
def test_setup_says_it_is_simultaneous_and_secret(audience: str | None) -> None:
    state = scenarios.setup_started({"variant": "deluxe-variant", "specials": "deluxe-2"})
    view = R().view(state, audience)
    assert view["turn"]["side"] == "sauron" and view["active"] == ["fellowship"]
    assert headline(view)[0] == "Secret set-up" and turn_label(view) == "SECRET SET-UP"
    full, small = words(texts_of(view, "full")), words(texts_of(view, "compact"))
    assert "SAURON'S TURN" not in full and "SECRET SET-UP" in full
    assert "Sauron is ready; the Fellowship is setting up." in full
    assert "SET-UP" in small and "Sauron is ready; the Fellowship is setting up." in small
    assert "Secret set-up" in describe_view(view)


# -- a battle whose defender is not chosen yet ------------------------------------------------


@engine
@pytest.mark.parametrize("layout", LAYOUTS)
def test_a_defender_not_chosen_yet_is_said_so(layout: str) -> None:
    view = R().view(scenarios.target_not_chosen(), None)
    assert view["battle"]["defender"] is None
    text = words(texts_of(view, layout))
    assert "no defender" not in text and "not chosen yet" in text
    assert "DEFENDER · FELLOWSHIP" in text
    assert "attacks one of the 2 Fellowship pieces there; the target is not chosen yet" in describe_view(view)


# -- the last move's line, and none once the mover fell ---------------------------------------


def _between(layout: str, a: str, b: str) -> str:
    """A region the straight line from ``a`` to ``b`` crosses half-way."""
    from .test_layout import _inside

    board = load_layout(name=layout)  # type: ignore[arg-type]
    (x1, y1), (x2, y2) = board.regions[a].centre, board.regions[b].centre
    for share in (0.5, 0.45, 0.55, 0.4, 0.6):
        point = (x1 + (x2 - x1) * share, y1 + (y2 - y1) * share)
        found = [r.slug for r in board.regions.values() if _inside(point, r.polygon)]
        if found and found[0] not in (a, b):
            return found[0]
    raise AssertionError("the line crosses no region")


@engine
@pytest.mark.parametrize("layout", LAYOUTS)
def test_a_long_charge_is_a_thin_route_and_none_once_the_mover_fell(layout: str) -> None:
    charging = R().view(scenarios.long_charge(), None)
    fallen = R().view(scenarios.charge_lost(), None)
    assert charging["last_move"]["gone"] is False and charging["last_move"]["results"] == []
    assert fallen["last_move"]["gone"] is True
    middle = _between(layout, "mordor", "arthedain")
    assert middle not in ("mordor", "arthedain")

    def crossed(view: dict[str, Any]) -> bool:
        marked = region_crop(render_image(view, layout=layout), middle, layout)  # type: ignore[arg-type]
        plain = region_crop(render_image(view, layout=layout, highlight=False), middle, layout)  # type: ignore[arg-type]
        return ImageChops.difference(marked, plain).getbbox() is not None

    assert crossed(charging)
    assert not crossed(fallen)


@engine
def test_a_move_next_door_on_the_tiles_gets_a_chevron_across_their_edge() -> None:
    from renderers.confrontation.board import tile_box

    view = R().view(scenarios.target_not_chosen(), None)  # the Balrog: Misty Mountains -> Eregion
    assert (view["last_move"]["from"], view["last_move"]["to"]) == ("misty_mountains", "eregion")
    board = load_layout(name="compact")
    upper, lower = tile_box(board.regions["misty_mountains"]), tile_box(board.regions["eregion"])
    middle = round((upper[3] + lower[1]) / 2)
    strip = (round(max(upper[0], lower[0])), middle - 1, round(min(upper[2], lower[2])), middle + 1)
    marked, plain = render_image(view).crop(strip), render_image(view, highlight=False).crop(strip)
    assert ImageChops.difference(marked, plain).getbbox() is not None


# -- battle results on the map ----------------------------------------------------------------


@engine
@pytest.mark.parametrize("layout", LAYOUTS)
def test_battle_results_are_marked_where_the_battle_was(layout: str) -> None:
    view = R().view(scenarios.charge_lost(), None)
    results = view["last_move"]["results"]
    assert [(r["kind"], r["character"], r["region"], r["side"]) for r in results] == [
        ("defeated", "black_rider", "arthedain", "sauron")
    ]
    without = copy.deepcopy(view)
    without["last_move"]["results"] = []
    marked = region_crop(render_image(view, layout=layout), "arthedain", layout)  # type: ignore[arg-type]
    bare = region_crop(render_image(without, layout=layout), "arthedain", layout)  # type: ignore[arg-type]
    assert ImageChops.difference(marked, bare).getbbox() is not None
    drawn = words(texts_of(view, layout))
    assert "fell in the last battle" in drawn and "Black Rider" in drawn
    assert "fell in the last battle" not in words(texts_of(without, layout))
    assert "Black Rider fell." in describe_view(view) and "fell here: Black Rider" in describe_view(view)


def test_results_of_the_view_are_drawn_even_from_hand_made_views() -> None:
    view = samples.mid_battle(None)
    view["last_move"]["results"] = [
        {
            "kind": "retreated",
            "side": "fellowship",
            "character": "aragorn",
            "name": "Aragorn",
            "region": "caradhras",
            "to": "eregion",
        }
    ]
    assert "retreated from it" in words(texts_of(view, "full"))
    compact = words(texts_of(view, "compact"))
    assert "withdrew from it" in compact and "↩ Aragorn withdrew to Eregion" in compact


# -- the legend lists only the marks the picture shows -----------------------------------------


@pytest.mark.parametrize("layout", LAYOUTS)
def test_seen_by_the_enemy_is_in_the_legend_only_when_drawn(layout: str) -> None:
    seen = samples.build_view({"eregion": {"fellowship": [("gimli", True)]}}, "fellowship")
    unseen = samples.build_view({"eregion": {"fellowship": [("gimli", False)]}}, "fellowship")
    public = samples.build_view({"eregion": {"fellowship": [("gimli", True)]}}, None)
    assert "seen by the enemy" in words(texts_of(seen, layout))
    assert "seen by the enemy" not in words(texts_of(unseen, layout))
    assert "seen by the enemy" not in words(texts_of(public, layout))


# -- last seen ---------------------------------------------------------------------------------


@engine
def test_last_seen_notes_name_history_never_a_hidden_token() -> None:
    state = scenarios.last_seen()
    note = {"side": "fellowship", "character": "legolas", "name": "Legolas", "region": "rohan", "turn": 1}
    for audience in ("sauron", None):
        view = R().view(state, audience)
        assert view["last_seen"] == [note]
        rohan = next(r for r in view["regions"] if r["id"] == "rohan")
        assert [p["character"] for p in rohan["pieces"]["fellowship"]] == [None]  # still face down
        for layout in LAYOUTS:
            drawn = [d.text for d in texts_of(view, layout) if "Legolas" in d.text]
            assert drawn and all("Rohan" in t for t in drawn), drawn  # only as the note
        assert "Last seen: Legolas in Rohan, turn 1." in describe_view(view)
    assert "last_seen" not in R().view(state, "fellowship")  # his own pieces: nothing to recall


@engine
def test_last_seen_does_not_tell_where_the_piece_went() -> None:
    """Legolas (last seen in Rohan) and Gimli swapped places since, in secret: Sauron's view,
    picture and description are the same either way."""
    here = scenarios.last_seen()
    there = R().from_position(
        {
            "fellowship": {"legolas": "eregion", "gimli": "rohan", "frodo": "shire"},
            "sauron": {"orcs": "mordor", "warg": "gondor", "saruman": "fangorn"},
            "to_move": "fellowship",
            "turn": 3,
            "shown": ["legolas"],
            "last_seen": {"legolas": {"region": "rohan", "turn": 1}},
        }
    )
    for audience in ("sauron", None):
        views = [R().view(s, audience) for s in (here, there)]
        assert views[0] == views[1]
        for layout in LAYOUTS:
            assert render_view(views[0], layout=layout) == render_view(views[1], layout=layout)
        assert describe_view(views[0]) == describe_view(views[1])


@engine
def test_reveals_are_tracked_in_the_state_and_positions_carry_them() -> None:
    from games.core import InvalidPosition

    state = scenarios.position(
        {"legolas": "gap_of_rohan", "frodo": "shire"}, {"orcs": "mordor", "warg": "gondor"}
    )
    state = scenarios.act(state, "sauron", "move warg rohan")
    state = scenarios.act(state, "fellowship", "move legolas rohan")  # attacks: both shown, turn 2
    assert state["last_seen"]["legolas"] == {"region": "rohan", "turn": 2}
    assert state["last_seen"]["warg"] == {"region": "rohan", "turn": 2}
    state = scenarios.play_cards(state, "1", "6")
    assert "legolas" not in state["pos"] and "legolas" not in state["last_seen"]  # fell: dropped
    assert state["pos"]["warg"] == "rohan" and state["result"] is None and "warg" not in state["revealed"]
    assert R().view(state, "fellowship")["last_seen"] == [
        {"side": "sauron", "character": "warg", "name": "Warg", "region": "rohan", "turn": 2}
    ]
    position = R().to_position(state)
    assert position["last_seen"] == {"warg": {"region": "rohan", "turn": 2}}
    assert R().to_position(R().from_position(copy.deepcopy(position))) == position
    with pytest.raises(InvalidPosition, match="never shown"):
        R().from_position(
            {
                "fellowship": {"frodo": "shire"},
                "sauron": {"orcs": "mordor"},
                "last_seen": {"orcs": {"region": "mordor", "turn": 1}},
            }
        )
    with pytest.raises(InvalidPosition, match="turn"):
        R().from_position(
            {
                "fellowship": {"frodo": "shire"},
                "sauron": {"orcs": "mordor"},
                "shown": ["orcs"],
                "last_seen": {"orcs": {"region": "mordor", "turn": 9}},
            }
        )


@engine
def test_a_revealed_piece_that_retreats_is_last_seen_where_it_went() -> None:
    state = scenarios.charge_lost()  # Sam fought in Arthedain and stayed there
    assert state["last_seen"]["sam"]["region"] == "arthedain"
    from games.confrontation.board import move_to, reveal

    reveal(state, "frodo")
    move_to(state, "frodo", "cardolan")
    assert state["last_seen"]["frodo"] == {"region": "cardolan", "turn": state["turn"]["number"]}


# -- the pieces still to place -------------------------------------------------------------------


@engine
@pytest.mark.parametrize("layout", LAYOUTS)
def test_the_private_view_lists_and_draws_the_pieces_still_to_place(layout: str) -> None:
    state = scenarios.setup_started({"variant": "deluxe-variant", "specials": "deluxe-2"}, placed=4)
    mine = R().view(state, "fellowship")
    to_place = mine["setup"]["to_place"]
    assert mine["setup"]["stage"] == "place" and mine["setup"]["ready"] == {
        "fellowship": False,
        "sauron": True,
    }
    assert len(to_place) == 5 and all(p["name"] and p["character"] for p in to_place)
    drawn = words(texts_of(mine, layout))
    assert "Still to place: 5" in drawn
    for piece in to_place:
        assert piece["name"] in drawn
    public = R().view(state, None)
    assert public["setup"] == {
        "ready": {"fellowship": False, "sauron": True},
        "stage": None,
        "to_place": None,
    }
    assert "Still to place" not in words(texts_of(public, layout))
    sauron = R().view(state, "sauron")
    assert sauron["setup"]["stage"] == "ready" and sauron["setup"]["to_place"] == []
    assert "setup" not in R().view(scenarios.long_charge(), "fellowship")  # only during the set-up


# -- the result in words --------------------------------------------------------------------------


@engine
def test_the_result_is_drawn_in_words_not_as_a_slug() -> None:
    state = scenarios.position({"frodo": "dagorlad", "sam": "shire"}, {"orcs": "gondor"}, turn="fellowship")
    state = scenarios.act(state, "fellowship", "move frodo mordor")
    view = R().view(state, None)
    assert view["result"]["reason"] == "ring_in_mordor" and view["result"]["text"]
    for layout in LAYOUTS:
        drawn = words(texts_of(view, layout))
        assert "ring_in_mordor" not in drawn and "Ring into Mordor" in drawn
