"""Leaders: placing one (set-up, replacement) and the replacement step of the turn.

A player with no leader on the board (and a leader piece off it) places one on any territory of
his without a leader: in the 2002 rules at the end of fortify, in the Trilogy after the draws.
Each player owns one leader piece, and one more for every Appoint a Second Leader played; at
most one leader stands in a territory.
"""

from __future__ import annotations

import logging
from functools import cache

from games.core import Action, State, emit
from games.core.flow import Frame, Step, call, ret

from .i18n import tr
from .options import is_lotr
from .roles import leader_at, owned, role_title

log = logging.getLogger(__name__)


@cache
def leader_action(territory: str) -> Action:
    return Action("leader", (territory,))


def place_leader(state: State, role: str, territory: str) -> dict[str, object]:
    """Put one of ``role``'s spare leaders in ``territory`` (already checked free and his)."""
    state["spare_leaders"][role] -= 1
    state["leaders"][role].append({"at": territory, "spent": False, "stays": False})
    leader: dict[str, object] = state["leaders"][role][-1]
    return leader


def leader_spots(state: State, role: str) -> list[str]:
    """``role``'s territories where a leader may be placed (no leader there)."""
    return [t for t in owned(state, role) if leader_at(state, t) is None]


def needs_replacement(state: State, role: str) -> bool:
    return (
        is_lotr(state)
        and not state["leaders"][role]
        and state["spare_leaders"][role] > 0
        and bool(leader_spots(state, role))
    )


def start(state: State, role: str) -> bool:
    """The replacement stage of the turn: asks only a player who has no leader on the board."""
    if not needs_replacement(state, role):
        return False
    call(state, "replace_leader", role=role)
    return True


class ReplaceLeader(Step):
    name = "replace_leader"
    kind = "replace_leader"

    def active(self, state: State, frame: Frame) -> frozenset[str]:
        return frozenset((frame["role"],))

    def actions(self, state: State, frame: Frame, role: str) -> tuple[Action, ...]:
        return tuple(leader_action(t) for t in leader_spots(state, role))

    def legal(self, state: State, frame: Frame, role: str, action: Action) -> bool:
        args = action.args
        return (
            action.verb == "leader"
            and len(args) == 1
            and state["owner"].get(args[0]) == role
            and leader_at(state, args[0]) is None
        )

    def title(self, state: State, frame: Frame, role: str) -> str:
        return tr("Place a new leader")

    def instruction(self, state: State, frame: Frame, role: str) -> str:
        return tr("You have no leader on the board: place one on any of your territories.")

    def waiting(self, state: State, frame: Frame) -> str:
        return tr("Waiting for {role} to place a new leader.", role=role_title(frame["role"]))

    def apply(self, state: State, frame: Frame, role: str, action: Action) -> None:
        territory = action.args[0]
        place_leader(state, role, territory)
        emit(state, "leader_replaced", {"role": role, "territory": territory})
        ret(state, {"phase": "leader"})
