"""The Events of the Shadow Character deck (``shc_01`` … ``shc_24``): one handler per card."""

from __future__ import annotations

from .base import EventCard

CARDS: tuple[EventCard, ...] = ()
