"""The effects of the power cards, one registration per card kind (to be written).

Each power card kind registers its hooks here, on import, with
:func:`games.lotr_risk.powers.register_power` (played in one's own turn at its timing) or
:func:`games.lotr_risk.powers.register_reaction` (armed in advance, fired by itself). A card with
no registration is never offered: it stays in the hand and scores nothing. See
:mod:`games.lotr_risk.powers` for the hooks and :mod:`games.lotr_risk.effects` for lasting
effects. Steps a card needs for a decision go in :data:`STEPS`; the ruleset registers them.
"""

from __future__ import annotations

from games.core.flow import Step

#: Extra decision steps of the cards (registered by the ruleset with the game's own steps).
STEPS: tuple[Step, ...] = ()
