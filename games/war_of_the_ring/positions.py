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
  "discards": {"free": [], "shadow": ["shs_03"]},            # discarded face down (hand limit)
  "played": {"free": ["fps_02"], "shadow": []},              # played and discarded face up
  "table": {"free": ["fpc_05"], "shadow": []},               # table cards in play
  "hunt": {"drawn": ["3_1"], "removed": [], "waiting": [], "pool": [...]},   # tile ids; "pool"
                                               # defaults to the standard tiles not drawn
  "rings": {"free": 2, "shadow": 1, "used": ["free"]},   # "used": who used one this turn
  "messenger_used": false,                     # the Mouth of Sauron's Messenger used this turn
  "reinforcements": {"gondor": "2R 1E", "sauron": "8R 4E 4L"},   # figures off the map, ready
  "casualties": {"gondor": "1R"},              # Free Peoples figures eliminated for good
  "start": "turn" | "phase:<name>",            # see below
  "switches": [...], "tta": {...},             # Twilight of the Third Age (tta/positions.py)
}
```

Companions neither in the Fellowship's ``companions`` nor on the map are eliminated.
Each Nation's figures not on the map are its reinforcements and (Free Peoples) casualties: give
either and the other is the rest of the pool; give none and they are all reinforcements. A
Shadow Nation has no casualties (they go back to its reinforcements): of its pool, figures
neither on the map nor in ``reinforcements`` are out of the game.

``start`` (:mod:`games.core.positions`) puts the position at the beginning of the turn
(``"turn"``: the engine counts the turn, recovers every die, takes back the Free Peoples' dice
from the Hunt Box, draws a card from each deck and goes on with the phases) or of one phase
(``"phase:recover"``, ``fellowship``, ``hunt``, ``roll``, ``actions``, ``victory``), from which
the engine plays on as in play until someone must decide. Keys of a moment after that start are
refused: no ``dice``, ``acting``, ``messenger_used``, ``rings.used`` or ``hunt_box.allocated``
before the actions (``hunt_box`` is the box the previous turn left, at the start of the turn or
of the recovery; at ``phase:roll`` its ``shadow`` dice are those allocated to the Hunt; at
``phase:actions`` the ``dice`` are those just rolled and the Free Peoples act first).

An impossible position raises :class:`games.core.InvalidPosition` naming what is wrong.
:func:`to_position` describes a state between two actions in the same format.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from games.core import InvalidPosition, State, new_state
from games.core.flow import call
from games.core.positions import Start, refuse_under_way, start_of

from .board import KINDS
from .card_piles import PILES, seen
from .data import CARDS, CHARACTERS, COMPANIONS, DUNLENDINGS, NATIONS, REGIONS, TILES
from .dice import FACES
from .fellowship import guide_candidates
from .invariants import check
from .roles import ROLES
from .setup import initial_position
from .tta import positions as tta_positions
from .tta.content import CARDS as TTA_CARDS
from .tta.content import REPLACEMENTS, SMEAGOL_TILES
from .tta.state import on as tta_on
from .turn import PHASES, begin_turn, next_phase, on_turn_frame, recover

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


def _armies(
    raw: Mapping[str, Any], what: str, dunlendings: bool = False
) -> dict[str, dict[str, dict[str, int]]]:
    """An Army table; with the Twilight switch ``dunlendings`` on, ``dunlendings`` (Regulars) too."""
    found: dict[str, dict[str, dict[str, int]]] = {}
    for region, nations in raw.items():
        if region not in REGIONS:
            raise InvalidPosition(f"{what}: unknown region {region!r}")
        for nation, text in nations.items():
            if nation == DUNLENDINGS and dunlendings:
                counts = parse_units(text, f"{what} of {nation} in {region}")
                if set(counts) - {"regular"}:
                    raise InvalidPosition(f"{what} in {region}: the Dunlendings are Regulars only")
                found.setdefault(region, {})[nation] = counts
                continue
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
        "played",
        "table",
        "hunt",
        "rings",
        "casualties",
        "reinforcements",
        "messenger_used",
        "start",
        "switches",
        "tta",
    }
)

#: The Twilight of the Third Age cards a deck may hold, by id.
_TTA_CARDS = {**TTA_CARDS, **{c.id: c for c in REPLACEMENTS.values()}}


#: The "deck" of a card of no deck (We Shall Get It): the module's set-aside cards.
ASIDE = "aside"


def _card(card: str) -> tuple[str, str, bool] | None:
    """A card's side, deck (:data:`ASIDE` for a card set aside) and whether it stays on the
    table; None for an unknown id."""
    found = CARDS.get(card) or _TTA_CARDS.get(card)
    if found is None:
        return None
    return found.side, found.deck or ASIDE, found.on_table


def from_position(name: str, position: Mapping[str, Any]) -> State:
    unknown = sorted(set(position) - KEYS)
    if unknown:
        raise InvalidPosition(f"unknown keys {', '.join(unknown)}; a position has {', '.join(sorted(KEYS))}")
    state = new_state(name, int(position.get("seed", 1)), {}, ROLES)
    state.update(initial_position())
    tta_positions.start(state, position)
    game = state
    dunland = tta_on(state, "dunlendings")
    if "armies" in position:
        game["armies"] = _armies(position["armies"], "armies", dunland)
    for region, nations in _armies(position.get("add", {}), "add", dunland).items():
        for nation, counts in nations.items():
            here = game["armies"].setdefault(region, {}).setdefault(nation, {})
            for kind, n in counts.items():
                here[kind] = here.get(kind, 0) + n
    game["garrisons"] = _armies(position.get("garrisons", {}), "garrisons", dunland)
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
            deck = _deck_of(game, card, side)
            if card not in deck:
                raise InvalidPosition(f"{card} is not in this game's {side} decks")
            deck.remove(card)
        game["hands"][side] = list(hand)
    for side, cards in position.get("discards", {}).items():
        for card in cards:
            deck = _deck_of(game, card, side)
            if card not in deck:
                raise InvalidPosition(f"{card} is both in hand and discarded")
            deck.remove(card)
        game["discards"][side] = list(cards)
    for name in PILES:
        for side, cards in position.get(name, {}).items():
            if side not in ROLES:
                raise InvalidPosition(f"{name}: {side!r} is not a side")
            for card in cards:
                deck = _deck_of(game, card, side)
                if card not in deck:
                    raise InvalidPosition(f"{card} is in two places")
                deck.remove(card)
            if name == "table" and any(not _deck_card(c)[2] for c in cards):
                raise InvalidPosition(f"table: only table cards stay in play ({cards})")
            game[name][side] = list(cards)
    hunt = position.get("hunt", {})
    tiles = set(TILES) | ({t.id for t in SMEAGOL_TILES} if tta_on(state, "smeagol") else set())
    for key in ("pool", "drawn", "removed", "waiting"):
        if key in hunt:
            unknown_tiles = [t for t in hunt[key] if t not in tiles]
            if unknown_tiles:
                raise InvalidPosition(f"hunt {key}: unknown tiles {', '.join(unknown_tiles)}")
            game["hunt"][key] = sorted(hunt[key]) if key == "pool" else list(hunt[key])
    if "drawn" in hunt and "pool" not in hunt:
        game["hunt"]["pool"] = [t for t in game["hunt"]["pool"] if t not in hunt["drawn"]]
    game["rings"].update(position.get("rings", {}))
    box = dict(position.get("hunt_box", {}))
    allocated = int(box.pop("allocated", 0))
    game["hunt_box"].update(box)
    _balance(game, position.get("casualties", {}), position.get("reinforcements"))
    tta_positions.place(state, position)
    start = start_of(position, PHASES, "War of the Ring")
    if start is not None:
        _start(state, position, start)
        return state
    game["turn"] = {"number": int(position.get("turn", 1)), "phase": "actions", "returned": False}
    tta_positions.turn_marks(state, position)
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
        game["dice"][side] = {"rolled": _faces(position, side), "used": []}
    game["turn"]["pool"] = {s: len(game["dice"][s]["rolled"]) + game["hunt_box"][s] for s in ROLES}
    if not game["dice"][acting]["rolled"] and any(game["dice"][s]["rolled"] for s in ROLES):
        raise InvalidPosition(f"the {acting} cannot act without a die")
    problems = check(state)
    if problems:
        raise InvalidPosition("; ".join(problems))
    if any(game["dice"][s]["rolled"] for s in ROLES):
        on_turn_frame(state)
        call(state, "act", side=acting)
    return state


def _deck_card(card: str) -> tuple[str, str, bool]:
    found = _card(card)
    if found is None:
        raise InvalidPosition(f"unknown card {card!r}")
    return found


def _deck_of(game: dict[str, Any], card: str, side: str) -> list[str]:
    """The deck ``card`` of ``side`` comes from; refused for another side's card."""
    card_side, deck, _ = _deck_card(card)
    if card_side != side:
        raise InvalidPosition(f"{card!r} is not a {side} card")
    if deck == ASIDE:  # We Shall Get It: from the set-aside cards, in a game with Sméagol
        aside: list[str] | None = (game.get("tta") or {}).get("cards_aside")
        if aside is None:
            raise InvalidPosition(f"{card} is not in this game (it comes with the switch smeagol)")
        return aside
    decks: list[str] = game["decks"][f"{side}_{deck}"]
    return decks


def _balance(
    game: dict[str, Any], casualties: Mapping[str, Any], reinforcements: Mapping[str, Any] | None
) -> None:
    """Each Nation's figures off the map: the given ``reinforcements`` and ``casualties``; a Free
    Nation given one of them has the rest of its pool in the other. A Shadow Nation keeps no
    casualties (they go back to its reinforcements): figures of its pool given in neither are out
    of the game. Refused if the pool is short."""
    given = dict(reinforcements or {})
    unknown = sorted(set(given) - set(NATIONS)) + sorted(set(casualties) - set(NATIONS))
    if unknown:
        raise InvalidPosition(f"reinforcements and casualties: unknown nation {', '.join(unknown)}")
    for nation, info in NATIONS.items():
        pool = {"regular": info.pool.regular, "elite": info.pool.elite, "leader": info.pool.leader}
        dead = parse_units(casualties[nation], f"casualties of {nation}") if nation in casualties else {}
        spare = parse_units(given[nation], f"reinforcements of {nation}") if nation in given else None
        left: dict[str, int] = {}
        lost: dict[str, int] = {}
        for kind in KINDS:
            used = sum(
                table.get(region, {}).get(nation, {}).get(kind, 0)
                for table in (game["armies"], game["garrisons"])
                for region in REGIONS
            )
            off_map = pool[kind] - used
            if off_map < 0:
                raise InvalidPosition(f"{nation} has only {pool[kind]} {kind} figures")
            if spare is None:
                left[kind], lost[kind] = off_map - dead.get(kind, 0), dead.get(kind, 0)
            elif nation in casualties or info.side != "free":
                left[kind], lost[kind] = spare.get(kind, 0), dead.get(kind, 0)
            else:
                left[kind], lost[kind] = spare.get(kind, 0), off_map - spare.get(kind, 0)
            if left[kind] < 0 or lost[kind] < 0 or left[kind] + lost[kind] > off_map:
                raise InvalidPosition(
                    f"{nation} has {pool[kind]} {kind} figures, {used} on the map: "
                    f"{left[kind]} in reinforcements and {lost[kind]} casualties do not fit"
                )
            if info.side == "free" and left[kind] + lost[kind] != off_map:
                raise InvalidPosition(
                    f"{nation}: every {kind} figure off the map is a reinforcement or a casualty "
                    f"({off_map} off the map, {left[kind]} + {lost[kind]} given)"
                )
        game["reinforcements"][nation] = left
        if info.side == "free":
            game["casualties"][nation] = lost


#: The keys that describe a moment after the start of each phase (a phase under way), refused
#: in a position that starts there; ``hunt_box.<key>`` and ``rings.used`` name parts of a key.
_AFTER_RECOVERY = frozenset(
    {"dice", "acting", "messenger_used", "rings.used", "hunt_box.allocated", "tta.nenya_used"}
    | {"tta.sneak_used"}  # Twilight of the Third Age: Nenya from a declaration on, Sneak in the actions
)
_AFTER_START: dict[str | None, frozenset[str]] = {
    None: _AFTER_RECOVERY,
    "recover": _AFTER_RECOVERY,
    "fellowship": _AFTER_RECOVERY | {"hunt_box.shadow", "hunt_box.free"},
    "hunt": _AFTER_RECOVERY - {"tta.nenya_used"} | {"hunt_box.shadow", "hunt_box.free"},
    "roll": _AFTER_RECOVERY - {"tta.nenya_used"} | {"hunt_box.free"},
    "actions": frozenset({"acting", "messenger_used", "rings.used"}),
    "victory": frozenset({"dice", "acting"}),
}


def _start(state: State, position: Mapping[str, Any], start: Start) -> None:
    """Begin the turn, or one of its phases, as the engine does in play (§4)."""
    given = set(position) | {f"hunt_box.{k}" for k in position.get("hunt_box", {})}
    given |= {"rings.used"} if "used" in position.get("rings", {}) else set()
    given |= {
        f"tta.{k}" for k, on in (position.get("tta") or {}).items() if k in tta_positions.TURN_MARKS and on
    }
    refuse_under_way(given & _AFTER_START[start.phase], start)
    number = int(position.get("turn", 1))
    if number < 1:
        raise InvalidPosition(f"the turn number is 1 or more, not {number}")
    box = state["hunt_box"]
    state["turn"] = {"number": number, "phase": start.phase or "recover", "returned": box["free"] > 0}
    if start.phase == "roll":
        state["turn"]["allocated"] = box["shadow"]
    if start.phase == "actions":
        for side in ROLES:
            state["dice"][side] = {"rolled": _faces(position, side), "used": []}
        state["turn"]["pool"] = {s: len(state["dice"][s]["rolled"]) + box[s] for s in ROLES}
        allocated = int(position.get("hunt_box", {}).get("allocated", 0))
        if not 0 <= allocated <= box["shadow"]:
            raise InvalidPosition(f"hunt_box: {allocated} allocated, but {box['shadow']} Shadow dice there")
        state["turn"]["allocated"] = allocated
    tta_positions.turn_marks(state, position)
    problems = check(state)
    if problems:
        raise InvalidPosition("; ".join(problems))
    if start.phase is None:
        state["turn"]["number"] = number - 1  # begin_turn() counts the turn it starts
        begin_turn(state)
    elif start.phase == "recover":
        recover(state)
    else:
        next_phase(state, PHASES[PHASES.index(start.phase) - 1])


def _faces(position: Mapping[str, Any], side: str) -> list[str]:
    faces = list(position.get("dice", {}).get(side, []))
    bad = [f for f in faces if f not in FACES[side] or f == "eye"]
    if bad:
        raise InvalidPosition(f"{side} dice cannot show {', '.join(bad)}")
    return faces


def to_position(state: State) -> dict[str, Any]:
    def text(counts: Mapping[str, int]) -> str:
        return " ".join(f"{counts[k]}{k[0].upper()}" for k in KINDS if counts.get(k))

    def table(armies: Mapping[str, Any]) -> dict[str, dict[str, str]]:
        return {r: {n: text(c) for n, c in nations.items()} for r, nations in armies.items()}

    top = state["stack"][-1] if state["stack"] else None
    below = [frame["step"] for frame in state["stack"][:-1]]
    if top is None or top["step"] != "act" or below not in ([], ["turn"]):  # []: saved before the turn frame
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
        **{name: {side: list(seen(state, name, side)) for side in ROLES} for name in PILES},
        "hunt": {k: list(state["hunt"][k]) for k in ("pool", "drawn", "removed", "waiting")},
        "rings": {**{side: state["rings"][side] for side in ROLES}, "used": list(state["rings"]["used"])},
        "casualties": {n: text(c) for n, c in state["casualties"].items() if any(c.values())},
        "reinforcements": {n: text(c) for n, c in state["reinforcements"].items()},
        "messenger_used": bool(state["turn"].get("messenger")),
        **tta_positions.describe(state),
    }
