"""The two sides: their titles in words and the one-side role sets the prompts ask for."""

from __future__ import annotations

from .data import FELLOWSHIP, SAURON

TITLES = {FELLOWSHIP: "the Fellowship", SAURON: "Sauron"}

#: ``frozenset({side})`` per side, built once (``active`` is asked before every action).
ONLY: dict[str, frozenset[str]] = {FELLOWSHIP: frozenset({FELLOWSHIP}), SAURON: frozenset({SAURON})}


def only(side: str) -> frozenset[str]:
    """``frozenset({side})``, shared."""
    return ONLY.get(side) or frozenset({side})


def title(side: str) -> str:
    """``'the Fellowship'`` or ``'Sauron'`` (mid-sentence)."""
    return TITLES[side]


def cap_title(side: str) -> str:
    """``'The Fellowship'`` or ``'Sauron'`` (start of a sentence)."""
    return TITLES[side][0].upper() + TITLES[side][1:]
