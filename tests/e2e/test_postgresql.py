"""The real bot on PostgreSQL (``DATABASE_URL``): kill -9 at random points of play loses
nothing and applies nothing twice, as on the SQLite file (``test_faults``); a database out of
reach stops it with one line."""

from __future__ import annotations

import asyncio
import socket
from pathlib import Path

from bot.__main__ import UNREACHABLE_EXIT
from tests.e2e.harness import BOT_ARGV, requires_bot, running_world
from tests.e2e.test_faults import kill9_play
from tests.fakediscord import FakeDiscord
from tests.support.postgresql import fresh_database

pytestmark = requires_bot

#: Fewer than on SQLite: the same code paths, on the other database.
KILLS = 6


async def test_kill9_on_postgresql_loses_nothing_and_applies_nothing_twice(tmp_path: Path) -> None:
    async with (
        fresh_database("e2e") as url,
        running_world(tmp_path, settle=0.1, env={"DATABASE_URL": url}) as world,
    ):
        await kill9_play(world, KILLS)
        assert not (tmp_path / "palantir.db").exists(), "the bot used the SQLite file"


async def test_an_unreachable_database_stops_the_bot_with_one_line_and_exit_75(tmp_path: Path) -> None:
    """No traceback, no password: where the database is, why it failed, "try again later"."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    url = f"postgresql://palantir:hunter2@127.0.0.1:{port}/palantir"
    async with FakeDiscord(workdir=tmp_path) as fd:
        fd.create_guild("Middle-earth")
        bot = await fd.start_bot(argv=BOT_ARGV, db_path=tmp_path / "palantir.db", env={"DATABASE_URL": url})
        assert bot.proc is not None
        assert await asyncio.wait_for(bot.proc.wait(), 60) == UNREACHABLE_EXIT
        assert f"palantir: cannot connect to the PostgreSQL database palantir@127.0.0.1:{port}/palantir" in (
            bot.output
        )
        assert "Traceback" not in bot.output and "hunter2" not in bot.output
