"""War of the Ring's words in its reader's language: the ``war_of_the_ring`` catalog.

The game's words are written in English in its code, wrapped in :func:`tr` (one message),
:func:`ntr` (a message with a count, chosen by the language's plural rules), :func:`ptr` (a
name: its kind is the context, ``region``, ``nation``, ``character``, ``card``…) or :func:`mark`
(a message kept in a table and said later with ``tr(table[key])``). Every ruleset method that
gives words speaks inside :func:`speaking` with the language it was asked for, so a helper deep
in a step needs no ``lang`` of its own; outside any :func:`speaking` the words are English.

``python -m bot.i18n.catalogs extract`` reads these calls under ``games/war_of_the_ring/`` and
``renderers/war_of_the_ring/``, and :func:`catalog_messages` (the names and texts of the data
files), into ``data/locale/war_of_the_ring.pot``.

>>> with speaking("en"):
...     tr("The Hunt"), listed(["Gandalf", "Strider"])
('The Hunt', 'Gandalf and Strider')
>>> region_title("the_shire"), region_in_sentence("the_shire")
('The Shire', 'the Shire')
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import chain

from games.core.i18n import Voice
from games.core.i18n import mark as mark  # re-exported: the catalog marks of this domain
from games.core.words import in_sentence

from .card_catalog import catalog_messages as card_messages
from .commands import catalog_commands
from .data import CARDS, CHARACTERS, NATIONS, REGIONS, TILES

DOMAIN = "war_of_the_ring"

_VOICE = Voice(DOMAIN)
#: The voice's words by their catalog names (``extract`` reads the calls of tr, ntr and ptr).
speaking = _VOICE.speaking
current = _VOICE.current
english = _VOICE.english
tr = _VOICE.tr
ntr = _VOICE.ntr
ptr = _VOICE.ptr
listed = _VOICE.listed


def name_title(context: str, name: str) -> str:
    """A data name standing alone (a label, a heading): as printed, or the catalog's."""
    return name if english() else ptr(context, name)


def name_in_sentence(context: str, name: str) -> str:
    """A data name inside a sentence: English with its own "The" in lower case ("the Shire"),
    another language from the catalog."""
    return in_sentence(name) if english() else ptr(context, name)


def region_title(region: str) -> str:
    return name_title("region", REGIONS[region].name)


def region_in_sentence(region: str) -> str:
    return name_in_sentence("region", REGIONS[region].name)


def character_name(character: str) -> str:
    return name_title("character", CHARACTERS[character].name)


def card_name(card: str) -> str:
    return name_title("card", CARDS[card].name)


def catalog_messages() -> Iterator[tuple[str, str, str]]:
    """``(context, English, comment)`` of every name and text the data files give, each once: the
    extractor adds them to the template beside the messages of the code. The names of the data
    (:func:`_names`), then the cards', characters' and tiles' names and texts
    (:func:`.card_catalog.catalog_messages`), then the typed commands' descriptions
    (:func:`.commands.catalog_commands`); a message said in several places keeps its first
    comment."""
    seen: set[tuple[str, str]] = set()
    for context, text, comment in chain(_names(), card_messages(), catalog_commands()):
        if (context, text) not in seen:
            seen.add((context, text))
            yield context, text, comment


#: The sides as a title, and as a sentence names them (English "the Free Peoples", its "the"
#: in the template; Danish "de Frie Folk", "Skyggen").
_SIDES = {"free": "Free Peoples", "shadow": "Shadow"}
#: The die faces (:data:`.dice.FACE_NAMES`) and the decks.
_FACES = ("Character", "Army", "Muster", "Army/Muster", "Event", "Will of the West", "Eye")
_DECKS = ("Character deck", "Strategy deck")


def _names() -> Iterator[tuple[str, str, str]]:
    """The names of the data: the game, regions, Nations, sides, characters, die faces, Hunt
    tiles, decks (the cards' names and the characters' titles are among the card texts)."""
    yield "game", "War of the Ring", "the game's title"
    for slug, region in REGIONS.items():
        yield "region", region.name, f"region {slug}"
    for slug, nation in NATIONS.items():
        yield "nation", nation.name, f"nation {slug}"
    yield "nation", "Dunlendings", "Twilight of the Third Age: the Dunlendings where a Nation's name stands"
    for slug, side in _SIDES.items():
        yield "side", side, f"side {slug}, as a title"
        yield "side in a sentence", side, f"side {slug} inside a sentence (English: the {side})"
    for slug, character in CHARACTERS.items():
        yield "character", character.name, f"character {slug}"
    for face in _FACES:
        yield "die face", face, "an action die's face"
    yield "hunt tile", "Eye", "a standard Hunt tile showing the Eye"
    for slug, tile in TILES.items():
        if tile.name:
            yield "hunt tile", tile.name, f"Hunt tile {slug}"
    for deck in _DECKS:
        yield "deck", deck, "a side's deck of Event cards"
