"""The colours every map game's theme shares (each game's ``theme`` re-exports them and keeps
its own sea, land and side colours beside them)."""

from __future__ import annotations

from .colours import rgb

__all__ = ["BATTLE_RED", "COAST", "GOLD", "GOLD_BRIGHT", "NAME_HALO", "NAME_INK", "PANEL_FILL", "RIDGE"]

PANEL_FILL = rgb("#25221d")  # the panels beside and under the map
GOLD = rgb("#d9b35b")  # titles and marks of the player who acts
GOLD_BRIGHT = rgb("#ffd866")  # highlights of the last move
BATTLE_RED = rgb("#ff4a36")  # a battle's marks
COAST = rgb("#22313d")  # the line round the land
RIDGE = rgb("#6b5a48")  # mountain ridges between cells that do not border
NAME_INK = rgb("#1d170f")  # names on the map
NAME_HALO = rgb("#f4ead2")  # the light ring round them
