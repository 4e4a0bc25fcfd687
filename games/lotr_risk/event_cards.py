"""The effects of the event cards: :func:`resolve_event` and one resolver per card kind.

An event drawn is revealed at once (``event_revealed``) and put on the adventure discard pile,
then resolved here, and another adventure card is drawn (:mod:`games.lotr_risk.draws`). A
resolver that needs a decision calls a step of :data:`STEPS` with ``flow.call(state, step,
...)`` ending in ``flow.ret(state)``; the draw resumes by itself afterwards.

- **Appoint a Second Leader**: one more leader piece, placed at once on a territory of the
  player's without a leader (asked when there is a choice); nothing with two leaders on the board.
- **Winter Storms / Raiders / Mustering of Middle-earth** turn up the top three territory cards
  (:func:`turn_up`: a wild card is discarded and replaced; all go to the discard pile): no attack
  into or out of them until the player's next turn / each loses half its battalions, rounded
  down / each holder adds 3 there.
- **Local Uprising**: a territory card drawn in secret into ``state["aside"][role]``, revealed by
  itself (4 battalions there) as soon as the player holds that territory: at once if he does, or
  when he conquers it (:data:`games.lotr_risk.powers.CONQUEST_HOOKS`).
- **Corsairs of Umbar**: until the player's next turn, an attack declared across a sea route
  first loses 3 battalions of the attacking territory (one always stays).
- **The Black Gates Open, They've Brought a Cave Troll, The Entmoot, Aragorn Arrives**: the card's
  territory gains ``gain`` battalions when its holder has the card's allegiance, else loses
  ``loss`` (one always stays); nothing while the neutral army holds it.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from games.core import Action, State, emit
from games.core.flow import Frame, Step, barrier, call, ret

from . import effects, powers
from .board import card_slug, card_territory
from .cards import draw_territory_card
from .data import CARDS, card_of
from .effects import Effect, EffectKind
from .grammar import names, place_name
from .i18n import ntr, tr
from .invariants import MAX_LEADERS
from .leaders import leader_action, leader_spots, place_leader
from .roles import NEUTRAL, allegiance, role_title

log = logging.getLogger(__name__)

Resolver = Callable[[State, str, str], None]

#: How many territory cards Winter Storms, Raiders and Mustering of Middle-earth turn up.
TURNED_UP = 3
MUSTERING_BATTALIONS = 3
UPRISING_BATTALIONS = 4
CORSAIRS_LOSS = 3
UPRISING = "local_uprising"


# -- territory cards turned up -----------------------------------------------------------------
def draw_named(state: State, count: int) -> tuple[list[str], list[str]]:
    """Draw territory cards until ``count`` of them name a territory (or none is left).

    Returns those cards and the wild cards met on the way, which each stand for nothing and are
    replaced by the next card. Both stay out of the piles until the caller puts them somewhere,
    so an emptied deck rebuilt from the discard pile never turns up the same card twice.
    """
    named: list[str] = []
    wilds: list[str] = []
    while len(named) < count:
        card = draw_territory_card(state)
        if card is None:
            break
        (wilds if card_territory(card) is None else named).append(card)
    return named, wilds


def turn_up(state: State) -> tuple[list[str], int]:
    """Turn up the top territory cards for an event: their territories and the wild cards
    replaced. Every card turned up goes to the territory discard pile."""
    named, wilds = draw_named(state, TURNED_UP)
    state["decks"]["territory_discard"].extend([*named, *wilds])
    return [t for c in named if (t := card_territory(c)) is not None], len(wilds)


# -- Appoint a Second Leader -------------------------------------------------------------------
def appoint_second_leader(state: State, role: str, card: str) -> None:
    if len(state["leaders"][role]) >= MAX_LEADERS:
        emit(state, "second_leader_none", {"role": role, "why": "two"})
        return
    spots = leader_spots(state, role)
    if not spots:
        emit(state, "second_leader_none", {"role": role, "why": "room"})
        return
    if len(spots) == 1:
        place_second_leader(state, role, spots[0])
        return
    call(state, "second_leader", role=role, card=card)


def place_second_leader(state: State, role: str, territory: str) -> None:
    """The card brings one more leader piece into play, placed in ``territory`` (not arriving)."""
    state["spare_leaders"][role] += 1
    place_leader(state, role, territory)
    emit(state, "second_leader_placed", {"role": role, "territory": territory})


class PlaceSecondLeader(Step):
    """Appoint a Second Leader: on which of his territories the player puts the new leader."""

    name = "second_leader"
    kind = "second_leader"

    def active(self, state: State, frame: Frame) -> frozenset[str]:
        return frozenset((frame["role"],))

    def actions(self, state: State, frame: Frame, role: str) -> tuple[Action, ...]:
        return tuple(leader_action(t) for t in leader_spots(state, role))

    def legal(self, state: State, frame: Frame, role: str, action: Action) -> bool:
        args = action.args
        return action.verb == "leader" and len(args) == 1 and args[0] in leader_spots(state, role)

    def title(self, state: State, frame: Frame, role: str) -> str:
        return tr("Appoint a Second Leader: place your new leader")

    def instruction(self, state: State, frame: Frame, role: str) -> str:
        return tr("Appoint a Second Leader: put your new leader on any of your territories without a leader.")

    def waiting(self, state: State, frame: Frame) -> str:
        return tr("Waiting for {role} to place a second leader.", role=role_title(frame["role"]))

    def apply(self, state: State, frame: Frame, role: str, action: Action) -> None:
        place_second_leader(state, role, action.args[0])
        ret(state)


# -- Winter Storms, Raiders, Mustering of Middle-earth -----------------------------------------
class WinterStorms(EffectKind):
    """Nobody attacks into or out of the territories turned up, until the drawer's next turn."""

    def text(self, state: State, effect: Effect) -> str:
        where = names([place_name(t) for t in effect["territories"]])
        return tr(
            "Winter Storms: no attack into or out of {territories} until {role}'s next turn.",
            territories=where,
            role=role_title(effect["by"]),
        )

    def blocks_attack(self, state: State, effect: Effect, role: str, source: str, target: str) -> bool:
        return source in effect["territories"] or target in effect["territories"]


