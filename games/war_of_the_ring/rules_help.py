"""War of the Ring's ``/rules``: an overview, the main rules in short, every character, every
Hunt tile and every Event card (its event and its combat half), found by :func:`lookup` by
slug, name or common word, with close names when nothing is found (:func:`not_found`).

>>> [t.title for t in lookup("hunt")], [t.slug for t in lookup("Witch-king")]
(['The Hunt for the Ring'], ['witch_king'])
>>> lookup("fpc_01")[0].title
'Elven Cloaks'
>>> not_found("Gandolf")
'War of the Ring has no card, character, tile or rule called “Gandolf”. Did you mean Gandalf the Grey?'
"""

from __future__ import annotations

import difflib
import unicodedata
from functools import cache

from games.core import RuleTopic

from .data import BASE_CARDS, CARDS, CHARACTERS, MODULE_FIGURES, MODULE_TILES, TILES
from .events import tile_name
from .i18n import (
    card_name,
    character_name,
    current,
    english,
    listed,
    mark,
    name_title,
    ntr,
    ptr,
    speaking,
    tr,
)
from .tta import rules_topics as tta_topics

TITLE = "War of the Ring"

OVERVIEW = mark(
    """\
**War of the Ring** (2nd edition) — the Free Peoples against the Shadow.
• **Turn**: take back your dice and draw a card from each deck; the Fellowship phase (declare, \
enter Mordor, change the Guide); the Shadow puts dice in the Hunt Box; both roll; then you \
alternate actions, Free Peoples first, one die per action; last, the military victory check.
• **Dice**: Character (armies with leaders, the Fellowship, Companions, Minions), Army (move two \
Armies or attack), Muster (recruit, diplomacy, Minions), Event (draw or play a card), Will of the \
West (any face), Eye (to the Hunt Box).
• **The Ring**: every move of the hidden Fellowship risks the Hunt; 12 Corruption and the Shadow \
wins; the Ring-bearers at the Crack of Doom and the Free Peoples win.
• **Armies**: the Shadow wins with 10 points of Free Peoples Cities (1) and Strongholds (2), the \
Free Peoples with 4 points of the Shadow's.
Look up a rule, character, tile or card with `/rules topic:`, e.g. `/rules topic:hunt` or \
`/rules topic:Witch-king`."""
)

