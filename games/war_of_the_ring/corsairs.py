"""The Corsairs of Umbar (Twilight of the Third Age §1.4; decisions D18-D25), behind the switch
``corsairs``. Ships are not Army units: they never stack, are never attacked, never block nor are
blocked, never hold a region and may share one with the enemy (D19); they stand only in the 14
regions of the coastal chain (:data:`.tta.content.COASTAL_CHAIN`, D20) and live in
``tta["factions"]["corsairs"]`` (:mod:`.tta.state`).

- **Entry** (D18): with the Southrons & Easterlings At War and Umbar held by the Shadow and not
  besieged, a Muster die puts 2 Ships in Umbar (die action ``bring-corsairs``); once.
- **Recruiting** (D18): while the Corsairs are in play, a Muster die puts 1 Ship in Umbar (same
  conditions) and 1 Southron & Easterling Regular in a free Settlement of theirs
  (``muster-ships``). Ships come from a pool of 6; sunk Ships go back to it.
- **Fleets** (D21): one of the two moves of an Army die may sail the Ships of one region (all or
  some) up to 2 steps along the chain (``fleet <region>`` in the Army move, then
  ``sail <region> <n>``: :mod:`.fleets`). Ships ignore enemy units.
- **Transport** (D22): with a move of an Army die, or of a Character die for a led Army, a Shadow
  Army standing with a Ship moves to a region holding a Ship at most 2 steps away along the chain
  (:func:`sea_reach`), if it has no enemy Army units (an undefended enemy Settlement is captured);
  :mod:`.armies` adds these to the destinations.
- **Attack by sea** (D23): such an Army may attack an enemy Army in a coastal region holding a Ship
  within the same reach, as if adjacent (:func:`sea_targets`, added by :mod:`.battle_actions`);
  retreats stay on land; the winner may advance by sea.
- **Losses** (D24): when the Free Peoples attack a region and destroy every Shadow unit there, its
  Ships sink (:func:`after_battle`). Nothing else touches them but Threats to the Fiefs of the
  South (:mod:`.event_cards.corsairs_cards`).
"""

from __future__ import annotations

from typing import Any

from games.core import Action, State, emit
from games.core.flow import call

from . import actions, politics
from .board import besieged, controller, units
from .data import FREE, REGIONS, SHADOW
from .grammar import region_words
from .i18n import mark, ntr, tr
from .recruit import place_regions, recruit_frame
from .tta.content import COASTAL_CHAIN, CORSAIR_TRANSPORT_RANGE, FACTIONS
from .tta.state import part

UMBAR = "umbar"
MUSTER = ("muster", "army_muster")
#: Ships put in Umbar when the faction enters (D18).
ENTRY_SHIPS = 2
#: Each coastal region's place along the chain (D20).
CHAIN_INDEX = {region: i for i, region in enumerate(COASTAL_CHAIN)}
#: The Southrons & Easterlings' Settlements, where the Regular of ``muster-ships`` may go.
SOUTHRON_SETTLEMENTS = [r for r, info in REGIONS.items() if info.is_settlement and info.nation == "southrons"]
#: "Gondor regions" for Threats to the Fiefs of the South: Gondor's coastal regions (D25).
GONDOR_COAST = tuple(r for r in COASTAL_CHAIN if REGIONS[r].nation == "gondor")


def faction(state: State) -> dict[str, Any] | None:
    found: dict[str, Any] | None = part(state).get("factions", {}).get("corsairs")
    return found


def in_game(state: State) -> bool:
    return faction(state) is not None


def in_play(state: State) -> bool:
    corsairs = faction(state)
    return bool(corsairs and corsairs["in_play"])


def ships_at(state: State, region: str) -> int:
    corsairs = faction(state)
    return int(corsairs["map"].get(region, 0)) if corsairs else 0


def pool(state: State) -> int:
    """Ships off the map, ready to be built."""
    corsairs = faction(state)
    return FACTIONS["corsairs"].count - int(sum(corsairs["map"].values())) if corsairs else 0


def put(state: State, region: str, n: int) -> None:
    corsairs = faction(state)
    assert corsairs is not None, "the Corsairs are not in this game"
    placed = corsairs["map"]
    placed[region] = placed.get(region, 0) + n
    if not placed[region]:
        del placed[region]


def view(state: State) -> dict[str, int]:
    """Ships per region (public)."""
    corsairs = faction(state)
    return dict(corsairs["map"]) if corsairs else {}


# -- the coastal chain (D20) --------------------------------------------------------------------


def within(region: str, reach: int = CORSAIR_TRANSPORT_RANGE) -> list[str]:
    """The coastal regions at most ``reach`` steps from ``region`` along the chain (itself left
    out), south to north; none for a region off the coast."""
    here = CHAIN_INDEX.get(region)
    if here is None:
        return []
    low, high = max(0, here - reach), min(len(COASTAL_CHAIN) - 1, here + reach)
    return [COASTAL_CHAIN[i] for i in range(low, high + 1) if i != here]


def sea_reach(state: State, region: str, side: str = SHADOW) -> list[str]:
    """D22: the regions holding a Ship that an Army of ``side`` in ``region`` may reach by sea (a
    Ship there too), besides its land neighbours (a move there is an ordinary one); only the
    Shadow sails."""
    if side != SHADOW or not ships_at(state, region):
        return []
    near = REGIONS[region].neighbours
    return [d for d in within(region) if ships_at(state, d) and d not in near]


