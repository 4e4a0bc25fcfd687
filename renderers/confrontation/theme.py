"""Colours and sizes of The Confrontation's pictures (one place to restyle them)."""

from __future__ import annotations

from dataclasses import dataclass

from renderers.common.colours import RGB, rgb

SIDES = ("fellowship", "sauron")
PANEL_ORDER = ("sauron", "fellowship")  # as on the board: Mordor above, the Shire below
SIDE_TITLES = {"fellowship": "Fellowship", "sauron": "Sauron"}


@dataclass(frozen=True, slots=True)
class SideStyle:
    """How one side's pieces and cards look."""

    fill: RGB  # token face
    edge: RGB  # token border
    text: RGB  # name on the token
    badge: RGB  # strength disc
    badge_text: RGB
    accent: RGB  # headings and highlights for this side in the panels


FELLOWSHIP = SideStyle(
    fill=rgb("#f3ead2"),
    edge=rgb("#6b5a38"),
    text=rgb("#2a2114"),
    badge=rgb("#2f5e8c"),
    badge_text=rgb("#ffffff"),
    accent=rgb("#e9d9a6"),
)
SAURON = SideStyle(
    fill=rgb("#2a1111"),
    edge=rgb("#c2352a"),
    text=rgb("#f6e3dc"),
    badge=rgb("#b3261e"),
    badge_text=rgb("#ffffff"),
    accent=rgb("#e0654f"),
)
STYLES = {"fellowship": FELLOWSHIP, "sauron": SAURON}

GOLD = rgb("#d9b35b")
GOLD_BRIGHT = rgb("#ffd866")
BATTLE_RED = rgb("#ff4a36")
INK_LIGHT = rgb("#ece4d2")
INK_MUTED = rgb("#a79e8c")
INK_FAINT = rgb("#756d60")
PANEL_FILL = rgb("#25221d")
PANEL_EDGE = rgb("#3b362d")
REGION_BORDER = rgb("#1a1510")

TOKEN_HEIGHT = 30
TOKEN_MAX_WIDTH = 120
HIDDEN_TOKEN_WIDTH = 34
TOKEN_GAP = 5
