"""A leader arriving somewhere: sites of power (the adventure-card draw) and missions.

A leader *arrives* when it moves into a conquered territory with the battalions or ends a
fortify move there (placing a leader is not arriving). Arriving at a site of power earns the
turn's adventure-card draw.

Missions (rules revision 2, the seed: the player *may* declare the mission complete): a leader
arriving at a site is marked (``leader["arrived"]``, the site); while he stands there, in his
player's combat and fortify menus, ``complete <card>`` is offered for a mission in hand whose
site it is. Declaring it reveals the card, keeps it in front of the player (it scores), puts the
reward battalions on the site's territory (or draws the extra territory card), and the leader
stays there until the player's next turn. Not declaring it lets the leader go on. A phase stays
open for the choice on public facts only (:func:`could_complete`): a leader standing where he
arrived at a site this turn, and adventure cards in hand (their number is public), never the
cards held.

Matches of rules revision 1 complete a mission at once on arrival (:func:`arrive`).
"""

from __future__ import annotations

import logging
from typing import Any

from games.core import Action, State, emit
from games.core.flow import barrier

from .board import card_slug
from .cards import give_territory_card
from .data import CARDS
from .grammar import place_name
from .i18n import listed, ntr, tr
from .options import geo, revision
from .roles import allegiance, hand

log = logging.getLogger(__name__)

VERB = "complete"


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
    if revision(state) >= 2:
        leader["arrived"] = territory  # the mission may be declared while he stands there
        return
    card = mission_for(state, role, territory)
    if card is None:
        return
    complete(state, role, leader, card, territory)


def _waiting_leaders(state: State, role: str) -> list[dict[str, Any]]:
    """``role``'s leaders standing where they arrived at a site this turn, free to move."""
    return [
        leader
        for leader in state["leaders"].get(role, ())
        if leader.get("arrived") == leader["at"] and not leader["stays"]
    ]


def could_complete(state: State, role: str) -> bool:
    """Whether ``role`` might declare a mission now, from public facts only: one of his leaders
    stands where he arrived at a site this turn, and he holds adventure cards."""
    return bool(hand(state, role)["adventure"]) and bool(_waiting_leaders(state, role))


def offers(state: State, role: str) -> list[Action]:
    """``complete <card>`` for each mission ``role`` may declare now (private: his hand)."""
    found = []
    for leader in _waiting_leaders(state, role):
        card = mission_for(state, role, leader["at"])
        if card is not None:
            found.append(Action(VERB, (card,)))
    return found


def declare(state: State, role: str, card: str) -> None:
    """``role`` declares the mission ``card`` complete (offered by :func:`offers`)."""
    site = CARDS[card_slug(card)].site
    leader = next(leader for leader in _waiting_leaders(state, role) if leader["at"] == site)
    complete(state, role, leader, card, str(site))


def reward_words(state: State, role: str, card: str) -> str:
    """``'+3 battalions in Rivendell'``, or ``'an extra territory card'``: what ``role`` gets."""
    data = CARDS[card_slug(card)]
    reward = data.reward
    battalions = reward.battalions(allegiance(role)) if reward else 0
    extra = reward.extra_territory_cards if reward else 0
    parts = []
    if battalions:
        parts.append(
            ntr(
                "+{count} battalion in {territory}",
                "+{count} battalions in {territory}",
                battalions,
                territory=place_name(str(data.site)),
            )
        )
    if extra == 1:
        parts.append(tr("an extra territory card"))
    elif extra:
        parts.append(ntr("{count} extra territory card", "{count} extra territory cards", extra))
    return listed(parts) or tr("no reward but its points")


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
