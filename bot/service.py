"""MatchService: lobby, actions, undo, resignation and queries over storage and the engine.

Pure asyncio + storage + engine: no Discord here, so everything is unit-testable. Cogs call
these methods and present the results. Every accepted action is committed before the method
returns; Discord output happens after, in the caller.
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
import secrets
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Coroutine, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from games.core import (
    Action,
    ActionError,
    Event,
    GameOver,
    Match,
    Outcome,
    Prompt,
    Ruleset,
    StaleAction,
    State,
    audiences_told,
    dump,
    dump_without,
    find,
    load,
    normalize,
    project,
)
from games.core.chain import rehearse, split_steps
from games.core.journal import EventLog

from .choices import Choice
from .clock import CLOCK, WallClock
from .exchange import Document, export_document
from .pace import Clock, Pace, PaceError, clocks_after, parse_pace, stop_all
from .storage import (
    ABANDONED,
    ACTIVE,
    FINISHED,
    INTEGRITY_ERRORS,
    LOBBY,
    ActionRecord,
    LogEntry,
    MatchRecord,
    SeatRecord,
    StaleWrite,
    Store,
)

log = logging.getLogger(__name__)

RANDOM_SIDE = "random"
#: Unfinished matches kept in memory; others are read from the database when next used.
MAX_LIVE = 256
#: The action text of a timeout in the log (an entry of kind `resign`).
TIMEOUT = "timeout"
STALE = "This prompt is out of date: the game has moved on. Use the newest one."
ALREADY_DONE = (
    "Already done: you have acted on this prompt, so it is out of date (this click changed "
    "nothing). Your newest prompt is the latest message, or use `/hand`."
)
#: A typed action repeating the player's last one, which a previous run of the bot made (and
#: perhaps never answered: a crash between the commit and the reply), is refused once.
RETRIED = (
    "Your last move, `{action}`, was already made {when}, just before the bot restarted: what it "
    "did is in the match thread. Nothing was done now. If you want it again, send the command once more."
)
#: A full state is also kept as a snapshot every this many entries (faster rebuilds).
SNAPSHOT_EVERY = 50


class ServiceError(ValueError):
    """A refused request, with a message written for the user who made it."""


class DamagedMatch(ServiceError):
    """A match whose stored log no longer replays (a damaged row, or rules changed by an
    upgrade while an undo was open). The engine's refusal may quote a secret ("Still to place:
    Sam..."), so everyone is told only that the match cannot go on; the log says which entry."""

    def __init__(self, match_id: int) -> None:
        super().__init__(
            f"Match #{match_id} cannot go on: its saved moves no longer replay with this version "
            "of the bot. The server's admins have been told; nothing was changed."
        )
        self.match_id = match_id


#: Called once per damaged match (its record) to tell the server's admins (the bot posts).
DamageReport = Callable[[MatchRecord], Coroutine[Any, Any, None]]


def public_step(state: Mapping[str, Any] | None) -> int:
    """A match's public step: the number of logged events. Hidden actions add none, so ids
    and names built on it (board images, "Take my turn", a resignation's confirmation) never
    count them, unlike the match version."""
    return len((state or {}).get("log", ()))


@dataclass(slots=True)
class LiveMatch:
    """A match in memory: its row, seats, ruleset and (once started) the game in play."""

    record: MatchRecord
    seats: list[SeatRecord]
    ruleset: Ruleset
    game: Match | None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    #: Each player's time bank (empty without a pace), as committed.
    clocks: dict[str, Clock] = field(default_factory=dict)
    #: ``(version, {role: prompt})``: prompts are computed once per version and role.
    _prompts: tuple[int, dict[str, Prompt]] = field(default=(-1, {}), repr=False)

    @property
    def id(self) -> int:
        return self.record.id

    @property
    def state(self) -> State | None:
        return None if self.game is None else self.game.state

    @property
    def pace(self) -> Pace | None:
        return parse_pace(self.record.pace) if self.record.pace else None

    def role_of(self, user_id: int) -> str | None:
        return next((s.role for s in self.seats if s.user_id == user_id), None)

    def user_of(self, role: str) -> int | None:
        return next((s.user_id for s in self.seats if s.role == role), None)

    def seat_of(self, user_id: int) -> SeatRecord | None:
        return next((s for s in self.seats if s.user_id == user_id), None)

    def prompt_version(self, role: str) -> int:
        """The number of ``role``'s current prompt (menus carry it): it grows by one whenever
        his legal actions change or he acts, and never counts anyone else's actions."""
        return next((s.prompt_version for s in self.seats if s.role == role), 0)

    def prompt_entry(self, role: str) -> int:
        """The match version whose entry made ``role``'s current prompt (kept for the server)."""
        return next((s.prompt_entry for s in self.seats if s.role == role), 0)

    def is_seated(self, user_id: int) -> bool:
        return self.seat_of(user_id) is not None

    @property
    def roles(self) -> tuple[str, ...]:
        return tuple(self.state["roles"]) if self.state else ()

    def active_roles(self) -> frozenset[str]:
        if self.state is None or self.record.status != ACTIVE:
            return frozenset()
        return self.ruleset.active(self.state)

    def prompt(self, role: str) -> Prompt:
        """``role``'s prompt now, computed once per version of the match."""
        assert self.state is not None
        version, cache = self._prompts
        if version != self.record.version:
            cache = {}
            self._prompts = (self.record.version, cache)
        found = cache.get(role)
        if found is None:
            found = cache[role] = self.ruleset.prompt(self.state, role)
        return found


