"""The rule-based computer player of Minas Tirith: the obvious good moves, read from the seat's
view alone (the open hands, the board; never the decks' order or the state).

Mordor marches on the city (an advance is worth the steps it gains toward Minas Tirith, a wall
more), plays and keeps its siege cards, rams the gate, shoots whenever it can and attacks where
it outnumbers the defender; Gondor shoots, mans its empty walls, never strips the city and
strikes only stacks it clearly outnumbers. Both take an action die near 4 (points and cards in
balance), trade every set, send whole armies, rarely move a leader alone, lose their cheapest
battalion and play their reaction cards.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core import Action, View
from games.core.players import Seat

from .board import distance
from .data import UNITS
from .facts import CITY, EVIL, WALLS

#: The action die taken when there is a choice: its pips are points, six minus them are cards
#: (measured against random play: 4 did as well as any other for both sides).
BALANCED_DIE = 4
#: Odds an attack must have (own battalions over the defender's) to be worth its point.
ATTACK_MARGIN = {EVIL: 1, "good": 2}


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
        self.spaces: Mapping[str, Mapping[str, Any]] = view["spaces"]

    def side_of(self, space: str) -> str | None:
        found = self.spaces.get(space, {}).get("side")
        return str(found) if found else None

    def units(self, space: str) -> int:
        return sum(int(n) for n in self.spaces.get(space, {}).get("units", {}).values())

    def leaders(self, space: str) -> int:
        return len(self.spaces.get(space, {}).get("leaders", ()))

    def to_city(self, space: str) -> int:
        steps = distance(space, CITY)
        return 9 if steps is None else steps

    def enemies_near(self, space: str) -> int:
        """Enemy battalions within two steps of ``space``."""
        return sum(
            self.units(other)
            for other in self.spaces
            if self.side_of(other) not in (None, self.role) and (distance(space, other) or 9) <= 2
        )

    def advance(self, start: str, end: str) -> float:
        if self.role == EVIL:
            return 2.0 * (self.to_city(start) - self.to_city(end)) + (3.0 if end in WALLS else 0.0)
        # Gondor: man an empty wall, reinforce a threatened space, never leave the city bare.
        if start == CITY and self.units(CITY) <= 1:
            return -4.0
        gain = 3.0 if end in WALLS and self.units(end) == 0 else 0.0
        return gain + 0.3 * (self.enemies_near(end) - self.enemies_near(start)) - 0.5

    def attack(self, start: str, target: str) -> float:
        odds = self.units(start) - self.units(target) - 2 * self.leaders(target)
        bonus = 2.0 if self.leaders(start) else 0.0
        return 2.0 + odds + bonus if odds >= ATTACK_MARGIN[self.role] else -1.0

    def score(self, action: Action) -> float:
        verb, args = action.verb, action.args
        if verb == "die" and args and args[0].isdigit():  # points and cards in balance
            return -abs(int(args[0]) - BALANCED_DIE)
        if verb in ("advance", "ride") and len(args) == 2:
            return self.advance(args[0], args[1])
        if verb == "attack" and len(args) >= 2:
            return self.attack(args[0], args[1])
        if verb == "send" and len(args) == 2 and args[1].isdigit():
            return 1.0 + int(args[1])
        if verb == "lose" and args:
            unit = UNITS.get(args[0])
            return -float(unit.points if unit else 1)
        if verb in ("play", "keep") and args:
            return _FLAT[verb] + _CARD_VALUE.get(args[0], 0.0)
        if verb == "reward" and len(args) >= 2:  # "reward pick <card>"
            return _FLAT[verb] + 1.0 + _CARD_VALUE.get(args[1], 0.0)
        if verb == "shoot" and args and args[-1].isdigit():
            return _FLAT["shoot"] + int(args[-1])
        return _FLAT.get(verb, 0.0)


#: How much a card is worth having or playing beyond the verb: Mordor's siege cards open the walls
#: and the gate to it, the holders bring battalions.
_CARD_VALUE = {
    "siege_tower": 5.0,
    "storm_ladders": 5.0,
    "grond": 5.0,
    "catapults_of_mordor": 2.0,
    "black_breath": 2.0,
    "mordor_reinforcements": 2.0,
    "haradrim": 2.0,
    "theoden": 2.0,
    "aragorn": 2.0,
    "imrahil": 2.0,
    "muster_of_gondor": 2.0,
    "white_rider": 1.0,
}

#: What the other verbs are worth: a sure gain first, ending the turn only when nothing helps,
#: never cancelling an advance once begun.
_FLAT = {
    "trade": 10.0,
    "load": 6.0,
    "ram": 8.0,
    "shoot": 6.0,
    "enter": 5.0,
    "react": 4.0,
    "play": 3.0,
    "reward": 2.0,
    "exchange": 2.0,
    "go": 1.5,
    "keep": 1.0,
    "done": 0.0,
    "decline": 0.0,
    "lead": -0.5,
    "end": -0.8,
    "leader": -1.5,
    "cancel": -10.0,
}
