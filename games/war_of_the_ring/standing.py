"""How a War of the Ring match stands, in public words (``/game status``): each side's victory
points and cards in hand, the Fellowship's progress and Corruption, read from the public view only.

>>> view = {"vp": {"free": 0, "shadow": 2}, "cards": {"free": {"hand_count": 1},
...     "shadow": {"hand_count": 3}}, "fellowship": {"region": "rivendell", "progress": 2,
...     "revealed": False, "corruption": 1, "mordor": None}}
>>> for line in standing_lines(view): print(line)
Free Peoples: 0 of 4 victory points; 1 card in hand
Shadow: 2 of 10 victory points; 3 cards in hand
The Fellowship: hidden, 2 steps from Rivendell; Corruption 1 of 12
"""

from __future__ import annotations

from typing import Any

from games.core import View

from .data import FREE, REGIONS, SHADOW
from .fellowship import CRACK_OF_DOOM, MAX_CORRUPTION
from .roles import ROLES, side_title
from .victory import FREE_VP, SHADOW_VP

#: The victory points each side needs for a military victory (§17).
NEEDED = {FREE: FREE_VP, SHADOW: SHADOW_VP}


def standing_lines(view: View) -> tuple[str, ...]:
    lines = []
    for side in ROLES:
        held = view["cards"][side]["hand_count"]
        lines.append(
            f"{side_title(side)}: {view['vp'][side]} of {NEEDED[side]} victory points; "
            f"{held} card{'' if held == 1 else 's'} in hand"
        )
    lines.append(_fellowship(view["fellowship"]))
    return tuple(lines)


def _fellowship(fs: dict[str, Any]) -> str:
    corruption = f"Corruption {fs['corruption']} of {MAX_CORRUPTION}"
    if fs["mordor"] is not None:
        return f"The Fellowship: on the Mordor Track, step {fs['mordor']} of {CRACK_OF_DOOM}; {corruption}"
    shown = "revealed" if fs["revealed"] else "hidden"
    where = REGIONS[fs["region"]].name
    steps = int(fs["progress"])
    away = f"{steps} step{'' if steps == 1 else 's'} from {where}" if steps else f"in {where}"
    return f"The Fellowship: {shown}, {away}; {corruption}"
