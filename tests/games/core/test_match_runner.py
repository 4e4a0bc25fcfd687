"""The match runner: validation, stale actions, undo policy, reverting, determinism, log projection."""

from __future__ import annotations

import pytest

from games.core import (
    Action,
    IllegalAction,
    InvalidAction,
    Match,
    NothingToUndo,
    NotYourTurn,
    StaleAction,
    dump,
    load,
)
from games.core.errors import AmbiguousAction, GameOver
from tests.support.toy_game import PEBBLES, Take


def started(seed: int = 1) -> Match:
    match = Match.new(PEBBLES, seed, {}, 2)
    match.submit("north", "bid 3")
    match.submit("south", "bid 1")
    return match


def test_refused_action_leaves_state_unchanged() -> None:
    match = started()
    before = dump(match.state)
    with pytest.raises(NotYourTurn):
        match.submit("south", "take")
    with pytest.raises(IllegalAction):
        match.submit("north", "end")
    with pytest.raises(InvalidAction):
        match.submit("north", "fly away")
    assert dump(match.state) == before


def test_a_failing_action_is_rolled_back_entirely(monkeypatch: pytest.MonkeyPatch) -> None:
    match = started()
    match.submit("north", "take")
    before = dump(match.state)

    def broken(self: Take, state: dict, frame: dict, role: str, action: Action) -> None:
        state["pile"] -= 1
        frame["taken"] += 1
        state["log"].append({"seq": state["seq"], "kind": "took", "args": {"role": role}})
        state["extra"] = {"nested": [1]}
        raise RuntimeError("a bug in the rules")

    monkeypatch.setattr(Take, "apply", broken)
    with pytest.raises(RuntimeError):
        match.submit("north", "take")
    assert dump(match.state) == before
    assert match.can_undo("north"), "the undo history is untouched too"


def test_an_accepted_action_can_be_reverted_exactly() -> None:
    match = started()
    before = dump(match.state)
    outcome = match.submit("north", "take")
    assert match.state["pile"] == 6 and outcome.events[0]["kind"] == "took"
    outcome.revert()
    assert dump(match.state) == before
    assert not match.can_undo("north")
    match.submit("north", "take")
    with pytest.raises(RuntimeError):
        outcome.revert()  # only the newest entry can be reverted


def test_stale_sequence_is_rejected() -> None:
    match = started()
    seq = match.state["seq"]
    match.submit("north", "take", expected_seq=seq)
    with pytest.raises(StaleAction):
        match.submit("north", "take", expected_seq=seq)


def test_undo_within_own_decision_only() -> None:
    match = started()
    assert not match.can_undo("north"), "the bid reveal is a barrier"
    match.submit("north", "take")
    after_one = dump(match.state)
    match.submit("north", "take")
    assert match.can_undo("north") and not match.can_undo("south")
    match.undo("north")
    assert dump(match.state) == after_one
    match.submit("north", "take")
    match.submit("north", "end")
    with pytest.raises(NothingToUndo):
        match.undo("north")


def test_undo_restores_the_log_and_a_reverted_undo_restores_the_move() -> None:
    match = started()
    match.submit("north", "take")
    taken = dump(match.state)
    lines = len(match.state["log"])
    undo = match.undo("north")
    assert len(match.state["log"]) == lines - 1
    undo.revert()
    assert dump(match.state) == taken and match.can_undo("north")


def test_hidden_bid_is_not_undoable_and_not_visible() -> None:
    match = Match.new(PEBBLES, 5, {"pile": "7"}, 2)
    match.submit("north", "bid 2")
    state = match.state
    assert not match.can_undo("north")
    assert PEBBLES.view(state, "south")["bids"] == {}
    assert PEBBLES.view(state, None)["bids"] == {}
    assert "2" not in " ".join(PEBBLES.log_lines(state, "south"))
    assert "You bid 2." in PEBBLES.log_lines(state, "north")


def test_resignation_ends_the_match_for_the_other_roles() -> None:
    match = started()
    outcome = match.resign("south")
    assert match.state["result"] == {"winners": ["north"], "reason": "resigned", "args": {"role": "south"}}
    assert PEBBLES.result_text(match.state["result"]) == "South resigned"
    assert PEBBLES.event_text(outcome.events[0], None) == "South resigned."
    with pytest.raises(GameOver):
        match.resign("north")


def test_replay_is_deterministic_and_survives_dump_and_load() -> None:
    def play(seed: int, reload: bool) -> str:
        match = Match.new(PEBBLES, seed, {"pile": "7"}, 2)
        for role, text in [("north", "bid 2"), ("south", "bid 2")]:
            match.submit(role, text)
        while match.state["result"] is None:
            if reload:
                match = Match(PEBBLES, load(dump(match.state)))
            role = next(iter(PEBBLES.active(match.state)))
            first = PEBBLES.prompt(match.state, role).actions[0]
            match.submit(role, first, check=True)
        return dump(match.state)

    assert play(11, False) == play(11, False) == play(11, True)


def test_parse_prefix_label_and_ambiguity() -> None:
    state = PEBBLES.setup(1, {"pile": "7"}, 2)
    assert PEBBLES.parse(state, "north", "Bid 2") == Action("bid", ("2",))
    with pytest.raises(AmbiguousAction):
        PEBBLES.parse(state, "north", "bid")


def test_finished_game_refuses_actions() -> None:
    match = Match(
        PEBBLES, PEBBLES.from_position({"pile": 1, "bids": {"north": 1, "south": 2}, "player": "north"})
    )
    match.submit("north", "take")
    assert match.state["result"] == {"winners": ["north"], "reason": "last_pebble", "args": {}}
    with pytest.raises(GameOver):
        match.submit("south", "take")


def test_options_are_validated() -> None:
    with pytest.raises(InvalidAction, match="not a choice"):
        PEBBLES.resolve_options({"pile": "99"})
    with pytest.raises(InvalidAction, match="no option"):
        PEBBLES.resolve_options({"colour": "red"})


def test_prompts_name_their_question() -> None:
    state = PEBBLES.setup(1, {"pile": "7"}, 2)
    prompt = PEBBLES.prompt(state, "north")
    assert (prompt.kind, prompt.title) == ("bid", "Your secret bid")
    assert prompt.verbs() == ("bid",) and prompt.values("bid", 0) == ("1", "2", "3")
    over = Match(
        PEBBLES, PEBBLES.from_position({"pile": 1, "bids": {"north": 1, "south": 2}, "player": "north"})
    )
    over.submit("north", "take")
    assert PEBBLES.prompt(over.state, "south").kind == "over"
