"""Random War of the Ring actions per second through the match runner (``Match.submit``).

Run: ``python bench/bench_war_of_the_ring.py [seconds]``. A uniformly random legal player (every
action drawn from ``prompt(...).actions``: the menus a player sees) plays complete games; each
action goes through ``Match.submit`` with validation, the journal and the undo policy, as the
bot runs it (``check=False``). It prints actions per second of CPU time, games per second, the
mean game length and the mean prompt size, and the same with the invariants checked after every
action (the fuzzer's cost).

Target (issue 11): at least 3x the actions per second of the TypeScript engine
johnchampaign/war-of-the-ring in random play, measured there at about 556-1,155 random actions
per second (63 % of it cloning its state): so >= 3,500 actions/s here.

Side by side: ``bench/peer/war_of_the_ring_random.mjs`` is our driver for that engine (random
legal play through its own ``tryApplyAction``, as its headless soak ``scripts/tournament.mjs``
plays); its header gives the clone, ``npm install`` and ``npx vite-node`` commands. Alternate
it with this file (peer, ours, peer, ours), noting ``uptime`` before each. Here (no GitHub) it
ran only on a rebuilt early commit of the peer, its Fellowship/Hunt/dice slice without armies,
combat or cards: 5,700-5,900 actions/s against our 8,100-8,600 (1.4x), with 91 % of the peer's
time in its state clone. That slice does far less per action than the full engine, so it only
bounds the full engine from above; with the issue's figures we are 7-15x. Never used as a test.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.core import Match
from games.core.rng import randbelow
from games.war_of_the_ring.ruleset import WAR_OF_THE_RING as R

TARGET = 3500.0
#: A game still going after this many actions is cut (none should come near it).
LIMIT = 20_000


def game(seed: int, check: bool) -> tuple[int, int]:
    """One random game through the runner: ``(actions, total prompt size)``."""
    match = Match.new(R, seed, {}, 2)
    chooser = {"rng": seed * 2654435761 + 7}
    actions = listed = 0
    while match.state["result"] is None and actions < LIMIT:
        active = sorted(R.active(match.state))
        role = active[randbelow(chooser, len(active))]
        choices = R.prompt(match.state, role).actions
        listed += len(choices)
        match.submit(role, choices[randbelow(chooser, len(choices))])
        if check:
            problems = R.check_invariants(match.state)
            if problems:
                raise AssertionError(f"seed {seed}: {problems}")
        actions += 1
    return actions, listed


def measure(seconds: float, check: bool) -> None:
    games = actions = listed = 0
    wall, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - wall < seconds:
        done, seen = game(games, check)
        actions += done
        listed += seen
        games += 1
    spent = time.process_time() - cpu
    rate = actions / spent
    verdict = "meets" if rate >= TARGET else "BELOW"
    label = "with invariants" if check else "runner"
    print(
        f"{label:>16}: {rate:7.0f} actions/s ({verdict} {TARGET:.0f}), {games / spent:5.2f} games/s, "
        f"{actions / max(games, 1):6.0f} actions/game, {listed / max(actions, 1):5.1f} choices/prompt"
    )


if __name__ == "__main__":
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 10.0
    measure(seconds, check=False)
    measure(seconds, check=True)
