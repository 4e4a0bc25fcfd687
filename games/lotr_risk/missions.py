"""A leader arriving somewhere: sites of power (the adventure-card draw) and missions.

A leader *arrives* when it moves into a conquered territory with the battalions or ends a
fortify move there (placing a leader is not arriving). Arriving at a site of power earns the
turn's adventure-card draw; arriving at the site of a mission in hand completes it at once: the
card is revealed and kept in front of the player (it scores), the reward battalions are put on
the site's territory (or the extra territory card is drawn) and the leader stays there until the
player's next turn.
"""

from __future__ import annotations

import logging
from typing import Any

from games.core import State, emit
from games.core.flow import barrier

from .board import card_slug
from .cards import give_territory_card
from .data import CARDS
from .options import geo
from .roles import allegiance, hand

log = logging.getLogger(__name__)


def mission_for(state: State, role: str, territory: str) -> str | None:
    """The mission card in ``role``'s hand whose site is ``territory``."""
    for card in hand(state, role)["adventure"]:
        data = CARDS[card_slug(card)]
        if data.kind == "mission" and data.site == territory:
            return card
    return None


def arrive(state: State, role: str, leader: dict[str, Any], territory: str) -> None:
    """``role``'s ``leader`` has just arrived in ``territory``."""
    if territory not in geo(state).sites:
        return
    state["turn"]["sites"] = True
    card = mission_for(state, role, territory)
    if card is None:
        return
    complete(state, role, leader, card, territory)


def complete(state: State, role: str, leader: dict[str, Any], card: str, territory: str) -> None:
    barrier(state)  # a mission shown is never taken back into the hand
    hand(state, role)["adventure"].remove(card)
    state["played"][role].append(card)
    leader["stays"] = True
    reward = CARDS[card_slug(card)].reward
    battalions = reward.battalions(allegiance(role)) if reward else 0
    extra = reward.extra_territory_cards if reward else 0
    if battalions:
        state["troops"][territory] += battalions
    emit(
        state,
        "mission_completed",
        {"role": role, "card": card, "territory": territory, "battalions": battalions, "cards": extra},
    )
    for _ in range(extra):
        give_territory_card(state, role, "mission")
