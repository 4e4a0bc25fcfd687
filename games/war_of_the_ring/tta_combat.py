"""The Combat halves of the Twilight of the Third Age cards (§2.3), wired into
:data:`.combat_effects.EFFECTS` by name like the base ones:

- **Last Defences** (Free Peoples, fps_25/fps_26): with a Trebuchet in the battle, add the
  Trebuchets there to the Combat Strength, still at most 5 dice;
- **Among the Siege Engines** (Free Peoples, fpc_25/fpc_26): if the Leader re-roll scores a hit,
  a Siege Tower in the battle is eliminated too (back to the Shadow's pool);
- **Heads of the Fallen** (Shadow, shc_25/shc_26): with a Siege Tower in the battle, +1 to each
  die of the Shadow's Combat roll, and the Free Peoples have no Leader re-roll;
- **Old Hatred** (Shadow, shs_25/shs_26) lives with the Dunlendings it needs, in
  :mod:`.dunlendings_combat`.

"In the battle" (D13): present at the Stronghold where the siege battle is fought, in a siege
battle where engines count (a Free Peoples Stronghold besieged by the Shadow; D10).
"""

from __future__ import annotations

from typing import Any

from games.core import State, emit

from .battle_figures import current
from .board import controller
from .combat_tools import fx_of, no_effect
from .data import FREE, SHADOW
from .roles import other
from .tta.state import engines_at, part

Mods = dict[str, dict[str, list[Any]]]

LAST_DEFENCES = "Last Defences"
AMONG_THE_SIEGE_ENGINES = "Among the Siege Engines"
HEADS_OF_THE_FALLEN = "Heads of the Fallen"


def engines_in_battle(state: State, side: str) -> int:
    """``side``'s engines in the battle in progress (D13; 0 where engines do not count)."""
    b = current(state)
    if not (b["siege"] and b["attacker"] == SHADOW and "engines" in part(state)):
        return 0
    if controller(state, b["region"]) != FREE:
        return 0
    return engines_at(state, b["region"], side)


def trebuchets_there(state: State, side: str) -> bool:
    return engines_in_battle(state, FREE) > 0


def towers_there(state: State, side: str) -> bool:
    return engines_in_battle(state, SHADOW) > 0


def last_defences(state: State, owner: str, mods: Mods) -> None:
    """More Combat dice: one per Free Peoples engine there (the 5-dice cap is the round's)."""
    n = engines_in_battle(state, FREE)
    if n:
        mods[owner]["more"].append([LAST_DEFENCES, n])


def heads_of_the_fallen(state: State, owner: str, mods: Mods) -> None:
    mods[owner]["roll"].append([HEADS_OF_THE_FALLEN, 1])
    mods[other(owner)]["no_reroll"].append(HEADS_OF_THE_FALLEN)


def among_the_siege_engines(state: State, owner: str) -> bool:
    """After the re-roll: a hit on it and a Siege Tower there, one Tower goes (ours: always
    taken, since it can only help the Free Peoples)."""
    rerolled = int(fx_of(state)["rolls"][owner]["reroll_hits"])
    if not rerolled or not engines_in_battle(state, SHADOW):
        return no_effect(state, owner, AMONG_THE_SIEGE_ENGINES)
    region = current(state)["region"]
    towers = part(state)["engines"][SHADOW]
    towers[region] -= 1
    if not towers[region]:
        del towers[region]
    emit(state, "siege_tower_destroyed", {"region": region, "combat": AMONG_THE_SIEGE_ENGINES})
    return False
