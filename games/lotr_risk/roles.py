"""The roles (colours), their allegiances and titles, who plays in a game of 2, 3 or 4, who is
still in the game, in which order, and what each holds (territories, regions, leaders, cards).

>>> roles_for(3), allegiance("red"), role_title("yellow")
(('black', 'green', 'red'), 'evil', 'Yellow')
"""

from __future__ import annotations

from typing import Any

from games.core import State

from .i18n import ptr, tr
from .options import geo

#: Roles in allegiance order (the order of claiming and placing), per player count.
ROLES_BY_COUNT: dict[int, tuple[str, ...]] = {
    2: ("green", "black"),
    3: ("black", "green", "red"),
    4: ("green", "black", "yellow", "red"),
}
ALL_ROLES = ("green", "black", "yellow", "red")
ALLEGIANCE = {"green": "good", "yellow": "good", "black": "evil", "red": "evil"}
COLOURS = {"green": "#2f8f3a", "black": "#2b2b2b", "yellow": "#e3b505", "red": "#b3261e"}
#: The neutral army: it owns territories but is not a role and never acts. Two-player games
#: deal it territories; in a game of three or four it holds the territories of a player dropped
#: on time or who resigned (see :mod:`games.lotr_risk.timeouts`).
NEUTRAL = "neutral"

#: The phases of a player's turn, in order.
PHASES = ("reinforce", "attack", "fortify", "draw", "fellowship")


def roles_for(players: int) -> tuple[str, ...]:
    return ROLES_BY_COUNT[players]


def allegiance(role: str) -> str:
    """``good`` or ``evil`` (plain mode ignores it)."""
    return ALLEGIANCE[role]


def role_title(role: str) -> str:
    """A colour's name (or the neutral army's) in the language being spoken."""
    if role == NEUTRAL:
        return tr("the neutral army")
    if role in ALLEGIANCE:
        return ptr("role", role.title())
    return role.title()


def in_game(state: State) -> list[str]:
    """Players still in the game, in turn order (seat order before the turn-order roll)."""
    out = set(state["eliminated"])
    order = state["order"] or state["roles"]
    return [r for r in order if r not in out]


def dropped(state: State) -> list[str]:
    """Players who left a game of three or four, on time or by resigning (also listed as
    eliminated); the key exists only after a drop."""
    return list(state.get("dropped") or ())


def resigned(state: State) -> list[str]:
    """The players among :func:`dropped` who resigned (the key exists only after one did)."""
    return list(state.get("resigned") or ())


def has_neutral(state: State) -> bool:
    """Whether a neutral army is in the game: always with two players, else once someone was
    dropped (his territories turned neutral)."""
    return len(state["roles"]) == 2 or bool(state.get("dropped"))


def owned(state: State, role: str) -> list[str]:
    """``role``'s territories in board order."""
    owner = state["owner"]
    return [t for t in geo(state).territories if owner[t] == role]


def regions_held(state: State, role: str) -> list[str]:
    """The regions ``role`` holds whole."""
    owner = state["owner"]
    return [r for r, ts in geo(state).regions.items() if all(owner[t] == role for t in ts)]


def leader_at(state: State, territory: str) -> tuple[str, dict[str, Any]] | None:
    """``(role, leader)`` of the leader standing in ``territory``, if any."""
    for role, mine in state["leaders"].items():
        for leader in mine:
            if leader["at"] == territory:
                return role, leader
    return None


def own_leader_at(state: State, role: str, territory: str) -> dict[str, Any] | None:
    for leader in state["leaders"].get(role, ()):
        if leader["at"] == territory:
            found: dict[str, Any] = leader
            return found
    return None


def hand(state: State, role: str) -> dict[str, list[str]]:
    cards: dict[str, list[str]] = state["hands"][role]
    return cards


def next_in(order: list[str], role: str, skip: set[str] | frozenset[str] = frozenset()) -> str | None:
    """The first role after ``role`` in ``order`` (cyclic) not in ``skip``.

    >>> next_in(["a", "b", "c"], "c"), next_in(["a", "b", "c"], "a", {"b"}), next_in(["a"], "a", {"a"})
    ('a', 'c', None)
    """
    start = order.index(role)
    for step in range(1, len(order) + 1):
        candidate = order[(start + step) % len(order)]
        if candidate not in skip:
            return candidate
    return None
