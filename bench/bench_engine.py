"""Complete random Confrontation games per second on one core (direct ``ruleset.apply``).

Run: ``python bench/bench_engine.py [seconds] [variant] [specials]``. Prints games/s,
actions/s and the mean game length for two random players:

* ``uniform``: every action drawn uniformly from ``prompt(...).actions`` (setup included,
  so most actions are random ``place``/``unplace`` during the hidden setup);
* ``autoplace``: the same, except that in setup the player takes ``autoplace`` then
  ``ready`` (random placement by the engine), as most bot players will.

Never used as a test.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.confrontation import CONFRONTATION as R
from games.core import Action
from games.core.rng import randbelow

SETUP_SHORTCUT = (Action("autoplace"), Action("ready"))


def random_game(seed: int, options: dict[str, str], shortcut: bool = False) -> int:
    """Play one game with random legal actions; return the number of actions."""
    state = R.setup(seed, R.resolve_options(options), 2)
    chooser = {"rng": seed * 2654435761 + 1}
    steps = 0
    while state["result"] is None:
        roles = sorted(R.active(state))
        role = roles[randbelow(chooser, len(roles))] if len(roles) > 1 else roles[0]
        actions = R.prompt(state, role).actions
        in_setup = shortcut and state["stack"][-1]["step"] == "setup"
        quick = [a for a in SETUP_SHORTCUT if a in actions] if in_setup else []
        R.apply(state, role, quick[0] if quick else actions[randbelow(chooser, len(actions))])
        state["seq"] += 1
        steps += 1
    return steps


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 5.0
    options = {"variant": sys.argv[2] if len(sys.argv) > 2 else "classic"}
    if len(sys.argv) > 3:
        options["specials"] = sys.argv[3]
    print(f"options {options}")
    for policy, shortcut in (("uniform", False), ("autoplace", True)):
        games = actions = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            actions += random_game(games, options, shortcut)
            games += 1
        elapsed = time.perf_counter() - start
        print(
            f"{policy:>9}: {games} games in {elapsed:.2f}s: {games / elapsed:.1f} games/s, "
            f"{actions / elapsed:.0f} actions/s, {actions / max(games, 1):.1f} actions per game"
        )


if __name__ == "__main__":
    main()
