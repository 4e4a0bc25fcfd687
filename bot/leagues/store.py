"""The league tables (migration 007) over the bot's :class:`~bot.storage.Store` connection.

Every write that belongs together is one transaction of the store (a round's games with its
bye and the league's new round; a player's departure with its time). SQL stays portable, as
in the store. Discord ids are kept as text and read back as ints; players in a
:class:`~bot.leagues.standings.Result` are user ids as text (the pure algorithms take opaque
strings).

A league belongs to one server: every listing here is by ``guild_id``, and the service checks
the server of a league fetched by id.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..storage import MatchRecord, Store
from ..storage.store import now
from . import outbox
from .outbox import Owed
from .records import (
    ACTIVE,
    SIGNUP,
    Bye,
    League,
    LeagueGame,
    LeaguePlayer,
    StoredResult,
)
from .standings import Result, Scoring

_LEAGUE_COLUMNS = (
    "id, guild_id, name, game, options, format, rounds, double, table_size, pace, scoring, "
    "signup_deadline, channel_id, status, current_round, created_by, created_at, language"
)
_RESULT_COLUMNS = (
    "id, league_id, round, match_id, places, sides, forfeited_by, ending, recorded_at, corrected_by, "
    "reason, replaces"
)


class DuplicateName(ValueError):
    """The server has a league of that name already."""


def name_key(name: str) -> str:
    """A league name folded for comparison: case and runs of spaces do not count."""
    return " ".join(name.split()).casefold()


def parse_scoring(text: str) -> Scoring:
    """``"2,1,0"`` -> ``Scoring(2, 1, 0)``; ``ValueError`` if it is not three numbers."""
    parts = [part.strip() for part in text.replace(";", ",").replace("/", ",").split(",")]
    if len(parts) != 3:
        raise ValueError(text)
    win, draw, loss = (float(part) for part in parts)
    return Scoring(win, draw, loss)


def _int(value: Any) -> int | None:
    return None if value is None else int(value)


def _league(row: Sequence[Any]) -> League:
    return League(
        id=int(row[0]),
        guild_id=int(row[1]),
        name=str(row[2]),
        game=str(row[3]),
        options=dict(json.loads(row[4])),
        format=str(row[5]),
        rounds=_int(row[6]),
        double=bool(row[7]),
        table_size=int(row[8]),
        pace=None if row[9] is None else str(row[9]),
        scoring=parse_scoring(str(row[10])),
        signup_deadline=None if row[11] is None else float(row[11]),
        channel_id=_int(row[12]),
        status=str(row[13]),
        current_round=int(row[14]),
        created_by=int(row[15]),
        created_at=str(row[16]),
        language=None if len(row) < 18 or row[17] is None else str(row[17]),
    )


def _stored(row: Sequence[Any]) -> StoredResult:
    result = Result(
        match_id=str(row[3]),
        round=int(row[2]),
        places={str(user): int(place) for user, place in json.loads(row[4]).items()},
        sides={str(user): str(role) for user, role in json.loads(row[5]).items()},
        forfeited_by=frozenset(str(user) for user in json.loads(row[6])),
        ending=str(row[7]),
    )
    return StoredResult(
        id=int(row[0]),
        league_id=int(row[1]),
        result=result,
        recorded_at=str(row[8]),
        corrected_by=_int(row[9]),
        reason=None if row[10] is None else str(row[10]),
        replaces=_int(row[11]),
    )


def _current(rows: Iterable[Sequence[Any]]) -> list[StoredResult]:
    """The newest row of each match, in the order the matches were first recorded."""
    first: dict[int, int] = {}
    newest: dict[int, StoredResult] = {}
    for row in rows:  # ordered by id: a correction comes after what it corrects
        stored = _stored(row)
        first.setdefault(stored.match_id, stored.id)
        newest[stored.match_id] = stored
    return [newest[match_id] for match_id in sorted(first, key=first.__getitem__)]


def _game(row: Sequence[Any]) -> LeagueGame:
    seats = tuple((str(role), int(user)) for role, user in json.loads(row[3]))
    return LeagueGame(int(row[0]), int(row[1]), int(row[2]), seats, _int(row[4]))


class LeagueStore:
    """Queries of the league service. Create over the bot's open :class:`Store`."""

    def __init__(self, store: Store) -> None:
        self.store = store

    # -- leagues -------------------------------------------------------------------
    async def create_league(
        self,
        *,
        guild_id: int,
        name: str,
        game: str,
        options: Mapping[str, str],
        format: str,
        rounds: int | None,
        double: bool,
        table_size: int,
        pace: str | None,
        scoring: Scoring,
        signup_deadline: float | None,
        channel_id: int | None,
        created_by: int,
        language: str | None = None,
    ) -> League:
        """A new league taking sign-ups; :class:`DuplicateName` if the server has one so named."""
        async with self.store.transaction() as conn:
            taken = await (
                await conn.execute(
                    "SELECT 1 FROM leagues WHERE guild_id = ? AND name_key = ?",
                    (str(guild_id), name_key(name)),
                )
            ).fetchone()
            if taken is not None:
                raise DuplicateName(name)
            cur = await conn.execute(
                "INSERT INTO leagues (guild_id, name, name_key, game, options, format, rounds, double, "
                "table_size, pace, scoring, signup_deadline, channel_id, status, current_round, created_by, "
                "created_at, language) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?)",
                (
                    str(guild_id),
                    name,
                    name_key(name),
                    game,
                    json.dumps(dict(options), sort_keys=True),
                    format,
                    rounds,
                    int(double),
                    table_size,
                    pace,
                    ",".join(f"{points:g}" for points in scoring),
                    signup_deadline,
                    None if channel_id is None else str(channel_id),
                    SIGNUP,
                    str(created_by),
                    now(),
                    language,
                ),
            )
            league_id = int(cur.lastrowid or 0)
        league = await self.league(league_id)
        assert league is not None
        return league

    async def league(self, league_id: int) -> League | None:
        row = await self.store.read_one(f"SELECT {_LEAGUE_COLUMNS} FROM leagues WHERE id = ?", (league_id,))
        return None if row is None else _league(row)

    async def league_by_name(self, guild_id: int, name: str) -> League | None:
        row = await self.store.read_one(
            f"SELECT {_LEAGUE_COLUMNS} FROM leagues WHERE guild_id = ? AND name_key = ?",
            (str(guild_id), name_key(name)),
        )
        return None if row is None else _league(row)

    async def leagues_of_guild(self, guild_id: int, statuses: Sequence[str] | None = None) -> list[League]:
        """The server's leagues (optionally of these statuses only), newest first."""
        sql, params = f"SELECT {_LEAGUE_COLUMNS} FROM leagues WHERE guild_id = ?", [str(guild_id)]
        if statuses is not None:
            sql += f" AND status IN ({', '.join('?' for _ in statuses)})"
            params += list(statuses)
        return [_league(row) for row in await self.store.read_all(sql + " ORDER BY id DESC", params)]

    async def leagues_with_status(self, status: str) -> list[League]:
        """Every server's leagues of one status, oldest first (start-up catch-up, the ticker)."""
        rows = await self.store.read_all(
            f"SELECT {_LEAGUE_COLUMNS} FROM leagues WHERE status = ? ORDER BY id", (status,)
        )
        return [_league(row) for row in rows]

    async def clear_signup_deadline(self, league_id: int, *, posts: Owed | None = None) -> None:
        """No more sign-up deadline (the league could not start at it), with the posts that say
        so (:mod:`.outbox`), in one transaction."""
        async with self.store.transaction() as conn:
            await conn.execute("UPDATE leagues SET signup_deadline = NULL WHERE id = ?", (league_id,))
            await outbox.write(conn, league_id, posts)

    async def set_status(self, league_id: int, status: str, *, posts: Owed | None = None) -> None:
        """The league's new status, with the posts that tell it (:mod:`.outbox`), in one transaction."""
        async with self.store.transaction() as conn:
            await conn.execute("UPDATE leagues SET status = ? WHERE id = ?", (status, league_id))
            await outbox.write(conn, league_id, posts)

    # -- players ---------------------------------------------------------------------
    async def add_player(self, league_id: int, user_id: int) -> int:
        """Sign ``user_id`` up (again, if he had left): how many players are signed up with him,
        counted in the same transaction."""
        async with self.store.transaction() as conn:
            await conn.execute(
                "INSERT INTO league_players (league_id, user_id, joined_at, status) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (league_id, user_id) DO UPDATE SET status = excluded.status, "
                "joined_at = excluded.joined_at, left_at = NULL",
                (league_id, str(user_id), now(), ACTIVE),
            )
            counted = await conn.execute(
                "SELECT COUNT(*) FROM league_players WHERE league_id = ? AND status = ?", (league_id, ACTIVE)
            )
            row = await counted.fetchone()
        assert row is not None
        return int(row[0])

    async def set_player_status(self, league_id: int, user_id: int, status: str) -> None:
        """A player leaves or is removed (``left_at`` is when: his resignations since are forfeits)."""
        async with self.store.transaction() as conn:
            await conn.execute(
                "UPDATE league_players SET status = ?, left_at = ? WHERE league_id = ? AND user_id = ?",
                (status, None if status == ACTIVE else now(), league_id, str(user_id)),
            )

    async def players(self, league_id: int) -> list[LeaguePlayer]:
        """Every player who signed up, active or not, in sign-up order."""
        rows = await self.store.read_all(
            "SELECT league_id, user_id, joined_at, status, left_at FROM league_players WHERE league_id = ? "
            "ORDER BY joined_at, user_id",
            (league_id,),
        )
        return [LeaguePlayer(int(r[0]), int(r[1]), str(r[2]), str(r[3]), r[4]) for r in rows]

    async def player(self, league_id: int, user_id: int) -> LeaguePlayer | None:
        row = await self.store.read_one(
            "SELECT league_id, user_id, joined_at, status, left_at FROM league_players "
            "WHERE league_id = ? AND user_id = ?",
            (league_id, str(user_id)),
        )
        return (
            None if row is None else LeaguePlayer(int(row[0]), int(row[1]), str(row[2]), str(row[3]), row[4])
        )

    async def leagues_of_user(self, guild_id: int, user_id: int) -> list[League]:
        """The server's leagues ``user_id`` signed up for (whatever his status), newest first."""
        columns = ", ".join("l." + column for column in _LEAGUE_COLUMNS.split(", "))
        rows = await self.store.read_all(
            f"SELECT {columns} FROM leagues l JOIN league_players p ON p.league_id = l.id "
            "WHERE l.guild_id = ? AND p.user_id = ? ORDER BY l.id DESC",
            (str(guild_id), str(user_id)),
        )
        return [_league(row) for row in rows]

    # -- rounds ----------------------------------------------------------------------
    async def draw_up(
        self,
        league_id: int,
        rounds: Mapping[int, tuple[Sequence[Sequence[tuple[str, int]]], Sequence[int]]],
        *,
        status: str | None = None,
        posts: Owed | None = None,
    ) -> None:
        """Write rounds as drawn up, each ``round: (games, byes)`` where a game is its seats
        (role, user) in order, and make the league's ``current_round`` the last of them (and its
        ``status`` the one given), with the posts that tell it, all in one transaction."""
        async with self.store.transaction() as conn:
            for number, (games, byes) in sorted(rounds.items()):
                for board, seats in enumerate(games, 1):
                    await conn.execute(
                        "INSERT INTO league_games (league_id, round, board, seats) VALUES (?, ?, ?, ?)",
                        (league_id, number, board, json.dumps([[role, str(user)] for role, user in seats])),
                    )
                for user in byes:
                    await conn.execute(
                        "INSERT INTO league_byes (league_id, round, user_id) VALUES (?, ?, ?)",
                        (league_id, number, str(user)),
                    )
            await conn.execute(
                "UPDATE leagues SET current_round = ? WHERE id = ?", (max(rounds, default=0), league_id)
            )
            if status is not None:
                await conn.execute("UPDATE leagues SET status = ? WHERE id = ?", (status, league_id))
            await outbox.write(conn, league_id, posts)

    async def games(self, league_id: int) -> list[LeagueGame]:
        """Every game drawn up, by round and board."""
        rows = await self.store.read_all(
            "SELECT league_id, round, board, seats, match_id FROM league_games WHERE league_id = ? "
            "ORDER BY round, board",
            (league_id,),
        )
        return [_game(row) for row in rows]

    async def game_of_match(self, match_id: int) -> LeagueGame | None:
        row = await self.store.read_one(
            "SELECT league_id, round, board, seats, match_id FROM league_games WHERE match_id = ?",
            (match_id,),
        )
        return None if row is None else _game(row)

    async def link_match(self, league_id: int, round: int, board: int, match_id: int) -> None:
        async with self.store.transaction() as conn:
            await conn.execute(
                "UPDATE league_games SET match_id = ? WHERE league_id = ? AND round = ? AND board = ?",
                (match_id, league_id, round, board),
            )

    async def unlinked_matches(self, league_id: int, round: int) -> list[MatchRecord]:
        """Matches of a league round that no drawn-up game names yet (created just before a
        crash), not cancelled."""
        rows = await self.store.read_all(
            "SELECT id FROM matches m WHERE m.league_id = ? AND m.league_round = ? "
            "AND m.status != 'abandoned' "
            "AND NOT EXISTS (SELECT 1 FROM league_games g WHERE g.match_id = m.id) ORDER BY m.id",
            (league_id, round),
        )
        found = [await self.store.get_match(int(row[0])) for row in rows]
        return [record for record in found if record is not None]

    async def byes(self, league_id: int) -> list[Bye]:
        rows = await self.store.read_all(
            "SELECT league_id, round, user_id FROM league_byes WHERE league_id = ? ORDER BY round, user_id",
            (league_id,),
        )
        return [Bye(int(r[0]), int(r[1]), int(r[2])) for r in rows]

    # -- results ---------------------------------------------------------------------
    async def add_result(
        self,
        league_id: int,
        result: Result,
        *,
        corrected_by: int | None = None,
        reason: str | None = None,
        replaces: int | None = None,
        posts: Owed | None = None,
    ) -> StoredResult | None:
        """Store a match's result, or a correction replacing row ``replaces``, with the posts that
        tell it (:mod:`.outbox`). ``None`` when the match has a result already and this is not a
        correction (nothing is written)."""
        async with self.store.transaction() as conn:
            if replaces is None:
                row = await (
                    await conn.execute(
                        "SELECT 1 FROM league_results WHERE match_id = ?", (int(result.match_id),)
                    )
                ).fetchone()
                if row is not None:
                    return None
            cur = await conn.execute(
                "INSERT INTO league_results (league_id, round, match_id, places, sides, forfeited_by, "
                "ending, recorded_at, corrected_by, reason, replaces) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    league_id,
                    result.round,
                    int(result.match_id),
                    json.dumps(dict(result.places), sort_keys=True),
                    json.dumps(dict(result.sides), sort_keys=True),
                    json.dumps(sorted(result.forfeited_by)),
                    result.ending,
                    now(),
                    None if corrected_by is None else str(corrected_by),
                    reason,
                    replaces,
                ),
            )
            result_id = int(cur.lastrowid or 0)
            await outbox.write(conn, league_id, posts)
        row = await self.store.read_one(
            f"SELECT {_RESULT_COLUMNS} FROM league_results WHERE id = ?", (result_id,)
        )
        return _stored(row)

    async def results(self, league_id: int) -> list[StoredResult]:
        """The result of every recorded match of a league (corrections applied), in the order
        the matches were first recorded."""
        rows = await self.store.read_all(
            f"SELECT {_RESULT_COLUMNS} FROM league_results WHERE league_id = ? ORDER BY id", (league_id,)
        )
        return _current(rows)

    async def history(self, match_id: int) -> list[StoredResult]:
        """Every row recorded for a match, the original first and its result last."""
        rows = await self.store.read_all(
            f"SELECT {_RESULT_COLUMNS} FROM league_results WHERE match_id = ? ORDER BY id", (match_id,)
        )
        return [_stored(row) for row in rows]

    async def result_of_match(self, match_id: int) -> StoredResult | None:
        found = await self.history(match_id)
        return found[-1] if found else None

    async def results_of_game(self, guild_id: int, game: str) -> list[StoredResult]:
        """The results of every league of a server playing ``game``, in the order recorded
        (for ratings, which replay them)."""
        columns = ", ".join("r." + column for column in _RESULT_COLUMNS.split(", "))
        rows = await self.store.read_all(
            f"SELECT {columns} FROM league_results r JOIN leagues l ON l.id = r.league_id "
            "WHERE l.guild_id = ? AND l.game = ? ORDER BY r.id",
            (str(guild_id), game),
        )
        return _current(rows)

    # -- configuration ---------------------------------------------------------------
    async def admin_role(self, guild_id: int) -> int | None:
        row = await self.store.read_one(
            "SELECT admin_role_id FROM league_config WHERE guild_id = ?", (str(guild_id),)
        )
        return None if row is None or row[0] is None else int(row[0])

    async def set_admin_role(self, guild_id: int, role_id: int | None) -> None:
        async with self.store.transaction() as conn:
            await conn.execute(
                "INSERT INTO league_config (guild_id, admin_role_id, updated_at) VALUES (?, ?, ?) "
                "ON CONFLICT (guild_id) DO UPDATE SET admin_role_id = excluded.admin_role_id, "
                "updated_at = excluded.updated_at",
                (str(guild_id), None if role_id is None else str(role_id), now()),
            )
