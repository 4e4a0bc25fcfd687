"""The effects of the power cards, one registration per card kind (on import).

Powers played in one's own turn register :class:`~games.lotr_risk.powers.PowerHooks`; every
decision they need is an argument of the ``power`` action itself (``power
you_shall_not_pass-1 the_shire buckland``), so no card needs a step of its own (:data:`STEPS` is
empty). A power may be played whenever its moment comes, as at the table, even when its effect
turns out small (Gríma against a lone defender); it is offered only when it can be carried out
at all (Borne to Another Place needs a leader on the board).

- *before an attack* (battle step, before the first roll): Gríma Wormtongue (up to 2 defenders
  desert to the attacking territory, one always stays), Ambush (+3 in the attacking territory),
  The Enemy Is At Hand / Siege Machines (against a stronghold: no stronghold +1 in this attack),
  Black Sails (a seaborne attack: +1 to the attacker's highest die in each of its rolls);
- *in the combat menu*: The Way Is Under the Mountains declares an attack between two
  territories touching one mountain range (:data:`games.lotr_risk.data.RANGES`);
- *at the start of the turn* (reinforcement, before the first trade or placement): You Shall Not
  Pass! (a bridge that battalions cross only with a leader, until the player's next turn),
  Borne to Another Place (a leader to any own territory), Hunt for the Ringbearer (+4 where the
  Fellowship stands if held, else it moves on one space without a roll);
- *after the last attack* (fortify, before the first move): Move by Night (+3 moves where
  redeployment is limited).

Reaction powers register :class:`~games.lotr_risk.powers.ReactionHooks`: armed in advance with a
condition, they fire by themselves. On an attack declared on the player: Courage Alone Will Not
Save You (+4 there), Strategic Withdrawal (all but one battalion to a neighbour of his), Violent
Storms (a seaborne attack loses the battalions of one battle, up to 3). On the Fellowship's
move: Knife in the Dark, Dangerous Crossing and Gollum (a space without a die needs a roll of 4
or more), A Balrog Is Come and Boromir (the Fellowship stays), Faramir, Sméagol, Captured by
Orcs and Shelob's Lair (the roll changes). A Ring card may wait for one space of the path, and
``decisive`` makes it fire only when it changes whether the Fellowship leaves.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from functools import cache
from typing import Any

from games.core import Action, State, emit
from games.core.flow import Frame, Step

from . import battle, powers
from .board import card_name, card_slug, geometry
from .data import CARDS, RANGES, SETUP, TERRITORIES, board
from .effects import Effect, EffectKind, add_effect, attack_blocked, move_blocked, register_effect
from .fortify import free_leader
from .grammar import place_name
from .i18n import card_effect, card_title, english, listed, ntr, ptr, tr
from .missions import arrive
from .options import die_threshold, geo, is_trilogy
from .powers import Armed, PowerHooks, ReactionHooks, register_power, register_reaction
from .roles import NEUTRAL, leader_at, own_leader_at, owned, role_title
from .victory import end_by_score

log = logging.getLogger(__name__)

#: Every decision of a power is an argument of its ``power`` action: no step of its own.
STEPS: tuple[Step, ...] = ()

GRIMA_DESERTERS = 2
AMBUSH_BATTALIONS = 3
COURAGE_BATTALIONS = 4
HUNT_BATTALIONS = 4
NIGHT_MOVES = 3
KNIFE_THRESHOLD = 4
#: An armed Ring card with this word fires only when it changes whether the Fellowship leaves.
DECISIVE = "decisive"
PLUS, MINUS = "plus", "minus"
#: At most this many conditions per card (one Discord menu group holds 125).
MAX_CONDITIONS = 100

Context = dict[str, Any]


def _play(card: str, *args: str) -> Action:
    return Action("power", (card, *args))


def _just_the_card(state: State, role: str, card: str) -> list[Action]:
    return [_play(card)]


def _frame(state: State) -> Frame:
    """The step offering the power (the battle, the reinforcement, the fortify...)."""
    frame: Frame = state["stack"][-1]
    return frame


def _name(action: Action) -> str:
    return card_name(action.args[0])


def _add_battalions(state: State, role: str, territory: str, count: int) -> None:
    state["troops"][territory] += count
    emit(state, "power_battalions", {"role": role, "territory": territory, "count": count})


# -- before an attack ---------------------------------------------------------------------------
def deserters(state: State, territory: str) -> int:
    """Battalions that desert ``territory`` to Gríma: up to 2, one always stays.

    >>> deserters({"troops": {"rohan": 5}}, "rohan"), deserters({"troops": {"rohan": 2}}, "rohan")
    (2, 1)
    """
    return max(0, min(GRIMA_DESERTERS, int(state["troops"][territory]) - 1))


def _grima(state: State, role: str, action: Action) -> None:
    frame = _frame(state)
    source, target = frame["from"], frame["to"]
    count = deserters(state, target)
    state["troops"][target] -= count
    state["troops"][source] += count
    facts = {"role": role, "from": target, "to": source, "count": count, "defender": state["owner"][target]}
    emit(state, "power_deserted", facts)


def _grima_label(state: State, role: str, action: Action) -> str:
    frame = _frame(state)
    count, target = deserters(state, frame["to"]), place_name(frame["to"])
    if not count:
        return tr(
            "Play {card}: nobody deserts {territory} (one battalion always stays)",
            card=_name(action),
            territory=target,
        )
    return ntr(
        "Play {card}: {count} battalion of {territory} joins you",
        "Play {card}: {count} battalions of {territory} join you",
        count,
        card=_name(action),
        territory=target,
    )


def _ambush(state: State, role: str, action: Action) -> None:
    _add_battalions(state, role, _frame(state)["from"], AMBUSH_BATTALIONS)


def _ambush_label(state: State, role: str, action: Action) -> str:
    source = place_name(_frame(state)["from"])
    return ntr(
        "Play {card}: {count} battalion joins you in {territory}",
        "Play {card}: {count} battalions join you in {territory}",
        AMBUSH_BATTALIONS,
        card=_name(action),
        territory=source,
    )


class NoStronghold(EffectKind):
    """The Enemy Is At Hand / Siege Machines: the attacked stronghold gives no +1 this attack."""

    def text(self, state: State, effect: Effect) -> str:
        places = listed([place_name(t) for t in effect["territories"]])
        return tr(
            "{card}: the stronghold of {territory} gives no +1 in this attack",
            card=card_title(CARDS[effect["kind"]].name),
            territory=places,
        )

    def cancels_stronghold(self, state: State, effect: Effect, battle: Any) -> bool:
        return battle["to"] in effect["territories"]


def _no_stronghold(state: State, role: str, action: Action) -> None:
    target = _frame(state)["to"]
    add_effect(state, card_slug(action.args[0]), role, "attack", territories=[target])
    facts = {"role": role, "territory": target, "defender": state["owner"][target]}
    emit(state, "power_stronghold_cancelled", facts)


def _no_stronghold_label(state: State, role: str, action: Action) -> str:
    return tr(
        "Play {card}: no stronghold +1 for {territory} this attack",
        card=_name(action),
        territory=place_name(_frame(state)["to"]),
    )


class BlackSails(EffectKind):
    """+1 to the attacker's highest die in every roll of one seaborne invasion."""

    def text(self, state: State, effect: Effect) -> str:
        target = place_name(effect["territories"][0])
        return tr(
            "Black Sails: +1 to {role}'s highest die in the invasion of {territory}",
            role=role_title(effect["by"]),
            territory=target,
        )

    def dice_bonus(self, state: State, effect: Effect, battle: Any, side: str) -> int:
        mine = side == "attack" and battle["role"] == effect["by"] and battle["to"] in effect["territories"]
        return 1 if mine else 0


