"""One declared attack, from declaration to its end: the attacker's rolls, the defender's dice,
the conquest and the move in. A procedure the combat phase calls; it returns when the attack
stops, can go on no more, or the conquered territory has been entered.

Frame ``battle`` (its ``step`` key switches between ``battle``, ``defend`` and ``advance``):
``role`` (attacker), ``from``, ``to``, ``defender`` (a role or ``neutral``), ``sea``, ``rolls``
(every roll so far), ``dice`` (the attack dice chosen), ``asked`` (the defender was asked once),
``conquered``, ``min`` (battalions that moved in with the conquest: the last roll's survivors),
and while ``until <n>`` rolls on, ``until`` (the battalions the attacking territory keeps).

``roll <dice>`` rolls once; ``until <n>`` rolls again and again, each roll as ``roll`` would
with the most dice that cannot take the attacking territory below ``n`` battalions, until the
target is conquered, the territory is down to ``n``, or the attack cannot go on. Each roll is
drawn and logged as a single one. When the defender's dice are his choice the game waits for
him as after a single roll, and then the rolls go on by themselves (:func:`roll_on`).

Dice: each attacking battalion (1 to 3, one always stays behind) rolls a die, the defender 1 or
2 (2 only with two battalions there and two attack dice or more; asked only when both are
possible; the neutral army's by the other player of a two-player game, and in a game of three or
four, where it holds a dropped player's territories, nobody asked: it rolls the most it may). A
leader adds 1 to his side's highest die (in attack while it has not yet won a
conquest this turn), a stronghold 1 to the defender's; a modified die may exceed 6. Highest
against highest, then second against second; each lost pair costs one battalion; ties go to
the defender. The attackers do not leave their territory before the conquest, so survivors of an
attack that stops are simply still there.
"""

from __future__ import annotations

import logging
from typing import Any

from games.core import Action, Amount, State, emit
from games.core.chance import roll
from games.core.flow import Frame, Step, barrier, call, ret

from . import effects, powers
from .events import PRESENTER
from .grammar import place_name
from .i18n import current, ntr, tr
from .missions import arrive
from .options import geo
from .roles import NEUTRAL, in_game, own_leader_at, role_title
from .victory import conquest_reason, eliminate, win

log = logging.getLogger(__name__)

STOP = Action("stop")
ROLL = {n: Action("roll", (str(n),)) for n in (1, 2, 3)}
ALL_IN = Action("until", ("1",))
DEFEND = {n: Action("defend", (str(n),)) for n in (1, 2)}


def declare(state: State, role: str, source: str, target: str, **extra: Any) -> None:
    """Start an attack of ``role`` from ``source`` on ``target`` (already checked legal).

    A declared attack is never taken back, armed reaction or not: if only the declarations
    that set one off were final, asking "Go ahead?" would tell the attacker who armed what.
    """
    barrier(state)
    defender = state["owner"][target]
    frame = call(
        state,
        "battle",
        role=role,
        **{"from": source, "to": target},
        defender=defender,
        sea=geo(state).is_sea(source, target),
        rolls=[],
        dice=0,
        asked=False,
        conquered=False,
        min=0,
        **extra,
    )
    emit(state, "attack_declared", {"role": role, "from": source, "to": target, "defender": defender})
    effects.on_declare(state, frame)
    if defender != NEUTRAL:
        powers.fire(state, "attack_declared", frame, [defender])
    if state["result"] is None and state["stack"][-1] is frame:
        check_can_go_on(state, frame)


def check_can_go_on(state: State, frame: Frame) -> None:
    """End the attack when it cannot go on (too few attackers, or the target changed hands)."""
    if state["owner"][frame["to"]] != frame["defender"] or state["troops"][frame["from"]] < 2:
        finish(state, frame, "spent")


def attacker_leader(state: State, frame: Frame) -> dict[str, Any] | None:
    """The attacker's leader fighting with the attack: in the attacking territory, fresh."""
    leader = own_leader_at(state, frame["role"], frame["from"])
    return leader if leader is not None and not leader["spent"] and not leader["stays"] else None


def attack_bonus(state: State, frame: Frame) -> int:
    bonus = 1 if attacker_leader(state, frame) is not None else 0
    return bonus + (effects.dice_bonus(state, frame, "attack") if state["effects"] else 0)


def defence_bonus(state: State, frame: Frame) -> int:
    target = frame["to"]
    bonus = 0
    if frame["defender"] != NEUTRAL and own_leader_at(state, frame["defender"], target) is not None:
        bonus += 1
    stronghold = state["options"]["mode"] == "lotr" and target in geo(state).strongholds
    if stronghold and (not state["effects"] or effects.stronghold_counts(state, frame)):
        bonus += 1
    return bonus + (effects.dice_bonus(state, frame, "defence") if state["effects"] else 0)


