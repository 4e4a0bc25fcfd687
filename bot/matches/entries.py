"""The entry pipeline: an act, undo, resignation or timeout is checked, applied in memory,
committed in one transaction (or put back exactly), and then settled on the live match."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, replace

from games.core import (
    Action,
    Event,
    GameOver,
    Outcome,
    Ruleset,
    StaleAction,
    State,
    audiences_told,
    dump_without,
    project,
)
from games.core.chain import rehearse, split_steps
from games.core.i18n import TRANSLATED

from ..clock import WallClock
from ..computers.identity import is_computer
from ..i18n import msg
from ..pace import Clock, clocks_after, stop_all
from ..storage import ABANDONED, ACTIVE, FINISHED, INTEGRITY_ERRORS, LOBBY, LogEntry, StaleWrite, Store
from ..storage.store import stamp_of
from .cache import MatchCache
from .live import (
    ALREADY_DONE,
    SNAPSHOT_EVERY,
    STALE,
    TIMEOUT,
    ActResult,
    LiveMatch,
    ServiceError,
    discord_time,
    public_step,
    retried,
    stored_events,
)

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class _Staged:
    """An entry applied in memory, not yet stored: how to take it back, what to store, what it did."""

    outcome: Outcome
    entry: LogEntry
    result: ActResult


#: How many of the newest log events are kept aside before an undo (it takes back fewer).
UNDO_TAIL = 64


def _visible_taken_back(ruleset: Ruleset, tail: list[Event], removed: int) -> int:
    """How many of the events an undo removed (the last ``removed`` of ``tail``) the thread
    was shown (not quiet ones): only then does a post say that its step was taken back."""
    gone = tail[len(tail) - removed :] if removed else []
    return sum(1 for event in gone if project(event, None)[0] not in ruleset.quiet_events)


def playing(live: LiveMatch, user_id: int, *, moving: bool = True) -> tuple[str, State]:
    """The user's role in a match in play; ``moving``: he makes a move (refused while paused)."""
    if live.record.status == LOBBY:
        raise ServiceError(
            msg("Match #{match} has not started yet: it is waiting for players.", match=live.id)
        )
    if live.record.status == ABANDONED:
        raise ServiceError(msg("Match #{match} was cancelled.", match=live.id))
    role = live.role_of(user_id)
    if role is None:
        raise ServiceError(msg("You are not playing in match #{match}.", match=live.id))
    assert live.state is not None
    if live.record.status == FINISHED or live.state.get("result") is not None:
        raise GameOver(msg("This match is over; no more moves can be made."))
    if live.record.paused and moving:
        raise ServiceError(
            msg(
                "Match #{match} is paused. It goes on when every player agrees: `/game resume`.",
                match=live.id,
            )
        )
    return role, live.state


