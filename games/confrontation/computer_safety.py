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

from games.core import Action, State, clone
from games.core.players import CannotSample, Determinizer, Generator, Seat

from .battle import battle_frame
from .computer import RULESET, determinize
from .data import CARDS, CHARS, FELLOWSHIP, FORWARD, HOME, REGIONS, SAURON

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
#: The trial ``strong-lethal``'s weight: each attack on the Ring-bearer counts the chance it
#: kills him (:func:`lethality`), smaller than the 1 the offered guard counts, so a larger weight.
LETHAL_WEIGHT = 1.5
#: The least an attack on the Ring-bearer counts in the trial ``strong-lethal``, however
#: unlikely it is to kill him: an attack he survives by stepping aside still leaves him hunted
#: (the look-ahead goes on as if it had not been made), so no attack is free.
LETHAL_FLOOR = 1 / 3
#: Battles played out per attack on the Ring-bearer to estimate its lethality.
LETHAL_TRIES = 2
#: Actions played at most, after the move, to reach Sauron's next move (a battle's steps).
_STEPS = 40
#: Mixed into the seat's seed so the samples here do not repeat the search's.
_SALT = 0x5AFE_B0A2


def bearer_risk(
    seat: Seat,
    moves: tuple[Action, ...],
    turns: int = 1,
    *,
    lethal: bool = False,
    samples: int = SAMPLES,
    sample: Determinizer = determinize,
) -> dict[Action, float]:
    """``{move: risk}`` for the Fellowship's ``moves``: over Sauron's next ``turns`` moves, the
    summed share of his moves that attack the Ring-bearer (the chance a random Sauron does, as
    long as it is small), averaged over states sampled from the seat's view; between those
    moves the Fellowship holds Frodo back (:func:`_hold`). With ``lethal`` (the trial
    ``strong-lethal``) each attack counts :data:`LETHAL_FLOOR` plus the rest times the chance
    it kills him (:func:`lethality`) instead of 1. ``samples``: the states sampled (the trial
    ``strong-more`` takes 16); ``sample``: how states are drawn from the view. Empty when the
    moment cannot be sampled."""
    seeds = Generator(seat.seed ^ _SALT)
    risk = dict.fromkeys(moves, 0.0)
    for _ in range(samples):
        seed = seeds.bits(62)
        for move in moves:
            try:
                state = sample(seat.view, Generator(seed))
            except CannotSample:
                return {}
            RULESET.apply(state, FELLOWSHIP, move)
            risk[move] += _risk_ahead(state, turns, Generator(seed ^ 1), lethal=lethal)
    return {move: total / samples for move, total in risk.items()}


def _risk_ahead(state: State, turns: int, rng: Generator, *, lethal: bool = False) -> float:
    """The summed chance that Sauron's next ``turns`` moves attack the Ring-bearer (with
    ``lethal``: kill him, each attack weighed by :func:`lethality`); the move played in his
    place is one of the others (the game goes on where Frodo survived). An end of the game
    counts 0 for a Fellowship win, the rest of the risk for a loss."""
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
                if lethal:
                    attacks = [a for a in legal if a.verb == "move" and a.args[1] == bearer_at]
                    dead = sum(lethality(state, a, rng) for a in attacks)
                    total += (LETHAL_FLOOR * len(attacks) + (1.0 - LETHAL_FLOOR) * dead) / len(legal)
                else:
                    total += 1.0 - len(others) / len(legal)
                turns -= 1
                if turns <= 0 or not others:
                    return min(total, 1.0)
                legal = others
            else:
                legal = _hold(state, legal)
        RULESET.apply(state, mover, rng.choice(legal))
    return min(total, 1.0)


def lethality(state: State, attack: Action, rng: Generator, tries: int = LETHAL_TRIES) -> float:
    """The chance that Sauron's move ``attack`` into the Ring-bearer's region kills him: the
    share of ``tries`` battles, each played out on a copy of ``state`` (a sample: this reads
    nothing the seat cannot know), in which he falls. Sauron chooses at random (the enemy the
    guard expects); the Fellowship defends sensibly (:func:`_defend`): Frodo steps aside when
    he can, Sam fights in his place, the best card. So Sam's escort, room to step aside and
    the texts that kill outright (the Orcs, Saruman's battle without cards, the mountains
    where Frodo cannot step aside) weigh as they do in the game."""
    bearer = state["ring_bearer"]
    fell = 0
    for _ in range(tries):
        trial = clone(state)
        RULESET.apply(trial, SAURON, attack)
        for _ in range(_STEPS):
            if trial["result"] is not None or battle_frame(trial) is None:
                break
            active = RULESET.active(trial)
            if not active:
                break
            mover = min(active)
            legal = RULESET.legal_actions(trial, mover)
            choice = _defend(trial, legal, rng) if mover == FELLOWSHIP else rng.choice(legal)
            RULESET.apply(trial, mover, choice)
        result = trial["result"]
        if (result is not None and SAURON in result["winners"]) or bearer not in trial["pos"]:
            fell += 1
    return fell / tries


