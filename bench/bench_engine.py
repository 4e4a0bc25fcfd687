"""Complete random Confrontation games per second on one core (direct ``ruleset.apply``).

Run: ``python bench/bench_engine.py [seconds] [variant] [specials]``. For each of two random
players it prints complete games per second (wall clock and CPU time of this process, which is
steadier on a busy machine), actions per second and the mean game length:

* ``uniform``: every action drawn uniformly from ``prompt(...).actions``, setup included, so
  most actions are random ``place``/``unplace`` moves during the hidden setup (~245 of ~285);
* ``autoplace``: the same, except that in setup the player takes ``autoplace`` then ``ready``
  (random placement by the engine), as most bot players will.

Every action goes through ``active``, ``prompt`` and ``apply``, as a real player's would; only
``submit``'s copy, undo snapshot and invariant checks are left out. Target: >= 500 games/s.
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
TARGET = 500.0


def random_game(seed: int, options: dict[str, str], shortcut: bool = False) -> int:
    """Play one game with random legal actions; return the number of actions."""
    state = R.setup(seed, R.resolve_options(options), 2)
    chooser = {"rng": seed * 2654435761 + 1}
    active_roles, prompt, apply = R.active, R.prompt, R.apply
    steps = 0
    while state["result"] is None:
        active = active_roles(state)
        if len(active) == 1:
            (role,) = active
        else:
            roles = sorted(active)
            role = roles[randbelow(chooser, len(roles))]
        actions = prompt(state, role).actions
        action = None
        if shortcut and state["setup"] is not None:
            action = next((a for a in SETUP_SHORTCUT if a in actions), None)
        if action is None:
            action = actions[randbelow(chooser, len(actions))]
        apply(state, role, action)
        state["seq"] += 1
        steps += 1
    return steps


def measure(seconds: float, options: dict[str, str], shortcut: bool) -> tuple[int, int, float, float]:
    """``(games, actions, wall seconds, cpu seconds)`` of random games played for ``seconds``."""
    games = actions = 0
    wall, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - wall < seconds:
        actions += random_game(games, options, shortcut)
        games += 1
    return games, actions, time.perf_counter() - wall, time.process_time() - cpu


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 5.0
    options = {"variant": sys.argv[2] if len(sys.argv) > 2 else "classic"}
    if len(sys.argv) > 3:
        options["specials"] = sys.argv[3]
    print(f"options {options}; target >= {TARGET:.0f} complete games/s on one core")
    for policy, shortcut in (("uniform", False), ("autoplace", True)):
        games, actions, wall, cpu = measure(seconds, options, shortcut)
        per_cpu = games / cpu
        verdict = "meets" if per_cpu >= TARGET else "BELOW"
        print(
            f"{policy:>9}: {games} games: {games / wall:.0f} games/s wall, {per_cpu:.0f} games/s cpu "
            f"({verdict} target), {actions / cpu:.0f} actions/s, {actions / max(games, 1):.1f} actions/game"
        )


if __name__ == "__main__":
    main()
