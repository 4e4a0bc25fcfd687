"""Another process holding the database's write lock (a backup, an admin's ``sqlite3``): reads
are not held up behind a write waiting for it, and a write that cannot get it is refused as
"busy", changing nothing."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from bot.controller import Controller
from bot.service import MatchService
from bot.storage import Store
from bot.storage.store import WRITE_WAIT_MS
from bot.storage.trouble import STORAGE_BUSY

from .conftest import NORTH_USER, SOUTH_USER, started_pebbles
from .test_failures import FakeInteraction


@contextmanager
def write_lock_held(db: Path) -> Iterator[None]:
    """Another connection holds SQLite's write lock until the block ends."""
    other = sqlite3.connect(db, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    try:
        yield
    finally:
        other.execute("ROLLBACK")
        other.close()


async def until(condition: Any, timeout: float = 10.0) -> None:
    async with asyncio.timeout(timeout):
        while not condition():
            await asyncio.sleep(0.005)


async def test_reads_are_answered_while_a_write_waits_for_the_lock(
    db_path: Path, store: Store, service: MatchService
) -> None:
    live = await started_pebbles(service)
    with write_lock_held(db_path):
        write = asyncio.create_task(service.act(live.id, NORTH_USER, "bid 3"))
        await until(store._write.locked)  # the write is waiting for SQLite's lock now
        fresh = MatchService(store)  # nothing in memory: the match is read from the database
        seen = await fresh.get(live.id)
        listed = await fresh.matches_of(SOUTH_USER, 1)
        assert seen.record.version == live.record.version and [m.id for m in listed] == [live.id]
        assert not write.done()
        # Released while the write still waits (it waits up to WRITE_WAIT_MS): it goes through.
    # A read queued behind the waiting write would have come back only once it gave up.
    result = await write
    assert result.match.record.version == seen.record.version + 1
    assert WRITE_WAIT_MS <= 2500, "a write not deferred must be refused within Discord's 3 s"


async def test_a_write_that_cannot_get_the_lock_is_refused_as_busy(
    db_path: Path, store: Store, service: MatchService
) -> None:
    live = await started_pebbles(service)
    before = await store.get_match(live.id)
    controller = Controller(service, delivery=None)  # type: ignore[arg-type]
    interaction: Any = FakeInteraction()
    with write_lock_held(db_path):
        async with controller.friendly(interaction):
            await service.act(live.id, NORTH_USER, "bid 3")
    assert interaction.response.sent == [(f"⚠️ {STORAGE_BUSY}", True)]
    assert before is not None and await store.get_match(live.id) == before, "nothing was stored"
    mine = await service.get(live.id)
    assert mine.record.version == before.version and mine.state is not None
    assert mine.state["bids"] == {}, "nothing changed in memory"
    done = await service.act(live.id, NORTH_USER, "bid 3")  # the lock is free again
    assert done.match.record.version == before.version + 1
