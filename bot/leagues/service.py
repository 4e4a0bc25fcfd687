"""LeagueService: server-run leagues over the match service, the league tables and the pure
algorithms (pairings, standings, ratings). No Discord here: the cogs check who may do what
(league admins), call these methods and present what they return.

How a league runs (the choices are documented here, once):

* **Sign-up**, then :meth:`LeagueService.start` draws up the games. Players are taken in an
  order shuffled by the league's id (the same league, the same order), not in sign-up order.
* **Round-robin** (two players): every round is drawn up at the start by the circle method
  and *every* match is created and started at once, as in a correspondence tournament: the
  schedule exists from the first day and each player plays his games side by side (with a
  pace, every clock runs from the start). ``double`` adds the return games, sides swapped.
  The league finishes when every match has a result.
* **Swiss** (two players): round 1 only at the start; when every match of a round has a
  result the next one is paired automatically by the standings (score groups, no repeat, a
  bye to the lowest-ranked player without one), until ``rounds`` have been played.
* **Multiplayer** games (``table_size`` above 2) play ``rounds`` rounds at tables of at most
  ``table_size`` (sizes differing by one at most). Round-robin format: every round's tables
  are drawn at the start, shuffled by a seed per round (everyone meets a mix of opponents), and
  all matches start at once. Swiss format: round 1 is seeded, later rounds seat players by
  the standings (the leaders at one table...), round by round. Roles at a table are drawn by
  the same seed. A game whose option ``players`` fixes the count gets it per table.
* In a two-player game, ``Pairing.first`` takes the game's first role (``ruleset.roles``),
  e.g. the Fellowship in the Confrontation.
* **Results** (:meth:`record_result`): places from the match result (winners first; the rest
  by the result's ``totals`` if the game gives them, else tied; players who resigned or ran out
  of time last, the first to leave the lowest). A timeout is a forfeit, a resignation an
  ordinary loss, except after the player left the league (or was removed): then it is a
  forfeit. Results are credited to the league players drawn up for the game, even if a
  substitute finished it. Recording is idempotent (one original row per match).
* **Leaving** after the start resigns the player's unfinished matches on his behalf (recorded
  as forfeits) and keeps him out of later rounds; his results stay in the table. In a game of
  more players the game's own resignation rule applies (Risk: he leaves, the others play on).
* **Corrections** (:meth:`report`) are new rows with the admin and the reason; the raw history
  stays, so standings and ratings are recomputed from it. A correction needs the match over.
* **Ratings** in the standings are OpenSkill ordinals over every league result of this server
  for the same game (seasons carry over), in the order recorded; forfeits are not rated; a
  player without a rated game shows none.
* :meth:`end` closes a league early: matches still in play go on, but their results no
  longer count. League matches cannot be paused (:meth:`MatchService.vote_pause`).
* Everything is restart-proof: a round's games and bye are written in one transaction before
  any match is created, and :meth:`recover` (or the next result) creates what is missing,
  reusing a match created just before a crash.
* What the league channel is told (a result, a correction, rounds paired, a round-robin's round
  complete, the end and its table, an admin's end and the table, a start refused at the sign-up
  deadline) is written in the league outbox (:mod:`.outbox`) in the transaction of the event it
  tells; the league desk posts it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import random
from collections.abc import AsyncIterator, Mapping, Sequence
from dataclasses import dataclass, field

from games.core import ActionError, Ruleset, find

from ..failures import log_failure
from ..i18n import Msg, in_words, match_locale, msg, nmsg, refusal
from ..pace import PaceError, parse_pace
from ..service import TIMEOUT, ActResult, LiveMatch, MatchService, ServiceError
from ..storage import ABANDONED, LOBBY, MatchRecord
from ..storage import ACTIVE as MATCH_ACTIVE
from ..storage import FINISHED as MATCH_FINISHED
from .outbox import (
    CLAIM_SECONDS,
    Owed,
    Post,
    born_holder,
    corrected_post,
    ended_posts,
    not_started_post,
    over_posts,
    paired_post,
    result_post,
    round_complete_post,
)
from .pairing import PairingImpossible, Round, round_robin, swiss_round, tables
from .ratings import rate
from .records import (
    ACTIVE,
    FINISHED,
    LEFT,
    REMOVED,
    ROUND_ROBIN,
    RUNNING,
    SIGNUP,
    SWISS,
    Bye,
    League,
    LeagueGame,
    LeaguePlayer,
    StoredResult,
)
from .standings import Result, Row, Scoring, begun_byes, compute_standings
from .store import DuplicateName, LeagueStore, parse_scoring

log = logging.getLogger(__name__)

DEFAULT_SCORING = "2,1,0"
MAX_NAME = 60
MAX_ROUNDS = 50
#: What a drawn-up game's match is doing, in :class:`ScheduledGame`.
WAITING, PLAYING, OVER, CANCELLED = "waiting", "playing", "finished", "cancelled"
_FORMATS = {
    "round-robin": ROUND_ROBIN,
    "roundrobin": ROUND_ROBIN,
    "rr": ROUND_ROBIN,
    "swiss": SWISS,
}

Seats = tuple[tuple[str, int], ...]


@dataclass(frozen=True, slots=True)
class Opened:
    """Matches created now (to open their threads and ping their players once), and the byes of
    the rounds they belong to (round -> user)."""

    league: League
    matches: tuple[LiveMatch, ...] = ()
    byes: dict[int, int] = field(default_factory=dict)
    #: Who holds the league posts the operation wrote (:meth:`LeagueService._owed`).
    posts_by: str | None = None


@dataclass(frozen=True, slots=True)
class Joined:
    """A player signed up: the league, and how many players are signed up with him (counted in
    the transaction that signed him up)."""

    league: League
    players: int


@dataclass(frozen=True, slots=True)
class Progress:
    """What a result (or a departure, a correction) did to the league."""

    league: League
    #: Whether every match of the league's current round has a result now.
    round_complete: bool = False
    #: The next round's matches, when it was paired now (Swiss).
    opened: Opened | None = None
    #: Whether the league finished now.
    finished: bool = False
    #: Why the league ended early (no pairing left, too few players), if it did.
    note: str | Msg | None = None
    #: Who holds the league posts the operation wrote (:meth:`LeagueService._owed`).
    posts_by: str | None = None


@dataclass(frozen=True, slots=True)
class Recorded:
    """:meth:`LeagueService.record_result`'s answer. ``result`` is the match's league result
    (``None`` if it came after the league ended); ``new`` whether it was recorded now."""

    match_id: int
    result: StoredResult | None
    new: bool
    progress: Progress

    @property
    def league(self) -> League:
        return self.progress.league


@dataclass(frozen=True, slots=True)
class Recovered:
    """What :meth:`LeagueService.recover` did to one league at start-up: the matches it created
    that were missing (drawn up before a crash), the matches whose result it recorded now, and
    what those results did (the next round paired, the end). All of it still to be announced."""

    healed: Opened
    recorded: tuple[int, ...]
    progress: Progress

    @property
    def league(self) -> League:
        return self.progress.league

    @property
    def created(self) -> tuple[LiveMatch, ...]:
        """Every match created now, the healed ones and those of a round paired now."""
        opened = self.progress.opened.matches if self.progress.opened is not None else ()
        return self.healed.matches + opened

    @property
    def changed(self) -> bool:
        """Whether there is anything to announce (a round complete before the restart was
        announced then, unless its last result is recorded only now)."""
        return bool(self.created or self.recorded or self.progress.finished)


@dataclass(frozen=True, slots=True)
class Departure:
    """A player who left or was removed: the resignations made on his behalf (to announce in
    their threads) and what they did to the league."""

    user_id: int
    resigned: tuple[ActResult, ...]
    progress: Progress

    @property
    def league(self) -> League:
        return self.progress.league


@dataclass(frozen=True, slots=True)
class ScheduledGame:
    """One game of the schedule: who plays which role, its match and how it stands. While in
    play, ``to_move`` are the players the game waits for and ``deadline`` the soonest of their
    running clocks (epoch seconds; ``None`` without a pace)."""

    league_id: int
    round: int
    board: int
    seats: Seats
    match_id: int | None
    status: str
    result: Result | None = None
    to_move: tuple[int, ...] = ()
    deadline: float | None = None

    @property
    def players(self) -> tuple[int, ...]:
        return tuple(user for _, user in self.seats)


@dataclass(frozen=True, slots=True)
class ScheduledRound:
    number: int
    games: tuple[ScheduledGame, ...]
    bye: int | None = None

    @property
    def complete(self) -> bool:
        return all(game.result is not None for game in self.games)


def _format(text: str) -> str:
    key = "-".join(text.strip().lower().replace("_", " ").split())
    found = _FORMATS.get(key) or _FORMATS.get(key.replace("-", ""))
    if found is None:
        raise ServiceError(msg("`{text}` is not a league format: use round-robin or swiss.", text=text))
    return found


def mention(user_id: int) -> str:
    """A user's mention (the refusals' words: the bot's texts module is above this service)."""
    return "<@" + str(user_id) + ">"


