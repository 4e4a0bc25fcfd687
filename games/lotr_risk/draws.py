"""Phase 4, drawing cards: one territory card if the player conquered this turn (however many
territories), one adventure card if one of his leaders arrived at a site of power.

An Event drawn is revealed, put on the discard pile and resolved at once
(:func:`games.lotr_risk.event_cards.resolve_event`), then another card is drawn. Over the
hand limit (3; the Trilogy 4) the player discards one adventure card of his choice, which never
scores. The adventure draw is a procedure (``adventure_draw``) so that an event needing a
decision, or the discard, can wait for the player and the draw carry on afterwards.
"""

from __future__ import annotations

import logging
from functools import cache
from typing import Any

from games.core import Action, State, emit
from games.core.flow import Frame, Step, call, ret

from . import event_cards
from .board import adventure_kind, card_name
from .cards import draw_adventure_card, give_territory_card
from .i18n import listed, tr
from .options import is_lotr, rules
from .powers import prune_armed
from .roles import hand, role_title

log = logging.getLogger(__name__)


@cache
def discard_action(card: str) -> Action:
    return Action("discard", (card,))


def start(state: State, role: str) -> bool:
    """The draw stage: the territory card at once; the adventure card as a procedure."""
    turn = state["turn"]
    if turn["conquered"]:
        give_territory_card(state, role, "conquest")
    if not (is_lotr(state) and turn["sites"]):
        return False
    decks = state["decks"]
    budget = len(decks["adventure"]) + len(decks["adventure_discard"])
    frame = call(state, "adventure_draw", role=role, budget=budget)
    draw_on(state, frame)
    return True


def draw_on(state: State, frame: Frame) -> None:
    """Draw until a card other than an Event comes (or none is left), then check the hand."""
    role = frame["role"]
    while state["result"] is None:
        if frame["budget"] <= 0:
            emit(state, "no_adventure_card", {"role": role})
            ret(state, {"phase": "draw"})
            return
        frame["budget"] -= 1
        card = draw_adventure_card(state)
        if card is None:
            emit(state, "no_adventure_card", {"role": role})
            ret(state, {"phase": "draw"})
            return
        if adventure_kind(card) == "event":
            emit(state, "event_revealed", {"role": role, "card": card})
            state["decks"]["adventure_discard"].append(card)
            event_cards.resolve_event(state, role, card)
            if state["stack"] and state["stack"][-1] is not frame:
                return  # the event asks a decision; resume() draws on
            continue
        hand(state, role)["adventure"].append(card)
        emit(state, "drew_adventure_card", {"role": role}, {role: ("own_adventure_card", {"card": card})})
        if len(hand(state, role)["adventure"]) > rules(state).adventure_hand_limit:
            frame["step"] = "discard"
            return
        ret(state, {"phase": "draw"})
        return


class AdventureDraw(Step):
    """The draw procedure; it waits only inside the steps it calls (never on its own)."""

    name = "adventure_draw"

    def active(self, state: State, frame: Frame) -> frozenset[str]:
        return frozenset()

    def actions(self, state: State, frame: Frame, role: str) -> tuple[Action, ...]:
        return ()

    def instruction(self, state: State, frame: Frame, role: str) -> str:
        return tr("Drawing an adventure card.")

    def waiting(self, state: State, frame: Frame) -> str:
        return tr("{role} draws an adventure card.", role=role_title(frame["role"]))

    def apply(self, state: State, frame: Frame, role: str, action: Action) -> None:
        raise AssertionError("the adventure draw takes no action")

    def resume(self, state: State, frame: Frame, value: Any) -> None:
        draw_on(state, frame)


class Discard(Step):
    """Over the hand limit: discard one adventure card (it never scores)."""

    name = "discard"
    kind = "discard"

    def active(self, state: State, frame: Frame) -> frozenset[str]:
        return frozenset((frame["role"],))

    def actions(self, state: State, frame: Frame, role: str) -> tuple[Action, ...]:
        return tuple(discard_action(c) for c in hand(state, role)["adventure"])

    def title(self, state: State, frame: Frame, role: str) -> str:
        return tr("Hand limit {limit}: discard an adventure card", limit=rules(state).adventure_hand_limit)

    def instruction(self, state: State, frame: Frame, role: str) -> str:
        held = listed([card_name(c) for c in hand(state, role)["adventure"]], "or")
        return tr(
            "You hold more adventure cards than the limit: discard one ({cards}). It will not score.",
            cards=held,
        )

    def waiting(self, state: State, frame: Frame) -> str:
        return tr("Waiting for {role} to discard an adventure card.", role=role_title(frame["role"]))

    def apply(self, state: State, frame: Frame, role: str, action: Action) -> None:
        card = action.args[0]
        hand(state, role)["adventure"].remove(card)
        state["decks"]["adventure_discard"].append(card)
        prune_armed(state, role)
        emit(state, "discarded", {"role": role, "card": card})
        ret(state, {"phase": "draw"})


STEPS = (AdventureDraw(), Discard())
