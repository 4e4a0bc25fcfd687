"""English helpers for the game's words: counts with their plural.

>>> plural(2, "die"), plural(1, "Regular")
('2 dice', '1 Regular')
"""

from __future__ import annotations

_PLURALS = {
    "die": "dice",
    "Army": "Armies",
    "Nazgûl": "Nazgûl",
    "casualty": "casualties",
    "success": "successes",
}


def plural(count: int, word: str) -> str:
    if count == 1:
        return f"1 {word}"
    return f"{count} {_PLURALS.get(word, word + 's')}"


def leader_word(nation: str, count: int = 1) -> str:
    """``Leader`` or ``Nazgûl`` (a Sauron "leader")."""
    word = "Nazgûl" if nation == "sauron" else "Leader"
    return plural(count, word)
