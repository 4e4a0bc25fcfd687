"""The set-up (§3): Armies and reinforcements, the political track, the Fellowship in
Rivendell with Gandalf the Grey as Guide, the Elven Rings, the four decks and the Hunt Pool; then
the first turn begins (its phase 1 draws the opening cards). The switches of Twilight of the Third
Age add their own set-up (:mod:`.tta.setup`); with none on the set-up is the base game's.

Decks and the Hunt Pool are kept as sorted lists: nothing is shuffled in advance, each draw is a
blind draw from what is left (``games.core.chance``), so no order exists in the state to leak.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core import State, new_state

from . import turn
from .data import COMPANIONS, DECKS, FELLOWSHIP_START, NATIONS, REGIONS, STANDARD_TILES
from .options import RULES_REVISION
from .roles import ROLES
from .tta import setup as tta_setup
from .tta.switches import switches


def new_game(name: str, seed: int, options: Mapping[str, str]) -> State:
    state = new_state(name, seed, options, ROLES)
    state.update(initial_position())
    tta_setup.apply(state, switches(options))
    turn.begin_turn(state)
    return state


def initial_position() -> dict[str, Any]:
    """Every game key of the state at the start, before turn 1 (no cards in hand yet)."""
    armies: dict[str, dict[str, dict[str, int]]] = {}
    for region in REGIONS.values():
        for nation, units in region.start.items():
            counts = {
                k: v
                for k, v in (("regular", units.regular), ("elite", units.elite), ("leader", units.leader))
                if v
            }
            if counts:
                armies.setdefault(region.id, {})[nation] = counts
    control = {r.id: NATIONS[r.nation].side for r in REGIONS.values() if r.is_settlement and r.nation}
    return {
        "turn": {"number": 0, "phase": "setup"},
        "armies": armies,
        "garrisons": {},
        "characters": {},
        "eliminated": [],
        "control": control,
        "reinforcements": {
            n.id: {
                "regular": n.reinforcements.regular,
                "elite": n.reinforcements.elite,
                "leader": n.reinforcements.leader,
            }
            for n in NATIONS.values()
        },
        "casualties": {
            n.id: {"regular": 0, "elite": 0, "leader": 0} for n in NATIONS.values() if n.side == "free"
        },
        "politics": {n.id: {"steps": n.steps, "active": n.active} for n in NATIONS.values()},
        "dice": {side: {"rolled": [], "used": []} for side in ROLES},
        "hunt_box": {"shadow": 0, "free": 0},
        "rings": {"free": 3, "shadow": 0, "used": []},
        "fellowship": {
            "region": FELLOWSHIP_START,
            "progress": 0,
            "revealed": False,
            "corruption": 0,
            "mordor": None,
            "companions": list(COMPANIONS),
            "guide": "gandalf_grey",
            "moved": False,
            "hid": False,
            "declared": False,
        },
        "hunt": {"pool": sorted(t.id for t in STANDARD_TILES), "drawn": [], "removed": [], "waiting": []},
        "decks": {deck: sorted(cards) for deck, cards in DECKS.items()},
        "hands": {side: [] for side in ROLES},
        "discards": {side: [] for side in ROLES},
        "played": {side: [] for side in ROLES},
        "table": {side: [] for side in ROLES},
        "minion_entered": False,
        "last": None,
        "battle": None,
        "rules": RULES_REVISION,
    }
