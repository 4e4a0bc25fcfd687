"""The rule-based computer player of Minas Tirith: the obvious good moves, read from the seat's
view alone (the open hands, the board; never the decks' order or the state).

Mordor marches on the city (an advance is worth the steps it gains toward Minas Tirith, a wall
more), plays and keeps its siege cards, rams the gate, shoots whenever it can and attacks where
it outnumbers the defender (a leader or a banner of Gondor there counted as one more); Gondor
shoots, mans its empty walls, never strips the city and strikes only stacks it clearly
outnumbers. Both attack with every die they may, take an action
die near 4 (Mordor 5: more points, fewer cards), trade every set, send whole armies, rarely move
a leader alone, lose their cheapest battalion and play their reaction cards.

:func:`determinize` samples what no seat can see (the two decks' order and which reinforcement
cards are spent, a new PRNG) and builds the state through the game's positions; with
:func:`playout_action` (the rule-based choice read from a state) and :func:`evaluate` (the lead
on points and :func:`siege`, what the board promises Mordor beyond them) it is the ground of the
searches: :func:`search_player` (UCB1 over new samples) and :mod:`.computer_search` (the rules'
favourites compared on common samples). Neither is offered yet: the paired one beats the
rule-based player, not yet by 65 % as Mordor (docs/computer-players.md).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from games.core import Action, InvalidPosition, State, View
from games.core.players import CannotSample, Generator, SearchPlayer, Seat

from . import victory
from .board import distances
from .data import UNITS
from .facts import CITY, EVIL, GOOD, MT_DECK, REINFORCEMENT_DECK, SIDES, SPACES, WALLS
from .positions import from_position
from .ruleset import MinasTirith

RULESET = MinasTirith()

#: The action die taken when there is a choice: its pips are points, six minus them are cards
#: (measured against random play, 100 games a die: Gondor wins most near 4, Mordor near 5).
BALANCED_DIE = {GOOD: 4, EVIL: 5}
#: Odds an attack must have (own battalions over the defender's) to be worth its point.
ATTACK_MARGIN = {EVIL: 1, GOOD: 2}
#: What a leader (or, against Mordor, a banner of Gondor) in the defending space costs the odds.
ATTACK_GUARD = {EVIL: 1, GOOD: 2}
#: An attack worth making, before its odds.
ATTACK_BASE = {EVIL: 2.0, GOOD: 2.0}
#: Actions a search weighs at a decision: the rule-based player's favourites.
CANDIDATES = 4
#: Actions a search's playout runs (moved by the rule-based player) before :func:`evaluate`.
PLAYOUT_LIMIT = 40
#: Points a Mordor battalion next to the city is worth to :func:`evaluate` (half two steps off).
THREAT = 0.5
#: Points a blow on the gate is worth to :func:`siege` (the third breaks it: 3 points, and the way in).
GATE_BLOW = 1.0
#: Points Mordor's lasting siege cards are worth to :func:`siege` while in front of it.
SIEGE_CARDS = {"siege_tower": 2.0, "storm_ladders": 1.5, "grond": 1.5}
#: Points a battalion waiting on a holder card is worth to :func:`siege` (it enters for 1 action).
WAITING = 0.4
#: Points the danger of a second captured evil leader (Gondor's win) costs Mordor in :func:`siege`.
LAST_LEADER = 3.0
#: The evaluation's spread in points: the base, plus this much more with the whole deck to draw.
EVALUATION_SCALE = (3.0, 8.0)


class RuleBasedPlayer:
    """Scores each legal action from the view; a small random term breaks ties."""

    def decide(self, seat: Seat) -> Action:
        rng = seat.rng()
        context = _view_context(seat)
        scored = [(context.score(a) + rng.random() * 0.5, i) for i, a in enumerate(seat.actions)]
        return seat.actions[max(scored)[1]]


def search_player(noise: float = 0.0) -> SearchPlayer:
    """The search this module grounds: the rule-based player's favourites tried on sampled
    states, played on by the rule-based player and judged by :func:`evaluate`."""
    return SearchPlayer(
        RULESET,
        determinize,
        RuleBasedPlayer(),
        noise=noise,
        playout_limit=PLAYOUT_LIMIT,
        evaluate=evaluate,
        playout=playout_action,
        consider=considered,
        narrow=narrowed,
    )


def narrowed(seat: Seat, actions: tuple[Action, ...]) -> tuple[Action, ...]:
    """The :data:`CANDIDATES` actions the rule-based player likes best: what a search tries."""
    return tuple(action for _, action in ranked(seat, actions)[:CANDIDATES])


def ranked(seat: Seat, actions: Sequence[Action]) -> list[tuple[float, Action]]:
    """``actions`` with the rule-based player's scores (no tie-breaking noise), best first."""
    context = _view_context(seat)
    return sorted(((context.score(a), a) for a in actions), key=lambda pair: -pair[0])