def sea_targets(state: State, region: str, side: str = SHADOW) -> list[str]:
    """D23: the enemy Armies (units in the open) an Army of ``side`` in ``region`` may attack by sea."""
    return [d for d in sea_reach(state, region, side) if units(state, d, FREE)]


def told_by_sea(state: State, side: str, origin: str, dest: str) -> None:
    """After an Army move: tell that the Ships carried it, when they did."""
    if side != SHADOW or dest in REGIONS[origin].neighbours:
        return
    if ships_at(state, origin) and ships_at(state, dest):
        emit(state, "sea_transport", {"from": origin, "to": dest})


# -- fleets (D21) -------------------------------------------------------------------------------


def fresh(state: State, region: str, came: dict[str, int]) -> int:
    """Ships in ``region`` that have not sailed in this action (``came``: Ships that arrived)."""
    return ships_at(state, region) - int(came.get(region, 0))


def fleets(state: State, side: str, came: dict[str, int]) -> list[str]:
    """Regions whose Ships may still sail, south to north."""
    if side != SHADOW or not in_game(state):
        return []
    return [r for r in COASTAL_CHAIN if fresh(state, r, came) > 0]


def sail_choices(state: State, region: str, came: dict[str, int]) -> list[Action]:
    """``sail <region> <n>``: where the fresh Ships of ``region`` may go, and how many."""
    n = fresh(state, region, came)
    return [Action("sail", (dest, str(k))) for dest in within(region) for k in range(n, 0, -1)]


def sail(state: State, origin: str, dest: str, n: int, came: dict[str, int]) -> None:
    """Move ``n`` Ships; they never fight and never change control (D19)."""
    put(state, origin, -n)
    put(state, dest, n)
    came[dest] = int(came.get(dest, 0)) + n
    emit(state, "fleet_sailed", {"from": origin, "to": dest, "count": n})


def sail_legal(state: State, region: str, action: Action, came: dict[str, int]) -> bool:
    if action.verb != "sail" or len(action.args) != 2 or not action.args[1].isascii():
        return False
    dest, count = action.args
    return dest in within(region) and count.isdigit() and 0 < int(count) <= fresh(state, region, came)


# -- entry and recruiting (D18) -----------------------------------------------------------------


def _umbar_ready(state: State) -> bool:
    return controller(state, UMBAR) == SHADOW and not besieged(state, UMBAR)


def _entry_possible(state: State, side: str) -> bool:
    corsairs = faction(state)
    if not corsairs or corsairs["in_play"] or not pool(state):
        return False
    return politics.at_war(state, "southrons") and _umbar_ready(state)


def _enter(state: State, side: str, face: str) -> bool:
    corsairs = faction(state)
    assert corsairs is not None
    corsairs["in_play"] = True
    n = min(ENTRY_SHIPS, pool(state))
    put(state, UMBAR, n)
    emit(state, "corsairs_entered", {"region": UMBAR, "count": n})
    return False


def _muster_possible(state: State, side: str) -> bool:
    return in_play(state) and pool(state) > 0 and _umbar_ready(state)


def _muster(state: State, side: str, face: str) -> bool:
    put(state, UMBAR, 1)
    emit(state, "ship_built", {"region": UMBAR})
    eligible = list(place_regions(state, SHADOW, "regular", [], SOUTHRON_SETTLEMENTS))
    if not eligible:
        return False
    call(state, "recruit", **recruit_frame(SHADOW, kinds=["regular"], only=eligible, may_stop=False))
    return True


# -- losses (D24) -------------------------------------------------------------------------------


def sink(state: State, region: str, n: int | None = None) -> None:
    """Ships sunk in ``region`` (all of them without ``n``) go back to the pool."""
    lost = ships_at(state, region) if n is None else min(n, ships_at(state, region))
    if lost:
        put(state, region, -lost)
        emit(state, "ships_sunk", {"region": region, "count": lost})


def after_battle(state: State, battle: dict[str, Any]) -> None:
    """D24: the Free Peoples attacked and destroyed every Shadow unit of the region."""
    region = battle["region"]
    if battle["attacker"] != FREE or SHADOW not in battle["destroyed"] or not ships_at(state, region):
        return
    if not units(state, region, SHADOW) and not units(state, region, SHADOW, inside=True):
        sink(state, region)


def label(state: State, role: str, action: Action) -> str | None:
    """Button words of the fleet's prompts (``None``: not one of them)."""
    if action.verb == "fleet" and action.args:
        return tr("Sail the Ships in {region}", region=region_words(action.args[0]))
    if action.verb == "sail" and len(action.args) == 2:
        n = int(action.args[1])
        return ntr(
            "Sail {count} Ship to {region}",
            "Sail {count} Ships to {region}",
            n,
            region=region_words(action.args[0]),
        )
    return None


DIE_ACTIONS: tuple[actions.DieAction, ...] = (
    actions.DieAction(
        "bring-corsairs",
        mark("The Corsairs of Umbar"),
        mark(
            "With the Southrons & Easterlings At War and Umbar free: the Corsairs enter (2 Ships in Umbar)."
        ),
        MUSTER,
        SHADOW,
        _entry_possible,
        _enter,
    ),
    actions.DieAction(
        "muster-ships",
        mark("A Corsair Ship"),
        mark("Build a Ship in Umbar and recruit a Southron & Easterling Regular."),
        MUSTER,
        SHADOW,
        _muster_possible,
        _muster,
    ),
)
VERBS = frozenset({"fleet", "sail"})
