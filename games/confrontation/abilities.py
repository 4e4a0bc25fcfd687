"""Character abilities that change a fight: strengths, retreat routes, cancelled texts."""

from __future__ import annotations

from typing import Any

from games.core import State

from .board import can_retreat_into, is_empty, occupants
from .data import BACKWARD, CARDS, CHARS, FELLOWSHIP, FORWARD, SAURON, SIDEWAYS

Fight = dict[str, Any]

FRODOS = ("frodo", "frodo_v")
GANDALFS = ("gandalf", "gandalf_v")
WITCH_KINGS = ("witch_king", "witch_king_v")
NAZGULS = ("flying_nazgul", "flying_nazgul_v")
ORCS = ("orcs", "orcs_v")

#: Classic Fellowship characters that defeat a named enemy outright, before cards.
SLAYERS = {"merry": WITCH_KINGS, "legolas": NAZGULS, "gimli": ORCS}


def sauron_strength(fight: Fight) -> int:
    """The Sauron fighter's strength with its own ability (the variant Orcs attack at 6)."""
    sauron = fight["sauron"]
    if sauron == "orcs_v" and not fight["fellowship_attacks"]:
        return 6
    return CHARS[sauron].strength


def fellowship_strength(state: State, fight: Fight, region: str) -> int:
    """The Fellowship fighter's strength with its own ability (none against the Warg)."""
    mine = fight["fellowship"]
    base = CHARS[mine].strength
    if fight["against_warg"]:
        return base
    if mine == "sam" and "sam_strength_5" in fight["done"]:
        return 5
    if mine == "treebeard" and region == "fangorn":
        return 6
    if mine == "theoden" and region in ("rohan", "gondor"):
        return 4
    if mine == "sam_v" and not fight["fellowship_attacks"]:
        return sauron_strength(fight)
    return base


def is_text(side: str, card: str | None) -> bool:
    return card is not None and CARDS[side][card].value is None


def value(side: str, card: str | None) -> int:
    if card is None:
        return 0
    return CARDS[side][card].value or 0


def sauron_text_ignored(fight: Fight, card: str) -> bool:
    """The variant Frodo voids Sauron's text cards; Elrond voids Magic and the Eye."""
    if fight["against_warg"]:
        return False
    mine = fight["fellowship"]
    return mine == "frodo_v" or (mine == "elrond" and card in ("eye", "magic"))


def retreat_options(state: State, side: str, region: str, routes: str) -> list[str]:
    """Legal retreat destinations; ``routes`` is a mix of ``s`` (sideways), ``b`` (back), ``f`` (forward)."""
    found: list[str] = []
    if "s" in routes:
        found += SIDEWAYS[region]
    if "b" in routes:
        found += BACKWARD[side][region]
    if "f" in routes:
        found += FORWARD[side][region]
    return [r for r in dict.fromkeys(found) if can_retreat_into(state, r, side)]


def wormtongue_escapes(state: State, region: str) -> list[str]:
    return [r for r in BACKWARD[SAURON][region] if is_empty(state, r)]


def smeagol_partners(state: State, region: str) -> list[str]:
    """Fellowship characters in regions next to ``region`` that Sméagol may swap with."""
    near = (*FORWARD[FELLOWSHIP][region], *BACKWARD[FELLOWSHIP][region], *SIDEWAYS[region])
    found: list[str] = []
    for r in dict.fromkeys(near):
        found += occupants(state, r, FELLOWSHIP)
    return found
