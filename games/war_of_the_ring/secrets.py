"""What each side must never see of the other: the cards in hand (and those discarded face down),
and what is left in the decks (it tells what was drawn). The board itself is public."""

from __future__ import annotations

from games.core import State
from games.core.i18n import TRANSLATED

from .data import CARDS, SET_ASIDE_CARDS
from .i18n import card_name, speaking


def secrets(state: State, role: str) -> set[str]:
    """Names (in every language) and ids of ``role``'s hidden cards (those the opponent has not
    seen played). A card set aside (We Shall Get It) is not one: the table saw it go into the
    Shadow's hand."""
    hidden = [c for c in (*state["hands"][role], *state["discards"][role]) if c not in SET_ASIDE_CARDS]
    found: set[str] = set()
    for card in hidden:
        found.add(card)
        found.add(CARDS[card].name)
        for lang in TRANSLATED:
            with speaking(lang):
                found.add(card_name(card))
    return found
