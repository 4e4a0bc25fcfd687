"""Ranged attacks (§9.2): ``shoot <from> <to> <dice>`` (1 point).

Archers, mounted archers and crossbowmen shoot at range 1-2, one die each (at most 3), each
battalion once per turn. A wall section that Gondor holds adds its catapult (MT_DESIGN §6): one
die at range 1-3, once per turn; at range 3 only the catapult reaches. Against Gondor in a space
with a banner, Mordor needs two shooters per die. Each natural 6 is a hit: the target loses a
battalion (its owner chooses which, when they differ), captured by the shooter. No defence, no
retreat, no bonus.
"""

from __future__ import annotations

from games.core import Action, State, emit

from . import forces
from .facts import GOOD, SPACES, UNITS, distance, other, within
from .fight import lose_op, new_fight, roll_dice, start_fight

SHOOTER_RANGE = 2
CATAPULT_RANGE = 3
MAX_DICE = 3


def fresh_shooters(state: State, side: str, space: str) -> int:
    here = forces.units_at(state, space)
    shooters = sum(n for k, n in here.items() if UNITS[k].shooter and UNITS[k].side == side)
    spent: int = state["turn"]["shot"].get(space, 0)
    return shooters - spent


def catapult_ready(state: State, side: str, space: str) -> bool:
    return (
        side == GOOD
        and SPACES[space].catapult
        and forces.holds(state, GOOD, space)
        and space not in state["turn"]["catapults"]
    )


def max_dice(state: State, side: str, start: str, target: str) -> int:
    reach = distance(start, target)
    shooters = fresh_shooters(state, side, start) if reach <= SHOOTER_RANGE else 0
    if side != GOOD and SPACES[target].banner:
        return min(MAX_DICE, shooters // 2)
    catapult = 1 if catapult_ready(state, side, start) else 0
    return min(MAX_DICE, shooters + catapult)


def shoot_actions(state: State, side: str) -> list[Action]:
    found: list[Action] = []
    enemy = other(side)
    for start in forces.spaces_of(state, side):
        if fresh_shooters(state, side, start) <= 0 and not catapult_ready(state, side, start):
            continue
        for target in within(start, 1, CATAPULT_RANGE):
            if not forces.holds(state, enemy, target):
                continue
            top = max_dice(state, side, start, target)
            found += [Action("shoot", (start, target, str(n))) for n in range(1, top + 1)]
    return found


def shoot(state: State, side: str, start: str, target: str, dice: int) -> None:
    reach = distance(start, target)
    banner_rule = side != GOOD and SPACES[target].banner
    shooters_needed = dice * 2 if banner_rule else dice
    used = min(shooters_needed, fresh_shooters(state, side, start)) if reach <= SHOOTER_RANGE else 0
    catapult = (shooters_needed - used) if not banner_rule else 0
    if used:
        shot = state["turn"]["shot"]
        shot[start] = shot.get(start, 0) + used
    if catapult:
        state["turn"]["catapults"].append(start)
    state["turn"]["points"] -= 1
    rolled = roll_dice(state, "ranged die", dice)
    hits = min(rolled.count(6), forces.count_at(state, target))
    emit(
        state,
        "shot",
        {"role": side, "from": start, "to": target, "dice": rolled, "hits": hits, "catapult": bool(catapult)},
    )
    state["last"] = {
        "kind": "ranged",
        "role": side,
        "from": start,
        "to": target,
        "dice": {"attack": rolled},
        "hits": hits,
    }
    if hits:
        frame = new_fight("ranged", side, start, target)
        frame["queue"] = [lose_op(other(side), target, hits, side)]
        start_fight(state, frame)


def bombard(state: State, start: str, target: str, dice: int) -> None:
    """The Catapults of Mordor: ``dice`` dice from ``start`` at ``target`` (no shooters spent)."""
    side = other(GOOD)
    rolled = roll_dice(state, "ranged die", dice)
    hits = min(rolled.count(6), forces.count_at(state, target))
    emit(state, "bombarded", {"role": side, "from": start, "to": target, "dice": rolled, "hits": hits})
    state["last"] = {
        "kind": "ranged",
        "role": side,
        "from": start,
        "to": target,
        "dice": {"attack": rolled},
        "hits": hits,
    }
    if hits:
        frame = new_fight("ranged", side, start, target)
        frame["queue"] = [lose_op(GOOD, target, hits, side)]
        start_fight(state, frame)
