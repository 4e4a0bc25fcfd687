"""The announcer: post what was committed but never announced, without waiting for a restart.

An entry is committed before anything is posted; if the post then fails (a crash, or Discord
unavailable for longer than :mod:`bot.discord_send` retries), the match is left "behind in Discord"
(``Store.behind_in_discord``); so is a match that owes a player a DM prompt (``Store.owe_dms``:
owed before the entry is posted, paid when Discord takes the DM). The announcer sweeps those
matches at start-up, every ``every`` seconds after that, and soon after a delivery reports
:class:`~bot.discord_send.PostFailed` (:meth:`Announcer.nudge`), calling ``catch_up(match_id)`` for
each, one at a time with a ``pause`` between them, so that a backlog neither starves the
players' live interactions nor runs into Discord's rate limits.

Several bot processes on one database each run an announcer. On PostgreSQL a live delivery
and a sweep both hold the match's announcing against the other processes
(``Store.announcing``, an advisory lock: a sweep leaves a match another process holds, a
delivery waits for it), so that an entry is announced by one process; a process that dies
lets go of it at once, and another's next sweep catches the match up (the nonces of
:mod:`bot.discord_send` make a re-sent post the same message). Two announcers on one SQLite
file (tests) claim each match with a lease (:mod:`bot.leases`) that runs out after
``ANNOUNCE_SECONDS``.

In one process, it never races a live delivery of the same match: deliveries run inside
:meth:`Announcer.delivering`, which holds the match for them (a sweep skips a held match, and a
delivery waits while the announcer catches that match up), and a sweep leaves alone a match
committed less than ``grace`` seconds ago (its own delivery may not have started yet). A sweep
stops at the first post Discord refuses for a transient reason (an outage is rarely about one
match); a match that stays behind although caught up (e.g. its channel is gone) is tried again
less and less often.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import UTC, datetime

from . import discord_send
from .background import Background
from .clock import CLOCK
from .failures import log_failure
from .leases import Leases
from .service import DamagedMatch
from .storage import Store

log = logging.getLogger(__name__)

#: Seconds between two sweeps.
EVERY = 30.0
#: Seconds between two matches of one sweep (as the start-up catch-up always did).
PAUSE = 0.25
#: Seconds from a nudge to its sweep (lets the failed delivery finish first).
SETTLE = 1.0
#: A match committed this recently (after the announcer started) is left to its own delivery.
GRACE = 10.0
#: The longest wait before trying again a match that stays behind although caught up.
MAX_BACKOFF = 3600.0

#: How long a sweep's lease on announcing a match holds (seconds; SQLite: see above).
ANNOUNCE_SECONDS = 120.0
#: How long (real seconds) a live delivery waits for another process announcing its match.
DELIVERY_PATIENCE = 10.0

#: Matches held by the current task (so that a delivery calling another one does not deadlock).
_held: ContextVar[frozenset[int]] = ContextVar("palantir_held_matches", default=frozenset())


@dataclass(slots=True)
class _Attempt:
    """A match caught up at ``version`` that was still behind at the next sweep."""

    version: int
    failures: int = 0
    not_before: float = 0.0


class Announcer(Background):
    """Sweeps the matches behind in Discord and catches them up, one at a time."""

    TASK_NAME = "palantir-announcer"
    FAILURE = "announcer sweep failed"

    def __init__(
        self,
        catch_up: Callable[[int], Awaitable[None]],
        store: Store,
        *,
        every: float = EVERY,
        pause: float = PAUSE,
        settle: float = SETTLE,
        grace: float = GRACE,
        clock: Callable[[], float] = time.monotonic,
        leases: Leases | None = None,
    ) -> None:
        self.catch_up = catch_up
        self.store = store
        #: Claims on announcing a match, shared with the other bot processes of the database.
        self.leases = leases or Leases(store)
        self.every = every
        self.pause = pause
        self.settle = settle
        self.grace = grace
        self._clock = clock
        self._started = datetime.fromtimestamp(CLOCK.now(), UTC)
        self._sweeping = asyncio.Lock()
        self._wake = asyncio.Event()
        self._nudged: set[int] = set()
        self._locks: dict[int, asyncio.Lock] = {}
        self._users: dict[int, int] = {}  # match id -> deliveries holding or waiting for its lock
        self._attempts: dict[int, _Attempt] = {}
        self.sweeps = 0

    # -- running ---------------------------------------------------------------------
    def nudge(self, match_id: int | None = None) -> None:
        """Sweep soon (``settle`` seconds from now); ``match_id`` then skips the grace and backoff."""
        if match_id is not None:
            self._nudged.add(match_id)
        self._wake.set()

    async def round(self) -> None:
        await self.sweep()

    async def rest(self) -> None:
        """Until the next sweep: ``every`` seconds, or ``settle`` seconds after a nudge."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._wake.wait(), self.every)
            await asyncio.sleep(self.settle)
        self._wake.clear()

    # -- holding a match ---------------------------------------------------------------
    @contextlib.asynccontextmanager
    async def delivering(self, match_id: int) -> AsyncIterator[None]:
        """Hold ``match_id`` while its live delivery posts; if a post is given up, nudge.

        Wrap every delivery that announces entries (``after_entry``, ``announce_start``...).
        Re-entrant within one task.
        """
        outermost = match_id not in _held.get()
        async with self._hold(match_id) as failures:
            if outermost and self.store.shared:
                async with self._claimed(match_id):
                    yield
            else:
                yield
        if failures and outermost:  # inside, the holder (a sweep, a delivery) sees them too
            self.nudge(match_id)

    @contextlib.asynccontextmanager
    async def _claimed(self, match_id: int) -> AsyncIterator[None]:
        """A live delivery on a shared database: hold the match's announcing against the other
        processes, waiting while one of them catches it up (at most ``DELIVERY_PATIENCE``
        seconds: then it posts all the same, and the nonces keep a post from being doubled)."""
        async with self.store.announcing(match_id, DELIVERY_PATIENCE) as held:
            if not held:
                log.warning(
                    "match %s is being announced by another process; delivering all the same", match_id
                )
            yield

    @contextlib.asynccontextmanager
    async def _hold(self, match_id: int) -> AsyncIterator[list[discord_send.PostFailed]]:
        held = _held.get()
        if match_id in held:
            with discord_send.watch() as failures:
                yield failures
            return
        lock = self._locks.setdefault(match_id, asyncio.Lock())
        self._users[match_id] = self._users.get(match_id, 0) + 1
        token = _held.set(held | {match_id})
        try:
            async with lock:
                with discord_send.watch() as failures:
                    yield failures
        finally:
            _held.reset(token)
            self._users[match_id] -= 1
            if not self._users[match_id]:
                del self._users[match_id]
                del self._locks[match_id]

    def _sweep_claim(self, match_id: int) -> contextlib.AbstractAsyncContextManager[bool]:
        """A sweep's claim on catching a match up: on PostgreSQL the match's announcing lock (not
        waited for: another process at it keeps it), else a lease (see :mod:`bot.leases`)."""
        if self.store.shared:
            return self.store.announcing(match_id, 0.0)
        return self.leases.holding(announcing(match_id), ANNOUNCE_SECONDS)

    def busy(self, match_id: int) -> bool:
        """Whether a delivery holds (or waits for) ``match_id``."""
        return match_id in self._users

    # -- sweeping ------------------------------------------------------------------------
    async def sweep(self) -> int:
        """Catch up every match behind in Discord that is due; returns how many were tried.

        Does nothing (returns 0) if a sweep is already running: the next one comes soon.
        """
        if self._sweeping.locked():
            return 0
        async with self._sweeping:
            self.sweeps += 1
            nudged, self._nudged = self._nudged, set()
            behind = await self.store.behind_in_discord()
            still = set(behind)
            for match_id in [m for m in self._attempts if m not in still]:
                del self._attempts[match_id]  # announced since
            due = [m for m in behind if await self._due(m, m in nudged)]
            if due:
                log.info("%d matches have updates to announce", len(due))
            tried = 0
            for match_id in due:
                if tried:
                    await asyncio.sleep(self.pause)
                if self.busy(match_id):
                    continue  # its own delivery is at it (and nudges if it fails)
                tried += 1
                if await self._announce(match_id):
                    log.warning("Discord is not taking posts; the announcer tries again later")
                    self._nudged |= {m for m in nudged if m in still}
                    break
            return tried

    async def _due(self, match_id: int, nudged: bool) -> bool:
        try:
            record = await self.store.get_match(match_id)
        except ValueError:
            return False  # an unreadable row (logged by the store); nothing to announce
        if record is None:
            return False
        if not nudged:
            committed = _parse_time(record.updated_at)
            if committed is not None and committed > self._started:
                age = (datetime.fromtimestamp(CLOCK.now(), UTC) - committed).total_seconds()
                if age < self.grace:
                    return False  # its live delivery may still be on the way
        attempt = self._attempts.get(match_id)
        now = self._clock()
        if attempt is None or attempt.version != record.version:
            self._attempts[match_id] = _Attempt(record.version)
            return True
        # Caught up at this version already, and still behind: try again, less and less often.
        if not nudged and now < attempt.not_before:
            return False
        attempt.failures += 1
        attempt.not_before = now + min(self.every * 2**attempt.failures, MAX_BACKOFF)
        log.info("match %s is still not announced (attempt %d)", match_id, attempt.failures + 1)
        return True

    async def _announce(self, match_id: int) -> bool:
        """``catch_up(match_id)`` holding the match; True if Discord refused a post for now."""
        async with self._hold(match_id) as failures, self._sweep_claim(match_id) as claimed:
            if not claimed:
                return False  # another process is announcing it (its delivery, or its sweep)
            try:
                await self.catch_up(match_id)
            except discord_send.PostFailed:
                pass  # logged where it was given up; counted in ``failures``
            except DamagedMatch:
                log.debug("match %s cannot be rebuilt (reported once): nothing to announce", match_id)
            except Exception as exc:
                log_failure(log, f"could not catch up match {match_id}", exc)
        if failures:
            self._attempts.pop(match_id, None)  # not this match's fault: no backoff
        return bool(failures)


def announcing(match_id: int) -> str:
    """The name of the claim on announcing a match (:mod:`bot.leases`)."""
    return f"announce:{match_id}"


def _parse_time(text: str) -> datetime | None:
    try:
        stamp = datetime.fromisoformat(text)
    except ValueError:
        return None
    return stamp if stamp.tzinfo is not None else stamp.replace(tzinfo=UTC)