def winter_storms(state: State, role: str, card: str) -> None:
    territories, wilds = turn_up(state)
    if territories:
        effects.add_effect(state, "winter_storms", role, "next_turn", territories=territories)
    emit(state, "winter_storms_fell", {"role": role, "territories": territories, "wilds": wilds})


def raiders(state: State, role: str, card: str) -> None:
    territories, wilds = turn_up(state)
    troops = state["troops"]
    losses: dict[str, int] = {}
    for territory in territories:
        losses[territory] = troops[territory] // 2  # rounded down: at least one always stays
        troops[territory] -= losses[territory]
    holders = {t: state["owner"][t] for t in territories}
    emit(state, "raiders_struck", {"role": role, "losses": losses, "holders": holders, "wilds": wilds})


def mustering(state: State, role: str, card: str) -> None:
    territories, wilds = turn_up(state)
    for territory in territories:
        state["troops"][territory] += MUSTERING_BATTALIONS  # for whoever holds it, neutral too
    emit(
        state,
        "mustering_gathered",
        {
            "role": role,
            "territories": territories,
            "holders": {t: state["owner"][t] for t in territories},
            "battalions": MUSTERING_BATTALIONS,
            "wilds": wilds,
        },
    )


# -- Local Uprising ----------------------------------------------------------------------------
def local_uprising(state: State, role: str, card: str) -> None:
    named, wilds = draw_named(state, 1)
    state["decks"]["territory_discard"].extend(wilds)
    if not named:
        emit(state, "uprising_no_card", {"role": role, "wilds": len(wilds)})
        return
    drawn = named[0]
    state["aside"][role].append({"card": drawn, "for": card})
    emit(
        state,
        "uprising_drawn",
        {"role": role, "wilds": len(wilds)},
        {role: ("own_uprising_drawn", {"card": drawn, "wilds": len(wilds)})},
    )
    territory = card_territory(drawn)
    if territory is not None and state["owner"][territory] == role:
        reveal_uprisings(state, role, territory)


def reveal_uprisings(state: State, role: str, territory: str) -> None:
    """``role`` holds ``territory``: reveal his Local Uprising card of it, 4 battalions there.

    Also a :data:`~games.lotr_risk.powers.CONQUEST_HOOKS` hook: a conquest is the only way a
    territory changes hands.
    """
    mine = state["aside"].get(role, ())
    found = [
        e for e in mine if card_slug(str(e["for"])) == UPRISING and card_territory(e["card"]) == territory
    ]
    for entry in found:
        barrier(state)  # a revealed card is never taken back
        state["aside"][role].remove(entry)
        state["decks"]["territory_discard"].append(entry["card"])
        state["troops"][territory] += UPRISING_BATTALIONS
        emit(
            state,
            "uprising_revealed",
            {"role": role, "territory": territory, "battalions": UPRISING_BATTALIONS},
        )


