"""Where an Event card goes when it leaves a hand (§7): played cards are discarded face up
(``played``, public), a table card stays in play until its discard condition (``table``,
public), and the hand limit discards face down (``discards``, secret to the opponent).

State keys ``played`` and ``table``: ``{side: [card, ...]}`` in the order the cards arrived.
A match stored before part II has neither key: :func:`pile` reads them as empty.
"""

from __future__ import annotations

from games.core import State

from .roles import ROLES

PILES = ("played", "table")


def pile(state: State, name: str, side: str) -> list[str]:
    """The public pile ``name`` (``played`` or ``table``) of ``side``, created if missing."""
    piles = state.get(name)
    if piles is None:
        piles = state[name] = {s: [] for s in ROLES}
    found: list[str] = piles[side]
    return found


def seen(state: State, name: str, side: str) -> tuple[str, ...]:
    """The pile ``name`` of ``side`` to read (never changes the state)."""
    return tuple(state.get(name, {}).get(side, ()))


def play_from_hand(state: State, side: str, card: str) -> None:
    """A card played from ``side``'s hand (an Event or a revealed Combat card) is discarded face up."""
    state["hands"][side].remove(card)
    pile(state, "played", side).append(card)


def put_on_table(state: State, side: str, card: str) -> None:
    """A table card played from the hand stays in play (its effect lasts until it is discarded)."""
    state["hands"][side].remove(card)
    pile(state, "table", side).append(card)


def on_table(state: State, card: str) -> bool:
    """Whether ``card`` is in play on the table (either side's)."""
    return any(card in seen(state, "table", side) for side in ROLES)


def discard_from_table(state: State, side: str, card: str) -> None:
    """A table card's discard condition happened: face up onto the played pile."""
    pile(state, "table", side).remove(card)
    pile(state, "played", side).append(card)
