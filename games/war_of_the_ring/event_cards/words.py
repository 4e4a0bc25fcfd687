"""An Event card's words, said now and kept for later.

A card's question is asked while the engine applies a move, with no reader at hand, and kept in
the state (:func:`.base.ask`) until a player reads it in his language. So the words of a question
are :class:`Said`: the text in the language being spoken (English in the engine, exactly as the
card steps always said it, which the state keeps as before) that also carries its deferred
message (:attr:`Said.words`, a :class:`games.core.i18n.Msg`), which the state keeps beside it
for the other languages. :func:`tr`, :func:`ntr` and :func:`listed` here are the
:mod:`..i18n` ones that also keep the message; the name helpers name a region, a card, a die
face or figures the same way (English as in a sentence, "the Shire"; another language by the
catalog's name). Said where a reader is known (a refusal), they are simply his words.

>>> from ..i18n import speaking
>>> with speaking("en"):
...     said = tr("Into {region}", region=region("the_shire"))
...     said, place("the_shire"), figures("elves", "elite", 2), figures("sauron", "leader", 1)
('Into the Shire', 'The Shire', '2 Elven Elites', '1 Nazgûl')
>>> from games.core.i18n import in_words
>>> in_words("en", said.words)
'Into The Shire'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from games.core.i18n import Listed, ListStyle, Msg, Words, from_data, in_words, to_data

from .. import i18n
from ..data import CARDS, CHARACTERS, DUNLENDINGS, NATIONS, REGIONS
from ..dice import face_name
from ..movement_words import figure_words

__all__ = [
    "Said",
    "card",
    "character",
    "condition",
    "face",
    "figures",
    "kept",
    "listed",
    "move_title",
    "nation",
    "ntr",
    "place",
    "region",
    "reread",
    "tr",
]


class Said(str):
    """Words in the language being spoken that also keep their message (:attr:`words`)."""

    words: object

    def __new__(cls, text: str, words: object) -> Said:
        made = super().__new__(cls, text)
        made.words = words
        return made


def _deferred(value: object) -> object:
    return value.words if isinstance(value, Said) else value


def _params(params: Mapping[str, object]) -> dict[str, object]:
    return {key: _deferred(value) for key, value in params.items()}


def tr(msgid: str, /, **params: object) -> Said:
    """:func:`..i18n.tr` that keeps its message."""
    return Said(i18n.tr(msgid, **params), Msg(i18n.DOMAIN, msgid, _params(params)))


def ntr(singular: str, plural: str, count: int, /, **params: object) -> Said:
    """:func:`..i18n.ntr` that keeps its message."""
    words = Msg(i18n.DOMAIN, singular, _params(params), plural=plural, count=count)
    return Said(i18n.ntr(singular, plural, count, **params), words)


def listed(items: Iterable[str], style: ListStyle = "and") -> Said:
    """:func:`..i18n.listed` that keeps its items' messages."""
    found = list(items)
    return Said(i18n.listed(found, style), Listed(tuple(_deferred(i) for i in found), style))


def _name(english: str, context: str, msgid: str) -> Said:
    """A name: ``english`` in English (as in a sentence), else the catalog's ``msgid``."""
    text = english if i18n.english() else i18n.ptr(context, msgid)
    return Said(text, Msg(i18n.DOMAIN, msgid, context=context))


def region(slug: str) -> Said:
    """A region inside a sentence ("the Shire")."""
    return _name(i18n.region_in_sentence(slug), "region", REGIONS[slug].name)


def place(slug: str) -> Said:
    """A region as printed on the board ("The Shire"): some card steps' region choices."""
    return _name(REGIONS[slug].name, "region", REGIONS[slug].name)


def card(slug: str) -> Said:
    return _name(CARDS[slug].name, "card", CARDS[slug].name)


def character(slug: str) -> Said:
    return _name(CHARACTERS[slug].name, "character", CHARACTERS[slug].name)


def condition(text: str) -> Said:
    """A card's play condition (its text in the data; translated with the cards' texts)."""
    return _name(text, "condition", text)


#: Each die face's name in the language being spoken (context ``die face``).
_FACES: dict[str, Callable[[], str]] = {
    "character": lambda: i18n.ptr("die face", "Character"),
    "army": lambda: i18n.ptr("die face", "Army"),
    "muster": lambda: i18n.ptr("die face", "Muster"),
    "army_muster": lambda: i18n.ptr("die face", "Army/Muster"),
    "event": lambda: i18n.ptr("die face", "Event"),
    "will": lambda: i18n.ptr("die face", "Will of the West"),
    "eye": lambda: i18n.ptr("die face", "Eye"),
}


def face(slug: str) -> Said:
    """A die face: Character, Army/Muster, Will of the West…"""
    english = face_name(slug)
    said = _FACES[slug]() if slug in _FACES and not i18n.english() else english
    return Said(said, Msg(i18n.DOMAIN, english, context="die face"))


def nation(slug: str) -> Said:
    """A Nation by name (the Dunlendings too)."""
    if slug == DUNLENDINGS:
        return tr("Dunlendings")
    return _name(NATIONS[slug].name, "nation", NATIONS[slug].name)


def figures(nation_slug: str, kind: str, count: int) -> Said:
    """``count`` figures of a Nation and kind: ``2 Elven Elites``, ``1 Nazgûl``."""
    if nation_slug == "sauron" and kind == "leader":
        said = ntr("{count} Nazgûl", "{count} Nazgûl", count)
    elif kind == "regular":
        said = ntr("{count} {nation} Regular", "{count} {nation} Regulars", count, nation=nation(nation_slug))
    elif kind == "elite":
        said = ntr("{count} {nation} Elite", "{count} {nation} Elites", count, nation=nation(nation_slug))
    else:
        said = ntr("{count} {nation} Leader", "{count} {nation} Leaders", count, nation=nation(nation_slug))
    if i18n.english():  # the English adjectives ("Elven", "Southron & Easterling")
        return Said(figure_words(nation_slug, kind, count), said.words)
    return said


def kept(text: object) -> object:
    """What the state keeps of a card's words for the other languages: the message of a
    :class:`Said` or of deferred :class:`games.core.i18n.Words` (``None``: plain text)."""
    if isinstance(text, Said):
        return to_data(text.words)
    return to_data(text) if isinstance(text, Words) else None


def reread(english: str, kept_words: Any) -> str:
    """A card's kept words in the language being spoken: the English kept, or its message."""
    if kept_words is None or i18n.english():
        return english
    return in_words(i18n.current(), from_data(kept_words))


#: The titles of a move by card that name their card: :func:`move_title` reads them back.
NAMED_MOVE_TITLES = (i18n.mark("{card}: move Shadow Armies"), i18n.mark("{card}: move Armies"))


def move_title(title: str) -> str:
    """The title of an Army move by card in the language being spoken: the Army movement's frame
    (:func:`..armies.card_frame`) keeps it in English, a title marked where the card gives it
    (``WOSES_TITLE``…) or a card's name and one of :data:`NAMED_MOVE_TITLES`."""
    if i18n.english():
        return title
    for form in NAMED_MOVE_TITLES:
        name = title.removesuffix(form.removeprefix("{card}"))
        found = next((c for c, info in CARDS.items() if info.name == name), None) if name != title else None
        if found is not None:
            return str(tr(form, card=card(found)))
    return str(tr(title))
