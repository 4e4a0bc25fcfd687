"""Finding matches: a player's, a server's lobbies and matches in play, the one a command means."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

from games.core import find

from ..i18n import msg
from ..storage import ACTIVE, FINISHED, LOBBY, MatchRecord, Store
from .cache import MatchCache
from .live import LiveMatch, ServiceError

log = logging.getLogger(__name__)


class Queries:
    """Read-only look-ups of matches (a damaged match is left out of lists, logged once)."""

    def __init__(self, store: Store, cache: MatchCache) -> None:
        self.store = store
        self.cache = cache
        self._unlisted: set[int] = set()

    async def matches_of(
        self, user_id: int, guild_id: int | None = None, *, active_only: bool = False
    ) -> list[LiveMatch]:
        """The user's unfinished matches, newest first (a damaged one is left out)."""
        statuses = (ACTIVE,) if active_only else (LOBBY, ACTIVE)
        records = await self.store.matches_of_user(user_id, guild_id=guild_id, statuses=statuses)
        return await self._listable(records, self._loaded)

    async def recent_of(self, user_id: int, guild_id: int | None = None) -> list[LiveMatch]:
        """Unfinished and finished matches of the user (for /game list), newest first."""
        records = await self.store.matches_of_user(
            user_id, guild_id=guild_id, statuses=(LOBBY, ACTIVE, FINISHED)
        )
        return await self._listable(records, self._summary, limit=20)

    async def _summary(self, record: MatchRecord) -> LiveMatch:
        """A match for listing: a finished one without its state (never read, parsed or rebuilt)."""
        if record.status != FINISHED or self.cache.holds(record.id):
            return await self.cache.get(record.id)
        ruleset = find(record.game)  # ActionError for a game this bot no longer knows: not listed
        return LiveMatch(record=record, seats=await self.store.seats(record.id), ruleset=ruleset, game=None)

    async def lobbies(self, guild_id: int | None) -> list[LiveMatch]:
        """Open lobbies of a guild, newest first (a damaged one is left out)."""
        return await self._listable(await self.store.lobbies(guild_id), self._loaded, limit=25)

    async def in_play(self, guild_id: int | None) -> list[LiveMatch]:
        """Matches being played in a guild, newest first (``/game follow``)."""
        return await self._listable(await self.store.in_play(guild_id), self._loaded, limit=25)

    async def _loaded(self, record: MatchRecord) -> LiveMatch:
        return await self.cache.get(record.id)

    async def _listable(
        self,
        records: list[MatchRecord],
        load: Callable[[MatchRecord], Awaitable[LiveMatch]],
        *,
        limit: int | None = None,
    ) -> list[LiveMatch]:
        """``load`` each record, leaving out (and logging once) a match that cannot be loaded.

        One damaged match (an unknown game, a log that no longer replays...) must not make
        the lists and autocompletes fail for every player seated in it.
        """
        out: list[LiveMatch] = []
        reported = self._unlisted
        for record in records:
            if limit is not None and len(out) >= limit:
                break
            try:
                out.append(await load(record))
            except Exception as exc:
                if record.id not in reported:
                    reported.add(record.id)
                    log.warning(
                        "match %s cannot be loaded (%s); it is left out of lists",
                        record.id,
                        type(exc).__name__,
                    )
                    log.debug("match %s cannot be loaded", record.id, exc_info=exc)
        return out

    async def by_thread(self, thread_id: int) -> LiveMatch | None:
        record = await self.store.match_by_thread(thread_id)
        return None if record is None else await self.cache.get(record.id)

    async def resolve(
        self, user_id: int, *, match_id: int | None, channel_id: int | None, guild_id: int | None
    ) -> LiveMatch:
        """The match a command means: the ``match`` option, else the thread, else the only one."""
        if match_id is not None:
            chosen = await self.cache.get(match_id)
            if guild_id is not None and chosen.record.guild_id != guild_id:
                # A match of another server is none of this server's business (nor its board).
                raise ServiceError(msg("There is no match #{match} in this server.", match=match_id))
            return chosen
        if channel_id is not None:
            here = await self.by_thread(channel_id)
            if here is not None:
                return here
        mine = await self.matches_of(user_id, guild_id)
        playing = [m for m in mine if m.record.status == ACTIVE]
        if len(playing) == 1:
            return playing[0]
        if not playing:
            raise ServiceError(msg("You have no match in progress here. Start one with `/game new`."))
        raise ServiceError(
            msg("You are in several matches: use this in the match's thread or pick `match:`.")
        )
