"""Fingerprints of seeded games: a running hash of every action a game took, its final state and
whatever a watched search looked at in it (speed work must change none of them)."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from games.core import Action, Ruleset, State, View
from games.core.players import Budget, Determinizer, Generator, Policy, Seat, seat_of
from games.core.players.search import PlayoutPolicy


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


@dataclass(frozen=True, slots=True)
class Watched:
    """A search's hooks, each recording what it returns: every sampled state, every playout's
    legal actions and choice, every score."""

    rec: Recorder
    sample: Determinizer
    pick: PlayoutPolicy
    score: Callable[[State, str], float]

    def determinize(self, view: View, rng: Generator) -> State:
        state = self.sample(view, rng)
        self.rec.add("sample", state)
        return state

    def playout(
        self, state: State, role: str, legal: list[Action] | tuple[Action, ...], rng: Generator
    ) -> Action:
        move = self.pick(state, role, legal, rng)
        self.rec.add("playout", role, [a.text for a in legal], move.text)
        return move

    def evaluate(self, state: State, role: str) -> float:
        value = self.score(state, role)
        self.rec.add("score", role, value)
        return value
