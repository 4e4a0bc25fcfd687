"""Described positions: every piece of the game's state between two actions, in and out.

A position is a JSON-like mapping; every key is optional::

    {
      "options": {"deckout": "end-of-turn", "city_entry": "both"},
      "round": 1,                                   # the round under way
      "dice": {"rolled": [6, 4, 2],                 # the round's action dice (high first),
               "taken": [{"role": "good", "pips": 4}],   # those taken, by whom, in order,
               "left": [6, 2]},                     # and those left (default: as the turn needs)
      "turn": {"role": "good", "in_round": 1,       # whose turn, 1-3 in the round
               "phase": "act",                      # "die" (choosing), "trade" or "act"
               "die": 4, "points": 4,               # the die taken and the points left
               "special_used": false,               # the special trade of this turn is made
               "no_fight": ["evil"],                # sides that may not fight any more this turn
               "shot": {"wall_gate": 1},            # shooters that shot this turn, per space
               "catapults": ["wall_gate"]},         # catapults that shot this turn
      "units": {"causeway": {"orcs": 4, "trolls": 1}, ...},   # battalions per space and kind
      "leaders": {"gandalf": "minas_tirith", "theoden": "card", "gothmog": "captured", ...},
                                                    # a space, "card" (waiting on its holder
                                                    # card), "captured" or "removed"; default:
                                                    # "card" for Théoden, Aragorn and Imrahil,
                                                    # "removed" for the others
      "gate": {"broken": false, "blows": 1},
      "hands": {"good": ["the_shire", "wild_1"], "evil": []},  # reinforcement cards (face up)
      "mt_cards": {"good": [{"id": "theoden", "holds": {"cavalry": 2}}], "evil": ["grond"]},
                                                    # Minas Tirith cards in front (an id alone:
                                                    # holding nothing)
      "decks": {"reinforcements": [...], "mt": [...],   # the draw piles, top LAST; every card
                "used": [...], "aside": [...]},     # placed nowhere goes under its pile, in data
                                                    # order; used reinforcement cards, put-aside
                                                    # Minas Tirith cards
      "captured": {"good": {"orcs": 2, "gothmog": 1}, "evil": {}},   # by the capturer
      "deck_out": false,                            # the last reinforcement card is drawn
      "last": null,                                 # the last battle, as the view shows it
      "seed": 1                                     # the PRNG (dice and draws to come)
    }

A position describes a moment between two actions with no battle, advance or trade reward open;
:func:`to_position` refuses the others. Anything impossible is refused with
:class:`~games.core.InvalidPosition` naming what is wrong.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from games.core import InvalidPosition, State

from . import turn
from .facts import (
    LEADER_CARDS,
    LEADERS,
    MT_CARDS,
    MT_DECK,
    REINFORCEMENT_DECK,
    REINFORCEMENTS,
    SIDES,
    SPACES,
    UNITS,
)
from .invariants import check
from .options import OPTIONS
from .setup import empty_state

KNOWN = frozenset(
    {
        "options",
        "round",
        "dice",
        "turn",
        "units",
        "leaders",
        "gate",
        "hands",
        "mt_cards",
        "decks",
        "captured",
        "deck_out",
        "last",
        "seed",
    }
)
PHASES = ("die", "trade", "act")
TURN_KEYS = frozenset(
    {"role", "in_round", "phase", "die", "points", "special_used", "no_fight", "shot", "catapults"}
)


def _fail(message: str) -> InvalidPosition:
    return InvalidPosition(message)


def _side(value: Any, what: str) -> str:
    if value not in SIDES:
        raise _fail(f"{what} is 'good' or 'evil', not {value!r}")
    return str(value)


def from_position(game: str, position: Mapping[str, Any]) -> State:
    if not isinstance(position, Mapping):
        raise _fail("a position is a mapping of keys")
    unknown = set(position) - KNOWN
    if unknown:
        raise _fail(f"unknown keys {sorted(unknown)}: a position may give {sorted(KNOWN)}")
    options = dict(position.get("options") or {})
    resolved: dict[str, str] = {}
    for spec in OPTIONS:
        value = options.pop(spec.name, spec.default)
        if value not in spec.choices:
            raise _fail(f"option {spec.name} is one of {list(spec.choices)}, not {value!r}")
        resolved[spec.name] = value
    if options:
        raise _fail(f"unknown options {sorted(options)}")
    state = empty_state(game, int(position.get("seed", 1)), resolved)
    _turn(state, position)
    _units(state, position.get("units") or {})
    _leaders(state, position.get("leaders") or {})
    gate = position.get("gate") or {}
    state["gate"] = {"broken": bool(gate.get("broken", False)), "blows": int(gate.get("blows", 0))}
    if not 0 <= state["gate"]["blows"] <= 3:
        raise _fail("the gate takes 0 to 3 blows")
    _cards(state, position)
    _captured(state, position.get("captured") or {})
    state["deck_out"] = bool(position.get("deck_out", False))
    state["last"] = copy.deepcopy(position.get("last"))
    problems = check(state)
    if problems:
        raise _fail("; ".join(problems))
    return state


def _turn(state: State, position: Mapping[str, Any]) -> None:
    given = dict(position.get("turn") or {})
    unknown = set(given) - TURN_KEYS
    if unknown:
        raise _fail(f"unknown turn keys {sorted(unknown)}")
    state["round"] = int(position.get("round", 1))
    if state["round"] < 1:
        raise _fail("the round is 1 or more")
    in_round = int(given.get("in_round", 1))
    if in_round not in (1, 2, 3):
        raise _fail("in_round is 1, 2 or 3")
    role = turn.player_of(state["round"], in_round)
    if "role" in given and _side(given["role"], "the turn's role") != role:
        raise _fail(f"turn {in_round} of round {state['round']} is {role}'s")
    phase = given.get("phase", "act")
    if phase not in PHASES:
        raise _fail(f"the phase is one of {list(PHASES)}, not {phase!r}")
    fresh = turn.fresh_turn(role, in_round)
    die = given.get("die")
    if phase == "die":
        if die is not None:
            raise _fail("a turn choosing its die has no die yet")
    elif die not in range(1, 7):
        raise _fail("a turn past choosing its die gives its die (1-6)")
    fresh["die"] = die
    fresh["points"] = int(given.get("points", die if isinstance(die, int) else 0))
    fresh["special_used"] = bool(given.get("special_used", False))
    fresh["no_fight"] = [_side(s, "no_fight") for s in given.get("no_fight", [])]
    fresh["shot"] = {str(k): int(v) for k, v in (given.get("shot") or {}).items()}
    fresh["catapults"] = [str(s) for s in given.get("catapults", [])]
    for space in (*fresh["shot"], *fresh["catapults"]):
        if space not in SPACES:
            raise _fail(f"unknown space {space!r}")
    state["turn"] = fresh
    dice = position.get("dice") or _default_dice(state["round"], in_round, phase, die)
    rolled = [int(d) for d in dice.get("rolled", [])]
    taken: list[dict[str, Any]] = [
        {"role": _side(die_taken["role"], "a taken die's role"), "pips": int(die_taken["pips"])}
        for die_taken in dice.get("taken", [])
    ]
    left = [int(d) for d in dice.get("left", [])]
    if sorted(rolled) != sorted([t["pips"] for t in taken] + left) or len(rolled) != 3:
        raise _fail("the dice taken and left are the three dice rolled")
    expected = in_round - 1 if phase == "die" else in_round
    if len(taken) != expected:
        raise _fail(f"turn {in_round} in phase {phase} has {expected} dice taken, not {len(taken)}")
    if phase != "die" and taken[-1] != {"role": role, "pips": die}:
        raise _fail("the last die taken is the turn's die")
    state["dice"] = {"rolled": rolled, "taken": taken, "left": left}
    state["stack"] = [{"step": phase}]


def _default_dice(round_number: int, in_round: int, phase: str, die: int | None) -> dict[str, Any]:
    """Dice for a position that gives none: 1s for the turns before, the turn's own die."""
    taken: list[dict[str, Any]] = [
        {"role": turn.player_of(round_number, n), "pips": 1} for n in range(1, in_round)
    ]
    if phase != "die" and die is not None:
        taken.append({"role": turn.player_of(round_number, in_round), "pips": die})
    left = [1] * (3 - len(taken))
    rolled = sorted([int(t["pips"]) for t in taken] + left, reverse=True)
    return {"rolled": rolled, "taken": taken, "left": left}


