"""The effects of the event cards (to be written): :func:`resolve_event`.

An event drawn is revealed at once (``event_revealed``) and put on the adventure discard pile,
then resolved here, and another adventure card is drawn (:mod:`games.lotr_risk.draws`). A
resolver that needs a decision calls a step of :data:`STEPS` with ``flow.call(state, step,
...)`` ending in ``flow.ret(state)``; the draw resumes by itself afterwards. Cards an event sets
aside in secret (Local Uprising's territory card) go to ``state["aside"][role]``.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from games.core import State, emit
from games.core.flow import Step

log = logging.getLogger(__name__)

#: Extra decision steps of the events (registered by the ruleset with the game's own steps).
STEPS: tuple[Step, ...] = ()
#: ``{event slug: resolver(state, role, card)}``; an event without one has no effect yet.
RESOLVERS: dict[str, Callable[[State, str, str], None]] = {}


def resolve_event(state: State, role: str, card: str) -> None:
    """Carry out the event ``card`` (a physical id) that ``role`` has just drawn."""
    resolver = RESOLVERS.get(card.partition("-")[0])
    if resolver is None:
        emit(state, "event_no_effect", {"role": role, "card": card})
        return
    resolver(state, role, card)
