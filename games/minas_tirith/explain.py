"""What an action does, in a sentence (the card's effect for a card played or brought in)."""

from __future__ import annotations

from games.core import Action, State

from .facts import MT_CARDS


def explain(state: State, role: str, action: Action) -> str:
    if action.verb in ("play", "enter", "keep", "react") and action.args and action.args[0] in MT_CARDS:
        return MT_CARDS[action.args[0]].effect
    if action.verb == "reward" and action.args[0] == "pick":
        return MT_CARDS[action.args[1]].effect
    if action.verb == "ram":
        return MT_CARDS["grond"].effect
    return ""
