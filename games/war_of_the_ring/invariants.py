"""Invariants the fuzzer checks after every action (figure pools, stacking, dice, corruption,
the Fellowship in one place)."""

from __future__ import annotations

from games.core import State

from . import tta_characters
from .data import ARMY_NATIONS, ARMY_SIDES, CHARACTERS, COMPANIONS, MAX_GARRISON, MAX_STACK, NATIONS, REGIONS
from .tta import state as tta

KINDS = ("regular", "elite", "leader")


def check(state: State) -> list[str]:
    problems: list[str] = []
    on_map: dict[str, dict[str, int]] = {n: dict.fromkeys(KINDS, 0) for n in ARMY_NATIONS}
    # While the owner chooses which units to remove (the ``stacking`` step), the excess stands.
    settling = bool(state["stack"]) and state["stack"][-1]["step"] == "stacking"
    for table, limit in ((state["armies"], MAX_STACK), (state["garrisons"], MAX_GARRISON)):
        for region, nations in table.items():
            if region not in REGIONS:
                problems.append(f"unknown region {region}")
            per_side: dict[str, int] = {}
            for nation, counts in nations.items():
                for kind, n in counts.items():
                    if n <= 0:
                        problems.append(f"{n} {kind} of {nation} in {region}")
                    on_map[nation][kind] += n
                side = ARMY_SIDES[nation]
                per_side[side] = per_side.get(side, 0) + counts.get("regular", 0) + counts.get("elite", 0)
            for side, n in per_side.items():
                if n > limit and not settling:
                    problems.append(f"{n} {side} units in {region} (limit {limit})")
    for nation, info in NATIONS.items():
        pool = {"regular": info.pool.regular, "elite": info.pool.elite, "leader": info.pool.leader}
        for kind in KINDS:
            total = on_map[nation][kind] + state["reinforcements"][nation].get(kind, 0)
            if info.side == "free":
                total += state["casualties"][nation].get(kind, 0)
                if total != pool[kind]:
                    problems.append(f"{nation} {kind}: {total} figures, the pool has {pool[kind]}")
            elif total > pool[kind]:
                problems.append(f"{nation} {kind}: {total} figures, the pool has {pool[kind]}")
    pool = state["turn"].get("pool")
    if pool is not None and state["turn"]["phase"] == "actions":
        for side in ("free", "shadow"):
            dice = state["dice"][side]
            held = len(dice["rolled"]) + len(dice["used"]) + state["hunt_box"][side]
            if held != pool[side]:
                problems.append(f"{side} has {held} dice this turn, rolled {pool[side]}")
    fs = state["fellowship"]
    if not 0 <= fs["corruption"] <= 12:
        problems.append(f"corruption {fs['corruption']}")
    if (fs["region"] is None) != (fs["mordor"] is not None):
        problems.append("the Fellowship is both on the map and on the Mordor Track, or nowhere")
    placed = set(fs["companions"]) | set(state["characters"]) | set(state["eliminated"])
    for companion in COMPANIONS:
        if companion not in placed:
            problems.append(f"{companion} is nowhere")
    seen = list(fs["companions"]) + list(state["characters"]) + list(state["eliminated"])
    if len(seen) != len(set(seen)):
        problems.append("a character is in two places")
    for char in state["characters"]:
        if char not in CHARACTERS:
            problems.append(f"unknown character {char}")
    if fs["guide"] not in fs["companions"] and not (fs["guide"] == "gollum" and not fs["companions"]):
        problems.append(f"the Guide {fs['guide']} is not in the Fellowship")
    for side in ("free", "shadow"):
        if (
            len(state["hands"][side]) > 6
            and state["stack"]
            and state["stack"][-1]["step"]
            not in (
                "discard",
                "discard_down",
            )
        ):
            problems.append(f"{side} holds {len(state['hands'][side])} cards")
    if "tta" in state or state.get("options"):
        problems += tta.check(state)
        problems += tta_characters.check(state)
    return problems
