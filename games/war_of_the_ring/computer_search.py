"""The search level of War of the Ring: the rule-based player's best few choices of a die and
an action, each tried on states sampled from the seat's view and played on by the rule-based
player on both sides to the end of the next turn's actions, then judged by :func:`evaluate`.

- **Sampling** (:func:`determinize`): a position (:func:`.positions.from_position`) copied from
  the view (the board, the dice, the Hunt Box and pool, the Fellowship's public track, the piles
  played and on the table, the seat's hand) with what it hides dealt at random: the other hand
  from the cards of its decks neither seen played nor on the table (its size and the decks'
  sizes as the view says; the rest discarded face down), and a new PRNG, so the draws to come
  (dice, Hunt tiles, cards: blind draws from sorted piles) are the sample's own. Only a moment
  between two actions (a die to choose) is a position; elsewhere (battles, the Hunt, a
  procedure under way) the rule-based player decides, as for the game's modules (Twilight of
  the Third Age), which the sample does not describe.
- **Evaluation** (:func:`evaluate`): the race of the Ring (the Fellowship's way left to the Crack
  of Doom against its Corruption), victory points toward each side's military victory, armies
  next to the enemy's Strongholds and Cities, the Companions and the cards in hand.
- **Choice**: the candidates share the samples (the same worlds for each, common random
  numbers: their difference is the choice's, not the luck's); the best mean wins, the rule-based
  score breaking near ties.
"""

from __future__ import annotations

import math
import time
from collections.abc import Mapping
from typing import Any

from games.core import Action, InvalidPosition, State, View, clone
from games.core.players import Budget, CannotSample, Generator, Seat
from games.core.players.search import outcome

from .battle import battle_view
from .board import vp
from .card_piles import PILES, seen
from .computer import RuleBasedPlayer, board_scores
from .computer_ring import FALLEN, MORDOR_STEPS, to_mordor
from .data import CARDS, CHARACTERS, DECKS, NATIONS, REGIONS, SHADOW
from .positions import from_position
from .roles import ROLES
from .ruleset import WAR_OF_THE_RING as RULESET
from .setup import initial_position

#: The view's keys of Twilight of the Third Age: a sample would lose them, so it is refused.
MODULE_KEYS = ("ents", "dunlendings", "corsairs", "tta_characters", "siege_engines")
#: How many of the rule-based player's best choices the search weighs.
CANDIDATES = 4
#: Actions a playout plays at most (the rest of this turn and the next, as a rule).
PLAYOUT_LIMIT = 400
#: Who controls each Settlement at the start (the view shows only the changes).
_ORIGINAL_CONTROL: dict[str, str] = dict(initial_position()["control"])
#: Playouts stop when this many turns have begun after the sample's.
HORIZON_TURNS = 1


def _units(counts: Mapping[str, int]) -> str:
    return " ".join(f"{counts[k]}{k[0].upper()}" for k in ("regular", "elite", "leader") if counts.get(k))


def _table(entries: list[Mapping[str, Any]], key: str) -> dict[str, dict[str, str]]:
    found: dict[str, dict[str, str]] = {}
    for entry in entries:
        nations = entry.get(key) or {}
        text = {n: _units(c) for n, c in nations.items() if _units(c)}
        if text:
            found[entry["id"]] = text
    return found


def _deal(view: View, side: str, rng: Generator) -> tuple[list[str], list[str]]:
    """``side``'s hand (the seat's own, or dealt) and its discards face down, from the view."""
    cards = view["cards"][side]
    seen = set(cards["played"]) | set(cards["table"])
    own = cards["hand"]
    hand: list[str] = list(own) if own is not None else []
    unseen = {
        deck: [c for c in DECKS[f"{side}_{deck}"] if c not in seen and c not in hand]
        for deck in ("character", "strategy")
    }
    sizes = {deck: int(cards["decks"][deck]) for deck in unseen}
    spare = {deck: len(unseen[deck]) - sizes[deck] for deck in unseen}
    if any(n < 0 for n in spare.values()):
        raise CannotSample("the decks are larger than the cards unseen")
    if own is None:
        wanted = int(cards["hand_count"])
        if wanted > sum(spare.values()):
            raise CannotSample("the hand is larger than the cards unseen")
        pool = [c for deck in unseen for c in unseen[deck]]
        for _ in range(40):
            drawn = rng.sample(pool, wanted)
            if all(sum(1 for c in drawn if CARDS[c].deck == deck) <= spare[deck] for deck in unseen):
                hand = drawn
                break
        else:
            raise CannotSample("no hand fits the decks' sizes")
    discards: list[str] = []
    for deck in unseen:
        rest = [c for c in unseen[deck] if c not in hand]
        rng.shuffle(rest)
        discards += rest[: len(rest) - sizes[deck]]
    return hand, discards


