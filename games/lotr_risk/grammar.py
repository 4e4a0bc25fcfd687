"""English helpers for the game's words: counts with their plural, lists joined with "and"."""

from __future__ import annotations


def plural(count: int, word: str) -> str:
    """
    >>> plural(1, "battalion"), plural(3, "battalion"), plural(2, "die"), plural(0, "territory")
    ('1 battalion', '3 battalions', '2 dice', '0 territories')
    """
    if count == 1:
        return f"{count} {word}"
    if word == "die":
        return f"{count} dice"
    if word.endswith("y") and word[-2:-1] not in "aeiou":
        return f"{count} {word[:-1]}ies"
    return f"{count} {word}s"


def names(items: list[str]) -> str:
    """
    >>> names(["A"]), names(["A", "B"]), names(["A", "B", "C"])
    ('A', 'A and B', 'A, B and C')
    """
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]
