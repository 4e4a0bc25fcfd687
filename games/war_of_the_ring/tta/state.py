"""The ``tta`` key of the state (present only when a switch is on) and its invariants.

```text
"tta": {
  "engines": {"free": {region: n}, "shadow": {region: n}},  # Trebuchets / Siege Towers on the map;
                                             # the rest of the 6 of each are in the owner's pool
  "superiority": None | {"region", "turn"},  # a Trebuchet sacrificed: Free Peoples superiority (D11)
  "factions": {"dunlendings" | "corsairs" | "ents": {"in_play", "map": {region: n}}},
                                             # the Dunlendings' "map" stays empty: they stand in
                                             # the Armies under the key "dunlendings" (D15)
                                             # the Ents also keep "removed" (never return) and "gone"
  "ents_awake_events": n,                    # Ents Awake cards played as Events (D32)
  "characters_aside": [...],                 # module characters not yet in play
  "witch_king_card": None | "black_captain" | "chief",   # the Witch-king's card once chosen (R-3)
  "smeagol": "smeagol" | "gollum",           # the side the piece shows (R-4)
  "cards_aside": ["we_shall_get_it"],        # set aside outside the decks; once Sméagol is
                                             # sacrificed the card is in the Shadow's hand, then
                                             # his table and piles like any card (R-4)
}
(The turn's marks of the characters: ``turn["nenya"]``, ``turn["sneak"]``; their invariants:
:func:`..tta_characters.check`.)
```
"""

from __future__ import annotations

from typing import Any

from games.core import State

from ..board import controller, units
from ..data import DUNLENDINGS, REGIONS, SIDES, TWILIGHT_CARDS
from .content import COASTAL_CHAIN, ENGINES, ENGINES_PER_REGION, FACTIONS
from .switches import switches

#: Where a faction's pieces may stand (None: anywhere).
_WHERE = {"corsairs": frozenset(COASTAL_CHAIN)}


def part(state: State) -> dict[str, Any]:
    """The module's state (empty for the base game)."""
    found: dict[str, Any] = state.get("tta") or {}
    return found


def on(state: State, switch: str) -> bool:
    """Whether the match plays with this switch."""
    return switch in switches(state.get("options") or {})


def engines_at(state: State, region: str, side: str) -> int:
    engines = part(state).get("engines")
    return 0 if engines is None else int(engines[side].get(region, 0))


def engine_pool(state: State, side: str) -> int:
    """Engines of ``side`` off the map, ready to be placed."""
    engines = part(state).get("engines")
    return 0 if engines is None else ENGINES[side].count - sum(engines[side].values())


def check(state: State) -> list[str]:
    """Problems with the module's pieces (the fuzzer checks them after every action)."""
    tta = part(state)
    problems: list[str] = []
    chosen = switches(state.get("options") or {})
    if tta and not chosen:
        problems.append("the module's pieces are in a game without the module")
    engines = tta.get("engines")
    if (engines is not None) != ("siege_engines" in chosen):
        problems.append("siege engines without their switch, or the switch without them")
    if engines is not None:
        for side in SIDES:
            for region, n in engines[side].items():
                if region not in REGIONS or not REGIONS[region].is_stronghold:
                    problems.append(f"{ENGINES[side].plural} in {region}, which is not a Stronghold")
                if not 0 < n <= ENGINES_PER_REGION:
                    problems.append(f"{n} {ENGINES[side].plural} in {region}")
                elif not _engines_stand(state, side, region):
                    problems.append(f"{ENGINES[side].plural} in {region} without their Army or Stronghold")
            if engine_pool(state, side) < 0:
                problems.append(f"more than {ENGINES[side].count} {ENGINES[side].plural}")
    for faction, info in tta.get("factions", {}).items():
        placed = sum(info["map"].values()) + info.get("removed", 0)
        if placed > FACTIONS[faction].count:
            problems.append(f"{placed} {FACTIONS[faction].piece}s, the box has {FACTIONS[faction].count}")
        allowed = _WHERE.get(faction)
        for region, n in info["map"].items():
            if n <= 0 or region not in REGIONS or (allowed is not None and region not in allowed):
                problems.append(f"{n} {FACTIONS[faction].piece}s in {region}")
        if info["map"] and not info["in_play"]:
            problems.append(f"{FACTIONS[faction].name} have pieces but are not in play")
    return problems + check_ents(state) + check_dunlendings(state) + check_cards(state)


def _engines_stand(state: State, side: str, region: str) -> bool:
    """Engines stand at a Stronghold the Free Peoples control, with an Army unit of their side."""
    if region in REGIONS and controller(state, region) != "free":
        return False
    return bool(units(state, region, side) or (side == "free" and units(state, region, side, inside=True)))


def check_dunlendings(state: State) -> list[str]:
    """Dunlendings only with their switch, in play, Regulars only, at most the box's 12 (D15)."""
    found = [
        counts
        for table in (state["armies"], state["garrisons"])
        for nations in table.values()
        if (counts := nations.get(DUNLENDINGS))
    ]
    if not found:
        return []
    faction = part(state).get("factions", {}).get(DUNLENDINGS)
    if faction is None:
        return ["Dunlendings on the map in a game without them"]
    problems = [] if faction["in_play"] else ["Dunlendings on the map but not in play"]
    if any(set(counts) - {"regular"} for counts in found):
        problems.append("a Dunlending that is not a Regular")
    total = sum(int(counts.get("regular", 0)) for counts in found)
    if total > FACTIONS[DUNLENDINGS].count:
        problems.append(f"{total} Dunlendings, the box has {FACTIONS[DUNLENDINGS].count}")
    return problems


def check_ents(state: State) -> list[str]:
    """Ents that left the game never come back (D32)."""
    ents = part(state).get("factions", {}).get("ents")
    if ents and ents.get("gone") and (ents["map"] or ents["in_play"]):
        return ["the Ents left the game but are still on the map"]
    if ents and ents["map"] and not ents["map"].get("fangorn"):
        return ["the Ents are in play but none stands in Fangorn"]
    return []


#: Where a card of the game may be: the decks, hands, discards and the played and table piles.
_CARD_PLACES = ("decks", "hands", "discards", "played", "table")


def check_cards(state: State) -> list[str]:
    """The Twilight cards are in a game only with the switch ``cards`` (D33); the Elven Rings
    the Three Rings take back never make more than three."""
    problems: list[str] = []
    if "cards" not in switches(state.get("options") or {}):
        found = sorted(
            card
            for place in _CARD_PLACES
            for pile in (state.get(place) or {}).values()
            for card in pile
            if card in TWILIGHT_CARDS
        )
        if found:
            problems.append(f"Twilight cards {', '.join(found)} in a game without them")
    rings = state["rings"]
    if rings["free"] < 0 or rings["shadow"] < 0 or rings["free"] + rings["shadow"] > 3:
        problems.append(f"{rings['free']} + {rings['shadow']} Elven Rings in play, there are 3")
    return problems
