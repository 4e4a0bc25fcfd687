"""Seeded random games played to their end through the runner, with the invariants after every
action (figures conserved, cards each in one place, one side a space, nothing mounted on a wall,
hands, leaders at a turn's start) and no dead end.

CI plays ``MINAS_TIRITH_FUZZ_GAMES`` games (default 8, under a second each); the full check is
500: ``MINAS_TIRITH_FUZZ_GAMES=500 pytest -n 2 tests/games/minas_tirith/test_fuzz.py``.
"""

from __future__ import annotations

import os
from collections import Counter

import pytest

from games.core import Match
from games.core.rng import randbelow

from .helpers import R

GAMES = int(os.environ.get("MINAS_TIRITH_FUZZ_GAMES", "8"))
LIMIT = 5_000
OPTIONS = [
    {},
    {"deckout": "at-once"},
    {"city_entry": "gate-only"},
    {"city_entry": "ladders-only"},
]


@pytest.mark.parametrize("block", range(min(GAMES, 8)))
def test_random_games_end_by_the_rules_with_invariants_kept(block: int) -> None:
    endings: Counter[str] = Counter()
    for seed in range(block, GAMES, 8):
        match = Match.new(R, 2000 + seed, OPTIONS[seed % len(OPTIONS)], 2)
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
            match.submit(role, actions[randbelow(chooser, len(actions))], check=True)
        result = match.state["result"]
        assert result is not None, f"seed {seed}: no end in {LIMIT} actions"
        assert result["reason"] in ("leaders", "city", "points")
        endings[result["reason"]] += 1
    assert sum(endings.values()) == len(range(block, GAMES, 8))
