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
from .tta import rules_topics as tta_topics

TITLE = "War of the Ring"

OVERVIEW = """\
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

RULES: tuple[tuple[str, str, str, tuple[str, ...]], ...] = (
    (
        "dice",
        "Action dice",
        "The Free Peoples roll 4 dice (+1 for Aragorn, +1 for Gandalf the White), the Shadow 7 (+1 for each "
        "Minion, at most 10) less the dice he put in the Hunt Box. Free Peoples faces: Character ×2, Muster, "
        "Army/Muster, Event, Will of the West. Shadow faces: Character, Army, Muster, Army/Muster, Event, "
        "Eye (Eyes go to the Hunt Box at once). A player with fewer unused dice may pass; any die may be "
        "skipped.",
        ("die", "faces", "actions", "pass", "skip"),
    ),
    (
        "elven-rings",
        "Elven Rings",
        "The Free Peoples start with 3. Once a turn, when you act, a Ring turns one of your unused dice to "
        "another face (never a Will of the West); then you act. A Ring the Free Peoples use goes to the "
        "Shadow, who may use it once (he may even make an Eye, which goes to the Hunt Box).",
        ("ring", "rings"),
    ),
    (
        "hunt",
        "The Hunt for the Ring",
        "Each move of the Fellowship: roll one die per Shadow die in the Hunt Box (at most 5); a 6 succeeds, "
        "+1 per Free Peoples die already in the box this turn, a 1 always fails. Re-roll a failure for a "
        "Shadow Stronghold, a Shadow unit and a Nazgûl in the Fellowship's region. Any success draws a Hunt "
        "tile: its number (an Eye: one per success) is the damage, taken as a Companion lost (the Guide or "
        "one at random: his Level is absorbed) or as Corruption; a Reveal icon reveals the Fellowship.",
        ("hunt box", "tiles", "damage", "corruption"),
    ),
    (
        "fellowship",
        "The Fellowship",
        "The Ring-bearers' figure shows where the Fellowship was last seen; Progress counts the regions "
        "moved since. Declare it (Fellowship phase) to place the figure up to Progress regions away — in a "
        "Free Peoples City or Stronghold it heals 1 and rouses that Nation. Revealed by the Hunt, it is "
        "placed the same way (never in such a refuge) and draws one more tile for each Shadow Stronghold on "
        "the way. A revealed Fellowship must be hidden (a Character die) before it moves again.",
        ("declare", "reveal", "hide", "progress", "guide"),
    ),
    (
        "mordor",
        "The Mordor Track",
        "From Minas Morgul or Morannon the Fellowship enters Mordor in a Fellowship phase. There each move "
        "draws a tile at once (an Eye counts every die in the Hunt Box) and advances one step unless the "
        "tile says Stop; a turn without moving or hiding costs 1 Corruption. After the fifth step the Ring "
        "is "
        "destroyed and the Free Peoples win — unless Corruption reached 12.",
        ("mount doom", "crack of doom"),
    ),
    (
        "politics",
        "The Political Track",
        "A Nation's units may attack and be mustered by dice only At War. Muster dice move a Nation one step "
        "(diplomacy); so does each attack on its Army and each capture of its Settlements. A passive Free "
        "Peoples Nation stops one step short until roused: by an enemy Army entering it, an attack on its "
        "units, the Fellowship declared in its City or Stronghold, a Companion of its icon arriving there, "
        "or the Witch-king entering play (all of them).",
        ("war", "at war", "diplomacy", "activation", "passive"),
    ),
    (
        "armies",
        "Armies and movement",
        "All your figures in a region form one Army (at most 10 units; 5 inside a besieged Stronghold). An "
        "Army die moves two Armies one region each (or attacks); a Character die moves or attacks with one "
        "Army led by a Leader, Nazgûl or Character. An Army never enters a region holding enemy units; it "
        "takes an empty enemy Settlement by entering it.",
        ("movement", "move", "stacking"),
    ),
    (
        "recruit",
        "Recruiting",
        "A Muster die of a Nation At War brings 1 Elite, 2 Regulars, 2 Leaders (Nazgûl for Sauron) or 1 "
        "Regular and 1 Leader into free Settlements of their own Nation that you control, one figure per "
        "Settlement, never into a besieged one.",
        ("muster", "recruiting"),
    ),
    (
        "battle",
        "Battles",
        "Roll one die per unit (at most 5; +1 per Captain of the West); 5 or 6 hits. Then re-roll failures "
        "up to your Leadership. Each hit removes a Regular or turns an Elite into a Regular. The attacker "
        "may "
        "cease; else the defender may retreat to a free neighbouring region, or a new round begins. "
        "Attacking a City or Fortification, the attacker hits only on 6 in the first round.",
        ("combat", "attack", "casualties", "retreat", "leadership"),
    ),
    (
        "combat cards",
        "Combat cards",
        "At the start of every round both sides secretly choose a card from their hand whose combat "
        "condition holds, or none; both are revealed together and discarded face up. Effects act at "
        "their moment of the round, the lower initiative first (a tie: the defender's card first). "
        "`/rules card:` gives each card's combat half.",
        ("combat card", "initiative", "combat cards"),
    ),
    (
        "siege",
        "Strongholds and sieges",
        "Defending its own Stronghold, an Army may retreat inside before any round (5 units at most stay); "
        "the attacker then besieges it. A siege battle is one round with the attacker hitting on 6; he may "
        "reduce an Elite to fight one more round. The besieged may sortie; a friendly Army may relieve them.",
        ("sieges", "sortie", "stronghold"),
    ),
    (
        "victory",
        "Victory",
        "At once: the Shadow wins when Corruption reaches 12, the Free Peoples when the Ring is destroyed. "
        "At the end of a turn: the Shadow with 10 victory points (Free Peoples Cities 1, Strongholds 2), the "
        "Free Peoples with 4 (the Shadow's); both at once — the Shadow.",
        ("win", "points", "vp"),
    ),
    (
        "cards",
        "Event cards",
        "Four decks of 24: each side's Character and Strategy cards. Draw one of each every turn; hold at "
        "most 6. Play a card's Event with a die showing its icon, an Event die or a Will of the West "
        "(`/wotr cards play`); in each battle round choose a card's Combat half in secret (`/wotr combat "
        "card`). An Event die may also draw a card. `/rules card:` shows any card.",
        ("event cards", "hand", "deck"),
    ),
)


def _key(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return " ".join(plain.casefold().replace("-", " ").replace("_", " ").replace("’", "'").split())


@cache
def topics() -> tuple[RuleTopic, ...]:
    found = [RuleTopic(slug, title, text, "rule") for slug, title, text, _ in RULES]
    for char in CHARACTERS.values():
        if char.id in MODULE_FIGURES:
            continue  # Twilight of the Third Age: the module's own topic (tta/rules_topics.py)
        parts = []
        if char.level is not None:
            parts.append(f"Level {char.level}, Leadership {char.leadership}.")
        else:
            parts.append(f"Moves like a Nazgûl; Leadership {char.leadership}.")
        if char.guide:
            parts.append(f"As Guide: {char.guide}")
        parts += [f"{a.name}: {a.text}" for a in char.abilities]
        if char.entry:
            parts.append(f"Enters play: {char.entry}")
        side = "Free Peoples" if char.side == "free" else "Shadow"
        found.append(RuleTopic(char.id, char.name, " ".join(parts), f"{side} character"))
    for tile in TILES.values():
        if tile.id in MODULE_TILES:
            continue  # Twilight of the Third Age: the module's own topic (tta/rules_topics.py)
        extra = " It stops the Fellowship on the Mordor Track." if tile.stop else ""
        source = f" Put in play by {CARDS[tile.card].name}." if tile.card and tile.card in CARDS else ""
        found.append(
            RuleTopic(
                tile.id,
                f"Hunt tile {tile_name(tile.id)}",
                f"Damage: {tile.value}.{extra}{source}",
                "Hunt tile",
            )
        )
    for card in CARDS.values():
        if card.id not in BASE_CARDS or card.combat is None:  # Twilight cards: with the module's
            continue
        side = "Free Peoples" if card.side == "free" else "Shadow"
        condition = f" Only if: {card.condition}" if card.condition else ""
        combat = f" Combat card **{card.combat.name}**: {card.combat.effect}"
        text = f"Event ({card.icon}): {card.event}{condition}{combat}"
        found.append(RuleTopic(card.id, card.name, text, f"{side} {card.deck} card", (card.id,)))
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
        side = "Free Peoples" if first.side == "free" else "Shadow"
        initiative = "/".join(str(n) for n in first.initiative)
        on = ", ".join(CARDS[c].name for c in cards)
        condition = f" If: {first.combat.condition}" if first.combat.condition else ""
        carriers_word = "Event cards" if len(cards) > 1 else "Event card"
        text = f"Initiative {initiative}.{condition} {first.combat.effect} On the {carriers_word} {on}."
        found.append(RuleTopic(combat_slug(name), name, text, f"{side} combat card", tuple(cards)))
    return found


@cache
def _index() -> dict[str, tuple[RuleTopic, ...]]:
    index: dict[str, list[RuleTopic]] = {}
    words = {slug: aliases for slug, _, _, aliases in (*RULES, *tta_topics.RULES)}
    words.update(tta_topics.CHARACTER_WORDS)  # Twilight of the Third Age: the characters' abilities
    for topic in topics():
        for key in {_key(k) for k in (topic.slug, topic.title, *words.get(topic.slug, ()))}:
            index.setdefault(key, []).append(topic)  # once per key: "gimli" and "Gimli" are one
    return {k: tuple(v) for k, v in index.items()}


def lookup(topic: str) -> tuple[RuleTopic, ...]:
    found = _index().get(_key(topic))
    if found:
        return found
    key = _key(topic)
    named = [t for t in topics() if key and key in _key(t.title)]
    return tuple(named[:5])


def not_found(topic: str) -> str:
    close = difflib.get_close_matches(_key(topic), list(_index()), n=1, cutoff=0.6)
    suggestion = f" Did you mean {_index()[close[0]][0].title}?" if close else ""
    return f"{TITLE} has no card, character, tile or rule called “{topic}”.{suggestion}"
