"""What happens when an Army arrives somewhere (§8.2, §13): a Free Peoples Nation whose region
an enemy Army enters is roused; an enemy Settlement entered without defenders is captured (its
Nation roused and one step nearer war), and retaking one's own Settlement clears the marker.
Also the Leaders left alone (§9.1: a Free Peoples Leader without units is removed at once).
"""

from __future__ import annotations

from games.core import State, emit

from . import politics
from .board import add, besieged, besieger, controller, eliminated, remove, units
from .data import ARMY_SIDES, FREE, NATIONS, REGIONS, SHADOW


def original_owner(region: str) -> str | None:
    nation = REGIONS[region].nation
    return NATIONS[nation].side if nation is not None else None


def arrive(state: State, region: str, side: str) -> None:
    """``side``'s Army ended a move (or an advance) in ``region``."""
    nation = REGIONS[region].nation
    if side == SHADOW and nation is not None and NATIONS[nation].side == FREE:
        politics.activate(state, nation, "invaded")
    holder = controller(state, region)
    if (
        holder is not None
        and holder != side
        and units(state, region, holder) == 0
        and not besieged(state, region)
    ):
        capture(state, region, side)  # a besieged Stronghold is held by its garrison (§12.2)


def capture(state: State, region: str, side: str) -> None:
    """``side`` takes the Settlement in ``region`` (§13)."""
    state["control"][region] = side
    recaptured = original_owner(region) == side
    emit(state, "settlement_captured", {"side": side, "region": region, "recaptured": recaptured})
    if not recaptured:
        politics.settlement_captured(state, region)


def lone_leaders(state: State, region: str) -> None:
    """§9.1, §11.6: Free Peoples Leaders without a Free Peoples unit beside them are removed."""
    if units(state, region, FREE):
        return
    for nation, counts in list(state["armies"].get(region, {}).items()):
        if ARMY_SIDES[nation] == FREE and counts.get("leader"):
            n = counts["leader"]
            remove(state, region, nation, "leader", n)
            eliminated(state, nation, "leader", n)
            emit(state, "leaders_lost", {"nation": nation, "count": n, "region": region})


def lift_siege(state: State, region: str) -> bool:
    """§12.2: a siege ends when the besieger has no Army unit left in the region: the garrison
    and the characters inside go back into the open region. Whether a siege ended."""
    side = besieger(state, region)
    if side is None or units(state, region, side):
        return False
    for nation, counts in list(state["garrisons"].get(region, {}).items()):
        for kind, n in list(counts.items()):
            remove(state, region, nation, kind, n, inside=True)
            add(state, region, nation, kind, n)
    for where in state["characters"].values():
        if where["region"] == region and where.get("inside"):
            where["inside"] = False
    emit(state, "siege_abandoned", {"side": side, "region": region})
    return True
