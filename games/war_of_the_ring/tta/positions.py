"""The module in a described position: which switches are on (``"switches"``) and where its
pieces are (``"tta"``); both keys are optional and absent for the base game.

```text
"switches": ["siege_engines", "corsairs", ...],   # names of tta.switches.SWITCHES
"tta": {
  "engines": {"minas_tirith": {"free": 1, "shadow": 2}},  # Trebuchets / Siege Towers there
  "superiority": {"region": "minas_tirith", "turn": 3},   # a Trebuchet sacrificed this turn (D11)
  "in_play": ["dunlendings"],                 # factions brought in (also implied by their pieces)
  "dunlendings": {"north_dunland": 2}, "corsairs": {"umbar": 2}, "ents": {"fangorn": 3},
                                              # (the Dunlendings join the Armies there: they
                                              # may also be given in "armies" as "dunlendings")
  "ents_removed": 1, "ents_gone": false,      # Ents out of the game for good
  "ents_awake_events": 1,                     # Ents Awake cards played as Events
  "characters_aside": ["galadriel"],          # module characters not yet in play
  "witch_king_card": "chief",                 # the Witch-king's card once chosen
  "smeagol": "gollum",                        # the side Sméagol's piece shows
  "cards_aside": ["we_shall_get_it"],         # set aside; once Sméagol was sacrificed the card is
                                              # given in the Shadow's "hands", "table", "played"
                                              # or "discards" like any other card
  "nenya_used": true, "sneak_used": false,    # the turn's marks: Nenya / Sneak used this turn
}
```

The turn's marks describe a moment of the turn: they are refused in a position that starts at
the beginning of the turn (Nenya: until the Hunt allocation; Sneak: until the actions).

Positions accept every switch, playable in the lobby yet or not, so that the set-up of every part
can be tested; the dependencies of the cards (D3) are refused as in the lobby.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core import InvalidAction, InvalidPosition, State

from ..board import add
from ..data import DUNLENDINGS, REGIONS, SET_ASIDE_CARDS, SIDES
from . import setup
from .state import part
from .switches import CHARACTERS, FACTIONS, SWITCHES, options_for, resolve, switches

_KEYS = frozenset(
    {"engines", "superiority", "in_play", *FACTIONS, "ents_removed", "ents_gone", "ents_awake_events"}
    | {"characters_aside", "witch_king_card", "smeagol", "cards_aside", "nenya_used", "sneak_used"}
)
#: The switch each key needs.
_NEEDS = {
    "engines": "siege_engines",
    "superiority": "siege_engines",
    "dunlendings": "dunlendings",
    "corsairs": "corsairs",
    "ents": "ents",
    "ents_removed": "ents",
    "ents_gone": "ents",
    "ents_awake_events": "ents",
    "witch_king_card": "witch_king_chief",
    "smeagol": "smeagol",
    "cards_aside": "smeagol",
    "nenya_used": "galadriel",
    "sneak_used": "smeagol",
}
#: The turn's marks of the characters: position key -> key of ``state["turn"]``.
TURN_MARKS = {"nenya_used": "nenya", "sneak_used": "sneak"}


def start(state: State, position: Mapping[str, Any]) -> None:
    """Turn the position's switches on with their set-up (right after the base set-up)."""
    named = list(position.get("switches", []))
    unknown = [s for s in named if s not in SWITCHES]
    if unknown:
        raise InvalidPosition(
            f"switches: unknown {', '.join(unknown)}; the switches are {', '.join(SWITCHES)}"
        )
    if not named:
        return
    try:
        state["options"] = resolve(options_for(set(named)), playable_only=False)
    except InvalidAction as refused:
        raise InvalidPosition(str(refused)) from None
    setup.apply(state, named)


