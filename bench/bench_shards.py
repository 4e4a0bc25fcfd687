"""Interactions per second and answer times of the real bot, through the loopback fake Discord,
in one run: SQLite in one process, PostgreSQL in one process, PostgreSQL in two processes.

    source scripts/_postgres.sh && palantir_postgres_start     # or PALANTIR_TEST_POSTGRESQL=...
    .venv/bin/python bench/bench_shards.py [--stored 24] [--inflight 8] [--moves 160]
                                           [--games confrontation,lotr-risk] [--where threads]
                                           [--setups sqlite,postgresql-1,postgresql-2]

Each setup gets a new database (a new schema on the PostgreSQL server) with ``--stored`` active
matches past their set-up, half in a server on shard 0 and half in a server on shard 1 (filled
and driven as ``bench_load.py`` does: its ``populate`` and ``Driver``). Then ``--inflight``
players keep that many interactions in flight, each making real moves in a match of its own
until ``--moves`` moves were measured. The setups:

* ``sqlite``: one unsharded process on the SQLite file (the default installation);
* ``postgresql-1``: one process running both shards (``SHARD_COUNT=2``, ``SHARD_IDS=0,1``);
* ``postgresql-2``: two processes, one shard each (``SHARD_IDS=0`` and ``SHARD_IDS=1``).

The processes of a setup share the machine's CPUs among their render pools
(``PALANTIR_RENDER_WORKERS`` = CPUs / processes, at least 1), as ``docs/operations.md`` advises.

``--where threads`` (the default): the players click the menus of their ephemeral "My hand"
answers in their match's server, so each click reaches the process of that server's shard;
``--where dms``: they click the menus the bot sent them by DM, which Discord delivers to shard
0 only: one process takes every click.

Reported per setup: interactions/s (every interaction sent while measuring: the moves' clicks,
"My hand", a group then its entry), moves/s, and the answer times: ``first`` (interaction -> the
bot's first response, the defer) and ``full`` (interaction -> its follow-up, after the public
post and the DMs) p50 / p99. Numbers only; nothing is asserted. On this shared 2-CPU machine
compare setups of one run (they run one after the other, under about the same load), and read
the load average printed with them. Measured numbers: ``docs/operations.md`` §11.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import sys
import tempfile
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT.parent))
sys.path.insert(0, str(ROOT))

from bench_load import Driver, Stored, median, merged, pct, play_moves, populate, warm_up  # noqa: E402

from tests.e2e.harness import BOT_ARGV, PostgresOracle  # noqa: E402
from tests.fakediscord import FakeDiscord  # noqa: E402
from tests.fakediscord.interactions import Interaction  # noqa: E402
from tests.fakediscord.model import DM, Channel, Message, User  # noqa: E402

SETUPS = ("sqlite", "postgresql-1", "postgresql-2")
#: The shards each process of a setup runs (``None``: unsharded).
PROCESSES: dict[str, list[tuple[int, ...] | None]] = {
    "sqlite": [None],
    "postgresql-1": [(0, 1)],
    "postgresql-2": [(0,), (1,)],
}
SHARDS = 2


class ShardDriver(Driver):
    """``bench_load``'s players, in the server of their match; with ``threads`` they click only
    menus outside DMs (their "My hand" answers), so each click reaches the server's shard."""

    def __init__(
        self, fd: FakeDiscord, db: Any, channels: dict[int, Channel], rng: random.Random, where: str
    ) -> None:
        empty = fd.workdir / "empty.db"
        empty.touch()
        super().__init__(fd, empty, next(iter(channels.values())), rng)
        self.db.close()
        self.db = db  # the setup's database, read-only
        self.channels = channels  # match -> its server's #games
        self.where = where
        self.sent = 0

    def scan(self) -> None:
        super().scan()
        if self.where == "threads":
            for listed in self.menus.values():
                listed[:] = [m for m in listed if m.channel.type != DM]

    def hand_message(self, match: Stored) -> Message:
        self.games = self.channels[match.id]
        return super().hand_message(match)

    def send(self, user: User, msg: Message, cid: str, values: list[str] | None) -> Interaction:
        self.sent += 1
        return super().send(user, msg, cid, values)


@asynccontextmanager
async def database(setup: str, workdir: Path) -> AsyncIterator[tuple[str | Path, Any]]:
    """The setup's new database (what the bot opens) and a read-only oracle on it."""
    if setup == "sqlite":
        import sqlite3

        path = workdir / "palantir.db"
        path.touch()
        oracle = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=30, check_same_thread=False)
        try:
            yield path, oracle
        finally:
            oracle.close()
        return
    from tests.support.postgresql import fresh_database

    async with fresh_database("bench") as url:
        with PostgresOracle(url) as oracle:
            yield url, oracle


