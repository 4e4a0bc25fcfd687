"""Random War of the Ring actions per second through the match runner (``Match.submit``).

Run: ``python bench/bench_war_of_the_ring.py [seconds]``. A uniformly random legal player (every
action drawn from ``prompt(...).actions``: the menus a player sees) plays complete games; each
action goes through ``Match.submit`` with validation, the journal and the undo policy, as the
bot runs it (``check=False``). It prints actions and complete games per second of CPU time, and
per game the mean length (actions, turns), the Event cards and Combat cards played (from the
log: the random player plays both) and the mean prompt size; then the same with the invariants
checked after every action (the fuzzer's cost).

Target (issues 11 and 19): at least 3x the actions per second of the TypeScript engine
johnchampaign/war-of-the-ring in random play with its cards; 3,500 actions/s here is 3x the
highest figure issue 11 quotes for it (1,155/s).

Side by side: ``bench/peer/war_of_the_ring_random.mjs`` is our driver for that engine (random
legal play through its own ``tryApplyAction``, as its headless soak ``scripts/tournament.mjs``
plays; it counts the cards played too). With a clone of the peer at commit dde7058 in
/tmp/peer-wotr (``npm install`` done), alternate::

    DRIVER=$PWD/bench/peer/war_of_the_ring_random.mjs
    uptime; (cd /tmp/peer-wotr && npx vite-node "$DRIVER" -- --seconds 30 --seed 1)
    uptime; .venv/bin/python bench/bench_war_of_the_ring.py 30

Measured 2026-12-05 on a shared 2-core machine, other work running (load before the rounds: 2-6,
21-27 for the fourth; CPU time, so the load matters less than for wall time), six rounds of
peer then ours, both with cards (the sixth after main's card audits, load 2.6-3):

- peer (dde7058): 737, 731, 635, 563, 627, 715 actions/s CPU; 0.37, 0.35, 0.22, 0.12, 0.25, 0.36
  games/s; 2,000-4,800 actions and 78-191 turns per game (the runs had 10, 8, 2, 1, 4 and 11
  games: its seed 1 takes 4,823 actions), about 23 Event cards and 9 Combat cards played per
  game, 32-34 choices per prompt.
- ours: 8,522, 8,337, 7,633, 7,024, 7,727, 7,888 actions/s CPU (5,100-6,100 with the invariants);
  2.5, 2.5, 2.1, 1.6, 2.3, 2.5 games/s; 3,100-4,300 actions per game (72-106 turns in the last
  three rounds), about 45 Event cards and 17-18 Combat cards played per game, 9 choices per
  prompt.

So 11-12.5x the peer's actions/s and 7-14x its complete games per second (about 7x in the
rounds that played the most games: the first two and the sixth). Our menus ask a decision in
smaller steps (9 choices per prompt against its 32-34; a count is asked after its choice), so a
turn takes more actions (about 43 against its 25): games per second is the fairer ratio, though
noisy with so few games. Never used as a test.

With ``--module`` it measures, beside the base game, games with the whole of Twilight of the Third
Age the lobby offers (:data:`MODULE`: every switch in ``PLAYABLE``; issue 21's goal: within 20 % of
the base game's speed), alternating base and module rounds on the same seeds, and prints the
module's rate as a share of the base game's, per round.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.core import Match, State
from games.core.rng import randbelow
from games.war_of_the_ring.ruleset import WAR_OF_THE_RING as R
from games.war_of_the_ring.tta.switches import PLAYABLE, options_for, resolve

TARGET = 3500.0
#: A game still going after this many actions is cut (none should come near it).
LIMIT = 20_000
#: The whole of Twilight of the Third Age the lobby offers, as its options (``--module``).
MODULE = resolve(options_for(PLAYABLE))


class Game(NamedTuple):
    """What one random game did: its length, the menus' total size and the cards played."""

    actions: int
    listed: int
    turns: int
    events: int
    combat: int


def game(seed: int, check: bool, options: dict[str, str] | None = None) -> Game:
    """One random game through the runner."""
    match = Match.new(R, seed, options or {}, 2)
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
    return Game(actions, listed, match.state["turn"]["number"], *cards_played(match.state))


def cards_played(state: State) -> tuple[int, int]:
    """``(Event cards, Combat cards)`` played in a game, read from its log at the end (an Event
    played at no die cost counts; a Combat-card choice of none does not)."""
    events = combat = 0
    for entry in state["log"]:
        if entry["kind"] == "event_played":
            events += 1
        elif entry["kind"] == "combat_cards_revealed":
            combat += sum(1 for role in ("attacker", "defender") if entry["args"][f"{role}_card"])
    return events, combat


def measure(seconds: float, check: bool, options: dict[str, str] | None = None) -> float:
    """Play complete games for ``seconds`` (seeds 0, 1, ...), print the rates; actions/s CPU."""
    games: list[Game] = []
    wall, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - wall < seconds:
        games.append(game(len(games), check, options))
    spent = time.process_time() - cpu
    count = max(len(games), 1)
    actions = sum(g.actions for g in games)

    def mean(field: str) -> float:
        return float(sum(getattr(g, field) for g in games)) / count

    rate = actions / spent
    verdict = "meets" if rate >= TARGET else "BELOW"
    label = ("module " if options else "") + ("with invariants" if check else "runner")
    print(
        f"{label:>16}: {rate:7.0f} actions/s CPU ({verdict} {TARGET:.0f}), "
        f"{len(games) / spent:5.2f} games/s CPU, {spent / count * 1000:.0f} ms CPU per game "
        f"({len(games)} games, {spent:.1f} s CPU)"
    )
    print(
        f"{'':>16}  per game: {mean('actions'):.0f} actions, {mean('turns'):.1f} turns, "
        f"{mean('events'):.1f} Event cards and {mean('combat'):.1f} Combat cards played; "
        f"{mean('listed') / max(mean('actions'), 1):.1f} choices/prompt"
    )
    return rate


if __name__ == "__main__":
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 and sys.argv[1] != "--module" else 10.0
    rounds = [None, MODULE, None, MODULE] if "--module" in sys.argv else [None]
    base: dict[bool, float] = {}
    for options in rounds:
        for check in (False, True):
            rate = measure(seconds, check, options)
            if options is None:
                base[check] = rate
            else:
                print(f"{'':>16}  the module at {rate / base[check]:.0%} of the base game's actions/s")