def determinize(view: View, rng: Generator, rings_used: tuple[str, ...] = ()) -> State:
    """A full state the seat cannot tell from the real one, from its view and ``rng`` alone
    (``rings_used``: the sides known to have used an Elven Ring this turn)."""
    if any(key in view for key in MODULE_KEYS):
        raise CannotSample("Twilight of the Third Age is not sampled")
    if view.get("result") is not None or view.get("battle"):
        raise CannotSample("not a moment between two actions")
    active = list(view.get("active") or ())
    if len(active) != 1 or view["phase"] != "actions":
        raise CannotSample("not a die to choose")
    regions: list[Mapping[str, Any]] = view["regions"]
    characters: dict[str, str] = {}
    for entry in regions:
        for char in entry.get("characters", ()):
            characters[char] = entry["id"]
        for char in entry.get("garrison_characters", ()):
            characters[char] = f"{entry['id']}@inside"
    if any(char not in CHARACTERS for char in characters):
        raise CannotSample("a character the base game does not know")
    hands: dict[str, list[str]] = {}
    discards: dict[str, list[str]] = {}
    for side in ROLES:
        hands[side], discards[side] = _deal(view, side, rng)
    fellowship = dict(view["fellowship"])
    box = view["hunt"]["box"]
    fellowship["moved"] = int(box.get("free", 0)) > 0
    fellowship["declared"] = False
    position: dict[str, Any] = {
        "seed": rng.bits(62),
        "turn": view["turn"],
        "acting": active[0],
        "dice": {side: list(view["dice"][side]["unused"]) for side in ROLES},
        "hunt_box": {
            "shadow": box.get("shadow", 0),
            "free": box.get("free", 0),
            "allocated": view["hunt"]["allocated"],
        },
        "armies": _table(regions, "units"),
        "garrisons": _table(regions, "garrison"),
        "characters": characters,
        "eliminated": list(view["eliminated"]),
        "control": {e["id"]: e["control"] for e in regions if e.get("control")},
        "politics": {n: dict(p) for n, p in view["politics"].items()},
        "fellowship": fellowship,
        "hands": hands,
        "discards": discards,
        **{name: {side: list(view["cards"][side][name]) for side in ROLES} for name in PILES},
        "hunt": {
            "pool": list(view["hunt"]["tiles"]),
            "drawn": list(view["hunt"]["drawn"]),
            "waiting": list(view["hunt"]["waiting"]),
            "removed": [],
        },
        "rings": {**{side: view["rings"][side] for side in ROLES}, "used": list(rings_used)},
        "reinforcements": {n: _units(c) for n, c in view["reinforcements"].items()},
    }
    try:
        state = from_position(RULESET.name, position)
    except (InvalidPosition, KeyError, ValueError) as problem:
        raise CannotSample(str(problem)) from problem
    state["fellowship"]["moved"] = fellowship["moved"]
    return state


# -- evaluation -----------------------------------------------------------------------------------
def _ring_score(state: State) -> float:
    """The Free Peoples' chances in the Ring's race, in [-1, 1]: the way left against the
    Corruption the Ring-bearers can still take."""
    fs = state["fellowship"]
    way: float
    if fs["mordor"] is not None:
        way = MORDOR_STEPS - int(fs["mordor"])
    else:
        way = MORDOR_STEPS + 1 + to_mordor(str(fs["region"])) - 0.5 * min(int(fs["progress"]), 3)
    room = FALLEN - int(fs["corruption"])
    shields = sum(CHARACTERS[c].level or 0 for c in fs["companions"])
    return math.tanh((room + 0.35 * shields - 1.1 * way) / 5.0)


def _military(state: State, side: str) -> float:
    """Strength next to the enemy's Settlements (``side``'s threat), hit points as in a battle."""
    total = 0.0
    for region, nations in state["armies"].items():
        own = 0.0
        for nation, counts in nations.items():
            if NATIONS[nation].side == side:
                own += counts.get("regular", 0) + 2 * counts.get("elite", 0) + 0.5 * counts.get("leader", 0)
        if own <= 0:
            continue
        near = 0
        for other in (region, *REGIONS[region].neighbours):
            info = REGIONS[other]
            holder = state["control"].get(other)
            if info.settlement and holder is not None and holder != side and info.vp:
                near = max(near, info.vp)
        total += own * (0.3 + 0.35 * near)
    return total


def evaluate(state: State, role: str) -> float:
    """``role``'s chances in [0, 1] of a game not over yet."""
    if state["result"] is not None:
        return outcome(state, role)
    free_vp, shadow_vp = vp(state, "free"), vp(state, SHADOW)
    military = (shadow_vp / 10.0) - (free_vp / 4.0)  # each side's way to a military victory
    pressure = (_military(state, SHADOW) - _military(state, "free")) / 60.0
    cards = (len(state["hands"]["free"]) - len(state["hands"][SHADOW])) * 0.02
    free_side = 0.5 + 0.28 * _ring_score(state) - 0.3 * military - 0.1 * math.tanh(pressure) + cards
    free_side = min(0.99, max(0.01, free_side))
    return free_side if role == "free" else 1.0 - free_side


