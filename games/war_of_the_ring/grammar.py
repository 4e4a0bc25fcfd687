"""English helpers for the game's words: counts with their plural (over :mod:`games.core.words`).

>>> plural(2, "die"), plural(1, "Regular")
('2 dice', '1 Regular')
>>> region_words("the_shire"), region_words("bree")
('the Shire', 'Bree')
"""

from __future__ import annotations

from games.core.words import counted, in_sentence

from .data import REGIONS


def plural(count: int, word: str) -> str:
    """``count`` and ``word`` in its form for that count (:func:`games.core.words.counted`)."""
    return counted(count, word)


def leader_word(nation: str, count: int = 1) -> str:
    """``Leader`` or ``Nazgûl`` (a Sauron "leader")."""
    word = "Nazgûl" if nation == "sauron" else "Leader"
    return plural(count, word)


def region_words(region: str) -> str:
    """A region's name inside a sentence: "the Shire" (its own "The" in lower case)."""
    return in_sentence(REGIONS[region].name)
