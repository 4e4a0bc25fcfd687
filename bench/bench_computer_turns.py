"""How long a computer's decision takes at the table, through the bot's own path.

    .venv/bin/python bench/bench_computer_turns.py [--game G] [--side ROLE] [--decisions N]
        [--seed S] [--workers W] [--level strong] [--pace 0] [--record FILE]

For every game with computer players (``games.computer_players.PLAYERS``) and each of its two
sides, seeded matches are played in one process as the bot runs them: the match service on a
temporary database, the entry delivery with its pictures drawn by the bot's render pool, and the
bot's computer driver (``bot.computers.driver.ComputerDriver``) deciding in the bot's
``ThinkingPool`` of ``--workers`` worker processes (the bot's default: 1). Discord is the
in-process double of the bot tests (``tests/bot/test_computer_players.Client``). The computer
(``--level``, default ``strong``) plays that side against a person scripted with the game's
``rules`` player, who moves only while no computer thinks.

For every step a computer commits it records ``turn``: from the moment the game started waiting
for it (the commit of the entry that asked it, or the match's start) to the commit of its move;
this includes telling the table that entry (the driver thinks only once it is posted), the
worker's round trip (``think``, also printed) and the commit. The bot holds a computer's first
step back to a human pace (``PALANTIR_COMPUTER_PACE``, 2 s by default); ``--pace`` (default 0)
is the driver's setting here, so the numbers are the thinking, not the pace. Meanwhile a probe
wakes every 10 ms on the event loop; its lateness while a computer thinks is ``lag``, the
table's responsiveness (a command waits at least that long for the loop).

Matches are played with seeds S, S+1, ... until N decisions of that side are recorded (the last
match is left unfinished). The seeds fix the deals and the person's moves; a search stopped by
its time cap chooses by how far it got, as at the table. Prints per game and side: decisions,
p50, p99, max of ``turn``, p99 of ``think``, p99 and max of ``lag``, and the slowest moments.
``--record FILE`` appends every decision as a JSON line. Numbers only; never used as a test.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import random
import sys
import tempfile
import time
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot import rendering  # noqa: E402
from bot.computers.driver import ComputerDriver  # noqa: E402
from bot.computers.identity import is_computer  # noqa: E402
from bot.computers.thinking import ThinkingPool  # noqa: E402
from bot.match_posts import Delivery  # noqa: E402
from bot.matches.live import ActResult, LiveMatch  # noqa: E402
from bot.service import MatchService  # noqa: E402
from bot.storage import Store  # noqa: E402
from games.computer_players import PLAYERS, decide_request  # noqa: E402
from games.core import find  # noqa: E402
from tests.bot.test_computer_players import Client  # noqa: E402

PERSON = 111
#: Options of each game's matches (the rest are the game's defaults).
OPTIONS: dict[str, dict[str, str]] = {"lotr-risk": {"players": "2"}}
#: How often the event-loop probe wakes (seconds).
PROBE = 0.01
#: Turns of the person's loop without anyone moving before a match is given up as stuck.
STUCK_SPINS = 2000


@dataclass(frozen=True)
class Decision:
    """One committed step of a computer: its match's seed, the version it decided at, how many
    legal actions it had, what it played, and its times (seconds)."""

    seed: int
    version: int
    choices: int
    action: str
    turn: float
    think: float


@dataclass
class Side:
    """A computer's side of one game, and what was measured of it."""

    game: str
    role: str
    decisions: list[Decision] = field(default_factory=list)
    lags: list[float] = field(default_factory=list)
    matches: int = 0


@dataclass
class Watch:
    """The instruments: each match version's commit time, the worker's round trip in progress
    and the last one (one match is played at a time), and the side being measured."""

    loop: asyncio.AbstractEventLoop
    side: Side | None = None
    committed: dict[tuple[int, int], float] = field(default_factory=dict)
    thinking: int = 0
    last_think: float = 0.0
    last_choices: int = 0

    def commit(self, match_id: int, version: int) -> None:
        self.committed[(match_id, version)] = self.loop.time()


