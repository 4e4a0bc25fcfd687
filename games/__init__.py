"""Pure, deterministic game rules. Importing this package registers every game."""

from . import core

__all__ = ["core"]
