"""``/rules`` topics of Twilight of the Third Age: the module, each part, each character, card,
Combat card and tile, with where its content comes from (official, reference, reconstructed).

>>> [t.slug for t in module_topics()][:3]
['twilight', 'siege-engines', 'dunlendings']
>>> next(t for t in topics() if t.slug == "galadriel").kind
'Twilight of the Third Age character (reconstructed)'
"""

from __future__ import annotations

from collections.abc import Mapping

from games.core import RuleTopic

from ..data import REGIONS
from ..i18n import card_name, character_name, english, listed, mark, name_title, region_title, tr
from .content import CARDS, COASTAL_CHAIN, REPLACEMENTS, SET_ASIDE_CARDS, SMEAGOL_TILES, TTA_CHARACTERS
from .switches import NAMES, PLAYABLE, SWITCHES

#: The coastal chain's regions by name, south to north (D20).
REGION_NAMES = tuple(REGIONS[r].name for r in COASTAL_CHAIN)

MODULE = mark("Twilight of the Third Age")

#: The module's rule topics: slug, title, text, words that find it.
RULES: tuple[tuple[str, str, str, tuple[str, ...]], ...] = (
    (
        "twilight",
        MODULE,
        mark(
            "The War of the Ring module of *Battles of the Third Age* (1st edition), played on the "
            "2nd-edition rules as independent switches chosen in the lobby: `tta` (base, whole, custom), "
            "`tta_engines`, `tta_factions`, `tta_characters`, `tta_cards`. Reconstructed where no source "
            "gives it: the four characters' cards, the Sméagol tiles' effect, the number of Ents an Ents "
            "Awake brings, the new cards' numbers. The cards need the siege engines, the Dunlendings and the "
            "Corsairs."
        ),
        ("tta", "module", "expansion", "reconstructed", "switches", "battles of the third age"),
    ),
    (
        "siege-engines",
        mark("Siege engines"),
        mark(
            "6 Trebuchets (Free Peoples) and 6 Siege Towers (Shadow), at most 2 of each in a region; not "
            "Army units. A Muster die places one: a Siege Tower where a Shadow Army besieges a Free Peoples "
            "Stronghold, a Trebuchet inside it. In a siege battle there, each round: more Towers, -1 to the "
            "Free Peoples' dice and once a free extra round for the Shadow; more Trebuchets, +1 to them and "
            "no Elite reduction to fight on. Even: the Free Peoples may sacrifice a Trebuchet for "
            "superiority until the turn ends. Engines go back to the pool when their side's Army leaves or "
            "the Stronghold falls."
        ),
        ("trebuchet", "trebuchets", "siege tower", "siege towers", "engines", "tta_engines"),
    ),
    (
        "dunlendings",
        mark("The Hillmen of Dunland"),
        mark(
            "12 Dunlendings (Shadow): Army units of no Nation, always At War, that stack, move and fight "
            "like Shadow Regulars. Once Isengard is At War, a Muster die (`bring-dunlendings`) brings them "
            "in: 2 in North and 2 in South Dunland, where free for the Shadow. Then a Muster die "
            "(`recruit-dunlendings`) puts 2 with a Shadow Army, not besieged, in a region of Isengard or "
            "Rohan (within the stacking limit). In battle each hit on them removes 2; a single Dunlending "
            "takes a hit only as the last unit of its Army. The slain go back to the pool: the faction is "
            "never eliminated. Old Hatred (Combat card): before the Combat roll, one die per Dunlending in "
            "the battle (at most 5), hitting as the Combat roll does."
        ),
        ("dunlending", "dunland", "hillmen", "old hatred", "tta_factions"),
    ),
    (
        "corsairs",
        mark("The Corsairs of Umbar"),
        mark(
            "6 Corsair Ships (Shadow), set aside. Once the Southrons & Easterlings are At War, with Umbar "
            "held by the Shadow and not besieged, a Muster die brings them in: 2 Ships in Umbar "
            "(`bring-corsairs`). Then a Muster die builds 1 Ship in Umbar and recruits 1 Southron & "
            "Easterling Regular in a free Settlement of theirs (`muster-ships`). Ships are not Army units: "
            "they never count for stacking, are never attacked, never block and are never blocked, never "
            "take a region, and may share one with the enemy; they stand only on the coast ({coast}). Sunk "
            "Ships go back to the pool; the faction stays in play even without Ships."
        ),
        ("ships", "ship", "corsair", "corsairs", "umbar", "coast", "coastal", "navy"),
    ),
    (
        "fleets",
        mark("Corsair fleets and sea moves"),
        mark(
            "Fleet: one of the two moves of an Army die may sail the Ships of one region, all or some, up to "
            "2 steps along the coast, whatever stands there (`fleet <region>`, then `sail <region> <n>`). "
            "Sea transport: with a move of an Army die, or of a Character die for an Army with a Leader or "
            "Character, a Shadow Army standing with a Ship may move to a region holding a Ship at most 2 "
            "steps along the coast and free of enemy units (an undefended enemy Settlement is captured); the "
            "Ships stay. Attack by sea: such an Army may attack an enemy Army in a coastal region with a "
            "Ship within the same reach, as if next to it; nobody retreats by sea, and the winner may "
            "advance by sea. When the Free Peoples attack a region and destroy every Shadow unit in it, its "
            "Ships sink."
        ),
        ("fleet", "sail", "sea", "sea move", "transport", "by sea", "naval"),
    ),
    (
        "ents",
        mark("The Ents of Fangorn"),
        mark(
            "8 Ents (Free Peoples). With Saruman in play and a Companion in Fangorn, a Muster die puts 1 Ent "
            "in Fangorn; each Ents Awake card played then brings up to 2 more (reconstructed), moves them "
            "and lets them attack (5 dice, 5+). They leave the game after the third Ents Awake."
        ),
        ("ent", "fangorn", "treebeard"),
    ),
    (
        "twilight-cards",
        mark("The Twilight cards"),
        mark(
            "Each deck holds 26 cards: 8 new cards numbered 25 and 26 (only Shadow Strategy 25 is a printed "
            "number), and a base card is swapped for its module version when its part is on: A Balrog is "
            "Come! (the Balrog), The Corsairs are Upon Us! (the Corsairs), Rage of the Dunlendings (the "
            "Dunlendings). The three Ents Awake are never swapped. New Combat cards: Last Defences and Heads "
            "of the Fallen (with your siege engines in the siege battle), Among the Siege Engines, Old "
            "Hatred (with Dunlendings). Wind from the West shows the Shadow's hand to the Free Peoples "
            "alone. The cards need the siege engines, the Dunlendings and the Corsairs."
        ),
        ("cards", "new cards", "tta_cards", "deck", "wind from the west", "combat cards"),
    ),
)


