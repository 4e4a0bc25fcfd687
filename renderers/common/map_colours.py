"""The colours every map game's theme shares (each game's ``theme`` re-exports them and keeps
its own sea, land and side colours beside them)."""

from __future__ import annotations

from .colours import rgb

__all__ = [
    "BACKGROUND",
    "BATTLE_RED",
    "COAST",
    "GOLD",
    "GOLD_BRIGHT",
    "INK_FAINT",
    "INK_LIGHT",
    "INK_MUTED",
    "NAME_HALO",
    "NAME_INK",
    "PANEL_EDGE",
    "PANEL_FILL",
    "RIDGE",
]

BACKGROUND = rgb("#1b1915")  # around the map and the panels (Risk keeps a warmer one of its own)
PANEL_EDGE = rgb("#3d372d")
INK_LIGHT = rgb("#ede5d3")  # text on the panels
INK_MUTED = rgb("#aaa08d")
INK_FAINT = rgb("#7a7163")
PANEL_FILL = rgb("#25221d")  # the panels beside and under the map
GOLD = rgb("#d9b35b")  # titles and marks of the player who acts
GOLD_BRIGHT = rgb("#ffd866")  # highlights of the last move
BATTLE_RED = rgb("#ff4a36")  # a battle's marks
COAST = rgb("#22313d")  # the line round the land
RIDGE = rgb("#6b5a48")  # mountain ridges between cells that do not border
NAME_INK = rgb("#1d170f")  # names on the map
NAME_HALO = rgb("#f4ead2")  # the light ring round them