def _black_sails(state: State, role: str, action: Action) -> None:
    frame = _frame(state)
    add_effect(state, "black_sails", role, "attack", territories=[frame["to"]])
    emit(state, "power_black_sails", {"role": role, "from": frame["from"], "to": frame["to"]})


def _black_sails_label(state: State, role: str, action: Action) -> str:
    target = place_name(_frame(state)["to"])
    return tr(
        "Play {card}: +1 to your highest die in every roll against {territory}",
        card=_name(action),
        territory=target,
    )


# -- The Way Is Under the Mountains -------------------------------------------------------------
def mountain_attacks(state: State, role: str) -> dict[tuple[str, str], str]:
    """``{(from, to): range}``: attacks between two territories touching one mountain range."""
    g = geo(state)
    owner, troops = state["owner"], state["troops"]
    blocked = bool(state["effects"])
    found: dict[tuple[str, str], str] = {}
    for range_id, members in board(g.edition).ranges.items():
        sources = [t for t in members if owner[t] == role and troops[t] >= 2]
        targets = [t for t in members if owner[t] not in (role, None)]
        for source in sources:
            for target in targets:
                if (source, target) in found or (blocked and attack_blocked(state, role, source, target)):
                    continue
                found[(source, target)] = range_id
    return dict(sorted(found.items(), key=lambda item: (g.index[item[0][0]], g.index[item[0][1]])))


