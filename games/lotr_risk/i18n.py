"""Risk's words in its reader's language: the ``lotr_risk`` catalog.

Every word of the game is written in English in the code, wrapped in :func:`tr` (one message),
:func:`ntr` (a message with a count, by the language's plural rules) or :func:`ptr` (a name, its
kind the context: ``territory``, ``region``, ``card``…). The language is the one the ruleset
method was asked for: each of them (``prompt(…, lang=)``, ``describe``, ``log_lines``…) speaks
inside :func:`speaking`, so the helpers deep in a step need no ``lang`` argument of their own.
Outside any :func:`speaking` the words are English, as before.

``python -m bot.i18n.catalogs extract`` reads the calls of these three functions under
``games/lotr_risk/`` and ``renderers/lotr_risk/``, and :func:`catalog_messages` (the names in
the data files), into ``data/locale/lotr_risk.pot``.

>>> with speaking("ja"):
...     territory_words("the_shire"), region_words("mordor")
('ホビット庄', 'モルドール')
>>> territory_words("the_shire"), listed(["A", "B"])
('the Shire', 'A and B')
"""

from __future__ import annotations

from collections.abc import Iterator

from games.core.i18n import Voice
from games.core.i18n import mark as mark  # re-exported: the catalog marks of this domain
from games.core.words import in_sentence

DOMAIN = "lotr_risk"

_VOICE = Voice(DOMAIN)
#: The voice's words by their catalog names (``extract`` reads the calls of tr, ntr and ptr).
speaking = _VOICE.speaking
current = _VOICE.current
english = _VOICE.english
tr = _VOICE.tr
ntr = _VOICE.ntr
ptr = _VOICE.ptr
listed = _VOICE.listed


def name_words(context: str, name: str) -> str:
    """A data name (``territory``, ``region``, ``card``…) as a sentence says it: English with
    its own "The" in lower case ("the Shire"), another language from the catalog."""
    if english():
        return in_sentence(name)
    return ptr(context, name)


def territory_words(territory: str) -> str:
    from .data import TERRITORIES

    return name_words("territory", TERRITORIES[territory].name)


def territory_title(territory: str) -> str:
    """A territory's name standing alone (a label, a menu): "The Shire", ホビット庄."""
    from .data import TERRITORIES

    name = TERRITORIES[territory].name
    return name if english() else ptr("territory", name)


def region_words(region: str) -> str:
    from .data import REGIONS

    return name_words("region", REGIONS[region].name)


def card_title(name: str) -> str:
    """An adventure card's printed name (``Ambush``)."""
    return name if english() else ptr("card", name)


def card_effect(slug: str) -> str:
    """An adventure card's effect in words (our own wording, in the data file)."""
    from .data import CARDS

    effect = CARDS[slug].effect
    return effect if english() else ptr("effect", effect)


def catalog_messages() -> Iterator[tuple[str, str, str]]:
    """``(context, English, comment)`` of every name the data files give (territories, regions,
    strongholds, sites of power, adventure cards, mountain ranges): the extractor adds them to the
    template beside the messages of the code."""
    from .data import CARDS, RANGES, REGIONS, TERRITORIES, TIMINGS

    for slug, territory in TERRITORIES.items():
        yield "territory", territory.name, f"territory {slug}"
        if territory.stronghold:
            yield "stronghold", territory.stronghold, f"the stronghold in {slug}"
        if territory.site:
            yield "site", territory.site, f"the site of power in {slug}"
    for slug, region in REGIONS.items():
        yield "region", region.name, f"region {slug}"
    for slug, card in CARDS.items():
        yield "card", card.name, f"{card.kind} card {slug}"
        yield "effect", card.effect, f"the effect of {card.kind} card {slug} ({card.name})"
    yield "game", "Risk: The Lord of the Rings", "the game's title"
    for key, timing in TIMINGS.items():
        yield "timing", timing, f"when a power card is played ({key})"
    for colour in ("Green", "Black", "Yellow", "Red"):
        yield "role", colour, "a player's colour"
    for water in ("Belegaer", "Ice Bay of Forochel", "Bay of Belfalas", "Sea of Rhûn"):
        yield "water", water, "a sea's name on the map"
    from .ruleset import COMMANDS

    # The typed commands' words as Discord localises them (the bot's translator looks a game's
    # command strings up in its catalog by these contexts).
    for spec in COMMANDS:
        where = f"/risk {spec.group + ' ' if spec.group else ''}{spec.name}"
        yield "command description", spec.description, where
        for param in spec.params:
            yield "option description", param.description, f"{where} {param.name}:"
    for slug, mountains in RANGES.items():
        yield "range", mountains.name, f"mountain range {slug}"
