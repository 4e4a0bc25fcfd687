"""What each action does, in one short sentence (menus, autocomplete): the effect of each die
action and of the turn's other choices."""

from __future__ import annotations

from games.core import Action, State

from .data import CARDS
from .event_cards.dispel import dispel_text
from .procedures import DIE_ACTIONS


def explain(state: State, role: str, action: Action) -> str:
    if action.verb == "dispel":
        return dispel_text(state, role)
    if action.verb in DIE_ACTIONS:
        return DIE_ACTIONS[action.verb].text
    if action.verb == "play" and len(action.args) == 2 and action.args[1] in CARDS:
        return CARDS[action.args[1]].event
    if action.verb == "ring":
        return "Once a turn: change one unused die to another face, then act (the Ring goes to the Shadow)."
    if action.verb == "skip":
        return "Use the die for nothing."
    if action.verb == "combat" and action.args and action.args[0] in CARDS:
        half = CARDS[action.args[0]].combat
        return half.effect if half else ""
    if action.verb == "pass":
        return "Let your opponent act again (allowed with fewer unused dice than his)."
    return ""
