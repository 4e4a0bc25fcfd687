"""The strong Fellowship's care for the Ring-bearer: how likely each of its moves leaves Frodo
where the enemy's next moves attack him.

Random playouts see that danger too rarely to tell it from their noise (one Sauron move in
eight or fifteen reaches him, turn after turn), and a lone attack on Frodo usually ends the
game. :func:`bearer_risk` measures it from the seat's view alone: on a few states sampled from
the view (the same samples for every move, so the moves are compared on equal terms) it plays
the move, lets any battle it starts end at random, and sums over Sauron's next :data:`TURNS`
moves the share of them that attack the Ring-bearer's region, the Fellowship meanwhile moving
its other pieces (a loss of the game counts 1). :func:`guard_the_bearer` turns that into the
search's prior: a penalty on the risky moves.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from games.core import Action, State
from games.core.players import CannotSample, Generator, Seat

from .computer import RULESET, determinize
from .data import FELLOWSHIP, FORWARD, HOME, REGIONS, SAURON

#: States sampled per decision (each move is played on every one of them).
SAMPLES = 8
#: The prior's weight: a move's penalty is this times its risk.
WEIGHT = 1.0
#: Sauron's moves ahead whose risk is summed.
TURNS = 6
#: The trial ``strong-pace``'s bonus for a step of the Ring-bearer toward Mordor on a clear road
#: (no enemy in the region nor in every way on): the price of holding him back (each move spent
#: on another piece brings a lone, late run nearer), so such a step whose risk exceeds the
#: safest move's by less than this is not shunned. Measured no better than without it (session
#: 32: 190 of 200 against random, seeds 5400-5599), so the offered ``strong`` gives none.
PACE = 0.1
#: Actions played at most, after the move, to reach Sauron's next move (a battle's steps).
_STEPS = 40
#: Mixed into the seat's seed so the samples here do not repeat the search's.
_SALT = 0x5AFE_B0A2


def bearer_risk(seat: Seat, moves: tuple[Action, ...], turns: int = 1) -> dict[Action, float]:
    """``{move: risk}`` for the Fellowship's ``moves``: over Sauron's next ``turns`` moves, the
    summed share of his moves that attack the Ring-bearer (the chance a random Sauron does, as
    long as it is small), averaged over states sampled from the seat's view; between those
    moves the Fellowship holds Frodo back (:func:`_hold`). Empty when the moment cannot be
    sampled."""
    seeds = Generator(seat.seed ^ _SALT)
    risk = dict.fromkeys(moves, 0.0)
    for _ in range(SAMPLES):
        seed = seeds.bits(62)
        for move in moves:
            try:
                state = determinize(seat.view, Generator(seed))
            except CannotSample:
                return {}
            RULESET.apply(state, FELLOWSHIP, move)
            risk[move] += _risk_ahead(state, turns, Generator(seed ^ 1))
    return {move: total / SAMPLES for move, total in risk.items()}


def _risk_ahead(state: State, turns: int, rng: Generator) -> float:
    """The summed chance that Sauron's next ``turns`` moves attack the Ring-bearer; the move
    played in his place is one of the others (the game goes on where Frodo survived). An end
    of the game counts 0 for a Fellowship win, the rest of the risk for a loss."""
    total = 0.0
    for _ in range(_STEPS):
        result = state["result"]
        if result is not None:
            return total if FELLOWSHIP in result["winners"] else 1.0
        active = RULESET.active(state)
        if not active:
            return total
        mover = min(active)
        legal: Sequence[Action] = RULESET.legal_actions(state, mover)
        if RULESET.prompt(state, mover).kind == "move":
            if mover == SAURON:
                bearer_at = state["pos"].get(state["ring_bearer"])
                others = [a for a in legal if a.verb != "move" or a.args[1] != bearer_at]
                total += 1.0 - len(others) / len(legal)
                turns -= 1
                if turns <= 0 or not others:
                    return min(total, 1.0)
                legal = others
            else:
                legal = _hold(state, legal)
        RULESET.apply(state, mover, rng.choice(legal))
    return min(total, 1.0)


def _hold(state: State, legal: Sequence[Action]) -> Sequence[Action]:
    """The Fellowship's moves while Frodo holds: his step into Mordor if free, else the
    others' moves (his own only when nothing else moves)."""
    bearer = state["ring_bearer"]
    winning = [a for a in legal if a.verb == "move" and a.args[0] == bearer and a.args[1] == HOME[SAURON]]
    if winning and not any(state["pos"].get(c) == HOME[SAURON] for c in state["chars"][SAURON]):
        return winning
    others = [a for a in legal if a.verb != "move" or a.args[0] != bearer]
    return others or legal


def bearer_steps(seat: Seat, moves: tuple[Action, ...]) -> frozenset[Action]:
    """The ``moves`` that walk the Ring-bearer a row nearer Mordor on a clear road: into a
    region with no enemy piece, from which a region with none leads on (or Mordor itself). Read
    from a state sampled from the seat's view, which shows every piece's region as it stands."""
    try:
        state = determinize(seat.view, Generator(seat.seed ^ _SALT))
    except CannotSample:
        return frozenset()
    bearer, pos = state["ring_bearer"], state["pos"]
    if bearer not in pos:
        return frozenset()
    held = {pos[c] for c in state["chars"][SAURON] if c in pos}

    def clear(region: str) -> bool:
        if region in held:
            return False
        return region == HOME[SAURON] or any(r not in held for r in FORWARD[FELLOWSHIP][region])

    row = REGIONS[pos[bearer]].row
    return frozenset(
        m for m in moves if m.args[0] == bearer and REGIONS[m.args[1]].row > row and clear(m.args[1])
    )


def guard_the_bearer(seat: Seat, choices: tuple[Action, ...], pace: float = 0.0) -> Mapping[Action, float]:
    """The search's prior for the Fellowship's moves: ``-WEIGHT * risk`` each, plus ``pace`` for
    a step of the Ring-bearer on a clear road (:func:`bearer_steps`; the trial ``strong-pace``
    gives :data:`PACE`, the offered ``strong`` none). Nothing for Sauron, nor for a battle's
    choices."""
    if seat.role != FELLOWSHIP or any(a.verb != "move" for a in choices):
        return {}
    risks = bearer_risk(seat, choices, TURNS)
    steps = bearer_steps(seat, choices) if risks and pace else frozenset()
    return {move: -WEIGHT * risk + pace if move in steps else -WEIGHT * risk for move, risk in risks.items()}