def _seats_refusal(game: str, fewest: int, most: int, asked: int, *, options: bool) -> Msg:
    """``game`` seats ``fewest``..``most`` players, not ``asked`` (with the options chosen)."""
    said = {"game": game, "fewest": fewest, "most": most, "asked": asked}
    if fewest == most and options:
        return nmsg(
            "{game} with these options seats {count} player, not {asked}.",
            "{game} with these options seats {count} players, not {asked}.",
            fewest,
            **said,
        )
    if fewest == most:
        return nmsg(
            "{game} seats {count} player at a table, not {asked}.",
            "{game} seats {count} players at a table, not {asked}.",
            fewest,
            **said,
        )
    if options:
        return msg("{game} with these options seats {fewest} to {most} players, not {asked}.", **said)
    return msg("{game} seats {fewest} to {most} players at a table, not {asked}.", **said)


def _too_few(league: str, fewest: int, players: int) -> Msg:
    return nmsg(
        "{league} needs at least {fewest} players to start: it has {count}.",
        "{league} needs at least {fewest} players to start: it has {count}.",
        players,
        league=league,
        fewest=fewest,
    )


def _seating_order(league: League, players: Sequence[int]) -> list[str]:
    order = [str(user) for user in players]
    random.Random(f"palantir-league-{league.id}").shuffle(order)
    return order


def _rounds_limit(count: int) -> int:
    """The most Swiss rounds ``count`` players can play without a repeat (a round-robin's)."""
    return count - 1 if count % 2 == 0 else count


