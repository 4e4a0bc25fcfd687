"""Benchmark: one committed action (engine + one SQLite transaction), p50 and p99.

Plays random legal actions of a game through ``MatchService`` on a temporary WAL database until
``--actions`` actions were committed, timing each ``act`` call (validation, apply, canonical dump
and the commit) and, separately, the storage append alone.

    .venv/bin/python bench/bench_storage.py [--actions 3000] [--game lotr-risk --players 3]
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

import games  # noqa: E402,F401  (registers the games)
from bot.service import MatchService  # noqa: E402
from bot.storage import Store  # noqa: E402
from games.core import find  # noqa: E402

#: Actions a quick random player takes when offered (set-up shortcuts).
QUICK = ("ready", "autoplace")


def percentile(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def run(actions: int, game: str, players: int, options: dict[str, str]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(Path(folder) / "bench.db")
        service = MatchService(store)
        timings: list[float] = []
        appends: list[float] = []
        original_append = store.append

        async def timed_append(entry):  # type: ignore[no-untyped-def]
            start = time.perf_counter()
            try:
                return await original_append(entry)
            finally:
                appends.append(time.perf_counter() - start)

        store.append = timed_append  # type: ignore[method-assign]
        rng = random.Random(2026)
        games_played = 0
        while len(timings) < actions:
            live = await service.create(
                guild_id=1, channel_id=1, user_id=1, game=game, options=options, seed=rng.getrandbits(32)
            )
            for user in range(2, players + 1):
                await service.join(live.id, user)
            games_played += 1
            while len(timings) < actions and live.state is not None and live.state["result"] is None:
                role = rng.choice(sorted(live.active_roles()))
                user = live.user_of(role)
                assert user is not None
                legal = [a for a, _ in service.legal(live, role)]
                quick = [a for a in legal if a.verb in QUICK]
                action = quick[0] if quick else rng.choice(legal)
                start = time.perf_counter()
                await service.act(live.id, user, action.text, interaction_id=f"i{len(timings)}")
                timings.append(time.perf_counter() - start)
        await store.close()

    def report(name: str, samples: list[float]) -> None:
        print(
            f"{name:<28} n={len(samples)}  p50={percentile(samples, 0.5) * 1000:.2f} ms  "
            f"p99={percentile(samples, 0.99) * 1000:.2f} ms  mean={statistics.fmean(samples) * 1000:.2f} ms"
        )

    print(f"{games_played} {find(game).title} games, {len(timings)} committed actions")
    report("act (engine + commit)", timings)
    report("storage append (commit)", appends)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=3000)
    parser.add_argument("--game", default="confrontation")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--option", action="append", default=[], help="name=value (repeatable)")
    args = parser.parse_args()
    options = dict(o.split("=", 1) for o in args.option)
    if args.game == "lotr-risk":
        options.setdefault("players", str(args.players))
    asyncio.run(run(args.actions, args.game, args.players, options))


if __name__ == "__main__":
    main()
