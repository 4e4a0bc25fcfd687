"""The lobby: opening a match, taking seats, starting it, rematches, substitutes, cancelling."""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import replace

from games.core import ActionError, Match, Ruleset, dump_without, find, normalize

from ..clock import WallClock
from ..i18n import msg
from ..pace import Clock, PaceError, clocks_after, parse_pace
from ..storage import ABANDONED, ACTIVE, FINISHED, LOBBY, Store
from .cache import MatchCache
from .live import RANDOM_SIDE, JoinResult, LiveMatch, ServiceError, stored_events

log = logging.getLogger(__name__)


class Lobby:
    """Lobbies and seats, up to the start of play."""

    def __init__(self, store: Store, cache: MatchCache, clock: WallClock) -> None:
        self.store = store
        self.cache = cache
        self.clock = clock
        self._rematching = asyncio.Lock()

    # -- lobby -----------------------------------------------------------------------
    async def create(
        self,
        *,
        guild_id: int | None,
        channel_id: int | None,
        user_id: int,
        game: str,
        options: Mapping[str, str | None] | None = None,
        side: str | None = None,
        seed: int | None = None,
        pace: str | None = None,
        rematch_of: int | None = None,
        language: str | None = None,
    ) -> LiveMatch:
        """Open a lobby for ``game`` with its creator seated (``pace``: see :mod:`bot.pace`;
        ``language``: of its public posts, see :mod:`bot.i18n`)."""
        ruleset = find(game)
        try:
            chosen_pace = parse_pace(pace)
        except PaceError as exc:
            raise ServiceError(*exc.args) from None
        chosen = {k: v.strip() for k, v in (options or {}).items() if v and v.strip()}
        resolved = ruleset.resolve_options(chosen)
        wanted = self._side(ruleset, resolved, side)
        record = await self.store.create_match(
            guild_id=guild_id,
            channel_id=channel_id,
            creator_id=user_id,
            game=ruleset.name,
            options=resolved,
            seed=secrets.randbits(62) if seed is None else seed,
            wanted_role=wanted,
            pace=None if chosen_pace is None else chosen_pace.text,
            rematch_of=rematch_of,
            language=language,
        )
        live = LiveMatch(record=record, seats=await self.store.seats(record.id), ruleset=ruleset, game=None)
        self.cache.keep(live)
        log.info("match %s created: %s %s", record.id, ruleset.name, resolved)  # no identities at INFO
        return live

    @staticmethod
    def _side(ruleset: Ruleset, options: Mapping[str, str], side: str | None) -> str | None:
        if side is None or not side.strip() or normalize(side) == RANDOM_SIDE:
            return None
        roles = ruleset.roles(options, ruleset.seats(options)[1])
        wanted = normalize(side).replace(" ", "_")
        for role in roles:
            if wanted in (role, normalize(ruleset.role_title(role)).replace(" ", "_")):
                return role
        names = ", ".join([*roles, RANDOM_SIDE])
        raise ServiceError(
            msg(
                "`{side}` is not a side of {game}: use one of {names}.",
                side=side,
                game=ruleset.title,
                names=names,
            )
        )

    async def create_seated(
        self,
        *,
        guild_id: int | None,
        channel_id: int | None,
        game: str,
        seats: Sequence[tuple[int, str]],
        options: Mapping[str, str] | None = None,
        pace: str | None = None,
        seed: int | None = None,
        league_id: int | None = None,
        league_round: int | None = None,
        language: str | None = None,
    ) -> LiveMatch:
        """A match started at once, without a lobby: ``seats`` gives each player (the first is
        the creator) and his role, and every role of the game is taken. For leagues, which
        mark the match with ``league_id`` and ``league_round``."""
        try:
            ruleset = find(game)
            resolved = ruleset.resolve_options(dict(options or {}))
            chosen_pace = parse_pace(pace)
        except (ActionError, PaceError) as exc:
            raise ServiceError(*exc.args) from None
        users = [user for user, _ in seats]
        fewest, most = ruleset.seats(resolved)
        if not fewest <= len(users) <= most or len(set(users)) != len(users):
            raise ServiceError(
                msg(
                    "{game} seats {fewest} to {most} different players here.",
                    game=ruleset.title,
                    fewest=fewest,
                    most=most,
                )
            )
        if sorted(role for _, role in seats) != sorted(ruleset.roles(resolved, len(users))):
            raise ServiceError(msg("Every side of {game} must be taken once.", game=ruleset.title))
        record = await self.store.create_match(
            guild_id=guild_id,
            channel_id=channel_id,
            creator_id=users[0],
            game=ruleset.name,
            options=resolved,
            seed=secrets.randbits(62) if seed is None else seed,
            wanted_role=seats[0][1],
            pace=None if chosen_pace is None else chosen_pace.text,
            league_id=league_id,
            league_round=league_round,
            others=[(user, role) for user, role in seats[1:]],
            language=language,
        )
        live = LiveMatch(record=record, seats=await self.store.seats(record.id), ruleset=ruleset, game=None)
        self.cache.keep(live)
        async with live.lock:
            await self.begin(live)
        log.info("match %s created seated: %s %s", record.id, ruleset.name, resolved)
        return live

    async def join(
        self, match_id: int, user_id: int, side: str | None = None, *, guild_id: int | None = None
    ) -> JoinResult:
        """Take a seat (from the match's own server, if ``guild_id`` is given); starts when full."""
        live = await self.cache.get(match_id)
        if guild_id is not None and live.record.guild_id != guild_id:
            raise ServiceError(msg("There is no match #{match} in this server.", match=match_id))
        async with self.cache.locked(match_id) as live:
            if live.record.status != LOBBY:
                raise ServiceError(msg("Match #{match} is not open for players any more.", match=match_id))
            if live.is_seated(user_id):
                raise ServiceError(msg("You are already seated in match #{match}.", match=match_id))
            ruleset = live.ruleset
            _, most = ruleset.seats(live.record.options)
            if len(live.seats) >= most:
                raise ServiceError(msg("Match #{match} is full.", match=match_id))
            wanted = self._side(ruleset, live.record.options, side)
            if live.record.rematch_of is not None:
                wanted = await self._rematch_side(live.record.rematch_of, user_id)
            if wanted is not None and any(s.wanted_role == wanted for s in live.seats):
                raise ServiceError(
                    msg(
                        "Someone already asked for {side}; pick another side.",
                        side=ruleset.role_title(wanted),
                    )
                )
            await self.store.add_seat(match_id, user_id, wanted)
            live.seats = await self.store.seats(match_id)
            started = False
            if len(live.seats) >= most:
                await self.begin(live)
                started = True
        return JoinResult(live, started)

    # -- rematches and substitutes -----------------------------------------------------
    async def rematch(self, match_id: int, user_id: int) -> tuple[LiveMatch, bool]:
        """A lobby replaying a finished match: same options and pace, every player on his next
        side (the sides swapped with two), the asker seated. Only that match's players may join.
        Returns the lobby and whether it is new (``False``: one was opened already)."""
        old = await self.cache.get(match_id)
        if old.record.status != FINISHED:
            raise ServiceError(msg("A rematch is offered once match #{match} is over.", match=match_id))
        if not old.is_seated(user_id):
            raise ServiceError(
                msg("Only the players of match #{match} can ask for its rematch.", match=match_id)
            )
        # Two players clicking at once open one lobby (in this process, and across processes).
        async with self._rematching, self.store.match_lock(match_id):
            for record in await self.store.rematches_of(match_id):
                if record.status in (LOBBY, ACTIVE):
                    return await self.cache.get(record.id), False
            side = await self._rematch_side(match_id, user_id)
            live = await self.create(
                guild_id=old.record.guild_id,
                channel_id=old.record.channel_id,
                user_id=user_id,
                game=old.record.game,
                options=old.record.options,
                side=side,
                pace=old.record.pace,
                rematch_of=match_id,
                language=old.record.language,
            )
        return live, True

    async def _rematch_side(self, match_id: int, user_id: int) -> str:
        """The side ``user_id`` plays in the rematch of ``match_id``: the next seat's."""
        seats = sorted(await self.store.seats(match_id), key=lambda s: s.seat)
        mine = next((i for i, s in enumerate(seats) if s.user_id == user_id), None)
        if mine is None:
            raise ServiceError(
                msg("This lobby is the rematch of match #{match}: only its players may join.", match=match_id)
            )
        side = seats[(mine + 1) % len(seats)].role
        assert side is not None
        return side

    async def substitute(self, match_id: int, old_user: int, new_user: int) -> LiveMatch:
        """Hand ``old_user``'s seat (role, hand, clock) to ``new_user``, who is not playing."""
        async with self.cache.locked(match_id) as live:
            if live.record.status != ACTIVE:
                raise ServiceError(
                    msg("Match #{match} is not being played: there is no seat to hand over.", match=match_id)
                )
            if not live.is_seated(old_user):
                raise ServiceError(
                    msg("<@{user}> does not play in match #{match}.", user=old_user, match=match_id)
                )
            if live.is_seated(new_user):
                raise ServiceError(
                    msg("<@{user}> plays in match #{match} already.", user=new_user, match=match_id)
                )
            await self.store.substitute(match_id, old_user, new_user)
            live.seats = await self.store.seats(match_id)
        log.info("match %s: a seat was handed over", match_id)
        return live

    async def start(self, match_id: int, user_id: int) -> LiveMatch:
        """Start early (games allowing fewer than the maximum players); creator only."""
        async with self.cache.locked(match_id) as live:
            if live.record.status != LOBBY:
                raise ServiceError(msg("Match #{match} has already started.", match=match_id))
            if user_id != live.record.creator_id:
                raise ServiceError(msg("Only the player who opened the lobby can start it."))
            fewest, _ = live.ruleset.seats(live.record.options)
            if len(live.seats) < fewest:
                raise ServiceError(
                    msg("{game} needs at least {fewest} players.", game=live.ruleset.title, fewest=fewest)
                )
            await self.begin(live)
        return live

    async def begin(self, live: LiveMatch) -> None:
        ruleset, record = live.ruleset, live.record
        players = len(live.seats)
        roles = list(ruleset.roles(record.options, players))
        assigned: dict[int, str] = {}
        for seat in live.seats:
            if seat.wanted_role in roles and seat.wanted_role not in assigned.values():
                assigned[seat.seat] = seat.wanted_role
        free = [r for r in roles if r not in assigned.values()]
        random.Random(record.seed).shuffle(free)
        for seat in live.seats:
            if seat.seat not in assigned:
                assigned[seat.seat] = free.pop()
        game = Match(ruleset, ruleset.setup(record.seed, record.options, players))
        state = game.state
        pace = live.pace
        clocks: dict[str, Clock] = {}
        if pace is not None:
            fresh = {role: Clock(bank=float(pace.bank)) for role in state["roles"]}
            clocks = clocks_after(
                fresh, pace, waiting=ruleset.active(state), actor=None, now=self.clock.now()
            )
        await self.store.start_match(
            record.id,
            assigned,
            dump_without(state, "log"),
            int(state["seq"]),
            stored_events(state["log"]),
            clocks or None,
        )
        live.clocks = clocks
        live.seats = await self.store.seats(record.id)
        live.game = game
        live.record = replace(
            record, status=ACTIVE, seq=int(state["seq"]), state=None, log_length=len(state["log"])
        )
        log.info("match %s started", record.id)

    async def cancel(self, match_id: int, user_id: int) -> LiveMatch:
        """Close a lobby that has not started (its creator only)."""
        async with self.cache.locked(match_id) as live:
            if live.record.status != LOBBY:
                raise ServiceError(
                    msg("Match #{match} has started; use `/game resign` instead.", match=match_id)
                )
            if user_id != live.record.creator_id:
                raise ServiceError(msg("Only the player who opened the lobby can cancel it."))
            await self.store.set_status(match_id, ABANDONED)
            live.record = replace(live.record, status=ABANDONED)
            self.cache.forget(match_id)
        return live

    async def expire_lobby(self, match_id: int) -> LiveMatch | None:
        """Close a lobby that is still waiting for players (the ticker's lobby lifetime)."""
        async with self.cache.locked(match_id) as live:
            if live.record.status != LOBBY:
                return None
            await self.store.set_status(match_id, ABANDONED)
            live.record = replace(live.record, status=ABANDONED)
            self.cache.forget(match_id)
        log.info("lobby %s expired", match_id)
        return live

    async def attach_thread(self, match_id: int, thread_id: int) -> None:
        await self.store.set_thread(match_id, thread_id)
        live = await self.cache.get(match_id)
        live.record = replace(live.record, thread_id=thread_id)

    async def attach_lobby_message(self, match_id: int, message_id: int) -> None:
        await self.store.set_lobby_message(match_id, message_id)
        live = await self.cache.get(match_id)
        live.record = replace(live.record, lobby_message_id=message_id)
