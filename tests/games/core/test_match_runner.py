"""The match runner: validation, stale actions, undo policy, determinism, log projection."""

from __future__ import annotations

import pytest

from games.core import (
    Action,
    IllegalAction,
    InvalidAction,
    NothingToUndo,
    NotYourTurn,
    StaleAction,
    can_undo,
    dump,
    project_log,
    submit,
    undo,
)
from games.core.errors import AmbiguousAction, GameOver
from tests.support.toy_game import PEBBLES


def started(seed: int = 1) -> dict:
    state = PEBBLES.setup(seed, PEBBLES.resolve_options({}), 2)
    state = submit(PEBBLES, state, "north", "bid 3").state
    return submit(PEBBLES, state, "south", "bid 1").state


def test_refused_action_leaves_state_unchanged() -> None:
    state = started()
    before = dump(state)
    with pytest.raises(NotYourTurn):
        submit(PEBBLES, state, "south", "take")
    with pytest.raises(IllegalAction):
        submit(PEBBLES, state, "north", "end")
    with pytest.raises(InvalidAction):
        submit(PEBBLES, state, "north", "fly away")
    assert dump(state) == before


def test_stale_sequence_is_rejected() -> None:
    state = started()
    seq = state["seq"]
    state = submit(PEBBLES, state, "north", "take", expected_seq=seq).state
    with pytest.raises(StaleAction):
        submit(PEBBLES, state, "north", "take", expected_seq=seq)


def test_undo_within_own_decision_only() -> None:
    state = started()
    assert not can_undo(state, "north"), "the bid reveal is a barrier"
    after_one = submit(PEBBLES, state, "north", "take").state
    after_two = submit(PEBBLES, after_one, "north", "take").state
    assert can_undo(after_two, "north") and not can_undo(after_two, "south")
    back = undo(after_two, "north")
    assert back["pile"] == after_one["pile"] and back["seq"] == after_one["seq"]
    ended = submit(PEBBLES, after_two, "north", "end").state
    with pytest.raises(NothingToUndo):
        undo(ended, "north")


def test_hidden_bid_is_not_undoable_and_not_visible() -> None:
    state = PEBBLES.setup(5, {"pile": "7"}, 2)
    state = submit(PEBBLES, state, "north", "bid 2").state
    assert not can_undo(state, "north")
    assert PEBBLES.view(state, "south")["bids"] == {}
    assert PEBBLES.view(state, None)["bids"] == {}
    assert "2" not in " ".join(project_log(state, "south"))
    assert "You bid 2." in project_log(state, "north")


def test_replay_is_deterministic() -> None:
    def play(seed: int) -> str:
        state = PEBBLES.setup(seed, {"pile": "7"}, 2)
        for role, text in [("north", "bid 2"), ("south", "bid 2")]:
            state = submit(PEBBLES, state, role, text).state
        while state["result"] is None:
            role = next(iter(PEBBLES.active(state)))
            first = PEBBLES.prompt(state, role).actions[0]
            state = submit(PEBBLES, state, role, first, check=True).state
        return dump(state)

    assert play(11) == play(11)


def test_parse_prefix_label_and_ambiguity() -> None:
    state = PEBBLES.setup(1, {"pile": "7"}, 2)
    assert PEBBLES.parse(state, "north", "Bid 2") == Action("bid", ("2",))
    with pytest.raises(AmbiguousAction):
        PEBBLES.parse(state, "north", "bid")


def test_finished_game_refuses_actions() -> None:
    state = started()
    state["pile"] = 1
    state = submit(PEBBLES, state, "north", "take").state
    assert state["result"] == {"winners": ["north"], "reason": "took the last pebble"}
    with pytest.raises(GameOver):
        submit(PEBBLES, state, "south", "take")


def test_options_are_validated() -> None:
    with pytest.raises(InvalidAction, match="not a choice"):
        PEBBLES.resolve_options({"pile": "99"})
    with pytest.raises(InvalidAction, match="no option"):
        PEBBLES.resolve_options({"colour": "red"})