def defence_limit(state: State, frame: Frame, dice: int) -> int:
    """The most dice the defender may roll against ``dice`` attack dice."""
    return min(2, int(state["troops"][frame["to"]]), 1 if dice == 1 else 2)


def defence_chooser(state: State, frame: Frame) -> str | None:
    """Who chooses the defender's dice: the defender; for the neutral army the player who is not
    attacking (two players), or nobody in a game of three or four (the army of a player dropped
    on time): the engine rolls the most dice allowed for it (:func:`ask_defence`)."""
    if frame["defender"] != NEUTRAL:
        return str(frame["defender"])
    if len(state["roles"]) != 2:
        return None
    others = [r for r in in_game(state) if r != frame["role"]]
    return others[0] if others else str(frame["role"])


def ask_defence(state: State, frame: Frame) -> None:
    """The attack dice are chosen: ask for the defence dice when there is a choice and someone
    to make it, else roll the most the defender may."""
    limit = defence_limit(state, frame, frame["dice"])
    if limit >= 2 and defence_chooser(state, frame) is not None:
        frame["step"] = "defend"
        return
    resolve(state, frame, limit)


def defender_dropped(state: State, frame: Frame) -> None:
    """The defender was dropped on time before the attack was over: the neutral army holds the
    territory now and defends it; if the game was waiting for his dice, the engine rolls the
    most allowed for it at once (and an ``until`` goes on)."""
    frame["defender"] = NEUTRAL
    if frame["step"] == "defend":
        ask_defence(state, frame)
        roll_on(state, frame)


def until_dice(state: State, frame: Frame, keep: int) -> int:
    """The most attack dice that cannot take the attacking territory below ``keep`` battalions
    (a roll loses at most as many as the defence may roll dice against it)."""
    spare = int(state["troops"][frame["from"]]) - keep
    dice = max_dice(state, frame)
    while dice > 1 and min(dice, defence_limit(state, frame, dice)) > spare:
        dice -= 1
    return dice


def roll_until(state: State, frame: Frame, keep: int) -> None:
    """``until <keep>``: roll on until the conquest, ``keep`` battalions left, or the end."""
    frame["until"] = keep
    roll_on(state, frame)


def roll_on(state: State, frame: Frame) -> None:
    """Go on rolling while an ``until`` is under way: it stops at a conquest (the move in is
    asked), when the attack is over, when the attacking territory is down to the battalions it
    keeps (the attacker chooses again), or to wait for the defender's choice of dice (the rolls
    go on after his answer)."""
    keep = frame.get("until")
    if keep is None:
        return
    stack = state["stack"]
    while state["result"] is None and stack[-1] is frame and frame["step"] == "battle":
        if state["troops"][frame["from"]] <= keep:
            del frame["until"]  # down to what it keeps: the attacker decides again
            return
        frame["dice"] = until_dice(state, frame, keep)
        ask_defence(state, frame)


def max_dice(state: State, frame: Frame) -> int:
    return min(3, int(state["troops"][frame["from"]]) - 1)


def heading(state: State, frame: Frame) -> str:
    """``'Attack Rohan (Black, 4) from Fangorn (7)'``."""
    troops = state["troops"]
    return tr(
        "Attack {target} ({defender}, {defending}) from {origin} ({attacking})",
        target=place_name(frame["to"]),
        defender=role_title(frame["defender"]).capitalize(),
        defending=troops[frame["to"]],
        origin=place_name(frame["from"]),
        attacking=troops[frame["from"]],
    )


def resolve(state: State, frame: Frame, defence: int) -> None:
    """Roll ``frame["dice"]`` attack dice against ``defence`` dice and apply the losses."""
    dice = frame["dice"]
    a_bonus, d_bonus = attack_bonus(state, frame), defence_bonus(state, frame)
    attack = sorted((roll(state, "attack die") for _ in range(dice)), reverse=True)
    defend = sorted((roll(state, "defence die") for _ in range(defence)), reverse=True)
    a_mod = [attack[0] + a_bonus, *attack[1:]]
    d_mod = [defend[0] + d_bonus, *defend[1:]]
    lost_attack = lost_defence = 0
    for a, d in zip(a_mod, d_mod, strict=False):
        if a > d:
            lost_defence += 1
        else:
            lost_attack += 1
    troops = state["troops"]
    troops[frame["from"]] -= lost_attack
    troops[frame["to"]] -= lost_defence
    record = {
        "attack": attack,
        "defence": defend,
        "attack_bonus": a_bonus,
        "defence_bonus": d_bonus,
        "lost_attack": lost_attack,
        "lost_defence": lost_defence,
    }
    frame["rolls"].append(record)
    facts = {"role": frame["role"], "from": frame["from"], "to": frame["to"], "defender": frame["defender"]}
    emit(state, "rolled", {**facts, **record})
    if troops[frame["to"]] <= 0:
        conquer(state, frame, dice - lost_attack)
    else:
        frame["step"] = "battle"
        check_can_go_on(state, frame)


