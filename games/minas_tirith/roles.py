"""The two sides: ``good`` (Gondor) and ``evil`` (Mordor), their titles and the one-side sets
the prompts ask for.

>>> title("good"), name("evil"), other("good")
('Gondor', 'Mordor', 'evil')
"""

from __future__ import annotations

from .facts import EVIL, GOOD, SIDES, other

ROLES = SIDES
TITLES = {GOOD: "Gondor", EVIL: "Mordor"}
#: The sides as a longer sentence may name them.
LONG_NAMES = {GOOD: "the Free Peoples of Gondor", EVIL: "the Host of Mordor"}
ONLY: dict[str, frozenset[str]] = {s: frozenset({s}) for s in SIDES}

__all__ = ["EVIL", "GOOD", "LONG_NAMES", "ONLY", "ROLES", "TITLES", "name", "other", "title"]


def title(role: str) -> str:
    return TITLES.get(role, role.title())


def name(role: str) -> str:
    """The side in a sentence ("Mordor's orcs advance"): its title."""
    return title(role)
