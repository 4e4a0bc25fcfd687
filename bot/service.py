"""MatchService: lobby, actions, undo, resignation and queries over storage and the engine.

Pure asyncio + storage + engine: no Discord here, so everything is unit-testable. Cogs call
these methods and present the results. Every accepted action is committed before the method
returns; Discord output happens after, in the caller.
"""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
import sqlite3
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from games.core import (
    Action,
    ActionError,
    GameOver,
    Ruleset,
    StaleAction,
    State,
    clone,
    dump,
    emit,
    find,
    finish,
    load,
    normalize,
    submit,
)
from games.core import undo as core_undo

from .storage import (
    ABANDONED,
    ACTIVE,
    FINISHED,
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


class ServiceError(ValueError):
    """A refused request, with a message written for the user who made it."""


@dataclass(slots=True)
class LiveMatch:
    """A match in memory: its row, seats, ruleset and (once started) the current state."""

    record: MatchRecord
    seats: list[SeatRecord]
    ruleset: Ruleset
    state: State | None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    @property
    def id(self) -> int:
        return self.record.id

    def role_of(self, user_id: int) -> str | None:
        return next((s.role for s in self.seats if s.user_id == user_id), None)

    def user_of(self, role: str) -> int | None:
        return next((s.user_id for s in self.seats if s.role == role), None)

    def seat_of(self, user_id: int) -> SeatRecord | None:
        return next((s for s in self.seats if s.user_id == user_id), None)

    def prompt_version(self, role: str) -> int:
        """The version at which ``role``'s legal actions last changed (menus carry it)."""
        return next((s.prompt_version for s in self.seats if s.role == role), 0)

    def is_seated(self, user_id: int) -> bool:
        return self.seat_of(user_id) is not None

    @property
    def roles(self) -> tuple[str, ...]:
        return tuple(self.state["roles"]) if self.state else ()

    def active_roles(self) -> frozenset[str]:
        if self.state is None or self.record.status != ACTIVE:
            return frozenset()
        return self.ruleset.active(self.state)


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
    before: State
    after: State
    events: tuple[dict[str, Any], ...]
    duplicate: bool = False

    @property
    def since_seq(self) -> int:
        """The first event seq produced by this entry (for public log lines)."""
        return int(self.before["seq"]) if self.kind != "undo" else int(self.after["seq"])

    @property
    def finished(self) -> bool:
        return self.after.get("result") is not None

    def roles_to_notify(self) -> tuple[str, ...]:
        """Roles (other than the actor) to DM: a new decision, or their private view changed."""
        if self.duplicate or self.finished:
            return ()
        ruleset = self.match.ruleset
        out = []
        for role in self.after.get("roles", ()):
            if role == self.role:
                continue
            was = ruleset.prompt(self.before, role).actions if self.before.get("result") is None else ()
            now = ruleset.prompt(self.after, role).actions
            new_decision = bool(now) and (now != was or role not in ruleset.active(self.before))
            if new_decision or private_part(ruleset, self.before, role) != private_part(
                ruleset, self.after, role
            ):
                out.append(str(role))
        return tuple(out)


#: View keys that change with every move whoever makes it (not private information).
_VOLATILE = frozenset({"seq", "log", "prompt", "active", "last_move", "audience"})


def _private_diff(mine: Any, public: Any, path: str, out: dict[str, Any]) -> None:
    if isinstance(mine, dict) and isinstance(public, dict):
        for key, value in mine.items():
            _private_diff(value, public.get(key), f"{path}/{key}", out)
    elif isinstance(mine, list) and isinstance(public, list) and len(mine) == len(public):
        for index, (a, b) in enumerate(zip(mine, public, strict=True)):
            _private_diff(a, b, f"{path}/{index}", out)
    elif mine != public:
        out[path] = mine


def private_part(ruleset: Ruleset, state: State, role: str) -> dict[str, Any]:
    """What ``role``'s view shows beyond the public view (its hidden pieces, hand...).

    When this changes although the player did not act, he learnt something: he gets a DM.
    """
    mine, public = ruleset.view(state, role), ruleset.view(state, None)
    out: dict[str, Any] = {}
    for key, value in mine.items():
        if key not in _VOLATILE:
            _private_diff(value, public.get(key), key, out)
    return out


def resigned(ruleset: Ruleset, state: State, role: str) -> State:
    """The state after ``role`` resigns: the other roles win. Deterministic, so it replays."""
    if state.get("result") is not None:
        raise GameOver("This match is over already.")
    work = clone(state)
    work["undo"] = []
    emit(work, f"{ruleset.role_title(role)} resigned.")
    finish(work, [r for r in work["roles"] if r != role], f"{ruleset.role_title(role)} resigned")
    work["seq"] += 1
    return work


def changed_prompts(ruleset: Ruleset, before: State, after: State) -> tuple[str, ...]:
    """Roles whose list of legal actions differs between two states."""
    roles = [str(r) for r in after.get("roles", ())]

    def legal(state: State, role: str) -> tuple[Action, ...]:
        return () if state.get("result") is not None else ruleset.prompt(state, role).actions

    return tuple(r for r in roles if legal(before, r) != legal(after, r))


def replay_entry(ruleset: Ruleset, state: State, entry: ActionRecord) -> State:
    """Apply one stored log entry to ``state`` (used to rebuild a state from the log)."""
    if entry.kind == "act":
        return submit(ruleset, state, entry.role, entry.action).state
    if entry.kind == "undo":
        return core_undo(state, entry.role)
    if entry.kind == "resign":
        return resigned(ruleset, state, entry.role)
    raise ValueError(f"unknown log entry kind {entry.kind!r}")


class MatchService:
    """All match operations. One instance per bot; safe under concurrent coroutines."""

    def __init__(self, store: Store, *, max_live: int = MAX_LIVE) -> None:
        self.store = store
        self.max_live = max_live
        #: Unfinished matches in memory, least recently used first (loaded on first use).
        self._live: OrderedDict[int, LiveMatch] = OrderedDict()
        self._load_locks: dict[int, asyncio.Lock] = {}

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
        state: State | None = None
        if (record.status != LOBBY and record.status != ABANDONED) or record.state:
            state = self._cached_state(record)
            if state is None:
                state = await self._rebuild(record, ruleset, len(seats))
                await self.store.save_state_cache(record.id, dump(state), int(state["seq"]))
                record = replace(record, state=None, seq=int(state["seq"]))
        return LiveMatch(record=record, seats=seats, ruleset=ruleset, state=state)

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

    async def _rebuild(self, record: MatchRecord, ruleset: Ruleset, players: int) -> State:
        """Replay the action log from the newest readable snapshot (or from the seed)."""
        start_after = 0
        state: State | None = None
        for action_id, text in await self.store.snapshots(record.id):
            try:
                candidate = load(text)
            except ValueError:
                log.warning("match %s: skipping corrupt snapshot at action %s", record.id, action_id)
                continue
            if candidate.get("game") == record.game:
                state, start_after = candidate, action_id
                break
        if state is None:
            state = ruleset.setup(record.seed, ruleset.resolve_options(record.options), players)
        entries = await self.store.actions(record.id, after_id=start_after)
        for entry in entries:
            state = replay_entry(ruleset, state, entry)
        log.info("match %s rebuilt from %d log entries", record.id, len(entries))
        return state

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
    ) -> LiveMatch:
        """Open a lobby for ``game`` with its creator seated."""
        ruleset = find(game)
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
        )
        live = LiveMatch(record=record, seats=await self.store.seats(record.id), ruleset=ruleset, state=None)
        self._keep(live)
        log.info("match %s created: %s %s", record.id, ruleset.name, resolved)  # no identities at INFO
        return live

    @staticmethod
    def _side(ruleset: Ruleset, options: Mapping[str, str], side: str | None) -> str | None:
        if side is None or not side.strip() or normalize(side) == RANDOM_SIDE:
            return None
        roles = ruleset.roles(options, ruleset.max_players)
        wanted = normalize(side).replace(" ", "_")
        for role in roles:
            if wanted in (role, normalize(ruleset.role_title(role)).replace(" ", "_")):
                return role
        names = ", ".join([*roles, RANDOM_SIDE])
        raise ServiceError(f"`{side}` is not a side of {ruleset.title}: use one of {names}.")

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
            if len(live.seats) >= ruleset.max_players:
                raise ServiceError(f"Match #{match_id} is full.")
            wanted = self._side(ruleset, live.record.options, side)
            if wanted is not None and any(s.wanted_role == wanted for s in live.seats):
                raise ServiceError(
                    f"Someone already asked for {ruleset.role_title(wanted)}; pick another side."
                )
            await self.store.add_seat(match_id, user_id, wanted)
            live.seats = await self.store.seats(match_id)
            started = False
            if len(live.seats) >= ruleset.max_players:
                await self._start(live)
                started = True
        return JoinResult(live, started)

    async def start(self, match_id: int, user_id: int) -> LiveMatch:
        """Start early (games allowing fewer than the maximum players); creator only."""
        live = await self.get(match_id)
        async with live.lock:
            self._check_own_lobby(live, user_id, "start", "has already started.")
            if len(live.seats) < live.ruleset.min_players:
                raise ServiceError(f"{live.ruleset.title} needs at least {live.ruleset.min_players} players.")
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
        state = ruleset.setup(record.seed, record.options, players)
        await self.store.start_match(record.id, assigned, dump(state), int(state["seq"]))
        live.seats = await self.store.seats(record.id)
        live.state = state
        live.record = replace(record, status=ACTIVE, seq=int(state["seq"]), state=None)
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

    async def attach_thread(self, match_id: int, thread_id: int) -> None:
        await self.store.set_thread(match_id, thread_id)
        live = await self.get(match_id)
        live.record = replace(live.record, thread_id=thread_id)

    async def attach_lobby_message(self, match_id: int, message_id: int) -> None:
        await self.store.set_lobby_message(match_id, message_id)
        live = await self.get(match_id)
        live.record = replace(live.record, lobby_message_id=message_id)

    # -- play ------------------------------------------------------------------------
    def _playing(self, live: LiveMatch, user_id: int) -> tuple[str, State]:
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
        return role, live.state

    async def _duplicate(self, interaction_id: str | None) -> ActResult | None:
        if interaction_id is None:
            return None
        entry = await self.store.action_by_interaction(interaction_id)
        if entry is None:
            return None
        live = await self.get(entry.match_id)
        state = live.state or {}
        return ActResult(live, entry.kind, entry.role, entry.user_id, entry.action, state, state, (), True)

    async def act(
        self,
        match_id: int,
        user_id: int,
        action: str | Action,
        *,
        expected_version: int | None = None,
        expected_prompt: int | None = None,
        interaction_id: str | None = None,
    ) -> ActResult:
        """Validate and apply an action by ``user_id``; committed before this returns.

        ``expected_version`` (the match's version) or ``expected_prompt`` (the user's prompt
        version, see :meth:`LiveMatch.prompt_version`) reject a choice made on an old prompt.
        """
        return await self._entry(
            match_id, user_id, "act", action, expected_version, interaction_id, expected_prompt
        )

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

    async def resign(self, match_id: int, user_id: int, *, interaction_id: str | None = None) -> ActResult:
        return await self._entry(match_id, user_id, "resign", "resign", None, interaction_id)

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
        previous = await self._duplicate(interaction_id)
        if previous is not None:
            return previous
        live = await self.get(match_id)
        async with live.lock:
            previous = await self._duplicate(interaction_id)
            if previous is not None:
                return previous
            role, before = self._playing(live, user_id)
            stale_prompt = expected_prompt is not None and expected_prompt != live.prompt_version(role)
            if stale_prompt or (expected_version is not None and expected_version != live.record.version):
                raise StaleAction("This prompt is out of date: the game has moved on. Use the newest one.")
            ruleset = live.ruleset
            if kind == "act":
                outcome = submit(ruleset, before, role, action)
                after, text, events = outcome.state, outcome.action.text, outcome.events
            elif kind == "undo":
                after, text, events = core_undo(before, role), "undo", ()
            else:
                after = resigned(ruleset, before, role)
                text, events = "resign", tuple(after["log"][len(before["log"]) :])
            finished = after.get("result") is not None
            entry = LogEntry(
                match_id=match_id,
                kind=kind,
                role=role,
                action=text,
                seq=int(before["seq"]),
                user_id=user_id,
                interaction_id=interaction_id,
                new_state=dump(after),
                new_seq=int(after["seq"]),
                new_version=live.record.version + 1,
                status=FINISHED if finished else ACTIVE,
                result=after.get("result"),
                snapshot=finished or (kind != "undo" and ruleset.active(after) != ruleset.active(before)),
                actor_last_seq=int(after["seq"]) if kind == "act" else None,
                # The actor's own menus always go stale (a double click must not act twice).
                new_prompts=tuple(dict.fromkeys((role, *changed_prompts(ruleset, before, after)))),
            )
            try:
                await self.store.append(entry)
            except sqlite3.IntegrityError:
                again = await self._duplicate(interaction_id)
                if again is not None:
                    return again
                raise
            except StaleWrite:
                # This copy of the match is behind the database (it was reloaded elsewhere):
                # forget it, so the next request reads the committed state.
                if self._live.get(match_id) is live:
                    del self._live[match_id]
                raise StaleAction(
                    "This prompt is out of date: the game has moved on. Use the newest one."
                ) from None
            live.state = after
            live.record = replace(
                live.record,
                seq=entry.new_seq,
                version=entry.new_version,
                status=entry.status,
                result=entry.result,
                state=None,
            )
            if kind == "act":
                live.seats = [replace(s, last_seq=entry.new_seq) if s.role == role else s for s in live.seats]
            live.seats = [
                replace(s, prompt_version=entry.new_version) if s.role in entry.new_prompts else s
                for s in live.seats
            ]
            if finished:
                self._live.pop(match_id, None)
        log.info("match %s v%s: %s %s", match_id, entry.new_version, kind, role)
        return ActResult(live, kind, role, user_id, text, before, after, events)

    # -- queries -----------------------------------------------------------------------
    async def matches_of(
        self, user_id: int, guild_id: int | None = None, *, active_only: bool = False
    ) -> list[LiveMatch]:
        statuses = (ACTIVE,) if active_only else (LOBBY, ACTIVE)
        records = await self.store.matches_of_user(user_id, guild_id=guild_id, statuses=statuses)
        return [await self.get(r.id) for r in records]

    async def recent_of(self, user_id: int, guild_id: int | None = None) -> list[LiveMatch]:
        """Unfinished and finished matches of the user (for /game list), newest first."""
        records = await self.store.matches_of_user(
            user_id, guild_id=guild_id, statuses=(LOBBY, ACTIVE, FINISHED)
        )
        return [await self._summary(r) for r in records[:20]]

    async def _summary(self, record: MatchRecord) -> LiveMatch:
        """A match for listing: a finished one without its state (never read, parsed or rebuilt)."""
        if record.status != FINISHED or record.id in self._live:
            return await self.get(record.id)
        try:
            ruleset = find(record.game)
        except ActionError:
            return await self.get(record.id)  # refused there with a clear message
        return LiveMatch(record=record, seats=await self.store.seats(record.id), ruleset=ruleset, state=None)

    async def lobbies(self, guild_id: int | None) -> list[LiveMatch]:
        return [await self.get(r.id) for r in (await self.store.lobbies(guild_id))[:25]]

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
    def legal(live: LiveMatch, role: str) -> list[tuple[Action, str]]:
        """The role's legal actions now, each with its label as that player sees it."""
        if live.state is None or live.record.status != ACTIVE:
            return []
        state = live.state
        return [(a, live.ruleset.describe(state, role, a)) for a in live.ruleset.prompt(state, role).actions]