def conquer(state: State, frame: Frame, survivors: int) -> None:
    """The target is emptied: it changes hands and the last roll's survivors move in."""
    role, source, target = frame["role"], frame["from"], frame["to"]
    defender = frame["defender"]
    state["owner"][target] = role
    state["troops"][source] -= survivors
    state["troops"][target] = survivors
    frame["conquered"] = True
    frame["min"] = survivors
    state["turn"]["conquered"] = True
    state["turn"]["conquests"].append(target)
    lost = own_leader_at(state, defender, target) if defender != NEUTRAL else None
    frame["leader_lost"] = lost is not None
    if lost is not None:
        state["leaders"][defender].remove(lost)
        state["spare_leaders"][defender] += 1
    fighter = attacker_leader(state, frame)
    if fighter is not None:
        fighter["spent"] = True  # it has fought: no attack bonus for the rest of the turn
        if target in geo(state).sites:
            state["turn"]["sites"] = True  # a leader's battle conquered a site: a card is earned
    if defender != NEUTRAL and all(o != defender for o in state["owner"].values()):
        frame["eliminated"] = defender
        eliminate(state, defender, role)
    for hook in powers.CONQUEST_HOOKS:
        hook(state, role, target)
    reason = conquest_reason(state, role)
    if reason is not None:
        log_attack(state, frame, "conquered")
        win(state, [role], reason, role=role)
        return
    if not advance_choices(state, frame):
        finish(state, frame, "conquered")
        return
    frame["step"] = "advance"


def movable_leader(state: State, frame: Frame) -> dict[str, Any] | None:
    leader = own_leader_at(state, frame["role"], frame["from"])
    return leader if leader is not None and not leader["stays"] else None


def advance_choices(state: State, frame: Frame) -> bool:
    """Whether the move in is a real choice (more battalions could follow, or a leader)."""
    return state["troops"][frame["from"]] > 1 or movable_leader(state, frame) is not None


def finish(state: State, frame: Frame, ended: str) -> None:
    """The attack is over: log it whole (the post for the table) and return to the phase."""
    log_attack(state, frame, ended)
    effects.expire(state, "attack")
    ret(state, {"procedure": "battle", "conquered": bool(frame["conquered"])})


def log_attack(state: State, frame: Frame, ended: str) -> None:
    rolls = frame["rolls"]
    emit(
        state,
        "attack",
        {
            "role": frame["role"],
            "from": frame["from"],
            "to": frame["to"],
            "defender": frame["defender"],
            "rolls": [dict(r) for r in rolls],
            "lost_attack": sum(r["lost_attack"] for r in rolls),
            "lost_defence": sum(r["lost_defence"] for r in rolls),
            "conquered": bool(frame["conquered"]),
            "moved": state["troops"][frame["to"]] if frame["conquered"] else 0,
            "leader_moved": bool(frame.get("leader_moved")),
            "leader_lost": bool(frame.get("leader_lost")),
            "eliminated": frame.get("eliminated"),
            "ended": ended,
        },
    )
    state["last"] = {
        "kind": "attack",
        "role": frame["role"],
        "from": frame["from"],
        "to": frame["to"],
        "conquered": list(state["turn"]["conquests"]),
    }


def last_roll(frame: Frame) -> str:
    """The battle's last roll in words, then a space ("" before the first roll)."""
    if not frame["rolls"]:
        return ""
    args = {
        "role": frame["role"],
        "from": frame["from"],
        "to": frame["to"],
        "defender": frame["defender"],
        **frame["rolls"][-1],
    }
    return tr("Last roll: {roll} ", roll=PRESENTER.text("rolled", args, lang=current()))


