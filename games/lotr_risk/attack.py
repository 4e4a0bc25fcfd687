"""Phase 2, combat: choose the next attack, or end the phase.

An attack goes from a territory of the attacker holding at least two battalions into an
adjacent enemy territory (land, bridge or sea route: the data's adjacency; mountains and rivers
without a bridge are simply not edges), unless a lasting effect forbids it. Powers of the
timing ``after_declaring_attack`` are offered here (they declare an attack of their own), and
this is where reaction powers are armed and disarmed, and a mission whose site a leader
reached by conquest may be declared complete (:mod:`games.lotr_risk.missions`). The phase ends
with ``end``, or by itself when nothing is left to do.
"""

from __future__ import annotations

import logging
from typing import Any

from games.core import Action, State
from games.core.flow import Frame, Step, call, ret

from . import battle, missions, powers
from .effects import attack_blocked
from .i18n import tr
from .options import geo
from .roles import owned, role_title

log = logging.getLogger(__name__)

END = Action("end")


def attacks(state: State, role: str) -> list[Action]:
    """Every ``attack <from> <to>`` open to ``role``."""
    g = geo(state)
    owner, troops = state["owner"], state["troops"]
    effects = bool(state["effects"])
    found: list[Action] = []
    for source in owned(state, role):
        if troops[source] < 2:
            continue
        for target in g.neighbours[source]:
            holder = owner[target]
            if holder == role or holder is None:
                continue
            if effects and attack_blocked(state, role, source, target):
                continue
            found.append(g.attack[(source, target)])
    return found


def can_attack(state: State, role: str, source: str, target: str) -> bool:
    owner = state["owner"]
    if owner.get(source) != role or state["troops"][source] < 2:
        return False
    if not geo(state).adjacent(source, target) or owner[target] in (role, None):
        return False
    return not (state["effects"] and attack_blocked(state, role, source, target))


def _stays_open(state: State, frame: Frame) -> bool:
    """An attack to make, or cards that might be played (public facts only)."""
    role = frame["role"]
    return (
        bool(attacks(state, role))
        or powers.could_play_in(state, role, "attack")
        or missions.could_complete(state, role)
    )


def _choices(state: State, frame: Frame) -> list[Action]:
    role = frame["role"]
    return [
        *missions.offers(state, role),
        *attacks(state, role),
        *powers.timing_actions(state, role, frame),
        *powers.arm_actions(state, role),
    ]


def start(state: State, role: str) -> bool:
    """Begin the phase; skipped (False) when there is nothing to choose, as far as anybody
    else can tell (see :func:`powers.could_play_in`)."""
    frame: Frame = {"step": "attack", "role": role}
    if not _stays_open(state, frame):
        return False
    call(state, "attack", role=role)
    return True


class ChooseAttack(Step):
    name = "attack"
    kind = "attack"

    def active(self, state: State, frame: Frame) -> frozenset[str]:
        return frozenset((frame["role"],))

    def actions(self, state: State, frame: Frame, role: str) -> tuple[Action, ...]:
        return (*_choices(state, frame), END)

    def legal(self, state: State, frame: Frame, role: str, action: Action) -> bool:
        if action.verb == "attack":
            return len(action.args) == 2 and can_attack(state, role, *action.args)
        if action.verb == "end":
            return not action.args
        return action in self.actions(state, frame, role)

    def title(self, state: State, frame: Frame, role: str) -> str:
        return tr("Combat: attack or end your attacks")

    def instruction(self, state: State, frame: Frame, role: str) -> str:
        if missions.offers(state, role):
            return tr(
                "Declare your mission complete, or attack an enemy territory next to one of yours "
                "(leave one battalion behind), or `end` to fortify."
            )
        return tr(
            "Attack an enemy territory next to one of yours (leave one battalion behind), or `end` "
            "to fortify."
        )

    def waiting(self, state: State, frame: Frame) -> str:
        return tr("Waiting for {role} to attack.", role=role_title(frame["role"]))

    def apply(self, state: State, frame: Frame, role: str, action: Action) -> None:
        verb = action.verb
        if verb == "end":
            ret(state, {"phase": "attack"})
            return
        if verb == "attack":
            battle.declare(state, role, *action.args)
            return
        if verb == missions.VERB:
            missions.declare(state, role, action.args[0])
        elif verb == "power":
            powers.play(state, role, action)
        elif verb in ("arm", "disarm"):
            powers.arm(state, role, action)
        if state["result"] is None and state["stack"][-1] is frame:
            self.resume(state, frame, None)

    def resume(self, state: State, frame: Frame, value: Any) -> None:
        """An attack (or a card's decision) is over: go on, or end when nothing is left."""
        if state["result"] is None and not _stays_open(state, frame):
            ret(state, {"phase": "attack"})
