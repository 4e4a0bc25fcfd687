"""English helpers for the game's words: counts with their plural, lists joined with "and", a
territory's name as a sentence says it (over :mod:`games.core.words`)."""

from __future__ import annotations

from games.core.words import counted

from .i18n import listed, territory_words


def plural(count: int, word: str) -> str:
    """``count`` and ``word`` in its form for that count (:func:`games.core.words.counted`).

    >>> plural(1, "battalion"), plural(3, "battalion"), plural(2, "die"), plural(0, "territory")
    ('1 battalion', '3 battalions', '2 dice', '0 territories')
    """
    return counted(count, word)


def place_name(territory: str) -> str:
    """A territory as a sentence names it: ``the Shire``, ``Moria`` (in the language being
    spoken: :mod:`games.lotr_risk.i18n`)."""
    return territory_words(territory)


def names(items: list[str]) -> str:
    """A list in the language being spoken.

    >>> names(["A"]), names(["A", "B"]), names(["A", "B", "C"])
    ('A', 'A and B', 'A, B and C')
    """
    return listed(items)
