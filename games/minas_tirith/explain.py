"""What an action does, in a sentence (the card's effect for a card played or brought in)."""

from __future__ import annotations

from games.core import Action, State

from .facts import MT_CARDS
from .words import card_effect


def explain(state: State, role: str, action: Action, lang: str = "en") -> str:
    if action.verb in ("play", "enter", "keep", "react") and action.args and action.args[0] in MT_CARDS:
        return card_effect(action.args[0], lang)
    if action.verb == "reward" and action.args[0] == "pick":
        return card_effect(action.args[1], lang)
    if action.verb == "ram":
        return card_effect("grond", lang)
    return ""
