"""Minas Tirith's words in every language: its gettext domain ``minas_tirith`` and the names of
its sides, spaces, leaders, cards and battalions (``docs/i18n/glossary.<language>.md``; the
Danish seed's official terms first).

The English is the message id; ``t``, ``nt``, ``pt`` and ``msg`` are bound to this game's
catalog (``python -m bot.i18n.catalogs extract`` finds their calls under ``games/minas_tirith``),
and :func:`catalog_entries` lists the names, which come from ``data/minas_tirith``.

>>> space_label("causeway", "da"), leader_label("witch_king", "da"), side_title("evil", "ja")
('Dæmningen', 'Troldmændenes Konge', 'モルドール')
>>> units_text({"orcs": 3, "infantry": 1}), units_text({"orcs": 2}, "zh-CN")
('1 infantry battalion and 3 orcs', '2个兽人')
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass

from games.core.i18n import SOURCE, Domain, Words, join
from games.core.ruleset import option_messages

from .facts import EVIL, GOOD, KINDS, LEADERS, MT_CARDS, SIDES, SPACES

WORDS = Domain("minas_tirith")
t = WORDS.t
nt = WORDS.nt
pt = WORDS.pt
msg = WORDS.msg
pmsg = WORDS.pmsg

#: Message contexts of the names.
SPACE, LEADER, CARD = "space", "leader", "Minas Tirith card"
#: What a Minas Tirith card does (its text).
CARD_EFFECT = "Minas Tirith card effect"
#: The slash-command translator's contexts (``bot.i18n.translator``), for the typed commands.
COMMAND_DESCRIPTION, OPTION_DESCRIPTION = "command description", "option description"

#: Spaces named like places ("to Osgiliath"), not like things ("to the Southern Farmsteads").
PROPER_NAMES = frozenset({"minas_tirith", "osgiliath", "before_the_gate"})

#: ``kind -> (lang, count) -> words``: a count of battalions of a kind ("3 orcs").
UNIT_COUNTS: dict[str, Callable[[str, int], str]] = {
    "infantry": lambda lang, n: nt(lang, "{count} infantry battalion", "{count} infantry battalions", n),
    "archers": lambda lang, n: nt(lang, "{count} battalion of archers", "{count} battalions of archers", n),
    "cavalry": lambda lang, n: nt(lang, "{count} cavalry battalion", "{count} cavalry battalions", n),
    "cavalry_archers": lambda lang, n: nt(
        lang, "{count} battalion of mounted archers", "{count} battalions of mounted archers", n
    ),
    "orcs": lambda lang, n: nt(lang, "{count} orc", "{count} orcs", n),
    "crossbows": lambda lang, n: nt(lang, "{count} crossbowman", "{count} crossbowmen", n),
    "wargs": lambda lang, n: nt(lang, "{count} warg rider", "{count} warg riders", n),
    "black_riders": lambda lang, n: nt(lang, "{count} Black Rider", "{count} Black Riders", n),
    "trolls": lambda lang, n: nt(lang, "{count} troll", "{count} trolls", n),
    "oliphaunts": lambda lang, n: nt(lang, "{count} oliphaunt", "{count} oliphaunts", n),
}
ORDER = {kind: i for i, kind in enumerate(k for side in SIDES for k in KINDS[side])}


@dataclass(frozen=True, slots=True)
class Said(Words):
    """Words put into the reader's language later by ``say(lang)``: a step's prompt knows its
    position but not who reads it."""

    say: Callable[[str], str]

    def render(self, locale: str) -> str:
        return self.say(locale)

    def __str__(self) -> str:
        return self.render(SOURCE)


def side_title(role: str, lang: str = SOURCE) -> str:
    """A side as a heading and a sentence name it ("Gondor")."""
    return {GOOD: t(lang, "Gondor"), EVIL: t(lang, "Mordor")}.get(role, role.title())


def side_possessive(role: str, lang: str = SOURCE) -> str:
    """A side owning what follows ("Mordor's")."""
    return {GOOD: t(lang, "Gondor's"), EVIL: t(lang, "Mordor's")}.get(role, role.title())


def space_label(space: str, lang: str = SOURCE) -> str:
    """A space as a label names it ("The Causeway")."""
    return pt(lang, SPACE, SPACES[space].name)


def _in_sentence(name: str) -> str:
    return "the" + name[3:] if name.startswith("The ") else name


def space_word(space: str, lang: str = SOURCE) -> str:
    """A space mid-sentence: "the Causeway", "the Fields of the Pelennor", "Minas Tirith" (the
    other languages name it as its label does)."""
    if lang != SOURCE:
        return space_label(space, lang)
    name = SPACES[space].name
    if name.startswith("The ") or space in PROPER_NAMES:
        return _in_sentence(name)
    return f"the {name}"


def leader_label(leader: str, lang: str = SOURCE) -> str:
    return pt(lang, LEADER, LEADERS[leader].name)


def leader_word(leader: str, lang: str = SOURCE) -> str:
    """A leader mid-sentence ("the Witch-king")."""
    return _in_sentence(LEADERS[leader].name) if lang == SOURCE else leader_label(leader, lang)


def card_label(card: str, lang: str = SOURCE) -> str:
    """A Minas Tirith card as a label names it."""
    return pt(lang, CARD, MT_CARDS[card].name)


def card_word(card: str, lang: str = SOURCE) -> str:
    """A card mid-sentence: a Minas Tirith card by name, any other as a reinforcement card."""
    if card not in MT_CARDS:
        return t(lang, "a reinforcement card")
    return _in_sentence(MT_CARDS[card].name) if lang == SOURCE else card_label(card, lang)


def card_effect(card: str, lang: str = SOURCE) -> str:
    """What a Minas Tirith card does (``data/minas_tirith``)."""
    return pt(lang, CARD_EFFECT, MT_CARDS[card].effect)


def units_text(units: Mapping[str, int], lang: str = SOURCE) -> str:
    """Battalions counted by kind, in the sides' order ("1 infantry battalion and 3 orcs")."""
    parts = [
        UNIT_COUNTS[kind](lang, n) for kind, n in sorted(units.items(), key=lambda kv: ORDER[kv[0]]) if n
    ]
    return join(lang, parts) if parts else t(lang, "no battalion")


