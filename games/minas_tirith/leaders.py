"""Leaders (§10): where they may stand at the end of a turn, and their capture.

At the end of a turn each leader of the side that played it must stand with battalions of its
own side, or it leaves the board (removed, not captured: default 13); of two leaders of one
colour in one space, the second (in data order) leaves. A leader is captured (5 points to the
capturer) when the last battalion of its side in its space is removed in a battle.
"""

from __future__ import annotations

from games.core import State, emit

from . import forces
from .facts import LEADERS

#: Why a leader leaves the board at the end of his side's turn, as the post says it.
ALONE = "no battalion of his side stands with him"
DOUBLED = "another leader of his colour stands there"


def end_of_turn(state: State, side: str) -> None:
    where = state["leaders"]
    for leader in forces.on_board_leaders(state, side):
        space = where[leader]
        if not forces.holds(state, side, space):
            where[leader] = "removed"
            emit(state, "leader_removed", {"leader": leader, "space": space, "why": ALONE})
    for leader in forces.on_board_leaders(state, side):
        space = where[leader]
        earlier = [
            other
            for other in forces.leaders_at(state, space, side)
            if other != leader and LEADERS[other].colour == LEADERS[leader].colour
        ]
        if earlier and list(LEADERS).index(earlier[0]) < list(LEADERS).index(leader):
            where[leader] = "removed"
            emit(state, "leader_removed", {"leader": leader, "space": space, "why": DOUBLED})


def capture_if_alone(state: State, side: str, space: str, capturer: str) -> None:
    """Capture ``side``'s leaders in ``space`` once no battalion of theirs is left there."""
    if forces.holds(state, side, space):
        return
    for leader in forces.leaders_at(state, space, side):
        state["leaders"][leader] = "captured"
        forces.capture(state, capturer, leader)
        emit(state, "leader_captured", {"leader": leader, "space": space, "by": capturer})
