"""Old Hatred, the Shadow Combat card of the module's Deep Trenches and Great Engines and Shadow
of Dol Guldur (Twilight of the Third Age; D17): *Dunlendings are in the battle. Before the Combat
roll, make an extra attack using only the Dunlending units; apply the result at once.*

- One die per Dunlending of the Shadow's Army in the battle (at most 5), hitting on the number
  the Shadow's Combat roll needs this round (5; 6 when he attacks a City or Fortification in the
  first round, or in a siege battle), no Leader re-roll (D17); its hits are taken at once.

The Combat-card table (:data:`.combat_effects.EFFECTS`) builds the effect from these parts:
``Effect(NAME, SHADOW, INITIATIVE, condition, {"before": before})`` (this module imports nothing
of it, so that it may import this one).
"""

from __future__ import annotations

from games.core import State

from .battle_figures import figures, to_hit
from .combat_tools import extra_attack
from .data import DUNLENDINGS, SHADOW

NAME = "Old Hatred"
#: The initiative printed on both cards that carry it.
INITIATIVE = 2


def in_battle(state: State) -> int:
    """Dunlendings of the Shadow's Army in the battle in progress."""
    counts, _ = figures(state, SHADOW)
    return int(counts.get(DUNLENDINGS, {}).get("regular", 0))


def condition(state: State, side: str) -> bool:
    """Dunlendings are in the battle (on the Shadow's side: there are no others)."""
    return in_battle(state) > 0


def before(state: State, owner: str) -> bool:
    """The extra attack before the Combat roll; whether the casualties procedure was called."""
    return extra_attack(state, owner, NAME, in_battle(state), to_hit(state, SHADOW))
