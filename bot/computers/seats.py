"""Computers taking seats: in a lobby (``opponent:computer``, "Add a computer player") and, by
the zombie vote, in a casual match whose player left."""

from __future__ import annotations

import logging

from ..matches.cache import MatchCache
from ..matches.live import JoinResult, LiveMatch, ServiceError
from ..matches.lobby import Lobby
from ..storage import ACTIVE, LOBBY, Store
from .identity import computer_name, computer_user, is_computer, next_number, pick_level

log = logging.getLogger(__name__)

LEAGUE_REFUSAL = "League matches are played by people only: a computer cannot take a seat in one."


def level_for(live: LiveMatch, wanted: str | None) -> str:
    """The level ``wanted`` for this match's game, or a refusal that says why not."""
    try:
        return pick_level(live.ruleset.name, live.ruleset.title, wanted)
    except ValueError as exc:
        raise ServiceError(str(exc)) from None


class ComputerSeats:
    """Seats computers (through the same store and lobby as a person's seat)."""

    def __init__(self, store: Store, cache: MatchCache, lobby: Lobby) -> None:
        self.store = store
        self.cache = cache
        self.lobby = lobby

    async def add(
        self, match_id: int, user_id: int, level: str | None = None, side: str | None = None
    ) -> JoinResult:
        """Seat a computer of ``level`` (default: the strongest) in ``user_id``'s lobby, on
        ``side`` if given; the match starts when the lobby is full, as when a person joins."""
        live = await self.cache.get(match_id)
        chosen = level_for(live, level)
        async with live.lock:
            if live.record.status != LOBBY:
                raise ServiceError(f"Match #{match_id} is not open for players any more.")
            if user_id != live.record.creator_id:
                raise ServiceError("Only the player who opened the lobby can add a computer player.")
            if live.record.league_id is not None:
                raise ServiceError(LEAGUE_REFUSAL)
            ruleset = live.ruleset
            _, most = ruleset.seats(live.record.options)
            if len(live.seats) >= most:
                raise ServiceError(f"Match #{match_id} is full.")
            computer = computer_user(next_number(s.user_id for s in live.seats), chosen)
            wanted = self.lobby._side(ruleset, live.record.options, side)
            if live.record.rematch_of is not None:
                wanted = await self._rematch_side(live.record.rematch_of, computer)
            if wanted is not None and any(s.wanted_role == wanted for s in live.seats):
                raise ServiceError(
                    f"Someone already asked for {ruleset.role_title(wanted)}; pick another side."
                )
            await self.store.add_seat(match_id, computer, wanted)
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
        async with live.lock:
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
                f"This lobby is the rematch of match #{old_match}: only its players may join, and "
                f"it had no {computer_name(computer)}."
            )
        return await self.lobby._rematch_side(old_match, same)

    async def take_over(self, match_id: int, old_user: int, level: str | None = None) -> int:
        """Hand ``old_user``'s seat of a casual match to a computer (the zombie vote passed);
        returns the computer's user id."""
        live = await self.cache.get(match_id)
        chosen = level_for(live, level)
        async with live.lock:
            if live.record.league_id is not None:
                raise ServiceError(LEAGUE_REFUSAL)
            if live.record.status != ACTIVE:
                raise ServiceError(f"Match #{match_id} is not being played: there is no seat to hand over.")
            if not live.is_seated(old_user) or is_computer(old_user):
                raise ServiceError(f"That seat of match #{match_id} has no player to stand in for.")
            computer = computer_user(next_number(s.user_id for s in live.seats), chosen)
            await self.store.substitute(match_id, old_user, computer)
            live.seats = await self.store.seats(match_id)
        log.info("match %s: a computer (%s) took over a seat", match_id, chosen)
        return computer
