"""War of the Ring, 2nd edition (Ares Games, 2012): the whole base game, the 96 Event cards and
their Combat halves included."""

from games.core import register

from .ruleset import WAR_OF_THE_RING, WarOfTheRing

register(WAR_OF_THE_RING)

__all__ = ["WAR_OF_THE_RING", "WarOfTheRing"]
