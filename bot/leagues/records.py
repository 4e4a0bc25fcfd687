"""Plain records of the league tables (migration 007): no behaviour, no Discord."""

from __future__ import annotations

from dataclasses import dataclass

from .standings import Result, Scoring

#: A league's status: taking sign-ups, being played, over (finished or ended by an admin).
SIGNUP = "signup"
RUNNING = "running"
FINISHED = "finished"
#: A player's status in a league.
ACTIVE = "active"
LEFT = "left"
REMOVED = "removed"
#: The two formats.
ROUND_ROBIN = "round-robin"
SWISS = "swiss"


@dataclass(frozen=True, slots=True)
class League:
    """A league row. ``current_round`` is the last round drawn up (0 before the start)."""

    id: int
    guild_id: int
    name: str
    game: str
    options: dict[str, str]
    format: str
    rounds: int | None
    double: bool
    table_size: int
    pace: str | None
    scoring: Scoring
    signup_deadline: float | None
    channel_id: int | None
    status: str
    current_round: int
    created_by: int
    created_at: str
    #: The language of its matches' public posts (``None``: English; see bot/i18n).
    language: str | None = None

    @property
    def multiplayer(self) -> bool:
        """Whether its games seat more than two (tables instead of pairings)."""
        return self.table_size > 2

    @property
    def scoring_text(self) -> str:
        """``"2,1,0"``."""
        return scoring_text(self.scoring)


def scoring_text(scoring: Scoring) -> str:
    return ",".join(f"{points:g}" for points in scoring)


@dataclass(frozen=True, slots=True)
class LeaguePlayer:
    league_id: int
    user_id: int
    joined_at: str
    status: str
    left_at: str | None = None


@dataclass(frozen=True, slots=True)
class LeagueGame:
    """One game of a round as drawn up: each role and the league player taking it, in seat
    order, and the match once created."""

    league_id: int
    round: int
    board: int
    seats: tuple[tuple[str, int], ...]
    match_id: int | None

    @property
    def players(self) -> tuple[int, ...]:
        return tuple(user for _, user in self.seats)

    def user_of(self, role: str) -> int | None:
        return next((user for seat_role, user in self.seats if seat_role == role), None)

    def role_of(self, user_id: int) -> str | None:
        return next((role for role, user in self.seats if user == user_id), None)


@dataclass(frozen=True, slots=True)
class StoredResult:
    """A row of ``league_results``: the :class:`Result` (players as user id texts) and, for a
    correction, who made it, why, and the row it replaces."""

    id: int
    league_id: int
    result: Result
    recorded_at: str
    corrected_by: int | None = None
    reason: str | None = None
    replaces: int | None = None

    @property
    def match_id(self) -> int:
        return int(self.result.match_id)


@dataclass(frozen=True, slots=True)
class Bye:
    league_id: int
    round: int
    user_id: int
