"""Sides, nations and small look-ups shared by every step of War of the Ring.

The two roles are the sides: ``free`` (the Free Peoples) and ``shadow``. Unit kinds are
``regular``, ``elite`` and ``leader`` (for Sauron's nation a leader is a Nazgûl).

>>> other("free"), side_title("shadow"), plural(2, "die"), plural(1, "Regular")
('shadow', 'Shadow', '2 dice', '1 Regular')
"""

from __future__ import annotations

from games.core import State

from .data import FREE, NATIONS, SHADOW, SIDES

ROLES = SIDES
KINDS = ("regular", "elite", "leader")
UNIT_KINDS = ("regular", "elite")
TITLES = {FREE: "Free Peoples", SHADOW: "Shadow"}


def other(side: str) -> str:
    return SHADOW if side == FREE else FREE


def side_title(side: str) -> str:
    return TITLES.get(side, side)


def side_of(nation: str) -> str:
    return NATIONS[nation].side


def nation_name(nation: str) -> str:
    return NATIONS[nation].name


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


#: The revision of the rules new matches are played by (``state["rules"]``; a state without it
#: is revision 1). A match goes on by the revision it began with, so that its stored actions
#: replay exactly: revision 2 asks where a Hobbit leaving in the Hunt goes, and who guides the
#: Fellowship after it changed with Companions tied for its highest Level (§14.3).
RULES_REVISION = 2


def revision(state: State) -> int:
    """The rules revision this match is played by."""
    return int(state.get("rules", 1))
