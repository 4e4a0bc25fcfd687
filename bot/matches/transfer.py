"""Export of a finished match to a file, and its import (every entry replayed through the rules)."""

from __future__ import annotations

import logging

from games.core import ActionError, find

from ..i18n import msg
from ..match_file import Document, export_document
from ..pace import PaceError, parse_pace
from ..storage import ABANDONED, FINISHED, Store
from .cache import MatchCache
from .entries import Entries
from .live import TIMEOUT, LiveMatch, ServiceError
from .lobby import Lobby

log = logging.getLogger(__name__)


class Transfer:
    """Matches out to an export file and back in."""

    def __init__(self, store: Store, cache: MatchCache, lobby: Lobby, entries: Entries) -> None:
        self.store = store
        self.cache = cache
        self.lobby = lobby
        self.entries = entries

    async def export(self, match_id: int, guild_id: int | None) -> tuple[LiveMatch, str]:
        """A finished match of this server as the text of its export file."""
        live = await self.cache.get(match_id)
        if guild_id is not None and live.record.guild_id != guild_id:
            raise ServiceError(msg("There is no match #{match} in this server.", match=match_id))
        if live.record.status != FINISHED:
            raise ServiceError(
                msg(
                    "Match #{match} can be exported once it is over: its file would tell its secrets.",
                    match=match_id,
                )
            )
        text = export_document(live.record, live.seats, await self.store.actions(match_id))
        return live, text

    async def import_match(
        self, document: Document, *, guild_id: int | None, channel_id: int | None
    ) -> LiveMatch:
        """Re-create an exported match here: the same seats, seed and entries, each replayed
        through the rules (an entry they refuse fails the import, and nothing is kept)."""
        try:
            ruleset = find(document.game)
            options = ruleset.resolve_options(document.options)
        except (ActionError, ValueError) as exc:
            raise ServiceError(
                msg("That export cannot be imported: {reason}", reason=exc.args[0] if exc.args else exc)
            ) from None
        try:
            parse_pace(document.pace)
        except PaceError as exc:
            raise ServiceError(msg("That export cannot be imported: {reason}", reason=exc.args[0])) from None
        if document.result is None:
            raise ServiceError(msg("That export cannot be imported: it is not of a finished match."))
        seats = sorted(document.seats, key=lambda s: s.seat)
        roles = set(ruleset.roles(options, len(seats)))
        if {s.role for s in seats} != roles:
            raise ServiceError(
                msg("That export cannot be imported: its seats do not match the game's sides.")
            )
        record = await self.store.create_match(
            guild_id=guild_id,
            channel_id=channel_id,
            creator_id=seats[0].user_id,
            game=ruleset.name,
            options=options,
            seed=document.seed,
            wanted_role=seats[0].role,
            pace=document.pace,
        )
        for seat in seats[1:]:
            await self.store.add_seat(record.id, seat.user_id, seat.role)
        live = LiveMatch(record=record, seats=await self.store.seats(record.id), ruleset=ruleset, game=None)
        self.cache.keep(live)
        async with live.lock:
            await self.lobby.begin(live)
            for number, entry in enumerate(document.entries, 1):
                kind = TIMEOUT if entry.kind == "resign" and entry.action == TIMEOUT else entry.kind
                try:
                    await self.entries.commit(
                        live, kind, entry.role, live.user_of(entry.role) or 0, entry.action, None
                    )
                except (ActionError, ServiceError) as exc:
                    await self._abandon_import(record.id)
                    raise ServiceError(
                        msg(
                            "That export cannot be imported: entry {number} is refused ({reason}).",
                            number=number,
                            reason=exc.args[0] if exc.args else str(exc),
                        )
                    ) from None
            if (live.state or {}).get("result") != document.result:
                await self._abandon_import(record.id)
                raise ServiceError(
                    msg("That export cannot be imported: its moves do not lead to its result.")
                )
        log.info("match %s imported (%d entries)", record.id, len(document.entries))
        return await self.cache.get(record.id) if self.cache.holds(record.id) else live

    async def _abandon_import(self, match_id: int) -> None:
        await self.store.set_status(match_id, ABANDONED)
        self.cache.forget(match_id)
