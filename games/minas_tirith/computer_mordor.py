"""Mordor's plan for Minas Tirith: the candidate generator and playout policy of the `strong`
level's Mordor (the rule-based `rules` level stays as it is, the yardstick).

The rule-based Mordor marches everything at the city, leaves its leaders behind and storms
wherever it outnumbers the defender. The plan reads the same board (the seat's view, or a
sampled state in a playout) and plays the siege:

* **Fight with the odds.** A land attack is worth its expected captures less its expected
  losses (:func:`battle`: the exact dice, each side's bonus: a leader, a banner of Gondor, the
  Siege Tower against a wall), plus the Witch-king's sixes (they drive Gondor back, or kill
  where it cannot go), less what a six of Gondor costs (the army falls back and the turn ends:
  the points still unspent are lost). Mordor attacks only where that is clearly positive, with
  every die, and after its other actions, since a six of Gondor ends the turn.
* **Leaders march with the army**: a leader left without battalions is removed at the end of the
  turn, and a leader in the fight is worth a third of a battalion a battle.
* **One host, not raids.** An advance is worth joining another Mordor army, reaching a
  stack it can beat, a wall (2 points at the end, and the ladders into the city) or the gate
  with trolls and Grond; it costs where Gondor's stacks next door outnumber the army or its
  archers and catapults can reach a small one. Lone riders no longer gallop into the walls' fire.
* Everything else (the die, the trades, the cards, the shots, the ram) is the rule-based
  player's choice.
"""

from __future__ import annotations

import heapq
from collections.abc import Mapping, Sequence

from games.core import Action, State
from games.core.players import Generator, Seat

from . import computer
from .board import distances
from .computer_odds import odds
from .computer_search import PairedSearch
from .facts import ADJACENT, CITY, EVIL, GATE_SPACE, GOOD, LEADERS, SPACES, UNITS, WALLS

#: A land attack worth less than this (in points, the expected balance) is not made.
ATTACK_FLOOR = 0.15
#: What a six of Gondor costs Mordor's attacking army beyond the turn's lost points: it falls back.
FALL_BACK = 0.6
#: What each action point a six of Gondor wastes (the turn ends) is worth.
POINT_VALUE = 0.35
#: What each six the Witch-king rolls is worth: a good army driven back (or killed when it cannot go).
WITCH_KING_SIX = 0.4
#: The action die Mordor takes when there is a choice (its pips are points, six minus them cards).
DIE = 5
#: What each step gained toward the city is worth to an advance.
PROGRESS = 0.3
#: What each point of a Gondor space's strength (battalions; banner, leader two) adds to the road.
BLOCK = 1.0
#: What parting an army costs an advance (joining one is worth as much).
SPLIT = 1.5
#: An army this small is the target of Gondor's archers and catapults.
SMALL = 4

_STEPS = {space: dict(distances(space)) for space in SPACES}


def battle(
    attackers: int, defenders: int, att_bonus: int, def_bonus: int
) -> tuple[float, float, float, float]:
    """``(attacker's expected losses, defender's, chance of a six of the defender, expected
    sixes of the attacker)`` of one land attack: every throw of the dice counted."""
    fight = odds(attackers, defenders, att_bonus, def_bonus)
    return fight.attacker_lost, fight.defender_lost, fight.defender_any_six, fight.attacker_sixes


