"""League standings for 200 players and 2,000 results: computing the table and the ratings, and
drawing it.

Run: ``.venv/bin/python bench/bench_standings.py [--players 200] [--results 2000] [--runs 30]
[--seed 1]``. It makes seeded random results (two-player games with sides, about one in ten
drawn, one in twenty lost on time, a few by resignation), then times, over ``--runs`` runs:

* ``rate``: ``ratings.rate`` replaying every result (OpenSkill Plackett-Luce);
* ``per side``: the same per player and side;
* ``standings``: ``compute_standings`` with the ratings filled in, round-robin and Swiss;
* ``total``: ``rate`` then ``compute_standings``, what a standings post computes before it is
  drawn;
* ``render``: ``renderers.standings.render_standings`` of the 200-player table (PNG bytes; the
  first 40 rows are drawn, then "… and 160 more");
* ``text + alt``: its text version and its alt text;
* ``total + render``: what a ``/league standings`` post does: ``rate``, ``compute_standings``,
  the picture, the text version and the alt text.

It prints p50 and p99 in milliseconds. Target: total + render p50 <= 300 ms. Numbers only;
nothing is asserted, and it is never used as a test.
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.leagues.ratings import rate
from bot.leagues.standings import TIEBREAKS, Result, Row, compute_standings
from renderers.standings import Table, describe_standings, render_standings, standings_text

SIDES = ("fellowship", "sauron")


def random_results(players: list[str], count: int, seed: int) -> list[Result]:
    """``count`` seeded two-player results between random pairs, in round order."""
    rng = random.Random(seed)
    results = []
    per_round = len(players) // 2
    for index in range(count):
        first, second = rng.sample(players, 2)
        number, sides = index // per_round + 1, {first: SIDES[0], second: SIDES[1]}
        roll, match_id = rng.random(), f"m{index}"
        if roll < 0.10:
            results.append(Result.draw(match_id, number, first, second, sides=sides))
        elif roll < 0.15:
            results.append(Result.forfeited(match_id, number, first, second, sides=sides))
        else:
            winner, loser = (first, second) if rng.random() < 0.5 else (second, first)
            ending = "resignation" if roll > 0.9 else "win"
            results.append(Result.win(match_id, number, winner, loser, ending=ending, sides=sides))
    return results


def table_of(rows: list[Row], names: dict[str, str]) -> Table:
    """The renderer's input, as the bot builds it (display names supplied by the caller)."""
    return Table(
        "Bench League of Middle-earth",
        "LOTR Risk",
        "Season 1 · Round 20",
        TIEBREAKS["round-robin"],
        [dataclasses.asdict(row) | {"rank_text": row.rank_text, "name": names[row.player]} for row in rows],
    )


def timings(run: Callable[[], object], runs: int) -> list[float]:
    """Milliseconds per call of ``run``, ``runs`` times."""
    spent = []
    for _ in range(runs):
        start = time.perf_counter()
        run()
        spent.append((time.perf_counter() - start) * 1000)
    return spent


def report(name: str, spent: list[float]) -> None:
    ordered = sorted(spent)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
    print(f"{name:22} p50 {statistics.median(ordered):7.1f} ms   p99 {p99:7.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--results", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    players = [f"player{index:03}" for index in range(args.players)]
    results = random_results(players, args.results, args.seed)
    shown = {player: rating.ordinal for player, rating in rate(results).items()}
    print(f"{args.players} players, {len(results)} results, {args.runs} runs")

    def total() -> None:
        ratings = rate(results)
        compute_standings(players, results, ratings={p: r.ordinal for p, r in ratings.items()})

    report("rate", timings(lambda: rate(results), args.runs))
    report("rate per side", timings(lambda: rate(results, per_side=True), args.runs))
    report(
        "standings round-robin",
        timings(lambda: compute_standings(players, results, ratings=shown), args.runs),
    )
    report(
        "standings swiss",
        timings(lambda: compute_standings(players, results, format="swiss", ratings=shown), args.runs),
    )
    report("total (rate + table)", timings(total, args.runs))

    names = {player: f"Player {index:03} of the Riddermark" for index, player in enumerate(players)}
    table = table_of(compute_standings(players, results, ratings=shown), names)

    def post() -> None:
        ratings = rate(results)
        rows = compute_standings(players, results, ratings={p: r.ordinal for p, r in ratings.items()})
        drawn = table_of(rows, names)
        render_standings(drawn)
        standings_text(drawn)
        describe_standings(drawn)

    report("render", timings(lambda: render_standings(table), args.runs))
    report("text + alt", timings(lambda: (standings_text(table), describe_standings(table)), args.runs))
    report("total + render", timings(post, args.runs))


if __name__ == "__main__":
    main()
