"""The options and edition a match is played with, and the rules they select."""

from __future__ import annotations

from games.core import State

from .board import Geometry, geometry
from .data import SETUP, EditionSetup, region_bonus


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