def _view_context(seat: Seat) -> _Context:
    spaces = seat.view["spaces"]
    return _Context(
        {space: here["units"] for space, here in spaces.items()},
        {space: len(here["leaders"]) for space, here in spaces.items()},
        seat.role,
    )


def playout_action(state: State, role: str, actions: Sequence[Action], rng: Generator) -> Action:
    """The rule-based choice read straight from a (sampled) state: the search's playouts."""
    here = state["leaders"]
    leaders = {space: 0 for space in state["units"]}
    for where in here.values():
        if where in leaders:
            leaders[where] += 1
    context = _Context(state["units"], leaders, role)
    return max(actions, key=lambda a: context.score(a) + rng.random() * 0.5)


#: Each space's steps to the city, and the spaces within two steps of it (counted once).
_TO_CITY = {space: steps for space, steps in distances(CITY).items()}
_NEAR = {space: tuple(other for other, steps in distances(space).items() if steps <= 2) for space in SPACES}


class _Context:
    """The board as one side reads it; sides and threats are counted once per decision."""

    def __init__(self, units: Mapping[str, Mapping[str, int]], leaders: Mapping[str, int], role: str) -> None:
        self.role = role
        self.board = units
        self.leader_counts = leaders
        self._sides: dict[str, str | None] = {}
        self._near: dict[str, int] = {}

    def side_of(self, space: str) -> str | None:
        if space not in self._sides:
            self._sides[space] = next((UNITS[kind].side for kind in self.board.get(space, {})), None)
        return self._sides[space]

    def units(self, space: str) -> int:
        return sum(int(n) for n in self.board.get(space, {}).values())

    def leaders(self, space: str) -> int:
        return int(self.leader_counts.get(space, 0))

    def to_city(self, space: str) -> int:
        return _TO_CITY.get(space, 9)

    def enemies_near(self, space: str) -> int:
        """Enemy battalions within two steps of ``space``."""
        if space not in self._near:
            board = self.board
            self._near[space] = sum(
                self.units(other)
                for other in _NEAR[space]
                if other in board and self.side_of(other) not in (None, self.role)
            )
        return self._near[space]

    def advance(self, start: str, end: str) -> float:
        if self.role == EVIL:
            return 2.0 * (self.to_city(start) - self.to_city(end)) + (3.0 if end in WALLS else 0.0)
        # Gondor: man an empty wall, reinforce a threatened space, never leave the city bare.
        if start == CITY and self.units(CITY) <= 1:
            return -4.0
        gain = 3.0 if end in WALLS and self.units(end) == 0 else 0.0
        return gain + 0.3 * (self.enemies_near(end) - self.enemies_near(start)) - 0.5

    def attack(self, start: str, target: str, attackers: int) -> float:
        guard = self.leaders(target) + (1 if self.role == EVIL and SPACES[target].banner else 0)
        odds = self.units(start) - self.units(target) - ATTACK_GUARD[self.role] * guard
        bonus = 2.0 if self.leaders(start) else 0.0
        if odds < ATTACK_MARGIN[self.role]:
            return -1.0
        return ATTACK_BASE[self.role] + odds + bonus + 0.5 * attackers  # with every die it may

    def score(self, action: Action) -> float:
        verb, args = action.verb, action.args
        if verb == "die" and args and args[0].isdigit():  # points and cards in balance
            return -abs(int(args[0]) - BALANCED_DIE[self.role])
        if verb in ("advance", "ride") and len(args) == 2:
            return self.advance(args[0], args[1])
        if verb == "attack" and len(args) >= 2:
            attackers = int(args[2]) if len(args) > 2 and args[2].isdigit() else 1
            return self.attack(args[0], args[1], attackers)
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


def evaluate(state: State, role: str) -> float:
    """How well ``role`` stands in a playout cut short, in ``[0, 1]``: Mordor's lead on points
    (a tie goes to Gondor) plus its siege (:func:`siege`), judged against the cards still to
    draw (the deck's end ends the game, so a lead counts more as it nears)."""
    lead = victory.points(state, EVIL) - victory.points(state, GOOD) - 0.5 + siege(state)
    left = len(state["decks"]["reinforcements"]) / len(REINFORCEMENT_DECK)
    evil = 1.0 / (1.0 + math.exp(-lead / (EVALUATION_SCALE[0] + EVALUATION_SCALE[1] * left)))
    return evil if role == EVIL else 1.0 - evil


