"""Another process holds the database's write lock (a backup tool, an admin's ``sqlite3``
session): a spectator's ``/game status`` and an autocomplete are still answered within
Discord's three seconds, and a move is answered "busy, try again" and changes nothing."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from tests.e2e.harness import is_error, requires_bot, running_world

pytestmark = requires_bot


async def until(condition: Callable[[], bool], timeout: float = 10.0) -> None:
    async with asyncio.timeout(timeout):
        while not condition():
            await asyncio.sleep(0.005)


@contextmanager
def write_lock_held(db: Path) -> Iterator[None]:
    other = sqlite3.connect(db, isolation_level=None, timeout=30)
    other.execute("BEGIN IMMEDIATE")
    try:
        yield
    finally:
        other.execute("ROLLBACK")
        other.close()


async def test_a_locked_database_answers_reads_and_says_busy_for_a_move(tmp_path: Path) -> None:
    async with running_world(tmp_path) as world:
        alice, bob, carol = world.users["alice"], world.users["bob"], world.users["carol"]
        match = await world.new_match(alice, bob)
        await world.fd.quiet(0.3)
        before = world.fingerprint()
        sent = world.fd.interactions.by_id
        with write_lock_held(world.db_path):
            known = set(sent)
            moving = asyncio.create_task(alice.slash(match.thread, "game act", action="autoplace"))
            # Once the move is deferred its write is next: it waits for the lock meanwhile.
            await until(lambda: any(sent[i].callback_type is not None for i in set(sent) - known))
            status, offered = await asyncio.gather(
                carol.slash(match.thread, "game status"),
                bob.autocomplete(match.thread, "game act", focused="action", action=""),
            )
            move = await moving
            # A write answered without deferring (a new lobby) is refused within the deadline too.
            lobby = await carol.slash(world.games, "game new", game="confrontation")
            assert is_error(lobby) and "storage is busy" in lobby.text, lobby.text
            assert status.ephemeral and not is_error(status) and f"#{match.id}" in status.text, status.text
            assert offered and all(str(c["value"]).startswith("place") for c in offered[:3]), offered
            assert is_error(move) and "storage is busy" in move.text, move.text
            assert world.fingerprint() == before, "a refused move changed the database"
        assert world.fd.late_interactions == [], "an interaction was answered after Discord's deadline"
        again = await alice.slash(match.thread, "game act", action="autoplace")
        assert not is_error(again), again.text
        assert world.fingerprint() != before
