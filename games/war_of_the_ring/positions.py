"""Positions: a War of the Ring state built from a described position, validated.

A position is a mapping; every key is optional (missing ones keep the set-up's values):

```text
{
  "turn": 3,                                   # the turn number
  "acting": "free" | "shadow",                 # who acts now (phase 5, Action resolution)
  "dice": {"free": ["character", "will"], "shadow": ["army", "muster"]},   # unused dice now
  "hunt_box": {"shadow": 2, "free": 0, "allocated": 1},   # "allocated": of the Shadow's dice there,
                                               # how many were put in (the rest came up as Eyes)
  "armies": {"osgiliath": {"gondor": "2R 1L"}, "minas_morgul": {"sauron": "5R 1E 2L"}},
                                               # replaces every Army on the map; "L" of Sauron = Nazgûl
  "add": {"osgiliath": {"sauron": "1R"}},      # adds to the set-up's (or the given) Armies instead
  "garrisons": {"minas_tirith": {"gondor": "3R 1E 1L"}},   # inside besieged Strongholds
  "characters": {"witch_king": "minas_morgul", "boromir": "minas_tirith",
                 "gandalf_grey": "minas_tirith@inside"},   # on the map (leave the Fellowship)
  "eliminated": ["gimli"],
  "control": {"osgiliath": "shadow", "edoras": "shadow"},  # Settlements whose controller changed
  "politics": {"rohan": {"steps": 0, "active": true}},
  "fellowship": {"region": "moria", "progress": 2, "revealed": false, "corruption": 3,
                 "mordor": null, "companions": ["strider", "legolas"], "guide": "strider"},
  "hands": {"free": ["fpc_01"], "shadow": []},
  "discards": {"free": [], "shadow": ["shs_03"]},            # played or discarded (out of the decks)
  "hunt": {"drawn": ["3_1"], "removed": [], "waiting": [], "pool": [...]},   # tile ids; "pool"
                                               # defaults to the standard tiles not drawn
  "rings": {"free": 2, "shadow": 1, "used": ["free"]},   # "used": who used one this turn
  "messenger_used": false,                     # the Mouth of Sauron's Messenger used this turn
}
```

Companions neither in the Fellowship's ``companions`` nor on the map are eliminated.
Reinforcements are what each Nation's pool leaves over (figures on the map, Free Peoples
casualties, the given ``casualties`` if any). An impossible position raises
:class:`games.core.InvalidPosition` naming what is wrong. :func:`to_position` describes a state
between two actions in the same format.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from games.core import InvalidPosition, State, new_state
from games.core.flow import push

from .common import KINDS, ROLES
from .data import CARDS, CHARACTERS, COMPANIONS, NATIONS, REGIONS, TILES
from .dice import FACES
from .invariants import check
from .setup import initial_position

_UNITS = re.compile(r"^\s*(\d+)\s*([REL])\s*$", re.IGNORECASE)
_LETTER = {"R": "regular", "E": "elite", "L": "leader"}


def parse_units(text: str | Mapping[str, int], where: str) -> dict[str, int]:
    """``"3R 1E 1L"`` (or ``{"regular": 3, ...}``) as counts.

    >>> parse_units("3R 1e", "x")
    {'regular': 3, 'elite': 1}
    """
    if isinstance(text, Mapping):
        given = {k: int(v) for k, v in text.items() if int(v)}
        if any(k not in KINDS for k in given):
            raise InvalidPosition(f"{where}: unit kinds are {', '.join(KINDS)}")
        return given
    counts: dict[str, int] = {}
    for part in str(text).split():
        match = _UNITS.match(part)
        if match is None:
            raise InvalidPosition(f"{where}: {part!r} is not like 3R, 1E or 1L")
        kind = _LETTER[match.group(2).upper()]
        counts[kind] = counts.get(kind, 0) + int(match.group(1))
    return {k: v for k, v in counts.items() if v}


def _armies(raw: Mapping[str, Any], what: str) -> dict[str, dict[str, dict[str, int]]]:
    found: dict[str, dict[str, dict[str, int]]] = {}
    for region, nations in raw.items():
        if region not in REGIONS:
            raise InvalidPosition(f"{what}: unknown region {region!r}")
        for nation, text in nations.items():
            if nation not in NATIONS:
                raise InvalidPosition(f"{what} in {region}: unknown nation {nation!r}")
            counts = parse_units(text, f"{what} of {nation} in {region}")
            if counts:
                found.setdefault(region, {})[nation] = counts
    return found


KEYS = frozenset(
    {"seed", "turn", "acting", "dice", "hunt_box", "armies", "add", "garrisons", "characters", "eliminated"}
    | {
        "control",
        "politics",
        "fellowship",
        "hands",
        "discards",
        "hunt",
        "rings",
        "casualties",
        "messenger_used",
    }
)


def from_position(name: str, position: Mapping[str, Any]) -> State:
    unknown = sorted(set(position) - KEYS)
    if unknown:
        raise InvalidPosition(f"unknown keys {', '.join(unknown)}; a position has {', '.join(sorted(KEYS))}")
    state = new_state(name, int(position.get("seed", 1)), {}, ROLES)
    state.update(initial_position())
    game = state
    if "armies" in position:
        game["armies"] = _armies(position["armies"], "armies")
    for region, nations in _armies(position.get("add", {}), "add").items():
        for nation, counts in nations.items():
            here = game["armies"].setdefault(region, {}).setdefault(nation, {})
            for kind, n in counts.items():
                here[kind] = here.get(kind, 0) + n
    game["garrisons"] = _armies(position.get("garrisons", {}), "garrisons")
    fellowship = dict(game["fellowship"])
    fellowship.update(position.get("fellowship", {}))
    companions = list(fellowship["companions"])
    eliminated = list(position.get("eliminated", []))
    characters: dict[str, dict[str, Any]] = {}
    for char, where in position.get("characters", {}).items():
        if char not in CHARACTERS:
            raise InvalidPosition(f"unknown character {char!r}")
        region, _, inside = str(where).partition("@")
        if region not in REGIONS:
            raise InvalidPosition(f"{char}: unknown region {region!r}")
        characters[char] = {"region": region, "inside": inside == "inside"}
        if char in companions and "companions" not in position.get("fellowship", {}):
            companions.remove(char)
    for char in eliminated:
        if char not in CHARACTERS:
            raise InvalidPosition(f"unknown character {char!r}")
        if char in companions and "companions" not in position.get("fellowship", {}):
            companions.remove(char)
    fellowship["companions"] = [c for c in COMPANIONS if c in companions]
    # A Companion neither in the Fellowship nor on the map is out of the game.
    eliminated += [
        c for c in COMPANIONS if c not in companions and c not in characters and c not in eliminated
    ]
    if "guide" not in position.get("fellowship", {}) and fellowship["guide"] not in fellowship["companions"]:
        from .fellowship import guide_candidates

        state["fellowship"] = fellowship
        fellowship["guide"] = guide_candidates(state)[0]
    game["fellowship"] = fellowship
    game["characters"] = characters
    game["eliminated"] = eliminated
    for region, side in position.get("control", {}).items():
        if region not in game["control"]:
            raise InvalidPosition(f"{region} has no Settlement to control")
        if side not in ROLES:
            raise InvalidPosition(f"control of {region}: {side!r} is not a side")
        game["control"][region] = side
    for nation, track in position.get("politics", {}).items():
        if nation not in NATIONS:
            raise InvalidPosition(f"politics: unknown nation {nation!r}")
        game["politics"][nation] = {**game["politics"][nation], **track}
    for side, hand in position.get("hands", {}).items():
        for card in hand:
            if card not in CARDS or CARDS[card].side != side:
                raise InvalidPosition(f"{card!r} is not a {side} card")
            deck = game["decks"][f"{side}_{CARDS[card].deck}"]
            deck.remove(card)
        game["hands"][side] = list(hand)
    for side, cards in position.get("discards", {}).items():
        for card in cards:
            if card not in CARDS or CARDS[card].side != side:
                raise InvalidPosition(f"{card!r} is not a {side} card")
            deck = game["decks"][f"{side}_{CARDS[card].deck}"]
            if card not in deck:
                raise InvalidPosition(f"{card} is both in hand and discarded")
            deck.remove(card)
        game["discards"][side] = list(cards)
    hunt = position.get("hunt", {})
    for key in ("pool", "drawn", "removed", "waiting"):
        if key in hunt:
            unknown_tiles = [t for t in hunt[key] if t not in TILES]
            if unknown_tiles:
                raise InvalidPosition(f"hunt {key}: unknown tiles {', '.join(unknown_tiles)}")
            game["hunt"][key] = sorted(hunt[key]) if key == "pool" else list(hunt[key])
    if "drawn" in hunt and "pool" not in hunt:
        game["hunt"]["pool"] = [t for t in game["hunt"]["pool"] if t not in hunt["drawn"]]
    game["rings"].update(position.get("rings", {}))
    box = dict(position.get("hunt_box", {}))
    allocated = int(box.pop("allocated", 0))
    game["hunt_box"].update(box)
    casualties = position.get("casualties", {})
    _balance(game, casualties)
    game["turn"] = {"number": int(position.get("turn", 1)), "phase": "actions", "returned": False}
    if not 0 <= allocated <= int(game["hunt_box"]["shadow"]):
        raise InvalidPosition(
            f"hunt_box: {allocated} allocated, but {game['hunt_box']['shadow']} Shadow dice there"
        )
    if allocated:
        game["turn"]["allocated"] = allocated
    if position.get("messenger_used"):
        game["turn"]["messenger"] = True
    acting = position.get("acting", "free")
    if acting not in ROLES:
        raise InvalidPosition(f"acting: {acting!r} is not a side")
    for side in ROLES:
        faces = list(position.get("dice", {}).get(side, []))
        bad = [f for f in faces if f not in FACES[side] or f == "eye"]
        if bad:
            raise InvalidPosition(f"{side} dice cannot show {', '.join(bad)}")
        game["dice"][side] = {"rolled": faces, "used": []}
    game["turn"]["pool"] = {s: len(game["dice"][s]["rolled"]) + game["hunt_box"][s] for s in ROLES}
    if not game["dice"][acting]["rolled"] and any(game["dice"][s]["rolled"] for s in ROLES):
        raise InvalidPosition(f"the {acting} cannot act without a die")
    problems = check(state)
    if problems:
        raise InvalidPosition("; ".join(problems))
    if any(game["dice"][s]["rolled"] for s in ROLES):
        push(state, "act", side=acting)
    return state


def _balance(game: dict[str, Any], casualties: Mapping[str, Any]) -> None:
    """Reinforcements = pool - figures on the map - casualties (refused if negative)."""
    for nation, info in NATIONS.items():
        pool = {"regular": info.pool.regular, "elite": info.pool.elite, "leader": info.pool.leader}
        dead = parse_units(casualties[nation], f"casualties of {nation}") if nation in casualties else {}
        left: dict[str, int] = {}
        for kind in KINDS:
            used = sum(
                table.get(region, {}).get(nation, {}).get(kind, 0)
                for table in (game["armies"], game["garrisons"])
                for region in REGIONS
            )
            remaining = pool[kind] - used - dead.get(kind, 0)
            if remaining < 0:
                raise InvalidPosition(f"{nation} has only {pool[kind]} {kind} figures")
            left[kind] = remaining
        game["reinforcements"][nation] = left
        if info.side == "free":
            game["casualties"][nation] = {k: dead.get(k, 0) for k in KINDS}


def to_position(state: State) -> dict[str, Any]:
    def text(counts: Mapping[str, int]) -> str:
        return " ".join(f"{counts[k]}{k[0].upper()}" for k in KINDS if counts.get(k))

    def table(armies: Mapping[str, Any]) -> dict[str, dict[str, str]]:
        return {r: {n: text(c) for n, c in nations.items()} for r, nations in armies.items()}

    top = state["stack"][-1] if state["stack"] else None
    if top is None or top["step"] != "act" or len(state["stack"]) != 1:
        raise InvalidPosition("only a moment between two actions (a player choosing a die) is a position")
    original = initial_position()["control"]
    return {
        "turn": state["turn"]["number"],
        "acting": top["side"] if top and top["step"] == "act" else "free",
        "dice": {side: list(state["dice"][side]["rolled"]) for side in ROLES},
        "hunt_box": {**state["hunt_box"], "allocated": int(state["turn"].get("allocated", 0))},
        "armies": table(state["armies"]),
        "garrisons": table(state["garrisons"]),
        "characters": {
            c: w["region"] + ("@inside" if w.get("inside") else "") for c, w in state["characters"].items()
        },
        "eliminated": list(state["eliminated"]),
        "control": {r: s for r, s in state["control"].items() if original.get(r) != s},
        "politics": {n: dict(p) for n, p in state["politics"].items()},
        "fellowship": {
            k: state["fellowship"][k]
            for k in (
                "region",
                "progress",
                "revealed",
                "corruption",
                "mordor",
                "companions",
                "guide",
                "moved",
                "declared",
            )
        },
        "hands": {side: list(state["hands"][side]) for side in ROLES},
        "discards": {side: list(state["discards"][side]) for side in ROLES},
        "hunt": {k: list(state["hunt"][k]) for k in ("pool", "drawn", "removed", "waiting")},
        "rings": {**{side: state["rings"][side] for side in ROLES}, "used": list(state["rings"]["used"])},
        "casualties": {n: text(c) for n, c in state["casualties"].items() if any(c.values())},
        "messenger_used": bool(state["turn"].get("messenger")),
    }
