"""The store: SQLite (aiosqlite, WAL; the default) or PostgreSQL (psycopg 3), one SQL text for
both. Every write that belongs together is one transaction.

SQL stays portable (plain ``BEGIN``/``COMMIT``, ``ON CONFLICT ... DO UPDATE``, ``?``
placeholders): :mod:`bot.storage.connection` runs it on either backend.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import secrets
from collections.abc import AsyncIterator, Iterable, Mapping, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import aiosqlite
import psycopg

from ..clock import CLOCK
from ..pace import Clock
from .connection import (
    Connection,
    Cursor,
    PostgresConnection,
    SqliteConnection,
    identity_tables,
    is_postgresql,
)
from .migrate import migrate
from .records import LOBBY, UNFINISHED, ActionRecord, MatchRecord, MessageRecord, SeatRecord

log = logging.getLogger(__name__)

_MATCH_COLUMNS = (
    "id, guild_id, channel_id, thread_id, lobby_message_id, game, options, seed, creator_id, status, "
    "state, seq, version, result, created_at, updated_at, log_length, undo_open, pace, paused, rematch_of, "
    "league_id, league_round, language"
)
_ACTION_COLUMNS = "id, match_id, seq, kind, role, action, interaction_id, user_id, created_at"
_SEAT_COLUMNS = "match_id, seat, user_id, wanted_role, role, last_seq, prompt_version, prompt_entry"
#: The match columns of ``m`` without the (large) cached state, read as ``NULL``; the seat columns of ``s``.
_LIGHT_COLUMNS_OF_M = ", ".join("NULL" if c == "state" else f"m.{c}" for c in _MATCH_COLUMNS.split(", "))
_SEAT_COLUMNS_OF_S = ", ".join(f"s.{c}" for c in _SEAT_COLUMNS.split(", "))


def now() -> str:
    """The time stamp of a row, from the bot's clock (tests move it: :mod:`bot.clock`)."""
    return stamp_of(CLOCK.now())


def stamp_of(epoch: float) -> str:
    return datetime.fromtimestamp(epoch, UTC).isoformat(timespec="milliseconds")


def _sid(value: int | None) -> str | None:
    return None if value is None else str(value)


def _iid(value: Any) -> int | None:
    return None if value is None else int(value)


#: The database file's mode: it holds every secret of every match.
PRIVATE = 0o600


def _on_disk(path: str | Path) -> bool:
    text = str(path)
    return text not in ("", ":memory:") and not text.startswith("file:")


def database_files(path: Path) -> list[Path]:
    """The database file and, when they exist, its ``-wal`` and ``-shm`` companions."""
    return [p for p in (path, Path(f"{path}-wal"), Path(f"{path}-shm")) if p.exists()]


def _create_private(path: Path) -> None:
    """Create ``path`` empty with mode 0600 if it does not exist (SQLite would use 0644)."""
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, PRIVATE))
    except FileExistsError:
        pass
    except OSError as exc:  # e.g. a missing folder: SQLite will say so with its own error
        log.debug("could not create %s: %s", path, type(exc).__name__)


def _make_private(path: Path) -> None:
    try:
        if path.stat().st_mode & 0o777 != PRIVATE:
            os.chmod(path, PRIVATE)
    except OSError as exc:
        log.warning("could not make %s readable by its owner only: %s", path, type(exc).__name__)


class UnreadableMatch(ValueError):
    """A match row whose columns cannot be read (not JSON, not a number...): it is damaged."""

    def __init__(self, match_id: Any, column: str) -> None:
        super().__init__(f"match {match_id} cannot be read (its {column} column is damaged)")
        self.match_id = match_id
        self.column = column


#: Columns of ``_MATCH_COLUMNS`` that must hold whole numbers, by position.
_NUMBERS = {7: "seed", 8: "creator_id", 11: "seq", 12: "version", 16: "log_length"}


def _match(row: Sequence[Any], warned: set[int] | None = None) -> MatchRecord:
    """A match record from its row; :class:`UnreadableMatch` if a column is damaged.

    An unreadable ``result`` is only warned about (once per match if ``warned`` is given):
    the state and the log say how the match ended.
    """
    try:
        match_id = int(row[0])
    except (TypeError, ValueError):
        raise UnreadableMatch(row[0], "id") from None
    result = None
    if row[13]:
        try:
            result = json.loads(row[13])
        except ValueError:
            if warned is None or match_id not in warned:
                log.warning("match %s has an unreadable result column", match_id)
                if warned is not None:
                    warned.add(match_id)
        if result is not None and not isinstance(result, dict):
            result = None
    try:
        options = json.loads(row[6])
    except (TypeError, ValueError):
        raise UnreadableMatch(match_id, "options") from None
    if not isinstance(options, dict):
        raise UnreadableMatch(match_id, "options")
    numbers: dict[int, int] = {}
    for index, column in _NUMBERS.items():
        try:
            numbers[index] = int(row[index])
        except (TypeError, ValueError):
            raise UnreadableMatch(match_id, column) from None
    try:
        ids = [_iid(row[i]) for i in (1, 2, 3, 4)]
    except (TypeError, ValueError):
        raise UnreadableMatch(match_id, "channel") from None
    try:
        league = [_iid(row[i]) for i in (21, 22)]
    except (TypeError, ValueError):
        raise UnreadableMatch(match_id, "league") from None
    return MatchRecord(
        id=match_id,
        guild_id=ids[0],
        channel_id=ids[1],
        thread_id=ids[2],
        lobby_message_id=ids[3],
        game=str(row[5]),
        options=options,
        seed=numbers[7],
        creator_id=numbers[8],
        status=str(row[9]),
        state=row[10],
        seq=numbers[11],
        version=numbers[12],
        result=result,
        created_at=str(row[14]),
        updated_at=str(row[15]),
        log_length=numbers[16],
        undo_open=bool(row[17]),
        pace=None if row[18] is None else str(row[18]),
        paused=bool(row[19]),
        rematch_of=None if row[20] is None else int(row[20]),
        league_id=league[0],
        league_round=league[1],
        language=None if len(row) < 24 or row[23] is None else str(row[23]),
    )


def _seat(r: Sequence[Any]) -> SeatRecord:
    return SeatRecord(int(r[0]), int(r[1]), int(r[2]), r[3], r[4], int(r[5]), int(r[6]), int(r[7]))


def _action(row: Sequence[Any]) -> ActionRecord:
    return ActionRecord(
        id=int(row[0]),
        match_id=int(row[1]),
        seq=int(row[2]),
        kind=str(row[3]),
        role=str(row[4]),
        action=str(row[5]),
        interaction_id=row[6],
        user_id=int(row[7]),
        created_at=str(row[8]),
    )


