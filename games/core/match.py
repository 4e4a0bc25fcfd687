"""The match runner: validation, sequence numbers, the undo policy and invariants.

Every state change of every game goes through :func:`submit`. It works on a copy,
so a refused or failing action leaves the caller's state untouched.

Undo policy (Board Game Arena's): a player may take back actions only inside his
own decision. Undo is never possible across randomness, a reveal or a hidden
choice (the engine marks those with :func:`games.core.flow.barrier`), nor across
a change of the active roles.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .actions import Action
from .errors import GameOver, IllegalAction, NothingToUndo, NotYourTurn, StaleAction
from .rng import BARRIER_KEY
from .ruleset import Ruleset, State
from .serialization import clone, dump, load


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result of one accepted action."""

    state: State
    role: str
    action: Action
    events: tuple[dict[str, Any], ...]

    @property
    def seq(self) -> int:
        """The sequence number the action was applied at (before increment)."""
        return int(self.state["seq"]) - 1


def _snapshot_without_undo(state: State) -> str:
    undo = state["undo"]
    state["undo"] = []
    try:
        return dump(state)
    finally:
        state["undo"] = undo


def submit(
    ruleset: Ruleset,
    state: State,
    role: str,
    action: Action | str,
    *,
    expected_seq: int | None = None,
    check: bool = False,
) -> Outcome:
    """Validate and apply ``action`` by ``role``; return the new state (the input is unchanged)."""
    if state["result"] is not None:
        raise GameOver("This match is over; no more moves can be made.")
    if expected_seq is not None and expected_seq != state["seq"]:
        raise StaleAction("That choice is out of date: the game has moved on. Use the newest prompt.")
    active = ruleset.active(state)
    if role not in active:
        raise NotYourTurn(f"It is not your turn. {ruleset.prompt(state, role).text}")
    parsed = ruleset.parse(state, role, action) if isinstance(action, str) else action
    if parsed not in ruleset.prompt(state, role).actions:
        raise IllegalAction(f"`{parsed.text}` is not allowed now. {ruleset.prompt(state, role).text}")

    snapshot = _snapshot_without_undo(state)
    work = clone(state)
    log_before = len(work["log"])
    work[BARRIER_KEY] = False
    ruleset.apply(work, role, parsed)
    work["seq"] += 1
    crossed_barrier = bool(work.pop(BARRIER_KEY, False))
    if crossed_barrier or work["result"] is not None or ruleset.active(work) != active:
        work["undo"] = []
    else:
        work["undo"] = [*state["undo"], {"role": role, "state": snapshot}]
    if check:
        problems = ruleset.check_invariants(work)
        if problems:
            raise AssertionError(f"invariants broken after {parsed.text}: {problems}")
    return Outcome(work, role, parsed, tuple(work["log"][log_before:]))


def can_undo(state: State, role: str) -> bool:
    undo = state.get("undo") or []
    return bool(undo) and undo[-1]["role"] == role


def undo(state: State, role: str) -> State:
    """The state before ``role``'s last undoable action."""
    if state["result"] is not None:
        raise GameOver("This match is over; nothing can be undone.")
    if not can_undo(state, role):
        raise NothingToUndo(
            "There is nothing you can undo now: undo works only inside your own decision, "
            "never after dice, a reveal, a hidden choice or the turn passing."
        )
    entries = state["undo"]
    restored = load(entries[-1]["state"])
    restored["undo"] = entries[:-1]
    return restored