#: Words that find each character's topic besides its name: its abilities and typed words.
CHARACTER_WORDS: dict[str, tuple[str, ...]] = {
    "galadriel": ("nenya", "lady of the golden wood", "bring-galadriel"),
    "balrog": ("shadow of moria", "durin's bane ability", "bring-balrog"),
    "witch_king_chief": ("pursuit", "lord of the nazgul", "chief", "bring-witch-king-chief"),
    "smeagol": ("sneak", "sacrifice", "we shall get it piece", "smeagol tiles"),
}


def combat_topics() -> list[RuleTopic]:
    """The module's new Combat cards, each pointing to the cards that carry it.

    >>> [t.title for t in combat_topics()]
    ['Last Defences', 'Among the Siege Engines', 'Heads of the Fallen', 'Old Hatred']
    """
    from ..rules_help import COMBAT_CARD, COMBAT_TEXT, CONDITION, data_text, joined

    carriers: dict[str, list[str]] = {}
    for card in CARDS.values():
        if card.combat is not None:
            carriers.setdefault(card.combat.name, []).append(card.id)
    found = []
    for name, ids in carriers.items():
        first = CARDS[ids[0]]
        assert first.combat is not None
        parts = [tr("Initiative {initiative}.", initiative=first.initiative[0])]
        if first.combat.condition:
            parts.append(tr("If: {condition}", condition=data_text(CONDITION, first.combat.condition)))
        parts.append(data_text(COMBAT_TEXT, first.combat.effect))
        on = ", ".join(CARDS[c].name for c in ids) if english() else listed([card_name(c) for c in ids])
        parts.append(tr("On the Event cards {cards}.", cards=on))
        slug = "combat_" + "_".join(name.lower().split())
        kind = (
            tr("Twilight of the Third Age Free Peoples combat card")
            if first.side == "free"
            else tr("Twilight of the Third Age Shadow combat card")
        )
        found.append(RuleTopic(slug, data_text(COMBAT_CARD, name), joined(parts), kind, tuple(ids)))
    return found


def _source(values: set[str]) -> str:
    return "reconstructed" if values & {"reference", "reconstructed"} else "official"


#: How a character's values are named when their sources are told.
_VALUES = {
    "level": mark("Level"),
    "leadership": mark("Leadership"),
    "die_bonus": mark("Action die"),
    "activates": mark("Nations activated"),
    "entry": mark("entry"),
    "abilities": mark("abilities"),
    "leaves": mark("leaving play"),
}
_TOLD = {
    "official": mark("official"),
    "reference": mark("reconstructed by the module reference"),
    "reconstructed": mark("ours"),
}
#: A character topic's kind by where its values come from.
_KINDS = {
    "official": mark("Twilight of the Third Age character (official)"),
    "reconstructed": mark("Twilight of the Third Age character (reconstructed)"),
}


def _told_sources(sources: Mapping[str, str]) -> str:
    """``Sources: Leadership official; Level, entry ... reconstructed by the module reference.``"""
    groups: dict[str, list[str]] = {}
    for key, source in sources.items():
        groups.setdefault(source, []).append(tr(_VALUES[key]) if key in _VALUES else key)
    told = [
        tr("{values} {source}", values=_comma(names), source=tr(_TOLD[source]))
        for source, names in groups.items()
    ]
    text = told[0]
    for more in told[1:]:
        text = tr("{first}; {next}", first=text, next=more)
    return tr("Sources: {sources}.", sources=text)


