"""The database file is private (0600), and one damaged match row never breaks a listing."""

from __future__ import annotations

import logging
import os
import sqlite3
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.service import MatchService
from bot.storage import Store
from bot.storage.store import UnreadableMatch, database_files

from .conftest import NORTH_USER, SOUTH_USER, started_pebbles


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.fixture
def open_umask() -> Iterator[None]:
    """The usual umask (022): files would be world-readable unless the store says otherwise."""
    old = os.umask(0o022)
    try:
        yield
    finally:
        os.umask(old)


async def test_a_new_database_and_its_wal_and_shm_are_private(db_path: Path, open_umask: None) -> None:
    store = await Store.open(db_path)
    try:
        await started_pebbles(MatchService(store))  # writes: the -wal and -shm files exist
        files = database_files(db_path)
        assert [p.name for p in files] == ["palantir.db", "palantir.db-wal", "palantir.db-shm"]
        assert {p.name: mode(p) for p in files} == {p.name: 0o600 for p in files}
    finally:
        await store.close()


async def test_an_existing_world_readable_database_is_made_private(db_path: Path, open_umask: None) -> None:
    store = await Store.open(db_path)
    await store.close()
    for path in (db_path, Path(f"{db_path}-wal"), Path(f"{db_path}-shm")):
        path.touch()
        path.chmod(0o644)
    store = await Store.open(db_path)
    try:
        assert {mode(p) for p in database_files(db_path)} == {0o600}
    finally:
        await store.close()


def damage(db: Path, match_id: int, column: str, value: object) -> None:
    with sqlite3.connect(db) as conn:
        conn.execute(f"UPDATE matches SET {column} = ? WHERE id = ?", (value, match_id))


async def test_a_damaged_match_is_left_out_of_the_lists_and_reported_once(
    db_path: Path, store: Store, service: MatchService, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    good, bad_options, unknown_game, bad_result, bad_number = [
        (await started_pebbles(service, seed=seed)).id for seed in range(5)
    ]
    lobby = await service.create(guild_id=1, channel_id=2, user_id=NORTH_USER, game="pebbles")
    broken_lobby = await service.create(guild_id=1, channel_id=2, user_id=NORTH_USER, game="pebbles")
    damage(db_path, bad_options, "options", "{not json")
    damage(db_path, unknown_game, "game", "chess")
    damage(db_path, bad_result, "result", "garbage")
    damage(db_path, bad_number, "version", "many")
    damage(db_path, broken_lobby.id, "options", "[1, 2]")
    fresh = MatchService(store)  # nothing in memory: every match is read from its row
    caplog.clear()

    for _ in range(2):
        listed = [m.id for m in await fresh.matches_of(NORTH_USER, 1)]
        assert listed == [lobby.id, bad_result, good]
        assert [m.id for m in await fresh.recent_of(SOUTH_USER, 1)] == [bad_result, good]
        assert [m.id for m in await fresh.lobbies(1)] == [lobby.id]
    assert (await fresh.resolve(SOUTH_USER, match_id=good, channel_id=None, guild_id=1)).id == good

    text = "\n".join(caplog.messages)  # the messages only: a source line number is no user id
    for match_id in (bad_options, unknown_game, bad_number, broken_lobby.id):
        reports = [r for r in caplog.records if r.getMessage().startswith(f"match {match_id} ")]
        assert len(reports) == 1, (match_id, [r.getMessage() for r in reports])
    assert str(NORTH_USER) not in text and str(SOUTH_USER) not in text
    with pytest.raises(UnreadableMatch):
        await store.get_match(bad_options)
