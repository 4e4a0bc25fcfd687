"""Complete games between computer players, through the ruleset (tests and ``bench/bench_ai.py``).

Each decision gets a fresh :class:`~.contract.Seat` (view, legal actions, a seed derived from
the game's seed and the decision's number, the player's budget), never the state.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass, field

from ..ruleset import Ruleset
from .contract import Budget, Policy, seat_of

#: A game still running after this many actions is stopped (a defect: it is reported, not hidden).
MAX_ACTIONS = 20_000


@dataclass
class Played:
    """The outcome of one game: its winners (empty: a draw or stopped) and each role's decision
    times in seconds (only decisions with more than one legal action)."""

    winners: list[str]
    reason: str
    actions: int
    times: dict[str, list[float]] = field(default_factory=dict)


def play(
    ruleset: Ruleset,
    players: Mapping[str, tuple[Policy, Budget]],
    seed: int,
    options: Mapping[str, str] | None = None,
) -> Played:
    """One complete game; ``players`` gives every role of the game its policy and budget."""
    resolved = ruleset.resolve_options(options)
    roles = list(players)
    state = ruleset.setup(seed, resolved, len(roles))
    times: dict[str, list[float]] = {role: [] for role in roles}
    count = 0
    while state["result"] is None and count < MAX_ACTIONS:
        active = ruleset.active(state)
        role = min(active)
        policy, budget = players[role]
        seat = seat_of(ruleset, state, role, seed * 100_003 + count, budget)
        started = time.perf_counter()
        action = policy.decide(seat)
        if len(seat.actions) > 1:
            times[role].append(time.perf_counter() - started)
        if not ruleset.is_legal(state, role, action):
            raise AssertionError(f"{type(policy).__name__} chose an illegal action {action.text!r}")
        ruleset.apply(state, role, action)
        count += 1
    result = state["result"] or {"winners": [], "reason": "stopped"}
    return Played(list(result["winners"]), str(result["reason"]), count, times)
