"""How a Confrontation is won: the end of the game and the checks made after each move."""

from __future__ import annotations

import logging
from typing import Any

from games.core import State, emit, finish

from .board import counts, ring_bearer
from .data import FELLOWSHIP, HOME, SAURON

log = logging.getLogger(__name__)


def win(state: State, winner: str, reason: str, /, **args: Any) -> None:
    """End the game with a win for ``winner``; ``reason`` is a result kind of ``events.KINDS``."""
    if state["result"] is not None:
        return
    emit(state, "won", {"side": winner, "reason": {"kind": reason, "args": args}})
    log.debug("game over: %s wins (%s)", winner, reason)
    finish(state, [winner], reason, args)


def check_ring_bearer_fell(state: State, killer: str | None) -> None:
    """After a Fellowship defeat: pass the Ring to the variant Sam, or Sauron wins."""
    bearer = ring_bearer(state)
    if bearer is None or bearer in state["pos"]:
        return
    if bearer == "frodo_v" and killer != "warg":
        for sam in ("sam", "sam_v"):
            if sam in state["pos"] and sam in state["chars"][FELLOWSHIP]:
                state["ring_bearer"] = sam
                if sam not in state["public"]:
                    state["public"] = sorted([*state["public"], sam])
                emit(state, "sam_takes_ring")
                check_ring_in_mordor(state)
                return
    win(state, SAURON, "bearer_defeated", bearer=bearer)


def check_ring_in_mordor(state: State) -> None:
    """A Ring-bearer standing in Mordor wins for the Fellowship (our ruling [G]).

    Entering Mordor is checked where the move lands; this covers a Ring-bearer who got there
    otherwise: Sam inheriting the Ring in Mordor, or Frodo swapped in by Sméagol.
    """
    if state["result"] is not None:
        return
    bearer = state.get("ring_bearer")  # ring_bearer(state), inlined: checked after every move
    if bearer and state["pos"].get(bearer) == HOME[SAURON]:
        bearer = str(bearer)
        emit(state, "bearer_in_mordor", {"bearer": bearer})
        win(state, FELLOWSHIP, "bearer_carried_ring", bearer=bearer)


def check_shire(state: State) -> None:
    """Three Sauron characters and no Fellowship character in the Shire: Sauron wins."""
    if state["result"] is not None:
        return
    # From the counts, usually kept already (the next prompt asks for the same position).
    cnt = counts(state)
    shire = HOME[FELLOWSHIP]
    if cnt[SAURON][shire] >= 3 and not cnt[FELLOWSHIP][shire]:
        win(state, SAURON, "shire_held")
