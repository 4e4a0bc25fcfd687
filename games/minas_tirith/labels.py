"""Labels of actions and their arguments as the acting player sees them (menus, autocomplete):
names, never slugs; at most 100 characters; in the reader's language (``lang``)."""

from __future__ import annotations

from collections.abc import Callable

from games.core import Action, State
from games.core.i18n import SOURCE, join
from games.core.words import with_article

from . import forces
from .facts import LEADERS, MT_CARDS, SPACES, UNITS
from .trading import card_type
from .words import (
    card_label,
    card_word,
    leader_label,
    leader_word,
    nt,
    pt,
    space_label,
    space_word,
    t,
    units_text,
)

MAX_LABEL = 100
SWORDS = {"silver": "silver sword", "black": "black sword"}
#: A reinforcement card's type as the labels name it (``infantry-silver``; message context
#: "card type", written out in each call for the extractor).
CARD_TYPES: dict[str, Callable[[str], str]] = {
    "infantry": lambda lang: pt(lang, "card type", "infantry card"),
    "infantry-silver": lambda lang: pt(lang, "card type", "infantry card with a silver sword"),
    "infantry-black": lambda lang: pt(lang, "card type", "infantry card with a black sword"),
    "cavalry": lambda lang: pt(lang, "card type", "cavalry card"),
    "cavalry-silver": lambda lang: pt(lang, "card type", "cavalry card with a silver sword"),
    "cavalry-black": lambda lang: pt(lang, "card type", "cavalry card with a black sword"),
    "creature": lambda lang: pt(lang, "card type", "creature card"),
    "creature-silver": lambda lang: pt(lang, "card type", "creature card with a silver sword"),
    "creature-black": lambda lang: pt(lang, "card type", "creature card with a black sword"),
    "wild": lambda lang: pt(lang, "card type", "wild card"),
}
#: A kind of battalion named alone ("Cavalry battalion"), as a menu offers it.
BATTALIONS: dict[str, Callable[[str], str]] = {
    "infantry": lambda lang: pt(lang, "battalion kind", "Infantry battalion"),
    "archers": lambda lang: pt(lang, "battalion kind", "Battalion of archers"),
    "cavalry": lambda lang: pt(lang, "battalion kind", "Cavalry battalion"),
    "cavalry_archers": lambda lang: pt(lang, "battalion kind", "Battalion of mounted archers"),
    "orcs": lambda lang: pt(lang, "battalion kind", "Orc"),
    "crossbows": lambda lang: pt(lang, "battalion kind", "Crossbowman"),
    "wargs": lambda lang: pt(lang, "battalion kind", "Warg rider"),
    "black_riders": lambda lang: pt(lang, "battalion kind", "Black Rider"),
    "trolls": lambda lang: pt(lang, "battalion kind", "Troll"),
    "oliphaunts": lambda lang: pt(lang, "battalion kind", "Oliphaunt"),
}
#: A set of three cards of one figure, traded.
TRADE_SETS: dict[str, Callable[[str, str], str]] = {
    "infantry": lambda lang, cards: t(lang, "Trade an infantry set: {cards}", cards=cards),
    "cavalry": lambda lang, cards: t(lang, "Trade a cavalry set: {cards}", cards=cards),
    "creature": lambda lang, cards: t(lang, "Trade a creature set: {cards}", cards=cards),
}
TRADE_GROUPS: dict[str, Callable[[str], str]] = {
    "infantry": lambda lang: t(lang, "Trade an infantry set…"),
    "cavalry": lambda lang: t(lang, "Trade a cavalry set…"),
    "creature": lambda lang: t(lang, "Trade a creature set…"),
}


def _clip(text: str) -> str:
    return text if len(text) <= MAX_LABEL else text[: MAX_LABEL - 1] + "…"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def card_type_words(slug: str, lang: str = SOURCE) -> str:
    """``infantry-silver`` -> "infantry card with a silver sword"; ``wild`` -> "wild card"."""
    return CARD_TYPES[slug](lang)


def _a_card_type(slug: str, lang: str) -> str:
    """A card type after "discard", "for": with its article in English ("an infantry card")."""
    return with_article(card_type_words(slug)) if lang == SOURCE else card_type_words(slug, lang)


def _short_types(slugs: tuple[str, ...], lang: str) -> str:
    """A set's three cards in one label: ``infantry (silver sword)`` in English (a bare "black"
    would read as a black figure), the card types' names in the other languages."""
    if lang != SOURCE:
        return join(lang, [card_type_words(s, lang) for s in slugs])
    shown = []
    for slug in slugs:
        figure, _, sword = slug.partition("-")
        shown.append(f"{figure} ({SWORDS[sword]})" if sword else figure)
    return ", ".join(shown)


def _one(kind: str, lang: str) -> str:
    """One battalion of a kind, counted ("1 cavalry battalion")."""
    return units_text({kind: 1}, lang)


