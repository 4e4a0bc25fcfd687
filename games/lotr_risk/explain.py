"""What each action does, in one short sentence (menus, autocomplete, ``/rules``).

Only what the acting player may know: the rules, his own cards' texts, what a trade gives.
"""

from __future__ import annotations

from games.core import Action, State

from . import missions, powers
from .board import card_slug, card_territory, single_value
from .cards import BONUS, find_trade
from .data import CARDS
from .grammar import names, place_name, plural
from .options import geo, is_lotr

_FIXED = {
    "ready": "Your placement is final; everything is shown when all players have confirmed.",
    "stop": "Stop attacking this territory; your surviving battalions stay where they are.",
    "end": "No more attacks this turn: go on to fortify.",
    "back": "Choose another territory to move from.",
    "claim": "Put one battalion on this empty territory: it is yours.",
    "unplace": "Take these battalions (and your leader, if he is there) back to place them again.",
    "autoplace": "Your remaining battalions (and your leader) go on your territories at random; "
    "you may still change them before you confirm.",
}


def explain(state: State, role: str, action: Action) -> str:
    verb, args = action.verb, action.args
    if verb in _FIXED:
        return _FIXED[verb]
    if verb == "place":
        return f"Add {plural(int(args[1]), 'battalion')} to {place_name(args[0])}."
    if verb == "leader":
        return "Your leader adds 1 to your highest die in battles where he fights; he can complete missions."
    if verb == "trade":
        return _trade(state, role, args)
    if verb == "done":
        if state["stack"] and state["stack"][-1].get("step") == "reinforce":
            return "Stop trading and go on to combat."
        if is_lotr(state):
            return "Stop moving: your turn ends (cards are drawn and the Fellowship moves on)."
        return "Stop moving: your turn ends (a territory card is drawn if you conquered)."
    if verb == "attack":
        target = args[1]
        extra = []
        if is_lotr(state) and target in geo(state).strongholds:
            extra.append("its stronghold adds 1 to the defender's highest die")
        if geo(state).is_sea(*args):
            extra.append("across a sea route")
        tail = f" ({'; '.join(extra)})" if extra else ""
        return f"Roll up to three dice, one battalion always staying behind{tail}."
    if verb == "roll":
        return "Each die is one attacking battalion; highest against highest, ties to the defender."
    if verb == "until":
        return (
            f"Roll the most dice again and again until you conquer, or your territory is down to "
            f"{plural(int(args[0]), 'battalion')} (it never goes below); the defender is asked "
            "whenever his dice are his choice."
        )
    if verb == "complete":
        data = CARDS[card_slug(args[0])]
        return (
            f"Reveal it and take its reward ({missions.reward_words(state, role, args[0])}); it scores "
            f"{plural(data.points, 'point')}. Your leader must stay in {place_name(str(data.site))} "
            "until your next turn."
        )
    if verb == "defend":
        return "Two dice can win twice but also lose twice; one die risks only one battalion."
    if verb in ("advance", "advance-leader"):
        text = "At least the survivors of the last roll move in; one battalion always stays behind."
        if verb == "advance-leader":
            text += " Your leader goes too (he has fought: no attack bonus for the rest of the turn)."
        return text
    if verb == "from":
        return "Choose where to move from; at least one battalion stays there."
    if verb == "to":
        return f"Move {plural(int(args[1]), 'battalion')} to {place_name(args[0])}."
    if verb == "to-leader":
        return f"Move your leader and {plural(int(args[1]), 'battalion')} to {place_name(args[0])}."
    if verb == "discard":
        return f"Discarded, it never scores. {CARDS[card_slug(args[0])].effect}"
    if verb == "power":
        hooks = powers.POWERS.get(card_slug(args[0]))
        if hooks is not None and hooks.explain is not None:
            return hooks.explain(state, role, action)
        return CARDS[card_slug(args[0])].effect
    if verb == "arm":
        effect = CARDS[card_slug(args[0])].effect
        return f"It fires by itself when its moment comes, in secret until then. {effect}"
    if verb == "disarm":
        return "Keep this card in your hand without firing it."
    return ""


def _trade(state: State, role: str, cards: tuple[str, ...]) -> str:
    frame = state["stack"][-1] if state["stack"] else {}
    trade = find_trade(state, role, int(frame.get("traded", 0)), cards)
    if trade is None:
        return ""
    held = [place_name(t) for c in cards if (t := card_territory(c)) and state["owner"].get(t) == role]
    what = "a set of three" if len(cards) == 3 else f"one card (worth {single_value(cards[0])})"
    text = f"Spend {what} for {plural(trade.battalions, 'battalion')}"
    if held:
        text += f", +{BONUS} for each territory you hold ({names(held)})"
    return text + f": {trade.total} in all."
