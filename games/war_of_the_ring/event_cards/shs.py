"""The Events of the Shadow Strategy deck (``shs_01`` … ``shs_24``): one handler per card."""

from __future__ import annotations

from games.core import State, emit

from ..data import FREE, NATIONS_OF, SHADOW
from ..politics import at_war
from .base import EventCard
from .builders import Simple


def _all_shadow_at_war(state: State, side: str) -> bool:
    return all(at_war(state, nation) for nation in NATIONS_OF[SHADOW])


def _day_without_dawn(state: State, side: str) -> None:
    """Discard every unused Free Peoples die showing Will of the West."""
    dice = state["dice"][FREE]
    count = dice["rolled"].count("will")
    dice["rolled"] = [face for face in dice["rolled"] if face != "will"]
    dice["used"] += ["will"] * count  # out of play for this turn, like a used die
    emit(state, "dice_discarded", {"side": FREE, "face": "will", "count": count})


CARDS: tuple[EventCard, ...] = (Simple("shs_04", _day_without_dawn, _all_shadow_at_war),)