RULES: tuple[tuple[str, str, str, tuple[str, ...]], ...] = (
    (
        "dice",
        mark("Action dice"),
        mark(
            "The Free Peoples roll 4 dice (+1 for Aragorn, +1 for Gandalf the White), the Shadow 7 (+1 for "
            "each Minion, at most 10) less the dice he put in the Hunt Box. Free Peoples faces: Character "
            "×2, Muster, Army/Muster, Event, Will of the West. Shadow faces: Character, Army, Muster, "
            "Army/Muster, Event, Eye (Eyes go to the Hunt Box at once). A player with fewer unused dice may "
            "pass; any die may be skipped."
        ),
        ("die", "faces", "actions", "pass", "skip"),
    ),
    (
        "elven-rings",
        mark("Elven Rings"),
        mark(
            "The Free Peoples start with 3. Once a turn, when you act, a Ring turns one of your unused dice "
            "to another face (never a Will of the West); then you act. A Ring the Free Peoples use goes to "
            "the Shadow, who may use it once (he may even make an Eye, which goes to the Hunt Box)."
        ),
        ("ring", "rings"),
    ),
    (
        "hunt",
        mark("The Hunt for the Ring"),
        mark(
            "Each move of the Fellowship: roll one die per Shadow die in the Hunt Box (at most 5); a 6 "
            "succeeds, +1 per Free Peoples die already in the box this turn, a 1 always fails. Re-roll a "
            "failure for a Shadow Stronghold, a Shadow unit and a Nazgûl in the Fellowship's region. Any "
            "success draws a Hunt tile: its number (an Eye: one per success) is the damage, taken as a "
            "Companion lost (the Guide or one at random: his Level is absorbed) or as Corruption; a Reveal "
            "icon reveals the Fellowship."
        ),
        ("hunt box", "tiles", "damage", "corruption"),
    ),
    (
        "fellowship",
        mark("The Fellowship"),
        mark(
            "The Ring-bearers' figure shows where the Fellowship was last seen; Progress counts the regions "
            "moved since. Declare it (Fellowship phase) to place the figure up to Progress regions away — in "
            "a Free Peoples City or Stronghold it heals 1 and rouses that Nation. Revealed by the Hunt, it "
            "is placed the same way (never in such a refuge) and draws one more tile for each Shadow "
            "Stronghold on the way. A revealed Fellowship must be hidden (a Character die) before it moves "
            "again."
        ),
        ("declare", "reveal", "hide", "progress", "guide"),
    ),
    (
        "mordor",
        mark("The Mordor Track"),
        mark(
            "From Minas Morgul or Morannon the Fellowship enters Mordor in a Fellowship phase. There each "
            "move draws a tile at once (an Eye counts every die in the Hunt Box) and advances one step "
            "unless the tile says Stop; a turn without moving or hiding costs 1 Corruption. After the fifth "
            "step the Ring is destroyed and the Free Peoples win — unless Corruption reached 12."
        ),
        ("mount doom", "crack of doom"),
    ),
    (
        "politics",
        mark("The Political Track"),
        mark(
            "A Nation's units may attack and be mustered by dice only At War. Muster dice move a Nation one "
            "step (diplomacy); so does each attack on its Army and each capture of its Settlements. A "
            "passive Free Peoples Nation stops one step short until roused: by an enemy Army entering it, an "
            "attack on its units, the Fellowship declared in its City or Stronghold, a Companion of its icon "
            "arriving there, or the Witch-king entering play (all of them)."
        ),
        ("war", "at war", "diplomacy", "activation", "passive"),
    ),
    (
        "armies",
        mark("Armies and movement"),
        mark(
            "All your figures in a region form one Army (at most 10 units; 5 inside a besieged Stronghold). "
            "An Army die moves two Armies one region each (or attacks); a Character die moves or attacks "
            "with one Army led by a Leader, Nazgûl or Character. An Army never enters a region holding enemy "
            "units; it takes an empty enemy Settlement by entering it."
        ),
        ("movement", "move", "stacking"),
    ),
    (
        "recruit",
        mark("Recruiting"),
        mark(
            "A Muster die of a Nation At War brings 1 Elite, 2 Regulars, 2 Leaders (Nazgûl for Sauron) or 1 "
            "Regular and 1 Leader into free Settlements of their own Nation that you control, one figure per "
            "Settlement, never into a besieged one."
        ),
        ("muster", "recruiting"),
    ),
    (
        "battle",
        mark("Battles"),
        mark(
            "Roll one die per unit (at most 5; +1 per Captain of the West); 5 or 6 hits. Then re-roll "
            "failures up to your Leadership. Each hit removes a Regular or turns an Elite into a Regular. "
            "The attacker may cease; else the defender may retreat to a free neighbouring region, or a new "
            "round begins. Attacking a City or Fortification, the attacker hits only on 6 in the first round."
        ),
        ("combat", "attack", "casualties", "retreat", "leadership"),
    ),
    (
        "combat cards",
        mark("Combat cards"),
        mark(
            "At the start of every round both sides secretly choose a card from their hand whose combat "
            "condition holds, or none; both are revealed together and discarded face up. Effects act at "
            "their moment of the round, the lower initiative first (a tie: the defender's card first). "
            "`/rules card:` gives each card's combat half."
        ),
        ("combat card", "initiative", "combat cards"),
    ),
    (
        "siege",
        mark("Strongholds and sieges"),
        mark(
            "Defending its own Stronghold, an Army may retreat inside before any round (5 units at most "
            "stay); the attacker then besieges it. A siege battle is one round with the attacker hitting on "
            "6; he may reduce an Elite to fight one more round. The besieged may sortie; a friendly Army may "
            "relieve them."
        ),
        ("sieges", "sortie", "stronghold"),
    ),
    (
        "victory",
        mark("Victory"),
        mark(
            "At once: the Shadow wins when Corruption reaches 12, the Free Peoples when the Ring is "
            "destroyed. At the end of a turn: the Shadow with 10 victory points (Free Peoples Cities 1, "
            "Strongholds 2), the Free Peoples with 4 (the Shadow's); both at once — the Shadow."
        ),
        ("win", "points", "vp"),
    ),
    (
        "cards",
        mark("Event cards"),
        mark(
            "Four decks of 24: each side's Character and Strategy cards. Draw one of each every turn; hold "
            "at most 6. Play a card's Event with a die showing its icon, an Event die or a Will of the West "
            "(`/wotr cards play`); in each battle round choose a card's Combat half in secret (`/wotr combat "
            "card`). An Event die may also draw a card. `/rules card:` shows any card."
        ),
        ("event cards", "hand", "deck"),
    ),
)