class LeagueService:
    """League operations. One instance per bot, over the bot's :class:`MatchService`."""

    def __init__(self, match_service: MatchService, store: LeagueStore) -> None:
        self.matches = match_service
        self.store = store
        self._locks: dict[int, asyncio.Lock] = {}
        #: The holder of the posts written by the operation that holds a league now (see _owed).
        self._posters: dict[int, str] = {}

    @contextlib.asynccontextmanager
    async def _held(self, league_id: int) -> AsyncIterator[None]:
        """The league held for one operation: in this process, and on a shared database
        against every other process (``Store.league_lock``)."""
        async with (
            self._locks.setdefault(league_id, asyncio.Lock()),
            self.matches.store.league_lock(league_id),
        ):
            self._posters[league_id] = born_holder()
            try:
                yield
            finally:
                del self._posters[league_id]

    def _now(self) -> float:
        return self.matches.clock.now()

    def _by(self, league_id: int) -> str | None:
        return self._posters.get(league_id)

    def _owed(self, league_id: int, *posts: Post) -> Owed:
        """Posts to write with an event (the league outbox), held for the operation that holds
        the league now: it posts them once it is done (its match threads first)."""
        return Owed(posts, self._posters[league_id], self._now() + CLAIM_SECONDS)

    # -- looking leagues up -------------------------------------------------------------
    async def get(self, league_id: int, *, guild_id: int | None = None) -> League:
        """League ``league_id`` (of this server, when ``guild_id`` is given)."""
        league = await self.store.league(league_id)
        if league is None or (guild_id is not None and league.guild_id != guild_id):
            if guild_id is not None:
                raise ServiceError(msg("There is no league #{league} in this server.", league=league_id))
            raise ServiceError(msg("There is no league #{league}.", league=league_id))
        return league

    async def by_name(self, guild_id: int, name: str) -> League:
        league = await self.store.league_by_name(guild_id, name)
        if league is None:
            raise ServiceError(msg("This server has no league called {name}.", name=" ".join(name.split())))
        return league

    async def leagues(self, guild_id: int, statuses: Sequence[str] | None = None) -> list[League]:
        """The server's leagues, newest first: never another server's."""
        return await self.store.leagues_of_guild(guild_id, statuses)

    async def players(self, league_id: int, *, guild_id: int | None = None) -> list[LeaguePlayer]:
        league = await self.get(league_id, guild_id=guild_id)
        return await self.store.players(league.id)

    async def admin_role(self, guild_id: int) -> int | None:
        """The Discord role whose members run leagues here (``None``: managers only)."""
        return await self.store.admin_role(guild_id)

    async def set_admin_role(self, guild_id: int, role_id: int | None) -> None:
        await self.store.set_admin_role(guild_id, role_id)

    async def due_to_start(self) -> list[League]:
        """Leagues still taking sign-ups whose deadline has passed (for the ticker to start)."""
        now = self._now()
        return [
            league
            for league in await self.store.leagues_with_status(SIGNUP)
            if league.signup_deadline is not None and league.signup_deadline <= now
        ]

    # -- creating and joining ------------------------------------------------------------
    async def create(
        self,
        *,
        guild_id: int,
        user_id: int,
        game: str,
        name: str,
        options: Mapping[str, str | None] | None = None,
        format: str = ROUND_ROBIN,
        rounds: int | None = None,
        pace: str | None = None,
        scoring: str | None = None,
        signup_deadline: float | None = None,
        channel_id: int | None = None,
        table_size: int | None = None,
        double: bool = False,
        language: str | None = None,
    ) -> League:
        """A new league of this server, taking sign-ups (every setting checked here); its matches
        speak ``language`` (see bot/i18n)."""
        name = " ".join(name.split())
        if not name:
            raise ServiceError(msg("Give the league a name."))
        if len(name) > MAX_NAME:
            raise ServiceError(
                nmsg(
                    "A league name has at most {count} character.",
                    "A league name has at most {count} characters.",
                    MAX_NAME,
                )
            )
        try:
            ruleset = find(game)
        except ActionError as exc:
            raise ServiceError(*exc.args) from None
        chosen_format = _format(format)
        size = self._table_size(ruleset, table_size)
        chosen = {k: v.strip() for k, v in (options or {}).items() if v and v.strip()}
        if "players" in chosen and self._has_players_option(ruleset) and chosen["players"] != str(size):
            raise ServiceError(
                msg("The table size sets the number of players: leave the `players` option out.")
            )
        resolved = self._options(ruleset, chosen, size)
        if chosen_format == SWISS or size > 2:
            if rounds is None:
                if chosen_format == SWISS:
                    raise ServiceError(msg("A Swiss league needs its number of rounds (`rounds`)."))
                raise ServiceError(msg("A league of tables needs its number of rounds (`rounds`)."))
            if not 1 <= rounds <= MAX_ROUNDS:
                raise ServiceError(msg("A league plays 1 to {most} rounds.", most=MAX_ROUNDS))
        elif rounds is not None:
            raise ServiceError(
                msg(
                    "A round-robin plays as many rounds as it takes for every pair to meet: "
                    "leave `rounds` out."
                )
            )
        if double and (chosen_format != ROUND_ROBIN or size > 2):
            raise ServiceError(msg("Only a two-player round-robin can be played twice (`double`)."))
        try:
            chosen_pace = parse_pace(pace)
        except PaceError as exc:
            raise ServiceError(*exc.args) from None
        points = self._scoring(scoring)
        if signup_deadline is not None and signup_deadline <= self._now():
            raise ServiceError(msg("The sign-up deadline must be in the future."))
        try:
            league = await self.store.create_league(
                guild_id=guild_id,
                name=name,
                game=ruleset.name,
                options=resolved,
                format=chosen_format,
                rounds=rounds,
                double=double,
                table_size=size,
                pace=None if chosen_pace is None else chosen_pace.text,
                scoring=points,
                signup_deadline=signup_deadline,
                channel_id=channel_id,
                created_by=user_id,
                language=language,
            )
        except DuplicateName:
            raise ServiceError(msg("This server has a league called {name} already.", name=name)) from None
        log.info("league %s created: %s %s", league.id, ruleset.name, chosen_format)
        return league

    @staticmethod
    def _has_players_option(ruleset: Ruleset) -> bool:
        return any(spec.name == "players" for spec in ruleset.options)

    @staticmethod
    def _table_size(ruleset: Ruleset, size: int | None) -> int:
        fewest, most = ruleset.min_players, ruleset.max_players
        if size is None:
            return 2 if fewest <= 2 <= most else fewest
        if not fewest <= size <= most:
            raise ServiceError(_seats_refusal(ruleset.title, fewest, most, size, options=False))
        return size

    def _options(self, ruleset: Ruleset, chosen: Mapping[str, str], count: int) -> dict[str, str]:
        """The game's options for a table of ``count`` (its ``players`` option set to it)."""
        wanted = dict(chosen)
        if self._has_players_option(ruleset):
            wanted["players"] = str(count)
        try:
            resolved = ruleset.resolve_options(wanted)
        except ActionError as exc:
            raise ServiceError(*exc.args) from None
        fewest, most = ruleset.seats(resolved)
        if not fewest <= count <= most:
            raise ServiceError(_seats_refusal(ruleset.title, fewest, most, count, options=True))
        return resolved

    @staticmethod
    def _scoring(text: str | None) -> Scoring:
        try:
            points = parse_scoring(text or DEFAULT_SCORING)
        except ValueError:
            raise ServiceError(
                msg(
                    "`{text}` is not a scoring: write the points for a win, a draw and a loss, e.g. 2,1,0.",
                    text=text,
                )
            ) from None
        finite = all(math.isfinite(value) for value in points)
        if not finite or not points.loss <= points.draw <= points.win or points.win == points.loss:
            raise ServiceError(msg("A win must score more than a loss, and a draw neither more nor less."))
        return points

    async def join(self, league_id: int, user_id: int, *, guild_id: int | None = None) -> Joined:
        """Sign up (again, after leaving) while the league takes sign-ups."""
        async with self._held(league_id):
            league = await self.get(league_id, guild_id=guild_id)
            if league.status != SIGNUP:
                if league.status == RUNNING:
                    raise ServiceError(
                        msg("Sign-ups for {league} are closed: it has started.", league=league.name)
                    )
                raise ServiceError(msg("Sign-ups for {league} are closed: it is over.", league=league.name))
            if league.signup_deadline is not None and league.signup_deadline <= self._now():
                raise ServiceError(
                    msg(
                        "Sign-ups for {league} closed <t:{deadline}:R>.",
                        league=league.name,
                        deadline=int(league.signup_deadline),
                    )
                )
            player = await self.store.player(league.id, user_id)
            if player is not None and player.status == ACTIVE:
                raise ServiceError(msg("You are signed up for {league} already.", league=league.name))
            if player is not None and player.status == REMOVED:
                raise ServiceError(msg("A league admin removed you from {league}.", league=league.name))
            players = await self.store.add_player(league.id, user_id)
        return Joined(league, players)

    async def leave(self, league_id: int, user_id: int, *, guild_id: int | None = None) -> Departure:
        """Leave: before the start, simply; after, forfeiting every unfinished match."""
        return await self._depart(league_id, user_id, LEFT, guild_id, None)

    async def remove(
        self, league_id: int, user_id: int, *, admin_id: int, guild_id: int | None = None
    ) -> Departure:
        """An admin removes a player (as :meth:`leave`); he may not sign up again."""
        return await self._depart(league_id, user_id, REMOVED, guild_id, admin_id)

    async def _depart(
        self, league_id: int, user_id: int, status: str, guild_id: int | None, admin_id: int | None
    ) -> Departure:
        async with self._held(league_id):
            league = await self.get(league_id, guild_id=guild_id)
            player = await self.store.player(league.id, user_id)
            if player is None or player.status != ACTIVE:
                if admin_id is None:
                    raise ServiceError(msg("You are not playing in {league}.", league=league.name))
                raise ServiceError(
                    msg("{player} is not playing in {league}.", player=mention(user_id), league=league.name)
                )
            if league.status == FINISHED:
                raise ServiceError(msg("{league} is over.", league=league.name))
            # First: from now on his resignations are forfeits, even if a crash interrupts this.
            await self.store.set_player_status(league.id, user_id, status)
            log.info("league %s: a player %s", league.id, status)
            if league.status == SIGNUP:
                return Departure(user_id, (), Progress(league, posts_by=self._by(league.id)))
            resigned: list[ActResult] = []
            for game in await self.store.games(league.id):
                if user_id not in game.players or game.match_id is None:
                    continue
                try:
                    forfeit = await self._forfeit(league, game, user_id)
                except Exception as exc:  # (a busy database): the recovery forfeits it later
                    log_failure(log, f"league {league.id}: match {game.match_id} not forfeited yet", exc)
                    continue
                if forfeit is not None:
                    resigned.append(forfeit)
            progress = await self._advance(league)
        return Departure(user_id, tuple(resigned), progress)

    async def _forfeit(self, league: League, game: LeagueGame, user_id: int) -> ActResult | None:
        """The departed ``user_id``'s seat of ``game`` resigned if its match is still in play
        (his resignation, or his substitute's), and the result recorded once it is over."""
        assert game.match_id is not None
        if await self.store.result_of_match(game.match_id) is not None:
            return None
        live = await self.matches.get(game.match_id)
        role = game.role_of(user_id)
        sitting = None if role is None else live.user_of(role)  # a substitute, perhaps
        in_play = live.record.status == MATCH_ACTIVE and (live.state or {}).get("result") is None
        still = in_play and role is not None and live.ruleset.still_playing(live.state or {}, role)
        resigned = None
        if still and sitting is not None:
            try:
                resigned = await self.matches.resign(game.match_id, sitting)
            except (ActionError, ServiceError) as exc:  # one match must not stop the rest
                log.warning("league %s: match %s not resigned: %s", league.id, game.match_id, exc)
        record = await self.matches.store.get_match(game.match_id)
        if record is not None and record.status == MATCH_FINISHED:  # a game may play on
            await self._record(league, game)
        return resigned

    # -- starting and rounds -----------------------------------------------------------
    async def start(self, league_id: int, *, guild_id: int | None = None) -> Opened:
        """Close sign-ups and draw up the games: every round of a round-robin, the first of a
        Swiss league. Returns the matches created, already started."""
        async with self._held(league_id):
            return await self._start(await self.get(league_id, guild_id=guild_id))

    async def start_at_deadline(self, league_id: int) -> Opened:
        """Start a league whose sign-up deadline has passed (the ticker), as :meth:`start`. A
        refusal (too few players...) is told once in the league channel: the deadline is cleared
        with the post that says why (:mod:`.outbox`), in one transaction, and a league admin
        starts or ends the league by hand. A league started or ended meanwhile is left as it is."""
        async with self._held(league_id):
            league = await self.get(league_id)
            deadline = league.signup_deadline
            if league.status != SIGNUP or deadline is None or deadline > self._now():
                return Opened(league, posts_by=self._by(league.id))
            try:
                return await self._start(league)
            except ServiceError as exc:
                reason = refusal(match_locale(league.language), exc)
                posts = self._owed(league.id, not_started_post(deadline, reason))
                await self.store.clear_signup_deadline(league.id, posts=posts)
                log.info("league %s could not start at its deadline: %s", league.id, exc)
                return Opened(league, posts_by=self._by(league.id))

    async def _start(self, league: League) -> Opened:
        """:meth:`start`'s work, with the league held."""
        if league.status != SIGNUP:
            if league.status == RUNNING:
                raise ServiceError(msg("{league} has started already.", league=league.name))
            raise ServiceError(msg("{league} is over.", league=league.name))
        ruleset = find(league.game)
        players = [p.user_id for p in await self.store.players(league.id) if p.status == ACTIVE]
        order = _seating_order(league, players)
        drawn: dict[int, tuple[list[Seats], list[int]]] = {}
        if league.multiplayer:
            fewest = max(2, ruleset.min_players)  # each table's count is checked as it is seated
            if len(order) < fewest:
                raise ServiceError(_too_few(league.name, fewest, len(order)))
            count = (league.rounds or 1) if league.format == ROUND_ROBIN else 1
            for number in range(1, count + 1):
                seating = tables(order, league.table_size, seed=f"{league.id}:{number}")
                drawn[number] = (self._tables(league, ruleset, number, seating), [])
        else:
            if len(order) < 2:
                raise ServiceError(_too_few(league.name, 2, len(order)))
            first, second = ruleset.roles(league.options, 2)[:2]
            if league.format == ROUND_ROBIN:
                schedule = round_robin(order, double=league.double)
            else:
                limit = _rounds_limit(len(order))
                if (league.rounds or 0) > limit:
                    raise ServiceError(
                        msg(
                            "With {players} players a Swiss league can play at most {limit} rounds "
                            "without a repeat pairing; {league} has {rounds}.",
                            players=len(order),
                            limit=limit,
                            league=league.name,
                            rounds=league.rounds,
                        )
                    )
                schedule = [swiss_round(order, (), ())]
            for number, drawn_round in enumerate(schedule, 1):
                drawn[number] = self._pairings(drawn_round, first, second)
        await self.store.draw_up(
            league.id, drawn, status=RUNNING, posts=self._owed(league.id, paired_post(drawn))
        )
        log.info("league %s started: %d players, %d rounds drawn up", league.id, len(order), len(drawn))
        return await self._open(await self.get(league.id))

    @staticmethod
    def _pairings(drawn: Round, first: str, second: str) -> tuple[list[Seats], list[int]]:
        games: list[Seats] = [((first, int(p.first)), (second, int(p.second))) for p in drawn.games]
        return games, [] if drawn.bye is None else [int(drawn.bye)]

    def _tables(self, league: League, ruleset: Ruleset, number: int, seating: list[list[str]]) -> list[Seats]:
        """Each table's seats, its roles drawn by a seed of the league, round and table."""
        games: list[Seats] = []
        for board, table in enumerate(seating, 1):
            options = self._options(ruleset, league.options, len(table))
            roles = list(ruleset.roles(options, len(table)))
            random.Random(f"{league.id}:{number}:{board}").shuffle(roles)
            games.append(tuple((role, int(user)) for role, user in zip(roles, table, strict=True)))
        return games

    async def next_round(self, league_id: int, *, guild_id: int | None = None) -> Opened:
        """Pair the next Swiss round now (an admin; it is paired automatically when the last
        result of a round comes in). Refused while the current round has unfinished matches."""
        async with self._held(league_id):
            league = await self.get(league_id, guild_id=guild_id)
            if league.status != RUNNING:
                if league.status == SIGNUP:
                    raise ServiceError(msg("{league} has not started.", league=league.name))
                raise ServiceError(msg("{league} is over.", league=league.name))
            if league.format != SWISS:
                raise ServiceError(
                    msg(
                        "{league} is a round-robin: all its rounds were drawn up at the start.",
                        league=league.name,
                    )
                )
            games = await self.store.games(league.id)
            done = {stored.match_id for stored in await self.store.results(league.id)}
            open_games = [g for g in games if g.round == league.current_round and g.match_id not in done]
            if open_games:
                ids = ", ".join(f"#{g.match_id}" for g in open_games if g.match_id is not None)
                said = {"round": league.current_round, "league": league.name}
                if not ids:
                    raise ServiceError(
                        nmsg(
                            "Round {round} of {league} is still being played "
                            "({count} unfinished: being created).",
                            "Round {round} of {league} is still being played "
                            "({count} unfinished: being created).",
                            len(open_games),
                            **said,
                        )
                    )
                raise ServiceError(
                    nmsg(
                        "Round {round} of {league} is still being played ({count} unfinished: {matches}).",
                        "Round {round} of {league} is still being played ({count} unfinished: {matches}).",
                        len(open_games),
                        matches=ids,
                        **said,
                    )
                )
            progress = await self._advance(league)
            if progress.opened is not None:
                return progress.opened
            raise ServiceError(
                progress.note or msg("{league} is over: every round has been played.", league=league.name)
            )

    async def _open(self, league: League) -> Opened:
        """Create the matches of every drawn-up game still without one (one that cannot be
        created now, e.g. on a busy database, is left to the recovery, every few minutes)."""
        created: list[LiveMatch] = []
        rounds: set[int] = set()
        for game in await self.store.games(league.id):
            if game.match_id is None:
                try:
                    created.append(await self._materialize(league, game))
                except Exception as exc:  # drawn up (committed): the recovery creates it later
                    log_failure(log, f"league {league.id}: a match of round {game.round} not made yet", exc)
                    continue
                rounds.add(game.round)
        byes = {bye.round: bye.user_id for bye in await self.store.byes(league.id) if bye.round in rounds}
        return Opened(league, tuple(created), byes, self._by(league.id))

    async def _materialize(self, league: League, game: LeagueGame) -> LiveMatch:
        """The match of a drawn-up game: one created just before a crash if there is one (started
        if it was not yet), else a new one, seated and started."""
        wanted = dict(game.seats)
        for record in await self.store.unlinked_matches(league.id, game.round):
            seats = await self.matches.store.seats(record.id)
            if {s.wanted_role: s.user_id for s in seats} == wanted and len(seats) == len(wanted):
                await self.store.link_match(league.id, game.round, game.board, record.id)
                if record.status == LOBBY:
                    return await self.matches.start(record.id, record.creator_id)
                return await self.matches.get(record.id)
        ruleset = find(league.game)
        live = await self.matches.create_seated(
            guild_id=league.guild_id,
            channel_id=league.channel_id,
            game=league.game,
            seats=[(user, role) for role, user in game.seats],
            options=self._options(ruleset, league.options, len(game.seats)),
            pace=league.pace,
            league_id=league.id,
            league_round=game.round,
            language=league.language,
        )
        await self.store.link_match(league.id, game.round, game.board, live.id)
        return live

    async def _advance(self, league: League) -> Progress:
        """After a change: create missing matches, finish the league or pair the next Swiss round
        when the current one is complete."""
        league = await self.get(league.id)
        if league.status != RUNNING:
            return Progress(league, posts_by=self._by(league.id))
        healed = await self._open(league)
        games = await self.store.games(league.id)
        done = {stored.match_id for stored in await self.store.results(league.id)}
        current = [g for g in games if g.round == league.current_round]
        complete = all(g.match_id in done for g in current)
        opened = healed if healed.matches else None
        if league.format == ROUND_ROBIN:
            if all(g.match_id in done for g in games):
                return await self._finish(league, complete)
            return Progress(league, complete, opened, posts_by=self._by(league.id))
        if not complete:
            return Progress(league, False, opened, posts_by=self._by(league.id))
        if league.current_round >= (league.rounds or 0):
            return await self._finish(league, True)
        ruleset = find(league.game)
        players = await self.store.players(league.id)
        active = [p.user_id for p in players if p.status == ACTIVE]
        if len(active) < max(2, ruleset.min_players):
            return await self._finish(league, True, msg("Too few players are left to play another round."))
        number = league.current_round + 1
        try:
            drawn = await self._swiss_next(league, ruleset, players, games, number)
        except PairingImpossible:
            note = msg("No pairing of round {round} avoids a repeat: the league ends here.", round=number)
            return await self._finish(league, True, note)
        except ServiceError as exc:
            return await self._finish(league, True, exc.args[0] if exc.args else None)
        await self.store.draw_up(
            league.id, {number: drawn}, posts=self._owed(league.id, paired_post({number: drawn}))
        )
        log.info("league %s: round %d paired", league.id, number)
        opened = await self._open(await self.get(league.id))
        return Progress(opened.league, True, opened, posts_by=self._by(league.id))

    async def _finish(self, league: League, complete: bool, note: str | Msg | None = None) -> Progress:
        said = None if note is None else in_words(match_locale(league.language), note)
        await self.store.set_status(league.id, FINISHED, posts=self._owed(league.id, *over_posts(said)))
        log.info("league %s finished", league.id)
        return Progress(await self.get(league.id), complete, None, True, note, self._by(league.id))

    async def _swiss_next(
        self,
        league: League,
        ruleset: Ruleset,
        players: Sequence[LeaguePlayer],
        games: Sequence[LeagueGame],
        number: int,
    ) -> tuple[list[Seats], list[int]]:
        """Round ``number`` of a Swiss league (or of tables by standings), from the results."""
        results = [stored.result for stored in await self.store.results(league.id)]
        byes = await self.store.byes(league.id)
        rows = compute_standings(
            self._everyone(players, results, games),
            results,
            format="swiss",
            scoring=league.scoring,
            byes=[str(bye.user_id) for bye in byes],
        )
        active = {str(p.user_id) for p in players if p.status == ACTIVE}
        order = [row.player for row in rows if row.player in active]
        if league.multiplayer:
            return self._tables(league, ruleset, number, tables(order, league.table_size)), []
        first, second = ruleset.roles(league.options, 2)[:2]
        took_first: dict[str, list[bool]] = {}
        for game in games:  # by round
            for role, user in game.seats:
                took_first.setdefault(str(user), []).append(role == first)
        drawn = swiss_round(
            order,
            [frozenset(str(user) for user in game.players) for game in games],
            {str(bye.user_id) for bye in byes},
            scores={row.player: row.points for row in rows},
            took_first=took_first,
        )
        return self._pairings(drawn, first, second)

    @staticmethod
    def _everyone(
        players: Sequence[LeaguePlayer], results: Sequence[Result], games: Sequence[LeagueGame]
    ) -> list[str]:
        """The table's players: the active ones and anyone who played or was drawn, by sign-up."""
        seen = {str(user) for game in games for user in game.players}
        seen |= {player for result in results for player in result.places}
        return [str(p.user_id) for p in players if p.status == ACTIVE or str(p.user_id) in seen]

    # -- results -------------------------------------------------------------------------
    async def record_result(self, live: LiveMatch) -> Recorded:
        """A league match has ended: store its result (once) and move the league on (the next
        Swiss round's matches, or the end). Safe to call again for the same match."""
        league_id = live.record.league_id
        if league_id is None:
            raise ServiceError(msg("Match #{match} is not a league match.", match=live.id))
        async with self._held(league_id):
            league = await self.get(league_id)
            game = await self.store.game_of_match(live.id)
            if game is None or game.league_id != league.id:
                raise ServiceError(
                    msg(
                        "Match #{match} is not on the schedule of {league}.",
                        match=live.id,
                        league=league.name,
                    )
                )
            stored, new = await self._record(league, game, live)
            progress = await self._advance(league)
        return Recorded(live.id, stored, new, progress)

    async def _record(
        self, league: League, game: LeagueGame, live: LiveMatch | None = None
    ) -> tuple[StoredResult | None, bool]:
        assert game.match_id is not None
        existing = await self.store.result_of_match(game.match_id)
        if existing is not None:
            return existing, False
        if league.status == FINISHED:
            return None, False
        record = await self.matches.store.get_match(game.match_id)
        if record is None or record.status != MATCH_FINISHED:
            raise ServiceError(msg("Match #{match} is not over yet.", match=game.match_id))
        outcome = record.result
        if outcome is None:  # an unreadable result column: the state says how it ended
            state = (live or await self.matches.get(game.match_id)).state
            outcome = None if state is None else state.get("result")
        if outcome is None:
            raise ServiceError(msg("Match #{match} is not over yet.", match=game.match_id))
        result = await self._result_of(league, game, record, outcome)
        posts = [result_post(game.match_id), *await self._completes(league, game.match_id)]
        stored = await self.store.add_result(league.id, result, posts=self._owed(league.id, *posts))
        if stored is None:
            return await self.store.result_of_match(game.match_id), False
        log.info("league %s: match %s recorded (%s)", league.id, game.match_id, result.ending)
        return stored, True

    async def _completes(self, league: League, match_id: int) -> list[Post]:
        """The "round complete" post that the first result of ``match_id`` makes due: in a
        round-robin, the last result of its current round while other games play on (a Swiss
        round complete is told by the next round's pairing; the last result, by the end)."""
        if league.format != ROUND_ROBIN or league.status != RUNNING:
            return []
        games = await self.store.games(league.id)
        done = {stored.match_id for stored in await self.store.results(league.id)} | {match_id}
        if all(game.match_id in done for game in games):
            return []
        if all(game.match_id in done for game in games if game.round == league.current_round):
            return [round_complete_post(league.current_round)]
        return []

    async def _result_of(
        self, league: League, game: LeagueGame, record: MatchRecord, outcome: Mapping[str, object]
    ) -> Result:
        """The league result of a finished match (see the module docstring for the rules)."""
        roles = [role for role, _ in game.seats]
        user = {role: str(player) for role, player in game.seats}
        raw_winners = outcome.get("winners")
        listed = [str(r) for r in raw_winners] if isinstance(raw_winners, list) else []
        winners = [r for r in listed if r in user]
        entries = [e for e in await self.matches.store.actions(record.id) if e.kind == "resign"]
        leavers = [r for r in dict.fromkeys(e.role for e in entries) if r in user and r not in winners]
        timeouts = {e.role for e in entries if e.action == TIMEOUT}
        departed = {
            p.user_id: p.left_at
            for p in await self.store.players(league.id)
            if p.status != ACTIVE and p.left_at
        }
        forfeits = set(timeouts)
        for entry in entries:
            planned = game.user_of(entry.role)
            left_at = departed.get(planned) if planned is not None else None
            if entry.action != TIMEOUT and left_at is not None and entry.created_at >= left_at:
                forfeits.add(entry.role)
        places = dict.fromkeys(winners, 1)
        rest = [r for r in roles if r not in places and r not in leavers]
        below = len(winners) + 1 if winners else 1
        args = outcome.get("args")
        totals = args.get("totals") if isinstance(args, dict) else None
        if winners and isinstance(totals, dict) and all(isinstance(totals.get(r), int | float) for r in rest):
            for role in rest:
                places[role] = below + sum(1 for other in rest if totals[other] > totals[role])
        else:
            places.update(dict.fromkeys(rest, below))
        for role in reversed(leavers):  # the first to leave finishes last
            places[role] = max(places.values(), default=0) + 1
        reason = outcome.get("reason")
        if forfeits - timeouts:
            ending = "forfeit"
        elif timeouts:
            ending = "timeout"
        elif leavers or reason == "resigned":
            ending = "resignation"
        elif sum(1 for place in places.values() if place == 1) > 1:
            ending = "draw"
        else:
            ending = "win"
        return Result(
            match_id=str(record.id),
            round=game.round,
            places={user[role]: place for role, place in places.items()},
            sides={user[role]: role for role in roles},
            forfeited_by=frozenset(user[role] for role in forfeits if role in user),
            ending=ending,
        )

    async def report(
        self,
        league_id: int,
        match_id: int,
        *,
        admin_id: int,
        reason: str,
        winner: int | None = None,
        draw: bool = False,
        guild_id: int | None = None,
    ) -> Recorded:
        """An admin corrects (or sets) the result of a finished league match: ``winner`` (a
        user id) or ``draw``. Logged with ``reason``; the earlier result stays in the history."""
        if (winner is None) == (not draw):
            raise ServiceError(msg("Name the winner, or report a draw (one of the two)."))
        reason = " ".join(reason.split())
        if not reason:
            raise ServiceError(msg("Say why the result is corrected: it is kept in the league's history."))
        async with self._held(league_id):
            league = await self.get(league_id, guild_id=guild_id)
            game = await self.store.game_of_match(match_id)
            if game is None or game.league_id != league.id:
                raise ServiceError(
                    msg("Match #{match} is not a match of {league}.", match=match_id, league=league.name)
                )
            record = await self.matches.store.get_match(match_id)
            if record is None or record.status not in (MATCH_FINISHED, ABANDONED):
                raise ServiceError(
                    msg(
                        "Match #{match} is still being played: its result can be corrected once it is over.",
                        match=match_id,
                    )
                )
            if winner is not None and winner not in game.players:
                raise ServiceError(
                    msg("{player} does not play in match #{match}.", player=mention(winner), match=match_id)
                )
            places = {str(u): 1 if draw or u == winner else 2 for u in game.players}
            current = await self.store.result_of_match(match_id)
            # A correction that keeps a forfeit's winner keeps the forfeit (not rated); one that
            # changes the outcome is a result like any other.
            kept = current is not None and current.result.forfeited_by and current.result.places == places
            result = Result(
                match_id=str(match_id),
                round=game.round,
                places=places,
                sides={str(u): role for role, u in game.seats},
                forfeited_by=current.result.forfeited_by if kept and current is not None else frozenset(),
                ending=current.result.ending if kept and current is not None else ("draw" if draw else "win"),
            )
            replaces = None if current is None else current.id
            posts = [corrected_post(match_id, replaces, reason)]
            if current is None:  # a first result may complete its round
                posts += await self._completes(league, match_id)
            stored = await self.store.add_result(
                league.id,
                result,
                corrected_by=admin_id,
                reason=reason,
                replaces=replaces,
                posts=self._owed(league.id, *posts),
            )
            log.info("league %s: the result of match %s was corrected by an admin", league.id, match_id)
            progress = await self._advance(league)
        return Recorded(match_id, stored, True, progress)

    async def end(self, league_id: int, *, guild_id: int | None = None) -> Progress:
        """Close a league now (archived as finished); later results no longer count. The league
        channel is told (the end and the final table) through the outbox."""
        async with self._held(league_id):
            league = await self.get(league_id, guild_id=guild_id)
            if league.status == FINISHED:
                raise ServiceError(msg("{league} is over already.", league=league.name))
            await self.store.set_status(league.id, FINISHED, posts=self._owed(league.id, *ended_posts()))
            log.info("league %s ended by an admin", league.id)
            return Progress(await self.get(league.id), finished=True, posts_by=self._by(league.id))

    async def recover(self) -> list[Recovered]:
        """At start-up: for every running league, create the matches still missing, record the
        results of matches that ended unrecorded, and pair rounds that became due. Returns, per
        league where anything happened, what is still to be announced (a result recorded here
        is not recorded again by the match's own ending, so its announcement is ours)."""
        recovered: list[Recovered] = []
        for league in await self.store.leagues_with_status(RUNNING):
            async with self._held(league.id):
                try:
                    healed = await self._open(league)
                    recorded = await self._forfeit_departed(league)
                    for game in await self.store.games(league.id):
                        if game.match_id is None or await self.store.result_of_match(game.match_id):
                            continue
                        record = await self.matches.store.get_match(game.match_id)
                        finished = record is not None and record.status == MATCH_FINISHED
                        if finished and (await self._record(league, game))[1]:
                            recorded.append(game.match_id)
                    progress = await self._advance(league)  # a round complete before a crash pairs now
                except (ServiceError, ActionError) as exc:
                    log.warning("league %s could not be brought up to date: %s", league.id, exc)
                    continue
                except Exception as exc:  # (a busy database): the other leagues still are
                    log_failure(log, f"league {league.id} could not be brought up to date", exc)
                    continue
            outcome = Recovered(healed, tuple(recorded), progress)
            if outcome.changed:
                recovered.append(outcome)
        return recovered

    async def _forfeit_departed(self, league: League) -> list[int]:
        """Forfeit what a departure left in play (a crash or a busy database stopped it midway:
        the player's status is written first); returns the matches whose results this recorded.
        The resignations are committed entries: the announcer tells them in their threads."""
        gone = {p.user_id for p in await self.store.players(league.id) if p.status in (LEFT, REMOVED)}
        recorded: list[int] = []
        for game in await self.store.games(league.id):
            if game.match_id is None or await self.store.result_of_match(game.match_id) is not None:
                continue
            for user_id in gone & set(game.players):
                if await self._forfeit(league, game, user_id) is not None:
                    log.info("league %s: match %s forfeited for a departed player", league.id, game.match_id)
            if await self.store.result_of_match(game.match_id) is not None:
                recorded.append(game.match_id)
        return recorded

    # -- tables and schedules ---------------------------------------------------------------
    async def standings(self, league_id: int, *, guild_id: int | None = None) -> list[Row]:
        """The table, best first (``Row.player`` is a user id as text), with each player's
        rating over this server's league results of the game."""
        league = await self.get(league_id, guild_id=guild_id)
        players = await self.store.players(league.id)
        stored_results = await self.store.results(league.id)
        results = [stored.result for stored in stored_results]
        games = await self.store.games(league.id)
        byes: list[Bye] = await self.store.byes(league.id)
        done = {stored.match_id for stored in stored_results}
        open_rounds = {game.round for game in games if game.match_id is None or game.match_id not in done}
        ratings = rate(
            [stored.result for stored in await self.store.results_of_game(league.guild_id, league.game)]
        )
        return compute_standings(
            self._everyone(players, results, games),
            results,
            format="swiss" if league.format == SWISS else "round-robin",
            scoring=league.scoring,
            byes=begun_byes(((bye.round, str(bye.user_id)) for bye in byes), open_rounds),
            ratings={player: rating.ordinal for player, rating in ratings.items()},
        )

    async def side_ratings(
        self, league_id: int, *, guild_id: int | None = None
    ) -> dict[str, dict[str, float]]:
        """For a two-sided game, each player's rating per side (``{user id: {role: ordinal}}``),
        over this server's league results of the game; empty for tables of three or more."""
        league = await self.get(league_id, guild_id=guild_id)
        if league.multiplayer:
            return {}
        results = [stored.result for stored in await self.store.results_of_game(league.guild_id, league.game)]
        found: dict[str, dict[str, float]] = {}
        for (player, side), rating in rate(results, per_side=True).items():
            found.setdefault(player, {})[side] = rating.ordinal
        return found

    async def schedule(self, league_id: int, *, guild_id: int | None = None) -> list[ScheduledRound]:
        """Every round drawn up so far: its games (match, status, whose turn, deadline) and bye."""
        league = await self.get(league_id, guild_id=guild_id)
        games = await self._scheduled(league, await self.store.games(league.id))
        byes = {bye.round: bye.user_id for bye in await self.store.byes(league.id)}
        numbers = sorted({game.round for game in games} | set(byes))
        return [
            ScheduledRound(number, tuple(g for g in games if g.round == number), byes.get(number))
            for number in numbers
        ]

    async def my_matches(
        self, user_id: int, *, league_id: int | None = None, guild_id: int | None = None
    ) -> list[ScheduledGame]:
        """The user's games in one league, or in every running league of the server."""
        if league_id is not None:
            leagues = [await self.get(league_id, guild_id=guild_id)]
        elif guild_id is not None:
            leagues = [
                league
                for league in await self.store.leagues_of_user(guild_id, user_id)
                if league.status == RUNNING
            ]
        else:
            raise ServiceError(msg("Name a league, or ask in a server."))
        found: list[ScheduledGame] = []
        for league in reversed(leagues):  # oldest first
            mine = [game for game in await self.store.games(league.id) if user_id in game.players]
            found += await self._scheduled(league, mine)
        return found

    async def _scheduled(self, league: League, games: Sequence[LeagueGame]) -> list[ScheduledGame]:
        results = {stored.match_id: stored.result for stored in await self.store.results(league.id)}
        out: list[ScheduledGame] = []
        for game in games:
            base = (league.id, game.round, game.board, game.seats, game.match_id)
            if game.match_id is None:
                out.append(ScheduledGame(*base, WAITING))
                continue
            result = results.get(game.match_id)
            if result is not None:
                out.append(ScheduledGame(*base, OVER, result))
                continue
            record = await self.matches.store.get_match(game.match_id)
            if record is None or record.status == ABANDONED:
                out.append(ScheduledGame(*base, CANCELLED))
                continue
            if record.status != MATCH_ACTIVE:
                out.append(ScheduledGame(*base, OVER if record.status == MATCH_FINISHED else WAITING))
                continue
            try:
                live = await self.matches.get(game.match_id)
            except ServiceError:
                out.append(ScheduledGame(*base, PLAYING))
                continue
            waiting = sorted(live.active_roles())
            to_move = tuple(user for user in (live.user_of(role) for role in waiting) if user is not None)
            deadlines = [
                deadline
                for role in waiting
                if (clock := live.clocks.get(role)) is not None and (deadline := clock.deadline()) is not None
            ]
            deadline = None if live.record.paused or not deadlines else min(deadlines)
            out.append(ScheduledGame(*base, PLAYING, None, to_move, deadline))
        return out