def _mountain_actions(state: State, role: str, card: str) -> list[Action]:
    return [_play(card, source, target) for source, target in mountain_attacks(state, role)]


def _mountain_attack(state: State, role: str, action: Action) -> None:
    _, source, target = action.args
    route = mountain_attacks(state, role)[(source, target)]
    emit(state, "power_mountain_attack", {"role": role, "from": source, "to": target, "range": route})
    battle.declare(state, role, source, target)


def _mountain_label(state: State, role: str, action: Action) -> str:
    _, source, target = action.args
    troops, defender = state["troops"], str(state["owner"][target])
    who = tr("neutral") if defender == NEUTRAL else role_title(defender)
    return tr(
        "Under the mountains: attack {target} ({defender}, {defending}) from {origin} ({attacking})",
        target=place_name(target),
        defender=who,
        defending=troops[target],
        origin=place_name(source),
        attacking=troops[source],
    )


def _mountain_explain(state: State, role: str, action: Action) -> str:
    _, source, target = action.args
    route = RANGES[mountain_attacks(state, role)[(source, target)]].name
    return tr(
        "Both touch the {range}: no border is needed. {effect}",
        range=route if english() else ptr("range", route),
        effect=card_effect("the_way_is_under_the_mountains"),
    )


# -- after the last attack ----------------------------------------------------------------------
def _move_by_night(state: State, role: str, action: Action) -> None:
    frame = _frame(state)
    unlimited = frame["moves_left"] is None
    if not unlimited:
        frame["moves_left"] += NIGHT_MOVES
    emit(state, "power_extra_moves", {"role": role, "count": NIGHT_MOVES, "unlimited": unlimited})


def _move_by_night_label(state: State, role: str, action: Action) -> str:
    if _frame(state)["moves_left"] is None:
        return tr("Play {card} (your moves are unlimited already; it scores)", card=_name(action))
    return ntr(
        "Play {card}: up to {count} more move this turn",
        "Play {card}: up to {count} more moves this turn",
        NIGHT_MOVES,
        card=_name(action),
    )


# -- at the start of the turn -------------------------------------------------------------------
@cache
def bridges(edition: str) -> tuple[tuple[str, str], ...]:
    """The bridges of an edition, each in board order, sorted (menus list them so)."""
    g = geometry(edition)
    pairs = (tuple(sorted(b, key=g.index.__getitem__)) for b in g.bridges)
    return tuple(sorted(((a, b) for a, b in pairs), key=lambda p: (g.index[p[0]], g.index[p[1]])))


def _on_bridge(effect: Effect, source: str, target: str) -> bool:
    return {source, target} == set(effect["territories"])


class BridgeHeld(EffectKind):
    """You Shall Not Pass!: battalions cross one bridge only with a leader (attacks, fortify)."""

    def text(self, state: State, effect: Effect) -> str:
        a, b = (place_name(t) for t in effect["territories"])
        return tr(
            "You Shall Not Pass!: no battalions cross the bridge between {one} and {other} without a leader",
            one=a,
            other=b,
        )

    def blocks_attack(self, state: State, effect: Effect, role: str, source: str, target: str) -> bool:
        return _on_bridge(effect, source, target) and free_leader(state, role, source) is None

    def blocks_move(
        self, state: State, effect: Effect, role: str, source: str, target: str, leader: bool
    ) -> bool:
        return not leader and _on_bridge(effect, source, target)


def _bridge_actions(state: State, role: str, card: str) -> list[Action]:
    return [_play(card, a, b) for a, b in bridges(state["options"]["edition"])]


