"""The options a match is played with, read from its state."""

from __future__ import annotations

from games.core import State


def special_set(state: State) -> str | None:
    """``'2002'``, ``'deluxe'`` or ``None`` (no special cards in this game)."""
    value = state["options"].get("specials", "none")
    if value == "none":
        return None
    return "2002" if value == "2002" else "deluxe"