class Roll(Step):
    """The attacker: roll 1 to 3 dice, stop, or play a power of the moment."""

    name = "battle"
    kind = "attack_roll"

    def active(self, state: State, frame: Frame) -> frozenset[str]:
        return frozenset((frame["role"],))

    def actions(self, state: State, frame: Frame, role: str) -> tuple[Action, ...]:
        acts = [ROLL[n] for n in range(max_dice(state, frame), 0, -1)]
        acts.append(ALL_IN)
        acts.append(STOP)
        if not frame["rolls"]:
            acts += powers.timing_actions(state, role, frame)
        return tuple(acts)

    def amounts(self, state: State, frame: Frame, role: str) -> tuple[Amount, ...]:
        """``until <n>``: the attacking territory keeps 1 (all in) to all but one battalion."""
        return (Amount("until", (), 1, int(state["troops"][frame["from"]]) - 1, extremes_named=False),)

    def legal(self, state: State, frame: Frame, role: str, action: Action) -> bool:
        if action.verb == "roll":
            args = action.args
            return len(args) == 1 and args[0] in ("1", "2", "3") and int(args[0]) <= max_dice(state, frame)
        if action.verb == "until":
            args = action.args
            return len(args) == 1 and args[0].isdigit() and 1 <= int(args[0]) < state["troops"][frame["from"]]
        if action.verb == "stop":
            return not action.args
        return action in self.actions(state, frame, role)

    def title(self, state: State, frame: Frame, role: str) -> str:
        return heading(state, frame)

    def instruction(self, state: State, frame: Frame, role: str) -> str:
        most = max_dice(state, frame)
        if frame["rolls"]:
            text = ntr(
                "Roll again once with 1 to {count} die (one battalion always stays behind), roll "
                "`until` you conquer or are down to a number of battalions, or stop.",
                "Roll again once with 1 to {count} dice (one battalion always stays behind), roll "
                "`until` you conquer or are down to a number of battalions, or stop.",
                most,
            )
            if most == 1:
                text = tr(
                    "Roll again once with 1 die (one battalion always stays behind), roll `until` you "
                    "conquer or are down to a number of battalions, or stop."
                )
        elif most == 1:
            text = tr(
                "Roll once with 1 die (one battalion always stays behind), roll `until` you conquer or "
                "are down to a number of battalions, or stop."
            )
        else:
            text = ntr(
                "Roll once with 1 to {count} die (one battalion always stays behind), roll `until` you "
                "conquer or are down to a number of battalions, or stop.",
                "Roll once with 1 to {count} dice (one battalion always stays behind), roll `until` you "
                "conquer or are down to a number of battalions, or stop.",
                most,
            )
        return last_roll(frame) + text

    def waiting(self, state: State, frame: Frame) -> str:
        return tr(
            "Waiting for {role}, who attacks {territory}.",
            role=role_title(frame["role"]),
            territory=place_name(frame["to"]),
        )

    def apply(self, state: State, frame: Frame, role: str, action: Action) -> None:
        if action.verb == "stop":
            finish(state, frame, "stopped")
            return
        if action.verb == "power":
            powers.play(state, role, action)
            if state["result"] is None and state["stack"][-1] is frame:
                check_can_go_on(state, frame)
            return
        if action.verb == "until":
            roll_until(state, frame, int(action.args[0]))
            return
        frame["dice"] = int(action.args[0])
        ask_defence(state, frame)

    def resume(self, state: State, frame: Frame, value: Any) -> None:
        if state["result"] is None and frame["step"] == "battle":
            check_can_go_on(state, frame)