# -- the player -----------------------------------------------------------------------------------
class SearchingPlayer:
    """Weighs the rule-based player's best die choices on sampled worlds; elsewhere plays as it."""

    def __init__(self, candidates: int = CANDIDATES, playout_limit: int = PLAYOUT_LIMIT) -> None:
        self.rules = RuleBasedPlayer()
        self.candidates = candidates
        self.playout_limit = playout_limit
        #: Decisions the rule-based player took since creation (the bench reports how often).
        self.fallbacks = 0

    def decide(self, seat: Seat) -> Action:
        if len(seat.actions) == 1:
            return seat.actions[0]
        if not _a_die_to_choose(seat):
            self.fallbacks += 1
            return self.rules.decide(seat)
        rng = seat.rng()
        scores = board_scores(seat)
        order = sorted(range(len(seat.actions)), key=lambda i: -scores[i])
        choices = [seat.actions[i] for i in order[: self.candidates]]
        wanted = set(seat.actions)
        used = known_ring_use(seat)
        totals = dict.fromkeys(choices, 0.0)
        samples = 0
        deadline = None if seat.budget.seconds is None else time.perf_counter() + seat.budget.seconds
        rounds = max(1, seat.budget.iterations // len(choices))
        started = time.perf_counter()
        while samples < rounds and (deadline is None or _time_for_another(started, samples, deadline)):
            try:
                world = determinize(seat.view, rng, used)
            except CannotSample:
                break
            if (
                seat.role not in RULESET.active(world)
                or set(RULESET.legal_actions(world, seat.role)) != wanted
            ):
                break
            seed = rng.bits(62)
            rng_state = Generator(seed).game_seed()
            for action in choices:
                state = clone(world)
                state["rng"] = rng_state
                RULESET.apply(state, seat.role, action)
                totals[action] += self._playout(state, seat.role, seed)
            samples += 1
        if samples == 0:
            self.fallbacks += 1
            return self.rules.decide(seat)
        prior = {a: scores[seat.actions.index(a)] for a in choices}
        return max(choices, key=lambda a: totals[a] / samples + 0.002 * prior[a])

    def _playout(self, state: State, role: str, seed: int) -> float:
        last_turn = int(state["turn"]["number"]) + HORIZON_TURNS
        for count in range(self.playout_limit):
            if state["result"] is not None:
                break
            if int(state["turn"]["number"]) > last_turn:
                break
            active = RULESET.active(state)
            if not active:
                break
            mover = min(active)
            legal = RULESET.legal_actions(state, mover)
            if len(legal) == 1:
                move = legal[0]
            else:
                seat = Seat(
                    RULESET.name, mover, playout_view(state, mover), tuple(legal), seed + count, Budget(1)
                )
                move = self.rules.decide(seat)
            RULESET.apply(state, mover, move)
        return evaluate(state, role)


def _time_for_another(started: float, rounds: int, deadline: float) -> bool:
    """Whether one more round (a sample tried with every candidate) ends before the deadline, at
    the pace of the rounds so far."""
    now = time.perf_counter()
    pace = (now - started) / rounds if rounds else 0.0
    return now + pace <= deadline or rounds == 0


def playout_view(state: State, role: str) -> View:
    """The part of ``role``'s view the rule-based player reads, built quickly from a sampled
    state (a playout's moves: the real view costs most of a playout's time)."""
    control = state["control"]
    changed = {r: side for r, side in control.items() if _ORIGINAL_CONTROL.get(r) != side}
    armies = state["armies"]
    regions = [{"id": r, "units": armies.get(r, {}), "control": changed.get(r)} for r in {*armies, *changed}]
    return {
        "regions": regions,
        "fellowship": state["fellowship"],
        "hunt": {"box": state["hunt_box"], "tiles": state["hunt"]["pool"]},
        "cards": {
            side: {
                "table": seen(state, "table", side),
                "hand": state["hands"][role] if side == role else None,
            }
            for side in ROLES
        },
        "politics": state["politics"],
        "turn": state["turn"]["number"],
        "vp": {side: vp(state, side) for side in ROLES},
        "battle": battle_view(state),
    }


def known_ring_use(seat: Seat) -> tuple[str, ...]:
    """The seat used an Elven Ring this turn if it holds one and may not use it."""
    holds = int(seat.view["rings"][seat.role]) > 0
    return (seat.role,) if holds and not any(a.verb == "ring" for a in seat.actions) else ()


def _a_die_to_choose(seat: Seat) -> bool:
    """The seat chooses a die and an action (the moment a position describes: a die may be
    skipped only there)."""
    return (
        seat.view.get("phase") == "actions"
        and not seat.view.get("battle")
        and any(a.verb == "skip" for a in seat.actions)
    )