def describe(state: State, role: str, action: Action, lang: str = SOURCE) -> str:
    return _clip(_cap(_describe(state, role, action, lang)))


def _describe(state: State, role: str, action: Action, lang: str) -> str:
    verb, args = action.verb, action.args
    if verb == "die":
        pips = int(args[0])
        return t(
            lang,
            "Take the {pips}: {points}, draw {cards}",
            pips=pips,
            points=nt(lang, "{count} action point", "{count} action points", pips),
            cards=nt(lang, "{count} card", "{count} cards", 6 - pips),
        )
    if verb == "trade":
        return TRADE_SETS[args[0]](lang, _short_types(args[1:], lang))
    if verb == "load":
        return t(
            lang,
            "Load {unit} on {card} for {paid}",
            unit=_one(args[1], lang),
            card=card_word(args[0], lang),
            paid=_a_card_type(args[2], lang),
        )
    if verb == "discard":
        return t(lang, "Discard {card}", card=_a_card_type(args[0], lang))
    if verb == "done":
        return t(lang, "Done trading: go on to your actions")
    if verb == "reward":
        if args[0] == "draw" and not state["decks"]["mt"]:
            return t(lang, "No card (the Minas Tirith deck is empty): keep your special trade for later")
        return _reward(args, lang)
    if verb == "keep":
        return t(lang, "Keep {card}", card=card_word(args[0], lang))
    if verb == "advance":
        return t(
            lang,
            "Advance from {start} to {to}",
            start=space_word(args[0], lang),
            to=space_word(args[1], lang),
        )
    if verb == "ride":
        return t(
            lang,
            "Ride cavalry from {start} to {to}",
            start=space_word(args[0], lang),
            to=space_word(args[1], lang),
        )
    if verb == "leader":
        return t(
            lang,
            "Move {leader} alone to {space}",
            leader=leader_word(args[0], lang),
            space=space_word(args[1], lang),
        )
    if verb == "send":
        return t(lang, "Send {units}", units=units_text({args[0]: int(args[1])}, lang))
    if verb == "lead":
        return t(lang, "Take {leader} along", leader=leader_word(args[0], lang))
    if verb == "go":
        return t(lang, "Go (1 action point)")
    if verb == "cancel":
        return t(lang, "Cancel this advance")
    if verb == "attack":
        return t(
            lang,
            "Attack {to} from {start}: {battalions} against {held}",
            to=space_word(args[1], lang),
            start=space_word(args[0], lang),
            battalions=nt(lang, "{count} battalion", "{count} battalions", int(args[2])),
            held=forces.count_at(state, args[1]),
        )
    if verb == "shoot":
        return t(
            lang,
            "Shoot from {start} at {to} with {dice}",
            start=space_word(args[0], lang),
            to=space_word(args[1], lang),
            dice=nt(lang, "{count} die", "{count} dice", int(args[2])),
        )
    if verb == "enter":
        return t(
            lang, "Bring in {card} at {space}", card=card_word(args[0], lang), space=space_word(args[1], lang)
        )
    if verb == "exchange":
        return t(lang, "Exchange an oliphaunt in {space} for orcs", space=space_word(args[0], lang))
    if verb == "ram":
        return t(lang, "Ram the gate with Grond")
    if verb == "play":
        return _play(args, lang)
    if verb == "end":
        points = state["turn"]["points"]
        if points:
            return nt(
                lang, "End your turn ({count} point unused)", "End your turn ({count} points unused)", points
            )
        return t(lang, "End your turn")
    if verb == "lose":
        return t(lang, "Lose {unit}", unit=_one(args[0], lang))
    if verb == "react":
        if args[0] == "white_rider":
            return t(lang, "Play the White Rider: no retreat for Gondor")
        if args[1] == "all":
            return t(lang, "Play {card}: re-roll all your dice", card=card_word(args[0], lang))
        return t(
            lang,
            "Play {card}: re-roll your {dice}",
            card=card_word(args[0], lang),
            dice=_dice_named(state, role, args[1], lang),
        )
    if verb == "decline":
        return t(lang, "Decline")
    return action.text


def _dice_named(state: State, role: str, which: str, lang: str) -> str:
    """Dice positions of a re-roll (``2-3``: the second and third highest) by their pips."""
    frame = state["stack"][-1]
    dice = frame["att"] if role == frame["attacker"] else frame["def"]
    return join(lang, [str(dice[int(i) - 1]) for i in which.split("-")])


def _reward(args: tuple[str, ...], lang: str) -> str:
    if args[0] == "draw":
        return t(lang, "Draw the top Minas Tirith card")
    if args[0] == "two":
        return t(lang, "Special: draw two Minas Tirith cards, keep one")
    if args[0] == "pick":
        return t(lang, "Special: take back {card}", card=card_word(args[1], lang))
    return t(
        lang, "Special: place {unit} in {space}", unit=_one(args[1], lang), space=space_word(args[2], lang)
    )


