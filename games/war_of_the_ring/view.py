"""Per-audience views of War of the Ring (the renderer's and the bot's input; see
``docs/dev/contracts.md``). Hands are shown only to their owner; everything else on the board
is public in this game (the Fellowship's figure is its last *known* position). So are the Hunt
pool's tiles (every tile that joins or leaves it is shown: the set-up's, those drawn, the special
tiles of the cards played), never their order, and the dice each side will roll next turn (its
base and the living characters that add one)."""

from __future__ import annotations

from typing import Any

from games.core import State

from . import corsairs, dunlendings, ents, siege_engines, tta_characters
from .battle import battle_view
from .board import besieged, vp
from .card_piles import seen
from .data import NATIONS, REGIONS
from .dice import pool_size
from .events import PRESENTER
from .last_action import Text, last_view
from .roles import ROLES
from .tta.state import engine_pool


def regions_view(state: State) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    characters: dict[str, list[str]] = {}
    inside: dict[str, list[str]] = {}
    for char, where in state["characters"].items():
        named = tta_characters.piece(state, char)  # Twilight of the Third Age: the Witch-king's card
        (inside if where.get("inside") else characters).setdefault(where["region"], []).append(named)
    for region, info in REGIONS.items():
        units = state["armies"].get(region)
        garrison = state["garrisons"].get(region)
        holder = state["control"].get(region)
        original = NATIONS[info.nation].side if info.nation else None
        changed = holder is not None and holder != original
        treants = ents.at(state, region)  # Twilight of the Third Age: the Ents stand alone
        ships = corsairs.ships_at(state, region)  # and the Corsair Ships
        if not (units or garrison or region in characters or region in inside or changed or treants or ships):
            continue
        entry: dict[str, Any] = {
            "id": region,
            "units": {n: dict(c) for n, c in (units or {}).items()},
            "characters": characters.get(region, []),
            "control": holder if changed else None,
            "besieged": besieged(state, region),
        }
        if garrison:
            entry["garrison"] = {n: dict(c) for n, c in garrison.items()}
            entry["garrison_characters"] = inside.get(region, [])
        engines = siege_engines.at(state, region)
        if engines:  # Twilight of the Third Age
            entry["engines"] = engines
        if treants:
            entry["ents"] = treants
        if ships:
            entry["ships"] = ships
        found.append(entry)
    return found


def build_view(
    state: State, role: str | None, prompt: str = "", narrate: Text = PRESENTER.text
) -> dict[str, Any]:
    """The view of ``state`` for ``role``; ``narrate`` puts an event into words (the ruleset's,
    which knows the core's events too: a resignation can be the last thing that happened)."""
    fs = state["fellowship"]
    allocated = int(state["turn"].get("allocated", 0))
    view = {
        "game": state["game"],
        "audience": role,
        "turn": state["turn"]["number"],
        "phase": state["turn"]["phase"],
        "prompt": prompt,
        "regions": regions_view(state),
        "politics": {n: dict(p) for n, p in state["politics"].items()},
        "vp": {side: vp(state, side) for side in ROLES},
        "fellowship": {
            "region": fs["region"],
            "progress": fs["progress"],
            "revealed": fs["revealed"],
            "corruption": fs["corruption"],
            "mordor": fs["mordor"],
            "companions": list(fs["companions"]),
            "guide": fs["guide"],
        },
        "eliminated": list(state["eliminated"]),
        "hunt": {
            "box": dict(state["hunt_box"]),
            "allocated": allocated,
            "eyes": max(0, int(state["hunt_box"]["shadow"]) - allocated),
            "pool": len(state["hunt"]["pool"]),
            "tiles": sorted(state["hunt"]["pool"]),
            "waiting": sorted(state["hunt"]["waiting"]),
            "drawn": list(state["hunt"]["drawn"]),
        },
        "dice": {
            side: {"unused": list(d["rolled"]), "used": list(d["used"]), "next_turn": pool_size(state, side)}
            for side, d in state["dice"].items()
        },
        "rings": {side: state["rings"][side] for side in ROLES},
        "cards": {
            side: {
                "hand": sorted(state["hands"][side]) if role == side else None,
                "hand_count": len(state["hands"][side]),
                "played": list(seen(state, "played", side)),
                "table": list(seen(state, "table", side)),
                "decks": {deck: len(state["decks"][f"{side}_{deck}"]) for deck in ("character", "strategy")},
            }
            for side in ROLES
        },
        "reinforcements": {n: dict(c) for n, c in state["reinforcements"].items()},
        "last": last_view(state, role, narrate),
        "battle": battle_view(state),
    }
    if ents.in_game(state):  # Twilight of the Third Age: the Ents are public
        view["ents"] = ents.view(state)
    dunland = dunlendings.view(state)
    if dunland is not None:  # Twilight of the Third Age: the Dunlendings' pool (public)
        view["dunlendings"] = dunland
    if corsairs.in_game(state):  # and the Ships
        view["corsairs"] = {
            "ships": corsairs.view(state),
            "pool": corsairs.pool(state),
            "in_play": corsairs.in_play(state),
        }
    module_characters = tta_characters.view(state)
    if module_characters is not None:  # Twilight of the Third Age: the characters set aside, cards
        view["tta_characters"] = module_characters
    if siege_engines.in_game(state):  # Twilight of the Third Age: the engines are public
        view["siege_engines"] = {
            "regions": siege_engines.view(state),
            "pools": {side: engine_pool(state, side) for side in ROLES},
        }
    return view
