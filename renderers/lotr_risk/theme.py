"""Colours and sizes of the Risk pictures (one place to restyle them)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from renderers.common.colours import ink_on as ink_on  # re-exported: the theme's text colour
from renderers.common.colours import rgb
from renderers.common.map_colours import *  # noqa: F403  (re-exported: the colours every map shares)

LayoutName = Literal["compact", "full"]
LAYOUTS: tuple[LayoutName, ...] = ("compact", "full")


@dataclass(frozen=True, slots=True)
class MapStyle:
    """Sizes of what is drawn on the map in one layout (pixels)."""

    scale: float  # pixels per map unit
    name_size: int  # territory names, from this size down to ``name_min``
    name_min: int
    badge: int  # diameter of the battalion badge
    count_size: int  # its number
    icon: int  # stronghold, site and leader marks beside the badge
    gap: int  # between the name and the badge row
    ring: int  # the Ring token
    river: float  # river width
    ridge: float  # mountain ridge band width
    rim: int  # region colour band inside a region's border
    water_size: int  # sea names


STYLES: dict[LayoutName, MapStyle] = {
    "compact": MapStyle(
        scale=0.8,
        name_size=14,
        name_min=12,
        badge=31,
        count_size=20,
        icon=14,
        gap=1,
        ring=24,
        river=3.2,
        ridge=4.0,
        rim=5,
        water_size=13,
    ),
    "full": MapStyle(
        scale=1.0,
        name_size=16,
        name_min=13,
        badge=34,
        count_size=21,
        icon=16,
        gap=1,
        ring=28,
        river=4.0,
        ridge=5.0,
        rim=6,
        water_size=15,
    ),
}


def badge_row_width(style: MapStyle) -> int:
    """The badge with a column of marks on each side (stronghold and site left, leaders right)."""
    return style.badge + 2 * (style.icon + 2)


# -- colours -------------------------------------------------------------------------------------

BACKGROUND = rgb("#1d1a16")
PANEL_EDGE = rgb("#3b362d")
INK_LIGHT = rgb("#ece4d2")
INK_MUTED = rgb("#a79e8c")
INK_FAINT = rgb("#756d60")

SEA = rgb("#36597a")
SEA_DEEP = rgb("#2a4763")
SHALLOW = rgb("#5f87a8")
RIVER = rgb("#3f86c6")
RIVER_LIGHT = rgb("#9cc8ec")
RIDGE_DARK = rgb("#3e3228")
RIDGE_LIGHT = rgb("#d8cbb6")
PARCHMENT = rgb("#e6d7b0")  # an empty territory
NEUTRAL = rgb("#9a9a96")
BORDER = rgb("#2a221a")
PATH = rgb("#f2cf4a")
PATH_EDGE = rgb("#5a4310")
SEA_ROUTE = rgb("#e8f1f8")

#: How strongly an owner's colour fills its territories (the rest is parchment).
FILL_STRENGTH = 0.72
#: Owners' colours when a view gives none (by role).
DEFAULT_COLOURS = {
    "green": "#2e8b3a",
    "yellow": "#e0b820",
    "black": "#2b2b2b",
    "red": "#c0302a",
    "neutral": "#8c8c88",
}
ROLE_TITLES = {"green": "Green", "yellow": "Yellow", "black": "Black", "red": "Red", "neutral": "Neutral"}
