"""The roles of War of the Ring: the two sides, their titles, and the side of each nation.

The two roles are the sides: ``free`` (the Free Peoples) and ``shadow``.

>>> other("free"), side_title("shadow")
('shadow', 'Shadow')
"""

from __future__ import annotations

from .data import FREE, NATIONS, SHADOW, SIDES

ROLES = SIDES
TITLES = {FREE: "Free Peoples", SHADOW: "Shadow"}


def other(side: str) -> str:
    return SHADOW if side == FREE else FREE


def side_title(side: str) -> str:
    return TITLES.get(side, side)


def side_of(nation: str) -> str:
    return NATIONS[nation].side


def nation_name(nation: str) -> str:
    return NATIONS[nation].name
