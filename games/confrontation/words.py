"""The Confrontation's words in every language: its gettext domain ``confrontation`` and the
names of its characters, regions and cards (``docs/i18n/glossary.<language>.md``; the Chinese
seed's official names first).

The English is the message id; ``t``, ``nt``, ``pt``, ``msg`` and ``pmsg`` are bound to this
game's catalog (``python -m bot.i18n.catalogs extract`` finds their calls under
``games/confrontation``), and :func:`catalog_entries` lists the names, which come from
``data/confrontation`` rather than the code.

>>> char_name("treebeard", "ja"), region_name("shire", "zh-CN"), side_name("fellowship", "da")
('木の髭', '霞尔', 'Broderskabet')
>>> region_word("shire"), region_word("shire", "da")
('the Shire', 'Herredet')
"""

from __future__ import annotations

from collections.abc import Iterator

from games.core.i18n import SOURCE, Domain, Msg
from games.core.words import in_sentence

from .data import CARDS, CHARS, FELLOWSHIP, REGIONS, SAURON, SIDES, SPECIALS, Character

WORDS = Domain("confrontation")
t = WORDS.t
nt = WORDS.nt
pt = WORDS.pt
msg = WORDS.msg
pmsg = WORDS.pmsg

#: Message contexts of the names (the same English may name two things: the Fellowship's
#: "Retreat" card is not Sauron's).
CHARACTER, REGION, SPECIAL, COMBAT_CARD = "character", "region", "special card", "combat card"


def card_context(side: str) -> str:
    return f"{side} combat card"


def char_name(slug: str, lang: str = SOURCE) -> str:
    return pt(lang, CHARACTER, CHARS[slug].name)


def char_msg(slug: str) -> Msg:
    """A character's name, put into words later (in a deferred message)."""
    return pmsg(CHARACTER, CHARS[slug].name)


def region_name(slug: str, lang: str = SOURCE) -> str:
    """A region as a label names it ("The Shire")."""
    return pt(lang, REGION, REGIONS[slug].name)


def region_word(slug: str, lang: str = SOURCE) -> str:
    """A region inside a sentence ("the Shire" in English; other languages as the label)."""
    return in_sentence(REGIONS[slug].name) if lang == SOURCE else region_name(slug, lang)


def region_msg(slug: str) -> Msg:
    return pmsg(REGION, REGIONS[slug].name)


def card_name(side: str | None, slug: str, lang: str = SOURCE) -> str:
    """A combat card's name: a number as it is, a text card as its side names it, or, without
    a side (the log names a card without it), by the name both sides' cards share ("Retreat")."""
    owner = side or (FELLOWSHIP if slug in CARDS[FELLOWSHIP] else SAURON)
    card = CARDS[owner][slug]
    if card.value is not None:
        return card.name
    return pt(lang, card_context(side) if side else COMBAT_CARD, card.name)


def special_name(slug: str, lang: str = SOURCE) -> str:
    return pt(lang, SPECIAL, SPECIALS[slug].name)


def side_name(side: str, lang: str = SOURCE) -> str:
    """A side inside a sentence ("the Fellowship", "Sauron")."""
    return {"fellowship": t(lang, "the Fellowship"), "sauron": t(lang, "Sauron")}[side]


def side_title(side: str, lang: str = SOURCE) -> str:
    """A side as a heading names it ("Fellowship", "Sauron")."""
    return {"fellowship": t(lang, "Fellowship"), "sauron": t(lang, "Sauron")}[side]


def is_shared(char: Character) -> bool:
    """Whether both sides of a tile bear this name (Gandalf, Orcs…)."""
    return sum(c.name == char.name for c in CHARS.values()) > 1


def char_label(slug: str, lang: str = SOURCE) -> str:
    """The name, with "(Deluxe)" for the Deluxe side of a name both sides bear (a Draft, the
    rules): see :func:`games.confrontation.data.char_label`."""
    char = CHARS[slug]
    name = char_name(slug, lang)
    if is_shared(char) and char.set != "classic":
        return t(lang, "{name} (Deluxe)", name=name)
    return name


def catalog_entries() -> Iterator[tuple[str, str, str]]:
    """``(context, English, comment)`` of every name from ``data/confrontation`` (the extractor
    adds them to the template)."""
    for char in CHARS.values():
        yield CHARACTER, char.name, f"character {char.id}"
    for region in REGIONS.values():
        yield REGION, region.name, f"region {region.id}"
    for side in SIDES:
        for card in CARDS[side].values():
            if card.value is None:
                yield card_context(side), card.name, f"{side} combat card {card.id}"
                yield COMBAT_CARD, card.name, f"combat card {card.id} (either side's)"
    for special in SPECIALS.values():
        yield SPECIAL, special.name, f"special card {special.id}"
