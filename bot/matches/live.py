"""What every room of the match service shares: a match in memory (:class:`LiveMatch`), the
results of its operations, the refusals, and the small functions over stored entries."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from games.core import Event, Match, Prompt, Ruleset, State, dump

from ..i18n import Msg, msg
from ..pace import Clock, Pace, parse_pace
from ..storage import ACTIVE, ActionRecord, MatchRecord, SeatRecord

RANDOM_SIDE = "random"
#: Unfinished matches kept in memory; others are read from the database when next used.
MAX_LIVE = 256
#: The action text of a timeout in the log (an entry of kind `resign`).
TIMEOUT = "timeout"
STALE = msg("This prompt is out of date: the game has moved on. Use the newest one.")
ALREADY_DONE = msg(
    "Already done: you have acted on this prompt, so it is out of date (this click changed "
    "nothing). Your newest prompt is the latest message, or use `/hand`."
)


def retried(action: str, when: str) -> Msg:
    """A typed action repeating the player's last one, which a previous run of the bot made (and
    perhaps never answered: a crash between the commit and the reply), is refused once."""
    return msg(
        "Your last move, `{action}`, was already made {when}, just before the bot restarted: what it "
        "did is in the match thread. Nothing was done now. If you want it again, send the command "
        "once more.",
        action=action,
        when=when,
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
            msg(
                "Match #{match} cannot go on: its saved moves no longer replay with this version of the "
                "bot. The server's admins have been told; nothing was changed.",
                match=match_id,
            )
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
    _prompts: tuple[int, dict[tuple[str, str], Prompt]] = field(default=(-1, {}), repr=False)

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

    def forget_prompts(self) -> None:
        """Compute the prompts again (the match was read again from the database)."""
        self._prompts = (-1, {})

    def prompt(self, role: str, lang: str = "en") -> Prompt:
        """``role``'s prompt now in ``lang``, computed once per version of the match."""
        assert self.state is not None
        version, cache = self._prompts
        if version != self.record.version:
            cache = {}
            self._prompts = (self.record.version, cache)
        found = cache.get((role, lang))
        if found is None:
            found = cache[role, lang] = self.ruleset.prompt(self.state, role, lang)
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
    #: ``label`` in every language (``{language: label}``), for the answer to its player.
    labels: Mapping[str, str] = field(default_factory=dict)

    def label_in(self, locale: str) -> str:
        """The label in ``locale`` (the English one when not said in it)."""
        return self.labels.get(locale) or self.label

    @property
    def finished(self) -> bool:
        state = self.match.state
        return state is not None and state.get("result") is not None

    def roles_to_notify(self) -> tuple[str, ...]:
        return () if self.duplicate or self.finished else self.notify


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


def stored_events(events: tuple[Event, ...] | list[Event]) -> tuple[tuple[int, str], ...]:
    return tuple((int(e["seq"]), dump(e)) for e in events)