async def _write_clocks(conn: Connection, match_id: int, clocks: Mapping[str, Clock] | None) -> None:
    for role, clock in (clocks or {}).items():
        await conn.execute(
            "INSERT INTO clocks (match_id, role, bank, running_since, reminded) VALUES (?, ?, ?, ?, ?) "
            "ON CONFLICT (match_id, role) DO UPDATE SET bank = excluded.bank, "
            "running_since = excluded.running_since, reminded = excluded.reminded",
            (match_id, role, clock.bank, clock.running_since, ",".join(map(str, clock.reminded))),
        )


def _clock(row: Sequence[Any]) -> Clock:
    reminded = tuple(int(m) for m in str(row[2] or "").split(",") if m)
    return Clock(float(row[0]), None if row[1] is None else float(row[1]), reminded)


#: The DM prompts owed (``FROM``... ``WHERE``, to go on with ``AND``): see ``Store.owed_dms``.
_OWED_DMS = (
    "FROM dm_prompts d JOIN seats s ON s.match_id = d.match_id AND s.role = d.role "
    "WHERE d.owed > d.delivered AND d.owed >= s.prompt_entry"
)


async def _settle_dm(conn: Connection, match_id: int, role: str, version: int) -> None:
    await conn.execute(
        "INSERT INTO dm_prompts (match_id, role, delivered) VALUES (?, ?, ?) "
        "ON CONFLICT (match_id, role) DO UPDATE SET delivered = excluded.delivered "
        "WHERE excluded.delivered > dm_prompts.delivered",
        (match_id, role, version),
    )


async def _write_events(
    conn: Connection, match_id: int, start: int, events: Sequence[tuple[int, str]]
) -> None:
    """Make the log from index ``start`` on exactly ``events`` (``(seq, JSON)`` pairs)."""
    await conn.execute("DELETE FROM events WHERE match_id = ? AND idx >= ?", (match_id, start))
    if events:
        await conn.executemany(
            "INSERT INTO events (match_id, idx, seq, event) VALUES (?, ?, ?, ?)",
            [(match_id, start + i, seq, text) for i, (seq, text) in enumerate(events)],
        )


class StaleWrite(RuntimeError):
    """An entry computed from an older version of the match; nothing was written."""


class MetaChanged(StaleWrite):
    """A write that was to close a ``meta`` value found it closed or changed meanwhile (by
    another process, or a moment earlier); nothing was written."""


@dataclass(frozen=True, slots=True)
class MetaClose:
    """A ``meta`` value closed (emptied) in the same transaction as the write it goes with, if
    it still is ``value``: the write and the end of what the value stood for (an open vote)
    are committed together, or neither is (:class:`MetaChanged`)."""

    key: str
    value: str


async def _close_meta(conn: Connection, close: MetaClose | None) -> None:
    if close is None:
        return
    cur = await conn.execute(
        "UPDATE meta SET value = '' WHERE key = ? AND value = ?", (close.key, close.value)
    )
    if cur.rowcount != 1:
        raise MetaChanged(f"{close.key} was closed or changed meanwhile")


@dataclass(frozen=True, slots=True)
class LogEntry:
    """An entry to append to the action log, with the match row's new values."""

    match_id: int
    kind: str
    role: str
    action: str
    seq: int
    user_id: int
    interaction_id: str | None
    new_state: str
    new_seq: int
    new_version: int
    status: str
    result: dict[str, Any] | None
    snapshot: bool
    actor_last_seq: int | None = None
    #: Roles whose legal actions changed: their ``prompt_version`` becomes ``new_version``.
    new_prompts: tuple[str, ...] = ()
    #: The log after the entry: events from index ``log_from`` on are replaced by ``events``
    #: (JSON texts; an undo gives none and a smaller ``log_from``).
    log_from: int = 0
    events: tuple[tuple[int, str], ...] = ()
    #: Whether some player may take an action back after this entry, and whether this entry is
    #: the first undoable one (the state before it is kept as a snapshot, to rebuild undo).
    undo_open: bool = False
    undo_opened: bool = False
    #: The players' clocks after the entry (``None``: the match has no pace).
    clocks: Mapping[str, Clock] | None = None
    #: A ``meta`` value this entry closes in its own transaction (a vote it decides).
    closes: MetaClose | None = None

    @property
    def log_length(self) -> int:
        return self.log_from + len(self.events)


#: How long a write waits for SQLite's write lock (another process may hold it: a backup, an
#: admin's ``sqlite3`` session) before giving up with "database is locked": the player is then
#: told that the storage is busy, within Discord's three seconds when nothing was deferred.
WRITE_WAIT_MS = 1500
#: How long a read may wait. WAL readers do not wait for writers; this covers the rare moments
#: SQLite itself makes readers wait (recovering the write-ahead log after a crash).
READ_WAIT_MS = 1000
#: How long an operation on a match waits for another bot process that holds the match (on
#: PostgreSQL) before it is refused as busy, like a write waiting for a lock.
MATCH_WAIT_MS = WRITE_WAIT_MS
#: The same for a league (its operations create matches: they may take longer).
LEAGUE_WAIT_MS = 30_000
#: The first keys of the PostgreSQL advisory locks of matches and leagues (the second: the id).
MATCH_LOCKS = 0x50414C  # "PAL"
LEAGUE_LOCKS = 0x50414D
ANNOUNCE_LOCKS = 0x50414E


class MatchBusy(psycopg.errors.LockNotAvailable):
    """Another bot process held a match (or league) longer than ``MATCH_WAIT_MS``; nothing was
    done (reported to the player as the storage being busy)."""


#: Records (or moves on) the message of a match of one kind: its thread post, a player's DM prompt.
_SET_MESSAGE = (
    "INSERT INTO messages (match_id, kind, channel_id, message_id, version, created_at) "
    "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (match_id, kind) DO UPDATE SET "
    "channel_id = excluded.channel_id, message_id = excluded.message_id, "
    "version = excluded.version, created_at = excluded.created_at"
)


