"""A game replays exactly from its seed and actions, and a position between two steps describes
it whole: rebuilt, it offers the same actions and plays on to the same end."""

from __future__ import annotations

from games.core import Action, Match, dump
from games.core.rng import randbelow

from .helpers import R


def random_history(seed: int) -> list[tuple[str, Action]]:
    match = Match.new(R, seed, {}, 2)
    chooser = {"rng": seed}
    history = []
    while match.state["result"] is None:
        role = sorted(R.active(match.state))[0]
        actions = R.prompt(match.state, role).actions
        action = actions[randbelow(chooser, len(actions))]
        match.submit(role, action)
        history.append((role, action))
    return history


def test_a_game_replays_identically_from_its_seed_and_actions() -> None:
    history = random_history(5)
    first, second = Match.new(R, 5, {}, 2), Match.new(R, 5, {}, 2)
    for role, action in history:
        first.submit(role, action)
        second.submit(role, action)
    assert dump(first.state) == dump(second.state) and first.state["result"] is not None


def test_a_position_rebuilt_mid_game_plays_on_exactly_like_the_original() -> None:
    history = random_history(9)
    original = Match.new(R, 9, {}, 2)
    rebuilt: Match | None = None
    for number, (role, action) in enumerate(history):
        if rebuilt is None and number > 40 and len(original.state["stack"]) == 1:
            rebuilt = Match(R, R.from_position(R.to_position(original.state)))
        original.submit(role, action)
        if rebuilt is not None:
            rebuilt.submit(role, action)
    assert rebuilt is not None
    for key in ("result", "units", "leaders", "hands", "mt", "decks", "captured", "gate", "rng"):
        assert original.state[key] == rebuilt.state[key], key