def _hold_the_bridge(state: State, role: str, action: Action) -> None:
    _, a, b = action.args
    add_effect(state, "you_shall_not_pass", role, "next_turn", territories=[a, b])
    emit(state, "power_bridge_closed", {"role": role, "from": a, "to": b})


def _bridge_label(state: State, role: str, action: Action) -> str:
    _, a, b = action.args
    return tr(
        "Play {card} on the bridge between {one} and {other}",
        card=_name(action),
        one=place_name(a),
        other=place_name(b),
    )


def leader_crosses_with_them(state: State, role: str, territory: str) -> None:
    """A conquest across a held bridge: the leader crosses with the battalions moving in (a
    conquest hook; the attack needed a leader free to move in the attacking territory)."""
    if not state["effects"] or not state["stack"]:
        return
    frame = state["stack"][-1]
    if frame.get("step") not in ("battle", "defend") or frame.get("to") != territory:
        return
    source = frame["from"]
    held = any(
        e["kind"] == "you_shall_not_pass" and _on_bridge(e, source, territory) for e in state["effects"]
    )
    leader = free_leader(state, role, source) if held else None
    if leader is None:
        return
    leader["at"] = territory
    frame["leader_moved"] = True
    arrive(state, role, leader, territory)


def _borne_actions(state: State, role: str, card: str) -> list[Action]:
    spots = [t for t in owned(state, role) if leader_at(state, t) is None]
    return [_play(card, leader["at"], spot) for leader in state["leaders"][role] for spot in spots]


def _borne(state: State, role: str, action: Action) -> None:
    _, source, target = action.args
    leader = own_leader_at(state, role, source)
    assert leader is not None
    leader["at"] = target  # borne, not arriving: no mission, no site of power (see the docs)
    emit(state, "power_leader_borne", {"role": role, "from": source, "to": target})


def _borne_label(state: State, role: str, action: Action) -> str:
    _, source, target = action.args
    return tr(
        "Play {card}: your leader from {origin} to {destination}",
        card=_name(action),
        origin=place_name(source),
        destination=place_name(target),
    )


def _hunt_actions(state: State, role: str, card: str) -> list[Action]:
    ring = state["ring"]
    return [] if ring is None or ring["done"] else [_play(card)]


def _hunt(state: State, role: str, action: Action) -> None:
    g = geo(state)
    ring = state["ring"]
    here = g.path[ring["step"]]
    if state["owner"][here] == role:
        _add_battalions(state, role, here, HUNT_BATTALIONS)
    elif ring["step"] < g.final_step:
        ring["step"] += 1
        emit(state, "power_ring_hastened", {"role": role, "from": here, "to": g.path[ring["step"]]})
    elif is_trilogy(state):
        emit(state, "power_ring_no_further", {"role": role, "territory": here})
    else:  # middle-earth: moving on from the Dead Marshes, the Ring leaves Middle-earth
        ring["done"] = True
        facts = {"role": role, "territory": here, "roll": None, "threshold": die_threshold(state)}
        emit(state, "ring_end", {**facts, "destroyed": False})
        end_by_score(state, "ring_left")


def _hunt_label(state: State, role: str, action: Action) -> str:
    g = geo(state)
    step = state["ring"]["step"]
    here = g.path[step]
    if state["owner"][here] == role:
        return ntr(
            "Play {card}: {count} battalion in {territory}",
            "Play {card}: {count} battalions in {territory}",
            HUNT_BATTALIONS,
            card=_name(action),
            territory=place_name(here),
        )
    if step < g.final_step:
        return tr(
            "Play {card}: the Fellowship moves on to {territory}",
            card=_name(action),
            territory=place_name(g.path[step + 1]),
        )
    if is_trilogy(state):
        return tr(
            "Play {card} (the Fellowship can go no further than {territory})",
            card=_name(action),
            territory=place_name(here),
        )
    return tr("Play {card}: the Fellowship leaves Middle-earth and the game ends", card=_name(action))


# -- reactions to an attack ---------------------------------------------------------------------
def _attacked_here(state: State, role: str, armed: Armed, moment: str, context: Context) -> bool:
    when = armed["when"]
    return not when or when[0] == context["to"]


def _own_territories(state: State, role: str, card: str) -> list[tuple[str, ...]]:
    return [(), *((t,) for t in owned(state, role))]


def _courage(state: State, role: str, armed: Armed, moment: str, context: Context) -> None:
    _add_battalions(state, role, context["to"], COURAGE_BATTALIONS)


