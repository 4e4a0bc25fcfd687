"""Computer players for the Confrontation: sampling what a seat cannot see, and the rule-based
player (obvious good moves, no search).

:func:`determinize` reads only a seat's view: the enemy pieces it cannot see are dealt at random
among the enemy's characters still unaccounted for, the enemy's hand among the cards not yet
discarded, and the PRNG is new; the state is built through :func:`~.positions.from_position`.
:func:`determinize_tracked` (the ``strong`` level's) also remembers what everyone saw: an enemy
piece shown before and hidden since is dealt where the view says it was last seen, or to a
piece it could have walked to since.
It describes the game between two moves and at a battle's start (the combat cards), with every
option (special cards and a Draft's rosters: :mod:`.computer_sample`); other moments (the secret
set-up, a battle under way) raise :class:`~games.core.players.CannotSample`.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from games.core import Action, InvalidPosition, State, View
from games.core.players import CannotSample, Generator, Seat

from .computer_sample import specials, turn_and_bearer, unseen_characters
from .data import (
    CARD_ORDER,
    CARDS,
    CHARS,
    CLASSIC,
    FELLOWSHIP,
    HOME,
    REGIONS,
    SAURON,
    VARIANT,
    other,
)
from .moves import FORWARD_OPTIONS
from .ruleset import Confrontation

RULESET = Confrontation()
_ROSTERS = {"classic": CLASSIC, "variant-2002": CLASSIC, "deluxe-variant": VARIANT}


#: Samples drawn before giving up on a view (a sample may be impossible: Frodo dealt to Mordor).
TRIES = 20
_DECLINE = Action("decline")


def determinize(view: View, rng: Generator) -> State:
    """A full state the seat of ``view`` cannot tell from the real one: impossible samples are
    drawn again (rejection keeps the sampling consistent with what the seat knows)."""
    return _determinize(view, rng, catch_up=False)


def determinize_more(view: View, rng: Generator) -> State:
    """:func:`determinize`, and in a battle under way the choices the seat saw made before its
    own made again (:func:`_catch_up`): more of a battle's moments sampled (a trial, not yet
    measured against the offered level)."""
    return _determinize(view, rng, catch_up=True)


def determinize_tracked(view: View, rng: Generator) -> State:
    """:func:`determinize`, but an enemy piece shown earlier and hidden since is dealt, most
    likely, to the hidden piece standing where it was last seen, else to one it could have walked
    to since (:func:`_track`): the seat remembers what every player saw (``strong``'s sampling)."""
    return _determinize(view, rng, catch_up=False, track=True)


def _determinize(view: View, rng: Generator, *, catch_up: bool, track: bool = False) -> State:
    problem = ""
    for attempt in range(TRIES):
        try:  # (tracking on the first half of the tries only: a memory never blocks a sample)
            return _sample(view, rng, catch_up, track and attempt < TRIES // 2)
        except InvalidPosition as exc:
            problem = str(exc)
    raise CannotSample(problem)


def _sample(view: View, rng: Generator, catch_up: bool, track: bool = False) -> State:
    options = view["options"]
    if view.get("setup") is not None or view["result"] is not None:
        raise CannotSample("the set-up is secret and the finished game has nothing to decide")
    me = view["audience"]
    foe = other(me)
    position: dict[str, Any] = {"options": dict(options), FELLOWSHIP: {}, SAURON: {}}
    hidden: list[str] = []  # the region of each enemy piece whose identity is unknown
    revealed: list[str] = []
    for region in view["regions"]:
        for side in (FELLOWSHIP, SAURON):
            for piece in region["pieces"][side]:
                char = piece["character"]
                if char is None:
                    hidden.append(region["id"])
                    continue
                position[side][char] = region["id"]
                if piece["revealed"]:
                    revealed.append(char)
    defeated = [d["character"] for side in (FELLOWSHIP, SAURON) for d in view["defeated"][side]]
    roster = _ROSTERS[options["variant"]][foe] if options["variant"] in _ROSTERS else None
    unseen = unseen_characters(view, roster, foe, [*position[foe], *defeated], rng)
    if len(unseen) != len(hidden):
        raise CannotSample("the enemy's unseen characters do not fill its hidden pieces")
    if track:
        position[foe].update(_track(view, foe, unseen, hidden, rng))
    rng.shuffle(unseen)
    position[foe].update(zip(unseen, hidden, strict=True))
    turn_and_bearer(view, position)
    seen = [e for e in view.get("last_seen", ()) if e["side"] == foe]
    position["last_seen"] = {e["character"]: {"region": e["region"], "turn": e["turn"]} for e in seen}
    position["revealed"] = revealed
    position["defeated"] = defeated
    position["shown"] = sorted({*revealed, *defeated, *position["last_seen"]})
    position["hands"] = {me: [c["id"] for c in view["cards"][me]["hand"]], foe: _enemy_hand(view, foe, rng)}
    if options.get("specials", "none") != "none":
        position["specials"] = specials(view, foe, rng)
    position["to_move"] = view["turn"]["side"]
    position["turn"] = view["turn"]["number"]
    battle = view["battle"]
    if battle is not None:
        position["battle"] = {
            "attacker": battle["attacker"]["piece"]["character"],
            "region": battle["region"],
        }
    position["seed"] = rng.bits(62)
    state = RULESET.from_position(position)
    shown = _shown_card(view, foe)
    if catch_up and battle is not None:
        _catch_up(state, battle, foe, shown, rng)
    elif shown is not None:  # his card shown first (Gandalf's fights): played again in the sample
        _replay(state, foe, shown)
    return state


def _track(view: View, foe: str, unseen: list[str], hidden: list[str], rng: Generator) -> dict[str, str]:
    """Deal each enemy character last seen on the board (the latest seen first) to one of the
    ``hidden`` pieces' regions, and take both out of ``unseen`` and ``hidden``: the piece where it
    was seen with the chance that it has not moved since (each of the enemy's moves moves one of
    his pieces), else one it could have walked to (forward of there, any number of steps)."""
    dealt: dict[str, str] = {}
    now = view["turn"]["number"]
    pieces = len(hidden) + sum(
        1 for region in view["regions"] for piece in region["pieces"][foe] if piece["character"] is not None
    )
    seen = sorted(
        (e for e in view.get("last_seen", ()) if e["side"] == foe and e["character"] in unseen),
        key=lambda e: -e["turn"],
    )
    for entry in seen:
        moves = max(0, (now - entry["turn"]) // 2)
        stayed = (1.0 - 1.0 / max(pieces, 1)) ** moves
        # (never the Ring-bearer, nor Sam who may carry the Ring, into Mordor: he would have won)
        barred = HOME[SAURON] if _may_carry_the_ring(entry["character"]) else None
        there = [i for i, region in enumerate(hidden) if region == entry["region"] != barred]
        ahead = _ahead(foe, entry["region"])
        walked = [i for i, region in enumerate(hidden) if region in ahead and region != barred]
        if not there and not walked:
            continue
        stays = there and (not walked or rng.random() < stayed)
        slot = rng.choice(there) if stays else rng.choice(walked)
        dealt[entry["character"]] = hidden.pop(slot)
        unseen.remove(entry["character"])
    return dealt


def _may_carry_the_ring(char: str) -> bool:
    """Whether ``char`` carries the Ring (Frodo's tile) or may take it on (Sam, as in
    :func:`~.computer_sample.turn_and_bearer`)."""
    return _is_bearer(char) or char.startswith("sam")


@cache
def _ahead(side: str, region: str) -> frozenset[str]:
    """The regions ``side`` can walk to from ``region``, any number of steps forward (the
    Fellowship's down the Anduin and through the Tunnel of Moria too)."""
    found: set[str] = set()
    frontier = [region]
    while frontier:
        nxt = [n for r in frontier for n in FORWARD_OPTIONS[side][r] if n not in found]
        found.update(nxt)
        frontier = nxt
    return frozenset(found)


def _replay(state: State, foe: str, shown: Action) -> None:
    """Play the enemy's shown card in the sample's fight; a text he could have used before
    the cards (Saruman's) he declined, since cards are played."""
    for _ in range(3):
        if RULESET.active(state) != {foe}:
            break
        legal = RULESET.legal_actions(state, foe)
        if shown in legal:
            RULESET.apply(state, foe, shown)
            return
        if _DECLINE not in legal:
            break
        RULESET.apply(state, foe, _DECLINE)
    raise CannotSample("the enemy's shown card cannot be played again in the sample")


def _catch_up(state: State, battle: dict[str, Any], foe: str, shown: Action | None, rng: Generator) -> None:
    """Make again in the sample's battle (which starts afresh) the enemy's choices the seat saw
    made before its own: the defender he attacked, no text before the cards (cards are being
    played: Saruman's was declined), the card he showed first (Gandalf's fights), a card he
    chose face down (one of the sample's hand, at random)."""
    defender = (battle["defender"] or {}).get("piece") or {}
    target = Action("target", (defender["character"],)) if defender.get("character") else None
    for _ in range(4):
        if RULESET.active(state) != {foe}:
            break
        legal = RULESET.legal_actions(state, foe)
        step = next((a for a in (target, shown, _DECLINE) if a is not None and a in legal), None)
        if step is None and battle["chosen"][foe] and battle["played"][foe] is None:
            cards = [a for a in legal if a.verb == "card"]
            step = rng.choice(cards) if cards else None
        if step is None:
            break
        shown = None if step == shown else shown
        RULESET.apply(state, foe, step)
    if shown is not None:
        raise CannotSample("the enemy's shown card cannot be played again in the sample")


def _shown_card(view: View, foe: str) -> Action | None:
    """The enemy's combat card shown while the seat has still to choose its own, if any."""
    battle = view["battle"]
    if battle is None or battle["played"][foe] is None or battle["chosen"][view["audience"]]:
        return None
    return Action("card", (battle["played"][foe]["id"],))


def _enemy_hand(view: View, foe: str, rng: Generator) -> list[str]:
    cards = view["cards"][foe]
    discarded = {c["id"] for c in cards["discard"]}
    pool = [c for c in CARD_ORDER[foe] if c not in discarded]
    battle = view["battle"]
    count = cards["hand_count"]
    if battle is not None and battle["chosen"][foe] and battle["played"][foe] is None:
        count += 1  # the card he chose face down goes back: the sample's battle starts afresh
    shown = _shown_card(view, foe)
    if shown is not None:  # the card he showed goes back too, and is played again
        pool.remove(shown.args[0])
        return [shown.args[0], *rng.sample(pool, min(count, len(pool)))]
    return rng.sample(pool, min(count, len(pool)))


class RuleBasedPlayer:
    """The obvious good moves, from the view alone: win at once when a move can; attack a shown
    weaker enemy; go forward; in a battle, spend a high card when weaker, a low one when
    stronger; in the set-up, Frodo in the Shire, the others placed at random, and confirm."""

    def decide(self, seat: Seat) -> Action:
        rng = seat.rng()
        scored = [(self._score(seat, a) + rng.random() * 0.5, i) for i, a in enumerate(seat.actions)]
        return seat.actions[max(scored)[1]]

    def _score(self, seat: Seat, action: Action) -> float:
        view, side = seat.view, seat.role
        if action.verb == "place" and action.args[0] == "frodo":
            return 20.0 if action.args[1] == HOME[FELLOWSHIP] else -20.0  # the Ring-bearer stays back
        if action.verb in ("ready", "autoplace"):
            return 10.0
        if action.verb == "unplace":
            return -10.0
        if action.verb == "move":
            return self._move(view, side, action.args[0], action.args[1])
        if action.verb == "card":
            return self._card(view, side, action.args[0])
        if action.verb == "retreat":  # better than any card when weaker, never when stronger
            own, enemy = _fighters(view, side)
            return 8.0 if enemy is None or own is None or own < enemy else -8.0
        if action.verb == "target" and action.args[0] in CHARS:
            return 3.0 if CHARS[action.args[0]].strength < _strength_of(view, side) else -3.0
        return 0.0

    def _move(self, view: View, side: str, char: str, region: str) -> float:
        here = {r["id"]: r for r in view["regions"]}
        enemies = here[region]["pieces"][other(side)]
        if side == FELLOWSHIP and char == "frodo" and region == HOME[SAURON] and not enemies:
            return 100.0
        if side == SAURON and region == HOME[FELLOWSHIP]:
            ours = len(here[region]["pieces"][SAURON]) + 1
            if ours >= 3 and not enemies:
                return 100.0
        forward = REGIONS[region].row - _row_of(view, char)
        score = float(forward if side == FELLOWSHIP else -forward)
        strength = CHARS[char].strength
        for enemy in enemies:
            if enemy["character"] is None:
                score -= 0.5 if strength < 3 else -0.5
            elif enemy["strength"] < strength:
                score += 3.0
            else:
                score -= 3.0
        if side == FELLOWSHIP and char == "frodo" and enemies:
            score -= 5.0
        return score

    def _card(self, view: View, side: str, card: str) -> float:
        value = CARDS[side][card].value
        if value is None:
            return 0.0
        own, enemy = _fighters(view, side)
        if own is not None and enemy is not None and own > enemy:
            return -float(value)  # strong enough: keep the high cards
        return float(value)


def _fighters(view: View, side: str) -> tuple[int | None, int | None]:
    """The shown strengths of ``side``'s fighter and of the enemy's in the battle under way."""
    battle = view["battle"] or {}
    fighters = [battle.get("attacker"), battle.get("defender")]
    strength = {f["side"]: f["piece"]["strength"] for f in fighters if f is not None}
    own, enemy = strength.get(side), strength.get(other(side))
    return (own if isinstance(own, int) else None), (enemy if isinstance(enemy, int) else None)


def _strength_of(view: View, side: str) -> int:
    """The strength of ``side``'s attacker choosing a target (0 when not shown)."""
    attacker = (view["battle"] or {}).get("attacker") or {}
    strength = (attacker.get("piece") or {}).get("strength")
    return strength if attacker.get("side") == side and isinstance(strength, int) else 0


def _row_of(view: View, char: str) -> int:
    for region in view["regions"]:
        for pieces in region["pieces"].values():
            if any(p["character"] == char for p in pieces):
                return REGIONS[region["id"]].row
    return 0


#: Actions a playout runs before :func:`evaluate` judges it (20 beat 60 and whole games: more,
#: shorter looks; see docs/computer-players.md).
PLAYOUT_LIMIT = 20


def playout_threat(
    state: State, role: str, legal: list[Action] | tuple[Action, ...], rng: Generator
) -> Action:
    """A playout move: Sauron attacks the Ring-bearer whenever a move can reach him (random
    playouts let a lone Frodo cross the mountains under the Flying Nazgul's wings), else at
    random. It reads the sample, a full state, as playouts do."""
    if role == SAURON and state["ring_bearer"] in state["pos"]:
        bearer_at = state["pos"][state["ring_bearer"]]
        attacks = [a for a in legal if a.verb == "move" and a.args[1] == bearer_at]
        if attacks:
            return rng.choice(attacks)
    return rng.choice(legal)


def evaluate(state: State, role: str) -> float:
    """How well ``role`` stands in a playout cut short, in ``(0, 1)``: the Ring-bearer's way to
    Mordor and the characters each side still has on the board."""
    bearer = state["ring_bearer"]
    progress = (REGIONS[state["pos"][bearer]].row - 1) / 6 if bearer in state["pos"] else 0.0
    alive = {side: sum(1 for c in state["chars"][side] if c in state["pos"]) for side in (FELLOWSHIP, SAURON)}
    fellowship = 0.35 + 0.4 * progress + 0.05 * (alive[FELLOWSHIP] - alive[SAURON])
    fellowship = min(0.95, max(0.05, fellowship))
    return fellowship if role == FELLOWSHIP else 1.0 - fellowship


#: The Ring-bearer's tile (Frodo, or the Deluxe Frodo).
_BEARER_TILE = "f-ringbearer"


class DefendingPlayer(RuleBasedPlayer):
    """The rule-based player (the strong Fellowship's, for the fights its search cannot sample),
    whose Fellowship uses the abilities a fight offers as a choice (Sam at 5 or in Frodo's place,
    Sméagol's swap but never with Frodo) and fights for the Ring-bearer's life: when Frodo fights
    he steps aside, else Sam fights in his place, else he plays the Retreat card, never Noble
    Sacrifice (which takes him too)."""

    def _score(self, seat: Seat, action: Action) -> float:
        if seat.role != FELLOWSHIP or seat.view["battle"] is None:
            return super()._score(seat, action)
        if action.verb == "ability":  # never Sméagol's swap with the Ring-bearer, who would fight
            return -50.0 if any(_is_bearer(c) for c in action.args[1:]) else 25.0
        if not _bearer_fights(seat.view):
            return super()._score(seat, action)
        if action.verb == "retreat":
            return 30.0
        if action.verb == "card" and action.args[0] == "retreat":
            return 20.0
        if action.verb == "card" and action.args[0] == "noble_sacrifice":
            return -50.0
        return super()._score(seat, action)


def _bearer_fights(view: View) -> bool:
    battle = view["battle"] or {}
    for fighter in (battle.get("attacker"), battle.get("defender")):
        if fighter is not None and fighter["side"] == FELLOWSHIP:
            return _is_bearer(fighter["piece"]["character"])
    return False


def _is_bearer(char: str | None) -> bool:
    return char in CHARS and CHARS[char].tile == _BEARER_TILE
