"""Sides, nations and small look-ups shared by every step of War of the Ring.

The two roles are the sides: ``free`` (the Free Peoples) and ``shadow``. Unit kinds are
``regular``, ``elite`` and ``leader`` (for Sauron's nation a leader is a Nazgûl).

>>> other("free"), side_title("shadow"), plural(2, "die"), plural(1, "Regular")
('shadow', 'Shadow', '2 dice', '1 Regular')
"""

from __future__ import annotations

from games.core import State
from games.core.words import counted, in_sentence, the

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


#: A Nation's name before its figures, where it differs from the name ("Elven Elites").
_ADJECTIVES = {"dwarves": "Dwarven", "elves": "Elven", "north": "North", "southrons": "Southron & Easterling"}
#: Nations named in the plural: "the Elves move", "the North moves".
PLURAL_NATIONS = frozenset({"dwarves", "elves", "southrons"})


def nation_adjective(nation: str) -> str:
    """The Nation as its figures are named: ``2 Elven Elites``, ``1 North Regular``.

    >>> nation_adjective("elves"), nation_adjective("north"), nation_adjective("gondor")
    ('Elven', 'North', 'Gondor')
    """
    return _ADJECTIVES.get(nation, NATIONS[nation].name)


def nation_in_sentence(nation: str) -> str:
    """The Nation as a sentence names it: ``the Elves``, ``the North``, ``Gondor``.

    >>> nation_in_sentence("elves"), nation_in_sentence("north"), nation_in_sentence("gondor")
    ('the Elves', 'the North', 'Gondor')
    """
    name = NATIONS[nation].name
    return the(name) if nation in PLURAL_NATIONS else in_sentence(name)


def nation_subject(nation: str) -> tuple[str, bool]:
    """The Nation as a sentence names it, and whether the name is plural (for the verb).

    >>> nation_subject("north"), nation_subject("elves")
    (('the North', False), ('the Elves', True))
    """
    return nation_in_sentence(nation), nation in PLURAL_NATIONS


def plural(count: int, word: str) -> str:
    """``count`` and ``word`` in its form for that count (:func:`games.core.words.counted`)."""
    return counted(count, word)


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
