"""Every Event card's handler, by card id: the four decks' modules list theirs."""

from __future__ import annotations

from .. import dunlendings_card
from . import (
    army_cards_free,
    army_cards_shadow,
    companions,
    corsairs_cards,
    fpc,
    fps,
    hunting,
    muster,
    shc,
    shs,
    tta_cards,
)
from .balrog_card import BalrogIsCome
from .base import EventCard
from .smeagol_card import WeShallGetIt


def _table(*decks: tuple[EventCard, ...]) -> dict[str, EventCard]:
    table: dict[str, EventCard] = {}
    for deck in decks:
        for handler in deck:
            if handler.card in table:
                raise ValueError(f"two handlers for {handler.card}")
            table[handler.card] = handler
    return table


#: ``{card id: handler}``; a card without one cannot be played as an Event.
HANDLERS: dict[str, EventCard] = _table(
    fpc.CARDS,
    fps.CARDS,
    shc.CARDS,
    shs.CARDS,
    companions.CARDS,
    hunting.CARDS,
    army_cards_free.CARDS,
    army_cards_shadow.CARDS,
    muster.CARDS,
    tta_cards.CARDS,  # Twilight of the Third Age (dealt only with the switch ``cards``)
    (dunlendings_card.handler(),),  # the module's Rage of the Dunlendings (shs_11t)
    corsairs_cards.CARDS,  # the module's The Corsairs are Upon Us! and Threats to the Fiefs
    (BalrogIsCome(),),  # A Balrog is Come! (shc_17t), with the Balrog
    (WeShallGetIt(),),  # We Shall Get It, with Sméagol (set aside until he is sacrificed)
)
