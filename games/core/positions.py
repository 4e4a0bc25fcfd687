"""What every game's described positions share: where in the turn a position starts.

By default a position describes the game *in the middle* of a turn, as it stands between two
actions. Its ``start`` key may instead put it **at the beginning** of the turn or of one phase,
so that the engine itself applies what happens there (reinforcements, recovery, draws...):

* ``"start": "turn"`` — the turn of the player (or side) to move is about to begin: the
  position is the board as the previous turn left it, and the engine runs the whole turn start.
* ``"start": "phase:<name>"`` — the turn is under way and phase ``<name>`` is about to begin;
  the engine runs that phase's start (and goes on, as in play, until someone must decide).

Keys that describe a phase *under way* (dice already rolled, battalions left to place...) are
refused with such a start. Each game lists its phases in its positions module.

>>> start_of({"start": "phase:attack"}, ("reinforce", "attack"), "LOTR Risk")
Start(phase='attack')
>>> start_of({}, ("reinforce",), "LOTR Risk") is None
True
>>> start_of({"start": "phase:lunch"}, ("reinforce", "attack"), "Risk")
Traceback (most recent call last):
  ...
games.core.ruleset.InvalidPosition: Risk has no phase 'lunch': start is "turn" or "phase:" and one of ...
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .ruleset import InvalidPosition

START_KEY = "start"
TURN = "turn"
PHASE_PREFIX = "phase:"


@dataclass(frozen=True)
class Start:
    """Where a position starts: ``phase`` ``None`` for the beginning of the turn."""

    phase: str | None = None

    @property
    def is_turn(self) -> bool:
        return self.phase is None

    def __str__(self) -> str:
        return TURN if self.phase is None else PHASE_PREFIX + self.phase


def start_of(position: Mapping[str, Any], phases: Sequence[str], game: str) -> Start | None:
    """The position's ``start`` (``None``: in the middle of the turn), checked against ``phases``."""
    value = position.get(START_KEY)
    if value is None:
        return None
    if value == TURN:
        return Start()
    if phases:
        choices = f'start is "{TURN}" or "{PHASE_PREFIX}" and one of {", ".join(phases)}'
    else:
        choices = f'a turn of {game} has no phases: start is "{TURN}"'
    if not (isinstance(value, str) and value.startswith(PHASE_PREFIX)):
        raise InvalidPosition(f"start {value!r} is not understood: {choices}")
    name = value[len(PHASE_PREFIX) :]
    if name not in phases:
        raise InvalidPosition(f"{game} has no phase {name!r}: {choices}" if phases else choices)
    return Start(name)


def refuse_under_way(given: Collection[str], start: Start, what: str = "") -> None:
    """Refuse ``given`` keys that describe a moment after ``start`` (a phase already under way)."""
    if given:
        where = "the turn" if start.is_turn else f"the {start.phase} phase"
        keys = ", ".join(sorted(given))
        raise InvalidPosition(
            f"a position at the start of {where} has no {what}{keys}: those describe a moment after it"
        )