def _comma(names: list[str]) -> str:
    """Names one after the other, as a short list ("Level, entry")."""
    if english():
        return ", ".join(names)
    text = names[0]
    for name in names[1:]:
        text = tr("{first}, {next}", first=text, next=name)
    return text


def module_topics() -> list[RuleTopic]:
    playable = [s for s in SWITCHES if s in PLAYABLE]
    found = []
    for slug, title, text, _ in RULES:
        said = tr(text, coast=_coast()) if slug == "corsairs" else tr(text)
        if slug == "twilight":
            if english():
                names = ", ".join(NAMES[s] for s in playable) or "none yet"
            else:
                names = listed([tr(NAMES[s]) for s in playable]) or tr("none yet")
            said = tr("{text} Playable now: {switches}.", text=said, switches=names)
        found.append(RuleTopic(slug, tr(title), said, tr("Twilight of the Third Age rule")))
    return found


def _coast() -> str:
    """The coastal chain's regions, south to north."""
    if english():
        return ", ".join(REGION_NAMES)
    return listed([region_title(r) for r in COASTAL_CHAIN])


def topics() -> list[RuleTopic]:
    from ..rules_help import (
        ABILITY,
        ABILITY_TEXT,
        CHARACTER_TEXT,
        DISCARD,
        combat_words,
        data_text,
        event_words,
        joined,
    )

    found = module_topics()
    for char in TTA_CHARACTERS.values():
        level = tr("Moves like a Nazgûl") if char.level is None else tr("Level {level}", level=char.level)
        if char.die_bonus:
            parts = [
                tr(
                    "{level}, Leadership {leadership}, +{bonus} Action die.",
                    level=level,
                    leadership=char.leadership,
                    bonus=char.die_bonus,
                )
            ]
        else:
            parts = [tr("{level}, Leadership {leadership}.", level=level, leadership=char.leadership)]
        parts.append(tr("Enters play: {text}", text=data_text(CHARACTER_TEXT, char.entry)))
        parts += [
            tr("{ability}: {text}", ability=data_text(ABILITY, a.name), text=data_text(ABILITY_TEXT, a.text))
            for a in char.abilities
        ]
        parts.append(data_text(CHARACTER_TEXT, char.leaves))
        parts.append(_told_sources(char.sources))
        if char.id not in PLAYABLE:
            parts.append(tr("Not yet available."))
        kind = tr(_KINDS[_source(set(char.sources.values()))])
        found.append(RuleTopic(char.id, _character(char.id, char.name), joined(parts), kind))
    for card in [*CARDS.values(), *REPLACEMENTS.values(), *SET_ASIDE_CARDS.values()]:
        parts = event_words(card.icon, card.event, card.condition)
        if card.on_table and card.discard:
            parts.append(tr("Stays on the table; discarded: {text}", text=data_text(DISCARD, card.discard)))
        if card.deck is None:  # We Shall Get It comes with Sméagol (D35)
            ready = "smeagol" in PLAYABLE
            parts.append(
                tr("Set aside at the start; the Shadow takes it into his hand when Sméagol is sacrificed.")
            )
        else:
            ready = "cards" in PLAYABLE and (card.needs is None or card.needs in PLAYABLE)
        if card.combat:
            parts.append(combat_words(card.combat.name, card.combat.effect))
        else:
            parts.append(tr("No Combat half."))
        if card.replaces and card.needs:
            parts.append(
                tr(
                    "Replaces {card} in games with {switch}.",
                    card=card_name(card.replaces),
                    switch=tr(NAMES[card.needs]),
                )
            )
        if not ready:
            parts.append(tr("Not yet available."))
        kind = (
            tr("Twilight of the Third Age Free Peoples card")
            if card.side == "free"
            else tr("Twilight of the Third Age Shadow card")
        )
        found.append(RuleTopic(card.id, card_name(card.id), joined(parts), kind, (card.id,)))
    found += combat_topics()
    for tile in SMEAGOL_TILES:
        parts = [
            tr(
                "Damage 0, no Reveal (reconstructed). While Sméagol's piece shows Sméagol the tile goes "
                "back into the Hunt Pool after it is drawn; once it shows Gollum it leaves the game."
            )
        ]
        if "smeagol" not in PLAYABLE:
            parts.append(tr("Not yet available."))
        found.append(
            RuleTopic(
                tile.id,
                tr("Sméagol Hunt tile"),
                joined(parts),
                tr("Twilight of the Third Age Hunt tile (reconstructed)"),
            )
        )
    return found


#: The module's figures that are no character of the base game's data, by name.
FIGURE_NAMES = {
    "witch_king_chief": mark("The Witch-king, Chief of the Ringwraiths"),
    "smeagol": mark("Sméagol"),
}


def _character(char_id: str, name: str) -> str:
    """A character's name: the base game's, or a module figure's."""
    from ..data import CHARACTERS

    if char_id in CHARACTERS:
        return character_name(char_id)
    if char_id in FIGURE_NAMES and not english():
        return tr(FIGURE_NAMES[char_id])
    return name_title("character", name)
