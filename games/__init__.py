"""Pure, deterministic game rules. Importing this package registers every game."""

from . import confrontation, core, lotr_risk, minas_tirith, war_of_the_ring

__all__ = ["confrontation", "core", "lotr_risk", "minas_tirith", "war_of_the_ring"]
