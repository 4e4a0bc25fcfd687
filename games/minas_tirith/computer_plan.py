"""Minas Tirith's ``strong`` level: each side by its plan, Gondor's defence
(:mod:`.computer_gondor`) and Mordor's siege (:mod:`.computer_mordor`); and the trial that
searches on the plans (:class:`PlanSearch`, measured, not offered).

Each plan reads only its seat's view and hands the other side's seat to the rule-based player,
so the combined player plays each seat exactly as that side's plan was measured."""

from __future__ import annotations

from games.core import Action
from games.core.players import Seat

from . import computer_gondor, computer_mordor
from .computer_search import PairedSearch
from .facts import GOOD


class PlanPlayer:
    """Gondor's seat by Gondor's plan, Mordor's by Mordor's."""

    def __init__(self) -> None:
        self.gondor = computer_gondor.GondorPlayer()
        self.mordor = computer_mordor.MordorPlanner()

    def decide(self, seat: Seat) -> Action:
        return (self.gondor if seat.role == GOOD else self.mordor).decide(seat)


class PlanSearch:
    """The paired search on each side's plan (its favourites, playouts and fallback); the
    opponent moves in its playouts as the rule-based player."""

    def __init__(self) -> None:
        self.gondor = PairedSearch(
            computer_gondor.ranked, computer_gondor.playout_action, computer_gondor.GondorPlayer()
        )
        self.mordor = computer_mordor.strong()

    @property
    def fallbacks(self) -> int:
        return self.gondor.fallbacks + self.mordor.fallbacks

    def decide(self, seat: Seat) -> Action:
        return (self.gondor if seat.role == GOOD else self.mordor).decide(seat)
