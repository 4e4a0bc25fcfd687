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
from games.core.words import counted, join_words

from .facts import KINDS, LEADERS, MT_CARDS, SIDES, SPACES
from .roles import title

#: ``kind -> (one, many)``: how a count of battalions of a kind is named.
UNIT_WORDS: dict[str, tuple[str, str]] = {
    "infantry": ("infantry battalion", "infantry battalions"),
    "archers": ("battalion of archers", "battalions of archers"),
    "cavalry": ("cavalry battalion", "cavalry battalions"),
    "cavalry_archers": ("battalion of mounted archers", "battalions of mounted archers"),
    "orcs": ("orc", "orcs"),
    "crossbows": ("crossbowman", "crossbowmen"),
    "wargs": ("warg rider", "warg riders"),
    "black_riders": ("Black Rider", "Black Riders"),
    "trolls": ("troll", "trolls"),
    "oliphaunts": ("oliphaunt", "oliphaunts"),
}
ORDER = {kind: i for i, kind in enumerate(k for side in SIDES for k in KINDS[side])}


#: Spaces named like places ("to Osgiliath"), not like things ("to the Southern Farmsteads").
PROPER_NAMES = frozenset({"minas_tirith", "osgiliath", "before_the_gate"})


def space_name(space: str) -> str:
    """A space mid-sentence: "the Causeway", "the Fields of the Pelennor", "Minas Tirith"."""
    name = SPACES[space].name
    if name.startswith("The "):
        return "the" + name[3:]
    return name if space in PROPER_NAMES else f"the {name}"


def units_words(units: Mapping[str, int]) -> str:
    parts = [
        counted(n, *UNIT_WORDS[kind]) for kind, n in sorted(units.items(), key=lambda kv: ORDER[kv[0]]) if n
    ]
    return join_words(parts) if parts else "no battalion"


def kind_words(kind: str) -> str:
    return UNIT_WORDS[kind][0]


def card_name(card: str) -> str:
    if card in MT_CARDS:
        name = MT_CARDS[card].name
        return "the" + name[3:] if name.startswith("The ") else name
    return "a reinforcement card"


def leader_name(leader: str) -> str:
    name = LEADERS[leader].name
    return "the" + name[3:] if name.startswith("The ") else name


def escort(leaders: list[str]) -> str:
    return f" with {join_words(leader_name(x) for x in leaders)}" if leaders else ""


def dice_words(dice: list[int]) -> str:
    return " ".join(str(d) for d in dice) if dice else "nothing"


def _possessive(role: str, lang: str) -> str:
    return f"{title(role)}'s"


FORMATS: dict[str, Any] = {
    "role": lambda v, lang: title(v),
    "owner": _possessive,
    "space": lambda v, lang: space_name(v),
    "units": lambda v, lang: units_words(v),
    "kind": lambda v, lang: kind_words(v),
    "card": lambda v, lang: card_name(v),
    "cards": lambda v, lang: join_words(card_name(c) for c in v),
    "leader": lambda v, lang: leader_name(v),
    "escort": lambda v, lang: escort(v),
    "dice": lambda v, lang: dice_words(v),
    "count": lambda v, lang: counted(len(v), "reinforcement card"),
    "figure": lambda v, lang: v,
}
PLURALS = {"units": lambda v: sum(v.values()) != 1, "dice": lambda v: len(v) != 1}

KINDS_OF_EVENTS: dict[str, dict[str, str]] = {
    "dice_rolled": {"role": "role", "round": "number", "dice": "dice"},
    "die_taken": {"role": "role", "pips": "number", "cards": "number"},
    "cards_drawn": {"role": "role", "cards": "count"},
    "deck_out": {"role": "role"},
    "leader_removed": {"leader": "leader", "space": "space", "why": "text"},
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
    "loaded": "{role} trades a card to put 1 {kind} on {holder}.",
    "set_traded": "{role} trades a set of three {figure} cards.",
    "special_battalion": "{role} places 1 {kind} in {space} (special trade).",
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
    templates={"en": TEMPLATES},
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
