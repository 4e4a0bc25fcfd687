"""The real bot on PostgreSQL (``DATABASE_URL``): kill -9 at random points of play loses
nothing and applies nothing twice, as on the SQLite file (``test_faults``)."""

from __future__ import annotations

from pathlib import Path

from tests.e2e.harness import requires_bot, running_world
from tests.e2e.test_faults import kill9_play
from tests.support.postgresql import fresh_database

pytestmark = requires_bot

#: Fewer than on SQLite: the same code paths, on the other database.
KILLS = 12


async def test_kill9_on_postgresql_loses_nothing_and_applies_nothing_twice(tmp_path: Path) -> None:
    async with (
        fresh_database("e2e") as url,
        running_world(tmp_path, settle=0.1, env={"DATABASE_URL": url}) as world,
    ):
        await kill9_play(world, KILLS)
        assert not (tmp_path / "palantir.db").exists(), "the bot used the SQLite file"
