"""The Free Peoples' die actions for the Fellowship (§5.3, §14.4, §14.6): move it (then the Hunt;
the die goes to the Hunt Box) and hide it.

Frame ``fellowship_move``: waits for the Hunt it called, then puts the die in the Hunt Box.
"""

from __future__ import annotations

from typing import Any

from games.core import Action, State
from games.core.flow import Frame, Step, call, ret

from . import actions, hunt
from .card_rules import sets_die_aside
from .data import FREE
from .fellowship import advance, hide
from .i18n import mark, tr


def _can_move(state: State, side: str) -> bool:
    fs = state["fellowship"]
    return not fs["revealed"]


def _move(state: State, side: str, face: str) -> bool:
    advance(state)
    call(state, "fellowship_move", face=face)
    if not hunt.start(state):
        _to_hunt_box(state, face)
        ret(state)
    return True


def _to_hunt_box(state: State, face: str) -> None:
    """§14.4: the die that moved the Fellowship goes into the Hunt Box after the Hunt (The Last
    Battle on the table: it is set aside, used, instead)."""
    if sets_die_aside(state):
        return
    used = state["dice"][FREE]["used"]
    used.remove(face)
    state["hunt_box"]["free"] += 1


def _can_hide(state: State, side: str) -> bool:
    return bool(state["fellowship"]["revealed"]) and not strider_guides(state, side)


def _hide(state: State, side: str, face: str) -> bool:
    hide(state)
    return False


def strider_guides(state: State, side: str) -> bool:
    return bool(state["fellowship"]["guide"] == "strider" and state["fellowship"]["revealed"])


class FellowshipMove(Step):
    """Waits for the Hunt after a move; never asks anything itself."""

    name = "fellowship_move"

    def active(self, state: State, frame: Frame) -> frozenset[str]:
        return frozenset()

    def actions(self, state: State, frame: Frame, role: str) -> tuple[Action, ...]:
        return ()

    def instruction(self, state: State, frame: Frame, role: str) -> str:  # pragma: no cover
        return ""

    def waiting(self, state: State, frame: Frame) -> str:  # pragma: no cover
        return tr("The Hunt is under way.")

    def apply(self, state: State, frame: Frame, role: str, action: Action) -> None:  # pragma: no cover
        raise AssertionError("fellowship_move asks nothing")

    def resume(self, state: State, frame: Frame, value: Any) -> None:
        if state["result"] is not None:
            return
        _to_hunt_box(state, frame["face"])
        ret(state)


ANY_FACE = ("character", "army", "muster", "army_muster", "event", "will")

#: This module's die actions (listed in :mod:`.procedures`).
DIE_ACTIONS: tuple[actions.DieAction, ...] = (
    actions.DieAction(
        "move-fellowship",
        mark("Move the Fellowship"),
        mark("Progress +1 (it stays hidden), then the Hunt; the die goes to the Hunt Box."),
        ("character",),
        FREE,
        _can_move,
        _move,
    ),
    actions.DieAction(
        "hide",
        mark("Hide the Fellowship"),
        mark("Turn a revealed Fellowship hidden again."),
        ("character",),
        FREE,
        _can_hide,
        _hide,
    ),
    actions.DieAction(
        "hide-strider",
        mark("Strider hides the Fellowship"),
        mark("Strider as Guide: any die hides a revealed Fellowship."),
        ANY_FACE,
        FREE,
        strider_guides,
        _hide,
    ),
)

STEPS: tuple[Step, ...] = (FellowshipMove(),)