_SAM = Action("ability", ("sam",))
#: A card's rank for a fighter other than the Ring-bearer (higher is better): the values, then
#: the texts that beat a stronger enemy.
_CARD_RANK = {"noble_sacrifice": 5.5, "elven_cloak": 2.5, "magic": 0.5, "retreat": 0.0}


def _defend(state: State, legal: Sequence[Action], rng: Generator) -> Action:
    """The Fellowship's sensible battle choice for :func:`lethality`: the Ring-bearer steps
    aside (his retreat) when he can, Sam fights in his place (or at strength 5 beside him); the
    card is the Retreat for the Ring-bearer, else the highest value (Noble Sacrifice for
    another fighter facing a stronger enemy); otherwise at random."""
    frame = battle_frame(state)
    fight = (frame or {}).get("fight") or {}
    fighter = fight.get("fellowship")
    bearer = state["ring_bearer"]
    if fighter == bearer:
        steps = [a for a in legal if a.verb == "retreat"]
        if steps:
            return steps[0]
    if _SAM in legal:
        return _SAM
    cards = [a for a in legal if a.verb == "card"]
    if not cards:
        return rng.choice(legal)
    if fighter == bearer and Action("card", ("retreat",)) in cards:
        return Action("card", ("retreat",))
    foe = fight.get("sauron")
    weaker = fighter in CHARS and foe in CHARS and CHARS[fighter].strength < CHARS[foe].strength
    ranks = _CARD_RANK if fighter != bearer and weaker else {**_CARD_RANK, "noble_sacrifice": -1.0}
    return max(cards, key=lambda a: _card_rank(a.args[0], ranks))


def _card_rank(card: str, ranks: Mapping[str, float]) -> float:
    value = CARDS[FELLOWSHIP][card].value
    return float(value) if value is not None else ranks.get(card, 0.0)


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


def guard_the_bearer(
    seat: Seat,
    choices: tuple[Action, ...],
    pace: float = 0.0,
    *,
    lethal: bool = False,
    weight: float = WEIGHT,
    samples: int = SAMPLES,
    sample: Determinizer = determinize,
) -> Mapping[Action, float]:
    """The search's prior for the Fellowship's moves: ``-weight * risk`` each, plus ``pace`` for
    a step of the Ring-bearer on a clear road (:func:`bearer_steps`; the trial ``strong-pace``
    gives :data:`PACE`, the offered ``strong`` none); ``lethal`` weighs each attack by its
    chance of killing him (the trial ``strong-lethal``, with :data:`LETHAL_WEIGHT`); ``samples``
    states sampled (the trial ``strong-more``: 16), drawn by ``sample``. Nothing for Sauron, nor
    for a battle's choices."""
    if seat.role != FELLOWSHIP or any(a.verb != "move" for a in choices):
        return {}
    risks = bearer_risk(seat, choices, TURNS, lethal=lethal, samples=samples, sample=sample)
    steps = bearer_steps(seat, choices) if risks and pace else frozenset()
    return {move: -weight * risk + pace if move in steps else -weight * risk for move, risk in risks.items()}


def playout_sensible(state: State, role: str, legal: Sequence[Action], rng: Generator) -> Action:
    """A playout move of the trial ``strong-sensible``: the Fellowship never walks the
    Ring-bearer into a region an enemy holds (random playouts lose him that way far more often
    than any player would) and walks him into a free Mordor at once, its other pieces never
    attack a region holding a stronger enemy (in the sample every piece is known), and each of
    its fights is chosen as :func:`_defend` chooses; Sauron moves at random. It reads the
    sample, a full state, as playouts do."""
    other = not_a_fellowship_move(state, role, legal, rng)
    if other is not None:
        return other
    pos = state["pos"]
    bearer = state["ring_bearer"]
    strongest: dict[str, int] = {}
    for char in state["chars"][SAURON]:
        region = pos.get(char)
        if region is not None:
            strongest[region] = max(strongest.get(region, 0), CHARS[char].strength)
    safe = []
    moves = [action for action in legal if action.verb == "move"]
    for action in moves:
        char, region = action.args
        if char == bearer:
            if region in strongest:
                continue
            if region == HOME[SAURON]:
                return action
        elif strongest.get(region, -1) > CHARS[char].strength:
            continue
        safe.append(action)
    return rng.choice(safe) if safe else rng.choice(moves)


def not_a_fellowship_move(state: State, role: str, legal: Sequence[Action], rng: Generator) -> Action | None:
    """A playout's choice where a careful Fellowship policy has nothing to weigh, else ``None``:
    Sauron's (at random), the Fellowship's once the Ring-bearer fell, its fights (as
    :func:`_defend` chooses) and its other questions (at random). A special card offered beside
    the moves is left to the search's root: the policies choose among the moves."""
    if role != FELLOWSHIP or state["ring_bearer"] not in state["pos"]:
        return rng.choice(legal)
    if any(action.verb == "move" for action in legal):
        return None
    return _defend(state, legal, rng) if battle_frame(state) is not None else rng.choice(legal)
