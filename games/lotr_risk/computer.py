"""The rule-based computer player of LOTR Risk: the obvious good moves, read from the seat's view
alone (no search yet: sampling a full state from a view is the next step).

It places reinforcements on its borders, attacks where it outnumbers the defender, rolls and
defends with every die it may, advances everything, and ends its fortification at once.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core import Action, View
from games.core.players import Seat

from .board import geometry

#: Battalions an attack must have beyond the defender's to be worth it.
MARGIN = 2


class RuleBasedPlayer:
    """Scores each legal action from the view; a small random term breaks ties."""

    def decide(self, seat: Seat) -> Action:
        rng = seat.rng()
        context = _Context(seat.view, seat.role)
        scored = [(context.score(a) + rng.random() * 0.5, i) for i, a in enumerate(seat.actions)]
        return seat.actions[max(scored)[1]]


class _Context:
    def __init__(self, view: View, role: str) -> None:
        self.role = role
        self.land: Mapping[str, Mapping[str, Any]] = {t["id"]: t for t in view["territories"]}
        self.geometry = geometry(view["edition"])

    def border(self, territory: str) -> int:
        """Enemy (or neutral) territories next to ``territory``."""
        return sum(
            1
            for other in self.geometry.neighbours.get(territory, ())
            if other in self.land and self.land[other]["owner"] != self.role
        )

    def troops(self, territory: str) -> int:
        return int(self.land[territory]["troops"]) if territory in self.land else 0

    def score(self, action: Action) -> float:
        verb, args = action.verb, action.args
        if verb == "attack" and len(args) == 2:
            return float(self.troops(args[0]) - self.troops(args[1]) - MARGIN)
        if verb in ("roll", "defend", "advance") and args and args[-1].isdigit():
            return float(args[-1])
        if verb == "until":
            return -5.0
        if verb == "place" and len(args) == 2 and args[1].isdigit():
            return float(args[1]) + 3.0 * min(self.border(args[0]), 3)
        if verb == "claim" and args:
            return float(self.border(args[0]))
        if verb == "done":
            return 5.0
        if verb in ("from", "to"):
            return -5.0
        return 0.0
