"""The options and edition a match is played with, and the rules they select."""

from __future__ import annotations

from games.core import State

from .board import Geometry, geometry
from .data import SETUP, EditionSetup, region_bonus

#: The revision of the rules new matches are played by (``state["rules"]``; a state without it
#: is revision 1). A match goes on by the revision it began with, so that its stored actions
#: replay exactly. Revision 2: a player who resigns a game of three or four leaves it like a
#: player dropped on time and the others play on (revision 1 ended the game on the scores), and
#: completing a mission is a choice (``complete <card>``) instead of happening on arrival.
RULES_REVISION = 2


def revision(state: State) -> int:
    """The rules revision this match is played by."""
    return int(state.get("rules", 1))


def geo(state: State) -> Geometry:
    return geometry(state["options"]["edition"])


def is_lotr(state: State) -> bool:
    return bool(state["options"]["mode"] == "lotr")


def is_trilogy(state: State) -> bool:
    return bool(state["options"]["edition"] == "trilogy")


def rules(state: State) -> EditionSetup:
    return SETUP.editions[state["options"]["edition"]]


def die_threshold(state: State) -> int:
    """The roll that lets the Ring leave a die space."""
    value = state["options"].get("die_space", "edition")
    return rules(state).die_threshold if value == "edition" else int(value)


def bonus_table(state: State) -> str:
    value = state["options"].get("bonuses", "edition")
    return rules(state).bonus_table if value == "edition" else str(value)


def bonus(state: State, region: str) -> int:
    return region_bonus(region, bonus_table(state))