async def run(
    setup: str, stored: int, inflight: int, moves: int, games: list[str], where: str, seed: int
) -> str:
    rng = random.Random(seed)
    processes = PROCESSES[setup]
    sharded = processes[0] is not None
    with tempfile.TemporaryDirectory(prefix="bench-shards-") as tmp:
        workdir = Path(tmp)
        async with (
            FakeDiscord(workdir=workdir, settle=0.02, timeout=120, shards=SHARDS if sharded else 1) as fd,
            database(setup, workdir) as (db, oracle),
        ):
            fd.gateway.max_concurrency = SHARDS
            guilds = [fd.create_guild(f"Bench {s}", shard=s if sharded else None) for s in range(SHARDS)]
            channels = [g.create_text_channel("games") for g in guilds]
            pairs = []
            for i in range(stored):
                a, b = fd.create_user(f"p{2 * i}"), fd.create_user(f"p{2 * i + 1}")
                for guild in guilds:
                    guild.add_member(a)
                    guild.add_member(b)
                pairs.append((a, b))
            fill = time.perf_counter()
            matches: list[Stored] = []
            where_of: dict[int, Channel] = {}
            for index, (guild, channel) in enumerate(zip(guilds, channels, strict=True)):
                half = await populate(db, guild.id, channel.id, pairs[index::SHARDS], games, seed + index)  # type: ignore[arg-type]
                matches += half
                where_of.update({m.id: channel for m in half})
            fill_s = time.perf_counter() - fill
            for shards in processes:
                env = {"DATABASE_URL": str(db)} if setup != "sqlite" else {}
                env["PALANTIR_DEV_GUILD"] = ""  # global commands: both servers have them
                # The machine's CPUs shared by the processes' render pools (two pools of one
                # worker per CPU each thrash: their workers are declared stuck and restarted).
                env["PALANTIR_RENDER_WORKERS"] = str(max(1, (os.cpu_count() or 1) // len(processes)))
                if shards is not None:
                    env |= {"SHARD_COUNT": str(SHARDS), "SHARD_IDS": ",".join(map(str, shards))}
                await fd.start_bot(
                    argv=BOT_ARGV,
                    db_path=db if setup == "sqlite" else workdir / "unused.db",  # type: ignore[arg-type]
                    log_level="WARNING",
                    env=env,
                    name=f"bot-{'-'.join(map(str, shards or ()))}",
                )
            await fd.wait_until_ready(timeout=120)
            await fd.wait_for_commands(["game"], timeout=120)
            driver = ShardDriver(fd, oracle, where_of, rng, where)
            await warm_up(driver, matches, inflight)
            sent_before = driver.sent
            elapsed = await play_moves(driver, matches, inflight, moves)
            sent = driver.sent - sent_before
            unhandled = sum(len(bot.unhandled_errors()) for bot in fd.bots)
    total = merged(driver.results)
    return (
        f"{setup:>13}: {len(processes)} process(es), stored={stored} (fill {fill_s:.0f}s) "
        f"inflight={inflight} clicks in {where}, {elapsed:.1f}s\n"
        f"{'':>13}  interactions/s={sent / elapsed:5.1f}  moves/s={total.moves / elapsed:5.1f}"
        f"  first p50={1000 * median(total.first):5.0f}ms p99={1000 * pct(total.first, 0.99):5.0f}ms"
        f"  full p50={median(total.full):5.2f}s p99={pct(total.full, 0.99):5.2f}s"
        f"  stale={total.stale} timeouts={total.errors}"
        + (f"  UNHANDLED ERRORS: {unhandled}" if unhandled else "")
        + f"  load {os.getloadavg()[0]:.1f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--stored", type=int, default=24, help="active matches in each database")
    parser.add_argument("--inflight", type=int, default=8, help="interactions in flight at all times")
    parser.add_argument("--moves", type=int, default=160, help="measured moves per setup")
    parser.add_argument(
        "--games", default="confrontation,lotr-risk", help="the stored matches' games, in turn"
    )
    parser.add_argument("--where", choices=("threads", "dms"), default="threads", help="where players click")
    parser.add_argument("--setups", default=",".join(SETUPS), help=f"some of {', '.join(SETUPS)}")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    setups = [s.strip() for s in args.setups.split(",") if s.strip()]
    if any(s != "sqlite" for s in setups) and not os.environ.get("PALANTIR_TEST_POSTGRESQL"):
        sys.exit(
            "bench_shards: set PALANTIR_TEST_POSTGRESQL "
            "(source scripts/_postgres.sh; palantir_postgres_start)"
        )
    games = [g.strip() for g in args.games.split(",") if g.strip()]
    print(f"bench_shards: {', '.join(games)}; load average {os.getloadavg()[0]:.1f}", flush=True)
    for setup in setups:
        print(
            asyncio.run(run(setup, args.stored, args.inflight, args.moves, games, args.where, args.seed)),
            flush=True,
        )


if __name__ == "__main__":
    main()
