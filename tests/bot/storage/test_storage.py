"""The store on both backends: migrations and the action log."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.storage import INTEGRITY_ERRORS, LogEntry, Store
from bot.storage.connection import SqliteConnection
from bot.storage.migrate import available, migrate

from .conftest import Opener


async def test_migrations_are_idempotent(open_store: Opener) -> None:
    first = await open_store()
    await first.set_meta("k", "v1")
    await first.close()
    second = await open_store()
    try:
        assert await migrate(second._conn, dialect=second.dialect) == []
        rows = await second._all("SELECT version FROM schema_version")
        assert [r[0] for r in rows] == [m.version for m in available()]
        assert await second.get_meta("k") == "v1"
        await second.set_meta("k", "v2")
        assert await second.get_meta("k") == "v2"
    finally:
        await second.close()


@pytest.mark.sqlite_only
async def test_database_uses_wal(store: Store) -> None:
    row = await store._one("PRAGMA journal_mode")
    assert row[0] == "wal"


async def test_interaction_id_is_unique(store: Store) -> None:
    match = await store.create_match(
        guild_id=1, channel_id=2, creator_id=3, game="pebbles", options={}, seed=1, wanted_role=None
    )
    entry = LogEntry(
        match_id=match.id, kind="act", role="north", action="take", seq=0, user_id=3,
        interaction_id="same", new_state="{}", new_seq=1, new_version=1, status="active",
        result=None, snapshot=False,
    )  # fmt: skip
    await store.append(entry)
    with pytest.raises(INTEGRITY_ERRORS):
        await store.append(entry)
    assert len(await store.actions(match.id)) == 1
    record = await store.get_match(match.id)
    assert record is not None and record.version == 1


async def test_dm_failures_are_reported_once(store: Store) -> None:
    match = await store.create_match(
        guild_id=1, channel_id=2, creator_id=3, game="pebbles", options={}, seed=1, wanted_role=None
    )
    assert await store.note_dm_failure(match.id, 3, 50007)
    assert not await store.note_dm_failure(match.id, 3, 50007)
    await store.clear_dm_failure(match.id, 3)
    assert await store.note_dm_failure(match.id, 3, 50007)


def test_migration_files_are_numbered_without_gaps() -> None:
    assert [m.version for m in available()] == list(range(1, len(available()) + 1))


async def test_the_prompt_numbers_of_a_database_before_version_8_carry_over(tmp_path: Path) -> None:
    """Menus already sent carry ``prompt_version``: it keeps its value, and ``prompt_entry``
    (the match version that made the prompt) starts from it."""
    import shutil

    import aiosqlite

    from bot.storage.migrate import MIGRATIONS_DIR

    older = tmp_path / "migrations"
    older.mkdir()
    for path in MIGRATIONS_DIR.glob("*.sql"):
        if int(path.name[:3]) < 8:
            shutil.copy(path, older / path.name)
    async with aiosqlite.connect(tmp_path / "old.db") as conn:
        await migrate(SqliteConnection(conn), older)
        await conn.execute("PRAGMA foreign_keys = OFF")
        await conn.execute(
            "INSERT INTO seats (match_id, seat, user_id, role, joined_at, prompt_version) "
            "VALUES (1, 0, '5', 'north', 'now', 42)"
        )
        await conn.commit()
        assert await migrate(SqliteConnection(conn)) == [m.name for m in available() if m.version >= 8]
        async with conn.execute("SELECT prompt_version, prompt_entry FROM seats") as cur:
            assert await cur.fetchall() == [(42, 42)]