@dataclass(frozen=True, slots=True)
class JoinResult:
    match: LiveMatch
    started: bool


@dataclass(frozen=True, slots=True)
class ActResult:
    """What one accepted log entry did (or, if ``duplicate``, what a retried one had done)."""

    match: LiveMatch
    kind: str
    role: str
    user_id: int
    action: str
    #: The action as its player sees it ("Frodo: The Shire → Arthedain").
    label: str
    #: The events the entry logged, as data (none for an undo).
    events: tuple[Event, ...]
    #: The state's ``seq`` before the entry.
    seq_before: int
    #: Roles other than the actor facing a new decision or told something of their own.
    notify: tuple[str, ...] = ()
    duplicate: bool = False
    #: Roles whose legal actions changed: their old menus are out of date.
    stale_roles: tuple[str, ...] = ()
    #: For an undo: how many logged (public) events it took back.
    took_back: int = 0

    @property
    def finished(self) -> bool:
        state = self.match.state
        return state is not None and state.get("result") is not None

    def roles_to_notify(self) -> tuple[str, ...]:
        return () if self.duplicate or self.finished else self.notify


@dataclass(frozen=True, slots=True)
class _Staged:
    """An entry applied in memory, not yet stored: how to take it back, what to store, what it did."""

    outcome: Outcome
    entry: LogEntry
    result: ActResult


def discord_time(stamp: str) -> str:
    """A stored time stamp as a Discord timestamp, shown in each reader's own time zone
    (``<t:...:R>``: "5 minutes ago"); the stamp itself if it cannot be read.

    >>> discord_time("2026-01-02T03:04:05.000+00:00"), discord_time("?")
    ('<t:1767323045:R>', '?')
    """
    try:
        return f"<t:{int(datetime.fromisoformat(stamp).timestamp())}:R>"
    except ValueError:
        return stamp


def every_role(ruleset: Ruleset) -> tuple[str, ...]:
    """Every role a player may ask for in a new lobby (over every player count), in order."""
    options = ruleset.resolve_options({})
    found: dict[str, None] = {}
    for players in range(ruleset.min_players, ruleset.max_players + 1):
        found.update(dict.fromkeys(ruleset.roles(options, players)))
    return tuple(found)


def replay_entry(game: Match, entry: ActionRecord) -> None:
    """Apply one stored log entry to ``game`` (used to rebuild a match from its log)."""
    if entry.kind == "act":
        game.submit(entry.role, entry.action)
    elif entry.kind == "undo":
        game.undo(entry.role)
    elif entry.kind == "resign" and entry.action == TIMEOUT:
        game.time_out(entry.role)
    elif entry.kind == "resign":
        game.resign(entry.role)
    else:
        raise ValueError(f"unknown log entry kind {entry.kind!r}")


#: How many of the newest log events are kept aside before an undo (it takes back fewer).
UNDO_TAIL = 64


def _visible_taken_back(ruleset: Ruleset, tail: list[Event], removed: int) -> int:
    """How many of the events an undo removed (the last ``removed`` of ``tail``) the thread
    was shown (not quiet ones): only then does a post say that its step was taken back."""
    gone = tail[len(tail) - removed :] if removed else []
    return sum(1 for event in gone if project(event, None)[0] not in ruleset.quiet_events)


def stored_events(events: tuple[Event, ...] | list[Event]) -> tuple[tuple[int, str], ...]:
    return tuple((int(e["seq"]), dump(e)) for e in events)


