"""The Confrontation's log events as data, and their words (English first).

``KINDS`` lists every event kind (and every result reason) with its parameters and their
types; ``TEMPLATES`` has the English sentence of each kind, and the ``confrontation`` catalog
its translations (the kind is the message context). A character that an audience
may not know is never an argument of its projection: the public gets a ``hidden_...`` kind
naming only its side. Result reasons are kinds too (they read as the end of a sentence).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.core import Presenter
from games.core.i18n import CatalogTables, join

from .data import CHARS
from .words import card_name, char_label, char_name, region_word, side_name, special_name, t

#: Parameter types: ``character``, ``characters`` (a list), ``region``, ``card`` (combat),
#: ``special``, ``side`` ("the Fellowship" / "Sauron"), ``hidden`` (a side's unnamed character),
#: ``route`` (how a move went), ``strength`` (a list of numbers added up), ``bearer`` (Frodo or
#: Sam, whichever variant), ``event`` (a nested reason).
KINDS: dict[str, dict[str, str]] = {
    # set-up
    "drafted": {"side": "side"},
    "own_draft_done": {},
    "specials_chosen": {"side": "side"},
    "own_specials_kept": {"specials": "specials"},
    "ready": {"side": "side"},
    "own_setup_confirmed": {},
    "setup_done": {},
    # moves and turns
    "moved": {"char": "character", "from": "region", "to": "region", "route": "route"},
    "hidden_moved": {"side": "hidden", "from": "region", "to": "region", "route": "route"},
    "king_must_move": {"char": "character"},
    "balrog_ambush": {"char": "character"},
    "no_ambush": {},
    "no_legal_move": {"side": "side"},
    "won": {"side": "side", "reason": "event"},
    "sam_takes_ring": {},
    "bearer_in_mordor": {"bearer": "bearer"},
    # battles
    "battle": {"region": "region", "attacker": "character", "defender": "character"},
    "defeated": {"char": "character"},
    "retreated": {"char": "character", "to": "region"},
    "warg_strips": {"char": "character"},
    "boromir_sacrifice": {},
    "slays": {"char": "character", "foe": "character"},
    "orcs_overwhelm": {"char": "character"},
    "saruman_overcomes": {"char": "character"},
    "card_chosen": {"side": "side"},
    "own_card_chosen": {"card": "card"},
    "card_shown": {"side": "side", "card": "card"},
    "cards_shown": {"fellowship": "card", "sauron": "card"},
    "magic_void": {},
    "magic_empty": {"side": "side"},
    "magic_becomes": {"side": "side", "card": "card"},
    "troll_card_void": {},
    "card_void_against": {"card": "card", "char": "character"},
    "eye_cancels": {"card": "card"},
    "cannot_retreat": {"char": "character"},
    "sacrifice_void": {},
    "sacrifice": {},
    "strength": {
        "fellowship": "character",
        "fellowship_strength": "strength",
        "sauron": "character",
        "sauron_strength": "strength",
    },
    "cards_back": {"side": "side"},
    "shelob_returns": {},
    "shelob_lost": {},
    "gwaihir": {},
    "sam_with_frodo": {"char": "character"},
    "sam_steps_in": {"char": "character"},
    "smeagol_swaps": {"char": "character"},
    "aragorn_no_cards": {},
    "gandalf_helps": {},
    "saruman_no_cards": {},
    "saruman_forces": {"card": "card"},
    "mouth_exchanges": {"card": "card"},
    "wormtongue_escapes": {"to": "region"},
    # special cards
    "special_move": {"side": "side", "special": "special", "char": "character", "from": "region"},
    "hidden_special_move": {"side": "side", "special": "special", "piece": "hidden", "from": "region"},
    "own_special_move": {"special": "special", "char": "character", "from": "region"},
    "gandalf_returns": {"special": "special"},
    "king_revealed": {"special": "special", "region": "region", "char": "character"},
    # In a Draft both sides of a tile may be named: "Orcs (Deluxe)".
    "king_revealed_in_draft": {"special": "special", "region": "region", "char": "named"},
    "palantir": {"region": "region", "chars": "characters"},
    "recall": {"special": "special", "char": "character", "from": "region"},
    "hidden_recall": {"special": "special", "piece": "hidden", "from": "region"},
    "own_recall": {"special": "special", "char": "character", "from": "region"},
    "crebain": {"special": "special", "char": "character", "region": "region"},
    "nothing_left": {},
    "no_normal_move": {},
    # result reasons
    "ring_in_mordor": {"char": "character"},
    "bearer_carried_ring": {"bearer": "bearer"},
    "bearer_defeated": {"bearer": "bearer"},
    "witch_king_in_shire": {},
    "shire_held": {},
    "had_no_legal_move": {"side": "side"},
}

#: Result reasons among the kinds (the end of "X wins: ...").
REASONS = frozenset(
    {
        "ring_in_mordor",
        "bearer_carried_ring",
        "bearer_defeated",
        "witch_king_in_shire",
        "shire_held",
        "had_no_legal_move",
    }
)

TEMPLATES: dict[str, dict[str, str]] = {
    "en": {
        "drafted": "{side:cap} has drafted its characters.",
        "own_draft_done": "Your draft is complete.",
        "specials_chosen": "{side:cap} has chosen its special cards.",
        "own_specials_kept": "You keep {specials}.",
        "ready": "{side:cap} is ready.",
        "own_setup_confirmed": "Your setup is confirmed.",
        "setup_done": "Both sides have set up. Sauron moves first.",
        "moved": "{char} {char:moves|move} from {from} to {to}{route}.",
        "hidden_moved": "{side:cap} moves from {from} to {to}{route}.",
        "king_must_move": "A King Revealed: {char} must move.",
        "balrog_ambush": "The Balrog rises in the Tunnel of Moria and destroys {char}!",
        "no_ambush": "Nothing stirs in the Tunnel of Moria.",
        "no_legal_move": "{side:cap} has no legal move.",
        "won": "{side:cap} wins: {reason}.",
        "sam_takes_ring": "Frodo has fallen, but Sam takes up the Ring and becomes the Ring-bearer.",
        "bearer_in_mordor": "{bearer}, the Ring-bearer, stands in Mordor.",
        "battle": "Battle in {region}: {attacker} {attacker:attacks|attack} {defender}.",
        "defeated": "{char} {char:is|are} defeated.",
        "retreated": "{char} {char:retreats|retreat} to {to}.",
        "warg_strips": "The Warg strips {char} of his ability.",
        "boromir_sacrifice": "Boromir sells his life dearly: both fighters fall.",
        "slays": "{char} slays {foe} at once.",
        "orcs_overwhelm": "The Orcs overwhelm {char}.",
        "saruman_overcomes": "Saruman overcomes {char} at once.",
        "card_chosen": "{side:cap} has chosen a card.",
        "own_card_chosen": "You chose {card}.",
        "card_shown": "{side:cap} plays {card}.",
        "cards_shown": "The Fellowship plays {fellowship}; Sauron plays {sauron}.",
        "magic_void": "Sauron's Magic has no effect in this battle.",
        "magic_empty": "{side:cap}'s Magic finds no discarded card and counts 0.",
        "magic_becomes": "{side:cap}'s Magic becomes {card}.",
        "troll_card_void": "The Cave Troll's card has no effect.",
        "card_void_against": "{card} has no effect against {char}.",
        "eye_cancels": "The Eye of Sauron cancels {card}.",
        "cannot_retreat": "{char} {char:finds|find} no way to retreat and {char:fights|fight} on.",
        "sacrifice_void": "Noble Sacrifice has no effect: Sauron's character has retreated.",
        "sacrifice": "Noble Sacrifice: both fighters fall.",
        "strength": "Strength: {fellowship} {fellowship_strength} against {sauron} {sauron_strength}.",
        "cards_back": "{side:cap} takes all nine combat cards back into hand.",
        "shelob_returns": "Shelob returns to Gondor.",
        "shelob_lost": "Shelob cannot return to Gondor and is defeated.",
        "gwaihir": "The Fellowship plays Gwaihir the Windlord.",
        "sam_with_frodo": "Sam stands with {char}: his strength is 5.",
        "sam_steps_in": "Sam steps in to fight in {char}'s place: his strength is 5.",
        "smeagol_swaps": "Sméagol slips away; {char} fights in his place.",
        "aragorn_no_cards": "Aragorn declares that no cards will be played.",
        "gandalf_helps": "Gandalf lends his strength: +1 to the Fellowship.",
        "saruman_no_cards": "Saruman declares that no cards will be played.",
        "saruman_forces": "Saruman forces the Fellowship to take back {card} and play another card.",
        "mouth_exchanges": "The Mouth of Sauron exchanges {card} for the 4.",
        "wormtongue_escapes": "Wormtongue escapes to {to}.",
        "special_move": "{side:cap} plays {special}: {char} in {from} {char:moves|move} ahead.",
        "hidden_special_move": "{side:cap} plays {special}: {piece} in {from} moves ahead.",
        "own_special_move": "You play {special}: {char} {char:moves|move} ahead from {from}.",
        "gandalf_returns": "The Fellowship plays {special}: Gandalf returns in Fangorn.",
        "king_revealed": "The Fellowship plays {special}: Aragorn is revealed in {region} and names {char}.",
        "king_revealed_in_draft": (
            "The Fellowship plays {special}: Aragorn is revealed in {region} and names {char}."
        ),
        "palantir": "Sauron plays the Palantír on {region}: {chars}.",
        "recall": "Sauron plays {special}: {char} {char:returns|return} from {from} to Mordor.",
        "hidden_recall": "Sauron plays {special}: {piece} returns from {from} to Mordor.",
        "own_recall": "You play {special}: {char} {char:returns|return} from {from} to Mordor.",
        "crebain": "Sauron plays {special}: the crows spy {char} in {region}.",
        "nothing_left": "Sauron has nothing left to do this turn; the turn ends.",
        "no_normal_move": "No normal move is possible after the special card; the turn ends.",
        "ring_in_mordor": "{char} carried the Ring into Mordor",
        "bearer_carried_ring": "{bearer} carried the Ring into Mordor",
        "bearer_defeated": "{bearer}, the Ring-bearer, was defeated",
        "witch_king_in_shire": "the Witch-king entered the Shire",
        "shire_held": "three Sauron characters hold the Shire",
        "had_no_legal_move": "{side} had no legal move",
    }
}


def _side(value: Any, lang: str) -> str:
    return side_name(value, lang)


def _hidden(value: Any, lang: str) -> str:
    if value == "fellowship":
        return t(lang, "a Fellowship character")
    return t(lang, "a Sauron character")


def _route(value: Any, lang: str) -> str:
    """How a move went, as the end of its sentence ("" for a plain step)."""
    # i18n: the end of "Frodo moves from Eregion to Fangorn", with its leading space
    return t(lang, " through the Tunnel of Moria") if value == "tunnel" else ""


def _card(value: Any, lang: str) -> str:
    """A combat card (either side's: the log names a card without its side)."""
    return card_name(None, value, lang)


def _strength(parts: Sequence[int], lang: str) -> str:
    """``'5+2 = 7'`` (or just ``'5'`` when nothing is added).

    >>> _strength([5, 2], "en"), _strength([4, 0], "en"), _strength([-1, 3, 1], "en")
    ('5+2 = 7', '4', '-1+3+1 = 3')
    """
    shown = [parts[0], *[p for p in parts[1:] if p]]
    if len(shown) == 1:
        return str(shown[0])
    return "+".join(str(p) for p in shown) + f" = {sum(shown)}"


def _bearer(value: Any, lang: str) -> str:
    return char_name("sam" if str(value).startswith("sam") else "frodo", lang)


PRESENTER = Presenter(
    kinds=KINDS,
    templates=CatalogTables("confrontation", TEMPLATES["en"]),
    formats={
        "character": lambda value, lang: char_name(value, lang),
        # A character named from a list where both sides of a tile appear (A King Revealed).
        "named": lambda value, lang: char_label(value, lang),
        "characters": lambda value, lang: join(lang, [char_name(c, lang) for c in value]),
        "region": lambda value, lang: region_word(value, lang),
        "card": _card,
        "special": lambda value, lang: special_name(value, lang),
        "specials": lambda value, lang: join(lang, [special_name(c, lang) for c in value]),
        "side": _side,
        "hidden": _hidden,
        "route": _route,
        "strength": _strength,
        "bearer": _bearer,
    },
    plurals={"character": lambda value: CHARS[value].plural},
)
