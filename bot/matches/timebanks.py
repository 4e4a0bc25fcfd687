"""Time banks and pauses: a bank that ran out, a reminder sent, a pause every player agreed to."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import replace

from ..clock import WallClock
from ..computers.identity import is_computer
from ..i18n import msg
from ..pace import Clock, clocks_after
from ..storage import ACTIVE, Store
from .cache import MatchCache
from .entries import Entries, playing
from .live import TIMEOUT, ActResult, LiveMatch, ServiceError

log = logging.getLogger(__name__)


class TimeBanks:
    """The players' clocks and the match's pause, between entries."""

    def __init__(self, store: Store, cache: MatchCache, entries: Entries, clock: WallClock) -> None:
        self.store = store
        self.cache = cache
        self.entries = entries
        self.clock = clock
        #: Asked first when a bank runs out: ``True`` keeps the timeout back for now (zombie
        #: mode's vote on a computer playing on for him, see :mod:`bot.computers.zombie`).
        self.hold: Callable[[int, str], Awaitable[bool]] | None = None

    async def time_out(self, match_id: int, role: str, *, offer_seat: bool = True) -> ActResult | None:
        """``role``'s bank has run out: commit the timeout (``None`` if it has not run out after
        all, or the match is over or paused). Safe to call twice: the second finds no expired bank.
        ``offer_seat``: :attr:`hold` may keep it back (a vote on a computer playing on for him)."""
        if offer_seat and self.hold is not None and await self.hold(match_id, role):
            return None
        async with self.cache.locked(match_id) as live:
            state, pace, clock = live.state, live.pace, live.clocks.get(role)
            if state is None or state.get("result") is not None or live.record.status != ACTIVE:
                return None
            if live.record.paused or pace is None or clock is None or not clock.running:
                return None
            if role not in live.active_roles() or clock.left(self.clock.now()) > 0:
                return None
            if is_computer(live.user_of(role)):
                return None  # a computer answers in seconds: its clock never runs out
            user_id = live.user_of(role) or 0
            marker = f"timeout:{match_id}:{live.record.version}"
            result = await self.entries.commit(live, TIMEOUT, role, user_id, TIMEOUT, marker)
        log.info("match %s v%s: %s ran out of time", match_id, live.record.version, role)
        return result

    async def remind(self, match_id: int, role: str, mark: int) -> None:
        """Note that ``role`` was reminded at ``mark`` seconds left (sent once per wait)."""
        async with self.cache.locked(match_id) as live:
            pace, clock = live.pace, live.clocks.get(role)
            if pace is None or clock is None:
                return
            live.clocks[role] = clock.reminded_of(mark, pace)
            await self.store.set_clocks(match_id, {role: live.clocks[role]})

    async def vote_pause(self, match_id: int, user_id: int, *, pause: bool) -> tuple[LiveMatch, bool, int]:
        """A player asks to pause (or resume) the match; it happens when every player asked.
        Returns the match, whether it changed now, and how many players still have to agree."""
        live = await self.cache.get(match_id)
        if pause and live.record.league_id is not None:
            raise ServiceError(msg("League matches cannot be paused."))
        async with self.cache.locked(match_id) as live:
            playing(live, user_id, moving=False)
            if live.record.paused == pause:
                if pause:
                    raise ServiceError(msg("Match #{match} is paused already.", match=match_id))
                raise ServiceError(msg("Match #{match} is not paused.", match=match_id))
            voted = await self.store.vote_pause(match_id, user_id, "pause" if pause else "resume")
            players = {s.user_id for s in live.seats if not is_computer(s.user_id)}
            missing = len(players - voted)
            if missing:
                return live, False, missing
            pace, now = live.pace, self.clock.now()
            clocks: dict[str, Clock] | None = None
            if pace is not None and live.clocks:
                waiting = live.ruleset.active(live.state or {}) if not pause else frozenset()
                clocks = clocks_after(live.clocks, pace, waiting=waiting, actor=None, now=now)
            await self.store.set_paused(match_id, pause, clocks)
            live.record = replace(live.record, paused=pause)
            if clocks is not None:
                live.clocks = clocks
        log.info("match %s %s", match_id, "paused" if pause else "resumed")
        return live, True, 0
