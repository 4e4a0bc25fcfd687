"""Pure, deterministic game rules. Importing this package registers every game."""

from . import confrontation, core, lotr_risk, war_of_the_ring

__all__ = ["confrontation", "core", "lotr_risk", "war_of_the_ring"]
