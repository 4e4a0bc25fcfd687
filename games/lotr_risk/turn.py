"""A player's turn: the phases in order, each a procedure the ``turn`` frame calls.

middle-earth: reinforce, attack, fortify, replace a lost leader, draw, the Fellowship. Trilogy:
reinforce, attack, fortify, draw, replace a lost leader, the Fellowship. Plain mode: reinforce,
attack, fortify, draw (territory cards only). A phase with nothing to decide is skipped. When
the turn is over the next player still in the game begins his (a player dropped on time is
skipped like an eliminated one, see :func:`end_early`); the neutral army never has a turn (our
ruling: the rules only list what it may not do, and the Ring does not move for it).

Frame ``turn``: ``role`` and ``stage`` (the index of the phase under way). It never waits for a
player itself: it always has a phase on top of it while play goes on.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from games.core import Action, State, emit
from games.core.flow import Frame, Step, barrier, pop, push

from . import attack, draws, fortify, leaders, powers, reinforce
from .effects import expire
from .fellowship import move_ring
from .i18n import tr
from .options import is_lotr, is_trilogy
from .roles import next_in, role_title

log = logging.getLogger(__name__)


def _fellowship(state: State, role: str) -> bool:
    move_ring(state, role)
    return False


STAGE: dict[str, Callable[[State, str], bool]] = {
    "reinforce": reinforce.start,
    "attack": attack.start,
    "fortify": fortify.start,
    "leader": leaders.start,
    "draw": draws.start,
    "fellowship": _fellowship,
}
ORDER = {
    "middle-earth": ("reinforce", "attack", "fortify", "leader", "draw", "fellowship"),
    "trilogy": ("reinforce", "attack", "fortify", "draw", "leader", "fellowship"),
    "plain": ("reinforce", "attack", "fortify", "draw"),
}


def stages(state: State) -> tuple[str, ...]:
    if not is_lotr(state):
        return ORDER["plain"]
    return ORDER["trilogy" if is_trilogy(state) else "middle-earth"]


def begin(state: State, role: str) -> None:
    """Start ``role``'s turn: effects of his end, his leaders are fresh again."""
    number = state["turn"]["number"] + 1
    state["turn"] = {
        "number": number,
        "role": role,
        "phase": "reinforce",
        "conquered": False,
        "conquests": [],
        "sites": False,
    }
    expire(state, "next_turn", role)
    for leader in state["leaders"][role]:
        leader["spent"] = False
        leader["stays"] = False
        if "arrived" in leader:
            del leader["arrived"]  # a mission not declared in that turn waits for another arrival
    emit(state, "turn_started", {"role": role, "number": number})
    frame = push(state, "turn", role=role, stage=-1)
    for hook in powers.TURN_START_HOOKS:
        hook(state, role)
    run(state, frame)


def run(state: State, frame: Frame) -> None:
    """Carry on with the next phases until one waits for a player."""
    names = stages(state)
    while state["result"] is None:
        index = frame["stage"] + 1
        if index >= len(names):
            end(state, frame)
            return
        frame["stage"] = index
        state["turn"]["phase"] = names[index]
        if STAGE[names[index]](state, frame["role"]):
            return


def end_early(state: State, frame: Frame) -> None:
    """The player whose turn it is was dropped on time, and the phases under way are closed: his
    turn ends as if he had ended it. The Fellowship still moves (lotr mode: the engine rolls its
    die in his name); nothing is drawn or replaced for him, who is out of the game."""
    names = stages(state)
    last = names.index("fellowship") if "fellowship" in names else len(names)
    frame["stage"] = max(int(frame["stage"]), last - 1)
    run(state, frame)


def end(state: State, frame: Frame) -> None:
    """The turn is over: the next player still in the game takes his."""
    barrier(state)
    expire(state, "turn")
    role = frame["role"]
    pop(state)
    order = state["order"]
    following = next_in(order, role, set(state["eliminated"]))
    if following is None:  # pragma: no cover - the last player standing has already won
        return
    begin(state, following)


class Turn(Step):
    name = "turn"

    def active(self, state: State, frame: Frame) -> frozenset[str]:
        return frozenset()

    def actions(self, state: State, frame: Frame, role: str) -> tuple[Action, ...]:
        return ()

    def instruction(self, state: State, frame: Frame, role: str) -> str:
        return tr("The turn goes on.")

    def waiting(self, state: State, frame: Frame) -> str:
        return tr("{role}'s turn goes on.", role=role_title(frame["role"]))

    def apply(self, state: State, frame: Frame, role: str, action: Action) -> None:
        raise AssertionError("the turn frame takes no action")

    def resume(self, state: State, frame: Frame, value: Any) -> None:
        run(state, frame)