def _courage_words(condition: tuple[str, ...]) -> str:
    if not condition:
        return tr("when any territory of yours is attacked")
    return tr("when {territory} is attacked", territory=place_name(condition[0]))


def _own_ports(state: State, role: str, card: str) -> list[tuple[str, ...]]:
    g = geo(state)
    ports = [t for t in owned(state, role) if any(g.is_sea(t, n) for n in g.neighbours[t])]
    return [(), *((t,) for t in ports)]


def _storm_fires(state: State, role: str, armed: Armed, moment: str, context: Context) -> bool:
    return bool(context["sea"]) and _attacked_here(state, role, armed, moment, context)


def storm_losses(state: State, source: str) -> int:
    """The battalions of one battle from ``source``: up to 3, one always stays behind."""
    return min(SETUP.attack_dice, int(state["troops"][source]) - 1)


def _storm(state: State, role: str, armed: Armed, moment: str, context: Context) -> None:
    source = context["from"]
    count = storm_losses(state, source)
    state["troops"][source] -= count
    emit(
        state,
        "power_storm",
        {"role": role, "attacker": context["role"], "territory": source, "count": count},
    )


def _storm_words(condition: tuple[str, ...]) -> str:
    if not condition:
        return tr("when any port of yours is attacked from the sea")
    return tr("when {territory} is attacked from the sea", territory=place_name(condition[0]))


def _can_withdraw_to(state: State, role: str, source: str, target: str) -> bool:
    if state["owner"].get(target) != role or not geo(state).adjacent(source, target):
        return False
    return not (state["effects"] and move_blocked(state, role, source, target, False))


def withdrawal_to(state: State, role: str, when: list[str], territory: str) -> str | None:
    """Where an armed Strategic Withdrawal takes the battalions of ``territory``: the named
    neighbour, or else the neighbour of the player's with the most battalions (board order)."""
    if len(when) == 2:
        return when[1] if _can_withdraw_to(state, role, territory, when[1]) else None
    g = geo(state)
    options = [n for n in g.neighbours[territory] if _can_withdraw_to(state, role, territory, n)]
    return max(options, key=lambda n: (state["troops"][n], -g.index[n]), default=None)


def _withdrawal_conditions(state: State, role: str, card: str) -> list[tuple[str, ...]]:
    g = geo(state)
    owner = state["owner"]
    front = [t for t in owned(state, role) if any(owner[n] != role for n in g.neighbours[t])]
    found: list[tuple[str, ...]] = [()]
    found += [(t,) for t in front if any(owner[n] == role for n in g.neighbours[t])]
    found += [(t, n) for t in front for n in g.neighbours[t] if owner[n] == role]
    return found[:MAX_CONDITIONS]


def _withdrawal_fires(state: State, role: str, armed: Armed, moment: str, context: Context) -> bool:
    territory = context["to"]
    if not _attacked_here(state, role, armed, moment, context) or state["troops"][territory] < 2:
        return False
    return withdrawal_to(state, role, armed["when"], territory) is not None


def _withdraw(state: State, role: str, armed: Armed, moment: str, context: Context) -> None:
    source = context["to"]
    target = withdrawal_to(state, role, armed["when"], source)
    assert target is not None
    count = state["troops"][source] - 1
    state["troops"][source] -= count
    state["troops"][target] += count
    emit(state, "power_withdrawal", {"role": role, "from": source, "to": target, "count": count})


def _withdrawal_words(condition: tuple[str, ...]) -> str:
    if not condition:
        return tr("any territory attacked: to its strongest neighbour of yours")
    place = place_name(condition[0])
    if len(condition) == 1:
        return tr("when {territory} is attacked: to its strongest neighbour of yours", territory=place)
    return tr(
        "when {territory} is attacked: to {destination}",
        territory=place,
        destination=place_name(condition[1]),
    )


# -- reactions to the Fellowship's move ---------------------------------------------------------
def _where(armed: Armed) -> str | None:
    return next((w for w in armed["when"] if w in TERRITORIES), None)


def _decisive(armed: Armed) -> bool:
    return DECISIVE in armed["when"]


def leaves(context: Context) -> bool:
    """Whether the Fellowship leaves its space as things stand."""
    if context["stays"]:
        return False
    return not context["needs_roll"] or int(context["roll"]) >= int(context["threshold"])


