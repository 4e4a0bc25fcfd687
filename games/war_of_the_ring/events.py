"""The log events of War of the Ring as data, and their words (English first).

``KINDS`` lists every event kind with its parameters and their types; ``TEMPLATES`` has one
sentence per kind and language. A card in hand is never an argument of a public event: its
owner gets an ``own_...`` projection naming it.

>>> PRESENTER.text("hunt_rolled", {"dice": [6, 2, 5], "rerolls": [6], "bonus": 1, "successes": 3})
'The Hunt rolls 6 2 5 (+1), re-rolls 6: 3 successes.'
>>> PRESENTER.text("nation_advanced", {"nation": "rohan", "why": "attacked", "steps": 2})
'Rohan moves toward war (attacked): 2 steps from At War.'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from games.core import Presenter
from games.core.i18n import CatalogTables
from games.core.words import agree, article, join_words

from . import (
    battle_words,
    card_words_armies,
    card_words_hunt,
    characters_words,
    companions_words,
    corsairs_words,
    dunlendings_words,
    ents_words,
    movement_words,
    muster_words,
    siege_engines_words,
    tta_cards_words,
    tta_characters_words,
)
from .data import CARDS, TILES
from .dice import face_name
from .grammar import region_words
from .i18n import DOMAIN, card_name, character_name, english, listed, mark, ntr, ptr, speaking, tr
from .movement_words import figure_words
from .roles import PLURAL_NATIONS, nation_in_sentence, side_name, side_title

#: The turn's own event kinds (the procedures' are in their ``*_words`` modules).
TURN_KINDS: dict[str, dict[str, str]] = {
    "turn_started": {"number": "number"},
    "cards_drawn": {"side": "side", "count": "number"},
    "own_cards_drawn": {"side": "side", "cards": "cards"},
    "card_drawn": {"side": "side", "deck": "deck"},
    "own_card_drawn": {"side": "side", "deck": "deck", "card": "card"},
    "card_discarded": {"side": "side"},
    "cards_given_up": {"side": "side"},
    "own_cards_given_up": {"side": "side", "cards": "cards"},
    "event_played": {"side": "side", "card": "card"},
    "dice_discarded": {"side": "side", "face": "face", "count": "number"},
    "own_card_discarded": {"side": "side", "card": "card"},
    "hunt_allocated": {"count": "number"},
    "dice_rolled": {"side": "side", "faces": "faces", "eyes": "number"},
    "passed": {"side": "side"},
    "die_skipped": {"side": "side", "face": "face"},
    "ring_used": {"side": "side", "face": "face", "new": "face"},
    "nation_activated": {"nation": "nation", "why": "why"},
    "nation_advanced": {"nation": "nation", "why": "why", "steps": "number"},
    "diplomacy": {"side": "side", "nation": "nation"},
    "corrupted": {"amount": "number", "why": "why", "corruption": "number"},
    "healed": {"amount": "number", "why": "why", "corruption": "number"},
    "guide_changed": {"guide": "character"},
    "fellowship_declared": {"region": "region"},
    "entered_mordor": {"from": "region"},
    "fellowship_moved": {"mordor": "flag", "progress": "number"},
    "fellowship_hidden": {},
    "fellowship_revealed": {"region": "region", "progress": "number"},
    "fellowship_placed": {"from": "region", "region": "region"},
    "hunt_rolled": {"dice": "dice", "rerolls": "dice", "bonus": "number", "successes": "number"},
    "hunt_tile": {"tile": "tile", "damage": "number", "why": "why"},
    "hunt_pool_refilled": {"tiles": "number"},
    "mordor_step": {"step": "number"},
    "companion_lost": {"companion": "character", "why": "why"},
    "companion_spared": {"companion": "character", "region": "region"},
    "companion_separated": {"companion": "character", "region": "region"},
    "gollum_reveals": {},
    "settlement_captured": {"side": "side", "region": "region", "recaptured": "flag"},
    "leaders_lost": {"nation": "nation", "count": "number", "region": "region"},
    # result reasons
    "ring_corrupted": {},
    "ring_destroyed": {},
    "military_victory": {"side": "side", "vp": "number"},
}

TURN_EN: dict[str, str] = {
    "turn_started": "Turn {number} begins.",
    "cards_drawn": "The {side} {side:draws|draw} {count_cards}.",
    "own_cards_drawn": "You draw {cards}.",
    "card_drawn": "The {side} {side:draws|draw} a card from the {deck}.",
    "own_card_drawn": "You draw {card} from the {deck}.",
    "card_discarded": "The {side} {side:discards|discard} a card face down.",
    "cards_given_up": "The {side} {side:discards|discard} a Strategy card and a Character card face down.",
    "own_cards_given_up": "You discard {cards}.",
    "event_played": "The {side} {side:plays|play} {card}.",
    "dice_discarded": "The {side} {side:loses|lose} {count_dice} showing {face}.",
    "own_card_discarded": "You discard {card}.",
    "hunt_allocated": "The Shadow puts {count_dice} in the Hunt Box.",
    "dice_rolled": "The {side} {side:rolls|roll} {faces}.",
    "passed": "The {side} {side:passes|pass}.",
    "die_skipped": "The {side} {side:skips|skip} {face_article} {face} die.",
    "ring_used": "The {side} {side:uses|use} an Elven Ring: {face_article} {face} die becomes {new}.",
    "nation_activated": "{nation:cap} {nation:is|are} roused ({why}).",
    "nation_advanced": "{nation:cap} {nation:moves|move} toward war ({why}): {steps_words}.",
    "diplomacy": "The {side} {side:urges|urge} {nation} toward war.",
    "corrupted": "The Ring-bearers gain {amount} Corruption ({why}): now {corruption}.",
    "healed": "The Ring-bearers heal {amount} Corruption ({why}): now {corruption}.",
    "guide_changed": "{guide} now guides the Fellowship.",
    "fellowship_declared": "The Fellowship is declared in {region}.",
    "entered_mordor": "The Fellowship enters Mordor from {from}.",
    "fellowship_moved": "The Fellowship moves{where}.",
    "fellowship_hidden": "The Fellowship is hidden again.",
    "fellowship_revealed": "The Fellowship is revealed!",
    "fellowship_placed": "The Ring-bearers are found in {region}.",
    "hunt_rolled": "The Hunt rolls {dice}{bonus_words}{reroll_words}: {successes_words}.",
    "hunt_tile": "Hunt tile: {tile} — {damage} damage.",
    "hunt_pool_refilled": "The Hunt Pool is refilled ({tiles} {tiles:tile|tiles}).",
    "mordor_step": "The Fellowship is on step {step} of the Mordor Track.",
    "companion_lost": "{companion} falls ({why}).",
    "companion_spared": "{companion} is taken alive and left in {region}.",
    "companion_separated": "{companion} leaves the Fellowship in {region}.",
    "gollum_reveals": "Gollum reveals the Fellowship to lessen the damage.",
    "settlement_captured": "The {side} {take_words} {region}.",
    "leaders_lost": "{leader_words} left alone in {region} {are_words} lost.",
    "ring_corrupted": "the Ring-bearers were corrupted by the Ring",
    "ring_destroyed": "the Ring was destroyed in the Crack of Doom",
    "military_victory": "the {side} {side:holds|hold} {vp} victory points",
}

WHY = {
    "attacked": mark("attacked"),
    "captured": mark("a Settlement taken"),
    "diplomacy": mark("diplomacy"),
    "counsel": mark("a Companion's counsel"),
    "fellowship_declared": mark("the Fellowship declared there"),
    "declared": mark("declared in a Free Peoples refuge"),
    "hunt": mark("the Hunt"),
    "tile": mark("a Hunt tile"),
    "idle_in_mordor": mark("idle in Mordor"),
    "guide_ability": mark("the Guide's ability"),
    "mordor": mark("on the Mordor Track"),
    "companion": mark("a Companion arrived"),
    "witch_king": mark("the Witch-king came"),
    "invaded": mark("an enemy Army entered it"),
    "no_longer_in_force": mark("its condition no longer holds"),
    "will_of_the_west": mark("with a Will of the West"),
    "elven_ring": mark("with an Elven Ring"),
    "nation_attacked": mark("a Free Peoples Nation attacked"),
    "as_an_action": mark("a die action"),
    "fellowship_found": mark("the Fellowship was found"),
    "shadow_of_moria": mark("the Balrog in Moria"),
    "gandalf": mark("by Gandalf, in the Balrog's region"),
    # said as their slugs read until now (the English stays as it was)
    "stronghold": mark("stronghold"),
    "character_die": mark("character die"),
    "companion_left": mark("companion left"),
}


def tile_name(tile: str) -> str:
    """A special tile's name, or a standard tile by its face ("Eye, Reveal", "2", "0, Reveal"),
    in the language being spoken."""
    info = TILES[tile]
    if info.name:
        return info.name if english() else ptr("hunt tile", info.name)
    face = ptr("hunt tile", "Eye") if info.value == "eye" else str(info.value)
    return tr("{face}, Reveal", face=face) if info.reveal else face


def _words(items: list[str]) -> str:
    """A list in words: English "A, B and C", another language by its CLDR pattern."""
    return join_words(items) if english() else listed(items)


def _why(value: str) -> str:
    if value in CARDS:
        return card_name(value)
    return tr(WHY[value]) if value in WHY else value.replace("_", " ")


def _deck(deck: str) -> str:
    """``Character deck`` or ``Strategy deck`` (names of :func:`.i18n.catalog_messages`)."""
    name = f"{deck.title()} deck"
    return name if english() else ptr("deck", name)


FORMATS = {
    "side": lambda v, lang: side_title(str(v)) if english() else side_name(str(v)),
    "nation": lambda v, lang: nation_in_sentence(str(v)),
    "region": lambda v, lang: region_words(str(v)) if v else tr("nowhere"),
    "character": lambda v, lang: character_name(str(v)),
    "face": lambda v, lang: face_name(str(v)),
    "faces": lambda v, lang: _words([face_name(str(f)) for f in v]) or tr("no dice"),
    "dice": lambda v, lang: " ".join(str(d) for d in v),
    "tile": lambda v, lang: tile_name(str(v)),
    "tiles": lambda v, lang: _words([tile_name(str(t)) for t in v]) or tr("no tile"),
    "card": lambda v, lang: card_name(str(v)),
    "cards": lambda v, lang: _words([card_name(str(c)) for c in v]),
    "deck": lambda v, lang: _deck(str(v)),
    "why": lambda v, lang: _why(str(v)),
    "flag": lambda v, lang: tr("yes") if v else tr("no"),
}


def _derived(kind: str, args: Mapping[str, Any]) -> dict[str, str]:
    """The words a template puts in besides its arguments' (English agreement stays English:
    another language's template has no use for ``{face_article}`` or ``{are_words}``)."""
    words: dict[str, str] = {}
    if "count" in args:
        words["count_cards"] = ntr("{count} card", "{count} cards", int(args["count"]))
        words["count_dice"] = ntr("{count} die", "{count} dice", int(args["count"]))
    if kind == "nation_advanced":
        steps = int(args["steps"])
        words["steps_words"] = (
            tr("now At War")
            if steps == 0
            else ntr("{count} step from At War", "{count} steps from At War", steps)
        )
    if kind == "hunt_rolled":
        words["bonus_words"] = f" (+{args['bonus']})" if args.get("bonus") else ""
        again = args.get("rerolls") or []
        rolled = " ".join(str(d) for d in again)
        words["reroll_words"] = tr(", re-rolls {dice}", dice=rolled) if again else ""
        words["successes_words"] = ntr("{count} success", "{count} successes", int(args["successes"]))
    if kind == "settlement_captured":
        free = args.get("side") == "free"
        verb = "retake" if args.get("recaptured") else "capture"
        words["take_words"] = agree(free, verb + "s", verb)
    if kind == "leaders_lost":
        count = int(args["count"])
        words["leader_words"] = figure_words(str(args["nation"]), "leader", count)
        words["are_words"] = agree(count, "is", "are")
    if "face" in args and english():
        words["face_article"] = article(face_name(str(args["face"])))
    if kind == "fellowship_moved":
        words["where"] = (
            tr(" on the Mordor Track")
            if args.get("mordor")
            else tr(" (Progress {progress})", progress=args.get("progress", 0))
        )
    return words


