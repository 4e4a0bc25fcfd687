"""Colours and sizes of the War of the Ring pictures (one place to restyle them)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from renderers.common.colours import RGB, mix, rgb
from renderers.common.colours import ink_on as ink_on  # re-exported: the theme's text colour
from renderers.common.map_colours import *  # noqa: F403  (re-exported: the colours every map shares)

LayoutName = Literal["compact", "full", "zoom"]
#: The map layouts drawn by the build (``zoom`` is the large drawing ``render_zoom`` crops).
LAYOUTS: tuple[LayoutName, ...] = ("compact", "full", "zoom")
#: The picture layouts ``render`` accepts.
PICTURES: tuple[LayoutName, ...] = ("compact", "full")


@dataclass(frozen=True, slots=True)
class MapStyle:
    """Sizes of what is drawn on the map in one layout (pixels)."""

    scale: float  # pixels per map unit
    name_size: int  # region names, from this size down to ``name_min``
    name_min: int
    settlement_size: int  # names of cities and strongholds (never omitted)
    icon: int  # settlement icon (a stronghold's; towns and cities are smaller)
    count_size: int  # unit counts in a badge
    chip: int  # height of a nation row in a badge
    character: int  # diameter of a character marker
    ring: int  # the Ring-bearers' token
    river: float  # impassable river width
    ridge: float  # mountain ridge band width
    stream: float  # drawn (passable) rivers
    water_size: int  # sea names
    outline: int  # highlight outline width


STYLES: dict[LayoutName, MapStyle] = {
    "compact": MapStyle(
        scale=1.08,
        name_size=14,
        name_min=12,
        settlement_size=15,
        icon=17,
        count_size=19,
        chip=24,
        character=22,
        ring=30,
        river=3.4,
        ridge=4.2,
        stream=1.8,
        water_size=15,
        outline=7,  # (seen on a phone at 400 px: 2.6 px)
    ),
    "full": MapStyle(
        scale=1.5,
        name_size=17,
        name_min=14,
        settlement_size=18,
        icon=21,
        count_size=20,
        chip=25,
        character=23,
        ring=34,
        river=4.2,
        ridge=5.4,
        stream=2.2,
        water_size=18,
        outline=4,
    ),
    "zoom": MapStyle(
        scale=2.4,
        name_size=22,
        name_min=18,
        settlement_size=23,
        icon=28,
        count_size=24,
        chip=30,
        character=28,
        ring=42,
        river=6.0,
        ridge=8.0,
        stream=3.0,
        water_size=24,
        outline=5,
    ),
}

# -- colours -------------------------------------------------------------------------------------


SEA = rgb("#3a5d7e")
SHALLOW = rgb("#6189aa")
RIVER = rgb("#2f6fb0")
RIVER_EDGE = rgb("#173a60")
RIVER_LIGHT = rgb("#a6cdef")
STREAM = rgb("#5b94c8")
RIDGE_DARK = rgb("#3a2f25")
RIDGE_LIGHT = rgb("#d9ccb6")
PARCHMENT = rgb("#e4d5ae")  # a region of no Nation
BORDER = rgb("#3b3024")

FREE = "free"
SHADOW = "shadow"
SIDES = (FREE, SHADOW)
SIDE_TITLES = {FREE: "Free Peoples", SHADOW: "Shadow"}
SIDE_COLOURS: dict[str, RGB] = {FREE: rgb("#2f5fb4"), SHADOW: rgb("#b02a22")}
SIDE_DARK: dict[str, RGB] = {FREE: rgb("#16305f"), SHADOW: rgb("#5c120d")}
SIDE_LIGHT: dict[str, RGB] = {FREE: rgb("#cfe0fb"), SHADOW: rgb("#f8d2cb")}

#: Nations in the order they are listed (Free Peoples first), with their side.
NATIONS: tuple[str, ...] = ("dwarves", "elves", "gondor", "north", "rohan", "isengard", "sauron", "southrons")
NATION_SIDES: dict[str, str] = {n: (FREE if i < 5 else SHADOW) for i, n in enumerate(NATIONS)}
#: Twilight of the Third Age: the Dunlendings, Shadow Army units of no Nation (a row of their
#: own in the Shadow's badge, after the Nations).
DUNLENDINGS = "dunlendings"
NATION_SIDES[DUNLENDINGS] = SHADOW
NATION_NAMES = {
    "dwarves": "Dwarves",
    "elves": "Elves",
    "gondor": "Gondor",
    "north": "The North",
    "rohan": "Rohan",
    "isengard": "Isengard",
    "sauron": "Sauron",
    "southrons": "Southrons & Easterlings",
}
NATION_SHORT = {
    "dwarves": "Dwarves",
    "elves": "Elves",
    "gondor": "Gondor",
    "north": "North",
    "rohan": "Rohan",
    "isengard": "Isengard",
    "sauron": "Sauron",
    "southrons": "Southrons",
    DUNLENDINGS: "Dunlendings",
}
#: Free Peoples in the blue family, the Shadow in the red family.
NATION_COLOURS: dict[str, RGB] = {
    "dwarves": rgb("#7b5cd6"),  # violet
    "elves": rgb("#12a5b8"),  # cyan
    "gondor": rgb("#2d5bd8"),  # royal blue
    "north": rgb("#5fa8e8"),  # sky blue
    "rohan": rgb("#2fa57a"),  # sea green
    "isengard": rgb("#e8a02a"),  # amber
    "sauron": rgb("#c4281c"),  # red
    "southrons": rgb("#c23a8a"),  # magenta
    DUNLENDINGS: rgb("#7a5230"),  # earth brown (no Nation: never a region's tint)
}
#: The paper under a Nation's tint (whiter than the parchment of the lands of no Nation, so
#: that the blues stay blue).
NATION_PAPER = rgb("#f3efe6")
#: How strongly a Nation's colour tints its regions (the rest is parchment).
TINT = 0.42


def region_fill(nation: str | None) -> RGB:
    """The fill of a region of ``nation`` (parchment for no Nation)."""
    if nation is None or nation not in NATION_COLOURS:
        return PARCHMENT
    return mix(NATION_PAPER, NATION_COLOURS[nation], TINT)
