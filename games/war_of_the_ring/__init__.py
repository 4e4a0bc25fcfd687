"""War of the Ring, 2nd edition (Ares Games, 2012): part I — the whole game but the Event cards'
texts (cards are drawn and held; playing them comes with part II)."""

from games.core import register

from .ruleset import WAR_OF_THE_RING, WarOfTheRing

register(WAR_OF_THE_RING)

__all__ = ["WAR_OF_THE_RING", "WarOfTheRing"]
