"""Gondor's defensive plan for Minas Tirith's strong level: where its battalions stand safe,
when a strike pays, and what a board is worth to the defender.

Why the rule-based Gondor loses to a random Mordor (200 games read, seeds 3000 on): every loss
is on points, and in the lost games Mordor's random attacks win it more points than they cost
it, because Gondor leaves single battalions on open ground (the screen on the Rammas, the
stacks it walks toward the enemy), where an attack with three dice against one wins; its own
strikes there lose as much as they take. A stack of two or more on a banner space, with a
leader, is the reverse: each attack on it costs Mordor more than Gondor, and every six Gondor
rolls drives the attackers back and ends Mordor's turn. A tie on points is Gondor's, so a
Gondor that loses nothing wins.

So this player scores each legal action from the board (:class:`Board`, read from a seat's
view or from a sampled state): an advance is worth what it changes in the two spaces it
touches (:func:`space_value`: a space's hold -- a wall manned, the city guarded, a banner --
less its **exposure**, what the strongest evil attack on it is expected to win from the exact
dice odds of :func:`odds`, and its **leaders' risk**, :func:`leader_risk`); a leader moves
alone to where he is safer and goes with his army when all of it goes; an attack is worth its
expected points (a captured evil leader five, the second one the game) and is made only above
:data:`ATTACK_EDGE`. The other verbs have flat worths like the rule-based player's, and
Mordor's seat is the rule-based player's (:mod:`.computer`). :class:`GondorPlayer`,
:func:`ranked` and :func:`playout_action` are the plan as a player, as the paired search's
favourites and as its playouts (:mod:`.computer_search`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache

from games.core import Action, State, View
from games.core.players import Generator, Seat

from . import computer
from .computer_odds import Odds, odds
from .facts import ADJACENT, CITY, DISTANCES, EVIL, GOOD, LEADERS, LINK_OF, SPACES, UNITS, WALLS

#: Points a captured evil leader is worth beyond his 5 when it is the second: Gondor's win.
WINNING_LEADER = 30.0
#: Points a good leader is worth to Gondor on the board (his +1 to the defence) beyond his 5.
LEADER_CAPTURE = 5.0
#: Expected points an attack must win to be made.
ATTACK_EDGE = 0.3
#: What an expected Gondor six is worth in a fight (the evil army is driven back; in Mordor's turn
#: its turn ends).
SIX = 0.2
#: The attacks Mordor is reckoned to make on one space in a turn (:func:`leader_risk`).
ASSAULTS = 3
#: What an expected Gondor six is worth in its own attack (the evil army is driven back).
ATTACK_SIX = 0.2
#: A wall section manned while Mordor can climb (it scores 2 to Mordor, and opens the city).
WALL_HELD = 4.0
#: A wall manned otherwise (its catapult shoots).
CATAPULT = 0.8
#: A banner space held (its +1 to the defence, whoever comes).
BANNER = 0.3
#: The city needs this many battalions; each one short costs this much.
CITY_GUARD = (2, 6.0)
#: An advance that changes nothing costs this (an action point spent shuffling).
SHUFFLE = 0.2
#: What a leader's move alone costs beyond :data:`SHUFFLE` (his colour may part him from another).
LEADER_MOVE = 0.3
#: The flat worth of the verbs this player does not weigh itself (as the rule-based player's).
FLAT = {
    "trade": 10.0,
    "load": 6.0,
    "shoot": 6.0,
    "enter": 5.0,
    "react": 4.0,
    "play": 3.0,
    "reward": 2.0,
    "go": 1.5,
    "keep": 1.0,
    "done": 0.0,
    "decline": 0.0,
    "end": -0.1,
    "cancel": -10.0,
}
#: Gondor's cards beyond the verb (the holders bring battalions, Muster two more).
CARD_VALUE = {"theoden": 2.0, "aragorn": 2.0, "imrahil": 2.0, "muster_of_gondor": 2.0, "white_rider": 1.0}
#: The random term that breaks ties between actions scored alike.
TIE_NOISE = 0.1
#: The die Gondor takes when it has a choice (pips are points, six minus them cards).
DIE = 4


@dataclass
class Board:
    """What Gondor reads: the battalions and leaders by space, whether Mordor can climb the
    walls, whether the gate is broken, how many evil leaders Gondor has taken."""

    units: Mapping[str, Mapping[str, int]]
    leaders: Mapping[str, Sequence[str]]
    climb: bool
    gate_broken: bool
    evil_leaders_taken: int
    #: What :func:`space_value` and :meth:`side` found, by their arguments (a board is read
    #: for one decision: nothing changes under it).
    values: dict[tuple[str, int, int], float] = field(default_factory=dict)
    sides: dict[str, str | None] = field(default_factory=dict)

    def count(self, space: str) -> int:
        return sum(int(n) for n in self.units.get(space, {}).values())

    def side(self, space: str) -> str | None:
        if space in self.sides:
            return self.sides[space]
        here = self.units.get(space)
        found = UNITS[next(iter(here))].side if here else None
        self.sides[space] = found
        return found

    def leaders_of(self, space: str, side: str) -> int:
        return sum(1 for x in self.leaders.get(space, ()) if LEADERS_SIDE[x] == side)

    def cheapest(self, space: str, kinds: Sequence[str] | None = None) -> int:
        here = self.units.get(space, {})
        return min(
            (UNITS[k].points for k, n in here.items() if n and (kinds is None or k in kinds)), default=1
        )


LEADERS_SIDE = {x: LEADERS[x].side for x in LEADERS}
#: The spaces two border steps from each space (where an army comes from in one advance).
NEAR_TWO = {
    space: tuple(
        far
        for near in ADJACENT[space]
        if LINK_OF[(space, near)] == "border"
        for far in ADJACENT[near]
        if LINK_OF[(near, far)] == "border" and far != space and far not in ADJACENT[space]
    )
    for space in SPACES
}
#: Mordor's cards that let its infantry climb the walls.
CLIMBING = frozenset({"siege_tower", "storm_ladders"})


def board_from_view(view: View) -> Board:
    spaces = view["spaces"]
    players = view["players"]
    evil_cards = {str(c["id"]) for c in players[EVIL]["mt_cards"]}
    captured = players[GOOD]["captured"]
    return Board(
        {s: here["units"] for s, here in spaces.items()},
        {s: here["leaders"] for s, here in spaces.items()},
        bool(evil_cards & CLIMBING),
        bool(view["gate"]["broken"]),
        sum(int(n) for what, n in captured.items() if what in LEADERS),
    )


def board_from_state(state: State) -> Board:
    leaders: dict[str, list[str]] = {}
    for leader, where in state["leaders"].items():
        leaders.setdefault(where, []).append(leader)
    evil_cards = {e["id"] for e in state["mt"][EVIL]}
    return Board(
        state["units"],
        leaders,
        bool(evil_cards & CLIMBING),
        bool(state["gate"]["broken"]),
        sum(n for what, n in state["captured"][GOOD].items() if what in LEADERS),
    )


def _evil_can_attack(board: Board, start: str, target: str) -> bool:
    link = LINK_OF[(start, target)]
    if link == "border":
        return True
    if link == "climb":
        return board.climb
    if link == "gate":
        return board.gate_broken
    return False  # ladders: only down from a held wall, rare enough to leave out


def _evil_attackers(board: Board, start: str, target: str) -> int:
    here = board.units.get(start, {})
    if LINK_OF[(start, target)] == "climb":
        return sum(int(n) for k, n in here.items() if UNITS[k].cls == "infantry")
    return sum(int(n) for n in here.values())


def _threats(board: Board, space: str, count: int, leaders: int) -> list[Odds]:
    """The evil attacks ``space`` may suffer (from each evil neighbour that can reach it)."""
    found = []
    defence_bonus = min(leaders, 1) + (1 if SPACES[space].banner else 0)
    for start in ADJACENT[space]:
        if board.side(start) != EVIL or not _evil_can_attack(board, start, space):
            continue
        dice = min(3, _evil_attackers(board, start, space))
        if dice > 0:
            bonus = 1 if board.leaders_of(start, EVIL) else 0
            found.append(odds(dice, 1 if count == 1 else 2, bonus, defence_bonus))
    return found


def exposure(board: Board, space: str, count: int, leaders: int) -> float:
    """What the strongest evil attack on ``space`` (held by ``count`` good battalions and
    ``leaders`` good leaders) is expected to win Mordor, in battalions' points (negative: it
    costs Mordor); the leaders' danger is :func:`leader_risk`'s."""
    if count <= 0:
        return 0.0
    worst = None
    cheapest = board.cheapest(space) if board.side(space) == GOOD else 1
    for fight, start in zip(_threats(board, space, count, leaders), _attackers(board, space), strict=True):
        won = fight.defender_lost * cheapest - fight.attacker_lost * board.cheapest(start)
        won -= SIX * fight.defender_sixes
        worst = won if worst is None else max(worst, won)
    return 0.0 if worst is None else worst


def _attackers(board: Board, space: str) -> list[str]:
    return [
        start
        for start in ADJACENT[space]
        if board.side(start) == EVIL
        and _evil_can_attack(board, start, space)
        and _evil_attackers(board, start, space) > 0
    ]


def shot_chance(board: Board, space: str) -> float:
    """The chance Mordor's shooters within range hit ``space`` at least once this turn."""
    miss = 1.0
    for start, steps in DISTANCES[space].items():
        if not 1 <= steps <= 2 or board.side(start) != EVIL:
            continue
        shooters = sum(int(n) for k, n in board.units[start].items() if UNITS[k].shooter)
        dice = min(3, shooters // 2 if SPACES[space].banner else shooters)
        miss *= (5 / 6) ** dice
    return 1.0 - miss


def leader_risk(board: Board, space: str, count: int, leaders: int) -> float:
    """Points Gondor stands to lose in captured leaders in ``space``: the chance Mordor's next
    turn takes the last battalion there (a shot, then :data:`ASSAULTS` attacks from its
    strongest neighbour), five points a leader."""
    if leaders <= 0 or count <= 0:
        return 0.0
    shot = shot_chance(board, space)
    fallen = 0.0
    for thinned, chance in ((count, 1.0 - shot), (count - 1, shot)):
        if thinned <= 0:
            fallen += chance
            continue
        threats = _threats(board, space, thinned, leaders)
        if threats:
            worst = max(threats, key=lambda f: f.defender_lost)
            fallen += chance * _falls(worst, thinned, ASSAULTS)
        elif space not in SHELTERS:
            coming = _coming(board, space, thinned, leaders)
            if coming is not None:
                fallen += chance * _falls(coming, thinned, ASSAULTS - 1)
    return min(1.0, fallen) * LEADER_CAPTURE * leaders


#: Where no evil army can come in one turn unless a wall is climbed or the gate broken.
SHELTERS = frozenset({CITY, *WALLS})


def _coming(board: Board, space: str, count: int, leaders: int) -> Odds | None:
    """The strongest attack an evil army two steps off could make after advancing next to
    ``space`` (it spends a point on the way: one attack fewer)."""
    best = 0
    bonus = 0
    for start in NEAR_TWO[space]:
        if board.side(start) == EVIL:
            strength = board.count(start)
            if strength > best:
                best, bonus = strength, 1 if board.leaders_of(start, EVIL) else 0
    if best == 0:
        return None
    defence_bonus = min(leaders, 1) + (1 if SPACES[space].banner else 0)
    return odds(min(3, best), 1 if count == 1 else 2, bonus, defence_bonus)


@cache
def _falls(fight: Odds, count: int, attacks: int) -> float:
    """The chance ``count`` battalions all fall to ``attacks`` attacks like ``fight`` (with two
    defence dice, or one once a single battalion is left: the same odds are used, a rough cut)."""
    if count <= 0:
        return 1.0
    if attacks <= 0:
        return 0.0
    two = fight.defender_lost_two if count >= 2 else 0.0
    one = fight.defender_lost_any - two
    none = 1.0 - one - two
    return (
        two * _falls(fight, count - 2, attacks - 1)
        + one * _falls(fight, count - 1, attacks - 1)
        + (none * _falls(fight, count, attacks - 1))
    )


def holding(board: Board, space: str, count: int) -> float:
    """What standing in ``space`` with ``count`` battalions is worth beyond its safety."""
    if space == CITY:
        short = max(0, CITY_GUARD[0] - count)
        return -CITY_GUARD[1] * short
    if space in WALLS and count:
        return WALL_HELD if board.climb else CATAPULT
    return BANNER if count and SPACES[space].banner else 0.0


def space_value(board: Board, space: str, count: int, leaders: int) -> float:
    """What ``space`` held by ``count`` good battalions and ``leaders`` good leaders is worth to
    Gondor: its hold, less its exposure and its leaders' risk."""
    key = (space, count, leaders)
    if key not in board.values:
        board.values[key] = (
            holding(board, space, count)
            - max(0.0, exposure(board, space, count, leaders))
            - leader_risk(board, space, count, leaders)
        )
    return board.values[key]


class GondorScorer:
    """Scores Gondor's actions on a :class:`Board` (see the module's docstring)."""

    def __init__(self, board: Board) -> None:
        self.board = board

    def movable(self, start: str, end: str, mode: str) -> int:
        """Battalions of ``start`` that may go to ``end`` (all of them, but what may not climb a
        ladder or ride)."""
        here = self.board.units.get(start, {})
        link = LINK_OF.get((start, end), "border")
        total = 0
        for kind, n in here.items():
            cls = UNITS[kind].cls
            if mode == "ride" and cls != "cavalry":
                continue
            if link == "ladder" and cls != "infantry":
                continue
            total += int(n)
        return total

    def advance(self, start: str, end: str, mode: str) -> float:
        board = self.board
        moving = self.movable(start, end, mode)
        if moving <= 0:
            return -1.0
        staying = board.count(start) - moving  # every kind that may go is sent, all of it
        lead_start = board.leaders_of(start, GOOD)
        lead_end = board.leaders_of(end, GOOD)
        leaders_go = lead_start if staying == 0 else 0
        before = space_value(board, start, board.count(start), lead_start) + space_value(
            board, end, board.count(end), lead_end
        )
        after = space_value(board, start, staying, lead_start - leaders_go) + space_value(
            board, end, board.count(end) + moving, lead_end + leaders_go
        )
        if staying == 0 and lead_start and not leaders_go:
            after -= 1.0
        return after - before - SHUFFLE

    def move_leader(self, leader: str, end: str) -> float:
        """A leader alone goes where he is safer (and helps a defence), never for nothing."""
        board = self.board
        start = next((where for where, here in board.leaders.items() if leader in here), None)
        if start is None:
            return -1.0
        count_start, count_end = board.count(start), board.count(end)
        lead_start, lead_end = board.leaders_of(start, GOOD), board.leaders_of(end, GOOD)
        before = space_value(board, start, count_start, lead_start) + space_value(
            board, end, count_end, lead_end
        )
        after = space_value(board, start, count_start, lead_start - 1) + space_value(
            board, end, count_end, lead_end + 1
        )
        return after - before - SHUFFLE - LEADER_MOVE

    def attack(self, start: str, target: str, attackers: int) -> float:
        board = self.board
        defenders = board.count(target)
        if defenders <= 0:
            return -1.0
        bonus = 1 if board.leaders_of(start, GOOD) else 0
        defence_bonus = 1 if board.leaders_of(target, EVIL) else 0
        fight = odds(attackers, 1 if defenders == 1 else 2, bonus, defence_bonus)
        gain = fight.defender_lost * board.cheapest(target) - fight.attacker_lost * board.cheapest(start)
        gain += ATTACK_SIX * fight.attacker_sixes
        own = board.count(start)
        if board.leaders_of(start, GOOD) and own <= 2:  # the last battalions fall: the leader is taken
            gone = fight.attacker_lost_any if own == 1 else fight.attacker_lost_two if attackers >= 2 else 0.0
            gain -= gone * LEADER_CAPTURE
        evil_leaders = board.leaders_of(target, EVIL)
        if evil_leaders and defenders <= 2:
            taken = fight.defender_lost_any if defenders == 1 else fight.defender_lost_two
            worth = 5.0 + (WINNING_LEADER if board.evil_leaders_taken >= 1 else 0.0)
            gain += taken * worth
        # the stack the losses leave behind stands weaker against Mordor's next turn
        leaders = board.leaders_of(start, GOOD)
        now = space_value(board, start, own, leaders)
        two, one = fight.attacker_lost_two, fight.attacker_lost_any - fight.attacker_lost_two
        for lost, chance in ((1, one), (2, two)):
            if chance and own - lost > 0:
                gain -= chance * (now - space_value(board, start, own - lost, leaders))
        if gain < ATTACK_EDGE:
            return -1.0
        return 2.0 + 3.0 * gain

    def score(self, action: Action, actions: Sequence[Action] = ()) -> float:
        verb, args = action.verb, action.args
        if verb == "die" and args and args[0].isdigit():
            return -abs(int(args[0]) - DIE)
        if verb in ("advance", "ride") and len(args) == 2:
            return self.advance(args[0], args[1], verb)
        if verb == "leader" and len(args) == 2:
            return self.move_leader(args[0], args[1])
        if verb == "attack" and len(args) >= 2:
            attackers = int(args[2]) if len(args) > 2 and args[2].isdigit() else 1
            return self.attack(args[0], args[1], attackers)
        if verb == "send" and len(args) == 2 and args[1].isdigit():
            return 1.0 + int(args[1])
        if verb == "lead":
            # a leader goes with the army once every kind is sent: left alone he is removed
            return 2.0 if not any(a.verb == "send" for a in actions) else -0.5
        if verb == "lose" and args:
            unit = UNITS.get(args[0])
            return -float(unit.points if unit else 1)
        if verb in ("play", "keep") and args:
            return FLAT[verb] + CARD_VALUE.get(args[0], 0.0)
        if verb == "reward" and len(args) >= 2:
            return FLAT[verb] + 1.0 + CARD_VALUE.get(args[1], 0.0)
        if verb == "shoot" and args and args[-1].isdigit():
            return FLAT["shoot"] + int(args[-1])
        return FLAT.get(verb, 0.0)


class GondorPlayer:
    """Gondor's plan as a rule-based player (Mordor's seat is the rule-based player's): scores
    each legal action from the view; a small random term breaks ties."""

    def decide(self, seat: Seat) -> Action:
        if seat.role != GOOD:
            return computer.RuleBasedPlayer().decide(seat)
        rng = seat.rng()
        scorer = GondorScorer(board_from_view(seat.view))
        scored = [
            (scorer.score(a, seat.actions) + rng.random() * TIE_NOISE, i) for i, a in enumerate(seat.actions)
        ]
        return seat.actions[max(scored)[1]]


def ranked(seat: Seat, actions: Sequence[Action]) -> list[tuple[float, Action]]:
    """``actions`` by Gondor's plan (Mordor's: the rule-based player's), best first."""
    if seat.role != GOOD:
        return computer.ranked(seat, actions)
    scorer = GondorScorer(board_from_view(seat.view))
    return sorted(((scorer.score(a, actions), a) for a in actions), key=lambda pair: -pair[0])


def playout_action(state: State, role: str, actions: Sequence[Action], rng: Generator) -> Action:
    """Gondor's plan read from a (sampled) state; Mordor moves as the rule-based player."""
    if role != GOOD:
        return computer.playout_action(state, role, actions, rng)
    scorer = GondorScorer(board_from_state(state))
    return max(actions, key=lambda a: scorer.score(a, actions) + rng.random() * TIE_NOISE)
