"""*A Balrog is Come!* (``shc_17t``, Twilight of the Third Age): the replacement of Balrog of
Moria when the Balrog is in the game (D3). Play on the table if the Balrog is in play; its lasting
effects are read where they apply — the Balrog moves 2 regions while it lies there
(:func:`..tta_characters.minion_steps`), the Free Peoples' discards and the Balrog's fall away
from Moria are in :mod:`..balrog` — and its Combat half is Durin's Bane, unchanged.

The card's data is among the Twilight cards of ``data.CARDS``; the handler is listed in
:data:`.registry.HANDLERS`.
"""

from __future__ import annotations

from games.core import State
from games.core.flow import Frame

from ..tta_characters import BALROG, BALROG_IS_COME
from .base import EventCard


class BalrogIsCome(EventCard):
    """A table card: playing it puts it on the table, nothing more happens at once."""

    card = BALROG_IS_COME

    def can_play(self, state: State, side: str) -> bool:
        return BALROG in state["characters"]

    def start(self, state: State, side: str, frame: Frame) -> bool:
        return False