class Plan:
    """The board as Mordor reads it, and what each action is worth to its plan."""

    def __init__(
        self,
        units: Mapping[str, Mapping[str, int]],
        leaders: Mapping[str, str],
        cards: frozenset[str],
        points_left: int,
        rules: computer._Context,
        actions: Sequence[Action] = (),
    ) -> None:
        self.board = units
        self.at = leaders
        self.cards = cards
        self.points_left = points_left
        self.rules = rules
        #: The kinds an advance begun may still send (its step's offers).
        self.sendable = frozenset(a.args[0] for a in actions if a.verb == "send" and a.args)
        self._road: dict[str, float] | None = None
        self._sides: dict[str, str | None] = {}
        self._counts: dict[str, int] = {}
        self._leaders_in: dict[str, list[str]] = {}
        for leader, where in leaders.items():
            self._leaders_in.setdefault(where, []).append(leader)

    def side_of(self, space: str) -> str | None:
        if space not in self._sides:
            here = self.board.get(space, {})
            self._sides[space] = next((UNITS[kind].side for kind, n in here.items() if n), None)
        return self._sides[space]

    def units(self, space: str) -> int:
        if space not in self._counts:
            self._counts[space] = sum(int(n) for n in self.board.get(space, {}).values())
        return self._counts[space]

    def leaders_of(self, space: str, side: str) -> list[str]:
        return [leader for leader in self._leaders_in.get(space, ()) if LEADERS[leader].side == side]

    def cheapest(self, space: str) -> int:
        here = self.board.get(space, {})
        return min((UNITS[kind].points for kind, n in here.items() if n), default=1)

    def score(self, action: Action) -> float:
        verb, args = action.verb, action.args
        if verb == "attack" and len(args) == 3:
            return self.attack(args[0], args[1], int(args[2]))
        if verb in ("advance", "ride") and len(args) == 2:
            return self.advance(args[0], args[1], ride=verb == "ride")
        if verb == "lead" and args:
            return 20.0 if self.follows(args[0]) else -2.0
        if verb == "die" and args and args[0].isdigit():
            return -abs(int(args[0]) - DIE)
        return self.rules.score(action)

    def follows(self, leader: str) -> bool:
        """Whether ``leader`` goes with the battalions about to move (asked before any is
        sent: the kinds offered are those that may go, and all of them go): he goes with
        the larger part, and never stays alone."""
        start = self.at.get(leader, "")
        here = self.board.get(start, {})
        going = sum(n for kind, n in here.items() if kind in self.sendable)
        return going >= self.units(start) - going

    def attack_value(self, start: str, target: str, attackers: int) -> float:
        """The attack's expected balance in points (see the module's docstring)."""
        defenders = self.units(target)
        if defenders <= 0:
            return -1.0
        own_leaders = self.leaders_of(start, EVIL)
        att_bonus = (1 if own_leaders else 0) + (1 if target in WALLS and "siege_tower" in self.cards else 0)
        good_leaders = self.leaders_of(target, GOOD)
        def_bonus = (1 if good_leaders else 0) + (1 if SPACES[target].banner else 0)
        lost_att, lost_def, six, sixes = battle(attackers, 1 if defenders == 1 else 2, att_bonus, def_bonus)
        value = lost_def * self.cheapest(target) - lost_att * self.cheapest(start)
        if defenders == 1 and good_leaders:
            value += 5.0 * lost_def  # the last battalion falls: the leader is captured
        if "witch_king" in own_leaders:
            value += WITCH_KING_SIX * sixes
        if target in WALLS:
            value += 1.0 * lost_def / defenders  # a wall taken: 2 points, the ladders into the city
        value -= six * (FALL_BACK + POINT_VALUE * max(0, self.points_left - 1))
        if own_leaders and self.units(start) - lost_att < 2:
            value -= 2.0  # a leader left with one battalion is Gondor's next capture
        return value

    def attack(self, start: str, target: str, attackers: int) -> float:
        value = self.attack_value(start, target, attackers)
        if value < ATTACK_FLOOR:
            return -2.0  # below ending the turn
        return 1.0 + 2.0 * value + 0.2 * attackers

    def advance(self, start: str, end: str, *, ride: bool) -> float:
        here = self.board.get(start, {})
        moving = sum(n for kind, n in here.items() if not ride or UNITS[kind].cls == "cavalry")
        if end == CITY:
            return 100.0
        joined = self.units(end) if self.side_of(end) == EVIL else 0
        army = moving + joined
        road = self.road()
        value = PROGRESS * (road.get(start, 20.0) - road.get(end, 20.0))
        if joined:
            value += 1.5
        if end in WALLS:
            value += 4.0
        if end == GATE_SPACE and "grond" in self.cards and here.get("trolls") and not ride:
            value += 3.0
        value += self.prospects(end, army) - self.prospects(start, self.units(start))
        value -= self.danger(end, army)
        if moving < self.units(start):
            value -= SPLIT  # the army parts: as much as joining is worth, or riders go and come back
            if self.leaders_of(start, EVIL) and self.units(start) - moving < 2:
                value -= 1.0
        return value - 0.5

    def road(self) -> dict[str, float]:
        """Each space's cost to the city for Mordor: a step each, and a space Gondor holds costs
        its strength besides (its battalions, two for a banner or a leader), so the host goes
        round a fort it cannot take rather than wait before it."""
        if self._road is None:
            cost = {CITY: 0.0}
            frontier = [(0.0, CITY)]
            while frontier:
                here_cost, here = heapq.heappop(frontier)
                if here_cost > cost[here]:
                    continue
                # the step from ``other`` into ``here`` costs what Mordor meets in ``here``
                step = 1.0 + (BLOCK * self.strength(here) if self.side_of(here) == GOOD else 0.0)
                for other in ADJACENT[here]:
                    if here_cost + step < cost.get(other, 1e9):
                        cost[other] = here_cost + step
                        heapq.heappush(frontier, (cost[other], other))
            self._road = cost
        return self._road

    def strength(self, space: str) -> int:
        bonus = len(self.leaders_of(space, GOOD)) + (1 if SPACES[space].banner else 0)
        return self.units(space) + 2 * bonus

    def prospects(self, space: str, army: int) -> float:
        """What an army of ``army`` battalions in ``space`` may attack next: the best odds next door."""
        best = 0.0
        for other in ADJACENT[space]:
            if self.side_of(other) != GOOD:
                continue
            bonus = len(self.leaders_of(other, GOOD)) + (1 if SPACES[other].banner else 0)
            edge = army - self.units(other) - 2 * bonus
            best = max(best, 0.3 * min(edge, 4))
        return best

    def danger(self, space: str, army: int) -> float:
        """What ``army`` battalions in ``space`` risk from Gondor: stacks next door that outnumber
        them, archers and catapults in reach of a small army."""
        risk = 0.0
        for other in ADJACENT[space]:
            if self.side_of(other) == GOOD and self.units(other) - army >= 2:
                risk += 2.0
        if army < SMALL:
            steps = _STEPS[space]
            for other, here in self.board.items():
                if self.side_of(other) != GOOD:
                    continue
                reach = steps.get(other, 9)
                shooters = sum(n for kind, n in here.items() if UNITS[kind].shooter)
                if reach <= 2:
                    risk += 0.3 * min(3, shooters)
                if other in WALLS and reach <= 3:
                    risk += 0.3
        return risk


