"""The Hillmen of Dunland (Twilight of the Third Age §1.4; decisions D14-D17), behind the switch
``dunlendings``.

The Dunlendings are Shadow **Army units of no Nation** (D15): on the map they stand in the
Armies (``armies`` / ``garrisons``) under the pseudo-nation key ``"dunlendings"``
(:data:`.data.DUNLENDINGS`), always as Regulars, so stacking, Combat Strength, movement and the
"Shadow Army" conditions count them like any Shadow unit; no Nation table (politics, pools,
cards naming a Nation) knows them, and they are always At War. Off the map they are in their
faction's pool: the 12 of the box less those on the map (eliminated ones return to it).
``tta["factions"]["dunlendings"]`` keeps only ``in_play`` (and an empty ``map``: their pieces are
in the Armies).

- **Entry** (D14): with Isengard At War, a Muster die (die action ``bring-dunlendings``) puts 2
  Dunlendings in North Dunland and 2 in South Dunland, each pair only where the region is free
  for the Shadow; the faction is then in play for good (D4).
- **Recruiting** (D16): a Muster die (``recruit-dunlendings``) puts 2 Dunlendings in one region
  of Isengard or Rohan holding a Shadow Army that is not besieged (``place <region>
  dunlendings`` when several qualify).
- Placing respects the stacking limit: what has no room stays in the pool (ours).
- **Casualties** (D17): a hit removes two of them; a single one takes a hit only as the last
  unit of its Army (:mod:`.casualties`).
- **Old Hatred** (the Combat card, D17) and the module's **Rage of the Dunlendings** (shs_11t):
  :mod:`.dunlendings_combat` and :mod:`.dunlendings_card`.
"""

from __future__ import annotations

from typing import Any

from games.core import Action, State, emit
from games.core.flow import Frame, Step, call, ret

from . import actions, politics
from .board import add, free_for, room, units
from .data import DUNLENDINGS, REGIONS, SHADOW
from .grammar import region_words
from .i18n import mark, ntr, tr
from .roles import side_title
from .tta.content import FACTIONS
from .tta.state import part

MUSTER = ("muster", "army_muster")
DUNLANDS = ("north_dunland", "south_dunland")
#: Where the Dunlendings are recruited: the regions of these Nations (D16).
RECRUIT_NATIONS = ("isengard", "rohan")
#: Dunlendings placed in each Dunland at the entry, and by a recruitment (D14, D16).
ENTRY, RECRUITED = 2, 2
#: The verb's second word of the site question: ``place <region> dunlendings``.
SITE_WORD = DUNLENDINGS


def faction(state: State) -> dict[str, Any] | None:
    found: dict[str, Any] | None = part(state).get("factions", {}).get(DUNLENDINGS)
    return found


def in_game(state: State) -> bool:
    return faction(state) is not None


def in_play(state: State) -> bool:
    found = faction(state)
    return bool(found and found["in_play"])


def at(state: State, region: str, inside: bool = False) -> int:
    table = state["garrisons"] if inside else state["armies"]
    return int(table.get(region, {}).get(DUNLENDINGS, {}).get("regular", 0))


def on_map(state: State) -> int:
    return sum(
        int(nations.get(DUNLENDINGS, {}).get("regular", 0))
        for table in (state["armies"], state["garrisons"])
        for nations in table.values()
    )


def pool(state: State) -> int:
    """Dunlendings off the map, ready to enter (none in a game without them)."""
    return FACTIONS[DUNLENDINGS].count - on_map(state) if in_game(state) else 0


def _place(state: State, region: str, n: int) -> int:
    """Up to ``n`` from the pool into ``region``, within the stacking limit; how many."""
    placed = min(n, pool(state), room(state, region, SHADOW))
    add(state, region, DUNLENDINGS, "regular", placed)
    return placed


# -- entry (D14) --------------------------------------------------------------------------------


def entry_regions(state: State) -> list[str]:
    return [r for r in DUNLANDS if free_for(state, r, SHADOW) and room(state, r, SHADOW)]


def _entry_possible(state: State, side: str) -> bool:
    if not in_game(state) or in_play(state) or not pool(state):
        return False
    return politics.at_war(state, "isengard") and bool(entry_regions(state))