class Store:
    """Async access to the Palantír database. Create with :meth:`open`.

    Two connections (on SQLite each with its own aiosqlite thread): writes (transactions) go to one, plain
    reads to the other. A write waiting for the database's lock (held by another process) then
    never holds up the reads behind it on the same thread: a spectator's ``/game status`` or an
    autocomplete is answered while the write waits. WAL lets the reader see every committed
    transaction and never blocks on the writer. (An in-memory database has one connection.)
    """

    def __init__(
        self,
        conn: Connection,
        reader: Connection | None = None,
        *,
        dialect: str = "sqlite",
        locks: Connection | None = None,
    ) -> None:
        self._conn = conn
        #: ``sqlite`` or ``postgresql``.
        self.dialect = dialect
        self._reader = reader or conn
        #: PostgreSQL: the connection holding this process's locks on matches (see :meth:`match_lock`).
        self._locks = locks
        # One connection: transactions from different matches must not interleave on it.
        self._write = asyncio.Lock()
        #: Matches already reported as damaged (each is logged once, not at every listing).
        self._warned: set[int] = set()

    @classmethod
    async def open(cls, path: str | Path) -> Store:
        """Open (creating if needed) the database at ``path`` and apply pending migrations.

        A ``postgresql://`` URL opens a PostgreSQL database instead (see :meth:`open_postgresql`).

        The database holds every hidden piece and hand: the file and its ``-wal``/``-shm``
        companions are made readable by the bot's user only (mode 0600).
        """
        if is_postgresql(path):
            return await cls.open_postgresql(str(path))
        on_disk = _on_disk(path)
        if on_disk:
            _create_private(Path(path))
        conn = await aiosqlite.connect(str(path), isolation_level=None)
        await conn.execute("PRAGMA journal_mode=WAL")
        await conn.execute("PRAGMA synchronous=NORMAL")
        await conn.execute("PRAGMA foreign_keys=ON")
        await conn.execute(f"PRAGMA busy_timeout={WRITE_WAIT_MS}")
        applied = await migrate(SqliteConnection(conn))
        if applied:
            log.info("database %s migrated: %s", path, ", ".join(applied))
        reader: aiosqlite.Connection | None = None
        if on_disk:
            # SQLite gives -wal and -shm the main file's mode; older ones may predate it.
            for companion in database_files(Path(path)):
                _make_private(companion)
            reader = await aiosqlite.connect(str(path), isolation_level=None)
            await reader.execute("PRAGMA query_only=ON")
            await reader.execute(f"PRAGMA busy_timeout={READ_WAIT_MS}")
        return cls(SqliteConnection(conn), None if reader is None else SqliteConnection(reader))

    @classmethod
    async def open_postgresql(cls, url: str) -> Store:
        """Open the PostgreSQL database of ``url`` (``postgresql://user:password@host/db``) and
        apply pending migrations (the database must exist; the tables are created in it).

        As on SQLite: one connection for writes (one transaction at a time, a lock waited for at
        most ``WRITE_WAIT_MS``), one for reads, which sees every committed transaction and
        never waits for the writer; every commit is durable (``synchronous_commit``). A
        connection lost (the server restarted) is made again at the next read or transaction.
        """
        conn = await PostgresConnection.connect(
            url, (f"SET lock_timeout = {WRITE_WAIT_MS}", "SET synchronous_commit = on")
        )
        try:
            applied = await migrate(conn, dialect="postgresql")
            if applied:
                log.info("PostgreSQL database migrated: %s", ", ".join(applied))
            conn.identity_tables = frozenset(await identity_tables(conn.raw))
            reader = await PostgresConnection.connect(url, ("SET default_transaction_read_only = on",))
            locks = await PostgresConnection.connect(url)
        except BaseException:
            await conn.close()
            raise
        return cls(conn, reader, dialect="postgresql", locks=locks)

    def _records(self, rows: Iterable[Sequence[Any]]) -> list[MatchRecord]:
        """Match records of ``rows``, leaving out (and reporting once) any damaged one."""
        records = []
        for row in rows:
            try:
                records.append(_match(row, self._warned))
            except UnreadableMatch as exc:
                if exc.match_id not in self._warned:
                    self._warned.add(exc.match_id)
                    log.warning(
                        "match %s cannot be read (its %s column is damaged); it is left out of lists",
                        exc.match_id,
                        exc.column,
                    )
        return records

    async def close(self) -> None:
        if self._locks is not None:
            await self._locks.close()
        if self._reader is not self._conn:
            await self._reader.close()
        await self._conn.close()

    # -- several processes ---------------------------------------------------------------
    @property
    def shared(self) -> bool:
        """Whether other bot processes may use this database at the same time (PostgreSQL):
        a match is then locked across processes (:meth:`match_lock`) and a process's copy of a
        match is checked against the stored version before it is trusted."""
        return self._locks is not None

    def match_lock(self, match_id: int) -> contextlib.AbstractAsyncContextManager[None]:
        """Hold ``match_id`` against every other bot process (PostgreSQL; nothing on SQLite,
        where one process uses the database and its in-process lock is enough).

        A session advisory lock on a connection of its own: held across the operation's reads,
        engine work and transaction, and released by the server when the process dies. Another
        process holding the match is waited for at most ``MATCH_WAIT_MS`` (:class:`MatchBusy`).
        The caller holds the match's in-process lock, so one process never asks twice at once.
        """
        return self._advisory(MATCH_LOCKS, match_id, MATCH_WAIT_MS, "match")

    def league_lock(self, league_id: int) -> contextlib.AbstractAsyncContextManager[None]:
        """Hold a league against every other bot process, as :meth:`match_lock` a match (its
        operations create matches, so another process is waited for longer: ``LEAGUE_WAIT_MS``)."""
        return self._advisory(LEAGUE_LOCKS, league_id, LEAGUE_WAIT_MS, "league")

    @asynccontextmanager
    async def announcing(self, match_id: int, wait: float) -> AsyncIterator[bool]:
        """Hold the announcing of ``match_id`` (its posts in Discord) against every other bot
        process, waiting up to ``wait`` seconds while one holds it: yields whether it is held
        (always on SQLite, where one process posts). An advisory lock like :meth:`match_lock`:
        the server lets go of it when the holding process dies."""
        locks = self._locks
        if locks is None:
            yield True
            return
        key = (ANNOUNCE_LOCKS, match_id % 2**31)
        try:
            await self._take(locks, key, int(wait * 1000), "the announcing of match")
        except MatchBusy:
            yield False
            return
        try:
            yield True
        finally:
            await self._let_go(locks, key)

    @asynccontextmanager
    async def _advisory(self, space: int, number: int, wait_ms: int, what: str) -> AsyncIterator[None]:
        locks = self._locks
        if locks is None:
            yield
            return
        key = (space, number % 2**31)
        await self._take(locks, key, wait_ms, what)
        try:
            yield
        finally:
            await self._let_go(locks, key)

    @staticmethod
    async def _let_go(locks: Connection, key: tuple[int, int]) -> None:
        try:
            await locks.execute("SELECT pg_advisory_unlock(?, ?)", key)
        except psycopg.Error as exc:  # a lost connection let go of its locks already
            log.warning("could not release the lock %s: %s", key, type(exc).__name__)

    @staticmethod
    async def _take(locks: Connection, key: tuple[int, int], wait_ms: int, what: str) -> None:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + wait_ms / 1000
        pause = 0.002
        while True:
            try:
                row = await (await locks.execute("SELECT pg_try_advisory_lock(?, ?)", key)).fetchone()
            except psycopg.Error:
                if not await locks.revive():
                    raise
                log.warning("the connection holding the bot's locks was lost; connected again")
                continue
            if row[0]:
                return
            if loop.time() >= deadline:
                raise MatchBusy(f"{what} {key[1]} is held by another bot process")
            await asyncio.sleep(pause)  # the holder is another process: nothing to wake us
            pause = min(pause * 2, 0.05)

    async def match_stamp(self, match_id: int) -> tuple[int, str, bool, int | None, int, int] | None:
        """What says whether a copy of a match in memory is stale: its stored version, status,
        pause and thread, and how many seats and whose (the sum of their user ids: a seat
        handed over changes it)."""
        row = await self._one(
            "SELECT m.version, m.status, m.paused, m.thread_id, COUNT(s.seat), "
            "COALESCE(SUM(CAST(s.user_id AS BIGINT)), 0) FROM matches m "
            "LEFT JOIN seats s ON s.match_id = m.id WHERE m.id = ? GROUP BY m.id",
            (match_id,),
        )
        if row is None:
            return None
        return (int(row[0]), str(row[1]), bool(row[2]), _iid(row[3]), int(row[4]), int(row[5]))

    async def match_and_seats(self, match_id: int) -> tuple[MatchRecord, list[SeatRecord]] | None:
        """The match's row without its cached state (``state`` is ``None``) and its seats, in
        one query (a process reads them again before each operation on a shared database)."""
        rows = await self._all(
            f"SELECT {_LIGHT_COLUMNS_OF_M}, {_SEAT_COLUMNS_OF_S} FROM matches m "
            "LEFT JOIN seats s ON s.match_id = m.id WHERE m.id = ? ORDER BY s.seat",
            (match_id,),
        )
        if not rows:
            return None
        width = len(_MATCH_COLUMNS.split(", "))
        seats = [_seat(row[width:]) for row in rows if row[width] is not None]
        return _match(rows[0][:width], self._warned), seats

    # -- leases on background work ------------------------------------------------------
    async def claim(self, name: str, holder: str, now: float, seconds: float, *, again: bool = True) -> bool:
        """Claim the lease ``name`` for ``holder`` until ``now + seconds``: True if it was free,
        had run out (its holder never finished: another process takes over), or was his
        (``again``; else his own lease must have run out too)."""
        mine = " OR leases.holder = excluded.holder" if again else ""
        async with self.transaction() as conn:
            cur = await conn.execute(
                "INSERT INTO leases (name, holder, expires) VALUES (?, ?, ?) "
                "ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires = excluded.expires "
                f"WHERE leases.expires <= ?{mine}",
                (name, holder, now + seconds, now),
            )
            return cur.rowcount == 1

    async def release(self, name: str, holder: str) -> None:
        """Give the lease ``name`` up (if ``holder`` still has it)."""
        async with self.transaction() as conn:
            await conn.execute("DELETE FROM leases WHERE name = ? AND holder = ?", (name, holder))

    async def lease_holder(self, name: str, now: float) -> str | None:
        """Who holds the lease ``name`` at ``now`` (``None``: nobody, or it ran out)."""
        row = await self._one("SELECT holder FROM leases WHERE name = ? AND expires > ?", (name, now))
        return None if row is None else str(row[0])

    async def drop_leases(self, before: float) -> None:
        """Forget the leases that ran out before ``before`` (their work was done or taken over)."""
        async with self.transaction() as conn:
            await conn.execute("DELETE FROM leases WHERE expires < ?", (before,))

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Connection]:
        """One write transaction. On SQLite ``BEGIN IMMEDIATE`` takes the write lock at once
        (waiting at most ``WRITE_WAIT_MS``), so a busy database refuses the whole transaction
        before it wrote anything, never in its middle. On PostgreSQL (read committed) a row
        lock held elsewhere is waited for at most ``WRITE_WAIT_MS`` too; a refused statement
        rolls the whole transaction back."""
        async with self._write:
            begin = "BEGIN IMMEDIATE" if self.dialect == "sqlite" else "BEGIN"
            try:
                await self._conn.execute(begin)
            except Exception:
                # A lost connection (the PostgreSQL server restarted): nothing was written yet.
                if not await self._conn.revive():
                    raise
                log.warning("the connection to the database was lost; connected again")
                await self._conn.execute(begin)
            try:
                yield self._conn
            except BaseException:
                await self._conn.execute("ROLLBACK")
                raise
            await self._conn.execute("COMMIT")

    async def _read(self, sql: str, params: Iterable[Any]) -> Cursor:
        """Run a read; once more on a new connection if the old one was lost (reads change nothing)."""
        params = tuple(params)
        try:
            return await self._reader.execute(sql, params)
        except Exception:
            if not await self._reader.revive():
                raise
            log.warning("the connection to the database was lost; connected again")
            return await self._reader.execute(sql, params)

    async def _one(self, sql: str, params: Iterable[Any] = ()) -> Any:
        return await (await self._read(sql, params)).fetchone()

    async def _all(self, sql: str, params: Iterable[Any] = ()) -> list[Any]:
        return list(await (await self._read(sql, params)).fetchall())

    async def read_one(self, sql: str, params: Iterable[Any] = ()) -> Any:
        """One row of a read-only query (for stores of other features), on the read connection:
        it sees what is committed, never a transaction still open."""
        return await self._one(sql, params)

    async def read_all(self, sql: str, params: Iterable[Any] = ()) -> list[Any]:
        """Every row of a read-only query (for stores of other features), on the read connection."""
        return await self._all(sql, params)

    # -- meta ----------------------------------------------------------------------
    async def get_meta(self, key: str) -> str | None:
        row = await self._one("SELECT value FROM meta WHERE key = ?", (key,))
        return None if row is None else str(row[0])

    async def set_meta(self, key: str, value: str) -> None:
        async with self.transaction() as conn:
            await conn.execute(
                "INSERT INTO meta (key, value) VALUES (?, ?) "
                "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                (key, value),
            )

    async def swap_meta(self, key: str, old: str, new: str) -> bool:
        """Set ``key`` to ``new`` if it still holds ``old``: whether it did (one of several
        processes doing the same at once does)."""
        async with self.transaction() as conn:
            cur = await conn.execute("UPDATE meta SET value = ? WHERE key = ? AND value = ?", (new, key, old))
            return cur.rowcount == 1

    # -- matches and seats ---------------------------------------------------------
    async def create_match(
        self,
        *,
        guild_id: int | None,
        channel_id: int | None,
        creator_id: int,
        game: str,
        options: dict[str, str],
        seed: int,
        wanted_role: str | None,
        pace: str | None = None,
        rematch_of: int | None = None,
        league_id: int | None = None,
        league_round: int | None = None,
        others: Sequence[tuple[int, str | None]] = (),
        language: str | None = None,
    ) -> MatchRecord:
        """A new match in the lobby, with its creator in seat 0 (and ``others``, each a user
        and his wanted role, in seats 1, 2, ... in the same transaction)."""
        stamp = now()
        async with self.transaction() as conn:
            cur = await conn.execute(
                "INSERT INTO matches (guild_id, channel_id, game, options, seed, creator_id, status, seq, "
                "version, created_at, updated_at, pace, rematch_of, league_id, league_round, language) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, 0, 0, ?, ?, ?, ?, ?, ?, ?)",
                (
                    _sid(guild_id),
                    _sid(channel_id),
                    game,
                    json.dumps(options, sort_keys=True),
                    seed,
                    str(creator_id),
                    LOBBY,
                    stamp,
                    stamp,
                    pace,
                    rematch_of,
                    league_id,
                    league_round,
                    language,
                ),
            )
            match_id = int(cur.lastrowid or 0)
            await conn.execute(
                "INSERT INTO seats (match_id, seat, user_id, wanted_role, joined_at) VALUES (?, 0, ?, ?, ?)",
                (match_id, str(creator_id), wanted_role, stamp),
            )
            for seat, (user_id, role) in enumerate(others, 1):
                await conn.execute(
                    "INSERT INTO seats (match_id, seat, user_id, wanted_role, joined_at) "
                    "VALUES (?, ?, ?, ?, ?)",
                    (match_id, seat, str(user_id), role, stamp),
                )
        record = await self.get_match(match_id)
        assert record is not None
        return record

    async def get_match(self, match_id: int) -> MatchRecord | None:
        """The match's row (``None`` if there is none); :class:`UnreadableMatch` if it is damaged."""
        row = await self._one(f"SELECT {_MATCH_COLUMNS} FROM matches WHERE id = ?", (match_id,))
        return None if row is None else _match(row, self._warned)

    async def match_by_thread(self, thread_id: int) -> MatchRecord | None:
        row = await self._one(f"SELECT {_MATCH_COLUMNS} FROM matches WHERE thread_id = ?", (str(thread_id),))
        return None if row is None else _match(row, self._warned)

    async def unfinished_matches(self) -> list[MatchRecord]:
        rows = await self._all(
            f"SELECT {_MATCH_COLUMNS} FROM matches WHERE status IN (?, ?) ORDER BY id", UNFINISHED
        )
        return self._records(rows)

    async def matches_of_user(
        self, user_id: int, *, guild_id: int | None = None, statuses: Sequence[str] = UNFINISHED
    ) -> list[MatchRecord]:
        """Matches where ``user_id`` has a seat, newest first (optionally in one guild)."""
        marks = ", ".join("?" for _ in statuses)
        sql = (
            f"SELECT {', '.join('m.' + c for c in _MATCH_COLUMNS.split(', '))} FROM matches m "
            f"JOIN seats s ON s.match_id = m.id WHERE s.user_id = ? AND m.status IN ({marks})"
        )
        params: list[Any] = [str(user_id), *statuses]
        if guild_id is not None:
            sql += " AND m.guild_id = ?"
            params.append(str(guild_id))
        rows = await self._all(sql + " ORDER BY m.id DESC", params)
        return self._records(rows)

    async def lobbies(self, guild_id: int | None) -> list[MatchRecord]:
        """Open lobbies of a guild, newest first."""
        rows = await self._all(
            f"SELECT {_MATCH_COLUMNS} FROM matches WHERE status = ? AND guild_id = ? ORDER BY id DESC",
            (LOBBY, _sid(guild_id)),
        )
        return self._records(rows)

    async def rematches_of(self, match_id: int) -> list[MatchRecord]:
        rows = await self._all(
            f"SELECT {_MATCH_COLUMNS} FROM matches WHERE rematch_of = ? ORDER BY id", (match_id,)
        )
        return self._records(rows)

    async def substitute(
        self, match_id: int, old_user: int, new_user: int, *, closes: MetaClose | None = None
    ) -> None:
        """Hand ``old_user``'s seat to ``new_user`` (his role, his place in the log); ``closes``:
        a ``meta`` value closed in the same transaction (:class:`MetaChanged` if it changed).

        In a match under way the new player is owed his first DM prompt in the same
        transaction (none reached him yet): a crash before it goes out leaves it to the catch-up.
        The match counts as just changed, so that a sweep leaves the live delivery its grace."""
        async with self.transaction() as conn:
            await _close_meta(conn, closes)
            await conn.execute(
                "UPDATE seats SET user_id = ? WHERE match_id = ? AND user_id = ?",
                (str(new_user), match_id, str(old_user)),
            )
            await conn.execute(
                "DELETE FROM pause_votes WHERE match_id = ? AND user_id = ?", (match_id, str(old_user))
            )
            await conn.execute(
                "INSERT INTO dm_prompts (match_id, role, owed, delivered) "
                "SELECT m.id, s.role, m.version, -1 FROM matches m JOIN seats s ON s.match_id = m.id "
                "WHERE m.id = ? AND s.user_id = ? AND m.status = 'active' AND s.role IS NOT NULL "
                "ON CONFLICT (match_id, role) DO UPDATE SET owed = excluded.owed, delivered = -1",
                (match_id, str(new_user)),
            )
            await conn.execute(
                "UPDATE matches SET updated_at = ? WHERE id = ? AND status = 'active'", (now(), match_id)
            )

    async def in_play(self, guild_id: int | None, limit: int = 25) -> list[MatchRecord]:
        """Matches being played in a guild, newest first (for spectators)."""
        rows = await self._all(
            f"SELECT {_MATCH_COLUMNS} FROM matches WHERE status = 'active' AND guild_id = ? "
            "ORDER BY id DESC LIMIT ?",
            (_sid(guild_id), limit),
        )
        return self._records(rows)

    async def seats(self, match_id: int) -> list[SeatRecord]:
        rows = await self._all(
            f"SELECT {_SEAT_COLUMNS} FROM seats WHERE match_id = ? ORDER BY seat", (match_id,)
        )
        return [_seat(r) for r in rows]

    async def add_seat(self, match_id: int, user_id: int, wanted_role: str | None) -> None:
        async with self.transaction() as conn:
            row = await (
                await conn.execute("SELECT COUNT(*) FROM seats WHERE match_id = ?", (match_id,))
            ).fetchone()
            seat = int(row[0]) if row else 0
            await conn.execute(
                "INSERT INTO seats (match_id, seat, user_id, wanted_role, joined_at) VALUES (?, ?, ?, ?, ?)",
                (match_id, seat, str(user_id), wanted_role, now()),
            )
            await conn.execute("UPDATE matches SET updated_at = ? WHERE id = ?", (now(), match_id))

    async def remove_seat(self, match_id: int, user_id: int) -> bool:
        """Take ``user_id``'s seat out of a lobby (the seats after it move up one); whether he
        had one."""
        async with self.transaction() as conn:
            row = await (
                await conn.execute(
                    "SELECT seat FROM seats WHERE match_id = ? AND user_id = ?", (match_id, str(user_id))
                )
            ).fetchone()
            if row is None:
                return False
            seat = int(row[0])
            await conn.execute("DELETE FROM seats WHERE match_id = ? AND seat = ?", (match_id, seat))
            later = await (
                await conn.execute(
                    "SELECT seat FROM seats WHERE match_id = ? AND seat > ? ORDER BY seat", (match_id, seat)
                )
            ).fetchall()
            for (number,) in later:  # (one by one, upward: the key never meets itself)
                await conn.execute(
                    "UPDATE seats SET seat = ? WHERE match_id = ? AND seat = ?",
                    (int(number) - 1, match_id, number),
                )
            await conn.execute("UPDATE matches SET updated_at = ? WHERE id = ?", (now(), match_id))
            return True

    async def start_match(
        self,
        match_id: int,
        roles: dict[int, str],
        state: str,
        seq: int,
        events: Sequence[tuple[int, str]] = (),
        clocks: Mapping[str, Clock] | None = None,
    ) -> None:
        """Assign roles to seats, store the initial state (and snapshot), the players' clocks
        (if the match has a pace) and go active."""
        stamp = now()
        async with self.transaction() as conn:
            for seat, role in roles.items():
                await conn.execute(
                    "UPDATE seats SET role = ? WHERE match_id = ? AND seat = ?", (role, match_id, seat)
                )
            await conn.execute(
                "UPDATE matches SET status = 'active', state = ?, seq = ?, log_length = ?, updated_at = ? "
                "WHERE id = ?",
                (state, seq, len(events), stamp, match_id),
            )
            await _write_events(conn, match_id, 0, events)
            await conn.execute(
                "INSERT INTO snapshots (match_id, action_id, seq, state, log_length) VALUES (?, 0, ?, ?, ?)",
                (match_id, seq, state, len(events)),
            )
            await _write_clocks(conn, match_id, clocks)

    async def set_status(self, match_id: int, status: str) -> None:
        async with self.transaction() as conn:
            await conn.execute(
                "UPDATE matches SET status = ?, updated_at = ? WHERE id = ?", (status, now(), match_id)
            )

    async def set_thread(self, match_id: int, thread_id: int) -> None:
        async with self.transaction() as conn:
            await conn.execute("UPDATE matches SET thread_id = ? WHERE id = ?", (str(thread_id), match_id))

    async def set_lobby_message(self, match_id: int, message_id: int) -> None:
        async with self.transaction() as conn:
            await conn.execute(
                "UPDATE matches SET lobby_message_id = ? WHERE id = ?", (str(message_id), match_id)
            )

    async def save_state_cache(
        self,
        match_id: int,
        state: str,
        seq: int,
        events: Sequence[tuple[int, str]],
        result: dict[str, Any] | None,
        undo_open: bool,
        *,
        version: int | None = None,
    ) -> None:
        """Rewrite the cached state and the whole log (after a rebuild from the action log).

        ``version``: the match version the state was rebuilt at; if another process has
        committed an entry since, nothing is written (its row is newer than this state)."""
        text = None if result is None else json.dumps(result, sort_keys=True)
        sql = "UPDATE matches SET state = ?, seq = ?, log_length = ?, result = ?, undo_open = ? WHERE id = ?"
        params: list[Any] = [state, seq, len(events), text, int(undo_open), match_id]
        if version is not None:
            sql += " AND version = ?"
            params.append(version)
        async with self.transaction() as conn:
            cur = await conn.execute(sql, params)
            if cur.rowcount == 1:
                await _write_events(conn, match_id, 0, events)

    async def events(self, match_id: int) -> list[str]:
        """The match's log events (JSON texts), in order."""
        rows = await self._all("SELECT event FROM events WHERE match_id = ? ORDER BY idx", (match_id,))
        return [str(r[0]) for r in rows]

    # -- the action log --------------------------------------------------------------
    async def append(self, entry: LogEntry) -> int:
        """Append one entry and update the match in a single transaction; returns the action id."""
        return (await self.append_all([entry]))[0]

    async def append_all(self, entries: Sequence[LogEntry]) -> list[int]:
        """Append consecutive entries of one match (the steps of one line) in a single
        transaction: all are stored, or none; returns their action ids."""
        stamp = now()
        async with self.transaction() as conn:
            return [await self._append_in(conn, entry, stamp) for entry in entries]

    @staticmethod
    async def _append_in(conn: Connection, entry: LogEntry, stamp: str) -> int:
        result = None if entry.result is None else json.dumps(entry.result, sort_keys=True)
        if entry.undo_opened:
            # The state before this entry (the row as it stands) is where undo may lead back to.
            await conn.execute(
                "INSERT INTO snapshots (match_id, action_id, seq, state, log_length) "
                "SELECT m.id, (SELECT COALESCE(MAX(a.id), 0) FROM actions a WHERE a.match_id = m.id), "
                "m.seq, m.state, m.log_length FROM matches m WHERE m.id = ? AND m.state IS NOT NULL "
                "ON CONFLICT (match_id, action_id) DO NOTHING",
                (entry.match_id,),
            )
        cur = await conn.execute(
            "INSERT INTO actions (match_id, seq, kind, role, action, interaction_id, user_id, "
            "created_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (
                entry.match_id,
                entry.seq,
                entry.kind,
                entry.role,
                entry.action,
                entry.interaction_id,
                str(entry.user_id),
                stamp,
            ),
        )
        action_id = int(cur.lastrowid or 0)
        cur = await conn.execute(
            "UPDATE matches SET state = ?, seq = ?, version = ?, status = ?, result = ?, updated_at = ?, "
            "log_length = ?, undo_open = ? WHERE id = ? AND version = ?",
            (
                entry.new_state,
                entry.new_seq,
                entry.new_version,
                entry.status,
                result,
                stamp,
                entry.log_length,
                int(entry.undo_open),
                entry.match_id,
                entry.new_version - 1,
            ),
        )
        if cur.rowcount != 1:
            # Someone else's entry was committed since this one was computed: refuse it.
            raise StaleWrite(f"match {entry.match_id} is no longer at version {entry.new_version - 1}")
        if entry.actor_last_seq is not None:
            await conn.execute(
                "UPDATE seats SET last_seq = ? WHERE match_id = ? AND role = ?",
                (entry.actor_last_seq, entry.match_id, entry.role),
            )
        for role in entry.new_prompts:  # (menus carry prompt_version: it counts only this seat's prompts)
            await conn.execute(
                "UPDATE seats SET prompt_version = prompt_version + 1, prompt_entry = ? "
                "WHERE match_id = ? AND role = ?",
                (entry.new_version, entry.match_id, role),
            )
        await _write_events(conn, entry.match_id, entry.log_from, entry.events)
        await _write_clocks(conn, entry.match_id, entry.clocks)
        # Consent to pause is given for the match as it stands: a move makes old votes void.
        await conn.execute("DELETE FROM pause_votes WHERE match_id = ?", (entry.match_id,))
        await _close_meta(conn, entry.closes)
        if entry.snapshot and not entry.undo_open:
            await conn.execute(
                "INSERT INTO snapshots (match_id, action_id, seq, state, log_length) VALUES (?, ?, ?, ?, ?)",
                (entry.match_id, action_id, entry.new_seq, entry.new_state, entry.log_length),
            )
        return action_id

    async def action_by_interaction(self, interaction_id: str) -> ActionRecord | None:
        row = await self._one(
            f"SELECT {_ACTION_COLUMNS} FROM actions WHERE interaction_id = ?", (interaction_id,)
        )
        return None if row is None else _action(row)

    async def actions(self, match_id: int, *, after_id: int = 0) -> list[ActionRecord]:
        rows = await self._all(
            f"SELECT {_ACTION_COLUMNS} FROM actions WHERE match_id = ? AND id > ? ORDER BY id",
            (match_id, after_id),
        )
        return [_action(r) for r in rows]

    async def snapshots(self, match_id: int) -> list[tuple[int, str, int]]:
        """``(action_id, state, log_length)``: the state after that action, newest first."""
        rows = await self._all(
            "SELECT action_id, state, log_length FROM snapshots WHERE match_id = ? ORDER BY action_id DESC",
            (match_id,),
        )
        return [(int(r[0]), str(r[1]), int(r[2])) for r in rows]

    async def behind_in_discord(self) -> list[int]:
        """Started matches whose latest log entry was never announced (a crash after a commit,
        an outage), and active matches that owe a player a DM prompt (see :meth:`owed_dms`)."""
        rows = await self._all(
            "SELECT m.id FROM matches m LEFT JOIN messages p ON p.match_id = m.id AND p.kind = 'prompt' "
            "WHERE (m.status IN ('active', 'finished') AND (p.version IS NULL OR p.version < m.version)) "
            f"OR (m.status = 'active' AND EXISTS (SELECT 1 {_OWED_DMS} AND d.match_id = m.id)) "
            "ORDER BY m.id"
        )
        return [int(r[0]) for r in rows]

    async def entry_seq(self, match_id: int, index: int) -> int | None:
        """The state seq at which the log entry number ``index`` (0-based) was applied."""
        row = await self._one(
            "SELECT seq FROM actions WHERE match_id = ? ORDER BY id LIMIT 1 OFFSET ?", (match_id, index)
        )
        return None if row is None else int(row[0])

    async def last_entry_of(self, match_id: int, role: str) -> ActionRecord | None:
        """The newest log entry of ``role`` in a match (``None`` before his first)."""
        row = await self._one(
            f"SELECT {_ACTION_COLUMNS} FROM actions WHERE match_id = ? AND role = ? ORDER BY id DESC LIMIT 1",
            (match_id, role),
        )
        return None if row is None else _action(row)

    async def entry_at(self, match_id: int, index: int) -> ActionRecord | None:
        """The log entry number ``index`` (0-based) of a match."""
        row = await self._one(
            f"SELECT {_ACTION_COLUMNS} FROM actions WHERE match_id = ? ORDER BY id LIMIT 1 OFFSET ?",
            (match_id, index),
        )
        return None if row is None else _action(row)

    # -- clocks ----------------------------------------------------------------------
    async def clocks(self, match_id: int) -> dict[str, Clock]:
        """The players' clocks of a match with a pace (empty without)."""
        rows = await self._all(
            "SELECT role, bank, running_since, reminded FROM clocks WHERE match_id = ? ORDER BY role",
            (match_id,),
        )
        return {str(r[0]): _clock(r[1:]) for r in rows}

    async def lobbies_created_before(self, epoch: float) -> list[int]:
        """Lobbies still waiting for players that were opened before ``epoch``."""
        rows = await self._all(
            "SELECT id FROM matches WHERE status = ? AND created_at < ? ORDER BY id", (LOBBY, stamp_of(epoch))
        )
        return [int(r[0]) for r in rows]

    async def set_clocks(self, match_id: int, clocks: Mapping[str, Clock]) -> None:
        async with self.transaction() as conn:
            await _write_clocks(conn, match_id, clocks)

    async def running_clocks(self) -> list[tuple[int, str, Clock, str]]:
        """Every running clock of an active, unpaused match with the match's pace, the soonest
        deadline first."""
        rows = await self._all(
            "SELECT c.match_id, c.role, c.bank, c.running_since, c.reminded, m.pace FROM clocks c "
            "JOIN matches m ON m.id = c.match_id WHERE c.running_since IS NOT NULL "
            "AND m.status = 'active' AND m.paused = 0 ORDER BY c.running_since + c.bank, c.match_id, c.role"
        )
        return [(int(r[0]), str(r[1]), _clock(r[2:5]), str(r[5] or "")) for r in rows]

    async def vote_pause(self, match_id: int, user_id: int, vote: str) -> set[int]:
        """Record a player's vote (``pause`` or ``resume``); the players who voted so now."""
        async with self.transaction() as conn:
            await conn.execute(
                "INSERT INTO pause_votes (match_id, user_id, vote, at) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (match_id, user_id) DO UPDATE SET vote = excluded.vote, at = excluded.at",
                (match_id, str(user_id), vote, now()),
            )
        rows = await self._all(
            "SELECT user_id FROM pause_votes WHERE match_id = ? AND vote = ?", (match_id, vote)
        )
        return {int(r[0]) for r in rows}

    async def set_paused(self, match_id: int, paused: bool, clocks: Mapping[str, Clock] | None) -> None:
        """Pause or resume a match, with its clocks stopped or started, in one transaction."""
        async with self.transaction() as conn:
            await conn.execute("UPDATE matches SET paused = ? WHERE id = ?", (int(paused), match_id))
            await conn.execute("DELETE FROM pause_votes WHERE match_id = ?", (match_id,))
            await _write_clocks(conn, match_id, clocks)

    # -- spectators ------------------------------------------------------------------
    async def follow(self, match_id: int, user_id: int, following: bool) -> bool:
        """Start (or stop) following a match; whether anything changed."""
        async with self.transaction() as conn:
            if following:
                cur = await conn.execute(
                    "INSERT INTO followers (match_id, user_id, since) VALUES (?, ?, ?) "
                    "ON CONFLICT (match_id, user_id) DO NOTHING",
                    (match_id, str(user_id), now()),
                )
            else:
                cur = await conn.execute(
                    "DELETE FROM followers WHERE match_id = ? AND user_id = ?", (match_id, str(user_id))
                )
            return bool(cur.rowcount)

    async def followers(self, match_id: int) -> list[int]:
        rows = await self._all("SELECT user_id FROM followers WHERE match_id = ? ORDER BY since", (match_id,))
        return [int(r[0]) for r in rows]

    # -- Discord bookkeeping ---------------------------------------------------------
    async def set_message(
        self, match_id: int, kind: str, channel_id: int, message_id: int, version: int
    ) -> None:
        async with self.transaction() as conn:
            await conn.execute(
                _SET_MESSAGE,
                (match_id, kind, str(channel_id), str(message_id), version, now()),
            )

    async def get_message(self, match_id: int, kind: str) -> MessageRecord | None:
        row = await self._one(
            "SELECT match_id, kind, channel_id, message_id, version FROM messages "
            "WHERE match_id = ? AND kind = ?",
            (match_id, kind),
        )
        return (
            None
            if row is None
            else MessageRecord(int(row[0]), str(row[1]), int(row[2]), int(row[3]), int(row[4]))
        )

    async def owe_dms(self, match_id: int, roles: Iterable[str], version: int) -> None:
        """The players of ``roles`` are owed a DM prompt of the match at ``version`` (recorded
        before anything is sent, so that a crash or an outage cannot lose it)."""
        roles = list(roles)
        if not roles:
            return
        async with self.transaction() as conn:
            await conn.executemany(
                "INSERT INTO dm_prompts (match_id, role, owed) VALUES (?, ?, ?) "
                "ON CONFLICT (match_id, role) DO UPDATE SET owed = excluded.owed "
                "WHERE excluded.owed > dm_prompts.owed",
                [(match_id, role, version) for role in roles],
            )

    async def record_dm(
        self, match_id: int, role: str, channel_id: int, message_id: int, version: int
    ) -> None:
        """A DM prompt of the match at ``version`` reached ``role``'s player: it is his private
        place now (``messages``, kind ``dm:<role>``) and what was owed up to it is paid."""
        async with self.transaction() as conn:
            await conn.execute(
                _SET_MESSAGE,
                (match_id, f"dm:{role}", str(channel_id), str(message_id), version, now()),
            )
            await _settle_dm(conn, match_id, role, version)

    async def settle_dm(self, match_id: int, role: str, version: int) -> None:
        """Nothing is owed to ``role`` up to ``version`` although no DM went out (his DMs are
        closed: the thread and ``/hand`` stand in for it)."""
        async with self.transaction() as conn:
            await _settle_dm(conn, match_id, role, version)

    async def owed_dms(self, match_id: int) -> list[str]:
        """The roles owed a DM prompt: one not delivered yet that still shows their current
        prompt (a DM owed before the player acted again, or before his prompt was withdrawn,
        is moot)."""
        rows = await self._all(f"SELECT d.role {_OWED_DMS} AND d.match_id = ? ORDER BY d.role", (match_id,))
        return [str(r[0]) for r in rows]

    async def delivered_dms(self, match_id: int) -> dict[str, int]:
        """The match version of the newest DM prompt delivered to each role (none: absent)."""
        rows = await self._all(
            "SELECT role, delivered FROM dm_prompts WHERE match_id = ? AND delivered >= 0", (match_id,)
        )
        return {str(r[0]): int(r[1]) for r in rows}

    async def nonce_key(self) -> str:
        """This database's random key for the nonces of what the bot sends (``bot.discord_send``):
        made once, so that two databases (a test and a live one, one bot account) never share
        nonces."""
        async with self.transaction() as conn:
            await conn.execute(
                "INSERT INTO meta (key, value) VALUES ('nonce_key', ?) ON CONFLICT (key) DO NOTHING",
                (secrets.token_hex(16),),
            )
        row = await self._one("SELECT value FROM meta WHERE key = 'nonce_key'")
        return str(row[0])

    async def note_dm_failure(self, match_id: int, user_id: int, code: int | None) -> bool:
        """Record that a DM failed; True the first time for this player in this match."""
        async with self.transaction() as conn:
            row = await (
                await conn.execute(
                    "SELECT 1 FROM dm_failures WHERE match_id = ? AND user_id = ?", (match_id, str(user_id))
                )
            ).fetchone()
            if row is not None:
                await conn.execute(
                    "UPDATE dm_failures SET code = ?, failed_at = ? WHERE match_id = ? AND user_id = ?",
                    (code, now(), match_id, str(user_id)),
                )
                return False
            await conn.execute(
                "INSERT INTO dm_failures (match_id, user_id, code, failed_at) VALUES (?, ?, ?, ?)",
                (match_id, str(user_id), code, now()),
            )
            return True

    async def dm_failed_since(self, match_id: int, user_id: int, since: datetime) -> bool:
        """Whether a DM to this player of this match failed at or after ``since``."""
        row = await self._one(
            "SELECT failed_at FROM dm_failures WHERE match_id = ? AND user_id = ?", (match_id, str(user_id))
        )
        return row is not None and datetime.fromisoformat(str(row[0])) >= since

    async def clear_dm_failure(self, match_id: int, user_id: int) -> None:
        async with self.transaction() as conn:
            await conn.execute(
                "DELETE FROM dm_failures WHERE match_id = ? AND user_id = ?", (match_id, str(user_id))
            )