def _key(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return " ".join(plain.casefold().replace("-", " ").replace("_", " ").replace("’", "'").split())


#: The catalog contexts of the data files' texts (their names and texts are translated with the
#: cards' and characters' own, see ``card_catalog``): a text said alone, English as written.
CARD_TEXT, CONDITION, DISCARD = "card text", "condition", "discard"
COMBAT_CARD, COMBAT_TEXT = "combat card", "combat text"
ABILITY, ABILITY_TEXT, CHARACTER_TEXT = "ability", "ability text", "character text"


def data_text(context: str, text: str) -> str:
    """A text of the data files (a card's event, an ability) in the language being spoken."""
    return text if english() else ptr(context, text)


def joined(sentences: list[str]) -> str:
    """Sentences one after the other, as the language writes them (no space in Japanese)."""
    text = sentences[0]
    for sentence in sentences[1:]:
        text = tr("{sentence} {next}", sentence=text, next=sentence)
    return text


#: A card's kind by side and deck (the topic's kind line).
CARD_KINDS = {
    ("free", "character"): mark("Free Peoples character card"),
    ("free", "strategy"): mark("Free Peoples strategy card"),
    ("shadow", "character"): mark("Shadow character card"),
    ("shadow", "strategy"): mark("Shadow strategy card"),
}
#: The die icon an Event card is played with.
ICONS = {"character": mark("character"), "army": mark("army"), "muster": mark("muster")}


def overview() -> str:
    """The overview of ``/rules``, in the language being spoken."""
    return tr(OVERVIEW)


def topics() -> tuple[RuleTopic, ...]:
    """Every topic, in the language being spoken (built once a language)."""
    return _topics(current())


def _character_topic(char_id: str) -> RuleTopic:
    char = CHARACTERS[char_id]
    if char.level is not None:
        parts = [tr("Level {level}, Leadership {leadership}.", level=char.level, leadership=char.leadership)]
    else:
        parts = [tr("Moves like a Nazgûl; Leadership {leadership}.", leadership=char.leadership)]
    if char.guide:
        parts.append(tr("As Guide: {text}", text=data_text(ABILITY_TEXT, char.guide)))
    parts += [
        tr("{ability}: {text}", ability=data_text(ABILITY, a.name), text=data_text(ABILITY_TEXT, a.text))
        for a in char.abilities
    ]
    if char.entry:
        parts.append(tr("Enters play: {text}", text=data_text(CHARACTER_TEXT, char.entry)))
    kind = tr("Free Peoples character") if char.side == "free" else tr("Shadow character")
    return RuleTopic(char.id, character_name(char.id), joined(parts), kind)


def _tile_topic(tile_id: str) -> RuleTopic:
    tile = TILES[tile_id]
    parts = [tr("Damage: {value}.", value=tile.value if english() else _tile_value(tile.value))]
    if tile.stop:
        parts.append(tr("It stops the Fellowship on the Mordor Track."))
    if tile.card and tile.card in CARDS:
        parts.append(tr("Put in play by {card}.", card=card_name(tile.card)))
    return RuleTopic(tile.id, tr("Hunt tile {tile}", tile=tile_name(tile.id)), joined(parts), tr("Hunt tile"))


def _tile_value(value: object) -> str:
    """A tile's damage in words: its number, the Eye's, or a die's roll."""
    if value == "eye":
        return tr("Eye")
    if value == "die":
        # i18n: a special Hunt tile's damage: the roll of a die
        return tr("a die roll")
    return str(value)


def event_words(icon: str, event: str, condition: str | None) -> list[str]:
    """A card's Event half: its icon and text, and the condition to play it."""
    parts = [tr("Event ({icon}): {text}", icon=tr(ICONS[icon]), text=data_text(CARD_TEXT, event))]
    if condition:
        parts.append(tr("Only if: {condition}", condition=data_text(CONDITION, condition)))
    return parts


def combat_words(name: str, effect: str) -> str:
    """A card's Combat half, as its card topic says it."""
    return tr(
        "Combat card **{name}**: {effect}",
        name=data_text(COMBAT_CARD, name),
        effect=data_text(COMBAT_TEXT, effect),
    )


@cache
def _topics(lang: str) -> tuple[RuleTopic, ...]:
    with speaking(lang):
        found = [RuleTopic(slug, tr(title), tr(text), tr("rule")) for slug, title, text, _ in RULES]
        for char in CHARACTERS.values():
            if char.id in MODULE_FIGURES:
                continue  # Twilight of the Third Age: the module's own topic (tta/rules_topics.py)
            found.append(_character_topic(char.id))
        for tile in TILES.values():
            if tile.id in MODULE_TILES:
                continue  # Twilight of the Third Age: the module's own topic (tta/rules_topics.py)
            found.append(_tile_topic(tile.id))
        for card in CARDS.values():
            if card.id not in BASE_CARDS or card.combat is None:  # Twilight cards: with the module's
                continue
            parts = event_words(card.icon, card.event, card.condition)
            parts.append(combat_words(card.combat.name, card.combat.effect))
            kind = tr(CARD_KINDS[card.side, card.deck or "character"])
            found.append(RuleTopic(card.id, card_name(card.id), joined(parts), kind, (card.id,)))
        found += combat_topics()
        found += tta_topics.topics()
        return tuple(found)


def combat_slug(name: str) -> str:
    """
    >>> combat_slug("Durin's Bane"), combat_slug("Mûmakil")
    ('combat_durins_bane', 'combat_mumakil')
    """
    return "combat_" + "_".join(_key(name).replace("'", "").split())


def combat_topics() -> list[RuleTopic]:
    """The 38 Combat cards by name, each pointing to the Event cards that carry it.

    >>> topic = next(t for t in combat_topics() if t.title == "It Is a Gift")
    >>> topic.kind, topic.cards
    ('Free Peoples combat card', ('fpc_01', 'fpc_02', 'fpc_03', 'fpc_04'))
    """
    carriers: dict[str, list[str]] = {}
    for card in CARDS.values():
        if card.id not in BASE_CARDS or card.combat is None:
            continue
        carriers.setdefault(card.combat.name, []).append(card.id)
    found = []
    for name, cards in carriers.items():
        first = CARDS[cards[0]]
        assert first.combat is not None  # only cards with a Combat half carry one
        kind = tr("Free Peoples combat card") if first.side == "free" else tr("Shadow combat card")
        initiative = "/".join(str(n) for n in first.initiative)
        parts = [tr("Initiative {initiative}.", initiative=initiative)]
        if first.combat.condition:
            parts.append(tr("If: {condition}", condition=data_text(CONDITION, first.combat.condition)))
        parts.append(data_text(COMBAT_TEXT, first.combat.effect))
        parts.append(carried_on(cards))
        title = data_text(COMBAT_CARD, name)
        found.append(RuleTopic(combat_slug(name), title, joined(parts), kind, tuple(cards)))
    return found


def carried_on(cards: list[str]) -> str:
    """ "On the Event cards A, B." (the cards that carry a Combat card)."""
    on = ", ".join(CARDS[c].name for c in cards) if english() else listed([card_name(c) for c in cards])
    return ntr("On the Event card {cards}.", "On the Event cards {cards}.", len(cards), cards=on)


@cache
def _index(lang: str) -> dict[str, tuple[RuleTopic, ...]]:
    """Every topic by its slug, its title in ``lang`` and in English, and its common words."""
    index: dict[str, list[RuleTopic]] = {}
    words = {slug: aliases for slug, _, _, aliases in (*RULES, *tta_topics.RULES)}
    words.update(tta_topics.CHARACTER_WORDS)  # Twilight of the Third Age: the characters' abilities
    english_titles = {t.slug: t.title for t in _topics("en")}
    for topic in _topics(lang):
        names = (topic.slug, topic.title, english_titles.get(topic.slug, ""), *words.get(topic.slug, ()))
        for key in {_key(k) for k in names if k}:
            index.setdefault(key, []).append(topic)  # once per key: "gimli" and "Gimli" are one
    return {k: tuple(v) for k, v in index.items()}


def lookup(topic: str) -> tuple[RuleTopic, ...]:
    """The topics ``topic`` names (by slug, by title in the language being spoken or in English,
    or by a common word), else those whose title holds it."""
    index = _index(current())
    key = _key(topic)
    found = index.get(key)
    if found:
        return found
    named = [t for t in topics() if key and key in _key(t.title)]
    if not named and not english():
        titles = {t.slug: t for t in topics()}
        named = [titles[t.slug] for t in _topics("en") if key and key in _key(t.title)]
    return tuple(named[:5])


def not_found(topic: str) -> str:
    index = _index(current())
    close = difflib.get_close_matches(_key(topic), list(index), n=1, cutoff=0.6)
    game = name_title("game", TITLE)
    if close:
        return tr(
            "{game} has no card, character, tile or rule called “{query}”. Did you mean {name}?",
            game=game,
            query=topic,
            name=index[close[0]][0].title,
        )
    return tr("{game} has no card, character, tile or rule called “{query}”.", game=game, query=topic)
