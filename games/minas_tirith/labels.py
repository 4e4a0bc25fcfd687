"""Labels of actions and their arguments as the acting player sees them (menus, autocomplete):
names, never slugs; at most 100 characters."""

from __future__ import annotations

from games.core import Action, State
from games.core.words import counted, join_words, with_article

from . import forces
from .events import card_name, kind_words, leader_name, space_name, units_words
from .facts import LEADERS, MT_CARDS, SPACES, UNITS
from .trading import card_type, figure_of

MAX_LABEL = 100
SWORDS = {"silver": "silver sword", "black": "black sword"}


def _clip(text: str) -> str:
    return text if len(text) <= MAX_LABEL else text[: MAX_LABEL - 1] + "…"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def card_type_words(slug: str) -> str:
    """``infantry-silver`` -> "infantry card with a silver sword"; ``wild`` -> "wild card"."""
    if slug == "wild":
        return "wild card"
    figure, _, sword = slug.partition("-")
    return f"{figure} card with a {SWORDS[sword]}" if sword else f"{figure} card"


def _short_type(slug: str) -> str:
    """``infantry-silver`` -> "infantry (silver sword)" (a set's three cards in one label; a bare
    "black" would read as a black figure)."""
    figure, _, sword = slug.partition("-")
    return f"{figure} ({SWORDS[sword]})" if sword else figure


def describe(state: State, role: str, action: Action) -> str:
    return _clip(_cap(_describe(state, role, action)))


def _describe(state: State, role: str, action: Action) -> str:
    verb, args = action.verb, action.args
    if verb == "die":
        pips = int(args[0])
        return f"Take the {pips}: {counted(pips, 'action point')}, draw {counted(6 - pips, 'card')}"
    if verb == "trade":
        return f"Trade {with_article(args[0])} set: " + ", ".join(_short_type(t) for t in args[1:])
    if verb == "load":
        paid = with_article(card_type_words(args[2]))
        return f"Load 1 {kind_words(args[1])} on {card_name(args[0])} for {paid}"
    if verb == "discard":
        return f"Discard {with_article(card_type_words(args[0]))}"
    if verb == "done":
        return "Done trading: go on to your actions"
    if verb == "reward":
        if args[0] == "draw" and not state["decks"]["mt"]:
            return "No card (the Minas Tirith deck is empty): keep your special trade for later"
        return _reward(args)
    if verb == "keep":
        return f"Keep {card_name(args[0])}"
    if verb == "advance":
        return f"Advance from {space_name(args[0])} to {space_name(args[1])}"
    if verb == "ride":
        return f"Ride cavalry from {space_name(args[0])} to {space_name(args[1])}"
    if verb == "leader":
        return f"Move {leader_name(args[0])} alone to {space_name(args[1])}"
    if verb == "send":
        return f"Send {units_words({args[0]: int(args[1])})}"
    if verb == "lead":
        return f"Take {leader_name(args[0])} along"
    if verb == "go":
        return "Go (1 action point)"
    if verb == "cancel":
        return "Cancel this advance"
    if verb == "attack":
        held = forces.count_at(state, args[1])
        return (
            f"Attack {space_name(args[1])} from {space_name(args[0])}: "
            f"{counted(int(args[2]), 'battalion')} against {held}"
        )
    if verb == "shoot":
        dice = counted(int(args[2]), "die", "dice")
        return f"Shoot from {space_name(args[0])} at {space_name(args[1])} with {dice}"
    if verb == "enter":
        return f"Bring in {card_name(args[0])} at {space_name(args[1])}"
    if verb == "exchange":
        return f"Exchange an oliphaunt in {space_name(args[0])} for orcs"
    if verb == "ram":
        return "Ram the gate with Grond"
    if verb == "play":
        return _play(args)
    if verb == "end":
        points = state["turn"]["points"]
        return f"End your turn ({counted(points, 'point')} unused)" if points else "End your turn"
    if verb == "lose":
        return f"Lose 1 {kind_words(args[0])}"
    if verb == "react":
        if args[0] == "white_rider":
            return "Play the White Rider: no retreat for Gondor"
        if args[1] == "all":
            return f"Play {card_name(args[0])}: re-roll all your dice"
        return f"Play {card_name(args[0])}: re-roll your {_dice_named(state, role, args[1])}"
    if verb == "decline":
        return "Decline"
    return action.text


def _dice_named(state: State, role: str, which: str) -> str:
    """Dice positions of a re-roll (``2-3``: the second and third highest) by their pips."""
    frame = state["stack"][-1]
    dice = frame["att"] if role == frame["attacker"] else frame["def"]
    return join_words(str(dice[int(i) - 1]) for i in which.split("-"))


def _reward(args: tuple[str, ...]) -> str:
    if args[0] == "draw":
        return "Draw the top Minas Tirith card"
    if args[0] == "two":
        return "Special: draw two Minas Tirith cards, keep one"
    if args[0] == "pick":
        return f"Special: take back {card_name(args[1])}"
    return f"Special: place 1 {kind_words(args[1])} in {space_name(args[2])}"


def _play(args: tuple[str, ...]) -> str:
    card = args[0]
    if card == "forced_march":
        return "Play Forced March: +2 action points"
    if card == "catapults_of_mordor":
        return f"Catapults of Mordor: from {space_name(args[1])} at {space_name(args[2])}"
    if card == "black_breath":
        return f"The Black Breath on {space_name(args[1])}"
    return f"Play {card_name(card)} in {space_name(args[1])}"


def describe_arg(state: State, role: str, verb: str, index: int, value: str) -> str:
    if value in SPACES:
        return SPACES[value].name
    if value in LEADERS:
        return LEADERS[value].name
    if value in MT_CARDS:
        return MT_CARDS[value].name
    if value in UNITS:
        return _cap(kind_words(value))
    if verb in ("trade", "load", "discard") and figure_of(value) in (
        "infantry",
        "cavalry",
        "creature",
        "wild",
    ):
        return _cap(card_type_words(value))
    return value.replace("_", " ").replace("-", " ")


def hand_lines(state: State, role: str) -> tuple[str, ...]:
    """``role``'s cards in words: each reinforcement card by figure and sword, each Minas Tirith
    card with what it holds (shown under his private prompts; none: nothing shown)."""
    lines = [_cap(card_type_words(card_type(c))) for c in state["hands"][role]]
    for entry in state["mt"][role]:
        held = entry["holds"]
        on_it = f" ({units_words(held)} on it)" if sum(held.values()) else ""
        lines.append(_cap(card_name(entry["id"])) + on_it)
    return tuple(lines)


GROUPS = {
    "advance": "Advance from {space}…",
    "ride": "Ride from {space}…",
    "attack": "Attack from {space}…",
    "shoot": "Shoot from {space}…",
    "leader": "Move {leader} alone…",
    "enter": "Bring in {card}…",
    "play": "Play {card}…",
    "load": "Load {card}…",
}


def describe_group(state: State, role: str, verb: str, first: str) -> str:
    """A first step's label for the actions of ``verb`` starting with ``first``."""
    template = GROUPS.get(verb)
    if template is not None:
        words = {
            "space": space_name(first) if first in SPACES else first,
            "leader": leader_name(first) if first in LEADERS else first,
            "card": card_name(first),
        }
        return _clip(template.format(**words))
    if verb == "trade":
        return _clip(f"Trade {with_article(first)} set…")
    return _clip(f"{_cap(verb)} {describe_arg(state, role, verb, 0, first)}…")
