"""Plain records read from the database (no behaviour, no Discord)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

LOBBY = "lobby"
ACTIVE = "active"
FINISHED = "finished"
ABANDONED = "abandoned"
UNFINISHED = (LOBBY, ACTIVE)


@dataclass(frozen=True, slots=True)
class SeatRecord:
    """One seat of a match: who sits there and, once started, which role he plays."""

    match_id: int
    seat: int
    user_id: int
    wanted_role: str | None
    role: str | None
    last_seq: int
    #: Counts this seat's prompts (action menus carry it); see ``prompt_entry``.
    prompt_version: int = 0
    #: The match version whose entry made the current prompt (never shown to players).
    prompt_entry: int = 0


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """A match row. ``state`` is the cached JSON (may be missing or corrupt: the log is the truth)."""

    id: int
    guild_id: int | None
    channel_id: int | None
    thread_id: int | None
    lobby_message_id: int | None
    game: str
    options: dict[str, str]
    seed: int
    creator_id: int
    status: str
    state: str | None
    seq: int
    version: int
    result: dict[str, Any] | None
    created_at: str
    updated_at: str
    #: Events of the log that belong to ``state`` (the rest of ``events`` was undone).
    log_length: int = 0
    #: Whether a player may still take an action back (rebuild by replay to restore undo).
    undo_open: bool = False
    #: The time control (``bot.pace`` text), ``None`` for none; whether play is paused.
    pace: str | None = None
    paused: bool = False
    #: The finished match this lobby is a rematch of (only its players may join).
    rematch_of: int | None = None
    #: The league this match is played for and its round (``None``: not a league match).
    league_id: int | None = None
    league_round: int | None = None
    #: The language of the match's public posts and pictures (``None``: English, see bot/i18n).
    language: str | None = None


@dataclass(frozen=True, slots=True)
class ActionRecord:
    """One entry of the append-only action log."""

    id: int
    match_id: int
    seq: int
    kind: str
    role: str
    action: str
    interaction_id: str | None
    user_id: int
    created_at: str


@dataclass(frozen=True, slots=True)
class MessageRecord:
    """A Discord message posted for a match (e.g. the latest prompt)."""

    match_id: int
    kind: str
    channel_id: int
    message_id: int
    version: int
