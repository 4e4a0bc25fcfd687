"""The Elven Rings (§6): change one unused die to another face, once per player per turn; a
Ring the Free Peoples use goes to the Shadow, who may use it once and then discards it.

State key ``rings``: ``{"free": n, "shadow": n, "used": [side, ...]}`` (``used``: this turn).
"""

from __future__ import annotations

from games.core import Action, State, emit

from . import dice
from .data import FREE, SHADOW
from .dice import RING_FACES


def can_use(state: State, side: str) -> bool:
    rings = state["rings"]
    return rings[side] > 0 and side not in rings["used"]


def ring_actions(state: State, side: str) -> list[Action]:
    """``ring <face> <new face>`` for each distinct unused face (an Eye cannot be changed)."""
    if not can_use(state, side):
        return []
    found: list[Action] = []
    for face in sorted(set(dice.unused(state, side)), key=list(dice.FACE_NAMES).index):
        if face in ("eye", "will"):
            continue
        found += [Action("ring", (face, new)) for new in RING_FACES[side] if new != face]
    return found


def use_ring(state: State, side: str, face: str, new: str) -> None:
    rolled = state["dice"][side]["rolled"]
    rolled[rolled.index(face)] = new
    rings = state["rings"]
    rings[side] = rings[side] - 1
    rings["used"].append(side)
    if side == FREE:
        rings[SHADOW] = rings[SHADOW] + 1
    if new == "eye":  # §6: a Shadow die made an Eye goes to the Hunt Box; not an action
        rolled.remove("eye")
        state["hunt_box"]["shadow"] += 1
    emit(state, "ring_used", {"side": side, "face": face, "new": new})
