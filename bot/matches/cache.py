"""The live-match cache: unfinished matches in memory, least recently used first, each loaded
from its row (or rebuilt from its log) on first use, under a per-match load lock.

On a database that several bot processes share (PostgreSQL) a copy in memory is never trusted
past the stored version: :meth:`MatchCache.get` compares it with the row and reads the match
again when another process moved it, and :meth:`MatchCache.locked` holds the match against the
other processes (``Store.match_lock``) and reads its row, seats and clocks again under that lock.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections import OrderedDict
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import replace

from games.core import ActionError, Event, Match, Ruleset, State, dump_without, find, load
from games.core.journal import EventLog

from ..i18n import msg
from ..storage import ABANDONED, ACTIVE, LOBBY, ActionRecord, MatchRecord, Store
from .live import MAX_LIVE, DamagedMatch, DamageReport, LiveMatch, ServiceError, replay_entry, stored_events

log = logging.getLogger(__name__)


def stamp_of(live: LiveMatch) -> tuple[int, str, bool, int | None, int, int]:
    """``live`` as :meth:`Store.match_stamp` reads the stored match (a difference: it is stale)."""
    record = live.record
    seats = (len(live.seats), sum(seat.user_id for seat in live.seats))
    return (record.version, record.status, record.paused, record.thread_id, *seats)


class MatchCache:
    """Unfinished matches in memory (loaded on first use), and the report of a damaged one."""

    def __init__(self, store: Store, *, max_live: int = MAX_LIVE) -> None:
        self.store = store
        self.max_live = max_live
        #: Unfinished matches in memory, least recently used first (loaded on first use).
        self.held: OrderedDict[int, LiveMatch] = OrderedDict()
        self._load_locks: dict[int, asyncio.Lock] = {}
        #: Told once about each match whose log no longer replays (see :class:`DamagedMatch`).
        self.on_damaged: list[DamageReport] = []
        self._reports: set[asyncio.Task[None]] = set()

    async def get(self, match_id: int) -> LiveMatch:
        """The live match ``match_id`` (loaded and, if needed, rebuilt from its log; on a shared
        database read again if another process moved it, paused it, opened its thread or
        changed its seats)."""
        live = self.held.get(match_id)
        if live is not None and self.store.shared and not live.lock.locked():
            # (A locked copy is being worked on, and its holder reads it again itself.)
            stamp = await self.store.match_stamp(match_id)
            if stamp != stamp_of(live) and not live.lock.locked():
                async with live.lock, self.store.match_lock(match_id):
                    await self.refresh(live)
        return await self._copy(match_id) if live is None else self._used(live)

    async def current(self, match_id: int) -> LiveMatch:
        """The live match ``match_id`` as stored now, waiting for whoever holds its copy (a
        click names a prompt newer than the copy :meth:`get` returned while another task was
        reading it again: the copy, not the click, is out of date)."""
        async with self.locked(match_id) as live:
            return live

    def _used(self, live: LiveMatch) -> LiveMatch:
        if self.held.get(live.id) is live:  # (read again finished, it was just let go of)
            self.held.move_to_end(live.id)
        return live

    async def _copy(self, match_id: int) -> LiveMatch:
        """The match in memory as it is (loaded if it is not)."""
        live = self.held.get(match_id)
        if live is not None:
            return self._used(live)
        lock = self._load_locks.setdefault(match_id, asyncio.Lock())
        try:
            async with lock:
                live = self.held.get(match_id)
                if live is None:
                    record = await self.store.get_match(match_id)
                    if record is None:
                        raise ServiceError(msg("There is no match #{match}.", match=match_id))
                    live = await self._load(record)
                    if record.status in (LOBBY, ACTIVE):
                        self.keep(live)  # finished matches are not kept in memory
        finally:
            if not lock.locked():
                self._load_locks.pop(match_id, None)
        return live

    @asynccontextmanager
    async def locked(self, match_id: int) -> AsyncIterator[LiveMatch]:
        """The live match ``match_id``, held for one operation: its lock in this process and,
        on a shared database, against every other process, read again under that lock."""
        live = await self._copy(match_id)  # (read again below, under the lock)
        async with live.lock:
            if not self.store.shared:
                yield live
                return
            async with self.store.match_lock(match_id):
                await self.refresh(live)
                yield live

    async def refresh(self, live: LiveMatch) -> None:
        """Bring ``live`` up to the stored match (the caller holds it): its row, seats and
        clocks, and its game too when another process committed an entry or started it.

        Everything is read first and put in place at once: a reader that does not wait for the
        lock (``get`` while it is held) never sees the new position with the old seats (their
        prompt numbers), which would refuse a double click as "out of date" instead of
        "already done"."""
        found = await self.store.match_and_seats(live.id)
        if found is None:
            raise ServiceError(msg("There is no match #{match}.", match=live.id))
        record, seats = found
        game = live.game
        if (record.version, record.status) != (live.record.version, live.record.status):
            full = await self.store.get_match(live.id)
            assert full is not None
            fresh = await self._load(full)
            game = fresh.game
            record = replace(fresh.record, state=None)
            log.debug("match %s read again at version %s", live.id, record.version)
        clocks = await self.store.clocks(live.id) if record.pace else {}
        live.game, live.record, live.seats, live.clocks = game, record, seats, clocks
        live.forget_prompts()
        if record.status not in (LOBBY, ACTIVE):
            self.forget(live.id, only=live)

    def keep(self, live: LiveMatch) -> None:
        """Hold ``live`` in memory, forgetting the least recently used idle matches beyond the cap.

        A match whose lock is held (an action being applied) is never dropped, so two
        ``LiveMatch`` objects with separate locks never exist for one match at the same time.
        """
        self.held[live.id] = live
        self.held.move_to_end(live.id)
        for match_id in list(self.held):
            if len(self.held) <= self.max_live:
                break
            if match_id != live.id and not self.held[match_id].lock.locked():
                del self.held[match_id]

    async def _load(self, record: MatchRecord) -> LiveMatch:
        try:
            ruleset = find(record.game)
        except ActionError as exc:
            raise ServiceError(
                msg(
                    "Match #{match} is a game this bot no longer knows ({game}).",
                    match=record.id,
                    game=record.game,
                )
            ) from exc
        seats = await self.store.seats(record.id)
        game: Match | None = None
        if (record.status != LOBBY and record.status != ABANDONED) or record.state:
            state = None if record.undo_open else self._cached_state(record)
            if state is not None:
                log_events = await self._stored_log(record)
                if log_events is not None and len(log_events) >= record.log_length:
                    state["log"] = EventLog(log_events[: record.log_length])
                    game = Match(ruleset, state)
            if game is None:
                # Replaying also brings back the undo history, which only lives in memory.
                game = await self.rebuild(record, ruleset, len(seats))
                state = game.state
                await self.store.save_state_cache(
                    record.id,
                    dump_without(state, "log"),
                    int(state["seq"]),
                    stored_events(state["log"]),
                    state.get("result"),
                    game.undo_open,
                    version=record.version,
                )
                record = replace(
                    record,
                    state=None,
                    seq=int(state["seq"]),
                    log_length=len(state["log"]),
                    result=state["result"],
                )
        clocks = await self.store.clocks(record.id) if record.pace else {}
        return LiveMatch(record=record, seats=seats, ruleset=ruleset, game=game, clocks=clocks)

    async def _stored_log(self, record: MatchRecord) -> list[Event] | None:
        """The match's stored log events, or ``None`` if one cannot be read."""
        try:
            return [json.loads(text) for text in await self.store.events(record.id)]
        except ValueError:
            log.warning("match %s has an unreadable log event; rebuilding from the action log", record.id)
            return None

    def _cached_state(self, record: MatchRecord) -> State | None:
        if not record.state:
            if record.status != LOBBY:
                log.warning("match %s has no cached state; rebuilding from the log", record.id)
            return None
        try:
            state = load(record.state)
        except ValueError:
            log.warning("match %s has a corrupt cached state; rebuilding from the log", record.id)
            return None
        if state.get("game") != record.game or state.get("seq") != record.seq:
            log.warning("match %s cached state disagrees with its row; rebuilding from the log", record.id)
            return None
        return state

    async def rebuild(self, record: MatchRecord, ruleset: Ruleset, players: int) -> Match:
        """Replay the action log from the newest readable snapshot (or from the seed)."""
        start_after = 0
        state: State | None = None
        log_events = await self._stored_log(record) or []
        for action_id, text, log_length in await self.store.snapshots(record.id):
            try:
                candidate = load(text)
            except ValueError:
                log.warning("match %s: skipping corrupt snapshot at action %s", record.id, action_id)
                continue
            if candidate.get("game") == record.game and log_length <= len(log_events):
                candidate["log"] = EventLog(log_events[:log_length])
                state, start_after = candidate, action_id
                break
        if state is None:
            state = ruleset.setup(record.seed, ruleset.resolve_options(record.options), players)
        game = Match(ruleset, state)
        entries = await self.store.actions(record.id, after_id=start_after)
        for entry in entries:
            try:
                replay_entry(game, entry)
            except ValueError as exc:  # ActionError included: its words may name a secret
                await self._damaged(record, entry, exc)
                raise DamagedMatch(record.id) from None
        log.info("match %s rebuilt from %d log entries", record.id, len(entries))
        return game

    async def _damaged(self, record: MatchRecord, entry: ActionRecord, exc: ValueError) -> None:
        """Log (the refusal's words at DEBUG only) and report once that ``record``'s log stops
        replaying at ``entry``; the report survives restarts (a ``meta`` key)."""
        log.error(
            "match %s cannot be rebuilt: log entry %s (%s by %s) is refused (%s); restore a backup "
            "or repair the match",
            record.id,
            entry.id,
            entry.kind,
            entry.role,
            type(exc).__name__,
        )
        log.debug("match %s: entry %s `%s` is refused: %s", record.id, entry.id, entry.action, exc)
        key = f"damaged:{record.id}:{entry.id}"
        if not self.on_damaged or await self.store.get_meta(key) is not None:
            return
        await self.store.set_meta(key, "reported")
        for report in self.on_damaged:
            task = asyncio.create_task(report(record))  # posting must not hold the load lock
            self._reports.add(task)
            task.add_done_callback(self._reports.discard)

    def holds(self, match_id: int) -> bool:
        return match_id in self.held

    def forget(self, match_id: int, only: LiveMatch | None = None) -> None:
        """Drop ``match_id`` from memory (``only``: if that copy is the one held)."""
        if only is None or self.held.get(match_id) is only:
            self.held.pop(match_id, None)
