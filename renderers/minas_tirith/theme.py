"""Colours and sizes of the Minas Tirith pictures (one place to restyle them)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from renderers.common.colours import RGB, mix, rgb
from renderers.common.colours import ink_on as ink_on  # re-exported: the theme's text colour
from renderers.common.map_colours import *  # noqa: F403  (re-exported: the colours every map shares)
from renderers.common.map_colours import PANEL_FILL

LayoutName = Literal["compact", "full"]
LAYOUTS: tuple[LayoutName, ...] = ("compact", "full")


@dataclass(frozen=True, slots=True)
class MapStyle:
    """Sizes of what is drawn on the map in one layout (pixels)."""

    scale: float  # pixels per map unit (a map unit is a compact pixel)
    name_size: int  # space names, from this size down to ``name_min``
    name_min: int
    icon: int  # a unit kind's plate
    count_size: int  # the number beside it
    leader: int  # a leader's token
    mark: int  # banner, fort and catapult marks
    rammas: float  # the Rammas Echor's wall line
    road: float
    outline: int  # highlight outline width


STYLES: dict[LayoutName, MapStyle] = {
    "compact": MapStyle(
        scale=1.0,
        name_size=15,
        name_min=13,
        icon=23,
        count_size=18,
        leader=25,
        mark=15,
        rammas=6.0,
        road=5.0,
        outline=5,
    ),
    "full": MapStyle(
        scale=1.45,
        name_size=18,
        name_min=15,
        icon=27,
        count_size=21,
        leader=27,
        mark=20,
        rammas=8.0,
        road=7.0,
        outline=5,
    ),
}

# -- colours -------------------------------------------------------------------------------------


PARCHMENT = rgb("#e3d4a8")  # an empty space
OUTLANDS = rgb("#a99f7c")  # land beyond the board
ROCK = rgb("#8a8172")  # Mount Mindolluin
ROCK_DARK = rgb("#4e463b")
ROCK_LIGHT = rgb("#c9c0ae")
WATER = rgb("#3c6e9c")  # the Anduin
WATER_LIGHT = rgb("#8fbbe0")
WATER_EDGE = rgb("#1f3e5c")
STONE = rgb("#f1ede2")  # the white stone of the city and its walls
STONE_EDGE = rgb("#5f5a50")
RAMMAS = rgb("#d9d0bc")
ROAD = rgb("#b59a6a")
ROAD_EDGE = rgb("#6c5636")
BORDER = rgb("#4a3d2c")

GOOD = "good"
EVIL = "evil"
SIDES = (GOOD, EVIL)
#: The box's colours: Gondor green and yellow, Mordor black and red.
BOX_COLOURS: dict[str, RGB] = {
    "green": rgb("#2f7d3a"),
    "yellow": rgb("#e8c22e"),
    "black": rgb("#26221f"),
    "red": rgb("#b8281f"),
}
SIDE_COLOURS: dict[str, RGB] = {GOOD: BOX_COLOURS["green"], EVIL: rgb("#8e1f19")}
SIDE_LIGHT: dict[str, RGB] = {GOOD: rgb("#f2dc6a"), EVIL: rgb("#ff8a7a")}
#: How a space held by a side is filled (its colour over parchment).
SIDE_FILLS: dict[str, RGB] = {
    GOOD: mix(PARCHMENT, rgb("#5d9a48"), 0.5),
    EVIL: mix(PARCHMENT, rgb("#7a2a22"), 0.5),
}
RANGE_TINT = rgb("#ffb347")  # spaces within range of a shooter
RETREAT = rgb("#f4ead2")
PANEL = PANEL_FILL


WALL_STONE = rgb("#cfcabd")  # the walls and the city, held by no one


def space_fill(side: str | None, kind: str = "field") -> RGB:
    """The fill of a space of ``kind`` held by ``side``: parchment (stone for the walls and the
    city) when empty, tinted with the side's colour when held."""
    if kind in ("wall", "city"):
        base = WALL_STONE if kind == "wall" else STONE
        return mix(base, SIDE_FILLS[side], 0.55) if side in SIDE_FILLS else base
    return SIDE_FILLS.get(side or "", PARCHMENT)