class TimedPool(ThinkingPool):
    """The bot's pool, its round trips timed (the probe counts lag only while one runs)."""

    def __init__(self, workers: int, watch: Watch) -> None:
        super().__init__(workers)
        self.watch = watch

    async def decide(self, request: Mapping[str, Any]) -> str:
        began = self.watch.loop.time()
        self.watch.thinking += 1
        try:
            return await super().decide(request)
        finally:
            self.watch.thinking -= 1
            self.watch.last_think = self.watch.loop.time() - began
            self.watch.last_choices = len(request["actions"])


def timed_commits(service: MatchService, watch: Watch, side: Side, seed: int) -> None:
    """Wrap ``service.act`` (as the driver and the person call it) to time every commit."""
    act = service.act

    async def timed_act(match_id: int, user_id: int, action: Any, **kwargs: Any) -> ActResult:
        result = await act(match_id, user_id, action, **kwargs)
        now = watch.loop.time()
        watch.committed[(match_id, result.match.record.version)] = now
        asked: int | None = kwargs.get("expected_version")  # (the driver's: the version it decided at)
        began = None if asked is None else watch.committed.get((match_id, asked))
        if is_computer(user_id) and not result.duplicate and asked is not None and began is not None:
            side.decisions.append(
                Decision(seed, asked, watch.last_choices, str(action), now - began, watch.last_think)
            )
        return result

    service.act = timed_act


async def probe(watch: Watch) -> None:
    """Every :data:`PROBE` seconds, how late the loop woke us (counted while a computer thinks)."""
    while True:
        began = watch.loop.time()
        await asyncio.sleep(PROBE)
        late = watch.loop.time() - began - PROBE
        if watch.thinking and watch.side is not None:
            watch.side.lags.append(late)


def person_move(live: LiveMatch, role: str, rng: random.Random) -> str:
    """The scripted person's move: the game's rule-based player on the person's own view."""
    state = live.state or {}
    request = {
        "game": live.ruleset.name,
        "level": "rules",
        "role": role,
        "view": live.ruleset.view(state, role),
        "actions": [a.text for a in live.ruleset.legal_actions(state, role)],
        "seed": rng.randrange(2**62),
        "seconds": None,
    }
    return decide_request(request)


def finished(live: LiveMatch) -> bool:
    return live.state is None or live.state.get("result") is not None


async def play_match(
    store: Store, watch: Watch, pool: TimedPool, args: argparse.Namespace, side: Side
) -> None:
    """One match, the computer as ``side``, until it ends or ``--decisions`` of it are recorded."""
    game, seed = side.game, args.seed + side.matches
    side.matches += 1
    service = MatchService(store)
    timed_commits(service, watch, side, seed)
    delivery = Delivery(Client(), service)  # type: ignore[arg-type]
    driver = ComputerDriver(service, delivery, pool, pace=args.pace)
    delivery.on_told.append(driver.poke)
    ruleset = find(game)
    options = ruleset.resolve_options(OPTIONS.get(game, {}))
    person_side = next(r for r in ruleset.roles(options, ruleset.seats(options)[0]) if r != side.role)
    lobby = await service.create(
        guild_id=1, channel_id=2, user_id=PERSON, game=game, side=person_side, seed=seed, options=options
    )
    live = (await service.computers.add(lobby.id, PERSON, args.level)).match
    watch.commit(live.id, live.record.version)
    await delivery.announce_start(live)
    rng = random.Random(seed)
    spins = 0
    while len(side.decisions) < args.decisions:
        await driver.idle()
        live = await service.get(live.id)
        if finished(live):
            break
        if person_side not in live.active_roles():
            spins += 1
            if spins > STUCK_SPINS:
                print(f"  {game} seed {seed}: nobody moves at version {live.record.version}; given up")
                break
            await asyncio.sleep(0 if spins < 100 else 0.01)  # the computer's turn is being handed over
            driver.poke(live)
            continue
        spins = 0
        result = await service.act(live.id, PERSON, person_move(live, person_side, rng))
        await delivery.after_entry(result)
    await driver.idle()


