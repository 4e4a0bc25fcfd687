"""Seeded random games played to their end through the runner, with the invariants after every
action and no dead ends (figure pools, stacking, dice, corruption, the Fellowship in one place);
every game sees Combat cards played in its battles.

CI plays ``WOTR_FUZZ_GAMES`` games (default 8, a few seconds each); the full check is 500:
``WOTR_FUZZ_GAMES=500 pytest -n 2 tests/games/war_of_the_ring/test_fuzz.py``.
"""

from __future__ import annotations

import os
from collections import Counter

import pytest

from games.core import Match
from games.core.rng import randbelow
from games.war_of_the_ring.ruleset import WAR_OF_THE_RING as R

GAMES = int(os.environ.get("WOTR_FUZZ_GAMES", "8"))
LIMIT = 30_000


@pytest.mark.parametrize("block", range(min(GAMES, 8)))
def test_random_games_end_by_the_rules_with_invariants_kept(block: int) -> None:
    endings: Counter[str] = Counter()
    for seed in range(block, GAMES, 8):
        match = Match.new(R, 1000 + seed, {}, 2)
        chooser = {"rng": seed * 7 + 5}
        for _ in range(LIMIT):
            state = match.state
            if state["result"] is not None:
                break
            active = sorted(R.active(state))
            assert active, f"seed {seed}: dead end"
            role = active[randbelow(chooser, len(active))]
            actions = R.prompt(state, role).actions
            assert actions, f"seed {seed}: {role} must act but has nothing to do"
            match.submit(role, actions[randbelow(chooser, len(actions))])
            problems = R.check_invariants(match.state)
            assert not problems, f"seed {seed}: {problems}"
        result = match.state["result"]
        assert result is not None, f"seed {seed}: no end in {LIMIT} actions"
        revealed = [e["args"] for e in match.state["log"] if e["kind"] == "combat_cards_revealed"]
        played = sum(1 for args in revealed for role in ("attacker", "defender") if args[f"{role}_card"])
        assert played, f"seed {seed}: no Combat card was played in any battle"
        assert result["reason"] in ("ring_corrupted", "ring_destroyed", "military_victory")
        endings[result["reason"]] += 1
    assert sum(endings.values()) == len(range(block, GAMES, 8))
