"""Positions at the start of a turn or a phase (the engine recovers the dice, takes back the
Free Peoples' Hunt Box dice, draws and rolls), the ``reinforcements`` key, and what the view
tells of the Hunt pool and of the next turn's dice."""

from __future__ import annotations

from typing import Any

import pytest

from games.core import InvalidPosition, Match
from games.core.chance import scripted
from games.war_of_the_ring.dice import pool_size

from .helpers import R, act, events, offered, position, step

LATE_HANDS = {"free": ["fpc_01"], "shadow": ["shc_01"]}


def test_a_turn_start_recovers_every_die_takes_back_the_hunt_box_and_draws_for_each_side() -> None:
    with scripted(("free_strategy_card", "fps_05"), others="random") as drawn:
        state = position(start="turn", turn=3, hunt_box={"shadow": 2, "free": 1}, hands=LATE_HANDS)
    assert drawn == [("free_strategy_card", "fps_05")]  # the other three cards from the seed
    assert state["turn"]["number"] == 3 and state["turn"]["returned"]
    assert state["hunt_box"] == {"shadow": 0, "free": 0}
    assert len(state["hands"]["free"]) == 3 and "fps_05" in state["hands"]["free"]
    assert len(state["hands"]["shadow"]) == 3
    assert events(state, "turn_started") == [{"number": 3}]
    assert [e["count"] for e in events(state, "cards_drawn")] == [2, 2]
    m = Match(R, state)
    if step(m.state) == "fellowship_phase":
        act(m, "free", "done")
    assert step(m.state) == "allocate_hunt"
    assert offered(m.state, "shadow")[0] == "hunt 1"  # a Free die came back from the box


def test_a_hunt_phase_start_asks_the_shadow_to_allocate_without_a_recovery() -> None:
    m = Match(R, position(start="phase:hunt", turn=2, hands=LATE_HANDS))
    assert step(m.state) == "allocate_hunt" and offered(m.state, "shadow")[0] == "hunt 0"
    assert m.state["hands"] == LATE_HANDS  # no recovery at the start of phase 3: no draw


def test_a_roll_phase_start_rolls_each_pool_less_the_dice_allocated() -> None:
    with scripted(("shadow_action_die", "eye"), others="random"):
        state = position(start="phase:roll", hunt_box={"shadow": 2}, hands=LATE_HANDS)
    free, shadow = state["dice"]["free"]["rolled"], state["dice"]["shadow"]["rolled"]
    assert len(free) == pool_size(state, "free")
    eyes = state["hunt_box"]["shadow"] - 2
    assert eyes >= 1 and len(shadow) + eyes == pool_size(state, "shadow") - 2
    assert state["turn"]["allocated"] == 2
    assert step(state) == "act" and state["stack"][-1]["side"] == "free"


def test_an_actions_phase_start_gives_the_free_peoples_the_first_action() -> None:
    state = position(start="phase:actions", dice={"free": [], "shadow": ["army"]}, hands=LATE_HANDS)
    assert step(state) == "act" and state["stack"][-1]["side"] == "shadow"  # no Free die


def test_a_victory_phase_start_ends_the_turn_and_begins_the_next() -> None:
    state = position(start="phase:victory", turn=4, hands=LATE_HANDS)
    assert state["turn"]["number"] == 5 and events(state, "turn_started") == [{"number": 5}]


@pytest.mark.parametrize(
    ("described", "message"),
    [
        ({"start": "turn", "dice": {"free": ["will"]}}, "start of the turn has no dice"),
        ({"start": "phase:recover", "acting": "free"}, "start of the recover phase has no acting"),
        ({"start": "phase:hunt", "hunt_box": {"free": 1}}, "has no hunt_box.free"),
        ({"start": "phase:roll", "hunt_box": {"shadow": 1, "allocated": 1}}, "has no hunt_box.allocated"),
        ({"start": "phase:actions", "rings": {"used": ["free"]}}, "has no rings.used"),
        ({"start": "phase:muster"}, "no phase 'muster'"),
        ({"start": "turn", "turn": 0}, "turn number is 1 or more"),
    ],
)
def test_a_bad_start_is_refused_with_what_is_wrong(described: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidPosition, match=message):
        position(**described)


# -- reinforcements ------------------------------------------------------------------------------


def test_reinforcements_given_leave_the_rest_of_a_free_pool_as_casualties() -> None:
    state = position(reinforcements={"gondor": "2R 1E"}, dice={"free": ["will"], "shadow": ["army"]})
    assert state["reinforcements"]["gondor"] == {"regular": 2, "elite": 1, "leader": 0}
    assert state["casualties"]["gondor"] == {"regular": 4, "elite": 3, "leader": 3}  # 6R 4E 3L off the map


def test_shadow_reinforcements_given_put_the_rest_out_of_the_game() -> None:
    state = position(reinforcements={"sauron": "1R"}, dice={"free": ["will"], "shadow": ["army"]})
    assert state["reinforcements"]["sauron"] == {"regular": 1, "elite": 0, "leader": 0}


def test_reinforcements_round_trip_through_positions() -> None:
    described = {
        "reinforcements": {"gondor": "2R 1E", "sauron": "5R 1E 1L", "elves": ""},
        "casualties": {"gondor": "4R 3E 3L"},
        "dice": {"free": ["will"], "shadow": ["army"]},
    }
    state = position(**described)
    again = R.to_position(state)
    assert again["reinforcements"]["gondor"] == "2R 1E" and again["reinforcements"]["sauron"] == "5R 1E 1L"
    assert R.to_position(R.from_position(again)) == again
    assert R.from_position(again)["reinforcements"] == state["reinforcements"]


@pytest.mark.parametrize(
    ("described", "message"),
    [
        ({"reinforcements": {"gondor": "7R"}}, "do not fit"),
        ({"reinforcements": {"gondor": "1R"}, "casualties": {"gondor": "1R"}}, "is a reinforcement or"),
        ({"reinforcements": {"mordor": "1R"}}, "unknown nation mordor"),
    ],
)
def test_reinforcements_that_do_not_fit_the_pool_are_refused(described: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidPosition, match=message):
        position(**described)


# -- what the view tells ---------------------------------------------------------------------------


def test_the_view_shows_the_hunt_pool_tiles_and_each_sides_dice_next_turn() -> None:
    state = position(
        hunt={"drawn": ["eye_1", "3_1"], "waiting": ["phial"]},
        characters={"aragorn": "minas_tirith", "saruman": "orthanc"},
        dice={"free": ["will"], "shadow": ["army"]},
    )
    for audience in (None, "free", "shadow"):
        hunt = R.view(state, audience)["hunt"]
        assert hunt["pool"] == len(hunt["tiles"]) == 14
        assert "eye_1" not in hunt["tiles"] and "eye_2" in hunt["tiles"]
        assert hunt["tiles"] == sorted(hunt["tiles"])
        assert hunt["waiting"] == ["phial"]
        dice = R.view(state, audience)["dice"]
        assert dice["free"]["next_turn"] == 5 and dice["shadow"]["next_turn"] == 8  # Aragorn, Saruman
