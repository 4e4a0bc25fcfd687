"""What must hold between any two actions: figures conserved (on the board, on cards, captured
and in the supply add up to the supply table), every card in exactly one place, one side per
space, nothing mounted on a wall, and at a turn's start hands of six at most, and the leaders of
the side that just played (§10 checks them at the end of his turn) with their battalions and no two
of a colour together."""

from __future__ import annotations

from collections import Counter

from games.core import State

from . import forces
from .facts import LEADERS, MT_DECK, REINFORCEMENT_DECK, SIDES, SPACE_IDS, SPACES, UNITS, other

PLACES = frozenset(SPACE_IDS) | forces.OFF_BOARD


def check(state: State) -> list[str]:
    problems: list[str] = []
    for kind, info in UNITS.items():
        left = forces.supply(state, kind)
        if not 0 <= left <= info.total:
            problems.append(f"{kind}: {left} in the supply of {info.total}")
    for space in SPACE_IDS:
        here = forces.units_at(state, space)
        if len({UNITS[k].side for k in here}) > 1:
            problems.append(f"{space} holds both sides")
        if any(n <= 0 for n in here.values()):
            problems.append(f"{space} lists an empty kind")
        if SPACES[space].kind == "wall" and any(UNITS[k].cls != "infantry" for k in here):
            problems.append(f"{space}: only infantry stands on a wall")
    cards = Counter(state["decks"]["reinforcements"] + state["decks"]["used"])
    for side in SIDES:
        cards.update(state["hands"][side])
    if cards != Counter(REINFORCEMENT_DECK):
        problems.append("the reinforcement cards are not each in one place")
    mt = Counter(state["decks"]["mt"] + state["decks"]["aside"])
    for side in SIDES:
        mt.update(e["id"] for e in state["mt"][side])
    for frame in state["stack"]:
        if frame["step"] == "keep":  # two cards drawn, one to keep
            mt.update(frame["cards"])
    if mt != Counter(MT_DECK):
        problems.append("the Minas Tirith cards are not each in one place")
    for side in SIDES:
        for what in state["captured"][side]:
            owner = LEADERS[what].side if what in LEADERS else UNITS[what].side
            if owner != other(side):
                problems.append(f"{side} captured its own {what}")
    for leader, where in state["leaders"].items():
        if where not in PLACES:
            problems.append(f"{leader} is nowhere known ({where})")
        captured = state["captured"][other(LEADERS[leader].side)].get(leader, 0)
        if captured != (1 if where == "captured" else 0):
            problems.append(f"{leader} captured {captured} times but stands {where}")
    gate = state["gate"]
    if gate["broken"] != (gate["blows"] >= 3) or not 0 <= gate["blows"] <= 3:
        problems.append(f"the gate has {gate['blows']} blows but is {'' if gate['broken'] else 'not '}broken")
    stack = state["stack"]
    if state["result"] is None and stack and stack[-1]["step"] == "die":
        problems += _turn_start(state)
    if state["result"] is None and stack and stack[-1]["step"] not in ("trade", "reward", "keep"):
        for side in SIDES:
            if len(state["hands"][side]) > 6:
                problems.append(f"{side} holds {len(state['hands'][side])} cards outside trading")
    return problems


def _turn_start(state: State) -> list[str]:
    """The leaders of the side whose turn just ended (turns alternate: the other side's)."""
    problems = []
    just_played = other(state["turn"]["role"])
    for leader in forces.on_board_leaders(state, just_played):
        where = state["leaders"][leader]
        side, colour = LEADERS[leader].side, LEADERS[leader].colour
        if not forces.holds(state, side, where):
            problems.append(f"{leader} stands alone in {where} at a turn's start")
        if forces.colour_at(state, where, colour, but=(leader,)):
            problems.append(f"two {colour} leaders in {where} at a turn's start")
    return problems