class Defend(Step):
    """The defender (the other player for the neutral army) chooses one or two dice."""

    name = "defend"
    kind = "defend"

    def active(self, state: State, frame: Frame) -> frozenset[str]:
        chooser = defence_chooser(state, frame)
        return frozenset(() if chooser is None else (chooser,))

    def actions(self, state: State, frame: Frame, role: str) -> tuple[Action, ...]:
        return (DEFEND[2], DEFEND[1])

    def ping(self, state: State, frame: Frame, role: str) -> bool:
        return not frame["asked"]

    def title(self, state: State, frame: Frame, role: str) -> str:
        words = {
            "territory": place_name(frame["to"]),
            "battalions": state["troops"][frame["to"]],
            "origin": place_name(frame["from"]),
        }
        if frame["defender"] == NEUTRAL:
            return ntr(
                "Defend the neutral army's {territory} ({battalions}) against {count} die from {origin}",
                "Defend the neutral army's {territory} ({battalions}) against {count} dice from {origin}",
                frame["dice"],
                **words,
            )
        return ntr(
            "Defend {territory} ({battalions}) against {count} die from {origin}",
            "Defend {territory} ({battalions}) against {count} dice from {origin}",
            frame["dice"],
            **words,
        )

    def instruction(self, state: State, frame: Frame, role: str) -> str:
        words = {"role": role_title(frame["role"]), "territory": place_name(frame["to"])}
        if frame["defender"] == NEUTRAL:
            text = ntr(
                "{role} attacks {territory} with {count} die: defend with 2 dice or 1 (for the "
                "neutral army).",
                "{role} attacks {territory} with {count} dice: defend with 2 dice or 1 (for the "
                "neutral army).",
                frame["dice"],
                **words,
            )
        else:
            text = ntr(
                "{role} attacks {territory} with {count} die: defend with 2 dice or 1 (for you).",
                "{role} attacks {territory} with {count} dice: defend with 2 dice or 1 (for you).",
                frame["dice"],
                **words,
            )
        return last_roll(frame) + text

    def waiting(self, state: State, frame: Frame) -> str:
        chooser = defence_chooser(state, frame)
        if chooser is None:
            return tr("Waiting for the neutral army's dice to choose the defence dice.")
        return tr("Waiting for {role} to choose the defence dice.", role=role_title(chooser))

    def apply(self, state: State, frame: Frame, role: str, action: Action) -> None:
        frame["asked"] = True
        resolve(state, frame, int(action.args[0]))
        roll_on(state, frame)  # an ``until`` of the attacker goes on


class Advance(Step):
    """After a conquest: how many battalions move in (at least the last roll's survivors), and
    whether the leader goes with them."""

    name = "advance"
    kind = "advance"

    def active(self, state: State, frame: Frame) -> frozenset[str]:
        return frozenset((frame["role"],))

    def _high(self, state: State, frame: Frame) -> int:
        return int(frame["min"]) + int(state["troops"][frame["from"]]) - 1

    def actions(self, state: State, frame: Frame, role: str) -> tuple[Action, ...]:
        high = self._high(state, frame)
        acts = [Action("advance", (str(high),))]
        if movable_leader(state, frame) is not None:
            acts.append(Action("advance-leader", (str(high),)))
        return tuple(acts)

    def amounts(self, state: State, frame: Frame, role: str) -> tuple[Amount, ...]:
        low, high = int(frame["min"]), self._high(state, frame)
        found = [Amount("advance", (), low, high)]
        if movable_leader(state, frame) is not None:
            found.append(Amount("advance-leader", (), low, high))
        return tuple(found)

    def legal(self, state: State, frame: Frame, role: str, action: Action) -> bool:
        return any(a.admits(action) for a in self.amounts(state, frame, role))

    def title(self, state: State, frame: Frame, role: str) -> str:
        return tr(
            "Move into {territory} from {origin}",
            territory=place_name(frame["to"]),
            origin=place_name(frame["from"]),
        )

    def instruction(self, state: State, frame: Frame, role: str) -> str:
        low, high = int(frame["min"]), self._high(state, frame)
        where = place_name(frame["to"])
        leader = movable_leader(state, frame) is not None
        if low == high and leader:
            return ntr(
                "You conquered {territory}: move in {count} battalion, with your leader or without.",
                "You conquered {territory}: move in {count} battalions, with your leader or without.",
                high,
                territory=where,
            )
        if low == high:
            return ntr(
                "You conquered {territory}: move in {count} battalion.",
                "You conquered {territory}: move in {count} battalions.",
                high,
                territory=where,
            )
        if leader:
            return ntr(
                "You conquered {territory}: move in {low} to {count} battalion, with your leader or without.",
                "You conquered {territory}: move in {low} to {count} battalions, with your leader or "
                "without.",
                high,
                territory=where,
                low=low,
            )
        return ntr(
            "You conquered {territory}: move in {low} to {count} battalion.",
            "You conquered {territory}: move in {low} to {count} battalions.",
            high,
            territory=where,
            low=low,
        )

    def waiting(self, state: State, frame: Frame) -> str:
        return tr(
            "Waiting for {role} to move into {territory}.",
            role=role_title(frame["role"]),
            territory=place_name(frame["to"]),
        )

    def apply(self, state: State, frame: Frame, role: str, action: Action) -> None:
        count = int(action.args[-1])
        extra = count - int(frame["min"])
        troops = state["troops"]
        troops[frame["from"]] -= extra
        troops[frame["to"]] += extra
        if action.verb == "advance-leader":
            leader = movable_leader(state, frame)
            assert leader is not None
            leader["at"] = frame["to"]
            frame["leader_moved"] = True
            arrive(state, role, leader, frame["to"])
        finish(state, frame, "conquered")


STEPS = (Roll(), Defend(), Advance())
