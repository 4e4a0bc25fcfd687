"""What each action does, in one short sentence (menus, autocomplete, ``/rules``).

Only what the acting player may know: the rules, his own cards' texts, what a trade gives.
"""

from __future__ import annotations

from games.core import Action, State

from . import missions, powers
from .board import card_slug, card_territory, single_value
from .cards import BONUS, find_trade
from .data import CARDS
from .grammar import names, place_name
from .i18n import card_effect, ntr, tr
from .options import geo, is_lotr


def _fixed(verb: str) -> str | None:
    if verb == "ready":
        return tr("Your placement is final; everything is shown when all players have confirmed.")
    if verb == "stop":
        return tr("Stop attacking this territory; your surviving battalions stay where they are.")
    if verb == "end":
        return tr("No more attacks this turn: go on to fortify.")
    if verb == "back":
        return tr("Choose another territory to move from.")
    if verb == "claim":
        return tr("Put one battalion on this empty territory: it is yours.")
    if verb == "unplace":
        return tr("Take these battalions (and your leader, if he is there) back to place them again.")
    if verb == "autoplace":
        return tr(
            "Your remaining battalions (and your leader) go on your territories at random; you may still "
            "change them before you confirm."
        )
    return None


def explain(state: State, role: str, action: Action) -> str:
    verb, args = action.verb, action.args
    fixed = _fixed(verb)
    if fixed is not None:
        return fixed
    if verb == "place":
        return ntr(
            "Add {count} battalion to {territory}.",
            "Add {count} battalions to {territory}.",
            int(args[1]),
            territory=place_name(args[0]),
        )
    if verb == "leader":
        return tr(
            "Your leader adds 1 to your highest die in battles where he fights; he can complete missions."
        )
    if verb == "trade":
        return _trade(state, role, args)
    if verb == "done":
        if state["stack"] and state["stack"][-1].get("step") == "reinforce":
            return tr("Stop trading and go on to combat.")
        if is_lotr(state):
            return tr("Stop moving: your turn ends (cards are drawn and the Fellowship moves on).")
        return tr("Stop moving: your turn ends (a territory card is drawn if you conquered).")
    if verb == "attack":
        return _attack(state, args)
    if verb == "roll":
        return tr("Each die is one attacking battalion; highest against highest, ties to the defender.")
    if verb == "until":
        return ntr(
            "Roll the most dice again and again until you conquer, or your territory is down to {count} "
            "battalion (it never goes below); the defender is asked whenever his dice are his choice.",
            "Roll the most dice again and again until you conquer, or your territory is down to {count} "
            "battalions (it never goes below); the defender is asked whenever his dice are his choice.",
            int(args[0]),
        )
    if verb == "complete":
        data = CARDS[card_slug(args[0])]
        return ntr(
            "Reveal it and take its reward ({reward}); it scores {count} point. Your leader must stay in "
            "{territory} until your next turn.",
            "Reveal it and take its reward ({reward}); it scores {count} points. Your leader must stay in "
            "{territory} until your next turn.",
            data.points,
            reward=missions.reward_words(state, role, args[0]),
            territory=place_name(str(data.site)),
        )
    if verb == "defend":
        return tr("Two dice can win twice but also lose twice; one die risks only one battalion.")
    if verb == "advance":
        return tr("At least the survivors of the last roll move in; one battalion always stays behind.")
    if verb == "advance-leader":
        return tr(
            "At least the survivors of the last roll move in; one battalion always stays behind. Your "
            "leader goes too (he has fought: no attack bonus for the rest of the turn)."
        )
    if verb == "from":
        return tr("Choose where to move from; at least one battalion stays there.")
    if verb == "to":
        return ntr(
            "Move {count} battalion to {territory}.",
            "Move {count} battalions to {territory}.",
            int(args[1]),
            territory=place_name(args[0]),
        )
    if verb == "to-leader":
        return ntr(
            "Move your leader and {count} battalion to {territory}.",
            "Move your leader and {count} battalions to {territory}.",
            int(args[1]),
            territory=place_name(args[0]),
        )
    if verb == "discard":
        return tr("Discarded, it never scores. {effect}", effect=card_effect(card_slug(args[0])))
    if verb == "power":
        hooks = powers.POWERS.get(card_slug(args[0]))
        if hooks is not None and hooks.explain is not None:
            return hooks.explain(state, role, action)
        return card_effect(card_slug(args[0]))
    if verb == "arm":
        return tr(
            "It fires by itself when its moment comes, in secret until then. {effect}",
            effect=card_effect(card_slug(args[0])),
        )
    if verb == "disarm":
        return tr("Keep this card in your hand without firing it.")
    return ""


def _attack(state: State, args: tuple[str, ...]) -> str:
    stronghold = is_lotr(state) and args[1] in geo(state).strongholds
    sea = geo(state).is_sea(*args)
    if stronghold and sea:
        return tr(
            "Roll up to three dice, one battalion always staying behind (its stronghold adds 1 to the "
            "defender's highest die; across a sea route)."
        )
    if stronghold:
        return tr(
            "Roll up to three dice, one battalion always staying behind (its stronghold adds 1 to the "
            "defender's highest die)."
        )
    if sea:
        return tr("Roll up to three dice, one battalion always staying behind (across a sea route).")
    return tr("Roll up to three dice, one battalion always staying behind.")


def _trade(state: State, role: str, cards: tuple[str, ...]) -> str:
    frame = state["stack"][-1] if state["stack"] else {}
    trade = find_trade(state, role, int(frame.get("traded", 0)), cards)
    if trade is None:
        return ""
    held = [place_name(t) for c in cards if (t := card_territory(c)) and state["owner"].get(t) == role]
    words = {"total": trade.total, "bonus": BONUS, "territories": names(held)}
    if len(cards) == 3 and held:
        return ntr(
            "Spend a set of three for {count} battalion, +{bonus} for each territory you hold "
            "({territories}): "
            "{total} in all.",
            "Spend a set of three for {count} battalions, +{bonus} for each territory you hold "
            "({territories}): "
            "{total} in all.",
            trade.battalions,
            **words,
        )
    if len(cards) == 3:
        return ntr(
            "Spend a set of three for {count} battalion: {total} in all.",
            "Spend a set of three for {count} battalions: {total} in all.",
            trade.battalions,
            **words,
        )
    words["worth"] = single_value(cards[0])
    if held:
        return ntr(
            "Spend one card (worth {worth}) for {count} battalion, +{bonus} for each territory you hold "
            "({territories}): {total} in all.",
            "Spend one card (worth {worth}) for {count} battalions, +{bonus} for each territory you hold "
            "({territories}): {total} in all.",
            trade.battalions,
            **words,
        )
    return ntr(
        "Spend one card (worth {worth}) for {count} battalion: {total} in all.",
        "Spend one card (worth {worth}) for {count} battalions: {total} in all.",
        trade.battalions,
        **words,
    )
