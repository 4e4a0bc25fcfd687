"""The Events of the Free Peoples Character deck (``fpc_01`` … ``fpc_24``): one handler per card."""

from __future__ import annotations

from games.core import State

from ..fellowship import heal
from .base import EventCard
from .builders import Simple


def _bilbos_song(state: State, side: str) -> None:
    """Heal 1 Corruption (2 if Gollum is the Guide)."""
    heal(state, 2 if state["fellowship"]["guide"] == "gollum" else 1, "fpc_12")


CARDS: tuple[EventCard, ...] = (Simple("fpc_12", _bilbos_song),)
