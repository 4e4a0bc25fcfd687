"""Storage for matches, seats and the append-only action log: SQLite, or PostgreSQL."""

from .connection import INTEGRITY_ERRORS
from .records import (
    ABANDONED,
    ACTIVE,
    FINISHED,
    LOBBY,
    UNFINISHED,
    ActionRecord,
    MatchRecord,
    MessageRecord,
    SeatRecord,
)
from .store import LogEntry, MetaChanged, MetaClose, StaleWrite, Store

__all__ = [
    "ABANDONED",
    "ACTIVE",
    "FINISHED",
    "INTEGRITY_ERRORS",
    "LOBBY",
    "UNFINISHED",
    "ActionRecord",
    "LogEntry",
    "MatchRecord",
    "MessageRecord",
    "MetaChanged",
    "MetaClose",
    "SeatRecord",
    "StaleWrite",
    "Store",
]
