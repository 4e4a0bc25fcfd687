"""Failures of the storage itself (a full disk, a database locked by another writer or out of
reach), in words.

They are no bug of the bot and no fault of the player: the reply says what happened and that
nothing changed, and the log tells the admin what to do, instead of "Something went wrong".
"""

from __future__ import annotations

import errno
import sqlite3

import psycopg
from psycopg import errors as pg_errors

from ..i18n import Msg, msg
from .connection import DatabaseUnreachable

STORAGE_FULL = msg(
    "The bot's storage is full, so nothing was changed. Please tell the server's admins "
    "(the disk holding its database has no room left)."
)
STORAGE_BUSY = msg("The bot's storage is busy right now, so nothing was changed. Try again in a moment.")

FULL = "full"
BUSY = "busy"

_FULL_ERRNOS = {errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)}
_BUSY_CODES = {sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED}
#: PostgreSQL's words for the same: no room left, or a lock (or turn) not had in time.
_PG_FULL = (pg_errors.DiskFull, pg_errors.OutOfMemory)
_PG_BUSY = (
    pg_errors.LockNotAvailable,
    pg_errors.SerializationFailure,
    pg_errors.DeadlockDetected,
    pg_errors.TooManyConnections,
)


def storage_trouble(exc: BaseException) -> str | None:
    """``FULL``, ``BUSY`` or ``None``: what ``exc`` (or an exception it was raised from) says
    about the storage.

    >>> full = sqlite3.OperationalError("database or disk is full")
    >>> full.sqlite_errorcode = sqlite3.SQLITE_FULL
    >>> storage_trouble(full), storage_trouble(OSError(errno.ENOSPC, "No space left on device"))
    ('full', 'full')
    >>> storage_trouble(sqlite3.OperationalError("database is locked")), storage_trouble(KeyError("x"))
    ('busy', None)
    """
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        if isinstance(current, sqlite3.Error):
            code = getattr(current, "sqlite_errorcode", None)
            text = str(current)
            if code == sqlite3.SQLITE_FULL or "database or disk is full" in text:
                return FULL
            if code in _BUSY_CODES or "database is locked" in text or "database table is locked" in text:
                return BUSY
        elif isinstance(current, psycopg.Error):
            if isinstance(current, _PG_FULL):
                return FULL
            if isinstance(current, (*_PG_BUSY, psycopg.OperationalError)):
                return BUSY  # a lock not had in time, or the server gone for a moment
        elif isinstance(current, DatabaseUnreachable):
            return BUSY
        elif isinstance(current, OSError) and current.errno in _FULL_ERRNOS:
            return FULL
        current = current.__cause__ or current.__context__
    return None


def storage_reply(trouble: str) -> Msg:
    """The player's answer for a :func:`storage_trouble` kind (said in the reader's language)."""
    return STORAGE_FULL if trouble == FULL else STORAGE_BUSY
