"""Action resolution (§4 phase 5, §5): the players alternate, the Free Peoples first, each
using one die per action; a player with fewer dice left may pass; a die may be skipped.

The acting player first chooses a die face and what to do with it (``<verb> <face>``, e.g.
``move-fellowship character``); the action then runs as a procedure (its own steps for armies,
units, destinations...) and returns here, and the other player acts. Every kind of action is a
:class:`DieAction` listed in ``DIE_ACTIONS`` by the module that implements it; the table of them
all (:data:`.procedures.DIE_ACTIONS`) is given to the :class:`Act` step by :mod:`.ruleset`.

Frame ``act``: ``side`` (who acts now).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from games.core import Action, State, emit
from games.core.flow import Frame, Step, call, ret
from games.core.words import counted

from . import dice, fellowship, rings, tta_card_rules
from .data import FREE
from .dice import FACE_NAMES, face_name
from .i18n import english, listed, ntr, tr
from .last_action import mark
from .roles import other
from .step_text import side_words

Possible = Callable[[State, str], bool]
#: Start the action for ``side`` with a die of ``face``; True if it waits for more decisions (a
#: procedure was called and will return), False if it is over already.
Run = Callable[[State, str, str], bool]


@dataclass(frozen=True, slots=True)
class DieAction:
    """One kind of die action. ``label`` (its button words) and ``text`` (what it does) are English
    marked for the catalog (``mark("Move the Fellowship")``): :mod:`.labels` and :mod:`.explain`
    say them in the reader's language."""

    verb: str
    label: str
    text: str
    faces: tuple[str, ...]
    side: str | None
    possible: Possible
    run: Run

    def allows(self, side: str, face: str) -> bool:
        if self.side is not None and self.side != side:
            return False
        if face == "will":  # a Will of the West becomes any face (§5.3)
            return side == FREE
        return face in self.faces


def first_to_act(state: State) -> bool:
    """Start phase 5 with the Free Peoples (or the Shadow if they have no die)."""
    for side in (FREE, other(FREE)):
        if dice.unused(state, side):
            call(state, "act", side=side)
            return True
    return False


def face_order(faces: list[str]) -> list[str]:
    order = list(FACE_NAMES)
    return sorted(set(faces), key=order.index)


def die_actions(state: State, side: str, table: Mapping[str, DieAction]) -> list[Action]:
    """Every ``<verb> <face>`` of ``table`` the acting side can start now."""
    found: list[Action] = []
    possible: dict[str, bool] = {}  # asked once per action, not once per face (the state is the same)
    for face in face_order(dice.unused(state, side)):
        for action in table.values():
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


class CardPlay(Protocol):
    """Playing Event cards with a die (:mod:`.event_cards.play`): ``play <face> <card>``."""

    def play_actions(self, state: State, side: str, faces: list[str]) -> list[Action]: ...

    def is_play(self, state: State, side: str, action: Action, faces: list[str]) -> bool: ...

    def start(self, state: State, side: str, card: str, die: str) -> bool: ...


class Act(Step):
    name = "act"
    kind = "action"

    def __init__(self, die_actions: Mapping[str, DieAction], cards: CardPlay) -> None:
        self.die_actions = die_actions  # every die action by verb (:data:`.procedures.DIE_ACTIONS`)
        self.cards = cards  # the ``play`` action (:mod:`.event_cards.play`)

    def active(self, state: State, frame: Frame) -> frozenset[str]:
        return frozenset({frame["side"]})

    def actions(self, state: State, frame: Frame, role: str) -> tuple[Action, ...]:
        side = frame["side"]
        plays = self.cards.play_actions(state, side, face_order(dice.unused(state, side)))
        return (*die_actions(state, side, self.die_actions), *plays, *other_actions(state, side))

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
            return self.cards.is_play(state, side, action, faces)
        chosen = self.die_actions.get(verb)
        if chosen is None or len(args) != 1 or args[0] not in faces:
            return False
        return chosen.allows(side, args[0]) and chosen.possible(state, side)

    def title(self, state: State, frame: Frame, role: str) -> str:
        left = len(dice.unused(state, role))
        return tr("Turn {number}: your action ({left})", number=state["turn"]["number"], left=dice_left(left))

    def instruction(self, state: State, frame: Frame, role: str) -> str:
        names = [face_name(f) for f in dice.unused(state, role)]
        faces = ", ".join(names) if english() else listed(names)
        return tr("Choose a die and an action. Your dice: {faces}.", faces=faces)

    def waiting(self, state: State, frame: Frame) -> str:
        return tr("Waiting for {side} to act.", side=side_words(frame["side"]))

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
            waits = self.cards.start(state, side, action.args[1], face)
        else:
            waits = self.die_actions[action.verb].run(state, side, face)
        if not waits:
            hand_over(state, frame)

    def resume(self, state: State, frame: Frame, value: Any) -> None:
        hand_over(state, frame)


def dice_left(count: int) -> str:
    if english():
        return f"{counted(count, 'die')} left"
    return ntr("{count} die left", "{count} dice left", count)


def hand_over(state: State, frame: Frame) -> None:
    """The action is over: the other player acts if he has dice left, else the same one; the
    phase ends when nobody has a die (the step returns to the turn)."""
    if state["result"] is not None:
        return
    if fellowship.ask_guide(state):
        return  # the action changed the Fellowship: its Guide first (§14.3), then on from here
    side = frame["side"]
    foe = other(side)
    tta_card_rules.despair(state, side, state["turn"].get("die"))  # Captain of Despair (Twilight)
    state["turn"].pop("die", None)
    if dice.unused(state, foe):
        frame["side"] = foe
    elif not dice.unused(state, side):
        ret(state)
