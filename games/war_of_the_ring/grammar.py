"""Helpers for the game's words: English counts with their plural (over
:mod:`games.core.words`), and the names and counted figures every language says (inside
:func:`.i18n.speaking`).

>>> plural(2, "die"), plural(1, "Regular")
('2 dice', '1 Regular')
>>> region_words("the_shire"), region_words("bree")
('the Shire', 'Bree')
>>> from .i18n import speaking
>>> with speaking("da"):
...     region_words("the_shire"), figures("gondor", "regular", 3), figures("sauron", "leader", 1)
('Herredet', '3 regulære enheder fra Gondor', '1 Nazgûl')
"""

from __future__ import annotations

from games.core.words import counted, in_sentence

from .data import REGIONS
from .i18n import english, ntr, ptr
from .roles import nation_name


def plural(count: int, word: str) -> str:
    """``count`` and ``word`` in its form for that count (:func:`games.core.words.counted`)."""
    return counted(count, word)


def leader_word(nation: str, count: int = 1) -> str:
    """``Leader`` or ``Nazgûl`` (a Sauron "leader")."""
    if not english():
        return figures("", "leader" if nation != "sauron" else "nazgul", count)
    word = "Nazgûl" if nation == "sauron" else "Leader"
    return plural(count, word)


def region_words(region: str) -> str:
    """A region's name inside a sentence: "the Shire" (its own "The" in lower case)."""
    name = REGIONS[region].name
    return in_sentence(name) if english() else ptr("region", name)


def figures(nation: str, kind: str, count: int) -> str:
    """``count`` figures of ``kind`` (regular, elite, leader, nazgul; a Sauron leader is a
    Nazgûl) of ``nation`` ("" for none named), as a message of the language being spoken."""
    if kind == "nazgul" or (kind == "leader" and nation == "sauron"):
        return ntr("{count} Nazgûl", "{count} Nazgûl", count)
    if not nation:
        if kind == "regular":
            return ntr("{count} Regular", "{count} Regulars", count)
        if kind == "elite":
            return ntr("{count} Elite", "{count} Elites", count)
        return ntr("{count} Leader", "{count} Leaders", count)
    name = nation_name(nation)
    if kind == "regular":
        return ntr("{count} {nation} Regular", "{count} {nation} Regulars", count, nation=name)
    if kind == "elite":
        return ntr("{count} {nation} Elite", "{count} {nation} Elites", count, nation=name)
    return ntr("{count} {nation} Leader", "{count} {nation} Leaders", count, nation=name)
