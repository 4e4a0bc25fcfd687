"""The match runner: validation, sequence numbers, the undo policy and invariants.

Every state change of every game goes through a :class:`Match`. An action is applied in place
inside a journal (:mod:`games.core.journal`), so its cost is what it changes, never the size of
the state: a refused action changes nothing, a failing one is rolled back, and an accepted one
can still be reverted exactly (:meth:`Outcome.revert`, e.g. when the database refuses to store
it).

Undo policy (Board Game Arena's): a player may take back actions only inside his own decision.
Undo is never possible across randomness, a reveal or a hidden choice (the engine marks those
with :func:`games.core.flow.barrier`; every chance draw is one), nor across a change of the
active roles. The undo history is the journals of the undoable actions, kept here, apart from
the state: nothing of it is dumped.

In a simultaneous decision (several roles active) each role keeps its own undo: another
role's later action, which may be secret, never takes a player's undo away. Taking back an
earlier action rolls the later ones back and applies them again, unchanged; this is allowed
only while those later actions logged nothing (a logged event is public, so losing the undo
across it tells nobody anything).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from .actions import Action
from .errors import GameOver, IllegalAction, NothingToUndo, NotYourTurn, StaleAction
from .events import Event, emit
from .journal import Journal, TrackedDict, retrack, track_state, untracked_writes
from .ruleset import Ruleset, State

NOTHING_TO_UNDO = (
    "There is nothing you can undo now: undo works only inside your own decision, "
    "never after dice, a reveal, a hidden choice or the turn passing."
)


@dataclass(slots=True)
class _Undoable:
    role: str
    action: Action
    journal: Journal
    #: Whether the action logged events (public ones: hidden actions log none).
    logged: bool


class _Redo:
    """Reverts an undo that re-applied later actions: their new journals, then the old contents."""

    __slots__ = ("captured", "reapplied")

    def __init__(self, reapplied: list[Journal], captured: list[Journal]) -> None:
        self.reapplied = reapplied
        #: Captures taken newest first, before each rollback.
        self.captured = captured

    def rollback(self) -> None:
        for journal in reversed(self.reapplied):
            journal.rollback()
        for journal in reversed(self.captured):
            journal.rollback()


@dataclass(slots=True)
class Outcome:
    """One accepted entry (an action, an undo or a resignation) and what it produced."""

    match: Match
    kind: str
    role: str
    action: Action | None
    #: The state's ``seq`` before the entry.
    seq_before: int
    #: The events the entry logged (none for an undo).
    events: tuple[Event, ...]
    active_before: frozenset[str]
    active_after: frozenset[str]
    _journal: Journal | _Redo = field(repr=False)
    _history_before: list[_Undoable] = field(repr=False)
    _version: int = field(repr=False, default=0)

    @property
    def state(self) -> State:
        return self.match.state

    @property
    def seq(self) -> int:
        """The sequence number the action was applied at (before increment)."""
        return self.seq_before

    @property
    def crossed_barrier(self) -> bool:
        """Whether the entry drew chance, revealed something or made a hidden choice (it can
        never be taken back; see :func:`games.core.flow.barrier`)."""
        return isinstance(self._journal, Journal) and self._journal.barrier

    def revert(self) -> None:
        """Put the match back exactly as it was before this entry (only the newest one)."""
        self.match._revert(self)


class Match:
    """A game in play: its ruleset, its (tracked) state and the undo history."""

    __slots__ = ("_history", "_tracked_at", "_version", "ruleset", "state")

    def __init__(self, ruleset: Ruleset, state: State) -> None:
        """Play ``state``: a tracked one (loaded) is played as it is; a plain one (as set-up and
        positions build it) is copied once into tracked containers, so read ``match.state``."""
        self.ruleset = ruleset
        self.state: State = state if isinstance(state, TrackedDict) else track_state(state)
        self._tracked_at = -1
        self._history: list[_Undoable] = []
        #: Counts entries, so that only the newest outcome may be reverted.
        self._version = 0

    def _ensure_tracked(self) -> None:
        """Before a journal opens: every container of the state must be a tracked one."""
        writes = untracked_writes()
        if writes != self._tracked_at:
            retrack(self.state)
            self._tracked_at = writes

    @classmethod
    def new(cls, ruleset: Ruleset, seed: int, options: Mapping[str, str], players: int) -> Match:
        return cls(ruleset, ruleset.setup(seed, ruleset.resolve_options(options), players))

    # -- entries -------------------------------------------------------------------
    def submit(
        self,
        role: str,
        action: Action | str,
        *,
        expected_seq: int | None = None,
        check: bool = False,
    ) -> Outcome:
        """Validate and apply ``action`` by ``role``. Refused: raises and changes nothing."""
        ruleset, state = self.ruleset, self.state
        parsed, active = self._checked(role, action, expected_seq)
        return self._run("act", role, parsed, active, lambda: ruleset.apply(state, role, parsed), check)

    def check(self, role: str, action: Action | str, *, expected_seq: int | None = None) -> Action:
        """The action ``role`` means, if it may take it now; else the error :meth:`submit` raises."""
        return self._checked(role, action, expected_seq)[0]

    def _checked(
        self, role: str, action: Action | str, expected_seq: int | None
    ) -> tuple[Action, frozenset[str]]:
        ruleset, state = self.ruleset, self.state
        if state["result"] is not None:
            raise GameOver("This match is over; no more moves can be made.")
        if expected_seq is not None and expected_seq != state["seq"]:
            raise StaleAction("That choice is out of date: the game has moved on. Use the newest prompt.")
        active = ruleset.active(state)
        if role not in active:
            if role in state["roles"] and not ruleset.still_playing(state, role):
                raise GameOver("You are out of this game: the others play on without you.")
            raise NotYourTurn(f"It is not your turn. {ruleset.prompt(state, role).text}")
        parsed = ruleset.parse(state, role, action) if isinstance(action, str) else action
        if not ruleset.is_legal(state, role, parsed):
            raise IllegalAction(f"`{parsed.text}` is not allowed now. {ruleset.prompt(state, role).text}")
        return parsed, active

    def resign(self, role: str) -> Outcome:
        """``role`` gives up: every other role wins, unless the game says otherwise
        (:meth:`Ruleset.resigned`). Deterministic, so it replays."""
        return self._leave("resign", "resigned", role, self.ruleset.resigned, "resign")

    def time_out(self, role: str) -> Outcome:
        """``role``'s time bank ran out: he loses on time, or the game drops him and plays on
        (:meth:`Ruleset.timed_out`). Deterministic, so it replays."""
        return self._leave("timeout", "timed_out", role, self.ruleset.timed_out, "run out of time")

    def _leave(
        self, kind: str, event: str, role: str, rule: Callable[[State, str], None], verb: str
    ) -> Outcome:
        """A player leaves the game (resigns, runs out of time): the core event, then the rule."""
        state = self.state
        if state["result"] is not None:
            raise GameOver("This match is over already.")
        if role not in state["roles"]:
            raise NotYourTurn(f"Only a player of this match can {verb}.")
        if not self.ruleset.still_playing(state, role):
            raise GameOver("You are out of this game already: the others play on without you.")

        def leave() -> None:
            emit(state, event, {"role": role})
            rule(state, role)

        return self._run(kind, role, None, self.ruleset.active(state), leave, False)

    def _run(
        self, kind: str, role: str, action: Action | None, active: frozenset[str], body: Any, check: bool
    ) -> Outcome:
        self._ensure_tracked()
        state = self.state
        seq, log_length = int(state["seq"]), len(state["log"])
        journal = Journal()
        try:
            with journal:
                body()
                state["seq"] = seq + 1
            after = self.ruleset.active(state)
        except BaseException:
            journal.rollback()
            raise
        history = self._history
        undoable = kind == "act" and not journal.barrier and state["result"] is None and after == active
        if undoable and action is not None:
            entry = _Undoable(role, action, journal, len(state["log"]) != log_length)
            self._history = [*history, entry]
        else:
            self._history = []
        self._version += 1
        outcome = Outcome(
            self,
            kind,
            role,
            action,
            seq,
            tuple(state["log"][log_length:]),
            active,
            after,
            journal,
            history,
            self._version,
        )
        if check:
            problems = self.ruleset.check_invariants(state)
            if problems:
                outcome.revert()
                raise AssertionError(f"invariants broken after {action.text if action else kind}: {problems}")
        return outcome

    # -- undo ------------------------------------------------------------------------
    def _undo_index(self, role: str) -> int | None:
        """Where ``role``'s last undoable action is in the history, if it may be taken back."""
        if self.state["result"] is not None:
            return None
        for index in range(len(self._history) - 1, -1, -1):
            entry = self._history[index]
            if entry.role == role:
                return index
            if entry.logged:
                return None
        return None

    def can_undo(self, role: str) -> bool:
        return self._undo_index(role) is not None

    @property
    def undo_open(self) -> bool:
        """Whether some player may still take an action back (the bot persists this)."""
        return bool(self._history)

    def undo(self, role: str) -> Outcome:
        """Take back ``role``'s last undoable action (later actions of others stay as they are)."""
        if self.state["result"] is not None:
            raise GameOver("This match is over; nothing can be undone.")
        index = self._undo_index(role)
        if index is None:
            raise NothingToUndo(NOTHING_TO_UNDO)
        self._ensure_tracked()
        state, history = self.state, self._history
        active = self.ruleset.active(state)
        captured: list[Journal] = []
        for entry in reversed(history[index:]):
            captured.append(entry.journal.capture())
            entry.journal.rollback()
        later = history[index + 1 :]
        reapplied = self._reapply(later, captured)
        self._history = [
            *history[:index],
            *(replace(entry, journal=journal) for entry, journal in zip(later, reapplied, strict=True)),
        ]
        self._version += 1
        redo: Journal | _Redo = captured[0] if not later else _Redo(reapplied, captured)
        return Outcome(
            self,
            "undo",
            role,
            None,
            int(state["seq"]),
            (),
            active,
            self.ruleset.active(state),
            redo,
            history,
            self._version,
        )

    def _reapply(self, later: list[_Undoable], captured: list[Journal]) -> list[Journal]:
        """Apply the later actions again after an earlier one was taken back."""
        state, ruleset = self.state, self.ruleset
        journals: list[Journal] = []
        try:
            for entry in later:
                journal = Journal()
                journals.append(journal)
                with journal:
                    if not ruleset.is_legal(state, entry.role, entry.action):
                        raise IllegalAction(entry.action.text)
                    ruleset.apply(state, entry.role, entry.action)
                    state["seq"] = int(state["seq"]) + 1
        except BaseException:
            _Redo(journals, captured).rollback()
            raise RuntimeError("a simultaneous action depended on an earlier one of another player") from None
        return journals

    def revert_all(self, outcomes: Sequence[Outcome]) -> None:
        """Put the match back as it was before consecutive entries, the last the newest (the
        steps of one line, when storing them failed)."""
        if not outcomes:
            return
        versions = [o._version for o in outcomes]
        if outcomes[-1].match is not self or versions != list(range(versions[0], self._version + 1)):
            raise RuntimeError("only the newest entries of a match, in order, can be reverted")
        for outcome in reversed(outcomes):
            outcome._journal.rollback()
        self._history = outcomes[0]._history_before
        self._version += 1

    def _revert(self, outcome: Outcome) -> None:
        if outcome.match is not self or outcome._version != self._version:
            raise RuntimeError("only the newest entry of a match can be reverted")
        outcome._journal.rollback()
        self._history = outcome._history_before
        self._version += 1


def submit(
    ruleset: Ruleset,
    state: State,
    role: str,
    action: Action | str,
    *,
    expected_seq: int | None = None,
    check: bool = False,
) -> Outcome:
    """One action on ``state`` without keeping an undo history (scenario tests, tools).

    ``state`` is changed in place when it is tracked (``setup``, ``load`` and positions give
    tracked states); ``Outcome.state`` is the state either way.
    """
    return Match(ruleset, state).submit(role, action, expected_seq=expected_seq, check=check)