def _play(args: tuple[str, ...], lang: str) -> str:
    card = args[0]
    if card == "forced_march":
        return t(lang, "Play Forced March: +2 action points")
    if card == "catapults_of_mordor":
        return t(
            lang,
            "Catapults of Mordor: from {start} at {to}",
            start=space_word(args[1], lang),
            to=space_word(args[2], lang),
        )
    if card == "black_breath":
        return t(lang, "The Black Breath on {space}", space=space_word(args[1], lang))
    return t(lang, "Play {card} in {space}", card=card_word(card, lang), space=space_word(args[1], lang))


def describe_arg(state: State, role: str, verb: str, index: int, value: str, lang: str = SOURCE) -> str:
    if value in SPACES:
        return space_label(value, lang)
    if value in LEADERS:
        return leader_label(value, lang)
    if value in MT_CARDS:
        return card_label(value, lang)
    if value in UNITS:
        return BATTALIONS[value](lang)
    if verb == "reward" and index == 0 and value in REWARD_WORDS:
        return REWARD_WORDS[value](lang)
    if verb == "react" and value == "all":
        return t(lang, "all")
    if verb in ("trade", "load", "discard") and value in CARD_TYPES:
        return _cap(card_type_words(value, lang))
    return value.replace("_", " ").replace("-", " ")


def hand_lines(state: State, role: str, lang: str = SOURCE) -> tuple[str, ...]:
    """``role``'s cards in words, in ``lang``: each reinforcement card by figure and sword, each
    Minas Tirith card with what it holds (shown under his private prompts; none: nothing shown)."""
    lines = [_cap(card_type_words(card_type(c), lang)) for c in state["hands"][role]]
    for entry in state["mt"][role]:
        held = entry["holds"]
        name = _cap(card_word(entry["id"], lang))
        if sum(held.values()):
            lines.append(t(lang, "{card} ({battalions} on it)", card=name, battalions=units_text(held, lang)))
        else:
            lines.append(name)
    return tuple(lines)


#: The first step of the actions of a verb, by the verb.
GROUPS: dict[str, Callable[[str, str], str]] = {
    "advance": lambda lang, first: t(lang, "Advance from {space}…", space=space_word(first, lang)),
    "ride": lambda lang, first: t(lang, "Ride from {space}…", space=space_word(first, lang)),
    "attack": lambda lang, first: t(lang, "Attack from {space}…", space=space_word(first, lang)),
    "shoot": lambda lang, first: t(lang, "Shoot from {space}…", space=space_word(first, lang)),
    "leader": lambda lang, first: t(lang, "Move {leader} alone…", leader=leader_word(first, lang)),
    "enter": lambda lang, first: t(lang, "Bring in {card}…", card=card_word(first, lang)),
    "play": lambda lang, first: t(lang, "Play {card}…", card=card_word(first, lang)),
    "load": lambda lang, first: t(lang, "Load {card}…", card=card_word(first, lang)),
}
#: The other verbs with arguments, naming their first one.
OTHER_GROUPS: dict[str, Callable[[str, str], str]] = {
    "die": lambda lang, what: t(lang, "Die {what}…", what=what),
    "discard": lambda lang, what: t(lang, "Discard {what}…", what=what),
    "reward": lambda lang, what: t(lang, "Reward {what}…", what=what),
    "keep": lambda lang, what: t(lang, "Keep {what}…", what=what),
    "send": lambda lang, what: t(lang, "Send {what}…", what=what),
    "lead": lambda lang, what: t(lang, "Lead {what}…", what=what),
    "lose": lambda lang, what: t(lang, "Lose {what}…", what=what),
    "react": lambda lang, what: t(lang, "React {what}…", what=what),
    "exchange": lambda lang, what: t(lang, "Exchange {what}…", what=what),
}
#: The first arguments that are words, not names (``reward draw``).
REWARD_WORDS: dict[str, Callable[[str], str]] = {
    "draw": lambda lang: t(lang, "draw"),
    "two": lambda lang: t(lang, "two"),
    "pick": lambda lang: t(lang, "pick"),
    "battalion": lambda lang: t(lang, "battalion"),
}


def describe_group(state: State, role: str, verb: str, first: str, lang: str = SOURCE) -> str:
    """A first step's label for the actions of ``verb`` starting with ``first``."""
    grouped = GROUPS.get(verb)
    if grouped is not None and (first in SPACES or first in LEADERS or first in MT_CARDS):
        return _clip(grouped(lang, first))
    if verb == "trade" and first in TRADE_GROUPS:
        return _clip(TRADE_GROUPS[first](lang))
    what = describe_arg(state, role, verb, 0, first, lang)
    other = OTHER_GROUPS.get(verb)
    if other is not None:
        return _clip(other(lang, what))
    return _clip(f"{_cap(verb)} {what}…")
