"""What each action does, in one short sentence (menus, autocomplete): the effect of each die
action and of the turn's other choices."""

from __future__ import annotations

from games.core import Action, State

from .data import CARDS
from .event_cards.dispel import dispel_text
from .i18n import ptr, tr
from .labels import die_action_text
from .procedures import DIE_ACTIONS


def explain(state: State, role: str, action: Action) -> str:
    if action.verb == "dispel":
        return dispel_text(state, role)
    if action.verb in DIE_ACTIONS:
        return die_action_text(action.verb)
    if action.verb == "play" and len(action.args) == 2 and action.args[1] in CARDS:
        return ptr("card text", CARDS[action.args[1]].event)  # the cards' own messages
    if action.verb == "ring":
        return tr(
            "Once a turn: change one unused die to another face, then act (the Ring goes to the Shadow)."
        )
    if action.verb == "skip":
        return tr("Use the die for nothing.")
    if action.verb == "combat" and action.args and action.args[0] in CARDS:
        half = CARDS[action.args[0]].combat
        return ptr("combat text", half.effect) if half else ""
    if action.verb == "pass":
        return tr("Let your opponent act again (allowed with fewer unused dice than his).")
    return ""
