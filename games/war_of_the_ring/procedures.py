"""The procedure modules of War of the Ring, listed once: their steps, verbs, die actions and
button words as explicit tables built from static imports.

A procedure module (one kind of action: its die actions and the steps they call) exports
``STEPS`` (its :class:`~games.core.flow.Step` objects), ``DIE_ACTIONS`` (a tuple of
:class:`.actions.DieAction`), optionally ``VERBS`` (the verbs its steps accept) and ``label``
(button words for its steps' actions, ``None`` for an action not its own). Add a new module to
the tables below; nothing is found by name at run time. The order of :data:`DIE_ACTIONS` is the
order of the die actions in the prompt.

Only :mod:`.ruleset`, :mod:`.labels` and :mod:`.explain` import this module: a procedure module
imports :mod:`.actions` (for :class:`~.actions.DieAction`), never this one, so there is no circle.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from games.core import Action, State
from games.core.flow import Step

from . import (
    armies,
    balrog,
    battle,
    battle_actions,
    cards,
    casualties,
    characters,
    corsairs,
    dunlendings,
    dunlendings_card,
    ents,
    fellowship_actions,
    fleets,
    galadriel,
    recruit,
    siege_engines,
    smeagol,
    stacking,
    witch_king_chief,
)
from .actions import DieAction
from .event_cards import dispel as event_dispel
from .event_cards import step as event_step
from .event_cards import table as event_table
from .event_cards import tta_table as event_tta_table

Labeller = Callable[[State, str, Action], str | None]

#: Every die action by verb, in the order the prompt lists them.
DIE_ACTIONS: Mapping[str, DieAction] = {
    action.verb: action
    for action in (
        *cards.DIE_ACTIONS,
        *fellowship_actions.DIE_ACTIONS,
        *armies.DIE_ACTIONS,
        *recruit.DIE_ACTIONS,
        *siege_engines.DIE_ACTIONS,
        *ents.DIE_ACTIONS,
        *dunlendings.DIE_ACTIONS,
        *corsairs.DIE_ACTIONS,
        *characters.DIE_ACTIONS,
        *witch_king_chief.DIE_ACTIONS,
        *balrog.DIE_ACTIONS,
        *galadriel.DIE_ACTIONS,
        *battle_actions.DIE_ACTIONS,
        *event_table.DIE_ACTIONS,
        *event_tta_table.DIE_ACTIONS,
        *event_dispel.DIE_ACTIONS,
    )
}

#: The steps of every procedure (the turn's own steps are added by :mod:`.ruleset`).
STEPS: tuple[Step, ...] = (
    *cards.STEPS,
    *fellowship_actions.STEPS,
    *armies.STEPS,
    *recruit.STEPS,
    *siege_engines.STEPS,
    *dunlendings.STEPS,
    *fleets.STEPS,
    *characters.STEPS,
    *witch_king_chief.STEPS,
    *balrog.STEPS,
    *galadriel.STEPS,
    *smeagol.STEPS,
    *stacking.STEPS,
    *battle.STEPS,
    *casualties.STEPS,
    *battle_actions.STEPS,
    *event_step.STEPS,
)

#: The verbs the procedures' steps accept besides the die actions' own.
VERBS: frozenset[str] = (
    armies.VERBS
    | recruit.VERBS
    | characters.VERBS
    | stacking.VERBS
    | battle.VERBS
    | siege_engines.VERBS
    | ents.VERBS
    | corsairs.VERBS
    | witch_king_chief.VERBS
    | balrog.VERBS
    | galadriel.VERBS
    | smeagol.VERBS
)

#: Button words of the procedures' steps, asked in this order.
LABELLERS: tuple[Labeller, ...] = (
    armies.label,
    recruit.label,
    siege_engines.label,
    dunlendings.label,
    corsairs.label,
    characters.label,
    witch_king_chief.label,
    balrog.label,
    galadriel.label,
    smeagol.label,
    stacking.label,
    battle.label,
    casualties.label,
    battle_actions.label,
    ents.label,  # the Ents' and Rage of the Dunlendings' answers, before the card's kept English
    dunlendings_card.label,
    event_step.label,
)
