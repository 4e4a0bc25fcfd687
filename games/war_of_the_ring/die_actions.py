"""The table of die actions (§5.3): what each kind of action is, which faces start it, whether it
is possible now and how it runs. A leaf module: the procedure modules register their die actions
here (and the Event cards may import those modules) without importing the action step of
:mod:`.actions`, which imports the Event cards.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from games.core import State

from .data import FREE

Possible = Callable[[State, str], bool]
#: Start the action for ``side`` with a die of ``face``; True if it waits for more decisions (a
#: procedure was called and will return), False if it is over already.
Run = Callable[[State, str, str], bool]


@dataclass(frozen=True, slots=True)
class DieAction:
    verb: str
    label: str
    text: str
    faces: tuple[str, ...]
    side: str | None
    possible: Possible
    run: Run

    def allows(self, side: str, face: str) -> bool:
        if self.side is not None and self.side != side:
            return False
        if face == "will":  # a Will of the West becomes any face (§5.3)
            return side == FREE
        return face in self.faces


#: Every die action, by verb (filled by :func:`register` from the procedure modules).
DIE_ACTIONS: dict[str, DieAction] = {}


def register(*actions: DieAction) -> None:
    for action in actions:
        DIE_ACTIONS[action.verb] = action
