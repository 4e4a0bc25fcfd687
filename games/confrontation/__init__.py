"""The Lord of the Rings: The Confrontation (Fantasy Flight Games, 2002; Deluxe 2005)."""

from games.core import register

from .ruleset import Confrontation

CONFRONTATION = register(Confrontation())

__all__ = ["CONFRONTATION", "Confrontation"]
