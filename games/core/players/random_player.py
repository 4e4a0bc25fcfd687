"""The uniformly random player: the floor every other level must beat."""

from __future__ import annotations

from ..actions import Action
from .contract import Seat


class RandomPlayer:
    """Any legal action, each as likely, drawn from the seat's own generator."""

    def decide(self, seat: Seat) -> Action:
        return seat.rng().choice(seat.actions)