def _units(state: State, units: Mapping[str, Any]) -> None:
    for space, here in units.items():
        if space not in SPACES:
            raise _fail(f"unknown space {space!r}")
        for kind, n in dict(here).items():
            if kind not in UNITS:
                raise _fail(f"unknown kind {kind!r} in {space}")
            if int(n) < 0:
                raise _fail(f"a negative count of {kind} in {space}")
            if int(n):
                state["units"][space][kind] = int(n)


def _leaders(state: State, leaders: Mapping[str, Any]) -> None:
    for leader, where in leaders.items():
        if leader not in LEADERS:
            raise _fail(f"unknown leader {leader!r}")
        if where == "card" and leader not in LEADER_CARDS:
            raise _fail(f"{leader} has no card to wait on")
        state["leaders"][leader] = where


def _cards(state: State, position: Mapping[str, Any]) -> None:
    hands = position.get("hands") or {}
    for side in SIDES:
        state["hands"][side] = [str(c) for c in hands.get(side, [])]
    fronts = position.get("mt_cards") or {}
    for side in SIDES:
        entries = []
        for entry in fronts.get(side, []):
            item: dict[str, Any] = {"id": entry, "holds": {}} if isinstance(entry, str) else dict(entry)
            if item["id"] not in MT_CARDS:
                raise _fail(f"unknown Minas Tirith card {item['id']!r}")
            raw: dict[str, Any] = dict(item.get("holds") or {})
            holds = {str(k): int(n) for k, n in raw.items() if int(n)}
            entries.append({"id": item["id"], "holds": holds})
        state["mt"][side] = entries
    decks = position.get("decks") or {}
    placed = [c for side in SIDES for c in state["hands"][side]] + list(decks.get("used", []))
    for card in placed + list(decks.get("reinforcements", [])):
        if card not in REINFORCEMENTS:
            raise _fail(f"unknown reinforcement card {card!r}")
    given = list(decks.get("reinforcements", []))
    state["decks"]["reinforcements"] = [c for c in REINFORCEMENT_DECK if c not in placed + given] + given
    state["decks"]["used"] = list(decks.get("used", []))
    aside = list(decks.get("aside", []))
    fronted = [e["id"] for side in SIDES for e in state["mt"][side]]
    for card in aside + list(decks.get("mt", [])):
        if card not in MT_CARDS:
            raise _fail(f"unknown Minas Tirith card {card!r}")
    given_mt = list(decks.get("mt", []))
    state["decks"]["mt"] = [c for c in MT_DECK if c not in aside + fronted + given_mt] + given_mt
    state["decks"]["aside"] = aside


