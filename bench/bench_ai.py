"""Seeded tournaments between computer players, both sides, and their decision times.

Run: ``python bench/bench_ai.py [--game confrontation] [--games N] [--players P] [PAIRING ...]``
where a pairing is ``level:level`` (default: every pairing below). Each pairing plays N games
with the first level in each seat in turn, the second in every other seat (seeds S..S+N-1 with
``--seed S``, the same deals for every seat), and prints its wins per seat (against the fair share 1/P),
the first level's decision time (p50 and p99 of the decisions with a choice, on this machine)
and how often the search fell back to the rule-based player (a moment the game cannot sample).

``--ratings`` rates the levels from every game the pairings played (OpenSkill's Plackett-Luce
model, the one the leagues use: each game a match of the first level against the second, the
winner ranked first, a draw a tie; games of 3 and 4 players count as the first level against
the best of the others, since several seats share one level) and prints each level's mu, sigma
and ordinal (mu - 3 sigma) with the count of games it played. ``--record FILE`` appends each
game's outcome to FILE (JSON lines) and rates from every outcome of this game and this count of
players the file holds, so pairings run separately (with their own game counts) are rated
together, and games of two are never mixed with games of three or four; each game is
appended as it ends, so a run stopped early still counts the games it finished; with
``--games 0`` it plays nothing and rates the file alone (the records in ``bench/records/``).

``--no-time-cap`` plays every level with its iteration budget alone: the outcome then depends on
the seeds only, not on the machine's load (the strength a quiet machine gives); measure decision
times on a separate run with the levels' own budgets. ``--side ROLE`` plays the first level in
that seat only; ``--each`` prints every game as it ends. Besides the offered levels, a pairing
may name a trial of ``games.computer_players.TRIALS`` (a player measured, not offered).

``--option KEY=VALUE`` (repeatable) sets one of the game's options for every game, as
``/game new`` would (the Confrontation: ``--option specials=deluxe-4 --option variant=draft``);
the outcomes ``--record`` appends then carry these options, and the ratings read from the file
only the games played with the same options.

Goals (issue 24): the strongest level wins >= 98 % against ``random`` on every side, >= 65 %
against ``rules`` on each side; each level beats the one below >= 60 %; p99 <= 2 s.
Never used as a test: strength is measured, not asserted.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from openskill.models import PlackettLuce

from games.computer_players import PLAYERS, TRIALS, policy
from games.core import Ruleset, find
from games.core.players import Budget, play

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


#: One game's outcome for the ratings: the first level, the second, and the first's result
#: (1 a win, 0 a loss, 0.5 a draw or a win of neither).
Outcome = tuple[str, str, float]


def tournament(
    ruleset: Ruleset,
    first: str,
    second: str,
    games: int,
    seats: int = 2,
    start: int = 0,
    outcomes: list[Outcome] | None = None,
    *,
    capped: bool = True,
    only: str | None = None,
    record: Path | None = None,
    each: bool = False,
    chosen: dict[str, str] | None = None,
) -> list[str]:
    """Lines of results: ``first`` in each seat in turn (``only``: in that seat alone),
    ``second`` in every other seat; each game's outcome is added to ``outcomes`` when given and
    appended to ``record`` as it ends. ``capped=False`` drops the levels' time caps; ``chosen``:
    the game's options (``--option``)."""
    options = {"players": str(seats)} if seats != 2 else {}
    options |= chosen or {}
    roles = ruleset.roles(ruleset.resolve_options(options), seats)
    lines = []
    for side in roles:
        if only is not None and side != only:
            continue
        wins = draws = 0
        times: list[float] = []
        fallbacks = decisions = 0
        started = time.perf_counter()
        for seed in range(start, start + games):
            players = {}
            for role in roles:
                player, budget = policy(ruleset.name, first if role == side else second)
                players[role] = (player, budget if capped else Budget(budget.iterations))
            played = play(ruleset, players, seed, options)
            wins += side in played.winners
            draws += not played.winners
            result = 1.0 if side in played.winners else 0.5 if not played.winners else 0.0
            if outcomes is not None:
                outcomes.append((first, second, result))
            if record is not None:
                entry = {"game": ruleset.name, "first": first, "second": second, "result": result}
                entry |= {"side": side, "seed": seed, "players": seats, "capped": capped}
                if chosen:
                    entry["options"] = dict(chosen)
                with record.open("a") as out:
                    out.write(json.dumps(entry) + "\n")
            if each:
                print(
                    f"  {first} vs {second} as {side}, seed {seed}: {played.reason}, "
                    f"winners {', '.join(played.winners) or 'none'}, {played.actions} actions",
                    flush=True,
                )
            times += played.times[side]
            decisions += len(played.times[side])
            computer = players[side][0]
            fallbacks += int(getattr(computer, "fallbacks", 0))  # a search's, else none
        spent = time.perf_counter() - started
        lines.append(
            f"{first} vs {second} as {side} ({seats} players, fair share {100 / seats:.0f} %): "
            f"{wins}/{games} wins ({100 * wins / games:.0f} %), "
            f"{draws} unfinished; decision p50 {statistics.median(times or [0]):.3f} s, "
            f"p99 {percentile(times, 0.99):.3f} s over {len(times)} decisions; "
            f"fallbacks {fallbacks}/{max(decisions, 1)}; {spent:.0f} s"
        )
    return lines


