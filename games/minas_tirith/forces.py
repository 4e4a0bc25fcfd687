"""The pieces on the board, on the cards and in the supply: who holds a space, how many of
which kind stand where, what is left to place, and the leaders' whereabouts.

State keys read and written here:

``units``     ``{space: {kind: n}}`` for every space (kinds with ``n > 0`` only)
``leaders``   ``{leader: where}``: a space id, ``"card"`` (waiting on its holder card),
              ``"captured"`` or ``"removed"``
``mt``        ``{role: [{"id": card, "holds": {kind: n}}]}``: Minas Tirith cards in front
``captured``  ``{capturer: {kind or leader: n}}``
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from games.core import State

from .facts import KINDS, LEADERS, SPACE_IDS, UNITS, Unit

OFF_BOARD = frozenset({"card", "captured", "removed"})


def units_at(state: State, space: str) -> dict[str, int]:
    found: dict[str, int] = state["units"][space]
    return found


def side_at(state: State, space: str) -> str | None:
    """The side whose battalions stand in ``space`` (``None``: empty)."""
    for kind in state["units"][space]:
        return UNITS[kind].side
    return None


def count_at(state: State, space: str) -> int:
    return sum(state["units"][space].values())


def holds(state: State, side: str, space: str) -> bool:
    """Whether ``side`` has battalions in ``space``."""
    return side_at(state, space) == side


def enemy_in(state: State, side: str, space: str) -> bool:
    found = side_at(state, space)
    return found is not None and found != side


def spaces_of(state: State, side: str) -> list[str]:
    """Spaces holding ``side``'s battalions, in board order."""
    return [s for s in SPACE_IDS if side_at(state, s) == side]


def add_units(state: State, space: str, kind: str, n: int) -> None:
    if n <= 0:
        return
    here = state["units"][space]
    here[kind] = here.get(kind, 0) + n


def remove_units(state: State, space: str, kind: str, n: int) -> None:
    here = state["units"][space]
    left = here.get(kind, 0) - n
    if left < 0:
        raise ValueError(f"{space} holds fewer than {n} {kind}")
    if left:
        here[kind] = left
    else:
        here.pop(kind, None)


def on_cards(state: State, kind: str) -> int:
    return sum(card["holds"].get(kind, 0) for cards in state["mt"].values() for card in cards)


def on_board(state: State, kind: str) -> int:
    return sum(here.get(kind, 0) for here in state["units"].values())


def captured_of(state: State, kind: str) -> int:
    return sum(pile.get(kind, 0) for pile in state["captured"].values())


def supply(state: State, kind: str) -> int:
    """Battalions of ``kind`` left to place (the figure supply of §4.4 is a limit)."""
    return UNITS[kind].total - on_board(state, kind) - on_cards(state, kind) - captured_of(state, kind)


def leaders_at(state: State, space: str, side: str | None = None) -> list[str]:
    """Leaders standing in ``space`` (of ``side``), in data order."""
    where = state["leaders"]
    return [
        leader
        for leader, info in LEADERS.items()
        if where[leader] == space and (side is None or info.side == side)
    ]


def on_board_leaders(state: State, side: str | None = None) -> list[str]:
    where = state["leaders"]
    return [
        leader
        for leader, info in LEADERS.items()
        if where[leader] not in OFF_BOARD and (side is None or info.side == side)
    ]


def colour_at(state: State, space: str, colour: str, but: Iterable[str] = ()) -> bool:
    """Whether a leader of ``colour`` (other than ``but``) stands in ``space``."""
    skip = set(but)
    return any(LEADERS[leader].colour == colour and leader not in skip for leader in leaders_at(state, space))


def mt_card(state: State, role: str, card: str) -> dict[str, object] | None:
    for entry in state["mt"][role]:
        if entry["id"] == card:
            found: dict[str, object] = entry
            return found
    return None


def holds_card(state: State, role: str, card: str) -> bool:
    return any(entry["id"] == card for entry in state["mt"][role])


def unit(kind: str) -> Unit:
    return UNITS[kind]


def kinds_present(here: Mapping[str, int], side: str) -> list[str]:
    """The kinds of ``side`` present in ``here``, in data order."""
    return [k for k in KINDS[side] if here.get(k)]


def capture(state: State, capturer: str, what: str, n: int = 1) -> None:
    pile = state["captured"][capturer]
    pile[what] = pile.get(what, 0) + n
