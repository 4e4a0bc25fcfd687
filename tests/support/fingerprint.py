"""Fingerprints of seeded games: a running hash of every action a game took, its final state and
whatever a watched search looked at in it (speed work must change none of them)."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping
from typing import Any

from games.core import Ruleset
from games.core.players import Budget, Policy, Seat, seat_of


class Recorder:
    """A running hash of what the games and the searches in them did."""

    def __init__(self) -> None:
        self.digest = hashlib.sha256()

    def add(self, *parts: Any) -> None:
        self.digest.update(json.dumps(parts, sort_keys=True, separators=(",", ":")).encode())
        self.digest.update(b"\n")

    def hex(self) -> str:
        return self.digest.hexdigest()[:16]


#: A recorded run of games.
Game = Callable[[Recorder], None]


def fingerprint(game: Game) -> str:
    rec = Recorder()
    game(rec)
    return rec.hex()


def play(
    ruleset: Ruleset,
    rec: Recorder,
    players: Mapping[str, tuple[Policy, Budget]],
    seed: int,
    options: Mapping[str, str],
    *,
    limit: int,
) -> None:
    """One seeded game (as ``arena.play`` plays it, at most ``limit`` actions), each action and
    the final state recorded."""
    state = ruleset.setup(seed, ruleset.resolve_options(options), len(players))
    count = 0
    while state["result"] is None and count < limit:
        role = min(ruleset.active(state))
        policy, budget = players[role]
        seat: Seat = seat_of(ruleset, state, role, seed * 100_003 + count, budget)
        action = policy.decide(seat)
        assert ruleset.is_legal(state, role, action)
        ruleset.apply(state, role, action)
        rec.add("action", count, role, action.text, seat.actions.index(action), len(seat.actions))
        count += 1
    rec.add("end", state)