def who_changed(
    live: LiveMatch,
    actor: str,
    before: dict[str, tuple[Action, ...]],
    active_before: frozenset[str],
    active_after: frozenset[str],
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Roles (not the actor) whose legal actions changed, and those among them now asked
    something new (their menus go stale; the second group is told by DM)."""
    state = live.state
    assert state is not None
    over = state.get("result") is not None
    changed: list[str] = []
    new_question: list[str] = []
    for role in state["roles"]:
        if role == actor:
            continue
        now = live.ruleset.prompt(state, role).actions if role in active_after and not over else ()
        if now != before.get(role, ()):
            changed.append(role)
            if now:
                new_question.append(role)
        elif now and role not in active_before:
            new_question.append(role)
    return tuple(changed), tuple(new_question)


class Entries:
    """Acts, undos, resignations and timeouts, each one committed entry (or several for a line)."""

    def __init__(self, store: Store, cache: MatchCache, clock: WallClock) -> None:
        self.store = store
        self.cache = cache
        self.clock = clock
        #: The newest action id this process stored per ``(match, role)``, and the entries of
        #: earlier runs a typed retry was already warned about (see :meth:`_retried`).
        self._stored_here: dict[tuple[int, str], int] = {}
        self._retry_warned: set[int] = set()
        #: When this process started: on a shared database, an entry stored since then was
        #: stored (and answered) by a running process, this one or another.
        self._started = stamp_of(clock.now())
        #: Asked before a player's entry: raises a :class:`ServiceError` while his leaving is
        #: held (zombie mode's vote on his seat, see :mod:`bot.computers.zombie`).
        self.held: Callable[[int, int], Awaitable[None]] | None = None

    async def _duplicate(self, interaction_id: str | None) -> ActResult | None:
        if interaction_id is None:
            return None
        entry = await self.store.action_by_interaction(interaction_id)
        if entry is None:
            return None
        live = await self.cache.get(entry.match_id)
        return ActResult(
            live, entry.kind, entry.role, entry.user_id, entry.action, entry.action, (), entry.seq, (), True
        )

    async def act(
        self,
        match_id: int,
        user_id: int,
        action: str | Action,
        *,
        expected_version: int | None = None,
        expected_prompt: int | None = None,
        interaction_id: str | None = None,
        typed: bool = False,
    ) -> ActResult:
        """Validate and apply an action by ``user_id``; committed before this returns.

        ``expected_version`` (the match's version) or ``expected_prompt`` (the user's prompt
        version, see :meth:`LiveMatch.prompt_version`) reject a choice made on an old prompt.
        ``typed``: a typed command, which carries no prompt number: the retry guard applies
        (:meth:`_retried`).
        """
        results = await self._entries(
            match_id, user_id, "act", [action], expected_version, interaction_id, expected_prompt, typed=typed
        )
        return results[0]

    async def undo(
        self,
        match_id: int,
        user_id: int,
        *,
        interaction_id: str | None = None,
        expected_prompt: int | None = None,
    ) -> ActResult:
        """Take back the user's last action, within his own decision only (engine policy)."""
        return await self._entry(match_id, user_id, "undo", "undo", None, interaction_id, expected_prompt)

    async def resign(
        self,
        match_id: int,
        user_id: int,
        *,
        interaction_id: str | None = None,
        expected_step: int | None = None,
    ) -> ActResult:
        """Give up (``expected_step``: the public step the player confirmed it at, see
        :func:`public_step`; the match version would count others' hidden actions)."""
        results = await self._entries(
            match_id, user_id, "resign", ["resign"], None, interaction_id, expected_step=expected_step
        )
        return results[0]

    async def act_line(
        self,
        match_id: int,
        user_id: int,
        line: str,
        *,
        expected_prompt: int | None = None,
        interaction_id: str | None = None,
        typed: bool = False,
    ) -> list[ActResult]:
        """Several steps of one decision typed in one line (``a; b; c``): rehearsed as a whole
        first (:mod:`games.core.chain`), so a refused step leaves everything as it was; then
        made one by one, each its own committed entry. One result per step made."""
        return await self._entries(
            match_id, user_id, "act", split_steps(line), None, interaction_id, expected_prompt, typed=typed
        )

    async def _entry(
        self,
        match_id: int,
        user_id: int,
        kind: str,
        action: str | Action,
        expected_version: int | None,
        interaction_id: str | None,
        expected_prompt: int | None = None,
    ) -> ActResult:
        results = await self._entries(
            match_id, user_id, kind, [action], expected_version, interaction_id, expected_prompt
        )
        return results[0]

    async def _entries(
        self,
        match_id: int,
        user_id: int,
        kind: str,
        actions: Sequence[str | Action],
        expected_version: int | None,
        interaction_id: str | None,
        expected_prompt: int | None = None,
        *,
        expected_step: int | None = None,
        typed: bool = False,
    ) -> list[ActResult]:
        previous = await self._duplicate(interaction_id)
        if previous is not None:
            return [previous]
        async with self.cache.locked(match_id) as live:
            previous = await self._duplicate(interaction_id)
            if previous is not None:
                return [previous]
            role, state = playing(live, user_id, moving=kind != "resign")
            if self.held is not None:
                await self.held(match_id, user_id)
            stale_prompt = expected_prompt is not None and expected_prompt != live.prompt_version(role)
            if stale_prompt and expected_prompt is not None:
                raise await self.stale(live, role, expected_prompt)
            if expected_version is not None and expected_version != live.record.version:
                raise StaleAction(STALE)
            if expected_step is not None and expected_step != public_step(state):
                raise StaleAction(STALE)
            clock = live.clocks.get(role)
            # (A computer's bank may run down, e.g. a one-minute pace: no timeout is committed for
            # it, so it must still move.)
            late = clock is not None and clock.running and clock.left(self.clock.now()) <= 0
            if kind != "resign" and late and not is_computer(user_id):
                raise ServiceError(
                    msg(
                        "Your time bank has run out: this move comes too late, and the match records "
                        "the timeout in a moment."
                    )
                )
            steps: Sequence[str | Action] = actions
            if len(actions) != 1:
                steps = rehearse(
                    live.ruleset, state, role, [a.text if isinstance(a, Action) else a for a in actions]
                )
            if typed and kind == "act":
                await self._retried(live, role, user_id, steps[0])
            results = await self._commit_all(live, kind, role, user_id, steps, interaction_id)
            if results[0].duplicate:
                return results
        log.info("match %s v%s: %s %s", match_id, live.record.version, kind, role)
        return results

    async def _retried(self, live: LiveMatch, role: str, user_id: int, first: str | Action) -> None:
        """Refuse, once, a typed action that repeats the player's newest entry when an earlier
        run of the bot stored that entry.

        Menus and buttons carry the player's prompt number, so a second click answers "Already
        done". A typed command carries none, and Discord sends a retry as a new interaction
        (another id): after a crash between the commit and the reply, the player saw no answer
        and types the same command again, which would apply it twice (`roll 1`, rolled again).
        What identifies that retry is the entry itself: it is the player's newest, has the same
        canonical text, and no run of the bot since has answered him for this match (it was
        stored by an earlier run). He is told what happened; sending it once more makes it.
        """
        game = live.game
        assert game is not None
        text = first.text if isinstance(first, Action) else game.check(role, first).text
        last = await self.store.last_entry_of(live.id, role)
        if (
            last is None
            or last.kind != "act"
            or last.action != text
            or last.user_id != user_id
            or self._stored_here.get((live.id, role)) == last.id
            or (self.store.shared and last.created_at >= self._started)
            or last.id in self._retry_warned
        ):
            return
        self._retry_warned.add(last.id)
        log.info("match %s: a typed retry of %s's last entry %s was held back once", live.id, role, last.id)
        raise ServiceError(retried(text, discord_time(last.created_at)))

    async def stale(self, live: LiveMatch, role: str, pressed: int) -> StaleAction:
        """The refusal of a click on ``role``'s prompt ``pressed``, which is no longer his newest:
        "already done" when his own action made it old (a double click), else "out of date"."""
        if pressed < live.prompt_version(role):
            entry = await self.store.entry_at(live.id, live.prompt_entry(role) - 1)
            if entry is not None and entry.role == role and entry.kind in ("act", "undo"):
                return StaleAction(ALREADY_DONE)
        return StaleAction(STALE)

    async def commit(
        self,
        live: LiveMatch,
        kind: str,
        role: str,
        user_id: int,
        action: str | Action,
        interaction_id: str | None,
    ) -> ActResult:
        """Apply one entry in memory, commit it in one transaction, or put everything back."""
        return (await self._commit_all(live, kind, role, user_id, [action], interaction_id))[0]

    async def _commit_all(
        self,
        live: LiveMatch,
        kind: str,
        role: str,
        user_id: int,
        actions: Sequence[str | Action],
        interaction_id: str | None,
    ) -> list[ActResult]:
        """Apply entries one after the other in memory (the steps of a line: interaction ids
        ``id``, ``id/1``...), commit them all in one transaction, or put everything back."""
        game = live.game
        assert game is not None
        saved = (live.record, live.clocks, live.seats)
        staged: list[_Staged] = []
        try:
            for number, action in enumerate(actions):
                key = (
                    interaction_id if number == 0 or interaction_id is None else f"{interaction_id}/{number}"
                )
                staged.append(self._stage(live, kind, role, user_id, action, key))
                self._settle(live, staged[-1])  # the next step is staged on this one
            # Until stored, the match's record, clocks and seats stay as they were: a click
            # read meanwhile (outside the lock) must not see a version the database lacks.
            live.record, live.clocks, live.seats = saved
            entries = [s.entry for s in staged]
            if len(entries) == 1:
                ids = [await self.store.append(entries[0])]
            else:
                ids = await self.store.append_all(entries)
            self._stored_here[(live.id, role)] = ids[-1]
        except BaseException as error:
            if staged:
                game.revert_all([s.outcome for s in staged])
            live.record, live.clocks, live.seats = saved
            if isinstance(error, INTEGRITY_ERRORS):
                again = await self._duplicate(interaction_id)
                if again is not None:
                    return [again]
            if isinstance(error, StaleWrite):
                # This copy of the match is behind the database (it was reloaded elsewhere):
                # forget it, so the next request reads the committed state.
                self.cache.forget(live.id, only=live)
                raise StaleAction(STALE) from None
            raise
        for step in staged:
            self._settle(live, step)
        if staged[-1].entry.status == FINISHED:
            self.cache.forget(live.id)
        return [s.result for s in staged]

    def _stage(
        self,
        live: LiveMatch,
        kind: str,
        role: str,
        user_id: int,
        action: str | Action,
        interaction_id: str | None,
    ) -> _Staged:
        """Apply one entry in memory and describe it: the log entry to store and the result."""
        game, ruleset = live.game, live.ruleset
        assert game is not None
        state = game.state
        active_before = ruleset.active(state)
        # Only the other roles asked something now can see their question change.
        before = {r: ruleset.prompt(state, r).actions for r in active_before if r != role}
        log_from, was_open, seq_before = len(state["log"]), game.undo_open, int(state["seq"])
        tail: list[Event] = []
        labels: dict[str, str] = {}
        if kind == "act":
            parsed = game.check(role, action)
            label, text = ruleset.describe(state, role, parsed), parsed.text
            # (said now, before the action moves what it names: its answer is in his language)
            labels = {lang: ruleset.describe(state, role, parsed, lang) for lang in TRANSLATED}
            outcome = game.submit(role, parsed)
        elif kind == "undo":
            tail = list(state["log"][-UNDO_TAIL:])
            outcome, label, text = game.undo(role), "undo", "undo"
        elif kind == TIMEOUT:
            outcome, label, text = game.time_out(role), "timeout", TIMEOUT
        else:
            outcome, label, text = game.resign(role), "resign", "resign"
        finished = state.get("result") is not None
        clocks = self._clocks_after(live, role if kind == "act" else None, finished)
        changed, notify = who_changed(live, role, before, outcome.active_before, outcome.active_after)
        told = audiences_told(outcome.events)
        notify = tuple(r for r in state["roles"] if r != role and (r in notify or r in told))
        version = live.record.version + 1
        entry = LogEntry(
            match_id=live.id,
            kind="resign" if kind == TIMEOUT else kind,
            role=role,
            action=text,
            seq=seq_before,
            user_id=user_id,
            interaction_id=interaction_id,
            new_state=dump_without(state, "log"),
            new_seq=int(state["seq"]),
            new_version=version,
            status=FINISHED if finished else ACTIVE,
            result=state.get("result"),
            snapshot=finished or version % SNAPSHOT_EVERY == 0,
            actor_last_seq=int(state["seq"]) if kind == "act" else None,
            # The actor's own menus always go stale (a double click must not act twice).
            new_prompts=(role, *changed),
            log_from=len(state["log"]) if kind == "undo" else log_from,
            events=stored_events(outcome.events),
            undo_open=game.undo_open,
            undo_opened=game.undo_open and not was_open,
            clocks=clocks,
        )
        result = ActResult(
            live,
            kind,
            role,
            user_id,
            text,
            label,
            outcome.events,
            seq_before,
            notify,
            False,
            entry.new_prompts,
            _visible_taken_back(ruleset, tail, log_from - len(state["log"])) if kind == "undo" else 0,
            labels,
        )
        return _Staged(outcome, entry, result)

    @staticmethod
    def _settle(live: LiveMatch, staged: _Staged) -> None:
        """The match's record, clocks and seats as they stand after a staged entry."""
        entry = staged.entry
        live.record = replace(
            live.record,
            seq=entry.new_seq,
            version=entry.new_version,
            status=entry.status,
            result=entry.result,
            state=None,
            log_length=entry.log_length,
            undo_open=entry.undo_open,
        )
        if entry.clocks is not None:
            live.clocks = dict(entry.clocks)
        if entry.kind == "act":
            live.seats = [
                replace(s, last_seq=entry.new_seq) if s.role == entry.role else s for s in live.seats
            ]
        live.seats = [
            replace(s, prompt_version=s.prompt_version + 1, prompt_entry=entry.new_version)
            if s.role in entry.new_prompts
            else s
            for s in live.seats
        ]

    def _clocks_after(self, live: LiveMatch, actor: str | None, finished: bool) -> dict[str, Clock] | None:
        """The players' clocks once the entry being committed is applied (``None``: no pace)."""
        pace = live.pace
        if pace is None or not live.clocks:
            return None
        now = self.clock.now()
        if finished:
            return stop_all(live.clocks, pace, now)
        return clocks_after(
            live.clocks, pace, waiting=live.ruleset.active(live.state or {}), actor=actor, now=now
        )