def figure_word(figure: str, lang: str = SOURCE) -> str:
    """A card figure ("infantry", "cavalry", "creature")."""
    return {
        "infantry": t(lang, "infantry"),
        "cavalry": t(lang, "cavalry"),
        "creature": t(lang, "creature"),
    }.get(figure, figure)


def reinforcement_cards(count: int, lang: str = SOURCE) -> str:
    return nt(lang, "{count} reinforcement card", "{count} reinforcement cards", count)


def catalog_entries() -> Iterator[tuple[str, str, str]]:
    """``(context, English, comment)`` of every name and card text from ``data/minas_tirith``,
    and the descriptions of the typed commands (``/minas-tirith advance``…: their contexts are the
    slash-command translator's), which the extractor adds to the template."""
    from .ruleset import MinasTirith  # (the ruleset speaks through this module)

    yield from option_messages(MinasTirith.options, "minas-tirith")
    for spec in MinasTirith.commands:
        yield COMMAND_DESCRIPTION, spec.description, f"/minas-tirith {spec.path}"
        for param in spec.params:
            yield OPTION_DESCRIPTION, param.description, f"/minas-tirith {spec.path} {param.name}:"
    for space in SPACES.values():
        yield SPACE, space.name, f"space {space.id}"
    for leader in LEADERS.values():
        yield LEADER, leader.name, f"leader {leader.id}"
    for card in MT_CARDS.values():
        yield CARD, card.name, f"Minas Tirith card {card.id}"
    for card in MT_CARDS.values():
        yield CARD_EFFECT, card.effect, f"text of the Minas Tirith card {card.id}"
    from .rules_help import RULE_TEXT, RULE_TITLE, RULES, TOPIC_KIND, TOPIC_KINDS

    for slug, title, text in RULES:
        yield RULE_TITLE, title, f"/rules topic {slug}"
        yield RULE_TEXT, text, f"/rules topic {slug}: its text"
    for kind in TOPIC_KINDS:
        yield TOPIC_KIND, kind, "what kind of /rules topic it is"