def rank(values: list[float], q: float) -> float:
    """The ``q`` quantile by nearest rank (the p99 of 100 values is the 99th smallest)."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q * len(ordered)) - 1)] if ordered else float("nan")


HEADER = (
    f"{'game':16} {'side':10} {'decisions':>9} {'p50':>6} {'p99':>6} {'max':>6}"
    f" {'think p99':>9} {'lag p99':>8} {'lag max':>8} {'matches':>7}"
)


def summary(side: Side) -> str:
    """One row of the table (times in seconds, lags in milliseconds)."""
    turns = [d.turn for d in side.decisions]
    most = max(turns, default=0.0)
    think = rank([d.think for d in side.decisions], 0.99)
    lag_p99, lag_max = (rank(side.lags, 0.99) * 1000, max(side.lags) * 1000) if side.lags else (0.0, 0.0)
    return (
        f"{side.game:16} {side.role:10} {len(turns):>9} {rank(turns, 0.5):>6.2f} {rank(turns, 0.99):>6.2f}"
        f" {most:>6.2f} {think:>9.2f} {lag_p99:>6.0f}ms {lag_max:>6.0f}ms {side.matches:>7}"
    )


def slowest(side: Side, count: int) -> list[str]:
    """The slowest moments: which match, version, how many choices, what was played."""
    return [
        f"    slow: {d.turn:.2f} s (think {d.think:.2f}) seed {d.seed} v{d.version},"
        f" {d.choices} choices, played {d.action!r}"
        for d in sorted(side.decisions, key=lambda d: -d.turn)[:count]
    ]


def sides_of(args: argparse.Namespace) -> list[Side]:
    sides = []
    for game in [args.game] if args.game else list(PLAYERS):
        ruleset = find(game)
        options = ruleset.resolve_options(OPTIONS.get(game, {}))
        roles = ruleset.roles(options, ruleset.seats(options)[0])
        sides += [Side(game, role) for role in roles if args.side in (None, role)]
    return sides


def write_record(path: Path, side: Side, args: argparse.Namespace) -> None:
    with path.open("a", encoding="utf-8") as out:
        for d in side.decisions:
            row = {"game": side.game, "side": side.role, "level": args.level, "workers": args.workers}
            out.write(json.dumps({**row, **asdict(d)}) + "\n")


async def measure(args: argparse.Namespace) -> None:
    watch = Watch(asyncio.get_running_loop())
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(Path(folder) / "palantir.db")
        pool = TimedPool(args.workers, watch)
        prober = asyncio.create_task(probe(watch))
        try:
            began = time.perf_counter()
            if rendering.workers_setting() > 0:
                await rendering.POOL.warm_up()  # as the bot does when it connects
            await pool.warm_up()
            print(f"render and thinking workers started in {time.perf_counter() - began:.1f} s")
            print(HEADER)
            for side in sides_of(args):
                watch.side = side
                while len(side.decisions) < args.decisions:
                    await play_match(store, watch, pool, args, side)
                print(summary(side), *slowest(side, args.slowest), sep="\n", flush=True)
                if args.record:
                    write_record(Path(args.record), side, args)
        finally:
            prober.cancel()
            pool.shutdown()
            rendering.shutdown()
            await store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=list(PLAYERS), help="one game (default: every game)")
    parser.add_argument("--side", help="the computer's side only (default: each side in turn)")
    parser.add_argument("--decisions", type=int, default=60, help="decisions per game and side")
    parser.add_argument("--seed", type=int, default=1, help="the first match's seed")
    parser.add_argument("--workers", type=int, default=1, help="the thinking pool's worker processes")
    parser.add_argument("--level", default="strong", help="the computer's level")
    parser.add_argument("--pace", type=float, default=0.0, help="the driver's pace (the bot's default: 2)")
    parser.add_argument("--slowest", type=int, default=3, help="slowest moments printed per side")
    parser.add_argument("--record", help="append every decision to this file (JSON lines)")
    asyncio.run(measure(parser.parse_args()))


if __name__ == "__main__":
    main()
