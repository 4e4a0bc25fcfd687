"""Several bot processes, each a set of shards, against one fake Discord and one PostgreSQL.

One server (guild) per shard, so that a test can put matches on every process; every user is a
member of every server. The processes start together (they take turns to apply the migrations),
without a development server: the commands are global, usable in every server.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

from tests.e2e.harness import BOT_ARGV, World
from tests.fakediscord import FakeDiscord
from tests.fakediscord.botproc import BotProcess
from tests.fakediscord.gateway import Session
from tests.fakediscord.model import Channel, Guild

#: Two processes with two shards each: shards 0-1 (with the DMs) and 2-3.
TWO_BY_TWO: tuple[tuple[int, ...], ...] = ((0, 1), (2, 3))


@dataclass
class Shards:
    """The processes of a sharded world and the server of each shard."""

    world: World
    processes: dict[BotProcess, tuple[int, ...]]
    servers: list[Guild]  # index: the shard the server's events go to
    channels: list[Channel]  # each server's #games

    def process_of(self, shard: int) -> BotProcess:
        return next(bot for bot, shards in self.processes.items() if shard in shards)

    async def restart(self, bot: BotProcess, *, timeout: float = 30.0) -> None:
        """Start the killed process ``bot`` again; wait until each of its shards has a new session."""
        fd = self.world.fd
        shards = self.processes[bot]
        old: dict[int, Session | None] = {s: fd.gateway.by_shard.get(s) for s in shards}
        await bot.start()
        await fd.wait_for_shards(list(shards), replacing=old, timeout=timeout)


@asynccontextmanager
async def running_shards(
    tmp_path: Path,
    database_url: str,
    *,
    processes: Sequence[tuple[int, ...]] = TWO_BY_TWO,
    names: Iterable[str] = ("alice", "bob", "carol", "dave"),
    commands: Iterable[str] = ("game", "hand", "confrontation"),
    settle: float = 0.1,
    timeout: float = 20.0,
    env: dict[str, str] | None = None,
) -> AsyncIterator[Shards]:
    """A fake Discord with one server per shard, users in all of them, and one ``python -m bot``
    per entry of ``processes`` (its shard ids) on ``database_url``; checks every process's health
    on the way out."""
    count = sum(len(shards) for shards in processes)
    async with FakeDiscord(workdir=tmp_path, settle=settle, timeout=timeout, shards=count) as fd:
        fd.gateway.max_concurrency = count  # as Discord grants large bots: no 5 s between shards
        servers = [fd.create_guild(f"Realm {shard}", shard=shard) for shard in range(count)]
        channels = [guild.create_text_channel("games") for guild in servers]
        users = {n: fd.create_user(n) for n in names}
        for guild in servers:
            for user in users.values():
                guild.add_member(user)
        bots: dict[BotProcess, tuple[int, ...]] = {}
        for shards in processes:
            bot = await fd.start_bot(
                argv=BOT_ARGV,
                env={
                    "DATABASE_URL": database_url,
                    "SHARD_COUNT": str(count),
                    "SHARD_IDS": ",".join(map(str, shards)),
                    "PALANTIR_DEV_GUILD": "",  # global commands: every server has them
                    # Boards drawn in a thread of each process: the render pools of several
                    # processes would spend CI's two CPUs preparing their workers (the pool
                    # has tests of its own).
                    "PALANTIR_RENDER_WORKERS": "0",
                    **(env or {}),
                },
                name="shards-" + "-".join(map(str, shards)),
            )
            bots[bot] = tuple(shards)
        await fd.wait_for_shards(list(range(count)), timeout=40)
        await fd.wait_until_ready()
        await fd.wait_for_commands(list(commands))
        world = World(fd, servers[0], channels[0], users, tmp_path / "palantir.db", database_url=database_url)
        yield Shards(world, bots, servers, channels)
        assert fd.unknown_routes == [], fd.unknown_routes
        assert fd.protocol_errors == [], fd.protocol_errors
        for bot in bots:
            assert bot.unhandled_errors() == [], bot.tail(60)
            assert fd.token not in bot.output, "the bot logged its token"
