"""Drawing Event cards (§7): the four decks, drawing with an Event die, the hand limit.

Playing a card's Event is :mod:`.event_cards`; its Combat half, :mod:`.combat_round`.

Frame ``draw_card``: ``side`` — an Event die draws one card from the deck the player chooses.
"""

from __future__ import annotations

from typing import Any

from games.core import Action, State, emit
from games.core.flow import Frame, Step, call, ret

from . import actions, turn
from .data import CARDS
from .i18n import mark, tr
from .step_text import side_words

DECK_NAMES = {"character": "Character deck", "strategy": "Strategy deck"}


def card_name(card: str) -> str:
    return CARDS[card].name


def decks_with_cards(state: State, side: str) -> list[str]:
    return [deck for deck in ("character", "strategy") if state["decks"][f"{side}_{deck}"]]


def _possible(state: State, side: str) -> bool:
    return bool(decks_with_cards(state, side))


def _run(state: State, side: str, face: str) -> bool:
    decks = decks_with_cards(state, side)
    if len(decks) == 1:
        turn.draw_one(state, side, decks[0])
        return limit(state, side)
    call(state, "draw_card", side=side)
    return True


def limit(state: State, side: str) -> bool:
    """Over the hand limit after a draw: discard at once (a procedure); whether one was called."""
    if len(state["hands"][side]) > turn.HAND_LIMIT:
        call(state, "discard_down", side=side)
        return True
    return False


class DrawCard(Step):
    name = "draw_card"
    kind = "deck"

    def active(self, state: State, frame: Frame) -> frozenset[str]:
        return frozenset({frame["side"]})

    def actions(self, state: State, frame: Frame, role: str) -> tuple[Action, ...]:
        return tuple(Action("deck", (deck,)) for deck in decks_with_cards(state, role))

    def title(self, state: State, frame: Frame, role: str) -> str:
        return tr("Event die: draw a card")

    def instruction(self, state: State, frame: Frame, role: str) -> str:
        return tr("Draw one card: from your Character deck or your Strategy deck?")

    def waiting(self, state: State, frame: Frame) -> str:
        return tr("Waiting for {side} to draw a card.", side=side_words(frame["side"]))

    def apply(self, state: State, frame: Frame, role: str, action: Action) -> None:
        turn.draw_one(state, role, action.args[0])
        if not limit(state, role):
            ret(state)

    def resume(self, state: State, frame: Frame, value: Any) -> None:
        ret(state)


class DiscardDown(Step):
    """Over the hand limit during the actions: discard one card (face down) at a time."""

    name = "discard_down"
    kind = "discard"

    def active(self, state: State, frame: Frame) -> frozenset[str]:
        return frozenset({frame["side"]})

    def actions(self, state: State, frame: Frame, role: str) -> tuple[Action, ...]:
        return tuple(Action("discard", (card,)) for card in sorted(state["hands"][role]))

    def title(self, state: State, frame: Frame, role: str) -> str:
        return tr("Hand limit: discard down to {limit}", limit=turn.HAND_LIMIT)

    def instruction(self, state: State, frame: Frame, role: str) -> str:
        return tr("You hold more than {limit} cards: discard one (face down).", limit=turn.HAND_LIMIT)

    def waiting(self, state: State, frame: Frame) -> str:
        return tr(
            "Waiting for {side} to discard down to {limit} cards.",
            side=side_words(frame["side"]),
            limit=turn.HAND_LIMIT,
        )

    def apply(self, state: State, frame: Frame, role: str, action: Action) -> None:
        card = action.args[0]
        state["hands"][role].remove(card)
        state["discards"][role].append(card)
        emit(
            state,
            "card_discarded",
            {"side": role},
            private={role: ("own_card_discarded", {"side": role, "card": card})},
        )
        if len(state["hands"][role]) <= turn.HAND_LIMIT:
            ret(state)


#: This module's die actions (listed in :mod:`.procedures`).
DIE_ACTIONS: tuple[actions.DieAction, ...] = (
    actions.DieAction(
        "draw",
        mark("Draw a card"),
        mark("Draw one card from either of your decks."),
        ("event",),
        None,
        _possible,
        _run,
    ),
)

STEPS: tuple[Step, ...] = (DrawCard(), DiscardDown())
__all__ = ["STEPS", "card_name"]
