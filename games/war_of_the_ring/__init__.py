"""War of the Ring, 2nd edition (Ares Games, 2012)."""
