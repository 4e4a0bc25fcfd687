"""Seeded tournaments between computer players, both sides, and their decision times.

Run: ``python bench/bench_ai.py [--game confrontation] [--games N] [--players P] [PAIRING ...]``
where a pairing is ``level:level`` (default: every pairing below). Each pairing plays N games
with the first level in each seat in turn, the second in every other seat (seeds S..S+N-1 with
``--seed S``, the same deals for every seat), and prints its wins per seat (against the fair share 1/P),
the first level's decision time (p50 and p99 of the decisions with a choice, on this machine)
and how often the search fell back to the rule-based player (a moment the game cannot sample).

Goals (issue 24): the strongest level wins >= 98 % against ``random`` on every side, >= 65 %
against ``rules`` on each side; each level beats the one below >= 60 %; p99 <= 2 s.
Never used as a test: strength is measured, not asserted.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.computer_players import PLAYERS, policy
from games.core import Ruleset, find
from games.core.players import SearchPlayer, play

PAIRINGS = (
    "random:random",
    "rules:random",
    "gentle:random",
    "gentle:rules",
    "strong:random",
    "strong:rules",
    "strong:gentle",
)


def percentile(values: list[float], share: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def tournament(
    ruleset: Ruleset, first: str, second: str, games: int, seats: int = 2, start: int = 0
) -> list[str]:
    """Lines of results: ``first`` in each seat in turn, ``second`` in every other seat."""
    options = {"players": str(seats)} if seats != 2 else {}
    roles = ruleset.roles(ruleset.resolve_options(options), seats)
    lines = []
    for side in roles:
        wins = draws = 0
        times: list[float] = []
        fallbacks = decisions = 0
        started = time.perf_counter()
        for seed in range(start, start + games):
            players = {}
            for role in roles:
                players[role] = policy(ruleset.name, first if role == side else second)
            played = play(ruleset, players, seed, options)
            wins += side in played.winners
            draws += not played.winners
            times += played.times[side]
            decisions += len(played.times[side])
            computer = players[side][0]
            if isinstance(computer, SearchPlayer):
                fallbacks += computer.fallbacks
        spent = time.perf_counter() - started
        lines.append(
            f"{first} vs {second} as {side} ({seats} players, fair share {100 / seats:.0f} %): "
            f"{wins}/{games} wins ({100 * wins / games:.0f} %), "
            f"{draws} unfinished; decision p50 {statistics.median(times or [0]):.3f} s, "
            f"p99 {percentile(times, 0.99):.3f} s over {len(times)} decisions; "
            f"fallbacks {fallbacks}/{max(decisions, 1)}; {spent:.0f} s"
        )
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pairings", nargs="*", default=list(PAIRINGS))
    parser.add_argument("--game", default="confrontation", choices=sorted(PLAYERS))
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed")
    parser.add_argument("--players", type=int, default=2, help="seats (LOTR Risk: 2 to 4)")
    args = parser.parse_args()
    ruleset = find(args.game)
    for pairing in args.pairings:
        first, second = pairing.split(":")
        for line in tournament(ruleset, first, second, args.games, args.players, args.seed):
            print(line, flush=True)


if __name__ == "__main__":
    main()