class MatchService:
    """All match operations. One instance per bot; safe under concurrent coroutines."""

    def __init__(self, store: Store, *, max_live: int = MAX_LIVE, clock: WallClock | None = None) -> None:
        self.store = store
        #: Wall-clock time (epoch seconds) for the time banks; tests move it.
        self.clock = clock or CLOCK
        self.max_live = max_live
        #: Unfinished matches in memory, least recently used first (loaded on first use).
        self._live: OrderedDict[int, LiveMatch] = OrderedDict()
        self._load_locks: dict[int, asyncio.Lock] = {}
        self._rematching = asyncio.Lock()
        #: Told once about each match whose log no longer replays (see :class:`DamagedMatch`).
        self.on_damaged: list[DamageReport] = []
        self._reports: set[asyncio.Task[None]] = set()
        #: The newest action id this process stored per ``(match, role)``, and the entries of
        #: earlier runs a typed retry was already warned about (see :meth:`_retried`).
        self._stored_here: dict[tuple[int, str], int] = {}
        self._retry_warned: set[int] = set()

    # -- loading -------------------------------------------------------------------
    async def get(self, match_id: int) -> LiveMatch:
        """The live match ``match_id`` (loaded and, if needed, rebuilt from its log)."""
        live = self._live.get(match_id)
        if live is not None:
            self._live.move_to_end(match_id)
            return live
        lock = self._load_locks.setdefault(match_id, asyncio.Lock())
        try:
            async with lock:
                live = self._live.get(match_id)
                if live is None:
                    record = await self.store.get_match(match_id)
                    if record is None:
                        raise ServiceError(f"There is no match #{match_id}.")
                    live = await self._load(record)
                    if record.status in (LOBBY, ACTIVE):
                        self._keep(live)  # finished matches are not kept in memory
        finally:
            if not lock.locked():
                self._load_locks.pop(match_id, None)
        return live

    def _keep(self, live: LiveMatch) -> None:
        """Hold ``live`` in memory, forgetting the least recently used idle matches beyond the cap.

        A match whose lock is held (an action being applied) is never dropped, so two
        ``LiveMatch`` objects with separate locks never exist for one match at the same time.
        """
        self._live[live.id] = live
        self._live.move_to_end(live.id)
        for match_id in list(self._live):
            if len(self._live) <= self.max_live:
                break
            if match_id != live.id and not self._live[match_id].lock.locked():
                del self._live[match_id]

    async def _load(self, record: MatchRecord) -> LiveMatch:
        try:
            ruleset = find(record.game)
        except ActionError as exc:
            raise ServiceError(
                f"Match #{record.id} is a game this bot no longer knows ({record.game})."
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
                game = await self._rebuild(record, ruleset, len(seats))
                state = game.state
                await self.store.save_state_cache(
                    record.id,
                    dump_without(state, "log"),
                    int(state["seq"]),
                    stored_events(state["log"]),
                    state.get("result"),
                    game.undo_open,
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

    async def _rebuild(self, record: MatchRecord, ruleset: Ruleset, players: int) -> Match:
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
    ) -> LiveMatch:
        """Open a lobby for ``game`` with its creator seated (``pace``: see :mod:`bot.pace`)."""
        ruleset = find(game)
        try:
            chosen_pace = parse_pace(pace)
        except PaceError as exc:
            raise ServiceError(str(exc)) from None
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
        )
        live = LiveMatch(record=record, seats=await self.store.seats(record.id), ruleset=ruleset, game=None)
        self._keep(live)
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
        raise ServiceError(f"`{side}` is not a side of {ruleset.title}: use one of {names}.")

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
    ) -> LiveMatch:
        """A match started at once, without a lobby: ``seats`` gives each player (the first is
        the creator) and his role, and every role of the game is taken. For leagues, which
        mark the match with ``league_id`` and ``league_round``."""
        try:
            ruleset = find(game)
            resolved = ruleset.resolve_options(dict(options or {}))
            chosen_pace = parse_pace(pace)
        except (ActionError, PaceError) as exc:
            raise ServiceError(str(exc)) from None
        users = [user for user, _ in seats]
        fewest, most = ruleset.seats(resolved)
        if not fewest <= len(users) <= most or len(set(users)) != len(users):
            raise ServiceError(f"{ruleset.title} seats {fewest} to {most} different players here.")
        if sorted(role for _, role in seats) != sorted(ruleset.roles(resolved, len(users))):
            raise ServiceError(f"Every side of {ruleset.title} must be taken once.")
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
        )
        live = LiveMatch(record=record, seats=await self.store.seats(record.id), ruleset=ruleset, game=None)
        self._keep(live)
        async with live.lock:
            await self._start(live)
        log.info("match %s created seated: %s %s", record.id, ruleset.name, resolved)
        return live

    async def join(
        self, match_id: int, user_id: int, side: str | None = None, *, guild_id: int | None = None
    ) -> JoinResult:
        """Take a seat (from the match's own server, if ``guild_id`` is given); starts when full."""
        live = await self.get(match_id)
        if guild_id is not None and live.record.guild_id != guild_id:
            raise ServiceError(f"There is no match #{match_id} in this server.")
        async with live.lock:
            if live.record.status != LOBBY:
                raise ServiceError(f"Match #{match_id} is not open for players any more.")
            if live.is_seated(user_id):
                raise ServiceError(f"You are already seated in match #{match_id}.")
            ruleset = live.ruleset
            _, most = ruleset.seats(live.record.options)
            if len(live.seats) >= most:
                raise ServiceError(f"Match #{match_id} is full.")
            wanted = self._side(ruleset, live.record.options, side)
            if live.record.rematch_of is not None:
                wanted = await self._rematch_side(live.record.rematch_of, user_id)
            if wanted is not None and any(s.wanted_role == wanted for s in live.seats):
                raise ServiceError(
                    f"Someone already asked for {ruleset.role_title(wanted)}; pick another side."
                )
            await self.store.add_seat(match_id, user_id, wanted)
            live.seats = await self.store.seats(match_id)
            started = False
            if len(live.seats) >= most:
                await self._start(live)
                started = True
        return JoinResult(live, started)

    # -- rematches and substitutes -----------------------------------------------------
    async def rematch(self, match_id: int, user_id: int) -> tuple[LiveMatch, bool]:
        """A lobby replaying a finished match: same options and pace, every player on his next
        side (the sides swapped with two), the asker seated. Only that match's players may join.
        Returns the lobby and whether it is new (``False``: one was opened already)."""
        old = await self.get(match_id)
        if old.record.status != FINISHED:
            raise ServiceError(f"A rematch is offered once match #{match_id} is over.")
        if not old.is_seated(user_id):
            raise ServiceError(f"Only the players of match #{match_id} can ask for its rematch.")
        async with self._rematching:  # two players clicking at once open one lobby
            for record in await self.store.rematches_of(match_id):
                if record.status in (LOBBY, ACTIVE):
                    return await self.get(record.id), False
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
            )
        return live, True

    async def _rematch_side(self, match_id: int, user_id: int) -> str:
        """The side ``user_id`` plays in the rematch of ``match_id``: the next seat's."""
        seats = sorted(await self.store.seats(match_id), key=lambda s: s.seat)
        mine = next((i for i, s in enumerate(seats) if s.user_id == user_id), None)
        if mine is None:
            raise ServiceError(f"This lobby is the rematch of match #{match_id}: only its players may join.")
        side = seats[(mine + 1) % len(seats)].role
        assert side is not None
        return side

    async def substitute(self, match_id: int, old_user: int, new_user: int) -> LiveMatch:
        """Hand ``old_user``'s seat (role, hand, clock) to ``new_user``, who is not playing."""
        live = await self.get(match_id)
        async with live.lock:
            if live.record.status != ACTIVE:
                raise ServiceError(f"Match #{match_id} is not being played: there is no seat to hand over.")
            if not live.is_seated(old_user):
                raise ServiceError(f"<@{old_user}> does not play in match #{match_id}.")
            if live.is_seated(new_user):
                raise ServiceError(f"<@{new_user}> plays in match #{match_id} already.")
            await self.store.substitute(match_id, old_user, new_user)
            live.seats = await self.store.seats(match_id)
        log.info("match %s: a seat was handed over", match_id)
        return live

    # -- export and import ------------------------------------------------------------
    async def export(self, match_id: int, guild_id: int | None) -> tuple[LiveMatch, str]:
        """A finished match of this server as the text of its export file."""
        live = await self.get(match_id)
        if guild_id is not None and live.record.guild_id != guild_id:
            raise ServiceError(f"There is no match #{match_id} in this server.")
        if live.record.status != FINISHED:
            raise ServiceError(
                f"Match #{match_id} can be exported once it is over: its file would tell its secrets."
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
            raise ServiceError(f"That export cannot be imported: {exc}") from None
        try:
            parse_pace(document.pace)
        except PaceError as exc:
            raise ServiceError(f"That export cannot be imported: {exc}") from None
        if document.result is None:
            raise ServiceError("That export cannot be imported: it is not of a finished match.")
        seats = sorted(document.seats, key=lambda s: s.seat)
        roles = set(ruleset.roles(options, len(seats)))
        if {s.role for s in seats} != roles:
            raise ServiceError("That export cannot be imported: its seats do not match the game's sides.")
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
        self._keep(live)
        async with live.lock:
            await self._start(live)
            for number, entry in enumerate(document.entries, 1):
                kind = TIMEOUT if entry.kind == "resign" and entry.action == TIMEOUT else entry.kind
                try:
                    await self._commit(
                        live, kind, entry.role, live.user_of(entry.role) or 0, entry.action, None
                    )
                except (ActionError, ServiceError) as exc:
                    await self._abandon_import(record.id)
                    raise ServiceError(
                        f"That export cannot be imported: entry {number} is refused ({exc})."
                    ) from None
            if (live.state or {}).get("result") != document.result:
                await self._abandon_import(record.id)
                raise ServiceError("That export cannot be imported: its moves do not lead to its result.")
        log.info("match %s imported (%d entries)", record.id, len(document.entries))
        return await self.get(record.id) if record.id in self._live else live

    async def _abandon_import(self, match_id: int) -> None:
        await self.store.set_status(match_id, ABANDONED)
        self._live.pop(match_id, None)

    async def start(self, match_id: int, user_id: int) -> LiveMatch:
        """Start early (games allowing fewer than the maximum players); creator only."""
        live = await self.get(match_id)
        async with live.lock:
            self._check_own_lobby(live, user_id, "start", "has already started.")
            fewest, _ = live.ruleset.seats(live.record.options)
            if len(live.seats) < fewest:
                raise ServiceError(f"{live.ruleset.title} needs at least {fewest} players.")
            await self._start(live)
        return live

    @staticmethod
    def _check_own_lobby(live: LiveMatch, user_id: int, verb: str, started: str) -> None:
        """Only a lobby that has not started, and only its creator, may be started or cancelled."""
        if live.record.status != LOBBY:
            raise ServiceError(f"Match #{live.record.id} {started}")
        if user_id != live.record.creator_id:
            raise ServiceError(f"Only the player who opened the lobby can {verb} it.")

    async def _start(self, live: LiveMatch) -> None:
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
        live = await self.get(match_id)
        async with live.lock:
            self._check_own_lobby(live, user_id, "cancel", "has started; use /game resign instead.")
            await self.store.set_status(match_id, ABANDONED)
            live.record = replace(live.record, status=ABANDONED)
            self._live.pop(match_id, None)
        return live

    async def expire_lobby(self, match_id: int) -> LiveMatch | None:
        """Close a lobby that is still waiting for players (the ticker's lobby lifetime)."""
        live = await self.get(match_id)
        async with live.lock:
            if live.record.status != LOBBY:
                return None
            await self.store.set_status(match_id, ABANDONED)
            live.record = replace(live.record, status=ABANDONED)
            self._live.pop(match_id, None)
        log.info("lobby %s expired", match_id)
        return live

    async def attach_thread(self, match_id: int, thread_id: int) -> None:
        await self.store.set_thread(match_id, thread_id)
        live = await self.get(match_id)
        live.record = replace(live.record, thread_id=thread_id)

    async def attach_lobby_message(self, match_id: int, message_id: int) -> None:
        await self.store.set_lobby_message(match_id, message_id)
        live = await self.get(match_id)
        live.record = replace(live.record, lobby_message_id=message_id)

    # -- play ------------------------------------------------------------------------
    def _playing(self, live: LiveMatch, user_id: int, *, moving: bool = True) -> tuple[str, State]:
        """The user's role in a match in play; ``moving``: he makes a move (refused while paused)."""
        if live.record.status == LOBBY:
            raise ServiceError(f"Match #{live.id} has not started yet: it is waiting for players.")
        if live.record.status == ABANDONED:
            raise ServiceError(f"Match #{live.id} was cancelled.")
        role = live.role_of(user_id)
        if role is None:
            raise ServiceError(f"You are not playing in match #{live.id}.")
        assert live.state is not None
        if live.record.status == FINISHED or live.state.get("result") is not None:
            raise GameOver("This match is over; no more moves can be made.")
        if live.record.paused and moving:
            raise ServiceError(
                f"Match #{live.id} is paused. It goes on when every player agrees: `/game resume`."
            )
        return role, live.state

    async def _duplicate(self, interaction_id: str | None) -> ActResult | None:
        if interaction_id is None:
            return None
        entry = await self.store.action_by_interaction(interaction_id)
        if entry is None:
            return None
        live = await self.get(entry.match_id)
        return ActResult(
            live, entry.kind, entry.role, entry.user_id, entry.action, entry.action, (), entry.seq, (), True
        )

    async def act(
        self,
        match_id: int,
        user_id: int,
        action: str | Action,
        *,
        expected_version: int | None = None,
        expected_prompt: int | None = None,
        interaction_id: str | None = None,
        typed: bool = False,
    ) -> ActResult:
        """Validate and apply an action by ``user_id``; committed before this returns.

        ``expected_version`` (the match's version) or ``expected_prompt`` (the user's prompt
        version, see :meth:`LiveMatch.prompt_version`) reject a choice made on an old prompt.
        ``typed``: a typed command, which carries no prompt number: the retry guard applies
        (:meth:`_retried`).
        """
        results = await self._entries(
            match_id, user_id, "act", [action], expected_version, interaction_id, expected_prompt, typed=typed
        )
        return results[0]

    async def undo(
        self,
        match_id: int,
        user_id: int,
        *,
        interaction_id: str | None = None,
        expected_prompt: int | None = None,
    ) -> ActResult:
        """Take back the user's last action, within his own decision only (engine policy)."""
        return await self._entry(match_id, user_id, "undo", "undo", None, interaction_id, expected_prompt)

    async def resign(
        self,
        match_id: int,
        user_id: int,
        *,
        interaction_id: str | None = None,
        expected_step: int | None = None,
    ) -> ActResult:
        """Give up (``expected_step``: the public step the player confirmed it at, see
        :func:`public_step`; the match version would count others' hidden actions)."""
        results = await self._entries(
            match_id, user_id, "resign", ["resign"], None, interaction_id, expected_step=expected_step
        )
        return results[0]

    async def act_line(
        self,
        match_id: int,
        user_id: int,
        line: str,
        *,
        expected_prompt: int | None = None,
        interaction_id: str | None = None,
        typed: bool = False,
    ) -> list[ActResult]:
        """Several steps of one decision typed in one line (``a; b; c``): rehearsed as a whole
        first (:mod:`games.core.chain`), so a refused step leaves everything as it was; then
        made one by one, each its own committed entry. One result per step made."""
        return await self._entries(
            match_id, user_id, "act", split_steps(line), None, interaction_id, expected_prompt, typed=typed
        )

    async def _entry(
        self,
        match_id: int,
        user_id: int,
        kind: str,
        action: str | Action,
        expected_version: int | None,
        interaction_id: str | None,
        expected_prompt: int | None = None,
    ) -> ActResult:
        results = await self._entries(
            match_id, user_id, kind, [action], expected_version, interaction_id, expected_prompt
        )
        return results[0]

    async def _entries(
        self,
        match_id: int,
        user_id: int,
        kind: str,
        actions: Sequence[str | Action],
        expected_version: int | None,
        interaction_id: str | None,
        expected_prompt: int | None = None,
        *,
        expected_step: int | None = None,
        typed: bool = False,
    ) -> list[ActResult]:
        previous = await self._duplicate(interaction_id)
        if previous is not None:
            return [previous]
        live = await self.get(match_id)
        async with live.lock:
            previous = await self._duplicate(interaction_id)
            if previous is not None:
                return [previous]
            role, state = self._playing(live, user_id, moving=kind != "resign")
            stale_prompt = expected_prompt is not None and expected_prompt != live.prompt_version(role)
            if stale_prompt and expected_prompt is not None:
                raise await self.stale(live, role, expected_prompt)
            if expected_version is not None and expected_version != live.record.version:
                raise StaleAction(STALE)
            if expected_step is not None and expected_step != public_step(state):
                raise StaleAction(STALE)
            clock = live.clocks.get(role)
            if kind != "resign" and clock is not None and clock.running and clock.left(self.clock.now()) <= 0:
                raise ServiceError(
                    "Your time bank has run out: this move comes too late, and the match records "
                    "the timeout in a moment."
                )
            steps: Sequence[str | Action] = actions
            if len(actions) != 1:
                steps = rehearse(
                    live.ruleset, state, role, [a.text if isinstance(a, Action) else a for a in actions]
                )
            if typed and kind == "act":
                await self._retried(live, role, user_id, steps[0])
            results = await self._commit_all(live, kind, role, user_id, steps, interaction_id)
            if results[0].duplicate:
                return results
        log.info("match %s v%s: %s %s", match_id, live.record.version, kind, role)
        return results

    async def _retried(self, live: LiveMatch, role: str, user_id: int, first: str | Action) -> None:
        """Refuse, once, a typed action that repeats the player's newest entry when an earlier
        run of the bot stored that entry.

        Menus and buttons carry the player's prompt number, so a second click answers "Already
        done". A typed command carries none, and Discord sends a retry as a new interaction
        (another id): after a crash between the commit and the reply, the player saw no answer
        and types the same command again, which would apply it twice (`roll 1`, rolled again).
        What identifies that retry is the entry itself: it is the player's newest, has the same
        canonical text, and no run of the bot since has answered him for this match (it was
        stored by an earlier run). He is told what happened; sending it once more makes it.
        """
        game = live.game
        assert game is not None
        text = first.text if isinstance(first, Action) else game.check(role, first).text
        last = await self.store.last_entry_of(live.id, role)
        if (
            last is None
            or last.kind != "act"
            or last.action != text
            or last.user_id != user_id
            or self._stored_here.get((live.id, role)) == last.id
            or last.id in self._retry_warned
        ):
            return
        self._retry_warned.add(last.id)
        log.info("match %s: a typed retry of %s's last entry %s was held back once", live.id, role, last.id)
        raise ServiceError(RETRIED.format(action=text, when=discord_time(last.created_at)))

    async def stale(self, live: LiveMatch, role: str, pressed: int) -> StaleAction:
        """The refusal of a click on ``role``'s prompt ``pressed``, which is no longer his newest:
        "already done" when his own action made it old (a double click), else "out of date"."""
        if pressed < live.prompt_version(role):
            entry = await self.store.entry_at(live.id, live.prompt_entry(role) - 1)
            if entry is not None and entry.role == role and entry.kind in ("act", "undo"):
                return StaleAction(ALREADY_DONE)
        return StaleAction(STALE)

    async def _commit(
        self,
        live: LiveMatch,
        kind: str,
        role: str,
        user_id: int,
        action: str | Action,
        interaction_id: str | None,
    ) -> ActResult:
        """Apply one entry in memory, commit it in one transaction, or put everything back."""
        return (await self._commit_all(live, kind, role, user_id, [action], interaction_id))[0]

    async def _commit_all(
        self,
        live: LiveMatch,
        kind: str,
        role: str,
        user_id: int,
        actions: Sequence[str | Action],
        interaction_id: str | None,
    ) -> list[ActResult]:
        """Apply entries one after the other in memory (the steps of a line: interaction ids
        ``id``, ``id/1``...), commit them all in one transaction, or put everything back."""
        game = live.game
        assert game is not None
        saved = (live.record, live.clocks, live.seats)
        staged: list[_Staged] = []
        try:
            for number, action in enumerate(actions):
                key = (
                    interaction_id if number == 0 or interaction_id is None else f"{interaction_id}/{number}"
                )
                staged.append(self._stage(live, kind, role, user_id, action, key))
                self._settle(live, staged[-1])  # the next step is staged on this one
            # Until stored, the match's record, clocks and seats stay as they were: a click
            # read meanwhile (outside the lock) must not see a version the database lacks.
            live.record, live.clocks, live.seats = saved
            entries = [s.entry for s in staged]
            if len(entries) == 1:
                ids = [await self.store.append(entries[0])]
            else:
                ids = await self.store.append_all(entries)
            self._stored_here[(live.id, role)] = ids[-1]
        except BaseException as error:
            if staged:
                game.revert_all([s.outcome for s in staged])
            live.record, live.clocks, live.seats = saved
            if isinstance(error, INTEGRITY_ERRORS):
                again = await self._duplicate(interaction_id)
                if again is not None:
                    return [again]
            if isinstance(error, StaleWrite):
                # This copy of the match is behind the database (it was reloaded elsewhere):
                # forget it, so the next request reads the committed state.
                if self._live.get(live.id) is live:
                    del self._live[live.id]
                raise StaleAction(
                    "This prompt is out of date: the game has moved on. Use the newest one."
                ) from None
            raise
        for step in staged:
            self._settle(live, step)
        if staged[-1].entry.status == FINISHED:
            self._live.pop(live.id, None)
        return [s.result for s in staged]

    def _stage(
        self,
        live: LiveMatch,
        kind: str,
        role: str,
        user_id: int,
        action: str | Action,
        interaction_id: str | None,
    ) -> _Staged:
        """Apply one entry in memory and describe it: the log entry to store and the result."""
        game, ruleset = live.game, live.ruleset
        assert game is not None
        state = game.state
        active_before = ruleset.active(state)
        # Only the other roles asked something now can see their question change.
        before = {r: ruleset.prompt(state, r).actions for r in active_before if r != role}
        log_from, was_open, seq_before = len(state["log"]), game.undo_open, int(state["seq"])
        tail: list[Event] = []
        if kind == "act":
            parsed = game.check(role, action)
            label, text = ruleset.describe(state, role, parsed), parsed.text
            outcome = game.submit(role, parsed)
        elif kind == "undo":
            tail = list(state["log"][-UNDO_TAIL:])
            outcome, label, text = game.undo(role), "undo", "undo"
        elif kind == TIMEOUT:
            outcome, label, text = game.time_out(role), "timeout", TIMEOUT
        else:
            outcome, label, text = game.resign(role), "resign", "resign"
        finished = state.get("result") is not None
        clocks = self._clocks_after(live, role if kind == "act" else None, finished)
        changed, notify = self._who_changed(live, role, before, outcome.active_before, outcome.active_after)
        told = audiences_told(outcome.events)
        notify = tuple(r for r in state["roles"] if r != role and (r in notify or r in told))
        version = live.record.version + 1
        entry = LogEntry(
            match_id=live.id,
            kind="resign" if kind == TIMEOUT else kind,
            role=role,
            action=text,
            seq=seq_before,
            user_id=user_id,
            interaction_id=interaction_id,
            new_state=dump_without(state, "log"),
            new_seq=int(state["seq"]),
            new_version=version,
            status=FINISHED if finished else ACTIVE,
            result=state.get("result"),
            snapshot=finished or version % SNAPSHOT_EVERY == 0,
            actor_last_seq=int(state["seq"]) if kind == "act" else None,
            # The actor's own menus always go stale (a double click must not act twice).
            new_prompts=(role, *changed),
            log_from=len(state["log"]) if kind == "undo" else log_from,
            events=stored_events(outcome.events),
            undo_open=game.undo_open,
            undo_opened=game.undo_open and not was_open,
            clocks=clocks,
        )
        result = ActResult(
            live,
            kind,
            role,
            user_id,
            text,
            label,
            outcome.events,
            seq_before,
            notify,
            False,
            entry.new_prompts,
            _visible_taken_back(ruleset, tail, log_from - len(state["log"])) if kind == "undo" else 0,
        )
        return _Staged(outcome, entry, result)

    @staticmethod
    def _settle(live: LiveMatch, staged: _Staged) -> None:
        """The match's record, clocks and seats as they stand after a staged entry."""
        entry = staged.entry
        live.record = replace(
            live.record,
            seq=entry.new_seq,
            version=entry.new_version,
            status=entry.status,
            result=entry.result,
            state=None,
            log_length=entry.log_length,
            undo_open=entry.undo_open,
        )
        if entry.clocks is not None:
            live.clocks = dict(entry.clocks)
        if entry.kind == "act":
            live.seats = [
                replace(s, last_seq=entry.new_seq) if s.role == entry.role else s for s in live.seats
            ]
        live.seats = [
            replace(s, prompt_version=s.prompt_version + 1, prompt_entry=entry.new_version)
            if s.role in entry.new_prompts
            else s
            for s in live.seats
        ]

    # -- time banks and pauses ------------------------------------------------------
    async def time_out(self, match_id: int, role: str) -> ActResult | None:
        """``role``'s bank has run out: commit the timeout (``None`` if it has not run out after
        all, or the match is over or paused). Safe to call twice: the second finds no expired bank."""
        live = await self.get(match_id)
        async with live.lock:
            state, pace, clock = live.state, live.pace, live.clocks.get(role)
            if state is None or state.get("result") is not None or live.record.status != ACTIVE:
                return None
            if live.record.paused or pace is None or clock is None or not clock.running:
                return None
            if role not in live.active_roles() or clock.left(self.clock.now()) > 0:
                return None
            user_id = live.user_of(role) or 0
            marker = f"timeout:{match_id}:{live.record.version}"
            result = await self._commit(live, TIMEOUT, role, user_id, TIMEOUT, marker)
        log.info("match %s v%s: %s ran out of time", match_id, live.record.version, role)
        return result

    async def remind(self, match_id: int, role: str, mark: int) -> None:
        """Note that ``role`` was reminded at ``mark`` seconds left (sent once per wait)."""
        live = await self.get(match_id)
        async with live.lock:
            pace, clock = live.pace, live.clocks.get(role)
            if pace is None or clock is None:
                return
            live.clocks[role] = clock.reminded_of(mark, pace)
            await self.store.set_clocks(match_id, {role: live.clocks[role]})

    async def vote_pause(self, match_id: int, user_id: int, *, pause: bool) -> tuple[LiveMatch, bool, int]:
        """A player asks to pause (or resume) the match; it happens when every player asked.
        Returns the match, whether it changed now, and how many players still have to agree."""
        live = await self.get(match_id)
        if pause and live.record.league_id is not None:
            raise ServiceError("League matches cannot be paused.")
        async with live.lock:
            self._playing(live, user_id, moving=False)
            if live.record.paused == pause:
                state = "paused" if pause else "not paused"
                raise ServiceError(f"Match #{match_id} is {state} already.")
            voted = await self.store.vote_pause(match_id, user_id, "pause" if pause else "resume")
            players = {s.user_id for s in live.seats}
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

    def _clocks_after(self, live: LiveMatch, actor: str | None, finished: bool) -> dict[str, Clock] | None:
        """The players' clocks once the entry being committed is applied (``None``: no pace)."""
        pace = live.pace
        if pace is None or not live.clocks:
            return None
        now = self.clock.now()
        if finished:
            return stop_all(live.clocks, pace, now)
        return clocks_after(
            live.clocks, pace, waiting=live.ruleset.active(live.state or {}), actor=actor, now=now
        )

    @staticmethod
    def _who_changed(
        live: LiveMatch,
        actor: str,
        before: dict[str, tuple[Action, ...]],
        active_before: frozenset[str],
        active_after: frozenset[str],
    ) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """Roles (not the actor) whose legal actions changed, and those among them now asked
        something new (their menus go stale; the second group is told by DM)."""
        state = live.state
        assert state is not None
        over = state.get("result") is not None
        changed: list[str] = []
        new_question: list[str] = []
        for role in state["roles"]:
            if role == actor:
                continue
            now = live.ruleset.prompt(state, role).actions if role in active_after and not over else ()
            if now != before.get(role, ()):
                changed.append(role)
                if now:
                    new_question.append(role)
            elif now and role not in active_before:
                new_question.append(role)
        return tuple(changed), tuple(new_question)

    # -- queries -----------------------------------------------------------------------
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
        if record.status != FINISHED or record.id in self._live:
            return await self.get(record.id)
        ruleset = find(record.game)  # ActionError for a game this bot no longer knows: not listed
        return LiveMatch(record=record, seats=await self.store.seats(record.id), ruleset=ruleset, game=None)

    async def lobbies(self, guild_id: int | None) -> list[LiveMatch]:
        """Open lobbies of a guild, newest first (a damaged one is left out)."""
        return await self._listable(await self.store.lobbies(guild_id), self._loaded, limit=25)

    async def in_play(self, guild_id: int | None) -> list[LiveMatch]:
        """Matches being played in a guild, newest first (``/game follow``)."""
        return await self._listable(await self.store.in_play(guild_id), self._loaded, limit=25)

    async def _loaded(self, record: MatchRecord) -> LiveMatch:
        return await self.get(record.id)

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
        reported: set[int] = self.__dict__.setdefault("_unlisted", set())
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
        return None if record is None else await self.get(record.id)

    async def resolve(
        self, user_id: int, *, match_id: int | None, channel_id: int | None, guild_id: int | None
    ) -> LiveMatch:
        """The match a command means: the ``match`` option, else the thread, else the only one."""
        if match_id is not None:
            chosen = await self.get(match_id)
            if guild_id is not None and chosen.record.guild_id != guild_id:
                # A match of another server is none of this server's business (nor its board).
                raise ServiceError(f"There is no match #{match_id} in this server.")
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
            raise ServiceError("You have no match in progress here. Start one with /game new.")
        raise ServiceError("You are in several matches: use this in the match's thread or pick `match:`.")

    @staticmethod
    def choices(live: LiveMatch, role: str) -> list[Choice]:
        """The role's legal actions now, in words, each with what it does."""
        if live.state is None or live.record.status != ACTIVE:
            return []
        state, ruleset = live.state, live.ruleset
        return [
            Choice(i, a, ruleset.describe(state, role, a), ruleset.explain(state, role, a))
            for i, a in enumerate(live.prompt(role).actions)
        ]

    async def winners_if_resigned(self, match_id: int, user_id: int) -> list[str] | None:
        """Who would win if this player resigned now (tried on the match and reverted);
        ``None`` when the match would go on without him (Risk with three or four players)."""
        live = await self.get(match_id)
        async with live.lock:
            role, _ = self._playing(live, user_id)
            game = live.game
            assert game is not None
            outcome = game.resign(role)
            try:
                result = game.state["result"]
                return None if result is None else list(result.get("winners", ()))
            finally:
                outcome.revert()

    @staticmethod
    def gives_up(live: LiveMatch, role: str, action: Action) -> bool:
        """Whether ``action`` gives something up for good, by the game's own rules
        (:meth:`games.core.Ruleset.gives_up`), while the player had something else to choose."""
        if live.state is None or not live.ruleset.gives_up(live.state, role, action):
            return False
        prompt = live.prompt(role)
        return len(prompt.actions) > 1 or bool(prompt.amounts)

    async def would_be_final(self, match_id: int, user_id: int, action: Action) -> bool:
        """Whether ``action`` could not be undone (it reveals, draws, ends the turn...).

        Tried on the match itself and reverted at once, under the match lock: nothing is stored.
        """
        live = await self.get(match_id)
        async with live.lock:
            role, _ = self._playing(live, user_id)
            game = live.game
            assert game is not None
            outcome = game.submit(role, action)
            try:
                return not game.can_undo(role)
            finally:
                outcome.revert()

    @staticmethod
    def legal(live: LiveMatch, role: str) -> list[tuple[Action, str]]:
        """The role's legal actions now, each with its label as that player sees it."""
        if live.state is None or live.record.status != ACTIVE:
            return []
        state = live.state
        return [(a, live.ruleset.describe(state, role, a)) for a in live.prompt(role).actions]