def place(state: State, position: Mapping[str, Any]) -> None:
    """The module's pieces as the position describes them."""
    if "dunlendings" in switches(state["options"]) and _dunlendings_placed(state):
        part(state)["factions"][DUNLENDINGS]["in_play"] = True
    given = position.get("tta")
    if not given:
        _characters_entered(state)
        return
    unknown = sorted(set(given) - _KEYS)
    if unknown:
        raise InvalidPosition(f"tta: unknown keys {', '.join(unknown)}; it has {', '.join(sorted(_KEYS))}")
    chosen = switches(state["options"])
    off = sorted(k for k in given if k in _NEEDS and _NEEDS[k] not in chosen)
    if off:
        raise InvalidPosition(
            f"tta: {', '.join(off)} need their switch on ({', '.join(_NEEDS[k] for k in off)})"
        )
    tta = part(state)
    for region, counts in given.get("engines", {}).items():
        if region not in REGIONS:
            raise InvalidPosition(f"tta engines: unknown region {region!r}")
        for side, n in counts.items():
            if side not in SIDES:
                raise InvalidPosition(f"tta engines in {region}: {side!r} is not a side")
            if int(n):
                tta["engines"][side][region] = int(n)
    if "superiority" in given:
        tta["superiority"] = given["superiority"] and dict(given["superiority"])
    brought = set(given.get("in_play", []))
    for faction in FACTIONS:
        if faction in brought and faction not in chosen:
            raise InvalidPosition(f"tta in_play: {faction} needs its switch on")
        pieces = {r: int(n) for r, n in given.get(faction, {}).items() if int(n)}
        bad = [r for r in pieces if r not in REGIONS]
        if bad:
            raise InvalidPosition(f"tta {faction}: unknown region {', '.join(bad)}")
        if faction == DUNLENDINGS and faction in chosen:  # Army units: they stand in the Armies
            for region, n in pieces.items():
                add(state, region, DUNLENDINGS, "regular", n)
            tta["factions"][faction]["in_play"] = faction in brought or _dunlendings_placed(state)
        elif faction in chosen:
            tta["factions"][faction]["map"] = pieces
            tta["factions"][faction]["in_play"] = bool(pieces) or faction in brought
    if "ents" in chosen:
        ents = tta["factions"]["ents"]
        ents["removed"] = int(given.get("ents_removed", 0))
        ents["gone"] = bool(given.get("ents_gone", False))
        tta["ents_awake_events"] = int(given.get("ents_awake_events", 0))
    if "characters_aside" in given:
        extra = [c for c in given["characters_aside"] if c not in CHARACTERS or c not in chosen]
        if extra:
            raise InvalidPosition(f"tta characters_aside: {', '.join(extra)} not in this game")
        tta["characters_aside"] = [c for c in CHARACTERS if c in given["characters_aside"]]
    if "witch_king_card" in given:
        if given["witch_king_card"] not in (None, "black_captain", "chief"):
            raise InvalidPosition("tta witch_king_card: black_captain, chief or null")
        tta["witch_king_card"] = given["witch_king_card"]
    if "smeagol" in given:
        if given["smeagol"] not in ("smeagol", "gollum"):
            raise InvalidPosition("tta smeagol: the piece shows smeagol or gollum")
        tta["smeagol"] = given["smeagol"]
    if "cards_aside" in given:
        _cards_aside(state, list(given["cards_aside"]))
    _characters_entered(state)


def _cards_aside(state: State, cards: list[str]) -> None:
    """The set-aside cards the position names: cards of no deck (We Shall Get It), each in one
    place (a card given in a hand or a pile already left the set-aside cards)."""
    unknown = [c for c in cards if c not in SET_ASIDE_CARDS]
    if unknown:
        raise InvalidPosition(f"tta cards_aside: {', '.join(unknown)} is not a card set aside")
    tta = part(state)
    held = [c for c in cards if c not in tta["cards_aside"]]
    if held:
        raise InvalidPosition(f"tta cards_aside: {', '.join(held)} is in two places")
    tta["cards_aside"] = cards


def turn_marks(state: State, position: Mapping[str, Any]) -> None:
    """The turn's marks the position gives (Nenya, Sneak used this turn), once the turn is built."""
    given = position.get("tta") or {}
    for key, mark in TURN_MARKS.items():
        if given.get(key):
            state["turn"][mark] = True


def _characters_entered(state: State) -> None:
    """The module characters the position put in play (or eliminated) are no longer set aside; a
    Witch-king placed without a card in a game with the choice came as the Black Captain."""
    tta = part(state)
    chosen = switches(state.get("options") or {})
    entered = "witch_king" in state["characters"] or "witch_king" in state["eliminated"]
    if "witch_king_chief" in chosen and entered:
        tta["witch_king_card"] = tta.get("witch_king_card") or "black_captain"
    aside = tta.get("characters_aside", [])
    if tta.get("witch_king_card") and "witch_king_chief" in aside:
        aside.remove("witch_king_chief")
    for figure in ("balrog", "galadriel"):
        if (figure in state["characters"] or figure in state["eliminated"]) and figure in aside:
            aside.remove(figure)


def _dunlendings_placed(state: State) -> bool:
    """Dunlendings given in the position's Armies: the faction is in play."""
    return any(
        DUNLENDINGS in nations
        for table in (state["armies"], state["garrisons"])
        for nations in table.values()
    )


def describe(state: State) -> dict[str, Any]:
    """The ``switches`` and ``tta`` keys of :func:`to_position` (nothing for the base game)."""
    chosen = switches(state.get("options") or {})
    if not chosen:
        return {}
    tta = part(state)
    out: dict[str, Any] = {}
    if "engines" in tta:
        regions = sorted(set(tta["engines"]["free"]) | set(tta["engines"]["shadow"]))
        out["engines"] = {
            r: {s: tta["engines"][s][r] for s in SIDES if r in tta["engines"][s]} for r in regions
        }
        out["superiority"] = tta["superiority"]
    factions = tta.get("factions", {})
    if factions:
        out["in_play"] = [f for f in FACTIONS if f in factions and factions[f]["in_play"]]
        out.update({f: dict(info["map"]) for f, info in factions.items() if f != DUNLENDINGS})
    if "ents" in factions:
        out["ents_removed"] = factions["ents"]["removed"]
        out["ents_gone"] = factions["ents"]["gone"]
        out["ents_awake_events"] = tta["ents_awake_events"]
    for key in ("characters_aside", "witch_king_card", "smeagol", "cards_aside"):
        if key in tta:
            out[key] = tta[key] if not isinstance(tta[key], list) else list(tta[key])
    for key, mark in TURN_MARKS.items():
        if _NEEDS[key] in chosen:
            out[key] = bool(state["turn"].get(mark))
    return {"switches": [s for s in SWITCHES if s in chosen], "tta": out}
