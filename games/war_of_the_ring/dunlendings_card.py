"""Rage of the Dunlendings, the module's text (card ``shs_11t``; it replaces the base ``shs_11``
when the switches ``cards`` and ``dunlendings`` are on, D3): *Play if the Hillmen of Dunland are
in play. Recruit up to 4 Dunlendings and add them to a Shadow Army in North Dunland or South
Dunland (within the stacking limit); that Army may then move or attack.*

- The Army: a Shadow Army with units in the open in North or South Dunland (``choose <region>``
  when both have one); with none the card does nothing.
- "Up to 4": as many as the faction's pool and the stacking limit allow, at most 4 (ours: fewer
  is never better for the Shadow, so it is not asked).
- Then the Army may move (``army <region>``: one move of one region, like an Army die's move) or
  attack (``attack <region> <target>``), or neither (``done``).

The card framework registers :class:`RageOfTheDunlendings` in the event-card registry once the
module's cards are Event cards (:func:`handler`).
"""

from __future__ import annotations

from typing import Any

from games.core import Action, State, emit
from games.core.flow import Frame

from . import dunlendings
from .battle_actions import card_attack, choices
from .board import add, room, units
from .data import DUNLENDINGS, SHADOW
from .event_cards import words
from .event_cards.base import EventCard, ask
from .event_cards.marching import Staged, may_move, move_from, region_choices, wait
from .i18n import mark, region_title, tr

CARD = "shs_11t"
MOST = 4
TITLE = mark("Rage of the Dunlendings: move the Army")


def armies(state: State) -> list[str]:
    """The Dunlands where a Shadow Army stands in the open."""
    return [r for r in dunlendings.DUNLANDS if units(state, r, SHADOW)]


def recruit(state: State, region: str) -> int:
    """Up to 4 Dunlendings join the Army there (the pool and the stacking limit allowing)."""
    n = min(MOST, dunlendings.pool(state), room(state, region, SHADOW))
    add(state, region, DUNLENDINGS, "regular", n)
    dunlendings.told_recruited(state, region, n)
    return n


def then_options(state: State, region: str) -> list[tuple[Action, str]]:
    """The Army's move or attack after the recruitment (legal ones only), and ``done``: words
    the question keeps in every language (:mod:`.event_cards.words`)."""
    found: list[tuple[Action, str]] = []
    if may_move(state, SHADOW, 1, TITLE, only=[region]):
        move = words.tr("Move the Army in {region}", region=words.place(region))
        found.append((Action("army", (region,)), move))
    for action in choices(state, SHADOW, leader=False):
        if action.args[0] == region:
            target, origin = words.place(action.args[1]), words.place(region)
            found.append((action, words.tr("Attack {region} from {origin}", region=target, origin=origin)))
    if found:
        found.append((Action("done"), words.tr("Neither move nor attack")))
    return found


class RageOfTheDunlendings(Staged):
    card = CARD

    def can_play(self, state: State, side: str) -> bool:
        return dunlendings.in_play(state)

    def next(self, state: State, side: str, frame: Frame, stage: str, value: Any) -> bool:
        data = frame["data"]
        if stage == "start":
            found = armies(state)
            if not found:
                emit(state, "dunlendings_no_army", {})
                return False
            if len(found) > 1:
                options = region_choices("choose", found, "The Army in {region}")
                return ask(
                    frame,
                    side,
                    "army",
                    options,
                    words.tr("which Army?"),
                    words.tr("Which Army do the Dunlendings join?"),
                )
            stage, value = "army", Action("choose", (found[0],))
        if stage == "army":
            region = data["region"] = str(value.args[0])
            recruit(state, region)
            options = then_options(state, region)
            if not options:
                return False
            title, text = words.tr("then"), words.tr("The Army may now move or attack.")
            return ask(frame, side, "then", options, title, text)
        if stage == "then" and value.verb == "army":
            move_from(state, SHADOW, data["region"], 1, TITLE, only=[data["region"]])
            return wait(frame, "moved")
        if stage == "then" and value.verb == "attack":
            card_attack(state, SHADOW, value.args[0], value.args[1], {})
            return wait(frame, "fought")
        return False


def handler() -> EventCard:
    """The card's handler (built once the module's cards are Event cards)."""
    return RageOfTheDunlendings()


def label(state: State, role: str, action: Action) -> str | None:
    """Button words for Rage of the Dunlendings' questions (``None``: not this card's); the same
    words the card's question keeps, in the reader's language."""
    top = state["stack"][-1] if state["stack"] else None
    if top is None or top["step"] != "event" or top.get("card") != CARD or not top.get("ask"):
        return None
    args = action.args
    if action.verb == "choose" and len(args) == 1:
        return tr("The Army in {region}", region=region_title(args[0]))
    if action.verb == "army" and len(args) == 1:
        return tr("Move the Army in {region}", region=region_title(args[0]))
    if action.verb == "attack" and len(args) == 2:
        return tr("Attack {region} from {origin}", region=region_title(args[1]), origin=region_title(args[0]))
    return None
