"""Shared pieces for Event-card handlers: cards applied at once, one-question cards, and the
draw of cards with the hand limit. Families of cards (recruiting, Hunt tiles, moving Armies…)
add their builders here so that each card's handler stays a few lines.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from games.core import Action, State
from games.core.flow import Frame, call

from .. import one_answer
from ..options import revision
from ..turn import HAND_LIMIT, draw_one
from .base import EventCard, ask
from .words import tr

Condition = Callable[[State, str], bool]
Effect = Callable[[State, str], None]
Options = Callable[[State, str], Sequence[tuple[Action, str]]]
Chosen = Callable[[State, str, Action], None]


def always(state: State, side: str) -> bool:
    return True


class Simple(EventCard):
    """A card whose whole Event is applied at once, with no question."""

    def __init__(self, card: str, effect: Effect, condition: Condition = always) -> None:
        super().__init__(card)
        self.effect, self.condition = effect, condition

    def can_play(self, state: State, side: str) -> bool:
        return self.condition(state, side)

    def start(self, state: State, side: str, frame: Frame) -> bool:
        self.effect(state, side)
        return False


class OneChoice(EventCard):
    """A card that asks its player one question (a legal-only list) and applies the answer.

    The card may be played only while ``options`` offers something (and ``condition`` holds);
    ``title`` and ``text`` are marked messages (:func:`..i18n.mark`)."""

    def __init__(
        self,
        card: str,
        options: Options,
        chosen: Chosen,
        title: str,
        text: str,
        condition: Condition = always,
    ) -> None:
        super().__init__(card)
        self.options, self.chosen, self.condition = options, chosen, condition
        self.title, self.text = title, text

    def can_play(self, state: State, side: str) -> bool:
        return self.condition(state, side) and bool(self.options(state, side))

    def start(self, state: State, side: str, frame: Frame) -> bool:
        options = self.options(state, side)
        if len(options) == 1 and revision(state) >= one_answer.SINCE:  # nothing to choose
            return self.choose(state, side, frame, options[0][0])
        return ask(frame, side, "choice", options, tr(self.title), tr(self.text))

    def choose(self, state: State, side: str, frame: Frame, action: Action) -> bool:
        self.chosen(state, side, action)
        return False


def draw_cards(state: State, side: str, deck: str, count: int) -> int:
    """Draw up to ``count`` cards from ``side``'s ``deck`` (fewer if it runs out); how many."""
    drawn = 0
    for _ in range(count):
        if not state["decks"][f"{side}_{deck}"]:
            break
        draw_one(state, side, deck)
        drawn += 1
    return drawn


def hand_limit(state: State, side: str) -> bool:
    """After an Event drew cards: over the hand limit, discard at once (the procedure
    ``discard_down``; the card's :meth:`EventCard.resume` follows). Whether it waits."""
    if len(state["hands"][side]) > HAND_LIMIT:
        call(state, "discard_down", side=side)
        return True
    return False


def data(frame: Frame) -> dict[str, Any]:
    """The handler's own notes in its frame (kept in the state, so saved with the match)."""
    found: dict[str, Any] = frame["data"]
    return found
