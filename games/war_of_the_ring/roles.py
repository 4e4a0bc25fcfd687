"""The roles of War of the Ring: the two sides, their titles, and the side of each nation.

The two roles are the sides: ``free`` (the Free Peoples) and ``shadow``. Their names and the
Nations' speak the language of :func:`.i18n.speaking` (English outside it).

>>> other("free"), side_title("shadow"), side_name("free")
('shadow', 'Shadow', 'the Free Peoples')
>>> from .i18n import speaking
>>> with speaking("ja"):
...     side_title("free"), nation_in_sentence("elves")
('自由の民', 'エルフ')
"""

from __future__ import annotations

from games.core.words import in_sentence, the

from .data import ARMY_SIDES, DUNLENDINGS, FREE, NATIONS, SHADOW, SIDES
from .i18n import english, ptr

ROLES = SIDES
TITLES = {FREE: "Free Peoples", SHADOW: "Shadow"}


def other(side: str) -> str:
    return SHADOW if side == FREE else FREE


def side_title(side: str) -> str:
    """The side as a title ("Shadow"), in the language being spoken."""
    title = TITLES.get(side, side)
    return title if english() or side not in TITLES else ptr("side", title)


def side_name(side: str) -> str:
    """The side as a sentence names it ("the Free Peoples"; Danish "de Frie Folk")."""
    if english() or side not in TITLES:
        return the(side_title(side))
    return ptr("side in a sentence", TITLES[side])


def side_of(nation: str) -> str:
    return ARMY_SIDES[nation]


#: Twilight of the Third Age: the Dunlendings' name where a Nation's would stand (no Nation, D15).
DUNLENDINGS_NAME = "Dunlendings"


def nation_name(nation: str) -> str:
    """The Nation's name as printed ("The North"), or the catalog's in another language."""
    name = DUNLENDINGS_NAME if nation == DUNLENDINGS else NATIONS[nation].name
    return name if english() else ptr("nation", name)


#: A Nation's name before its figures, where it differs from the name ("Elven Elites").
_ADJECTIVES = {
    "dwarves": "Dwarven",
    "elves": "Elven",
    "north": "North",
    "southrons": "Southron & Easterling",
    DUNLENDINGS: "Dunlending",
}
#: Nations named in the plural: "the Elves move", "the North moves".
PLURAL_NATIONS = frozenset({"dwarves", "elves", "southrons", DUNLENDINGS})


def nation_adjective(nation: str) -> str:
    """The Nation as its figures are named: ``2 Elven Elites``, ``1 North Regular``.

    >>> nation_adjective("elves"), nation_adjective("north"), nation_adjective("gondor")
    ('Elven', 'North', 'Gondor')

    Another language names the Nation itself (its messages place it: "3 regulære enheder fra
    Gondor").
    """
    if not english():
        return nation_name(nation)
    return _ADJECTIVES.get(nation) or nation_name(nation)


def nation_in_sentence(nation: str) -> str:
    """The Nation as a sentence names it: ``the Elves``, ``the North``, ``Gondor``.

    >>> nation_in_sentence("elves"), nation_in_sentence("north"), nation_in_sentence("gondor")
    ('the Elves', 'the North', 'Gondor')
    """
    name = nation_name(nation)
    if not english():
        return name
    return the(name) if nation in PLURAL_NATIONS else in_sentence(name)


def nation_subject(nation: str) -> tuple[str, bool]:
    """The Nation as a sentence names it, and whether the name is plural (for the verb).

    >>> nation_subject("north"), nation_subject("elves")
    (('the North', False), ('the Elves', True))
    """
    return nation_in_sentence(nation), nation in PLURAL_NATIONS
