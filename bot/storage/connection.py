"""One small interface over the two database drivers (aiosqlite, psycopg 3 async).

The store and the stores of other features write one SQL text for both backends: ``?``
placeholders, ``ON CONFLICT``, plain ``BEGIN``/``COMMIT``. A connection here runs it as it is on
SQLite; on PostgreSQL it turns ``?`` into ``%s`` (our SQL never puts a ``?`` inside a literal;
a ``%`` is escaped where psycopg would read it) and, for an ``INSERT`` into a table whose ``id``
is an identity column, asks for the new id (``RETURNING id``) so that :attr:`Cursor.lastrowid`
means the same on both.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterable, Sequence
from typing import Any, Protocol

import aiosqlite
import psycopg
from psycopg.conninfo import conninfo_to_dict

#: What a driver raises when a statement breaks a constraint (e.g. a retried interaction id).
INTEGRITY_ERRORS: tuple[type[Exception], ...] = (sqlite3.IntegrityError, psycopg.IntegrityError)


class DatabaseUnreachable(RuntimeError):
    """The PostgreSQL server could not be reached or refused the bot; the message says which
    database and why, never the password."""


def where(url: str) -> str:
    """The database a URL names, without its password.

    >>> where("postgresql://bot:secret@db.example:5433/palantir")
    'bot@db.example:5433/palantir'
    """
    try:
        info = conninfo_to_dict(url)
    except psycopg.Error:
        return "of DATABASE_URL (which cannot be read)"
    user, host = info.get("user", ""), info.get("host", "localhost")
    return f"{user}@{host}:{info.get('port', 5432)}/{info.get('dbname', user)}"


class Cursor(Protocol):
    """What a statement gives back: its rows, how many rows it changed, the new row's id."""

    @property
    def rowcount(self) -> int: ...

    @property
    def lastrowid(self) -> int | None: ...

    async def fetchone(self) -> Any: ...

    async def fetchall(self) -> Iterable[Any]: ...


class Connection(Protocol):
    """A connection in autocommit mode: transactions are explicit ``BEGIN``/``COMMIT``."""

    async def execute(self, sql: str, parameters: Iterable[Any] = ()) -> Cursor: ...

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None: ...

    async def revive(self) -> bool:
        """Reconnect if the connection was lost (a database server restarted); whether it did."""
        ...

    async def close(self) -> None: ...


class SqliteConnection:
    """An aiosqlite connection (opened with ``isolation_level=None``)."""

    dialect = "sqlite"

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.raw = conn

    async def execute(self, sql: str, parameters: Iterable[Any] = ()) -> Cursor:
        return await self.raw.execute(sql, tuple(parameters))

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        await self.raw.executemany(sql, rows)

    async def revive(self) -> bool:
        return False  # a file is never lost like a network connection

    async def close(self) -> None:
        await self.raw.close()


_INSERT_INTO = re.compile(r"^\s*INSERT\s+INTO\s+(\w+)", re.IGNORECASE)


class _PgCursor:
    def __init__(self, cursor: psycopg.AsyncCursor[Any], lastrowid: int | None) -> None:
        self._cursor = cursor
        self.lastrowid = lastrowid

    @property
    def rowcount(self) -> int:
        return self._cursor.rowcount

    async def fetchone(self) -> Any:
        return await self._cursor.fetchone()

    async def fetchall(self) -> Iterable[Any]:
        return await self._cursor.fetchall()


def pg_sql(sql: str) -> str:
    """Our portable SQL in psycopg's placeholder style.

    >>> pg_sql("SELECT a FROM t WHERE b = ? AND c IN (?, ?)")
    'SELECT a FROM t WHERE b = %s AND c IN (%s, %s)'
    """
    return sql.replace("%", "%%").replace("?", "%s")


class PostgresConnection:
    """A psycopg 3 async connection in autocommit mode (``BEGIN`` opens a transaction)."""

    dialect = "postgresql"

    def __init__(
        self,
        conn: psycopg.AsyncConnection[Any],
        identity_tables: Iterable[str] = (),
        *,
        url: str | None = None,
        settings: Sequence[str] = (),
    ) -> None:
        self.raw = conn
        #: Tables whose ``id`` the database numbers: an ``INSERT`` into one returns it.
        self.identity_tables = frozenset(identity_tables)
        #: To connect again after the connection was lost: the URL and the session's settings.
        self._url = url
        self._settings = tuple(settings)

    @classmethod
    async def connect(cls, url: str, settings: Sequence[str] = ()) -> PostgresConnection:
        """A new connection to ``url`` in autocommit mode, with ``settings`` (``SET`` statements)."""
        try:
            raw = await psycopg.AsyncConnection.connect(url, autocommit=True)
        except psycopg.Error as exc:
            reason = " ".join(str(exc).split()) or type(exc).__name__
            raise DatabaseUnreachable(
                f"cannot connect to the PostgreSQL database {where(url)}: {reason}"
            ) from None
        try:
            for statement in settings:
                await raw.execute(statement)
        except BaseException:
            await raw.close()
            raise
        return cls(raw, url=url, settings=settings)

    async def revive(self) -> bool:
        if self._url is None or not (self.raw.closed or self.raw.broken):
            return False
        fresh = await PostgresConnection.connect(self._url, self._settings)
        await self.raw.close()
        self.raw = fresh.raw
        return True

    async def execute(self, sql: str, parameters: Iterable[Any] = ()) -> Cursor:
        params = tuple(parameters)
        insert = _INSERT_INTO.match(sql)
        returning = (
            insert is not None
            and insert.group(1).lower() in self.identity_tables
            and "RETURNING" not in sql.upper()
        )
        # Without parameters psycopg sends the text as it is (a ``%`` stays single).
        text = (pg_sql(sql) if params else sql) + (" RETURNING id" if returning else "")
        cursor = await self.raw.execute(text, params or None)
        lastrowid = None
        if returning:
            row = await cursor.fetchone()
            lastrowid = None if row is None else int(row[0])
        return _PgCursor(cursor, lastrowid)

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        async with self.raw.cursor() as cursor:
            await cursor.executemany(pg_sql(sql), list(rows))

    async def close(self) -> None:
        await self.raw.close()


async def identity_tables(conn: psycopg.AsyncConnection[Any]) -> list[str]:
    """The tables of the connection's schema whose ``id`` column is an identity column."""
    cursor = await conn.execute(
        "SELECT table_name FROM information_schema.columns WHERE table_schema = current_schema() "
        "AND column_name = 'id' AND is_identity = 'YES'"
    )
    return [str(row[0]) for row in await cursor.fetchall()]


def is_postgresql(target: object) -> bool:
    """Whether a database setting names a PostgreSQL server (a ``postgresql://`` URL).

    >>> is_postgresql("postgresql://bot@localhost/palantir"), is_postgresql("./palantir.db")
    (True, False)
    """
    return isinstance(target, str) and target.startswith(("postgresql://", "postgres://"))