def _captured_sentence(args: Mapping[str, Any]) -> str:
    """``settlement_captured`` in another language: capturing and retaking are two messages."""
    side, region = side_name(str(args["side"])), region_words(str(args["region"]))
    if args.get("recaptured"):
        return tr("The {side} retakes {region}.", side=side, region=region)
    return tr("The {side} captures {region}.", side=side, region=region)


class WotrPresenter(Presenter):
    def text(self, kind: str, args: Mapping[str, Any], audience: str | None = None, lang: str = "en") -> str:
        with speaking(lang):
            sentence = SENTENCES.get(kind)
            if sentence is not None and not english():  # one whole message per case
                said = sentence(args)
                return said[:1].upper() + said[1:]
            extra = EXTRA.get(kind)
            more = extra(args) if extra is not None else {}
            return super().text(kind, {**args, **_derived(kind, args), **more}, audience, lang)


T = TypeVar("T")


def merged(*tables: Mapping[str, T]) -> dict[str, T]:
    """One table from several; a key defined in two of them is a mistake (one would hide the other)."""
    found: dict[str, T] = {}
    for table in tables:
        twice = sorted(found.keys() & table.keys())
        if twice:
            raise ValueError(f"defined twice: {', '.join(twice)}")
        found.update(table)
    return found