def _enter(state: State, side: str, face: str) -> bool:
    found = faction(state)
    assert found is not None
    found["in_play"] = True
    placed = {r: _place(state, r, ENTRY) for r in entry_regions(state)}
    regions = [r for r, n in placed.items() if n]
    emit(state, "dunlendings_entered", {"regions": regions, "count": sum(placed.values())})
    return False


# -- recruiting (D16) ---------------------------------------------------------------------------


def recruit_sites(state: State) -> list[str]:
    """Regions of Isengard or Rohan with a Shadow Army not under siege, with room (D16)."""
    if not in_play(state) or not pool(state):
        return []
    return [
        r
        for r, info in REGIONS.items()
        if info.nation in RECRUIT_NATIONS and units(state, r, SHADOW) and room(state, r, SHADOW)
    ]


def recruit(state: State, region: str) -> None:
    n = _place(state, region, RECRUITED)
    told_recruited(state, region, n)


def told_recruited(state: State, region: str, n: int) -> None:
    """``n`` Dunlendings joined the Shadow there; with none, whether the stacking limit (not an
    empty pool) kept them out."""
    full = not n and bool(pool(state)) and not room(state, region, SHADOW)
    emit(state, "dunlendings_recruited", {"region": region, "count": n, "full": full})


def _recruit_possible(state: State, side: str) -> bool:
    return bool(recruit_sites(state))


def _recruit_run(state: State, side: str, face: str) -> bool:
    sites = recruit_sites(state)
    if len(sites) == 1:
        recruit(state, sites[0])
        return False
    call(state, "dunland_site", side=side)
    return True


class DunlandSite(Step):
    """Where the recruited Dunlendings go (``place <region> dunlendings``)."""

    name = "dunland_site"
    kind = "dunland_site"

    def active(self, state: State, frame: Frame) -> frozenset[str]:
        return frozenset({frame["side"]})

    def actions(self, state: State, frame: Frame, role: str) -> tuple[Action, ...]:
        return tuple(Action("place", (r, SITE_WORD)) for r in recruit_sites(state))

    def title(self, state: State, frame: Frame, role: str) -> str:
        return tr("Dunlendings: where?")

    def instruction(self, state: State, frame: Frame, role: str) -> str:
        return tr(
            "Recruit 2 Dunlendings with a Shadow Army (not besieged) in Isengard or Rohan "
            "(`place <region> dunlendings`)."
        )

    def waiting(self, state: State, frame: Frame) -> str:
        return tr("Waiting for the {side} to recruit Dunlendings.", side=side_title(frame["side"]))

    def apply(self, state: State, frame: Frame, role: str, action: Action) -> None:
        recruit(state, action.args[0])
        ret(state)


def view(state: State) -> dict[str, Any] | None:
    """The faction's public part of the view (their pieces on the map are in the regions' units)."""
    if not in_game(state):
        return None
    return {"in_play": in_play(state), "pool": pool(state)}


def label(state: State, role: str, action: Action) -> str | None:
    top = state["stack"][-1] if state["stack"] else None
    if top is None or top["step"] != "dunland_site" or action.verb != "place":
        return None
    region = action.args[0]
    coming = min(RECRUITED, pool(state), room(state, region, SHADOW))  # what will come (D16)
    return ntr(
        "{count} Dunlending in {region}",
        "{count} Dunlendings in {region}",
        coming,
        region=region_words(region),
    )


DIE_ACTIONS: tuple[actions.DieAction, ...] = (
    actions.DieAction(
        "bring-dunlendings",
        mark("The Hillmen of Dunland"),
        mark("With Isengard At War: the Dunlendings enter the war (2 in North and 2 in South Dunland)."),
        MUSTER,
        SHADOW,
        _entry_possible,
        _enter,
    ),
    actions.DieAction(
        "recruit-dunlendings",
        mark("Recruit Dunlendings"),
        mark("2 Dunlendings join a Shadow Army (not besieged) in Isengard or Rohan."),
        MUSTER,
        SHADOW,
        _recruit_possible,
        _recruit_run,
    ),
)
STEPS: tuple[Step, ...] = (DunlandSite(),)
