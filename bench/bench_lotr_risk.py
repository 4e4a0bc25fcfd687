"""Complete random Risk: The Lord of the Rings games per second on one core, through the runner.

Run: ``python bench/bench_lotr_risk.py [seconds] [edition|all] [mode|all] [players|all] [--profile]``.
For each edition, mode and player count it plays random games (every action drawn uniformly from
``prompt(...).actions``, set-up included) through ``Match.submit`` (``check=False``, as the bot
runs) and prints complete games per second (CPU time of this process), actions per second and
the mean game length. Plain mode is world conquest and random players take long to finish it:
its games are cut at ``PLAIN_CAP`` actions (counted as games, marked ``capped``).
``--profile`` prints a cProfile top 10 (cumulative time) for each combination.

Target: >= 20 complete lotr-mode games/s on the middle-earth board. Never used as a test.
"""

from __future__ import annotations

import cProfile
import io
import pstats
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.core import Match
from games.core.rng import randbelow
from games.lotr_risk import LOTR_RISK as R

TARGET = 20.0
PLAIN_CAP = 5000


def game(seed: int, edition: str, mode: str, players: int) -> tuple[int, bool]:
    """One random game through ``Match.submit``; ``(actions, capped)``."""
    options = {"edition": edition, "mode": mode, "players": str(players)}
    match = Match.new(R, seed, options, players)
    state, chooser, steps = match.state, {"rng": seed * 2654435761 + 1}, 0
    cap = PLAIN_CAP if mode == "plain" else 100_000
    while state["result"] is None and steps < cap:
        active = R.active(state)
        roles = sorted(active)
        role = roles[0] if len(roles) == 1 else roles[randbelow(chooser, len(roles))]
        actions = R.prompt(state, role).actions
        match.submit(role, actions[randbelow(chooser, len(actions))])
        steps += 1
    return steps, state["result"] is None


def measure(seconds: float, edition: str, mode: str, players: int) -> tuple[float, float, float, int]:
    start = time.process_time()
    games = actions = capped = 0
    seed = 0
    while time.process_time() - start < seconds or games < 2:
        steps, cut = game(seed, edition, mode, players)
        games += 1
        actions += steps
        capped += cut
        seed += 1
    spent = time.process_time() - start
    return games / spent, actions / spent, actions / games, capped


def main(argv: list[str]) -> None:
    profile = "--profile" in argv
    args = [a for a in argv if not a.startswith("--")]
    seconds = float(args[0]) if args else 3.0
    editions = ("middle-earth", "trilogy") if len(args) < 2 or args[1] == "all" else (args[1],)
    modes = ("lotr", "plain") if len(args) < 3 or args[2] == "all" else (args[2],)
    counts = (2, 3, 4) if len(args) < 4 or args[3] == "all" else (int(args[3]),)
    for edition in editions:
        for mode in modes:
            for players in counts:
                if profile:
                    profiler = cProfile.Profile()
                    profiler.enable()
                rate, per_action, length, capped = measure(seconds, edition, mode, players)
                note = ""
                if mode == "lotr" and edition == "middle-earth":
                    note = f" ({'meets' if rate >= TARGET else 'BELOW'} {TARGET:.0f})"
                if capped:
                    note += f" [{capped} capped at {PLAIN_CAP}]"
                print(
                    f"{edition:>12} {mode:>5} {players}p: {rate:8.1f} games/s{note}, "
                    f"{per_action:8.0f} actions/s, {length:7.1f} actions/game"
                )
                if profile:
                    profiler.disable()
                    out = io.StringIO()
                    pstats.Stats(profiler, stream=out).sort_stats("cumulative").print_stats(10)
                    print(out.getvalue())


if __name__ == "__main__":
    main(sys.argv[1:])
