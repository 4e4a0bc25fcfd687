"""The ticker: time banks that run out, clock reminders and lobbies that expire.

Every ``every`` seconds (and once at start-up, which catches up on everything that fell due
while the bot was down) it reads the running clocks from the database, soonest deadline first:

* a bank that has run out is committed as a timeout (:meth:`MatchService.time_out`) and
  announced like any move; the service refuses a second timeout, so each happens once, in
  deadline order, however late the bot comes back;
* a reminder mark reached (half the bank, 12 hours, 1 hour left) is sent to the awaited player
  only, as his ``/settings ping`` says, unless his quiet hours are on (it waits for their end);
  it is noted before it is sent, so a crash never sends it twice;
* a lobby older than the lobby lifetime is closed and its creator told;
* ``on_tick`` runs last (leagues whose sign-up deadline has passed start).

Several bot processes on one database each run a ticker; every item is claimed first
(:class:`bot.leases.Leases`), so one process does it, and another takes it over when the
claim runs out (``ITEM_SECONDS``) because its process died.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

from .background import Background
from .clock import CLOCK, WallClock
from .failures import log_failure
from .leases import ITEM_SECONDS
from .pace import parse_pace
from .service import DamagedMatch, MatchService

log = logging.getLogger(__name__)

#: Seconds between two ticks.
EVERY = 30.0


class Ticker(Background):
    """Runs :meth:`tick` now and then every ``every`` seconds until stopped."""

    TASK_NAME = "palantir-ticker"
    FAILURE = "the ticker failed"

    def __init__(
        self,
        service: MatchService,
        *,
        on_timeout: Callable[..., Awaitable[None]],
        on_reminder: Callable[[int, str, int], Awaitable[None]],
        on_expired_lobby: Callable[[int], Awaitable[None]],
        lobby_lifetime: float,
        on_tick: Callable[[], Awaitable[None]] | None = None,
        every: float = EVERY,
        clock: WallClock = CLOCK,
    ) -> None:
        self.service = service
        self.on_timeout = on_timeout
        self.on_reminder = on_reminder
        self.on_expired_lobby = on_expired_lobby
        self.lobby_lifetime = lobby_lifetime
        self.on_tick = on_tick
        self.every = every
        self.clock = clock

    async def round(self) -> None:
        await self.tick()  # one bad tick must not stop the clocks for good: the next one runs

    async def tick(self) -> None:
        """Handle everything due now: timeouts first (in deadline order), then reminders and
        expired lobbies. Each item is claimed first (:mod:`bot.leases`): when several bot
        processes share the database, one of them does it."""
        now = self.clock.now()
        store, leases = self.service.store, self.service.leases
        claimed = False
        for match_id, role, clock, _ in await store.running_clocks():
            if clock.left(now) <= 0 and await leases.claim(
                f"timeout:{match_id}:{role}:{clock.running_since}"
            ):
                claimed = True
                await self._each(f"the timeout of match {match_id}", self._time_out(match_id, role))
        for match_id, role, clock, pace_text in await store.running_clocks():
            pace = parse_pace(pace_text) if pace_text else None
            mark = None if pace is None else clock.due_reminder(now, pace)
            item = f"remind:{match_id}:{role}:{clock.running_since}:{mark}"
            if mark is not None and await leases.claim(item):
                claimed = True
                await self._each(f"a reminder of match {match_id}", self.on_reminder(match_id, role, mark))
        for match_id in await store.lobbies_created_before(now - self.lobby_lifetime):
            if await leases.claim(f"expire:{match_id}"):
                claimed = True
                await self._each(f"the expiry of lobby {match_id}", self.on_expired_lobby(match_id))
        if self.on_tick is not None:
            await self._each("the tick's last step", self.on_tick())
        if claimed:  # the claims of earlier ticks that ran out: their work is done
            await store.drop_leases(now - ITEM_SECONDS)

    @staticmethod
    async def _each(what: str, work: Awaitable[None]) -> None:
        """One item of a tick: a failure is logged and the tick goes on with the next."""
        try:
            await work
        except DamagedMatch:
            log.debug("the ticker skipped %s: the match cannot be rebuilt (reported once)", what)
        except Exception as exc:
            log_failure(log, f"the ticker could not handle {what}", exc)

    async def _time_out(self, match_id: int, role: str) -> None:
        result = await self.service.time_out(match_id, role)
        if result is not None:
            await self.on_timeout(result)