# Procedure modules keep their own event kinds and words in ``<module>_words.py`` (``KINDS``,
# ``EN`` and ``DERIVED``: kind -> function of the args giving extra words), merged here.
WORDS = (
    movement_words,
    battle_words,
    characters_words,
    companions_words,
    card_words_hunt,
    card_words_armies,
    muster_words,
    siege_engines_words,
    ents_words,
    dunlendings_words,
    tta_cards_words,
    corsairs_words,
    tta_characters_words,
)
KINDS = merged(TURN_KINDS, *(w.KINDS for w in WORDS))
EN = merged(TURN_EN, *(w.EN for w in WORDS))
EXTRA = merged(*(w.DERIVED for w in WORDS))
#: The kinds that another language says as one whole message per case, not as its template
#: with a phrase filled in (their catalog templates serve English's shape only).
SENTENCES: dict[str, Callable[[Mapping[str, Any]], str]] = merged(
    {"settlement_captured": _captured_sentence}, battle_words.SENTENCES, dunlendings_words.SENTENCES
)

#: The templates in every language: English above, the others from the ``war_of_the_ring`` catalog.
TEMPLATES = CatalogTables(DOMAIN, EN)
#: The Free Peoples are plural ("the Free Peoples draw"), the Shadow singular ("the Shadow draws");
#: so are the Elves, the Dwarves and the Southrons ("the Elves move", "the North moves").
PLURALS = {"side": lambda value: value == "free", "nation": lambda value: value in PLURAL_NATIONS}
PRESENTER = WotrPresenter(kinds=KINDS, templates=TEMPLATES, formats=FORMATS, plurals=PLURALS)
#: Steps the table need not see one by one.
QUIET = frozenset({"turn_started", "cards_drawn", "hunt_pool_refilled"})
RESULT_EVENTS = frozenset({"ring_corrupted", "ring_destroyed", "military_victory"})
