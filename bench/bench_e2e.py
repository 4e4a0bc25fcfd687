"""End-to-end latency of a move through the fake Discord, with 0, 100 and 1,000 stored matches.

    .venv/bin/python bench/bench_e2e.py [--moves 60] [--stored 0,100,1000]

For each size, the database is first filled through the bot's own storage API (matches created,
joined and set up by ``MatchService``), then the real bot (``python -m bot``) is started against
the loopback fake Discord and two users play Confrontation moves from their action menus (a
new match's secret set-up is hurried with "autoplace" and "ready" and not measured). For every
move it prints, from the interaction being sent:

* ``answer``: until the bot's reply to the player (a deferred follow-up with the private board);
* ``board``:  until the public board image is posted in the match thread (a move that posts
  none, a hidden step, is counted apart).

Stored matches are announced already unless `--unannounced`.

Targets: answer p50 <= 200 ms and p99 <= 500 ms. Numbers only; nothing is asserted.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.e2e.harness import BOT_ARGV, Match, World  # noqa: E402
from tests.fakediscord import FakeDiscord  # noqa: E402

#: Confrontation's secret set-up, played at once (its steps post nothing public).
SETUP = ("autoplace", "ready")


async def populate(db: Path, count: int, guild_id: int, channel_id: int, *, announced: bool = True) -> float:
    """``count`` active Confrontation matches, created and set up through the bot's service.

    With ``announced`` (the normal case) each match is recorded as already posted in Discord,
    as the running bot leaves it; without, the bot finds them all unannounced at start-up and
    posts them (its crash catch-up) while the moves are measured.
    """
    from bot.service import MatchService
    from bot.storage import Store

    started = time.perf_counter()
    store = await Store.open(db)
    try:
        service = MatchService(store)
        for i in range(count):
            a, b = 10_000 + 2 * i, 10_001 + 2 * i
            live = await service.create(
                guild_id=guild_id, channel_id=channel_id, user_id=a, game="confrontation", seed=i
            )
            await service.join(live.id, b)
            for user in (a, b):
                await service.act(live.id, user, "autoplace")
            if announced:
                version = (await service.get(live.id)).record.version
                await store.set_message(live.id, "prompt", channel_id, 1_000_000 + i, version)
    finally:
        await store.close()
    return time.perf_counter() - started


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


async def run(stored: int, moves: int, rng: random.Random, announced: bool) -> None:
    with tempfile.TemporaryDirectory(prefix="bench-e2e-") as tmp:
        workdir = Path(tmp)
        async with FakeDiscord(workdir=workdir, settle=0.02, timeout=30) as fd:
            guild = fd.create_guild("Bench")
            games = guild.create_text_channel("games")
            alice, bob = fd.create_user("alice"), fd.create_user("bob")
            guild.add_member(alice)
            guild.add_member(bob)
            db = workdir / "palantir.db"
            fill = await populate(db, stored, guild.id, games.id, announced=announced) if stored else 0.0
            boot = time.perf_counter()
            await fd.start_bot(argv=BOT_ARGV, db_path=db, log_level="WARNING")
            await fd.wait_until_ready(timeout=120)
            await fd.wait_for_commands(["game"], timeout=120)
            boot_s = time.perf_counter() - boot
            world = World(fd, guild, games, {"alice": alice, "bob": bob}, db)
            match: Match | None = None
            answers: list[float] = []
            boards: list[float] = []
            quiet = 0  # moves that posted no board
            while len(answers) < moves:
                if match is None or not world.active_roles(match):
                    match = await world.new_match(alice, bob)
                role = rng.choice(world.active_roles(match))
                legal = world.legal(match, role)
                user = match.players[role]
                setting_up = [a for a in legal if a in SETUP]
                if setting_up:  # the secret set-up, hurried and not measured
                    await world.pick(match, user, setting_up[0])
                    continue
                action = rng.choice(legal)
                mark = fd.activity_mark()
                # its button, menu entry or group then entry, its count, "Confirm" if asked
                result = await world.pick(match, user, action)
                latency = result.interaction.latency
                assert latency is not None
                answers.append(latency)
                # The answer comes after the public post: a board is there by now, if the move
                # was worth one (a hidden step posts none).
                posted = world.boards_since(match, mark)
                if posted:
                    boards.append(posted[0].received_at - result.interaction.sent_at)
                else:
                    quiet += 1
            unhandled = world.bot.unhandled_errors()
        line = (
            f"stored={stored:>5}  fill={fill:6.1f}s  boot={boot_s:5.2f}s  moves={len(answers)}  "
            f"answer p50={1000 * statistics.median(answers):6.1f}ms p99={1000 * pct(answers, 0.99):6.1f}ms  "
            f"board p50={1000 * statistics.median(boards) if boards else float('nan'):6.1f}ms "
            f"p99={1000 * pct(boards, 0.99) if boards else float('nan'):6.1f}ms ({quiet} moves without one)"
        )
        print(line + (f"  UNHANDLED ERRORS: {len(unhandled)}" if unhandled else ""), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--moves", type=int, default=60)
    parser.add_argument("--stored", default="0,100,1000", help="comma-separated numbers of stored matches")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--unannounced",
        action="store_true",
        help="stored matches were never posted: measure the catch-up too",
    )
    args = parser.parse_args()
    rng = random.Random(args.seed)
    for size in (int(s) for s in args.stored.split(",")):
        asyncio.run(run(size, args.moves, rng, not args.unannounced))


if __name__ == "__main__":
    main()
