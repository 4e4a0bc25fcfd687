"""Labels of actions and of their arguments, as the acting player sees them (menus,
autocomplete): territory and card names, never slugs; at most 100 characters."""

from __future__ import annotations

from games.core import Action, State

from . import missions, powers
from .board import card_name, card_slug, card_symbol, card_territory, is_territory_card
from .cards import find_trade
from .data import CARDS, TERRITORIES
from .grammar import names, place_name
from .i18n import ntr, territory_title, tr
from .roles import role_title

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
    return tr("wild") if territory is None else territory_title(territory)


def describe(state: State, role: str, action: Action) -> str:
    return _clip(_describe(state, role, action))


def _describe(state: State, role: str, action: Action) -> str:
    verb, args = action.verb, action.args
    frame = _frame(state)
    step = frame.get("step")
    if verb == "claim":
        return tr("Claim {territory} (place 1 battalion)", territory=place_name(args[0]))
    if verb == "autoplace":
        return tr("Place the rest at random")
    if verb == "place":
        if step == "place_printed":
            return tr("Place a battalion in {territory}", territory=place_name(args[0]))
        return tr("Place {count} in {territory}", count=args[1], territory=place_name(args[0]))
    if verb == "unplace":
        return tr("Take back what you placed in {territory}", territory=place_name(args[0]))
    if verb == "leader":
        return tr("Put your leader in {territory}", territory=place_name(args[0]))
    if verb == "ready":
        return tr("Confirm your placement")
    if verb == "trade":
        return _trade(state, role, args)
    if verb == "done":
        return tr("Done: go on to combat") if step == "reinforce" else tr("Done: end your turn")
    if verb == "attack":
        troops, owner = state["troops"], state["owner"]
        source, target = args
        defender = str(owner[target])
        who = tr("neutral") if defender == "neutral" else role_title(defender)
        return tr(
            "Attack {target} ({defender}, {defending}) from {origin} ({attacking})",
            target=place_name(target),
            defender=who,
            defending=troops[target],
            origin=place_name(source),
            attacking=troops[source],
        )
    if verb == "roll":
        return ntr("Roll once with {count} die", "Roll once with {count} dice", int(args[0]))
    if verb == "until":
        return ntr(
            "Roll until conquered (stop at {count} battalion)",
            "Roll until conquered (stop at {count} battalions)",
            int(args[0]),
        )
    if verb == "complete":
        return tr(
            "Complete {card}: {reward}",
            card=card_name(args[0]),
            reward=missions.reward_words(state, role, args[0]),
        )
    if verb == "stop":
        return tr("Stop this attack")
    if verb == "defend":
        return ntr("Defend with {count} die", "Defend with {count} dice", int(args[0]))
    if verb in ("advance", "advance-leader"):
        target = place_name(str(frame.get("to", "")))
        if verb == "advance-leader":
            return tr("Move {count} and your leader into {territory}", count=args[0], territory=target)
        return tr("Move {count} into {territory}", count=args[0], territory=target)
    if verb == "end":
        return tr("End your attacks: fortify")
    if verb == "from":
        return tr(
            "Move from {territory} ({count})", territory=place_name(args[0]), count=state["troops"][args[0]]
        )
    if verb == "to":
        return tr("Move {count} to {territory}", count=args[1], territory=place_name(args[0]))
    if verb == "to-leader":
        if args[1] != "0":
            return tr(
                "Move your leader with {count} to {territory}", count=args[1], territory=place_name(args[0])
            )
        return tr("Move your leader alone to {territory}", territory=place_name(args[0]))
    if verb == "back":
        return tr("Back: move from another territory")
    if verb == "discard":
        return tr("Discard {card}", card=card_name(args[0]))
    if verb == "power":
        hooks = powers.POWERS.get(card_slug(args[0]))
        if hooks is not None and hooks.describe is not None:
            return hooks.describe(state, role, action)
        return tr("Play {card}", card=card_name(args[0]))
    if verb == "arm":
        return tr(
            "Arm {card}: {condition}",
            card=card_name(args[0]),
            condition=powers.condition_words(args[0], args[1:]),
        )
    if verb == "disarm":
        return tr("Disarm {card}", card=card_name(args[0]))
    return action.text


def _symbol(card: str) -> str:
    symbol = card_symbol(card)
    if symbol == "infantry":
        return tr("infantry")
    if symbol == "cavalry":
        return tr("cavalry")
    if symbol == "creature":
        return tr("creature")
    return tr("wild") if symbol is None else symbol


def _trade(state: State, role: str, args: tuple[str, ...]) -> str:
    frame = _frame(state)
    traded = frame.get("traded", 0)
    trade = find_trade(state, role, traded if isinstance(traded, int) else 0, args)
    if trade is None:
        gives = tr("? battalions")
    elif trade.bonus:
        gives = tr("{count} +{bonus} battalions", count=trade.battalions, bonus=trade.bonus)
    else:
        gives = ntr("{count} battalion", "{count} battalions", trade.battalions)
    if len(args) == 1:
        return tr(
            "Trade {card} ({symbol}): {gives}", card=card_name(args[0]), symbol=_symbol(args[0]), gives=gives
        )
    return tr("Trade the set {cards}: {gives}", cards=names([_short_card(c) for c in args]), gives=gives)


def describe_arg(state: State, role: str, verb: str, index: int, value: str) -> str:
    if value in TERRITORIES:
        return territory_title(value)
    if is_territory_card(value) or card_slug(value) in CARDS:
        try:
            return card_name(value)
        except KeyError:
            return value
    if verb == "roll" or verb == "defend":
        return ntr("{count} die", "{count} dice", int(value)) if value.isdigit() else value
    if verb == "until":
        return ntr("{count} battalion", "{count} battalions", int(value)) if value.isdigit() else value
    return value.replace("_", " ").replace("-", " ")


def describe_group(state: State, role: str, verb: str, first: str) -> str:
    name = describe_arg(state, role, verb, 0, first)
    if verb == "attack":
        return _clip(tr("Attack from {name}…", name=name))
    if verb == "place":
        return _clip(tr("Place in {name}…", name=name))
    if verb == "to":
        return _clip(tr("Move to {name}…", name=name))
    if verb == "to-leader":
        return _clip(tr("Move your leader to {name}…", name=name))
    if verb == "trade":
        return _clip(tr("Trade {name}…", name=name))
    if verb == "power":
        return _clip(tr("Play {name}…", name=name))
    if verb == "arm":
        return _clip(tr("Arm {name}…", name=name))
    if verb == "claim":
        return _clip(tr("Claim {name}…", name=name))
    if verb == "leader":
        return _clip(tr("Leader to {name}…", name=name))
    if verb == "unplace":
        return _clip(tr("Unplace {name}…", name=name))
    if verb == "from":
        return _clip(tr("From {name}…", name=name))
    if verb == "discard":
        return _clip(tr("Discard {name}…", name=name))
    if verb == "disarm":
        return _clip(tr("Disarm {name}…", name=name))
    if verb == "complete":
        return _clip(tr("Complete {name}…", name=name))
    if verb == "roll":
        return _clip(tr("Roll {name}…", name=name))
    if verb == "defend":
        return _clip(tr("Defend {name}…", name=name))
    if verb == "until":
        return _clip(tr("Until {name}…", name=name))
    if verb == "advance":
        return _clip(tr("Advance {name}…", name=name))
    if verb == "advance-leader":
        return _clip(tr("Advance leader {name}…", name=name))
    return _clip(f"{verb.replace('-', ' ').capitalize()} {name}…")
