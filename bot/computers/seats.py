"""Computers taking seats: in a lobby (``opponent:computer``, "Add a computer player") and, by
the zombie vote, in a casual match whose player left."""

from __future__ import annotations

import logging

from ..i18n import msg
from ..matches.cache import MatchCache
from ..matches.live import JoinResult, LiveMatch, ServiceError
from ..matches.lobby import Lobby
from ..storage import ACTIVE, LOBBY, Store
from .identity import computer_named, computer_user, is_computer, next_number, pick_level

log = logging.getLogger(__name__)

LEAGUE_REFUSAL = msg("League matches are played by people only: a computer cannot take a seat in one.")


def level_for(live: LiveMatch, wanted: str | None) -> str:
    """The level ``wanted`` for this match's game, or a refusal that says why not."""
    try:
        return pick_level(live.ruleset.name, live.ruleset.title, wanted)
    except ValueError as exc:
        raise ServiceError(*exc.args) from None


class ComputerSeats:
    """Seats computers (through the same store and lobby as a person's seat)."""

    def __init__(self, store: Store, cache: MatchCache, lobby: Lobby) -> None:
        self.store = store
        self.cache = cache
        self.lobby = lobby

    async def add(
        self,
        match_id: int,
        user_id: int,
        level: str | None = None,
        side: str | None = None,
        *,
        once: str | None = None,
    ) -> JoinResult:
        """Seat a computer of ``level`` (default: the strongest) in ``user_id``'s lobby, on
        ``side`` if given; the match starts when the lobby is full, as when a person joins.
        ``once``: the choice's message; a second click on it (a double click) is refused."""
        live = await self.cache.get(match_id)
        chosen = level_for(live, level)
        marker = None if once is None else f"computer-added:{match_id}:{once}"
        async with self.cache.locked(match_id) as live:
            if marker is not None and await self.store.get_meta(marker):
                raise ServiceError(
                    msg("That computer player was added already (the button was pressed twice).")
                )
            if live.record.status != LOBBY:
                raise ServiceError(msg("Match #{match} is not open for players any more.", match=match_id))
            if user_id != live.record.creator_id:
                raise ServiceError(msg("Only the player who opened the lobby can add a computer player."))
            if live.record.league_id is not None:
                raise ServiceError(LEAGUE_REFUSAL)
            ruleset = live.ruleset
            _, most = ruleset.seats(live.record.options)
            if len(live.seats) >= most:
                raise ServiceError(msg("Match #{match} is full.", match=match_id))
            computer = computer_user(next_number(s.user_id for s in live.seats), chosen)
            wanted = self.lobby._side(ruleset, live.record.options, side)
            if live.record.rematch_of is not None:
                wanted = await self._rematch_side(live.record.rematch_of, computer)
            if wanted is not None and any(s.wanted_role == wanted for s in live.seats):
                raise ServiceError(
                    msg(
                        "Someone already asked for {side}; pick another side.",
                        side=ruleset.role_title(wanted),
                    )
                )
            await self.store.add_seat(match_id, computer, wanted)
            if marker is not None:
                await self.store.set_meta(marker, "1")
            live.seats = await self.store.seats(match_id)
            started = len(live.seats) >= most
            if started:
                await self.lobby.begin(live)
        log.info("match %s: a computer (%s) took a seat", match_id, chosen)
        return JoinResult(live, started)

    async def seat_rematch(self, lobby_id: int) -> JoinResult | None:
        """Seat the old match's computers in its rematch lobby, each on its next side (as every
        player of a rematch); ``None`` when it had none or they are seated already."""
        live = await self.cache.get(lobby_id)
        old_match = live.record.rematch_of
        if old_match is None:
            return None
        old = [s.user_id for s in await self.store.seats(old_match) if is_computer(s.user_id)]
        async with self.cache.locked(lobby_id) as live:
            missing = [c for c in old if not live.is_seated(c)]
            if live.record.status != LOBBY or not missing:
                return None
            for computer in missing:
                side = await self.lobby._rematch_side(old_match, computer)
                await self.store.add_seat(lobby_id, computer, side)
            live.seats = await self.store.seats(lobby_id)
            _, most = live.ruleset.seats(live.record.options)
            started = len(live.seats) >= most
            if started:
                await self.lobby.begin(live)
        return JoinResult(live, started)

    async def _rematch_side(self, old_match: int, computer: int) -> str:
        """A rematch's computer plays the next side of the old match's computer of that level."""
        old = await self.store.seats(old_match)
        same = next((s.user_id for s in old if s.user_id == computer), None)
        if same is None:
            raise ServiceError(
                msg(
                    "This lobby is the rematch of match #{match}: only its players may join, and it had "
                    "no {computer}.",
                    match=old_match,
                    computer=computer_named(computer),
                )
            )
        return await self.lobby._rematch_side(old_match, same)

    async def take_over(self, match_id: int, old_user: int, level: str | None = None) -> int:
        """Hand ``old_user``'s seat of a casual match to a computer (the zombie vote passed);
        returns the computer's user id."""
        live = await self.cache.get(match_id)
        chosen = level_for(live, level)
        async with self.cache.locked(match_id) as live:
            if live.record.league_id is not None:
                raise ServiceError(LEAGUE_REFUSAL)
            if live.record.status != ACTIVE:
                raise ServiceError(
                    msg("Match #{match} is not being played: there is no seat to hand over.", match=match_id)
                )
            if not live.is_seated(old_user) or is_computer(old_user):
                raise ServiceError(
                    msg("That seat of match #{match} has no player to stand in for.", match=match_id)
                )
            computer = computer_user(next_number(s.user_id for s in live.seats), chosen)
            await self.store.substitute(match_id, old_user, computer)
            live.seats = await self.store.seats(match_id)
        log.info("match %s: a computer (%s) took over a seat", match_id, chosen)
        return computer
