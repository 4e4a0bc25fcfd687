"""Pure, deterministic game rules. Importing this package registers every game."""

from . import confrontation, core

__all__ = ["confrontation", "core"]
