"""*We Shall Get It* (Twilight of the Third Age, R-4): the Shadow's card of no deck, set aside at
the start and taken into his hand when Sméagol is sacrificed (:func:`..tta_characters.sacrifice`).
An Event card with a Character icon and no Combat half: played like any card of the hand (a
Character or Event die, §7.2), it goes on the table and does nothing at once; its lasting effect,
the redraw of a Hunt tile while Gollum is the Guide, is asked by the Hunt
(:func:`..tta_characters.offer_we_shall_get_it`, the step ``we_shall_get_it`` of :mod:`..smeagol`).
"""

from __future__ import annotations

from games.core import State
from games.core.flow import Frame

from ..tta_characters import WE_SHALL_GET_IT
from .base import EventCard


class WeShallGetIt(EventCard):
    """A table card with no condition: its effect waits on the table until Gollum guides."""

    card = WE_SHALL_GET_IT

    def can_play(self, state: State, side: str) -> bool:
        return True

    def start(self, state: State, side: str, frame: Frame) -> bool:
        return False