def ratings(outcomes: list[Outcome]) -> list[str]:
    """The levels' OpenSkill ratings from ``outcomes`` (in the order played), strongest first."""
    model = PlackettLuce()
    rated = {level: model.rating(name=level) for pair in outcomes for level in pair[:2]}
    played = dict.fromkeys(rated, 0)
    for first, second, result in outcomes:
        if first == second:
            continue  # a level against itself says nothing of its rank
        ranks = [1.0, 1.0] if result == 0.5 else [1.0, 2.0] if result == 1.0 else [2.0, 1.0]
        [[rated[first]], [rated[second]]] = model.rate([[rated[first]], [rated[second]]], ranks=ranks)
        played[first] += 1
        played[second] += 1
    order = sorted(rated, key=lambda level: -rated[level].ordinal())
    return [
        f"{level}: mu {rated[level].mu:.1f}, sigma {rated[level].sigma:.1f}, "
        f"ordinal {rated[level].ordinal():.1f} ({played[level]} games)"
        for level in order
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pairings", nargs="*", default=list(PAIRINGS))
    parser.add_argument("--game", default="confrontation", choices=sorted(PLAYERS))
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed")
    parser.add_argument("--players", type=int, default=2, help="seats (LOTR Risk: 2 to 4)")
    parser.add_argument("--ratings", action="store_true", help="rate the levels (OpenSkill) at the end")
    parser.add_argument("--record", type=Path, help="append outcomes here and rate from all of them")
    parser.add_argument("--no-time-cap", action="store_true", help="iteration budgets alone")
    parser.add_argument("--side", help="the first level plays this seat only")
    parser.add_argument("--each", action="store_true", help="print every game as it ends")
    parser.add_argument(
        "--option", action="append", default=[], metavar="KEY=VALUE", help="a game option (repeatable)"
    )
    args = parser.parse_args()
    chosen = dict(option.split("=", 1) for option in args.option)
    ruleset = find(args.game)
    offered = set(PLAYERS[args.game]) | set(TRIALS[args.game])
    outcomes: list[Outcome] = []
    for pairing in args.pairings if args.games > 0 else ():  # --games 0: rate a record alone
        first, second = pairing.split(":")
        if not {first, second} <= offered:
            print(f"{pairing}: {args.game} has no such level (it offers {', '.join(sorted(offered))})")
            continue
        lines = tournament(
            ruleset,
            first,
            second,
            args.games,
            args.players,
            args.seed,
            outcomes,
            capped=not args.no_time_cap,
            only=args.side,
            record=args.record,
            each=args.each,
            chosen=chosen,
        )
        for line in lines:
            print(line, flush=True)
    if args.record is not None:
        outcomes = []
        for line in args.record.read_text().splitlines():
            entry = json.loads(line)
            if (
                entry["game"] == args.game
                and entry.get("players", 2) == args.players
                and entry.get("options", {}) == chosen
            ):
                outcomes.append((entry["first"], entry["second"], float(entry["result"])))
    if args.ratings:
        print(f"OpenSkill ratings of {args.game}'s levels ({len(outcomes)} games):")
        for line in ratings(outcomes):
            print("  " + line, flush=True)


if __name__ == "__main__":
    main()
