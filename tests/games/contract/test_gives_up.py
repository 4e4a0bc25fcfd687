"""Which actions give something up for good (``Ruleset.gives_up``): what the bot confirms by
default. Random games visit every kind of decision; in each state every legal action is
classified, and the verbs found are compared with each game's stated policy."""

from __future__ import annotations

import random
from collections import defaultdict

import pytest

from games.core import Match, find

#: Per game: the verbs that give up (asked by default) and verbs that must never ask.
POLICY = {
    "confrontation": ({"decline"}, {"place", "autoplace", "ready", "move", "card", "target", "retreat"}),
    "lotr-risk": (set(), {"claim", "place", "autoplace", "ready", "roll", "attack", "end", "done", "stop"}),
    "war-of-the-ring": ({"pass", "skip"}, {"army", "move-army", "recruit", "draw", "hunt", "attack", "done"}),
    "minas-tirith": (
        {"end", "decline"},
        {"die", "trade", "advance", "send", "go", "shoot", "attack", "lose"},
    ),
}
ACTIONS = {"confrontation": 4000, "lotr-risk": 3000, "war-of-the-ring": 1500, "minas-tirith": 3000}


def classified(game: str, seeds: range) -> dict[str, set[bool]]:
    """``verb -> {gives_up answers}`` over every legal action of every state visited."""
    ruleset = find(game)
    found: dict[str, set[bool]] = defaultdict(set)
    budget = ACTIONS[game]
    for seed in seeds:
        options = ruleset.resolve_options({})
        match = Match.new(ruleset, seed, options, ruleset.max_players)
        rng = random.Random(seed)
        for _ in range(budget // len(seeds)):
            state = match.state
            if state["result"] is not None:
                break
            role = rng.choice(sorted(ruleset.active(state)))
            actions = ruleset.prompt(state, role).actions
            for action in actions:
                found[action.verb].add(ruleset.gives_up(state, role, action))
            match.submit(role, rng.choice(actions))
    return found


@pytest.mark.parametrize("game", sorted(POLICY))
def test_only_giving_up_asks_for_a_confirmation_by_default(game: str) -> None:
    giving_up, routine = POLICY[game]
    found = classified(game, range(3))
    asked = {verb for verb, answers in found.items() if True in answers}
    assert giving_up <= set(found), f"{game}: the random games never offered {giving_up - set(found)}"
    assert asked == giving_up, f"{game}: these verbs give up: {sorted(asked)}"
    assert all(found[verb] == {False} for verb in routine & set(found)), f"{game}: a routine verb asks"
    assert all(len(found[verb]) == 1 for verb in found), "a verb is sometimes giving up, sometimes not"
    seen_routine = routine & set(found)
    assert len(seen_routine) >= 3, f"{game}: the random games saw too few routine verbs: {sorted(found)}"