def _ahead(state: State, die: bool | None = None) -> list[str]:
    """The spaces of the path from the Fellowship's on (only die spaces, or only plain ones)."""
    g = geo(state)
    ring = state["ring"]
    if ring is None:
        return []
    steps = range(int(ring["step"]), len(g.path))
    return [g.path[s] for s in steps if die is None or (s in g.die_steps) == die]


def _place_ok(armed: Armed, context: Context, fixed: str | None) -> bool:
    where = fixed or _where(armed)
    return where is None or context["territory"] == where


def _with_places(places: list[str], *prefix: str) -> list[tuple[str, ...]]:
    """Conditions: anywhere or at one place, at the first chance or only when decisive."""
    found = [(*prefix,), (*prefix, DECISIVE)]
    for place in places:
        found += [(*prefix, place), (*prefix, place, DECISIVE)]
    return found


def hold_hooks(fixed: str | None) -> ReactionHooks:
    """A Balrog Is Come (``fixed``: Moria) and Boromir: the Fellowship stays where it is."""

    def conditions(state: State, role: str, card: str) -> list[tuple[str, ...]]:
        return _with_places([] if fixed else _ahead(state))

    def fires(state: State, role: str, armed: Armed, moment: str, context: Context) -> bool:
        if context["stays"] or not _place_ok(armed, context, fixed):
            return False
        return not _decisive(armed) or leaves(context)

    def fire(state: State, role: str, armed: Armed, moment: str, context: Context) -> None:
        context["stays"] = True
        emit(state, "power_ring_held", {"role": role, "territory": context["territory"]})

    def words(condition: tuple[str, ...]) -> str:
        where = fixed or next((w for w in condition if w in TERRITORIES), None)
        if DECISIVE in condition:
            if where:
                return tr("only when the Ring would leave {territory}", territory=place_name(where))
            return tr("only when the Ring would leave a space")
        if where:
            return tr("the first time the Ring tries to leave {territory}", territory=place_name(where))
        return tr("the first time the Ring tries to leave a space")

    return ReactionHooks(conditions, fires, fire, words)


def _knife_conditions(state: State, role: str, card: str) -> list[tuple[str, ...]]:
    return [(), *((t,) for t in _ahead(state, die=False))]


def _knife_fires(state: State, role: str, armed: Armed, moment: str, context: Context) -> bool:
    plain = not context["die"] and not context["needs_roll"]
    return plain and _place_ok(armed, context, None)


def _knife(state: State, role: str, armed: Armed, moment: str, context: Context) -> None:
    context["needs_roll"], context["threshold"] = True, KNIFE_THRESHOLD
    facts = {"role": role, "territory": context["territory"], "threshold": KNIFE_THRESHOLD}
    emit(state, "power_ring_roll_needed", facts)


def _knife_words(condition: tuple[str, ...]) -> str:
    if not condition:
        return tr("at the next space without a die the Ring tries to leave")
    return tr("when the Ring tries to leave {territory}", territory=place_name(condition[0]))


def change_hooks(
    delta: Callable[[Armed], int],
    fixed: str | None = None,
    signs: tuple[str, ...] = ("",),
    words: Callable[[tuple[str, ...]], str] | None = None,
) -> ReactionHooks:
    """Faramir, Sméagol, Captured by Orcs, Shelob's Lair: the roll to leave a space changes."""

    def conditions(state: State, role: str, card: str) -> list[tuple[str, ...]]:
        places = [] if fixed else _ahead(state, die=True)
        found: list[tuple[str, ...]] = []
        for sign in signs:
            found += _with_places(places, *((sign,) if sign else ()))
        return found

    def fires(state: State, role: str, armed: Armed, moment: str, context: Context) -> bool:
        if context["roll"] is None or context["stays"] or not _place_ok(armed, context, fixed):
            return False
        changed = int(context["roll"]) + delta(armed) >= int(context["threshold"])
        return not _decisive(armed) or changed != leaves(context)

    def fire(state: State, role: str, armed: Armed, moment: str, context: Context) -> None:
        before = int(context["roll"])
        context["roll"] = before + delta(armed)
        facts = {"role": role, "territory": context["territory"], "before": before, "after": context["roll"]}
        emit(state, "power_ring_roll_changed", facts)

    return ReactionHooks(conditions, fires, fire, words)


