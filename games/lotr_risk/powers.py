"""The framework of adventure powers: when each may be played, and the hooks of each card.

**Powers played in one's own turn** are actions ``power <card> [args…]`` (``card`` is the
physical id, ``ambush`` or ``grima_wormtongue-2``) offered by the step whose timing matches:
:data:`TIMING_STEP` maps each card timing to that step, and :func:`timing_open` tells whether
the moment is still open (``before_attack`` only before the first roll of an attack...). A card
kind registers :class:`PowerHooks` with :func:`register_power`:

- ``power_actions(state, role, card) -> list[Action]``: the ``power`` actions that card allows
  now (empty: not playable now). ``state["stack"][-1]`` is the step offering it.
- ``play_power(state, role, action)``: its effect. The framework has already moved the card
  from the hand to ``played[role]`` (it scores) and logged ``power_played``. The hook may change
  the board, add an effect (:func:`games.lotr_risk.effects.add_effect`), change the offering
  step's frame (``frame["moves_left"] += 3`` in fortify), or ask a decision by
  ``flow.call(state, step, ...)`` of a step listed in ``power_cards.STEPS`` that ends with
  ``flow.ret(state)``: the offering step then resumes by itself.

**Reaction powers** (an enemy declares an attack on you; the Ring tries to leave a space) are
never asked at their moment, since a pause only for holders would reveal who holds one. They
are *armed* in advance, in one's own combat phase (``arm <card> [condition…]``, ``disarm
<card>``), stay secret in ``state["armed"][role]`` and fire by themselves. A card kind registers
:class:`ReactionHooks` with :func:`register_reaction`:

- ``conditions(state, role, card) -> list[tuple[str, ...]]``: the conditions it may be armed
  with (``()``: at the first chance; a territory; ``plus`` / ``minus``...);
- ``fires(state, role, armed, moment, context) -> bool``: whether it fires now;
- ``fire(state, role, armed, moment, context)``: its effect (the framework has revealed and
  played the card). It must not wait for a decision.

Moments (:data:`REACTION_MOMENT`): ``attack_declared`` (``context`` is the battle frame: ``from``,
``to``, ``role`` (attacker), ``defender``, ``sea``), ``ring_leaving`` (before any roll) and
``ring_rolled`` (after it). The Ring's ``context`` is a dict ``{"mover", "territory", "step",
"die", "final", "needs_roll", "threshold", "roll", "stays"}`` the hooks may change: set
``needs_roll``/``threshold`` before the roll, change ``roll`` or set ``stays`` after it.

Besides, :data:`TURN_START_HOOKS` and :data:`CONQUEST_HOOKS` are called at the start of every
turn ``(state, role)`` and after every conquest ``(state, role, territory)`` (for hidden cards
such as Local Uprising's).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from games.core import Action, State, emit
from games.core.flow import Frame, barrier

from .board import card_slug, is_territory_card
from .data import CARDS, TIMINGS, card_of
from .i18n import tr
from .options import geo, is_lotr
from .roles import hand, in_game

log = logging.getLogger(__name__)

#: Card timing -> the step that offers ``power`` actions of that timing.
TIMING_STEP: dict[str, str] = {
    "start_of_turn": "reinforce",
    "after_declaring_attack": "attack",
    "before_attack": "battle",
    "before_attacking_stronghold": "battle",
    "after_declaring_seaborne_attack": "battle",
    "after_last_attack": "fortify",
}
#: Reaction timing -> the moment its armed cards are tried.
REACTION_MOMENT: dict[str, str] = {
    "attack_declared_on_you": "attack_declared",
    "seaborne_attack_on_your_port": "attack_declared",
    "ring_leaves_plain_space": "ring_leaving",
    "ring_leaves_moria": "ring_rolled",
    "ring_leaves_any": "ring_rolled",
    "after_ring_roll": "ring_rolled",
    "after_ring_roll_gorgoroth": "ring_rolled",
    "after_ring_roll_minas_morgul": "ring_rolled",
}
MOMENTS = ("attack_declared", "ring_leaving", "ring_rolled")

ActionsHook = Callable[[State, str, str], list[Action]]
PlayHook = Callable[[State, str, Action], None]
LabelHook = Callable[[State, str, Action], str]
Armed = dict[str, Any]


def _no_actions(state: State, role: str, card: str) -> list[Action]:
    return []


def _no_effect(state: State, role: str, action: Action) -> None:
    return None


@dataclass(frozen=True, slots=True)
class PowerHooks:
    power_actions: ActionsHook = _no_actions
    play_power: PlayHook = _no_effect
    #: Optional labels for menus (defaults: "Play <card>" and the card's text).
    describe: LabelHook | None = None
    explain: LabelHook | None = None


def _first_chance(state: State, role: str, card: str) -> list[tuple[str, ...]]:
    return [()]


def _never(state: State, role: str, armed: Armed, moment: str, context: dict[str, Any]) -> bool:
    return False


def _nothing(state: State, role: str, armed: Armed, moment: str, context: dict[str, Any]) -> None:
    return None


@dataclass(frozen=True, slots=True)
class ReactionHooks:
    conditions: Callable[[State, str, str], list[tuple[str, ...]]] = _first_chance
    fires: Callable[[State, str, Armed, str, dict[str, Any]], bool] = _never
    fire: Callable[[State, str, Armed, str, dict[str, Any]], None] = _nothing
    #: Words for a condition ("when Rohan is attacked"); default: the values joined.
    describe_condition: Callable[[tuple[str, ...]], str] | None = None


POWERS: dict[str, PowerHooks] = {}
REACTIONS: dict[str, ReactionHooks] = {}
TURN_START_HOOKS: list[Callable[[State, str], None]] = []
CONQUEST_HOOKS: list[Callable[[State, str, str], None]] = []


def register_power(slug: str, hooks: PowerHooks) -> PowerHooks:
    """Give the power card kind ``slug`` (every copy) its hooks."""
    if CARDS[slug].kind != "power":
        raise ValueError(f"{slug} is not a power card")
    POWERS[slug] = hooks
    return hooks


def register_reaction(slug: str, hooks: ReactionHooks) -> ReactionHooks:
    if REACTION_MOMENT.get(CARDS[slug].timing or "") is None:
        raise ValueError(f"{slug} is not a reaction power")
    REACTIONS[slug] = hooks
    return hooks


def could_play_in(state: State, role: str, step: str) -> bool:
    """Whether ``role`` might hold a card to play or arm in ``step`` ("attack", "fortify"),
    judged from public facts only: he holds adventure cards (their number is public) and the
    edition's deck has cards of that moment. A phase opens on this, never on the cards held:
    a phase that waited only for a holder would tell everybody what he holds."""
    if not is_lotr(state) or not hand(state, role)["adventure"]:
        return False
    timings = _deck_timings(geo(state).edition)
    if step == "attack" and any(t in REACTION_MOMENT for t in timings):
        return True  # reactions are armed in one's own combat phase
    return any(TIMING_STEP.get(t) == step for t in timings)


@cache
def _deck_timings(edition: str) -> frozenset[str]:
    from .board import geometry

    return frozenset(t for card in geometry(edition).adventure_deck if (t := card_of(card).timing))


def timing(card: str) -> str | None:
    return card_of(card).timing


def is_reaction(card: str) -> bool:
    return (timing(card) or "") in REACTION_MOMENT


def timing_open(state: State, when: str, frame: Frame) -> bool:
    """Whether the moment ``when`` is open in the step of ``frame``."""
    step = frame["step"]
    if TIMING_STEP.get(when) != step:
        return False
    if when == "start_of_turn":
        return not frame["started"]
    if when == "after_last_attack":
        return not frame["moves"]
    if step == "battle":
        if frame["rolls"]:
            return False
        if when == "before_attacking_stronghold":
            return frame["to"] in geo(state).strongholds
        if when == "after_declaring_seaborne_attack":
            return bool(frame["sea"])
    return True


def timing_actions(state: State, role: str, frame: Frame) -> list[Action]:
    """The ``power`` actions ``role`` may take in the step of ``frame``."""
    found: list[Action] = []
    if not POWERS:
        return found
    for card in hand(state, role)["adventure"]:
        hooks = POWERS.get(card_slug(card))
        if hooks is None:
            continue
        when = timing(card)
        if when is None or not timing_open(state, when, frame):
            continue
        for action in hooks.power_actions(state, role, card):
            if action.verb == "power" and action.args[:1] == (card,):
                found.append(action)
    return found


def play(state: State, role: str, action: Action) -> None:
    """Play the power ``action`` names: reveal it, score it, then its hook."""
    card = action.args[0]
    barrier(state)  # a revealed card is never taken back
    hand(state, role)["adventure"].remove(card)
    state["played"][role].append(card)
    emit(state, "power_played", {"role": role, "card": card})
    POWERS[card_slug(card)].play_power(state, role, action)


def arm_actions(state: State, role: str) -> list[Action]:
    """``arm`` for every reaction card in hand not armed yet, ``disarm`` for the armed ones."""
    found: list[Action] = []
    if not REACTIONS:
        return found
    armed = {a["card"] for a in state["armed"][role]}
    for card in hand(state, role)["adventure"]:
        hooks = REACTIONS.get(card_slug(card))
        if hooks is None:
            continue
        if card in armed:
            found.append(Action("disarm", (card,)))
            continue
        found += [Action("arm", (card, *condition)) for condition in hooks.conditions(state, role, card)]
    return found


def arm(state: State, role: str, action: Action) -> None:
    """Arm or disarm in secret. No event: any public trace would tell who holds such a card."""
    card = action.args[0]
    mine = state["armed"][role]
    if action.verb == "disarm":
        state["armed"][role] = [a for a in mine if a["card"] != card]
        return
    mine.append({"card": card, "when": list(action.args[1:])})


def fire(state: State, moment: str, context: dict[str, Any], roles: list[str] | None = None) -> None:
    """Try the armed reactions of ``roles`` (default: every player, from the one whose turn it
    is) at ``moment``; each that fires is revealed, played and applied."""
    if not any(state["armed"].values()):
        return
    if roles is None:
        order = in_game(state)
        current = state["turn"]["role"]
        start = order.index(current) if current in order else 0
        roles = order[start:] + order[:start]
    for role in roles:
        for entry in list(state["armed"].get(role, ())):
            card = entry["card"]
            hooks = REACTIONS.get(card_slug(card))
            if hooks is None or REACTION_MOMENT.get(timing(card) or "") != moment:
                continue
            if card not in hand(state, role)["adventure"]:
                continue
            if not hooks.fires(state, role, entry, moment, context):
                continue
            barrier(state)
            state["armed"][role] = [a for a in state["armed"][role] if a["card"] != card]
            hand(state, role)["adventure"].remove(card)
            state["played"][role].append(card)
            emit(state, "reaction_played", {"role": role, "card": card})
            hooks.fire(state, role, entry, moment, context)
            if state["result"] is not None:
                return


def prune_armed(state: State, role: str) -> None:
    """Forget armed entries whose card left the hand (discarded, taken...)."""
    held = set(hand(state, role)["adventure"])
    mine = state["armed"][role]
    if any(a["card"] not in held for a in mine):
        state["armed"][role] = [a for a in mine if a["card"] in held]


def condition_words(card: str, condition: tuple[str, ...]) -> str:
    hooks = REACTIONS.get(card_slug(card))
    if hooks is not None and hooks.describe_condition is not None:
        return hooks.describe_condition(condition)
    return " ".join(condition) if condition else tr("at the first chance")


def all_timings_known() -> bool:
    """Every timing of the data is offered by a step or fires as a reaction."""
    return all(t in TIMING_STEP or t in REACTION_MOMENT for t in TIMINGS)


def is_power_card(card: str) -> bool:
    return not is_territory_card(card) and card_of(card).kind == "power"


__all__ = [
    "CONQUEST_HOOKS",
    "MOMENTS",
    "POWERS",
    "REACTIONS",
    "REACTION_MOMENT",
    "TIMING_STEP",
    "TURN_START_HOOKS",
    "PowerHooks",
    "ReactionHooks",
    "arm",
    "arm_actions",
    "fire",
    "play",
    "register_power",
    "register_reaction",
    "timing_actions",
    "timing_open",
]
