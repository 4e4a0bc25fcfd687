"""Complete random Confrontation games per second on one core, through the match runner.

Run: ``python bench/bench_engine.py [seconds] [variant] [specials]`` (``all`` as the variant runs
every variant with its usual special cards). For each random player it prints complete games
per second (CPU time of this process, steadier on a busy machine; the best of five repeats of
the same seeded games, and their median), actions per second and the mean game length,
measured two ways:

* ``runner``: every action through ``Match.submit`` — validation, the journal, the undo
  policy: the path every player's action takes in the bot (``check=False``, as the bot runs);
* ``rules``: the ruleset alone (``active``, ``legal_actions``, ``apply``: what a computer
  player needs, without the prompt's words) on the plain state set-up builds, as a reference
  against other engines.

Random players: ``autoplace`` (in set-up the player takes ``autoplace`` then ``ready``: the
engine places the pieces, as most bot players will) and ``uniform`` (every action drawn from
``prompt(...).actions``, set-up included, so most actions are random placements).

Targets (issue 6): >= 200 complete Classic games/s through the runner with engine-placed
set-up; >= 500 with the ruleset alone for every variant. Never used as a test.

``python bench/bench_engine.py scale`` shows the runner's cost per action as the state grows
(a synthetic ruleset whose state is N times larger, same work per action).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.confrontation import CONFRONTATION as R
from games.core import Action, Match, OptionSpec, State, clone, dump, new_state
from games.core.flow import Frame, Step, StepRuleset, push
from games.core.rng import randbelow

SETUP_SHORTCUT = (Action("autoplace"), Action("ready"))
TARGETS = {"runner": 200.0, "rules": 500.0}
VARIANTS = {
    "classic": {"variant": "classic"},
    "variant-2002": {"variant": "variant-2002", "specials": "2002"},
    "deluxe-variant": {"variant": "deluxe-variant", "specials": "deluxe-4"},
    "draft": {"variant": "draft", "specials": "deluxe-2"},
}


def _choose(
    state: State, role: str, chooser: dict[str, int], shortcut: bool, *, words: bool = True
) -> Action:
    actions = R.prompt(state, role).actions if words else R.legal_actions(state, role)
    if shortcut and state["setup"] is not None:
        for action in SETUP_SHORTCUT:
            if action in actions:
                return action
    return actions[randbelow(chooser, len(actions))]


def _role(active: frozenset[str], chooser: dict[str, int]) -> str:
    if len(active) == 1:
        (role,) = active
        return role
    roles = sorted(active)
    return roles[randbelow(chooser, len(roles))]


def runner_game(seed: int, options: Mapping[str, str], shortcut: bool) -> int:
    """One random game through ``Match.submit``; the number of actions."""
    match = Match.new(R, seed, options, 2)
    state, chooser, steps = match.state, {"rng": seed * 2654435761 + 1}, 0
    while state["result"] is None:
        role = _role(R.active(state), chooser)
        match.submit(role, _choose(state, role, chooser, shortcut))
        steps += 1
    return steps


def rules_game(seed: int, options: Mapping[str, str], shortcut: bool) -> int:
    """One random game through the ruleset alone; the number of actions."""
    state = R.setup(seed, R.resolve_options(options), 2)
    chooser, steps = {"rng": seed * 2654435761 + 1}, 0
    while state["result"] is None:
        role = _role(R.active(state), chooser)
        R.apply(state, role, _choose(state, role, chooser, shortcut, words=False))
        state["seq"] += 1
        steps += 1
    return steps


REPEATS = 5


def measure(
    game: Callable[[int, Mapping[str, str], bool], int],
    seconds: float,
    options: Mapping[str, str],
    shortcut: bool,
) -> tuple[int, int, list[float]]:
    """``(games, actions, cpu seconds of each repeat)``: the same seeded games played
    :data:`REPEATS` times, as many as fill one repeat's share of ``seconds``.

    The best repeat is the one to compare (``timeit``'s rule): on a shared machine the slower
    ones measure other processes, not the code.
    """
    share = seconds / REPEATS
    games = actions = 0
    cpu = time.process_time()
    while time.process_time() - cpu < share:
        actions += game(games, options, shortcut)
        games += 1
    times = [time.process_time() - cpu]
    for _ in range(REPEATS - 1):
        cpu = time.process_time()
        for seed in range(games):
            game(seed, options, shortcut)
        times.append(time.process_time() - cpu)
    return games, actions, times


def games_per_second(seconds: float, variant: str, options: Mapping[str, str]) -> None:
    print(f"{variant}: options {dict(options)}")
    for path, game in (("runner", runner_game), ("rules", rules_game)):
        for policy, shortcut in (("autoplace", True), ("uniform", False)):
            games, actions, times = measure(game, seconds, options, shortcut)
            best, median = min(times), sorted(times)[len(times) // 2]
            target = TARGETS[path]
            if not shortcut:  # the targets are for engine-placed set-up
                verdict = "no target"
            elif path == "runner" and variant != "classic":  # the runner's is for Classic
                verdict = f"{'meets' if games / best >= target else 'below'} Classic's {target:.0f}"
            else:
                verdict = f"{'meets' if games / best >= target else 'BELOW'} {target:.0f}"
            print(
                f"  {path:>6} {policy:>9}: {games / best:7.0f} games/s ({verdict}; "
                f"median of {REPEATS} {games / median:5.0f}), {actions / best:7.0f} actions/s, "
                f"{actions / max(games, 1):5.1f} actions/game"
            )


# -- cost per action as the state grows --------------------------------------------------------


class _Tick(Step):
    """Each action moves one unit between two of many regions (the same work at any size)."""

    name = "tick"

    def active(self, state: State, frame: Frame) -> frozenset[str]:
        return frozenset({"solo"})

    def actions(self, state: State, frame: Frame, role: str) -> tuple[Action, ...]:
        return (Action("shift", (str(state["seq"] % state["size"]),)),)

    def legal(self, state: State, frame: Frame, role: str, action: Action) -> bool:
        return action.verb == "shift" and int(action.args[0]) < state["size"]

    def instruction(self, state: State, frame: Frame, role: str) -> str:
        return "Shift a unit."

    def waiting(self, state: State, frame: Frame) -> str:
        return "Waiting."

    def apply(self, state: State, frame: Frame, role: str, action: Action) -> None:
        index = int(action.args[0])
        region = state["regions"][f"r{index}"]
        unit = region["units"].pop(0)
        state["regions"][f"r{(index + 1) % state['size']}"]["units"].append(unit)
        state["turns"] += 1


class Ledger(StepRuleset):
    """A synthetic game whose state holds ``size`` regions of units (for the scaling benchmark)."""

    name = "ledger_bench"
    title = "Ledger (benchmark)"
    options = (OptionSpec("size", ("1",), "1", "regions"),)
    steps = {"tick": _Tick()}
    min_players = max_players = 1

    def roles(self, options: Mapping[str, str], players: int) -> tuple[str, ...]:
        return ("solo",)

    def setup(self, seed: int, options: Mapping[str, str], players: int) -> State:
        raise NotImplementedError

    def build(self, size: int) -> State:
        state = new_state(self.name, 1, {"size": "1"}, ("solo",))
        state["size"] = size
        state["turns"] = 0
        state["regions"] = {
            f"r{i}": {
                "units": [{"id": f"u{i}-{k}", "nation": "gondor", "kind": "regular"} for k in range(6)],
                "control": "free",
                "siege": False,
            }
            for i in range(size)
        }
        push(state, "tick")
        return state

    def view(self, state: State, role: str | None) -> dict[str, Any]:
        return {}


def per_action(size: int, actions: int = 20_000) -> tuple[float, float, int]:
    """Microseconds per action through the runner, and through a clone-per-action runner."""
    ledger = Ledger()
    match = Match(ledger, ledger.build(size))
    state = match.state
    start = time.process_time()
    for _ in range(actions):
        match.submit("solo", Action("shift", (str(state["seq"] % size),)))
    journaled = (time.process_time() - start) / actions * 1e6
    copy = ledger.build(size)
    start = time.process_time()
    for _ in range(actions // 10):  # what a runner that copies the state through JSON pays
        copy = clone(copy)
        ledger.apply(copy, "solo", Action("shift", (str(copy["seq"] % size),)))
        copy["seq"] += 1
    cloned = (time.process_time() - start) / (actions // 10) * 1e6
    return journaled, cloned, len(dump(state))


def scale() -> None:
    print("cost per action as the state grows (synthetic ruleset; the same change per action)")
    base = None
    for size in (50, 100, 250, 1000):
        journaled, cloned, length = per_action(size)
        base = base or journaled
        print(
            f"  {size:5d} regions, state {length / 1024:7.1f} KB: runner {journaled:6.1f} µs/action "
            f"({journaled / base:4.2f}x), a clone per action would cost {cloned:8.1f} µs"
        )


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "scale":
        scale()
        return
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 5.0
    variant = sys.argv[2] if len(sys.argv) > 2 else "classic"
    chosen = VARIANTS if variant == "all" else {variant: VARIANTS.get(variant, {"variant": variant})}
    for name, options in chosen.items():
        if len(sys.argv) > 3:
            options = {**options, "specials": sys.argv[3]}
        games_per_second(seconds, name, R.resolve_options(options))


if __name__ == "__main__":
    main()
