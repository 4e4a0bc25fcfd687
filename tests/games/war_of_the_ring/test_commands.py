"""Every decision of the game has a typed ``/wotr`` command, and the commands fit Discord."""

from __future__ import annotations

from collections import Counter

from games.core import Match
from games.core.rng import randbelow
from games.war_of_the_ring.commands import COMMANDS
from games.war_of_the_ring.ruleset import WAR_OF_THE_RING as R


def test_every_verb_a_random_game_asks_for_has_a_typed_command() -> None:
    typed = {c.verb for c in COMMANDS}
    seen: set[str] = set()
    for seed in range(3):
        match = Match.new(R, seed, {}, 2)
        chooser = {"rng": seed + 11}
        while match.state["result"] is None:
            role = sorted(R.active(match.state))[0]
            actions = R.prompt(match.state, role).actions
            seen |= {a.verb for a in actions}
            match.submit(role, actions[randbelow(chooser, len(actions))])
    assert seen - typed == set()
    assert {"move-fellowship", "move-armies", "attack", "recruit", "casualty"} <= seen


def test_the_commands_fit_discord() -> None:
    groups = Counter(c.group for c in COMMANDS)
    top_level = groups[""] + len(groups) - 1 + 2  # plain commands, groups, /wotr new and zoom
    assert top_level <= 25 and all(n <= 25 for g, n in groups.items() if g)
    names = [(c.group, c.name) for c in COMMANDS]
    assert len(names) == len(set(names))
    assert all(
        len(c.description) <= 100 and all(len(p.description) <= 100 for p in c.params) for c in COMMANDS
    )
    assert all(c.verb in R.verbs() for c in COMMANDS)
