"""How the game is won (§11): Gondor at once on capturing the second evil leader, Mordor at once
with a battalion in the city; else on points when the reinforcement deck runs out (a tie goes to
Gondor, the defender).

Points: each captured battalion its kind's points (infantry 1, cavalry 2, trolls and oliphaunts
3), each captured leader 5; Mordor also 2 for each wall section it occupies and 3 for the broken
gate.
"""

from __future__ import annotations

from games.core import State, emit, finish

from . import forces
from .facts import CITY, EVIL, GATE_POINTS, GOOD, LEADER_POINTS, LEADERS, UNITS, WALL_POINTS, WALLS

LEADERS_TO_WIN = 2


def points(state: State, side: str) -> int:
    total = 0
    for what, n in state["captured"][side].items():
        total += n * (LEADER_POINTS if what in LEADERS else UNITS[what].points)
    if side == EVIL:
        total += WALL_POINTS * sum(1 for wall in WALLS if forces.holds(state, EVIL, wall))
        total += GATE_POINTS if state["gate"]["broken"] else 0
    return total


def evil_leaders_captured(state: State) -> int:
    return sum(n for what, n in state["captured"][GOOD].items() if what in LEADERS)


def check_immediate(state: State) -> None:
    """End the game if either side has reached its goal."""
    if state["result"] is not None:
        return
    if evil_leaders_captured(state) >= LEADERS_TO_WIN:
        emit(state, "won", {"role": GOOD, "reason": "leaders"})
        finish(state, [GOOD], "leaders", {"role": GOOD})
    elif forces.holds(state, EVIL, CITY):
        emit(state, "won", {"role": EVIL, "reason": "city"})
        finish(state, [EVIL], "city", {"role": EVIL})


def finish_on_points(state: State) -> None:
    good, evil = points(state, GOOD), points(state, EVIL)
    winner = EVIL if evil > good else GOOD
    emit(state, "won", {"role": winner, "reason": "points", "good": good, "evil": evil})
    finish(state, [winner], "points", {"role": winner, "good": good, "evil": evil})
