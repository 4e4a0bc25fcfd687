"""The set-up of every switch (§4.9): what each part of the module adds to the base set-up.

- siege engines: 6 Trebuchets and 6 Siege Towers off the map, in their owners' pools (D7);
- each faction: its pieces set aside (12 Dunlendings, 6 Corsair Ships, 8 Ents), not in play (D4);
- each character: set aside; the Chief of the Ringwraiths leaves the choice of the Witch-king's
  card open (R-3); Sméagol starts on his Sméagol side, his 2 tiles go into the Hunt Pool and We
  Shall Get It is set aside (R-4, D35);
- the cards: the 8 new cards go into their decks (26 cards each) and a base card is swapped for
  its replacement when the switch it needs is on (D3, D33).

With no switch on nothing changes: the state has no ``tta`` key.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from games.core import State

from .content import CARDS, REPLACEMENTS, SET_ASIDE_CARDS, SMEAGOL_TILES
from .switches import CHARACTERS, FACTIONS


def initial(on: Iterable[str]) -> dict[str, Any]:
    """The ``tta`` key at the start for these switches (empty parts left out)."""
    switches = set(on)
    part: dict[str, Any] = {}
    if "siege_engines" in switches:
        part["engines"] = {"free": {}, "shadow": {}}
        part["superiority"] = None
    factions = [f for f in FACTIONS if f in switches]
    if factions:
        part["factions"] = {f: {"in_play": False, "map": {}} for f in factions}
    if "ents" in switches:
        part["factions"]["ents"].update({"removed": 0, "gone": False})
        part["ents_awake_events"] = 0
    aside = [c for c in CHARACTERS if c in switches]
    if aside:
        part["characters_aside"] = aside
    if "witch_king_chief" in switches:
        part["witch_king_card"] = None
    if "smeagol" in switches:
        part["smeagol"] = "smeagol"
        part["cards_aside"] = sorted(SET_ASIDE_CARDS)
    return part


def apply(state: State, on: Iterable[str]) -> None:
    """Add the module's set-up for ``on`` to a base set-up (before the first turn)."""
    switches = set(on)
    if not switches:
        return
    state["tta"] = initial(switches)
    if "smeagol" in switches:
        state["hunt"]["pool"] = sorted([*state["hunt"]["pool"], *(t.id for t in SMEAGOL_TILES)])
    if "cards" in switches:
        decks = state["decks"]
        for card in CARDS.values():
            decks[f"{card.side}_{card.deck}"].append(card.id)
        for base_card, card in REPLACEMENTS.items():
            deck = decks[f"{card.side}_{card.deck}"]
            if card.needs in switches and base_card in deck:
                deck[deck.index(base_card)] = card.id
        for deck in decks.values():
            deck.sort()
