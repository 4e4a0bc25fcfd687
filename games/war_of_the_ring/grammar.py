"""English helpers for the game's words: counts with their plural (over :mod:`games.core.words`).

>>> plural(2, "die"), plural(1, "Regular")
('2 dice', '1 Regular')
"""

from __future__ import annotations

from games.core.words import counted


def plural(count: int, word: str) -> str:
    """``count`` and ``word`` in its form for that count (:func:`games.core.words.counted`)."""
    return counted(count, word)


def leader_word(nation: str, count: int = 1) -> str:
    """``Leader`` or ``Nazgûl`` (a Sauron "leader")."""
    word = "Nazgûl" if nation == "sauron" else "Leader"
    return plural(count, word)
