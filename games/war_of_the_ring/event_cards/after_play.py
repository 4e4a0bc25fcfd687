"""What happens after an Event card played with an Event die (the die's own reward, not the
card's): Gandalf the Grey as Guide draws a card of the same deck (§9.2, The Grey Wanderer), and
The Palantír of Orthanc on the table lets the Shadow draw one more card from either deck. Then
the hand limit (§7.1). Run by the procedure ``event`` once the card's Event is over.

Frame keys: ``die`` (the face that played the card), ``after`` (the rewards still to give).
"""

from __future__ import annotations

from games.core import Action, State
from games.core.flow import Frame

from ..card_piles import on_table
from ..data import CARDS, FREE, SHADOW
from ..i18n import mark
from .base import ask
from .builders import draw_cards, hand_limit
from .words import card, tr

PALANTIR = "shc_21"
DECK_WORDS = {
    "character": mark("Draw from your Character deck"),
    "strategy": mark("Draw from your Strategy deck"),
}


def rewards(state: State, side: str, card: str, die: str) -> list[str]:
    """The draws owed for playing ``card`` with a die of ``die``."""
    if die != "event":
        return []
    found = []
    if side == FREE and state["fellowship"]["guide"] == "gandalf_grey":
        found.append("grey_wanderer")
    if side == SHADOW and card != PALANTIR and on_table(state, PALANTIR):
        found.append("palantir")
    return found


def decks_left(state: State, side: str) -> list[str]:
    return [deck for deck in ("character", "strategy") if state["decks"][f"{side}_{deck}"]]


def conclude(state: State, frame: Frame) -> bool:
    """The card's Event is over: the rewards of its die, then the hand limit; whether it waits."""
    frame["phase"] = "after"
    frame["after"] = rewards(state, frame["side"], frame["card"], frame.get("die", ""))
    return give(state, frame)


def give(state: State, frame: Frame) -> bool:
    """Give the rewards still owed, then check the hand limit; whether it waits (a question or
    the procedure ``discard_down``)."""
    side = frame["side"]
    owed: list[str] = frame["after"]
    while owed:
        reward = owed.pop(0)
        if reward == "grey_wanderer":
            draw_cards(state, side, CARDS[frame["card"]].kind, 1)
            continue
        decks = decks_left(state, side)
        if len(decks) == 2:
            options = [(Action("deck", (d,)), tr(DECK_WORDS[d])) for d in decks]
            return ask(
                frame,
                side,
                "after:palantir",
                options,
                card(PALANTIR),
                tr("{card}: draw one more card, from either of your decks.", card=card(PALANTIR)),
            )
        if decks:
            draw_cards(state, side, decks[0], 1)
    frame["phase"] = "limit"
    return hand_limit(state, side)


def chosen(state: State, frame: Frame, action: Action) -> bool:
    """The deck chosen for the Palantír's card; then the rest."""
    draw_cards(state, frame["side"], action.args[0], 1)
    return give(state, frame)
