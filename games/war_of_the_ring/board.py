"""Where everything stands: Armies per region, garrisons of besieged Strongholds, characters,
Settlement control, reinforcements and casualties, and the questions every rule asks of them.

State keys read and written here:

- ``armies``: ``{region: {nation: {"regular": n, "elite": n, "leader": n}}}`` — figures in the
  open region (a Sauron "leader" is a Nazgûl). Empty entries are removed, so equal positions
  have equal states.
- ``garrisons``: the same shape for the figures *inside* a besieged Stronghold (§12.2); a region
  is under siege exactly when it has a garrison.
- ``characters``: ``{character: {"region": region, "inside": bool}}`` for the Companions and
  Minions on the map (not those in the Fellowship, not those out of play).
- ``control``: ``{region: side}`` for every Settlement: who controls it now.
- ``reinforcements`` / ``casualties``: ``{nation: {kind: n}}``; casualties are the Free Peoples'
  figures out of the game (they give back Regulars when an Elite is reduced, §11.3).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from games.core import State

from .data import (
    ARMY_NATIONS,
    ARMY_SIDES,
    CHARACTERS,
    DUNLENDINGS,
    MAX_GARRISON,
    MAX_STACK,
    NATIONS,
    NEIGHBOURS,
    REGIONS,
    SHADOW,
)
from .roles import other

#: Unit kinds (for Sauron's nation a leader is a Nazgûl); ``UNIT_KINDS`` are the Army units.
KINDS = ("regular", "elite", "leader")
UNIT_KINDS = ("regular", "elite")

Units = dict[str, int]


def _figures(state: State, region: str, inside: bool) -> Mapping[str, Units]:
    table = state["garrisons"] if inside else state["armies"]
    found: Mapping[str, Units] = table.get(region, {})
    return found


def army(state: State, region: str, side: str, inside: bool = False) -> dict[str, Units]:
    """``{nation: counts}`` of ``side``'s figures in ``region`` (or inside its Stronghold), in the
    Nations' order (never the state's key order, which a saved and loaded game does not keep)."""
    figures = _figures(state, region, inside)
    return {n: dict(figures[n]) for n in ARMY_NATIONS if n in figures and SIDE_OF[n] == side}


#: ``{nation: side}`` (a plain look-up: the rules ask it in their innermost loops); the
#: Dunlendings of Twilight of the Third Age are a Shadow pseudo-nation.
SIDE_OF: dict[str, str] = ARMY_SIDES
#: Each region's place in board order (to put a few regions in that order).
REGION_INDEX: dict[str, int] = {r: i for i, r in enumerate(REGIONS)}


def count(state: State, region: str, side: str, kind: str, inside: bool = False) -> int:
    figures = (state["garrisons"] if inside else state["armies"]).get(region)
    if not figures:
        return 0
    found = 0
    for nation, counts in figures.items():
        if SIDE_OF[nation] == side:
            found += counts.get(kind, 0)
    return found


def units(state: State, region: str, side: str, inside: bool = False) -> int:
    """Army units (Regulars and Elites) of ``side`` there: what stacking and strength count."""
    figures = (state["garrisons"] if inside else state["armies"]).get(region)
    if not figures:
        return 0
    found = 0
    for nation, counts in figures.items():
        if SIDE_OF[nation] == side:
            found += counts.get("regular", 0) + counts.get("elite", 0)
    return found


def leaders(state: State, region: str, side: str, inside: bool = False) -> int:
    """Leaders (Nazgûl for the Shadow) of ``side`` there."""
    return count(state, region, side, "leader", inside)


def characters_at(state: State, region: str, side: str | None = None, inside: bool = False) -> list[str]:
    """The characters standing in ``region`` (of ``side`` if given), in data order (never the
    state's key order, which a saved and loaded game does not keep)."""
    found = [
        c
        for c, where in state["characters"].items()
        if where["region"] == region
        and bool(where.get("inside")) == inside
        and (side is None or CHARACTER_SIDE[c] == side)
    ]
    if len(found) > 1:
        found.sort(key=CHARACTER_INDEX.__getitem__)
    return found


CHARACTER_ORDER = tuple(CHARACTERS)
#: Each character's place in data order, and his side.
CHARACTER_INDEX: dict[str, int] = {c: i for i, c in enumerate(CHARACTER_ORDER)}
CHARACTER_SIDE: dict[str, str] = {c: info.side for c, info in CHARACTERS.items()}


def has_army(state: State, region: str, side: str, inside: bool = False) -> bool:
    """Whether ``side`` has an Army there: at least one unit, Leader, Nazgûl or character."""
    if any(sum(c.values()) for n, c in _figures(state, region, inside).items() if SIDE_OF[n] == side):
        return True
    return bool(characters_at(state, region, side, inside))


def add(state: State, region: str, nation: str, kind: str, n: int = 1, inside: bool = False) -> None:
    if n <= 0:
        return
    table = state["garrisons"] if inside else state["armies"]
    here = table.setdefault(region, {})
    counts = here.setdefault(nation, {})
    counts[kind] = counts.get(kind, 0) + n


def remove(state: State, region: str, nation: str, kind: str, n: int = 1, inside: bool = False) -> None:
    """Take ``n`` figures off the map (the caller says where they go)."""
    table = state["garrisons"] if inside else state["armies"]
    counts = table[region][nation]
    if counts.get(kind, 0) < n:
        raise ValueError(f"only {counts.get(kind, 0)} {kind} of {nation} in {region}")
    counts[kind] -= n
    if counts[kind] == 0:
        del counts[kind]
    if not counts:
        del table[region][nation]
    if not table[region]:
        del table[region]


def take_reinforcement(state: State, nation: str, kind: str, n: int = 1) -> int:
    """Take up to ``n`` figures from ``nation``'s reinforcements; the number taken."""
    pool = state["reinforcements"][nation]
    taken: int = min(n, pool.get(kind, 0))
    if taken:
        pool[kind] = pool[kind] - taken
    return taken


def back_to_reinforcements(state: State, nation: str, kind: str, n: int) -> None:
    """Figures that may not stay (the stacking limit) go back to reinforcements; Dunlendings
    to their faction's pool, which is what is not on the map."""
    if n > 0 and nation != DUNLENDINGS:
        pool = state["reinforcements"][nation]
        pool[kind] = pool.get(kind, 0) + n


def eliminated(state: State, nation: str, kind: str, n: int = 1) -> None:
    """Figures killed: Shadow figures go back to reinforcements, Free Peoples' out of the game;
    Dunlendings go back to their faction's pool (what is not on the map)."""
    if n <= 0 or nation == DUNLENDINGS:
        return
    target = state["reinforcements"] if NATIONS[nation].side == SHADOW else state["casualties"]
    target[nation][kind] = target[nation].get(kind, 0) + n


def controller(state: State, region: str) -> str | None:
    control: str | None = state["control"].get(region)
    return control


def besieged(state: State, region: str) -> bool:
    return region in state["garrisons"]


def besieger(state: State, region: str) -> str | None:
    """The side besieging ``region``'s Stronghold, if it is under siege."""
    if not besieged(state, region):
        return None
    owner = controller(state, region)
    return other(owner) if owner is not None else None


def enemy_settlement(state: State, region: str, side: str) -> bool:
    owner = controller(state, region)
    return owner is not None and owner != side


def free_for(state: State, region: str, side: str) -> bool:
    """§2.3: no enemy Army units and no enemy-controlled Settlement (a Stronghold that ``side``
    besieges is free for him)."""
    foe = other(side)
    if besieged(state, region) and besieger(state, region) == side:
        return True
    if units(state, region, foe):
        return False
    return not enemy_settlement(state, region, side)


def free_for_army_move(state: State, region: str, side: str) -> bool:
    """§2.3: free, or an enemy Settlement without enemy units (entering captures it); a region
    with enemy units must be attacked, not entered. A siege ``side`` holds may be reinforced."""
    foe = other(side)
    if besieged(state, region):
        return besieger(state, region) == side
    return units(state, region, foe) == 0


def room(state: State, region: str, side: str, inside: bool = False) -> int:
    """How many more Army units ``side`` may have there (10 in a region, 5 in a siege)."""
    limit = MAX_GARRISON if inside else MAX_STACK
    return max(0, limit - units(state, region, side, inside))


def regions_with_army(state: State, side: str) -> Iterator[str]:
    """Regions where ``side`` has units or Leaders in the open (board order)."""
    for region in REGIONS:
        figures = state["armies"].get(region)
        if figures and any(SIDE_OF[n] == side and sum(c.values()) for n, c in figures.items()):
            yield region


def vp(state: State, side: str) -> int:
    """Victory points: the enemy Cities (1) and Strongholds (2) that ``side`` controls."""
    total = 0
    for region, holder in state["control"].items():
        info = REGIONS[region]
        if holder == side and info.nation is not None and NATIONS[info.nation].side != side:
            total += info.vp
    return total


def neighbours(region: str) -> frozenset[str]:
    return NEIGHBOURS[region]


def may_enter(state: State, nation: str, kind: str, region: str) -> bool:
    """§8.4: a figure of a Nation not At War never moves into another Nation's region (its own
    Nation's regions and regions of no Nation are open to it). Nazgûl ignore the Political Track.
    Applied to every move, this also gives the retreat exception: a unit that retreated across a
    border must leave that Nation with its next move unless its own Nation is At War by then.

    >>> state = {"politics": {"rohan": {"steps": 2, "active": True}}}
    >>> may_enter(state, "rohan", "regular", "westemnet"), may_enter(state, "rohan", "regular", "osgiliath")
    (True, True)
    >>> may_enter(state, "rohan", "leader", "minas_tirith")
    False
    """
    if (nation == "sauron" and kind == "leader") or nation == DUNLENDINGS:
        return True  # the Dunlendings are always At War (D15)
    if state["politics"][nation]["steps"] == 0:
        return True
    return REGIONS[region].nation in (None, nation)


def empty_units() -> dict[str, int]:
    return dict.fromkeys(KINDS, 0)


def units_text(counts: Mapping[str, Any]) -> str:
    """``3R 1E 1L`` style shorthand (for logs and tests)."""
    parts = [f"{counts.get(k, 0)}{k[0].upper()}" for k in KINDS if counts.get(k, 0)]
    return " ".join(parts) or "none"
