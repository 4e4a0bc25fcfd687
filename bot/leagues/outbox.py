"""The league outbox (migration 012): the league channel's posts, written with their events.

A league event the league channel is told of (a result, a correction, a round paired, a round
complete, the end and its final table, an admin's end and its final table, a start that failed at
the sign-up deadline) writes a :class:`Post` in the transaction that commits the event
(:mod:`.store`). The league desk (:mod:`.posts`) then claims it, posts it and marks
it sent; what it could not post stays pending for the sweep that runs with the leagues'
recovery (at start-up and every few minutes). So a crash or a Discord outage between the commit
and the post delays the post, never loses it, and an event derived again (the recovery) is not
written twice: its ``event`` name is unique within its league.

A post holds the data it is put into words from, in the league's language, when it is sent
(nothing secret: league posts are public). A post is claimed before it is posted
(:meth:`Outbox.claim`, one ``UPDATE``), so two processes on one database never both post it; a
claim whose holder died runs out after :data:`CLAIM_SECONDS`. A post is born held as long by
the operation that wrote it (:func:`born_holder`), which posts it once done (its match threads
first): nothing else posts it before, and a league's later posts wait behind it. An operation
done gives back what it could not post, for whoever posts that league next. A post Discord
refuses is tried again at the next sweep, until it has failed :data:`MAX_ATTEMPTS` times: then it
is dropped. Posts sent or dropped are deleted by the sweep after :data:`KEEP_DONE_SECONDS`.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..clock import CLOCK, WallClock
from ..storage import Store
from ..storage.connection import Connection
from ..storage.store import now, stamp_of

PENDING, SENT, DROPPED = "pending", "sent", "dropped"
#: What a post tells.
RESULT, CORRECTED, PAIRED, ROUND_COMPLETE, OVER, ENDED, STANDINGS, NOT_STARTED = (
    "result",
    "corrected",
    "paired",
    "round-complete",
    "over",
    "ended",
    "standings",
    "not-started",
)
#: Failed attempts after which a post is dropped (a sweep every 5 minutes: about two hours).
MAX_ATTEMPTS = 24
#: Seconds a process's claim on a post holds: another process takes the post over only after.
CLAIM_SECONDS = 120.0
#: Seconds a post sent or dropped is kept (for an operator's look) before the sweep deletes it.
KEEP_DONE_SECONDS = 30 * 24 * 3600.0
#: How the holder of posts just written begins (the operation that wrote them).
BORN = "born:"


def born_holder() -> str:
    """A new holder for the posts one league operation writes."""
    return BORN + secrets.token_hex(8)


@dataclass(frozen=True, slots=True)
class Post:
    """A post to make in the league channel: ``event`` names it within its league (written once),
    ``kind`` says what it tells and ``data`` what it is put into words from."""

    event: str
    kind: str
    data: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class Owed:
    """Posts written with an event, born held by ``holder`` until ``held_until`` (epoch seconds)."""

    posts: tuple[Post, ...]
    holder: str
    held_until: float


@dataclass(frozen=True, slots=True)
class Pending:
    """A post of the outbox not sent yet (``attempts``: how often posting it failed)."""

    id: int
    league_id: int
    event: str
    kind: str
    data: Mapping[str, Any]
    attempts: int


def result_post(match_id: int) -> Post:
    return Post(f"result:{match_id}", RESULT, {"match": match_id})


def corrected_post(match_id: int, replaces: int | None, reason: str) -> Post:
    """An admin's correction of a match's result (``replaces``: the result row it replaces)."""
    return Post(f"corrected:{match_id}:{replaces or 0}", CORRECTED, {"match": match_id, "reason": reason})


def paired_post(rounds: Mapping[int, tuple[Sequence[object], Sequence[int]]]) -> Post:
    """Rounds drawn up together (``round: (games, byes)``): how many matches, and the byes.

    >>> paired_post({2: ([1, 2], [15])}).data
    {'rounds': [2], 'matches': 2, 'byes': [[2, 15]]}
    """
    numbers = sorted(rounds)
    matches = sum(len(games) for games, _ in rounds.values())
    byes = [[number, user] for number in numbers for user in rounds[number][1]]
    return Post(f"paired:{numbers[0]}", PAIRED, {"rounds": numbers, "matches": matches, "byes": byes})


def round_complete_post(number: int) -> Post:
    return Post(f"round-complete:{number}", ROUND_COMPLETE, {"round": number})


def over_posts(note: str | None) -> tuple[Post, Post]:
    """The end (with why it came early, in the league's language) and the final table."""
    return Post("over", OVER, {"note": note}), Post("standings", STANDINGS, {})


def ended_posts() -> tuple[Post, Post]:
    """An admin's end (``/league end``) and the final table."""
    return Post("over", ENDED, {}), Post("standings", STANDINGS, {})


def not_started_post(deadline: float, reason: str) -> Post:
    """The league could not start at its sign-up ``deadline``: why (in the league's language)."""
    return Post(f"not-started:{int(deadline)}", NOT_STARTED, {"reason": reason})


async def write(conn: Connection, league_id: int, owed: Owed | None) -> None:
    """Write the posts ``owed`` in the caller's transaction; an event written before is left as
    it is."""
    if owed is None:
        return
    for post in owed.posts:
        await conn.execute(
            "INSERT INTO league_posts (league_id, event, kind, data, claimed_by, claimed_until, created_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (league_id, event) DO NOTHING",
            (
                league_id,
                post.event,
                post.kind,
                json.dumps(dict(post.data), sort_keys=True),
                owed.holder,
                owed.held_until,
                now(),
            ),
        )


class Outbox:
    """The outbox's queries, over the bot's :class:`Store`; ``clock`` stamps a post done (and
    says when it is old enough to delete)."""

    def __init__(self, store: Store, clock: WallClock = CLOCK) -> None:
        self.store = store
        self.clock = clock

    def _now(self) -> str:
        return stamp_of(self.clock.now())

    async def pending(self, league_id: int | None = None) -> list[Pending]:
        """The posts not sent yet (of one league, or of all), oldest first."""
        sql = "SELECT id, league_id, event, kind, data, attempts FROM league_posts WHERE status = ?"
        params: list[Any] = [PENDING]
        if league_id is not None:
            sql += " AND league_id = ?"
            params.append(league_id)
        rows = await self.store.read_all(sql + " ORDER BY id", params)
        return [
            Pending(int(r[0]), int(r[1]), str(r[2]), str(r[3]), json.loads(r[4]), int(r[5])) for r in rows
        ]

    async def claim(
        self,
        post_id: int,
        holder: str,
        at: float,
        *,
        mine: str | None = None,
        born_by: float | None = None,
        seconds: float = CLAIM_SECONDS,
    ) -> bool:
        """Claim a pending post for ``holder`` until ``at + seconds``, so that ``holder`` alone
        posts it now: True if nobody held it or its claim ran out, or it was held by ``mine``, or
        (``born_by``) it was born held until ``born_by`` at the latest."""
        free, params = "claimed_until IS NULL OR claimed_until <= ?", list[object]([at])
        if mine is not None:
            free += " OR claimed_by = ?"
            params.append(mine)
        if born_by is not None:
            free += " OR (claimed_by LIKE ? AND claimed_until <= ?)"
            params += [BORN + "%", born_by]
        async with self.store.transaction() as conn:
            cur = await conn.execute(
                f"UPDATE league_posts SET claimed_by = ?, claimed_until = ? WHERE id = ? AND status = ? "
                f"AND ({free})",
                (holder, at + seconds, post_id, PENDING, *params),
            )
            return cur.rowcount == 1

    async def give_back(self, holder: str) -> None:
        """What ``holder`` held and did not post is free for whoever posts next."""
        async with self.store.transaction() as conn:
            await conn.execute(
                "UPDATE league_posts SET claimed_by = NULL, claimed_until = NULL "
                "WHERE claimed_by = ? AND status = ?",
                (holder, PENDING),
            )

    async def sent(self, post_id: int) -> None:
        async with self.store.transaction() as conn:
            await conn.execute(
                "UPDATE league_posts SET status = ?, done_at = ?, claimed_by = NULL, claimed_until = NULL "
                "WHERE id = ?",
                (SENT, self._now(), post_id),
            )

    async def told(self, league_id: int, kinds: Sequence[str], holder: str) -> None:
        """The posts of these ``kinds`` that ``holder`` wrote and still holds were said in the
        league channel another way (an admin's public answer there): they are sent."""
        if not kinds:
            return
        marks = ", ".join("?" for _ in kinds)
        async with self.store.transaction() as conn:
            await conn.execute(
                "UPDATE league_posts SET status = ?, done_at = ?, claimed_by = NULL, claimed_until = NULL "
                f"WHERE league_id = ? AND kind IN ({marks}) AND status = ? AND claimed_by = ?",
                (SENT, self._now(), league_id, *kinds, PENDING, holder),
            )

    async def clean(self) -> int:
        """Delete the posts sent or dropped more than :data:`KEEP_DONE_SECONDS` ago: how many."""
        before = stamp_of(self.clock.now() - KEEP_DONE_SECONDS)
        async with self.store.transaction() as conn:
            cur = await conn.execute(
                "DELETE FROM league_posts WHERE status IN (?, ?) AND done_at < ?", (SENT, DROPPED, before)
            )
            return max(cur.rowcount, 0)

    async def failed(self, post: Pending) -> bool:
        """Posting ``post`` failed once more: it waits for the next sweep (its claim given back),
        or is dropped once it has failed :data:`MAX_ATTEMPTS` times. True if dropped."""
        attempts = post.attempts + 1
        dropped = attempts >= MAX_ATTEMPTS
        async with self.store.transaction() as conn:
            await conn.execute(
                "UPDATE league_posts SET attempts = ?, status = ?, done_at = ?, claimed_by = NULL, "
                "claimed_until = NULL WHERE id = ?",
                (attempts, DROPPED if dropped else PENDING, self._now() if dropped else None, post.id),
            )
        return dropped

    async def statuses(self, league_id: int) -> list[tuple[str, str, int]]:
        """Each post of a league, oldest first: its event, status and failed attempts."""
        rows = await self.store.read_all(
            "SELECT event, status, attempts FROM league_posts WHERE league_id = ? ORDER BY id", (league_id,)
        )
        return [(str(r[0]), str(r[1]), int(r[2])) for r in rows]
