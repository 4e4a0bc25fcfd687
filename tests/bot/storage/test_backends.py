"""The guarantees the rest of the bot relies on, the same on SQLite and on PostgreSQL: a stale
entry is refused, an entry's writes are all stored or none, only committed writes are seen and
survive, two writers on one match never both win, and a busy database refuses in words."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

import aiosqlite
import psycopg
import pytest

from bot.storage import INTEGRITY_ERRORS, LogEntry, StaleWrite, Store
from bot.storage.connection import is_postgresql
from bot.storage.trouble import BUSY, storage_trouble

from .conftest import Opener


async def new_match(store: Store) -> int:
    match = await store.create_match(
        guild_id=1, channel_id=2, creator_id=3, game="pebbles", options={}, seed=1, wanted_role=None
    )
    return match.id


def entry(match_id: int, version: int, interaction: str | None = None) -> LogEntry:
    """The entry that takes the match from ``version - 1`` to ``version``."""
    return LogEntry(
        match_id=match_id, kind="act", role="north", action=f"take {version}", seq=version - 1,
        user_id=3, interaction_id=interaction, new_state=f'{{"v": {version}}}', new_seq=version,
        new_version=version, status="active", result=None, snapshot=False,
        events=((version, f'{{"n": {version}}}'),), log_from=version - 1,
    )  # fmt: skip


async def test_an_entry_computed_from_an_older_version_is_refused(store: Store) -> None:
    match_id = await new_match(store)
    await store.append(entry(match_id, 1, "a"))
    with pytest.raises(StaleWrite):
        await store.append(entry(match_id, 1, "b"))
    assert [a.interaction_id for a in await store.actions(match_id)] == ["a"]
    record = await store.get_match(match_id)
    assert record is not None and (record.version, record.state) == (1, '{"v": 1}')
    assert await store.events(match_id) == ['{"n": 1}']


async def test_the_steps_of_a_line_are_stored_all_or_none(store: Store) -> None:
    match_id = await new_match(store)
    with pytest.raises(StaleWrite):  # the second step is stale: the first is not kept either
        await store.append_all([entry(match_id, 1, "a"), entry(match_id, 1, "b")])
    assert await store.actions(match_id) == []
    assert await store.events(match_id) == []
    await store.append_all([entry(match_id, 1, "a"), entry(match_id, 2, "b")])
    assert [a.seq for a in await store.actions(match_id)] == [0, 1]


async def test_a_retried_interaction_is_refused_and_found(store: Store) -> None:
    match_id = await new_match(store)
    first = await store.append(entry(match_id, 1, "click"))
    with pytest.raises(INTEGRITY_ERRORS):
        await store.append(entry(match_id, 2, "click"))
    found = await store.action_by_interaction("click")
    assert found is not None and found.id == first
    record = await store.get_match(match_id)
    assert record is not None and record.version == 1


async def test_only_committed_writes_are_read_and_they_survive_a_crash(open_store: Opener) -> None:
    store = await open_store()
    match_id = await new_match(store)
    await store.append(entry(match_id, 1, "kept"))
    await store.set_meta("k", "committed")
    await store._conn.execute("BEGIN")
    await store._conn.execute("UPDATE meta SET value = ? WHERE key = ?", ("uncommitted", "k"))
    assert await store.get_meta("k") == "committed"  # the reader sees commits only
    # The process dies here: its connections go, the transaction never commits.
    await store._conn.close()
    await store._reader.close()
    again = await open_store()
    try:
        assert await again.get_meta("k") == "committed"
        assert [a.interaction_id for a in await again.actions(match_id)] == ["kept"]
    finally:
        await again.close()


async def test_commits_are_durable(store: Store) -> None:
    """Committed means on disk (SQLite: WAL, synchronous NORMAL; PostgreSQL: synchronous commit)."""
    if store.dialect == "sqlite":
        assert (await store._one("PRAGMA journal_mode"))[0] == "wal"
        assert (await (await store._conn.execute("PRAGMA synchronous")).fetchone())[0] == 1
    else:
        row = await (await store._conn.execute("SHOW synchronous_commit")).fetchone()
        assert row[0] == "on"


async def test_two_stores_writing_one_match_at_once_never_both_win(open_store: Opener) -> None:
    """Two processes (two stores on one database) append the same version of a match at the
    same moment: exactly one entry is stored, the other is refused as stale."""
    first, second = await open_store(), await open_store()
    try:
        match_id = await new_match(first)
        results = await asyncio.gather(
            first.append(entry(match_id, 1, "here")),
            second.append(entry(match_id, 1, "there")),
            return_exceptions=True,
        )
        assert sorted(type(r).__name__ for r in results) == ["StaleWrite", "int"]
        assert len(await first.actions(match_id)) == 1
    finally:
        await first.close()
        await second.close()


@contextlib.asynccontextmanager
async def held_by_another_process(database: str, match_id: int) -> AsyncIterator[None]:
    """Another process holds the lock a write on ``match_id`` needs."""
    if is_postgresql(database):
        async with await psycopg.AsyncConnection.connect(database, autocommit=True) as other:
            await other.execute("BEGIN")
            await other.execute("SELECT id FROM matches WHERE id = %s FOR UPDATE", (match_id,))
            yield
            await other.execute("ROLLBACK")
    else:
        async with aiosqlite.connect(database, isolation_level=None) as other:
            await other.execute("BEGIN IMMEDIATE")
            yield
            await other.execute("ROLLBACK")


async def test_a_busy_database_refuses_the_entry_in_words(store: Store, database: str) -> None:
    match_id = await new_match(store)
    async with held_by_another_process(database, match_id):
        with pytest.raises(Exception) as refused:
            await store.append(entry(match_id, 1, "a"))
        assert storage_trouble(refused.value) == BUSY
    assert await store.actions(match_id) == []
    await store.append(entry(match_id, 1, "a"))  # and the store goes on once it is free


async def test_the_store_connects_again_after_the_database_server_dropped_it(
    store: Store, database: str
) -> None:
    """A PostgreSQL server that restarts (or a network that drops) ends the store's connections:
    the next read and the next transaction connect again; nothing committed is lost."""
    if store.dialect != "postgresql":
        pytest.skip("a SQLite file has no connection to lose")
    match_id = await new_match(store)
    await store.append(entry(match_id, 1, "before"))
    pids = [c.raw.info.backend_pid for c in (store._conn, store._reader)]  # type: ignore[attr-defined]
    async with await psycopg.AsyncConnection.connect(database, autocommit=True) as admin:
        for pid in pids:
            await admin.execute("SELECT pg_terminate_backend(%s)", (pid,))
    assert [a.interaction_id for a in await store.actions(match_id)] == ["before"]
    await store.append(entry(match_id, 2, "after"))
    assert [a.interaction_id for a in await store.actions(match_id)] == ["before", "after"]


async def test_the_same_sql_text_reads_the_same_on_both(store: Store) -> None:
    """``?`` placeholders, a ``%`` in a literal with and without parameters, a new row's id."""
    assert tuple(await store.read_one("SELECT '50%', 1 + 1")) == ("50%", 2)
    assert tuple(await store.read_one("SELECT ? || '%', ? + 1", ("50", 1))) == ("50%", 2)
    first, second = await new_match(store), await new_match(store)
    assert second == first + 1


async def test_whole_numbers_are_as_large_as_sqlites(store: Store) -> None:
    """SQLite's INTEGER has eight bytes: so has every whole-number column on PostgreSQL."""
    match_id = await new_match(store)
    large = 2**62
    async with store.transaction() as conn:
        await conn.execute(
            "INSERT INTO dm_failures (match_id, user_id, code, failed_at) VALUES (?, ?, ?, ?)",
            (match_id, "5", large, "now"),
        )
        await conn.execute("UPDATE matches SET seq = ?, version = ? WHERE id = ?", (large, large, match_id))
    assert (await store.read_one("SELECT code FROM dm_failures"))[0] == large
    record = await store.get_match(match_id)
    assert record is not None and (record.seq, record.version) == (large, large)