def _captured(state: State, captured: Mapping[str, Any]) -> None:
    for side, pile in captured.items():
        _side(side, "a capturer")
        for what, n in dict(pile).items():
            if what not in UNITS and what not in LEADERS:
                raise _fail(f"unknown captured piece {what!r}")
            if int(n) > 0:
                state["captured"][side][what] = int(n)


def to_position(state: State) -> dict[str, Any]:
    stack = state["stack"]
    if state["result"] is not None or len(stack) != 1 or stack[0]["step"] not in PHASES:
        raise InvalidPosition("a position is described between turns' steps, with nothing open")
    current = state["turn"]
    return {
        "options": dict(state["options"]),
        "round": state["round"],
        "dice": copy.deepcopy(state["dice"]),
        "turn": {
            "role": current["role"],
            "in_round": current["in_round"],
            "phase": stack[0]["step"],
            "die": current["die"],
            "points": current["points"],
            "special_used": current["special_used"],
            "no_fight": list(current["no_fight"]),
            "shot": dict(current["shot"]),
            "catapults": list(current["catapults"]),
        },
        "units": {s: dict(here) for s, here in state["units"].items() if here},
        "leaders": dict(state["leaders"]),
        "gate": dict(state["gate"]),
        "hands": {s: list(state["hands"][s]) for s in SIDES},
        "mt_cards": {s: [{"id": e["id"], "holds": dict(e["holds"])} for e in state["mt"][s]] for s in SIDES},
        "decks": {k: list(v) for k, v in state["decks"].items()},
        "captured": {s: dict(state["captured"][s]) for s in SIDES},
        "deck_out": state["deck_out"],
        "last": copy.deepcopy(state["last"]),
        "seed": state["rng"],
    }
