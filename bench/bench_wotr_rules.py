"""War of the Ring: the planning player (the ``strong`` level, ``new``) against the first
rule-based player (the ``rules`` level, ``old``: no plan, see
:class:`games.war_of_the_ring.computer.RuleBasedPlayer`) or either against itself, seeded, both
sides.

    python bench/bench_wotr_rules.py [--games N] [--seed S] [--side free|shadow]
                                     [--first new|old] [--second new|old]

Prints, for the first player on each side: its wins, how the games ended and its decision time
(p50 and p99 of the decisions with a choice). Measures, never asserts.
"""

from __future__ import annotations

import argparse
import collections
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.core import find
from games.core.players import Budget, play
from games.war_of_the_ring.computer import RuleBasedPlayer

NAMES = {"new": "strong", "old": "rules"}


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values) or [0.0]
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def side_line(side: str, first: str, second: str, games: int, start: int) -> str:
    ruleset = find("war-of-the-ring")
    wins = 0
    reasons: collections.Counter[str] = collections.Counter()
    times: list[float] = []
    started = time.perf_counter()
    for seed in range(start, start + games):
        players = {
            role: (RuleBasedPlayer(plan=(first if role == side else second) == "new"), Budget(1))
            for role in ("free", "shadow")
        }
        played = play(ruleset, players, seed)
        won = side in played.winners
        wins += won
        reasons[f"{'won' if won else 'lost'} {played.reason}"] += 1
        times += played.times[side]
    spent = time.perf_counter() - started
    return (
        f"{NAMES[first]} vs {NAMES[second]} as {side}: {wins}/{games} wins ({100 * wins / games:.0f} %); "
        f"{dict(sorted(reasons.items()))}; decision p50 {statistics.median(times or [0]):.4f} s, "
        f"p99 {percentile(times, 0.99):.4f} s over {len(times)} decisions; {spent:.0f} s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--side", choices=("free", "shadow"), action="append")
    parser.add_argument("--first", choices=tuple(NAMES), default="new")
    parser.add_argument("--second", choices=tuple(NAMES), default="old")
    args = parser.parse_args()
    for side in args.side or ("free", "shadow"):
        print(side_line(side, args.first, args.second, args.games, args.seed), flush=True)


if __name__ == "__main__":
    main()
