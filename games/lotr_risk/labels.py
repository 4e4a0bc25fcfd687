"""Labels of actions and of their arguments, as the acting player sees them (menus,
autocomplete): territory and card names, never slugs; at most 100 characters."""

from __future__ import annotations

from games.core import Action, State

from . import missions, powers
from .board import card_name, card_slug, card_symbol, card_territory, is_territory_card
from .cards import find_trade
from .data import CARDS, TERRITORIES, territory_name
from .grammar import names, place_name, plural

MAX_LABEL = 100


def _clip(text: str) -> str:
    """
    >>> _clip("x" * 120)[-1], len(_clip("x" * 120))
    ('…', 100)
    """
    return text if len(text) <= MAX_LABEL else text[: MAX_LABEL - 1] + "…"


def _frame(state: State) -> dict[str, object]:
    stack = state["stack"]
    return dict(stack[-1]) if stack else {}


def _short_card(card: str) -> str:
    territory = card_territory(card)
    return "wild" if territory is None else territory_name(territory)


def describe(state: State, role: str, action: Action) -> str:
    return _clip(_describe(state, role, action))


def _describe(state: State, role: str, action: Action) -> str:
    verb, args = action.verb, action.args
    frame = _frame(state)
    step = frame.get("step")
    if verb == "claim":
        return f"Claim {place_name(args[0])} (place 1 battalion)"
    if verb == "autoplace":
        return "Place the rest at random"
    if verb == "place":
        if step == "place_printed":
            return f"Place a battalion in {place_name(args[0])}"
        return f"Place {args[1]} in {place_name(args[0])}"
    if verb == "unplace":
        return f"Take back what you placed in {place_name(args[0])}"
    if verb == "leader":
        return f"Put your leader in {place_name(args[0])}"
    if verb == "ready":
        return "Confirm your placement"
    if verb == "trade":
        return _trade(state, role, args)
    if verb == "done":
        return "Done: go on to combat" if step == "reinforce" else "Done: end your turn"
    if verb == "attack":
        troops, owner = state["troops"], state["owner"]
        source, target = args
        defender = str(owner[target])
        who = "neutral" if defender == "neutral" else defender.title()
        return (
            f"Attack {place_name(target)} ({who}, {troops[target]}) "
            f"from {place_name(source)} ({troops[source]})"
        )
    if verb == "roll":
        return f"Roll once with {plural(int(args[0]), 'die')}"
    if verb == "until":
        return f"Roll until conquered (stop at {plural(int(args[0]), 'battalion')})"
    if verb == "complete":
        return f"Complete {card_name(args[0])}: {missions.reward_words(state, role, args[0])}"
    if verb == "stop":
        return "Stop this attack"
    if verb == "defend":
        return f"Defend with {plural(int(args[0]), 'die')}"
    if verb in ("advance", "advance-leader"):
        target = place_name(str(frame.get("to", "")))
        leader = " and your leader" if verb == "advance-leader" else ""
        return f"Move {args[0]}{leader} into {target}"
    if verb == "end":
        return "End your attacks: fortify"
    if verb == "from":
        return f"Move from {place_name(args[0])} ({state['troops'][args[0]]})"
    if verb == "to":
        return f"Move {args[1]} to {place_name(args[0])}"
    if verb == "to-leader":
        escort = f"with {args[1]}" if args[1] != "0" else "alone"
        return f"Move your leader {escort} to {place_name(args[0])}"
    if verb == "back":
        return "Back: move from another territory"
    if verb == "discard":
        return f"Discard {card_name(args[0])}"
    if verb == "power":
        hooks = powers.POWERS.get(card_slug(args[0]))
        if hooks is not None and hooks.describe is not None:
            return hooks.describe(state, role, action)
        return f"Play {card_name(args[0])}"
    if verb == "arm":
        return f"Arm {card_name(args[0])}: {powers.condition_words(args[0], args[1:])}"
    if verb == "disarm":
        return f"Disarm {card_name(args[0])}"
    return action.text


def _trade(state: State, role: str, args: tuple[str, ...]) -> str:
    frame = _frame(state)
    traded = frame.get("traded", 0)
    trade = find_trade(state, role, traded if isinstance(traded, int) else 0, args)
    if trade is None:
        gives = "? battalions"
    elif trade.bonus:
        gives = f"{trade.battalions} +{trade.bonus} battalions"
    else:
        gives = plural(trade.battalions, "battalion")
    if len(args) == 1:
        symbol = card_symbol(args[0]) or "wild"
        return f"Trade {card_name(args[0])} ({symbol}): {gives}"
    return f"Trade the set {names([_short_card(c) for c in args])}: {gives}"


def describe_arg(state: State, role: str, verb: str, index: int, value: str) -> str:
    if value in TERRITORIES:
        return territory_name(value)
    if is_territory_card(value) or card_slug(value) in CARDS:
        try:
            return card_name(value)
        except KeyError:
            return value
    if verb == "roll" or verb == "defend":
        return plural(int(value), "die") if value.isdigit() else value
    if verb == "until":
        return plural(int(value), "battalion") if value.isdigit() else value
    return value.replace("_", " ").replace("-", " ")


def describe_group(state: State, role: str, verb: str, first: str) -> str:
    name = describe_arg(state, role, verb, 0, first)
    labels = {
        "attack": f"Attack from {name}…",
        "place": f"Place in {name}…",
        "to": f"Move to {name}…",
        "to-leader": f"Move your leader to {name}…",
        "trade": f"Trade {name}…",
        "power": f"Play {name}…",
        "arm": f"Arm {name}…",
        "claim": f"Claim {name}…",
        "leader": f"Leader to {name}…",
    }
    return _clip(labels.get(verb, f"{verb.replace('-', ' ').capitalize()} {name}…"))
