"""SQLite storage for matches, seats and the append-only action log."""

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
from .store import LogEntry, StaleWrite, Store

__all__ = [
    "ABANDONED",
    "ACTIVE",
    "FINISHED",
    "LOBBY",
    "UNFINISHED",
    "ActionRecord",
    "LogEntry",
    "MatchRecord",
    "MessageRecord",
    "SeatRecord",
    "StaleWrite",
    "Store",
]
