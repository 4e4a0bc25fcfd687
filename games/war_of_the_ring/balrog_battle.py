"""The Balrog's *Durin's Bane* in a battle (Twilight of the Third Age R-2): before the first
Combat roll of a battle he takes part in, the Shadow attacks with 3 dice hitting on 4+ (the
Durin's Bane Combat card's attack, without a card); the hits are taken at once."""

from __future__ import annotations

from games.core import State

from .battle_figures import current, figures
from .combat_tools import extra_attack, fx_of
from .data import SHADOW
from .tta_characters import BALROG

DICE, TARGET = 3, 4
EFFECT = "The Balrog (Durin's Bane)"


def due(state: State) -> bool:
    """The attack has not been made yet in this battle and the Balrog fights in it."""
    if current(state)["round"] != 1 or fx_of(state).get("durins_bane_ability"):
        return False
    return BALROG in figures(state, SHADOW)[1]


def strike(state: State) -> bool:
    """Make the attack; whether the casualties procedure was called."""
    fx_of(state)["durins_bane_ability"] = True
    return extra_attack(state, SHADOW, EFFECT, DICE, TARGET)