def _plan_of_view(seat: Seat) -> Plan:
    view = seat.view
    spaces = view["spaces"]
    return Plan(
        {space: here["units"] for space, here in spaces.items()},
        dict(view["leaders"]),
        frozenset(card["id"] for card in view["players"][EVIL]["mt_cards"]),
        int(view["points_left"] or 0),
        computer._view_context(seat),
        seat.actions,
    )


def _plan_of_state(state: State, actions: Sequence[Action]) -> Plan:
    leaders = {space: 0 for space in state["units"]}
    for where in state["leaders"].values():
        if where in leaders:
            leaders[where] += 1
    return Plan(
        state["units"],
        state["leaders"],
        frozenset(entry["id"] for entry in state["mt"][EVIL]),
        int(state["turn"]["points"]),
        computer._Context(state["units"], leaders, EVIL),
        actions,
    )


class MordorPlanner:
    """Mordor by the plan (Gondor, should it sit there, by the rule-based player)."""

    def __init__(self) -> None:
        self.rules = computer.RuleBasedPlayer()

    def decide(self, seat: Seat) -> Action:
        if seat.role != EVIL:
            return self.rules.decide(seat)
        rng = seat.rng()
        plan = _plan_of_view(seat)
        scored = [(plan.score(a) + rng.random() * 0.5, i) for i, a in enumerate(seat.actions)]
        return seat.actions[max(scored)[1]]


def ranked(seat: Seat, actions: Sequence[Action]) -> list[tuple[float, Action]]:
    """``actions`` by the plan's scores (Gondor's by the rules), best first, without noise."""
    if seat.role != EVIL:
        return computer.ranked(seat, actions)
    plan = _plan_of_view(seat)
    return sorted(((plan.score(a), a) for a in strongest(actions)), key=lambda pair: -pair[0])


def strongest(actions: Sequence[Action]) -> list[Action]:
    """``actions`` without the attacks and shots with fewer dice than another of the same
    spaces offers: the plan always throws every die, so a search weighs ideas, not counts."""
    most: dict[tuple[str, str, str], int] = {}
    for action in actions:
        if action.verb in ("attack", "shoot") and len(action.args) == 3 and action.args[2].isdigit():
            key = (action.verb, action.args[0], action.args[1])
            most[key] = max(most.get(key, 0), int(action.args[2]))
    return [
        action
        for action in actions
        if action.verb not in ("attack", "shoot")
        or len(action.args) != 3
        or not action.args[2].isdigit()
        or int(action.args[2]) == most[(action.verb, action.args[0], action.args[1])]
    ]


def playout_action(state: State, role: str, actions: Sequence[Action], rng: Generator) -> Action:
    """Mordor's choice by the plan read from a (sampled) state, Gondor's by the rules."""
    if role != EVIL:
        return computer.playout_action(state, role, actions, rng)
    plan = _plan_of_state(state, actions)
    return max(actions, key=lambda a: plan.score(a) + rng.random() * 0.5)


def strong() -> PairedSearch:
    """The paired search with Mordor's plan as its candidates, its fallback and its playouts'
    Mordor (Gondor as :class:`~.computer_search.PairedSearch` plays it)."""
    return PairedSearch(ranked=ranked, playout=playout_action, fallback=MordorPlanner())
