"""Pure, deterministic game rules. Importing this package registers every game."""

from . import confrontation, core, lotr_risk

__all__ = ["confrontation", "core", "lotr_risk"]
