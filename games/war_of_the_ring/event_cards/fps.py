"""The Events of the Free Peoples Strategy deck (``fps_01`` … ``fps_24``): one handler per card."""

from __future__ import annotations

from .base import EventCard

CARDS: tuple[EventCard, ...] = ()
