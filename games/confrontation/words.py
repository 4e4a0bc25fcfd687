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
from games.core.ruleset import option_messages
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
REGION_IN_SENTENCE = "region in a sentence"
ABILITY, CARD_TEXT, SPECIAL_TEXT = "ability", "combat card text", "special card text"
#: The slash-command translator's contexts (``bot.i18n.translator``), for the typed commands.
COMMAND_DESCRIPTION, OPTION_DESCRIPTION = "command description", "option description"


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
    """A region inside a sentence ("the Shire" in English)."""
    return pt(lang, REGION_IN_SENTENCE, in_sentence(REGIONS[slug].name))


def region_msg(slug: str) -> Msg:
    """A region as a label names it, put into words later."""
    return pmsg(REGION, REGIONS[slug].name)


def region_word_msg(slug: str) -> Msg:
    """A region inside a sentence, put into words later."""
    return pmsg(REGION_IN_SENTENCE, in_sentence(REGIONS[slug].name))


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


def card_msg(side: str, slug: str) -> Msg | str:
    """A combat card's name, put into words later (a number as it is)."""
    card = CARDS[side][slug]
    return card.name if card.value is not None else pmsg(card_context(side), card.name)


def side_msg(side: str) -> Msg:
    """A side inside a sentence, put into words later."""
    return msg("the Fellowship") if side == FELLOWSHIP else msg("Sauron")


def side_name(side: str, lang: str = SOURCE) -> str:
    """A side inside a sentence ("the Fellowship", "Sauron")."""
    return {"fellowship": t(lang, "the Fellowship"), "sauron": t(lang, "Sauron")}[side]


def side_title(side: str, lang: str = SOURCE) -> str:
    """A side as a heading names it ("Fellowship", "Sauron")."""
    return {"fellowship": t(lang, "Fellowship"), "sauron": t(lang, "Sauron")}[side]


def ability_text(slug: str, lang: str = SOURCE) -> str:
    """What a character's ability does (``data/confrontation/characters.json``)."""
    return pt(lang, ABILITY, CHARS[slug].ability)


def card_text(side: str, slug: str, lang: str = SOURCE) -> str:
    """What a text combat card does."""
    return pt(lang, CARD_TEXT, CARDS[side][slug].text)


def special_text(slug: str, card_set: str, lang: str = SOURCE) -> str:
    """What a special card does in the ``2002`` or ``deluxe`` set."""
    return pt(lang, SPECIAL_TEXT, SPECIALS[slug].text_for(card_set))


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
    """``(context, English, comment)`` of every name and text from ``data/confrontation``, and
    the descriptions of the typed commands (``/confrontation move``…: their contexts are the
    slash-command translator's), which the extractor adds to the template."""
    from .ruleset import Confrontation  # (the ruleset speaks through this module)

    yield from option_messages(Confrontation.options, "confrontation")
    for spec in Confrontation.commands:
        yield COMMAND_DESCRIPTION, spec.description, f"/confrontation {spec.path}"
        for param in spec.params:
            yield OPTION_DESCRIPTION, param.description, f"/confrontation {spec.path} {param.name}:"
    for char in CHARS.values():
        yield CHARACTER, char.name, f"character {char.id}"
    for region in REGIONS.values():
        yield REGION, region.name, f"region {region.id}"
        yield REGION_IN_SENTENCE, in_sentence(region.name), f"region {region.id} inside a sentence"
    for side in SIDES:
        for card in CARDS[side].values():
            if card.value is None:
                yield card_context(side), card.name, f"{side} combat card {card.id}"
                yield COMBAT_CARD, card.name, f"combat card {card.id} (either side's)"
    for special in SPECIALS.values():
        yield SPECIAL, special.name, f"special card {special.id}"
    for char in CHARS.values():
        yield ABILITY, char.ability, f"ability of {char.id}"
    for side in SIDES:
        for card in CARDS[side].values():
            if card.text:
                yield CARD_TEXT, card.text, f"text of the {side} combat card {card.id}"
    for special in SPECIALS.values():
        yield SPECIAL_TEXT, special.text, f"text of the special card {special.id}"
        if special.text_2002:
            yield SPECIAL_TEXT, special.text_2002, f"text of the special card {special.id} (2002 set)"
