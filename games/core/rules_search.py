"""Finding ``/rules`` topics by what a player types: one search for every game's rules help.

A game gives its topics, its common words (``aliases``: a word → a topic slug) and, if it has
them, other exact names (a grid label, a stronghold); the search compares words without case,
accents, apostrophes or punctuation, and answers exact names first, then a common word, then
the topics whose words begin with the words typed.

>>> topics = (RuleTopic("gate", "The Great Gate", "…", "rule"), RuleTopic("grond", "Grond", "…", "card"))
>>> [t.slug for t in find_topics("great", topics, {})]
['gate']
>>> [t.slug for t in find_topics("ram", topics, {"ram": "grond"})]
['grond']
>>> closest_titles("grnd", topics, {})
['Grond']
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Callable, Mapping, Sequence

from .ruleset import RuleTopic


def search_key(text: str) -> str:
    """Words to compare: no case, accents, apostrophes or punctuation.

    >>> search_key("Théoden and the Riders of Rohan"), search_key("north_gate"), search_key("They've")
    ('theoden and the riders of rohan', 'north gate', 'theyve')
    """
    plain = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    plain = re.sub(r"['’]", "", plain.casefold())
    return " ".join(re.sub(r"[^a-z0-9]+", " ", plain).split())


def _starts_words(wanted: list[str], words: list[str]) -> bool:
    return all(any(w.startswith(part) for w in words) for part in wanted)


def find_topics(
    key: str,
    topics: Sequence[RuleTopic],
    aliases: Mapping[str, str],
    also_called: Callable[[str], str | None] = lambda key: None,
) -> tuple[RuleTopic, ...]:
    """The topics ``key`` (a :func:`search_key`) names, best first: a slug, a title or another
    exact name (``also_called(key)`` → a slug), then a common word, then the topics whose title
    or slug words begin with the words typed (``black b`` finds The Black Breath)."""
    if not key:
        return ()
    other = also_called(key)
    exact = [t for t in topics if key in (search_key(t.slug), search_key(t.title)) or t.slug == other]
    if exact:
        return tuple(exact)
    alias = aliases.get(key)
    if alias is not None:
        return tuple(t for t in topics if t.slug == alias)
    words = key.split()
    return tuple(
        t for t in topics if _starts_words(words, f"{search_key(t.title)} {search_key(t.slug)}".split())
    )


def closest_titles(
    key: str, topics: Sequence[RuleTopic], aliases: Mapping[str, str], count: int = 3
) -> list[str]:
    """Titles of the topics whose names (or common words) come closest to ``key``."""
    by_key: dict[str, str] = {}
    for topic in topics:
        by_key.setdefault(search_key(topic.title), topic.title)
        by_key.setdefault(search_key(topic.slug), topic.title)
    titles = {t.slug: t.title for t in topics}
    for word, slug in aliases.items():
        by_key.setdefault(word, titles[slug])
    close = difflib.get_close_matches(key, list(by_key), n=count * 2, cutoff=0.7)
    return list(dict.fromkeys(by_key[k] for k in close))[:count]
