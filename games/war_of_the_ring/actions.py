"""Action resolution (§4 phase 5, §5): the players alternate, the Free Peoples first, each
using one die per action; a player with fewer dice left may pass; a die may be skipped.

The acting player first chooses a die face and what to do with it (``<verb> <face>``, e.g.
``move-fellowship character``); the action then runs as a procedure (its own steps for armies,
units, destinations...) and returns here, and the other player acts. Every kind of action is a
:class:`DieAction` listed in :data:`DIE_ACTIONS` by the module that implements it.

Frame ``act``: ``side`` (who acts now).
"""

from __future__ import annotations

import importlib
import importlib.util
from types import ModuleType
from typing import Any

from games.core import Action, State, emit
from games.core.flow import Frame, Step, pop, push
from games.core.words import counted

from . import dice, fellowship, rings, turn
from .card_rules import discard_lapsed
from .data import FREE
from .dice import FACE_NAMES, face_name
from .die_actions import DIE_ACTIONS, DieAction, Possible, Run, register
from .event_cards import play as event_play
from .last_action import mark
from .roles import other, side_title

#: The modules with die actions or steps, imported here (each registers its die actions).
PROCEDURES = (
    "cards",
    "fellowship_actions",
    "armies",
    "recruit",
    "characters",
    "stacking",
    "battle",
    "casualties",
    "battle_actions",
    "event_cards.step",
)


def procedure_modules() -> list[ModuleType]:
    """The procedure modules that exist (part I is built one module at a time)."""
    found = []
    for module in PROCEDURES:
        name = f"{__package__}.{module}"
        if importlib.util.find_spec(name) is not None:
            found.append(importlib.import_module(name))
    _in_procedure_order()
    return found


def _in_procedure_order() -> None:
    """The die actions in the order of :data:`PROCEDURES` (a module an Event card imports early
    registers its actions first; the prompt's order must not depend on that)."""
    rank = {f"{__package__}.{m}": i for i, m in enumerate(PROCEDURES)}
    ordered = sorted(DIE_ACTIONS.values(), key=lambda a: rank.get(a.run.__module__, len(rank)))
    DIE_ACTIONS.clear()
    DIE_ACTIONS.update((a.verb, a) for a in ordered)
    _LOADED.append(True)


#: Whether the procedure modules were loaded (an Event card's import registers some before).
_LOADED: list[bool] = []


def _load() -> None:
    procedure_modules()


def first_to_act(state: State) -> bool:
    """Start phase 5 with the Free Peoples (or the Shadow if they have no die)."""
    for side in (FREE, other(FREE)):
        if dice.unused(state, side):
            push(state, "act", side=side)
            return True
    return False


def face_order(faces: list[str]) -> list[str]:
    order = list(FACE_NAMES)
    return sorted(set(faces), key=order.index)


def die_actions(state: State, side: str) -> list[Action]:
    """Every ``<verb> <face>`` the acting side can start now."""
    if not _LOADED:
        _load()
    found: list[Action] = []
    possible: dict[str, bool] = {}  # asked once per action, not once per face (the state is the same)
    for face in face_order(dice.unused(state, side)):
        for action in DIE_ACTIONS.values():
            if not action.allows(side, face):
                continue
            can = possible.get(action.verb)
            if can is None:
                can = possible[action.verb] = action.possible(state, side)
            if can:
                found.append(Action(action.verb, (face,)))
    return found


#: Verbs of the action step that give up an action for good (confirmed by default).
GIVING_UP = frozenset({"pass", "skip"})
#: The die action that plays an Event card: ``play <face> <card>`` (:mod:`.event_cards.play`).
PLAY = "play"


def other_actions(state: State, side: str) -> list[Action]:
    found = [Action("skip", (face,)) for face in face_order(dice.unused(state, side))]
    if dice.fewer_dice(state, side, other(side)):
        found.append(Action("pass"))
    found += rings.ring_actions(state, side)
    return found


class Act(Step):
    name = "act"
    kind = "action"

    def active(self, state: State, frame: Frame) -> frozenset[str]:
        return frozenset({frame["side"]})

    def actions(self, state: State, frame: Frame, role: str) -> tuple[Action, ...]:
        side = frame["side"]
        faces = face_order(dice.unused(state, side))
        plays = event_play.play_actions(state, side, faces)
        return (*die_actions(state, side), *plays, *other_actions(state, side))

    def legal(self, state: State, frame: Frame, role: str, action: Action) -> bool:
        """One action tested without listing them all (``is_legal``; the same as the list)."""
        side = frame["side"]
        faces = dice.unused(state, side)
        verb, args = action.verb, action.args
        if verb == "pass":
            return not args and dice.fewer_dice(state, side, other(side))
        if verb == "skip":
            return len(args) == 1 and args[0] in faces
        if verb == "ring":
            return action in rings.ring_actions(state, side)
        if verb == "play":
            return event_play.is_play(state, side, action, faces)
        if not _LOADED:
            _load()
        chosen = DIE_ACTIONS.get(verb)
        if chosen is None or len(args) != 1 or args[0] not in faces:
            return False
        return chosen.allows(side, args[0]) and chosen.possible(state, side)

    def title(self, state: State, frame: Frame, role: str) -> str:
        left = len(dice.unused(state, role))
        return f"Turn {state['turn']['number']}: your action ({dice_left(left)})"

    def instruction(self, state: State, frame: Frame, role: str) -> str:
        faces = ", ".join(face_name(f) for f in dice.unused(state, role))
        return f"Choose a die and an action. Your dice: {faces}."

    def waiting(self, state: State, frame: Frame) -> str:
        return f"Waiting for the {side_title(frame['side'])} to act."

    def apply(self, state: State, frame: Frame, role: str, action: Action) -> None:
        side = frame["side"]
        mark(state, side)
        if action.verb == "pass":
            emit(state, "passed", {"side": side})
            hand_over(state, frame)
            return
        if action.verb == "skip":
            dice.spend(state, side, action.args[0])
            emit(state, "die_skipped", {"side": side, "face": action.args[0]})
            hand_over(state, frame)
            return
        if action.verb == "ring":
            rings.use_ring(state, side, action.args[0], action.args[1])
            if not dice.unused(state, side):  # his last die became an Eye: nothing left to act with
                hand_over(state, frame)
            return  # the same player acts now
        face = action.args[0]
        dice.spend(state, side, face)
        state["turn"]["die"] = face
        if action.verb == "play":
            waits = event_play.start(state, side, action.args[1])
        else:
            waits = DIE_ACTIONS[action.verb].run(state, side, face)
        if not waits:
            hand_over(state, frame)

    def resume(self, state: State, frame: Frame, value: Any) -> None:
        hand_over(state, frame)


def dice_left(count: int) -> str:
    return f"{counted(count, 'die')} left"


def hand_over(state: State, frame: Frame) -> None:
    """The action is over: the other player acts if he has dice left, else the same one; the
    phase ends when nobody has a die."""
    if state["result"] is not None:
        return
    discard_lapsed(state)
    if fellowship.ask_guide(state):
        return  # the action changed the Fellowship: its Guide first (§14.3), then on from here
    side = frame["side"]
    foe = other(side)
    state["turn"].pop("die", None)
    if dice.unused(state, foe):
        frame["side"] = foe
    elif not dice.unused(state, side):
        pop(state)
        turn.next_phase(state, "actions")


STEPS: tuple[Step, ...] = (Act(),)

#: The die-action table lives in :mod:`.die_actions`; the procedure modules still reach it here.
__all__ = ["DIE_ACTIONS", "STEPS", "DieAction", "Possible", "Run", "register"]