def _faramir_delta(armed: Armed) -> int:
    return 2 if PLUS in armed["when"] else -2


def _roll_words(change: int | None, fixed: str | None = None) -> Callable[[tuple[str, ...]], str]:
    """Words for the conditions of a card that changes the roll by ``change`` (``None``: by 2,
    plus or minus as the condition says)."""

    def words(condition: tuple[str, ...]) -> str:
        amount = change if change is not None else (2 if PLUS in condition else -2)
        place = fixed or next((w for w in condition if w in TERRITORIES), None)
        words = {"amount": abs(amount), "territory": place_name(place) if place else ""}
        if DECISIVE in condition:
            if amount > 0 and place:
                return tr("add {amount} to a roll in {territory} if that lets the Ring leave", **words)
            if amount > 0:
                return tr("add {amount} to a roll if that lets the Ring leave", **words)
            if place:
                return tr("take {amount} from a roll in {territory} if that keeps the Ring", **words)
            return tr("take {amount} from a roll if that keeps the Ring", **words)
        if amount > 0 and place:
            return tr("add {amount} to the Ring's next roll in {territory}", **words)
        if amount > 0:
            return tr("add {amount} to the Ring's next roll", **words)
        if place:
            return tr("take {amount} from the Ring's next roll in {territory}", **words)
        return tr("take {amount} from the Ring's next roll", **words)

    return words


# -- registrations ------------------------------------------------------------------------------
def _register() -> None:
    no_stronghold = NoStronghold()
    for slug in ("the_enemy_is_at_hand", "siege_machines"):
        register_effect(slug, no_stronghold)
        register_power(slug, PowerHooks(_just_the_card, _no_stronghold, _no_stronghold_label))
    register_effect("black_sails", BlackSails())
    register_effect("you_shall_not_pass", BridgeHeld())
    register_power("grima_wormtongue", PowerHooks(_just_the_card, _grima, _grima_label))
    register_power("ambush", PowerHooks(_just_the_card, _ambush, _ambush_label))
    register_power("black_sails", PowerHooks(_just_the_card, _black_sails, _black_sails_label))
    register_power(
        "the_way_is_under_the_mountains",
        PowerHooks(_mountain_actions, _mountain_attack, _mountain_label, _mountain_explain),
    )
    register_power("move_by_night", PowerHooks(_just_the_card, _move_by_night, _move_by_night_label))
    register_power("you_shall_not_pass", PowerHooks(_bridge_actions, _hold_the_bridge, _bridge_label))
    register_power("borne_to_another_place", PowerHooks(_borne_actions, _borne, _borne_label))
    register_power("hunt_for_the_ringbearer", PowerHooks(_hunt_actions, _hunt, _hunt_label))
    powers.CONQUEST_HOOKS.append(leader_crosses_with_them)

    register_reaction(
        "courage_alone_will_not_save_you",
        ReactionHooks(_own_territories, _attacked_here, _courage, _courage_words),
    )
    register_reaction("violent_storms", ReactionHooks(_own_ports, _storm_fires, _storm, _storm_words))
    register_reaction(
        "strategic_withdrawal",
        ReactionHooks(_withdrawal_conditions, _withdrawal_fires, _withdraw, _withdrawal_words),
    )
    register_reaction("a_balrog_is_come", hold_hooks("moria"))
    register_reaction("boromir_tries_to_seize_the_one_ring", hold_hooks(None))
    for slug in ("knife_in_the_dark", "dangerous_crossing", "gollum"):
        register_reaction(slug, ReactionHooks(_knife_conditions, _knife_fires, _knife, _knife_words))
    register_reaction(
        "faramir_finds_the_ringbearer",
        change_hooks(_faramir_delta, signs=(PLUS, MINUS), words=_roll_words(None)),
    )
    register_reaction("smeagol", change_hooks(lambda armed: 2, words=_roll_words(2)))
    register_reaction(
        "captured_by_orcs",
        change_hooks(lambda armed: -1, "gorgoroth", words=_roll_words(-1, "gorgoroth")),
    )
    register_reaction(
        "shelobs_lair",
        change_hooks(lambda armed: -2, "minas_morgul", words=_roll_words(-2, "minas_morgul")),
    )


_register()