# -- Corsairs of Umbar -------------------------------------------------------------------------
class Corsairs(EffectKind):
    """Every attack declared across a sea route first loses 3 battalions (one stays)."""

    def text(self, state: State, effect: Effect) -> str:
        return ntr(
            "Corsairs of Umbar: every attack across a sea route first loses {count} attacking battalion "
            "(one stays) until {role}'s next turn.",
            "Corsairs of Umbar: every attack across a sea route first loses {count} attacking battalions "
            "(one stays) until {role}'s next turn.",
            CORSAIRS_LOSS,
            role=role_title(effect["by"]),
        )

    def on_declare(self, state: State, effect: Effect, battle: dict[str, Any]) -> None:
        if not battle["sea"]:
            return
        source = battle["from"]
        lost = min(CORSAIRS_LOSS, state["troops"][source] - 1)
        if lost <= 0:
            return
        state["troops"][source] -= lost
        spent = state["troops"][source] < 2  # the attack cannot go on: the battle ends it
        emit(
            state,
            "corsairs_struck",
            {"role": battle["role"], "from": source, "to": battle["to"], "lost": lost, "spent": spent},
        )


def corsairs_of_umbar(state: State, role: str, card: str) -> None:
    effects.add_effect(state, "corsairs_of_umbar", role, "next_turn")
    emit(state, "corsairs_sail", {"role": role, "battalions": CORSAIRS_LOSS})


# -- the territory of one side -----------------------------------------------------------------
def allegiance_event(state: State, role: str, card: str) -> None:
    """The card's territory gains if its holder is of the card's side, else loses (one stays)."""
    data = card_of(card)
    territory, gain, loss = data.territory, data.gain, data.loss
    assert territory is not None and gain is not None and loss is not None, f"{card} names no territory"
    holder = state["owner"][territory]
    event = card_slug(card)
    if holder == NEUTRAL or holder not in state["roles"]:
        emit(state, "event_neutral", {"card": event, "territory": territory})
        return
    troops = state["troops"]
    if allegiance(holder) == data.needs:
        troops[territory] += gain
        emit(state, "event_gain", {"card": event, "role": holder, "territory": territory, "battalions": gain})
        return
    lost = min(loss, troops[territory] - 1)
    troops[territory] -= lost
    emit(state, "event_loss", {"card": event, "role": holder, "territory": territory, "battalions": lost})


#: Extra decision steps of the events (registered by the ruleset with the game's own steps).
STEPS: tuple[Step, ...] = (PlaceSecondLeader(),)
#: ``{event slug: resolver(state, role, card)}``: every event card kind of the data.
RESOLVERS: dict[str, Resolver] = {
    "appoint_a_second_leader": appoint_second_leader,
    "winter_storms": winter_storms,
    "raiders": raiders,
    "mustering_of_middle_earth": mustering,
    "local_uprising": local_uprising,
    "corsairs_of_umbar": corsairs_of_umbar,
    "the_black_gates_open": allegiance_event,
    "theyve_brought_a_cave_troll": allegiance_event,
    "the_entmoot": allegiance_event,
    "aragorn_arrives": allegiance_event,
}

effects.register_effect("winter_storms", WinterStorms())
effects.register_effect("corsairs_of_umbar", Corsairs())
powers.CONQUEST_HOOKS.append(reveal_uprisings)


def resolve_event(state: State, role: str, card: str) -> None:
    """Carry out the event ``card`` (a physical id) that ``role`` has just drawn.

    A card without a resolver is a defect of the data or the code, never a player's mistake: a
    :class:`LookupError` (not the ``ValueError`` of a refused action) says so.
    """
    slug = card_slug(card)
    resolver = RESOLVERS.get(slug)
    if resolver is None:
        kind = CARDS[slug].kind if slug in CARDS else "unknown"
        raise LookupError(f"{card!r} is not an event card with an effect (a {kind} card)")
    resolver(state, role, card)