def siege(state: State) -> float:
    """What the board promises beyond the points, in points (Mordor's gain, Gondor's loss):
    Mordor's battalions at the city's door, the blows on the gate, the cards that open the
    walls and the gate to it, each side's battalions waiting on its cards; less the danger of
    a second captured leader (Gondor's win)."""
    promise = 0.0
    for space, here in state["units"].items():
        if here and UNITS[next(iter(here))].side == EVIL:
            steps = _TO_CITY.get(space)
            if steps is not None and steps <= 2:
                promise += THREAT * sum(here.values()) / steps
    if not state["gate"]["broken"]:
        promise += GATE_BLOW * int(state["gate"]["blows"])
    for entry in state["mt"][EVIL]:
        promise += SIEGE_CARDS.get(entry["id"], 0.0) + WAITING * sum(entry["holds"].values())
    for entry in state["mt"][GOOD]:
        promise -= WAITING * sum(entry["holds"].values())
    if victory.evil_leaders_captured(state) >= 1:
        promise -= LAST_LEADER
    return promise


def considered(action: Action) -> bool:
    """Whether the search weighs ``action``: cancelling an advance begun changes nothing and
    can be done again, so it is left to the rule-based player."""
    return action.verb != "cancel"


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


#: The view's phases a position describes, by the position's names.
_PHASES = {"choose_die": "die", "trade": "trade", "actions": "act"}


def determinize(view: View, rng: Generator) -> State:
    """A full state the seat of ``view`` cannot tell from the real one: the hands, the board and
    the cards in front are open, so only the decks are dealt (the reinforcement cards in no hand
    split at random between the deck and the spent pile, the Minas Tirith deck shuffled) and the
    PRNG is new. Positions describe the moments between steps: with a step open (an advance
    being sent, a casualty or reaction in a battle) the sample stands at the step's start, whose
    legal actions differ from the seat's, and the search leaves that decision to the rule-based
    player. A finished game is refused."""
    phase = _PHASES.get(str(view["phase"]))
    if phase is None or view["result"] is not None or view["current"] is None:
        raise CannotSample("the game is over")
    players = view["players"]
    hands = {side: [c["id"] for c in players[side]["hand"]] for side in SIDES}
    fronts = {
        side: [{"id": c["id"], "holds": dict(c["holds"])} for c in players[side]["mt_cards"]]
        for side in SIDES
    }
    decks = view["decks"]
    unseen = [c for c in REINFORCEMENT_DECK if c not in hands[GOOD] + hands[EVIL]]
    rng.shuffle(unseen)
    count = int(decks["reinforcements"])
    aside = list(decks["put_aside_mt"])
    placed = aside + [e["id"] for side in SIDES for e in fronts[side]]
    mt_unseen = [c for c in MT_DECK if c not in placed]
    rng.shuffle(mt_unseen)
    turn = view["turn"]
    position = {
        "options": dict(view["options"]),
        "round": view["round"],
        "dice": {k: list(v) for k, v in view["dice"].items()},
        "turn": {
            "role": view["current"],
            "in_round": view["turn_in_round"],
            "phase": phase,
            "die": turn["die"],
            "points": view["points_left"],
            "special_used": turn["special_used"],
            "no_fight": list(turn["no_fight"]),
            "shot": dict(turn["shot"]),
            "catapults": list(view["catapults_used"]),
        },
        "units": {space: dict(here["units"]) for space, here in view["spaces"].items() if here["units"]},
        "leaders": dict(view["leaders"]),
        "gate": dict(view["gate"]),
        "hands": hands,
        "mt_cards": fronts,
        "decks": {
            "reinforcements": unseen[:count],
            "used": unseen[count:],
            "mt": mt_unseen[: int(decks["mt"])],
            "aside": aside + mt_unseen[int(decks["mt"]) :],
        },
        "captured": {side: dict(players[side]["captured"]) for side in SIDES},
        "deck_out": count == 0,
        "last": view["last"],
        "seed": rng.bits(63),
    }
    try:
        return from_position(str(view["game"]), position)
    except InvalidPosition as exc:
        raise CannotSample(str(exc)) from exc
