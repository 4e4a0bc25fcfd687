"""Event kinds of Minas Tirith and their English templates (every card is face up: no event has a
private projection).

>>> PRESENTER.text("advanced", {"role": "evil", "from": "causeway", "to": "causeway_forts",
...     "units": {"orcs": 3}, "leaders": []})
"Mordor's 3 orcs advance from the Causeway to the Causeway Forts."
>>> PRESENTER.text("advanced", {"role": "good", "from": "pelennor", "to": "road_fort",
...     "units": {"cavalry": 1}, "leaders": ["faramir"]})
"Gondor's 1 cavalry battalion advances from the Fields of the Pelennor to the Fort of the Road with Faramir."
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core import Presenter
from games.core.i18n import CatalogTables, join

from .leaders import ALONE, DOUBLED
from .words import (
    UNIT_COUNTS,
    card_word,
    figure_word,
    leader_word,
    reinforcement_cards,
    side_possessive,
    side_title,
    space_word,
    t,
    units_text,
)


def space_name(space: str, lang: str = "en") -> str:
    """A space mid-sentence: "the Causeway", "the Fields of the Pelennor", "Minas Tirith"."""
    return space_word(space, lang)


def units_words(units: Mapping[str, int], lang: str = "en") -> str:
    return units_text(units, lang)


def kind_words(kind: str, lang: str = "en") -> str:
    """One battalion of a kind, without its count ("cavalry battalion")."""
    return units_text({kind: 1}, lang).removeprefix("1 ") if lang == "en" else UNIT_COUNTS[kind](lang, 1)


def card_name(card: str, lang: str = "en") -> str:
    return card_word(card, lang)


def leader_name(leader: str, lang: str = "en") -> str:
    return leader_word(leader, lang)


def escort(leaders: list[str], lang: str = "en") -> str:
    if not leaders:
        return ""
    return t(lang, " with {leaders}", leaders=join(lang, [leader_word(x, lang) for x in leaders]))


def dice_words(dice: list[int], lang: str = "en") -> str:
    return " ".join(str(d) for d in dice) if dice else t(lang, "nothing")


def why_words(why: str, lang: str) -> str:
    """Why a leader left the board (the event keeps the English reason)."""
    if why == ALONE:
        return t(lang, "no battalion of his side stands with him")
    if why == DOUBLED:
        return t(lang, "another leader of his colour stands there")
    return why


FORMATS: dict[str, Any] = {
    "role": lambda v, lang: side_title(v, lang),
    "owner": lambda v, lang: side_possessive(v, lang),
    "space": lambda v, lang: space_word(v, lang),
    "units": lambda v, lang: units_text(v, lang),
    "kind": lambda v, lang: units_text({v: 1}, lang),
    "card": lambda v, lang: card_word(v, lang),
    "cards": lambda v, lang: join(lang, [card_word(c, lang) for c in v]),
    "leader": lambda v, lang: leader_word(v, lang),
    "escort": escort,
    "dice": dice_words,
    "count": lambda v, lang: reinforcement_cards(len(v), lang),
    "figure": lambda v, lang: figure_word(v, lang),
    "why": why_words,
}
PLURALS = {"units": lambda v: sum(v.values()) != 1, "dice": lambda v: len(v) != 1}

KINDS_OF_EVENTS: dict[str, dict[str, str]] = {
    "dice_rolled": {"role": "role", "round": "number", "dice": "dice"},
    "die_taken": {"role": "role", "pips": "number", "cards": "number"},
    "cards_drawn": {"role": "role", "cards": "count"},
    "deck_out": {"role": "role"},
    "leader_removed": {"leader": "leader", "space": "space", "why": "why"},
    "leader_captured": {"leader": "leader", "space": "space", "by": "role"},
    "won": {"role": "role", "reason": "text", "good": "number", "evil": "number"},
    "discarded": {"role": "role", "card": "card"},
    "loaded": {"role": "role", "holder": "card", "kind": "kind", "card": "card"},
    "set_traded": {"role": "role", "figure": "figure", "cards": "count"},
    "special_battalion": {"role": "role", "kind": "kind", "space": "space"},
    "mt_kept": {"role": "role", "card": "card", "how": "text"},
    "mt_put_aside": {"role": "role", "card": "card"},
    "mt_deck_empty": {"role": "role"},
    "mt_two_drawn": {"role": "role", "cards": "cards"},
    "entered": {"role": "owner", "card": "card", "space": "space", "units": "units"},
    "reinforced": {"role": "role", "card": "card", "space": "space", "units": "units"},
    "advanced": {"role": "owner", "from": "space", "to": "space", "units": "units", "leaders": "escort"},
    "rode": {"role": "owner", "from": "space", "to": "space", "units": "units", "leaders": "escort"},
    "leader_moved": {"role": "role", "leader": "leader", "from": "space", "to": "space"},
    "attacked": {"role": "role", "from": "space", "to": "space", "attack": "dice", "defence": "dice"},
    "battle": {
        "role": "role",
        "from": "space",
        "to": "space",
        "attack": "dice",
        "defence": "dice",
        "attacker_lost": "number",
        "defender_lost": "number",
    },
    "losses": {"role": "owner", "space": "space", "units": "units", "by": "role"},
    "retreated": {"role": "owner", "from": "space", "to": "space", "steps": "number"},
    "retreat_blocked": {"role": "owner", "space": "space", "sixes": "number"},
    "card_played": {"role": "role", "card": "card"},
    "rerolled": {"role": "role", "card": "card", "dice": "dice"},
    "shot": {
        "role": "owner",
        "from": "space",
        "to": "space",
        "dice": "dice",
        "hits": "number",
        "catapult": "text",
    },
    "bombarded": {"role": "owner", "from": "space", "to": "space", "dice": "dice", "hits": "number"},
    "rammed": {"role": "role", "dice": "dice", "blows": "number", "total": "number"},
    "gate_broken": {"role": "role"},
    "exchanged": {"role": "role", "space": "space", "orcs": "number"},
    "turn_ended": {"role": "role", "points": "number"},
}

TEMPLATES = {
    "dice_rolled": "Round {round}: {role} rolls the action dice: {dice}.",
    "die_taken": (
        "{role} takes the {pips}: {pips} action {pips:point|points} and {cards} {cards:card|cards} to draw."
    ),
    "cards_drawn": "{role} draws {cards}.",
    "deck_out": "The last reinforcement card is drawn: the game ends on points.",
    "leader_removed": "{leader:cap} leaves the board from {space}, not captured: {why}.",
    "leader_captured": "{leader:cap} is captured in {space} by {by}.",
    "won": "{role} wins.",
    "discarded": "{role} discards a card down to the hand limit.",
    "loaded": "{role} trades a card to put {kind} on {holder}.",
    "set_traded": "{role} trades a set of three {figure} cards.",
    "special_battalion": "{role} places {kind} in {space} (special trade).",
    "mt_kept": "{role} takes {card}.",
    "mt_put_aside": "{card:cap} is put aside.",
    "mt_deck_empty": "The Minas Tirith deck is empty: {role} draws nothing.",
    "mt_two_drawn": "{role} draws {cards} (special trade).",
    "entered": "{card:cap} enter {space}: {role} {units}.",  # (every holder card names a host)
    "reinforced": "{role} plays {card}: {units} in {space}.",
    "advanced": "{role} {units} {units:advances|advance} from {from} to {to}{leaders}.",
    "rode": "{role} {units} {units:rides|ride} from {from} to {to}{leaders}.",
    "leader_moved": "{leader:cap} moves alone from {from} to {to}.",
    "attacked": "{role} attacks {to} from {from}: {attack} against {defence}.",
    "battle": "The battle for {to}: the attacker loses {attacker_lost}, the defender {defender_lost}.",
    "losses": "{role} {units} {units:falls|fall} in {space}.",
    "retreated": "{role} army retreats from {from} to {to}.",
    "retreat_blocked": "{role} army cannot retreat from {space} and loses {sixes} more.",
    "card_played": "{role} plays {card}.",
    "rerolled": "{role} plays {card} and rolls again: {dice}.",
    "shot": "{role} shooters in {from} fire at {to}: {dice}, {hits} {hits:hit|hits}.",
    "bombarded": "{role} catapults fire from {from} at {to}: {dice}, {hits} {hits:hit|hits}.",
    "rammed": "Grond strikes the gate: {dice}, {blows} {blows:blow|blows} ({total} of 3).",
    "gate_broken": "The Great Gate is broken!",
    "exchanged": "{role} turns an oliphaunt in {space} into {orcs} {orcs:orc|orcs}.",
    "turn_ended": "{role} ends the turn.",
    # result reasons
    "leaders": "Gondor captured a second leader of Mordor",
    "city": "Mordor's battalions entered Minas Tirith",
    "points": "the reinforcement deck ran out: Gondor {good}, Mordor {evil} points",
}
RESULT_KINDS = {
    "leaders": {"role": "role"},
    "city": {"role": "role"},
    "points": {"role": "role", "good": "number", "evil": "number"},
}

PRESENTER = Presenter(
    kinds={**KINDS_OF_EVENTS, **RESULT_KINDS},
    templates=CatalogTables("minas_tirith", TEMPLATES),
    formats=FORMATS,
    plurals=PLURALS,
)

#: Steps with no news worth a post of their own.
QUIET = frozenset({"turn_ended"})
BOARDLESS = frozenset(
    {
        "dice_rolled",
        "die_taken",
        "cards_drawn",
        "set_traded",
        "mt_kept",
        "mt_put_aside",
        "discarded",
        "loaded",
        "mt_two_drawn",
        "mt_deck_empty",
        "card_played",
        "rerolled",
        "turn_ended",
    }
)
RESULT_EVENTS = frozenset({"won"})
