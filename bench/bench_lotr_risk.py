"""Complete random Risk: The Lord of the Rings games per second on one core, through the runner.

Run: ``python bench/bench_lotr_risk.py [seconds] [edition|all] [mode|all] [players|all] [--profile]``.
For each edition, mode and player count it plays random games (every action drawn uniformly from
``prompt(...).actions``, set-up included) through ``Match.submit`` (``check=False``, as the bot
runs) and prints complete games per second (CPU time of this process), actions per second and
the mean game length. Plain mode is world conquest and random players take long to finish it:
its games are cut at ``PLAIN_CAP`` actions (counted as games, marked ``capped``).
``--profile`` prints a cProfile top 10 (cumulative time) for each combination.

``python bench/bench_lotr_risk.py long [rolls]`` measures one long attack instead: ``rolls``
(default 10,000) single-die rolls of one attack, in five slices, against the same number of
rolls made by short attacks of ten rolls each. The cost of a roll must not grow with the rolls
before it: every slice of the long attack runs at about the short attacks' rate. Last, one
``until 1`` action rolls a long attack to its end in one click.

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

from games.core import Action, Match
from games.core.rng import randbelow
from games.lotr_risk import LOTR_RISK as R
from games.lotr_risk.board import geometry

R_GEOMETRY = geometry("middle-earth")

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


def long_attack_match(rolls: int) -> Match:
    """Green's combat in a two-player game: Mithlond and Forodwaith hold enough for ``rolls``."""
    owners = {t: "black" for t in R_GEOMETRY.territories}
    owners["mithlond"] = "green"
    position = {
        "options": {"edition": "middle-earth", "mode": "lotr", "players": "2"},
        "owners": owners,
        "troops": {"mithlond": rolls + 5, "forodwaith": rolls + 5},
        "turn": {"role": "green", "phase": "attack"},
    }
    return Match(R, R.from_position(position))


ROLL_ONE = Action("roll", ("1",))


def long_attack(rolls: int, slices: int = 5) -> list[float]:
    """Rolls per second (CPU) in each of ``slices`` equal slices of one attack of ``rolls`` rolls."""
    match = long_attack_match(rolls)
    match.submit("green", "attack mithlond forodwaith")
    size, rates = rolls // slices, []
    for _ in range(slices):
        start = time.process_time()
        for _ in range(size):
            match.submit("green", ROLL_ONE)
        rates.append(size / (time.process_time() - start))
    return rates


def short_attacks(rolls: int, length: int = 10) -> float:
    """Rolls per second (CPU) of ``rolls`` rolls made by attacks of ``length`` rolls each (the
    rolls only: declaring and stopping are not counted)."""
    match = long_attack_match(rolls)
    spent = 0.0
    for _ in range(rolls // length):
        match.submit("green", "attack mithlond forodwaith")
        start = time.process_time()
        for _ in range(length):
            match.submit("green", ROLL_ONE)
        spent += time.process_time() - start
        match.submit("green", "stop")
    return rolls / spent


def one_click(rolls: int) -> tuple[float, int]:
    """Rolls per second (CPU) of one ``until 1`` of about ``rolls`` rolls, and how many it
    rolled: a game of three where Red left, Green attacking Forodwaith, now neutral (nobody
    chooses its dice, so the rolls never wait)."""
    owners = {t: "black" for t in R_GEOMETRY.territories}
    owners.update(mithlond="green", forodwaith="neutral")
    position = {
        "options": {"edition": "middle-earth", "mode": "lotr", "players": "3"},
        "owners": owners,
        "troops": {"mithlond": rolls + 5, "forodwaith": rolls + 5},
        "dropped": ["red"],
        "turn": {"role": "green", "phase": "attack"},
    }
    match = Match(R, R.from_position(position))
    match.submit("green", "attack mithlond forodwaith")
    start = time.process_time()
    outcome = match.submit("green", "until 1")
    spent = time.process_time() - start
    count = sum(1 for e in outcome.events if e["kind"] == "rolled")
    return count / spent, count


def main_long(argv: list[str]) -> None:
    rolls = int(argv[0]) if argv else 10_000
    short = short_attacks(rolls)
    rates = long_attack(rolls)
    print(f"short attacks (10 rolls each): {short:8.0f} rolls/s")
    print("one long attack, by fifths:   " + " ".join(f"{r:8.0f}" for r in rates) + " rolls/s")
    print(f"last fifth / short attacks: {rates[-1] / short:.2f}")
    rate, count = one_click(rolls)
    print(f"one `until 1` action of {count} rolls: {rate:8.0f} rolls/s")


def main(argv: list[str]) -> None:
    if argv and argv[0] == "long":
        main_long(argv[1:])
        return
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
