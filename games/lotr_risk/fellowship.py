"""Phase 5, the Fellowship: at the end of every player's turn the Ring moves one space along
its path (the neutral army has no turn, so the Ring never moves for it).

On a die space it leaves only on a roll of the threshold or more (3+ middle-earth, 4+ Trilogy,
or the ``die_space`` option), rolled by the player whose turn ends; otherwise it waits there. In
middle-earth the game ends when the Ring leaves the Dead Marshes; in the Trilogy a roll of 4 or
more on Mount Doom destroys the Ring and ends the game. Armed reaction powers fire before the
roll (``ring_leaving``) and after it (``ring_rolled``). With the Hunt option (Trilogy), an Evil
player holding the Ring's territory afterwards rolls two dice (+1 with a leader there, +1 if Evil
holds the whole region): 12 or more finds the Ring and Evil wins.
"""

from __future__ import annotations

import logging
from typing import Any

from games.core import State, emit
from games.core.chance import roll
from games.core.flow import barrier

from . import powers
from .options import die_threshold, geo, is_trilogy
from .roles import allegiance, in_game, own_leader_at
from .victory import end_by_score, win

log = logging.getLogger(__name__)

MOUNT_DOOM_ROLL = 4
HUNT_FINDS = 12


def ring_threshold(state: State) -> int:
    """The roll the Ring needs to leave the space it stands on (Mount Doom: always 4)."""
    final = state["ring"]["step"] == geo(state).final_step
    return MOUNT_DOOM_ROLL if final and is_trilogy(state) else die_threshold(state)


def ring_context(state: State, mover: str) -> dict[str, Any]:
    g = geo(state)
    step = state["ring"]["step"]
    die = step in g.die_steps
    final = step == g.final_step
    threshold = ring_threshold(state)
    return {
        "mover": mover,
        "territory": g.path[step],
        "step": step,
        "die": die,
        "final": final,
        "needs_roll": die,
        "threshold": threshold,
        "roll": None,
        "stays": False,
    }


def move_ring(state: State, mover: str) -> None:
    """The Ring's move at the end of ``mover``'s turn (lotr mode)."""
    ring = state["ring"]
    if ring is None or ring["done"]:
        return
    barrier(state)  # the end of a turn is final, armed Ring cards or not (else undo would tell)
    g = geo(state)
    context = ring_context(state, mover)
    powers.fire(state, "ring_leaving", context)
    if state["result"] is not None:
        return
    if context["needs_roll"]:
        context["roll"] = roll(state, "fellowship die")
    powers.fire(state, "ring_rolled", context)
    if state["result"] is not None:
        return
    rolled = context["roll"]
    leaves = not context["stays"] and (not context["needs_roll"] or rolled >= context["threshold"])
    here = context["territory"]
    facts = {"role": mover, "territory": here, "roll": rolled, "threshold": context["threshold"]}
    if not leaves:
        emit(state, "ring_stays", facts)
    elif context["final"]:
        ring["done"] = True
        destroyed = is_trilogy(state)
        emit(state, "ring_end", {**facts, "destroyed": destroyed})
        end_by_score(state, "ring_destroyed" if destroyed else "ring_left")
        return
    else:
        ring["step"] += 1
        emit(state, "ring_moved", {**facts, "to": g.path[ring["step"]]})
    hunt(state)


def hunt(state: State) -> None:
    """The optional Hunt for the Ring (see the module docstring)."""
    if state["options"].get("hunt") != "on" or state["result"] is not None:
        return
    g = geo(state)
    territory = g.path[state["ring"]["step"]]
    holder = state["owner"][territory]
    if holder not in state["roles"] or allegiance(holder) != "evil":
        return
    dice = [roll(state, "hunt die"), roll(state, "hunt die")]
    bonus = 1 if own_leader_at(state, holder, territory) is not None else 0
    region = g.regions[g.region_of[territory]]
    owner = state["owner"]
    if all(owner[t] in state["roles"] and allegiance(owner[t]) == "evil" for t in region):
        bonus += 1
    found = sum(dice) + bonus >= HUNT_FINDS
    emit(
        state, "hunt", {"role": holder, "territory": territory, "dice": dice, "bonus": bonus, "found": found}
    )
    if found:
        evil = [r for r in in_game(state) if allegiance(r) == "evil"]
        win(state, evil, "ring_found", role=holder, territory=territory)
