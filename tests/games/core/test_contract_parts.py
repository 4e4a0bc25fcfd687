"""The pieces of the engine contract on their own: the journal, chance, events, call and return."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.core import IllegalAction, InvalidAction, Match, Presenter, dump, load
from games.core.chance import ScriptError, draw, roll, scripted, shuffle, traced
from games.core.events import emit, project
from games.core.flow import Frame, Step, StepRuleset, call, push, ret
from games.core.journal import EventLog, Journal, TrackedDict, TrackedList, track_state, untracked_writes
from tests.support.toy_game import PEBBLES, Pebbles

# -- the journal ------------------------------------------------------------------------------


def _random_tree(rng: random.Random, depth: int = 0) -> Any:
    if depth > 2 or rng.random() < 0.3:
        return rng.choice([1, "x", None, True, 2.5])
    if rng.random() < 0.5:
        return {f"k{i}": _random_tree(rng, depth + 1) for i in range(rng.randint(0, 4))}
    return [_random_tree(rng, depth + 1) for _ in range(rng.randint(0, 4))]


def _containers(value: Any) -> list[Any]:
    found = []
    if isinstance(value, dict):
        found.append(value)
        for v in value.values():
            found += _containers(v)
    elif isinstance(value, list) and not isinstance(value, EventLog):
        found.append(value)
        for v in value:
            found += _containers(v)
    return found


def _mutate(rng: random.Random, state: dict[str, Any]) -> None:
    """One random change anywhere in the tree, through every kind of mutator."""
    target = rng.choice([c for c in _containers(state) if c is not state] or [state["other"]])
    if rng.random() < 0.1:
        state[f"top{rng.randrange(3)}"] = _random_tree(rng)
    new = _random_tree(rng)
    if isinstance(target, dict):
        keys = list(target)
        op = rng.randrange(6)
        if op == 0 or not keys:
            target[f"n{rng.randrange(9)}"] = new
        elif op == 1:
            del target[rng.choice(keys)]
        elif op == 2:
            target.pop(rng.choice(keys))
        elif op == 3:
            target.update({rng.choice(keys): new, "u": [new]})
        elif op == 4:
            got = target.setdefault(f"d{rng.randrange(3)}", {"fresh": []})
            if isinstance(got, dict):
                got["x"] = new  # a dict just stored by setdefault may be filled in
        else:
            target.clear()
    else:
        op = rng.randrange(8)
        if op == 0 or not target:
            target.append(new)
        elif op == 1:
            target[rng.randrange(len(target))] = new
        elif op == 2:
            target.pop(rng.randrange(len(target)))
        elif op == 3:
            target.insert(rng.randrange(len(target) + 1), new)
        elif op == 4:
            target.extend([new, [new]])
        elif op == 5:
            del target[rng.randrange(len(target))]
        elif op == 6:
            target.reverse()
        else:
            target[:1] = [new]
    if rng.random() < 0.3:
        state["log"].append({"seq": 0, "kind": "x", "args": {}})


def test_rollback_restores_any_tree_exactly_after_any_changes() -> None:
    rng = random.Random(7)
    for _ in range(300):
        state = track_state({"log": [], "tree": _random_tree(rng), "other": [_random_tree(rng)]})
        before = dump(state)
        journal = Journal()
        with journal:
            for _ in range(rng.randint(1, 12)):
                _mutate(rng, state)
        after = dump(state)
        redo = journal.capture()
        journal.rollback()
        assert dump(state) == before
        redo.rollback()
        assert dump(state) == after


def test_every_container_is_tracked_after_any_changes() -> None:
    """Whatever the mutators did (appends then moves, pops, inserts), the close tracks every
    plain container stored in the transaction, wherever it ended up."""
    rng = random.Random(11)
    for _ in range(300):
        state = track_state({"log": [], "tree": _random_tree(rng), "other": [_random_tree(rng)]})
        with Journal():
            for _ in range(rng.randint(1, 12)):
                _mutate(rng, state)
        plain = [c for c in _containers(state) if type(c) in (dict, list)]
        assert not plain


def test_appending_to_a_long_list_costs_the_same_as_to_a_short_one() -> None:
    """A list only appended to keeps its prior length, not a copy, and its close looks at the
    new item only (a battle's rolls must not cost more as the battle goes on)."""
    state = track_state({"log": [], "rolls": [{"n": i} for i in range(5000)]})
    rolls = state["rolls"]
    journal = Journal()
    with journal:
        rolls.append({"n": 5000})
        rolls.append({"n": 5001})
    assert journal.saved[id(rolls)][1] == 5000 and type(rolls[-1]) is TrackedDict
    journal.rollback()
    assert len(rolls) == 5000
    journal = Journal()
    with journal:
        rolls.append({"n": 5000})
        rolls.pop(0)  # a change elsewhere: now the prior contents are copied
    journal.rollback()
    assert [r["n"] for r in rolls] == list(range(5000))


def test_containers_inserted_in_a_transaction_become_tracked_and_journal_later_changes() -> None:
    state = track_state({"log": [], "a": {}})
    with Journal():
        fresh = {"inner": [1]}
        state["a"]["fresh"] = fresh
        fresh["inner"].append(2)  # the dict just inserted may still be filled in
    assert type(state["a"]["fresh"]) is TrackedDict and type(state["a"]["fresh"]["inner"]) is TrackedList
    assert state["a"]["fresh"]["inner"] == [1, 2]
    before = dump(state)
    journal = Journal()
    with journal:
        state["a"]["fresh"]["inner"].append(3)
    journal.rollback()
    assert dump(state) == before


def test_containers_stored_outside_a_transaction_are_tracked_before_the_next_action() -> None:
    match = Match.new(PEBBLES, 1, {}, 2)
    writes = untracked_writes()
    match.state["notes"] = {"list": [1]}  # set-up or a tool writing between actions
    assert untracked_writes() > writes and type(match.state["notes"]) is dict
    before = dump(match.state)

    def scribble() -> None:
        match.state["notes"]["list"].append(2)
        raise RuntimeError("refused after the change")

    with pytest.raises(RuntimeError):
        match._run("act", "north", None, frozenset(), scribble, False)
    assert dump(match.state) == before  # the runner tracked the new dict before journaling
    assert type(match.state["notes"]["list"]) is TrackedList
    assert type(load(dump(match.state))["log"]) is EventLog


def test_a_journal_costs_what_it_touches_not_the_state() -> None:
    state = track_state({"log": [], "big": {f"r{i}": {"units": list(range(20))} for i in range(2000)}})
    journal = Journal()
    with journal:
        state["big"]["r5"]["units"].append(99)
        state["seq"] = 1
    assert len(journal.saved) == 2  # the list and the top of the state, nothing else


# -- chance ---------------------------------------------------------------------------------------


def test_scripted_draws_must_match_what_is_drawn_and_be_possible() -> None:
    state = {"rng": 1}
    with pytest.raises(ScriptError, match="expected 'attack die'"), scripted(("attack die", 6)):
        draw(state, "blind target", ["a", "b"])
    with pytest.raises(ScriptError, match="not a possible"), scripted(("attack die", 7)):
        roll(state, "attack die")
    with pytest.raises(ScriptError, match="never drawn"), scripted(("attack die", 6), ("attack die", 2)):
        roll(state, "attack die")


def test_scripted_shuffle_gives_the_order_and_draws_are_traced() -> None:
    state = {"rng": 1}
    items = ["a", "b", "c"]
    with traced() as trace, scripted(("deck", ["c", "a", "b"])):
        shuffle(state, "deck", items)
    assert items == ["c", "a", "b"] and trace == [("deck", ["c", "a", "b"])]
    with pytest.raises(ScriptError), scripted(("deck", ["a", "a", "b"])):
        shuffle(state, "deck", items)


def test_a_named_script_gives_only_the_draws_it_names_the_rest_from_the_generator() -> None:
    plain, steered = {"rng": 9}, {"rng": 9}
    free = [roll(plain, "attack die"), roll(plain, "defence die"), roll(plain, "attack die")]
    with scripted(("defence die", 1), others="random") as drawn:
        got = [roll(steered, "attack die"), roll(steered, "defence die"), roll(steered, "attack die")]
    assert got == [free[0], 1, free[2]]  # the unscripted dice are those the seed gives
    assert drawn == [("defence die", 1)] and steered["rng"] == plain["rng"]


def test_a_named_script_keeps_the_order_of_each_name_and_then_draws_at_random() -> None:
    state = {"rng": 3}
    with scripted(("shadow die", 6), ("free die", 2), ("shadow die", 5), others="random"):
        first_free = roll(state, "free die")
        shadow = [roll(state, "shadow die"), roll(state, "shadow die")]
        later = roll(state, "shadow die")  # its outcomes are used up: the generator's
        draw(state, "unnamed draw", ["a", "b"])  # never named: it does not fail
    assert (first_free, shadow, 1 <= later <= 6) == (2, [6, 5], True)


def test_a_named_script_still_checks_its_outcomes_and_that_they_are_used() -> None:
    state = {"rng": 1}
    with pytest.raises(ScriptError, match="not a possible"), scripted(("hunt_die", 9), others="random"):
        roll(state, "hunt_die")
    with pytest.raises(ScriptError, match="never drawn"), scripted(("hunt_die", 6), others="random"):
        roll(state, "combat_die")
    with pytest.raises(ScriptError, match="pair"), scripted(("hunt_die",), others="random"):  # type: ignore[arg-type]
        pass


def test_named_scripts_nest_the_innermost_naming_a_draw_gives_it() -> None:
    state = {"rng": 1}
    items = ["a", "b", "c"]
    with scripted(("deck", ["b", "c", "a"]), ("die", 4)), scripted(("die", 2), others="random"):
        assert roll(state, "die") == 2
        shuffle(state, "deck", items)  # not named by the inner script: the outer gives it
        assert roll(state, "die") == 4
    assert items == ["b", "c", "a"]


def test_unscripted_draws_come_from_the_stored_generator() -> None:
    one, two = {"rng": 5}, {"rng": 5}
    assert [roll(one, "die") for _ in range(20)] == [roll(two, "die") for _ in range(20)]
    assert one["rng"] == two["rng"] != 5


def test_a_draw_is_an_undo_barrier() -> None:
    journal = Journal()
    with journal:
        roll({"rng": 1}, "die")
    assert journal.barrier
    journal = Journal()
    with journal, scripted(("die", 3)):
        roll({"rng": 1}, "die")
    assert journal.barrier


# -- events -------------------------------------------------------------------------------------

PRESENTER = Presenter(
    kinds={"moved": {"who": "piece", "to": "place"}, "won": {"reason": "event"}, "why": {"n": "number"}},
    templates={"en": {"moved": "{who:cap} goes to {to}.", "won": "Over: {reason}.", "why": "{n} reasons"}},
    formats={
        "piece": lambda v, lang: "a hidden piece" if v is None else v,
        "place": lambda v, lang: v.title(),
    },
)


def test_events_are_projected_per_audience_as_data_and_put_into_words() -> None:
    state = {"seq": 3, "log": EventLog()}
    event = emit(
        state, "moved", {"who": None, "to": "rohan"}, {"north": ("moved", {"who": "frodo", "to": "rohan"})}
    )
    assert project(event, None) == ("moved", {"who": None, "to": "rohan"})
    assert project(event, "south") == ("moved", {"who": None, "to": "rohan"})
    assert PRESENTER.event_text(event, None) == "A hidden piece goes to Rohan."
    assert PRESENTER.event_text(event, "north") == "Frodo goes to Rohan."
    assert PRESENTER.text("won", {"reason": {"kind": "why", "args": {"n": 3}}}) == "Over: 3 reasons."
    with pytest.raises(KeyError):
        PRESENTER.text("unknown", {})


# -- call and return ------------------------------------------------------------------------------


class _Outer(Step):
    name = "outer"

    def active(self, state: dict, frame: Frame) -> frozenset[str]:
        return frozenset({"a"})

    def actions(self, state: dict, frame: Frame, role: str) -> tuple:
        return ()

    def instruction(self, state: dict, frame: Frame, role: str) -> str:
        return ""

    def waiting(self, state: dict, frame: Frame) -> str:
        return ""

    def apply(self, state: dict, frame: Frame, role: str, action: Any) -> None:
        call(state, "inner", depth=1)

    def resume(self, state: dict, frame: Frame, value: Any) -> None:
        frame["got"] = value


class _Inner(_Outer):
    name = "inner"


class _CallGame(StepRuleset):
    name = "call_and_return_test"
    title = "Call and return"
    steps = {s.name: s for s in (_Outer(), _Inner())}

    def roles(self, options: Any, players: int) -> tuple[str, ...]:
        return ("a",)

    def setup(self, seed: int, options: Any, players: int) -> dict:
        raise NotImplementedError

    def view(self, state: dict, role: str | None, lang: str = "en") -> dict:
        return {}


def test_a_procedure_returns_its_value_to_the_step_that_called_it() -> None:
    state = {"game": _CallGame.name, "result": None, "stack": []}
    push(state, "outer")
    call(state, "inner")
    ret(state, {"battle": "won"})
    assert state["stack"] == [{"step": "outer", "got": {"battle": "won"}}]
    state["result"] = {"winners": ["a"]}
    state["stack"] = []
    ret(state, None)  # the game ended inside the procedure: nothing to resume


# -- refusals ---------------------------------------------------------------------------------------


class _PebblesWithReasons(Pebbles):
    def refusal(self, state: dict, role: str, action: Any, lang: str = "en") -> str | None:
        return "Pebbles are taken only once both bids are in." if action.verb == "take" else None


def test_a_refused_verb_of_the_game_is_explained_by_the_games_refusal_hook() -> None:
    state = PEBBLES.setup(1, {}, 2)
    with pytest.raises(IllegalAction, match="You cannot `take` now"):
        PEBBLES.parse(state, "north", "take")  # the default: generic words
    with pytest.raises(IllegalAction, match=r"^Pebbles are taken only once both bids are in\.$"):
        _PebblesWithReasons().parse(state, "north", "take")
    with pytest.raises(IllegalAction, match="You cannot `end` now"):  # no reason given: generic
        _PebblesWithReasons().parse(state, "north", "end")
    with pytest.raises(InvalidAction):  # not a verb of the game: the hook is not asked
        _PebblesWithReasons().parse(state, "north", "jump")


def test_the_bot_reads_the_turn_and_the_log_through_the_ruleset() -> None:
    log = EventLog([{"seq": 0, "kind": "a", "args": {}}, {"seq": 2, "kind": "b", "args": {}}])
    state = {"seq": 3, "log": log, "turn": {"number": 4, "side": "north"}}
    assert PEBBLES.turn_number(state) == 4
    assert PEBBLES.turn_number({"turn": 4}) is None  # a turn the game does not number this way
    assert PEBBLES.turn_number({}) is None
    assert [e["kind"] for e in PEBBLES.events_since(state, 1)] == ["b"]
    assert [e["kind"] for e in PEBBLES.events_since(state)] == ["a", "b"]
    assert PEBBLES.events_since({}, 0) == []
