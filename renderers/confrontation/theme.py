"""Colours and sizes of The Confrontation's pictures (one place to restyle them)."""

from __future__ import annotations

from dataclasses import dataclass

from renderers.common.colours import RGB, rgb

SIDES = ("fellowship", "sauron")
PANEL_ORDER = ("sauron", "fellowship")  # as on the board: Mordor above, the Shire below


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


@dataclass(frozen=True, slots=True)
class TokenStyle:
    """The size of the piece tokens in one layout (see :mod:`.tokens`)."""

    height: int
    hidden_width: int  # a face-down piece
    max_width: int  # a face-up piece never grows wider
    min_width: int  # ... nor narrower, when there is room
    gap: int  # between two tokens of a row
    radius: int  # rounded corners
    margin: int  # around the token inside its sprite (shadow, rings, the eye badge)
    disc_radius: int  # the strength disc
    strength_size: int
    name_size: int  # names on one line, from this size down to ``name_min``
    two_line_size: int  # names on two lines, from this size down to ``name_min``
    name_min: int  # past it a name still shrinks, but is never cut
    mark_size: int  # the "seen by the enemy" eye badge
    hidden_mark_size: int  # the "?" of a face-down piece


#: Full layout (1200 x 900): the sizes of the original picture, names in the narrow font.
FULL_TOKENS = TokenStyle(
    height=TOKEN_HEIGHT,
    hidden_width=HIDDEN_TOKEN_WIDTH,
    max_width=TOKEN_MAX_WIDTH,
    min_width=56,
    gap=TOKEN_GAP,
    radius=8,
    margin=6,
    disc_radius=10,
    strength_size=13,
    name_size=13,
    two_line_size=12,
    name_min=10,
    mark_size=15,
    hidden_mark_size=18,
)
#: Compact layout (800 wide, seen at 550 or 400): big tokens, names up to 19 px.
COMPACT_TOKENS = TokenStyle(
    height=35,
    hidden_width=44,
    max_width=236,
    min_width=72,
    gap=6,
    radius=9,
    margin=7,
    disc_radius=13,
    strength_size=18,
    name_size=19,
    two_line_size=17,
    name_min=15,
    mark_size=19,
    hidden_mark_size=24,
)
TOKEN_STYLES = {"full": FULL_TOKENS, "compact": COMPACT_TOKENS}
