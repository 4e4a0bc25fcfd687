"""The invariants the fuzzer and every described position are checked against find each kind
of broken state (and none in a sound one)."""

from __future__ import annotations

from games.core import State

from .helpers import R, position


def sound() -> State:
    return position({"frodo": "shire", "gimli": "eregion"}, {"orcs": "mordor", "warg": "gondor"})


def test_a_sound_position_has_no_problem() -> None:
    assert R.check_invariants(sound()) == []


def test_a_piece_both_on_the_board_and_fallen_or_neither() -> None:
    state = sound()
    state["defeated"]["fellowship"].append("gimli")
    state["defeated"]["sauron"].remove("balrog")
    assert R.check_invariants(state) == [
        "gimli must be either on the board or defeated (board=True)",
        "balrog must be either on the board or defeated (board=False)",
    ]


def test_a_stranger_on_the_board_a_crowd_and_a_meeting_outside_a_battle() -> None:
    state = sound()
    state["pos"]["frodo_v"] = "shire"
    assert R.check_invariants(state) == ["a character not in play stands on the board"]
    state = sound()
    state["pos"]["warg"] = "caradhras"
    state["pos"]["orcs"] = "caradhras"
    assert R.check_invariants(state) == ["sauron has 2 characters in caradhras (capacity 1)"]
    state = sound()
    state["pos"]["gimli"] = "gondor"
    assert R.check_invariants(state) == ["both sides stand in gondor outside a battle"]


def test_cards_special_cards_and_someone_to_act() -> None:
    state = sound()
    state["cards"]["sauron"]["hand"].append("1")
    state["specials"]["fellowship"]["held"] = ["palantir"]
    state["stack"][-1]["only"] = "boromir"  # a fallen character must make the move
    assert R.check_invariants(state) == [
        "fellowship special cards are inconsistent: ['palantir']",
        f"sauron cards are not the nine cards: {state['cards']['sauron']['hand']}",
        "sauron is to act but has no legal action",
    ]
