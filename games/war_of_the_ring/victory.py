"""Military victory (§17), checked in phase 6 only: the Shadow with 10 VP of Free Peoples
Settlements, the Free Peoples with 4 VP of Shadow ones; both at once: the Shadow wins.
Ring victories are checked at once where they happen (:mod:`.fellowship`).
"""

from __future__ import annotations

from games.core import State, finish

from .board import vp
from .data import FREE, SHADOW

SHADOW_VP = 10
FREE_VP = 4


def military_check(state: State) -> None:
    if vp(state, SHADOW) >= SHADOW_VP:
        finish(state, [SHADOW], "military_victory", {"side": SHADOW, "vp": vp(state, SHADOW)})
    elif vp(state, FREE) >= FREE_VP:
        finish(state, [FREE], "military_victory", {"side": FREE, "vp": vp(state, FREE)})
