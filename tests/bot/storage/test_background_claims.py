"""Background work shared by several bot processes on one database: each item is claimed
(``bot.leases``), so one process does it, and a claim left by a process that died is taken over
once it runs out. Each "process" is a store and a match service of its own on the same
database; the clock is the test's (claims run out on it, nothing here sleeps)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from types import SimpleNamespace

import pytest

from bot.app import LEAGUE_RECOVERY_EVERY, PalantirBot
from bot.catch_up import ANNOUNCE_SECONDS, Announcer, announcing
from bot.computers.zombie import RESIGN, VOTE_LIFETIME
from bot.leases import ITEM_SECONDS
from bot.pace import DAY, HOUR
from bot.service import MatchService
from bot.storage import Store
from bot.ticker import Ticker
from tests.bot.conftest import NORTH_USER, started_pebbles
from tests.bot.leagues.test_league_outbox import two_sweeps_post_once
from tests.bot.test_ticker import Calls, MovedClock, paced_match
from tests.bot.test_zombie_mode import casual

Pair = tuple[MatchService, MatchService]


@pytest.fixture
def clock() -> MovedClock:
    return MovedClock()


@pytest.fixture
async def pair(database: str, clock: MovedClock) -> AsyncIterator[Pair]:
    """Two bot processes' match services on one database, on the test's clock."""
    first, second = await Store.open(database), await Store.open(database)
    yield MatchService(first, clock=clock), MatchService(second, clock=clock)
    await first.close()
    await second.close()


def ticker(service: MatchService, calls: Calls, clock: MovedClock) -> Ticker:
    return Ticker(
        service,
        on_timeout=calls.timed_out,
        on_reminder=calls.remind,
        on_expired_lobby=calls.expire,
        lobby_lifetime=2 * DAY,
        clock=clock,
    )


async def test_a_claim_is_its_holders_until_it_runs_out(pair: Pair, clock: MovedClock) -> None:
    a, b = pair
    assert await a.leases.claim("item", 60)
    assert not await b.leases.claim("item", 60), "held by the other process"
    assert await a.leases.claim("item", 60), "its holder may claim it again (and so keep it)"
    await b.leases.release("item")  # not his: nothing happens
    assert not await b.leases.claim("item", 60)
    clock.at += 60  # a died: its claim runs out
    assert await b.leases.claim("item", 60)
    assert not await a.leases.claim("item", 60)
    assert await a.store.lease_holder("item", clock.now()) == b.leases.holder
    await b.leases.release("item")
    assert await a.store.lease_holder("item", clock.now()) is None
    assert await a.leases.claim("item", 60)


async def test_periodic_work_is_one_processs_turn_at_a_time(pair: Pair, clock: MovedClock) -> None:
    a, b = pair
    assert await a.leases.turn("sweep", 300)
    assert not await a.leases.turn("sweep", 300), "not again before its time, not even by a"
    assert not await b.leases.turn("sweep", 300)
    clock.at += 300
    assert await b.leases.turn("sweep", 300)
    assert not await a.leases.turn("sweep", 300)


async def test_two_tickers_time_a_bank_out_once(pair: Pair, clock: MovedClock) -> None:
    a, b = pair
    match_id = await paced_match(a, "1h")
    await a.act(match_id, NORTH_USER, "bid 3")
    await b.get(match_id)  # both processes hold the match
    calls = [Calls(a), Calls(b)]
    clock.at += HOUR + 1
    await asyncio.gather(ticker(a, calls[0], clock).tick(), ticker(b, calls[1], clock).tick())
    assert calls[0].timeouts + calls[1].timeouts == [(match_id, "south")], "done (and announced) once"
    entries = await a.store.actions(match_id)
    assert [(e.kind, e.action) for e in entries].count(("resign", "timeout")) == 1


async def test_two_tickers_send_a_reminder_once_and_close_a_lobby_once(pair: Pair, clock: MovedClock) -> None:
    a, b = pair
    match_id = await paced_match(a, "2d")
    await a.act(match_id, NORTH_USER, "bid 3")
    lobby = await a.create(guild_id=1, channel_id=2, user_id=700, game="pebbles")
    await b.get(match_id)
    await b.get(lobby.id)
    calls = [Calls(a), Calls(b)]
    clock.at += DAY + 60
    await asyncio.gather(ticker(a, calls[0], clock).tick(), ticker(b, calls[1], clock).tick())
    assert calls[0].reminders + calls[1].reminders == [(match_id, "south", DAY)]
    assert calls[0].expired + calls[1].expired == [lobby.id]
    clock.at += ITEM_SECONDS  # the claims run out; the work is done, so nobody does it again
    await asyncio.gather(ticker(a, calls[0], clock).tick(), ticker(b, calls[1], clock).tick())
    assert len(calls[0].reminders + calls[1].reminders) == 1
    assert len(calls[0].expired + calls[1].expired) == 1


async def test_a_timeout_a_dead_process_claimed_is_taken_over_when_its_claim_runs_out(
    pair: Pair, clock: MovedClock
) -> None:
    a, b = pair
    match_id = await paced_match(a, "1h")
    await a.act(match_id, NORTH_USER, "bid 3")
    clock.at += HOUR + 1
    ((_, role, running, _),) = await a.store.running_clocks()
    # a claims the timeout and dies before committing it (its claim is never given back).
    assert await a.leases.claim(f"timeout:{match_id}:{role}:{running.running_since}")
    calls = Calls(b)
    await ticker(b, calls, clock).tick()
    assert calls.timeouts == [], "claimed by a: b leaves it"
    clock.at += ITEM_SECONDS
    await ticker(b, calls, clock).tick()
    assert calls.timeouts == [(match_id, "south")], "taken over once a's claim ran out"
    await ticker(b, calls, clock).tick()
    assert len(calls.timeouts) == 1


def announcer(
    service: MatchService, seen: list[tuple[str, int]], name: str, hold: asyncio.Event | None = None
) -> Announcer:
    """An announcer whose catch-up tells what is behind, as the real one, and notes it."""
    store = service.store

    async def catch_up(match_id: int) -> None:
        record = await store.get_match(match_id)
        posted = await store.get_message(match_id, "prompt")
        assert record is not None
        if posted is not None and posted.version >= record.version:
            return  # told already (by the other process): nothing to post
        if hold is not None:
            holding.set()
            await hold.wait()
        seen.append((name, match_id))
        await store.set_message(match_id, "prompt", 1, 2, record.version)

    holding = asyncio.Event()
    made = Announcer(catch_up, store, pause=0.0, leases=service.leases)
    made.holding = holding  # type: ignore[attr-defined]
    return made


async def test_two_announcers_tell_each_match_once(pair: Pair) -> None:
    a, b = pair
    ids = [(await started_pebbles(a, seed=seed)).id for seed in range(2)]
    seen: list[tuple[str, int]] = []
    release = asyncio.Event()
    first = announcer(a, seen, "a", hold=release)
    second = announcer(b, seen, "b")
    sweeping = asyncio.create_task(first.sweep())
    await first.holding.wait()  # type: ignore[attr-defined]  # a is telling the first match
    await second.sweep()
    assert seen == [("b", ids[1])], "b leaves the match a is telling"
    release.set()
    await sweeping
    assert sorted(seen) == [("a", ids[0]), ("b", ids[1])]
    assert await a.store.behind_in_discord() == []


@pytest.mark.sqlite_only  # on PostgreSQL an advisory lock, let go when a process dies: test_several_processes
async def test_a_match_a_dead_process_was_announcing_is_caught_up_when_its_claim_runs_out(
    pair: Pair, clock: MovedClock
) -> None:
    a, b = pair
    match_id = (await started_pebbles(a)).id
    assert await a.leases.claim(announcing(match_id), ANNOUNCE_SECONDS)  # and a dies announcing it
    seen: list[tuple[str, int]] = []
    second = announcer(b, seen, "b")
    await second.sweep()
    assert seen == []
    clock.at += ANNOUNCE_SECONDS
    await second.sweep()
    assert seen == [("b", match_id)]


async def test_one_process_brings_the_leagues_up_to_date_every_few_minutes(
    pair: Pair, clock: MovedClock
) -> None:
    recovered: list[str] = []

    def bot(name: str, service: MatchService) -> SimpleNamespace:
        async def recover_leagues() -> None:
            recovered.append(name)

        async def nothing_due() -> list[object]:
            return []

        leagues = SimpleNamespace(due_to_start=nothing_due)
        return SimpleNamespace(
            store=service.store, service=service, leagues=leagues, recover_leagues=recover_leagues
        )

    bots = [bot("a", pair[0]), bot("b", pair[1])]

    async def tick() -> None:
        await asyncio.gather(*(PalantirBot.start_due_leagues(b) for b in bots))  # type: ignore[arg-type]

    await tick()
    await tick()
    assert len(recovered) == 1, "one process, once"
    clock.at += LEAGUE_RECOVERY_EVERY
    await tick()
    assert len(recovered) == 2


async def test_two_processes_sweeping_the_league_outbox_post_each_line_once(pair: Pair) -> None:
    await two_sweeps_post_once(*pair)


async def test_a_lapsed_zombie_vote_is_closed_by_one_process(pair: Pair, clock: MovedClock) -> None:
    a, b = pair
    live = await casual(a)
    assert await a.zombie.open(live.id, NORTH_USER, RESIGN) is not None
    await b.get(live.id)
    clock.at += VOTE_LIFETIME
    closed = await asyncio.gather(a.zombie.lapsed(), b.zombie.lapsed())
    assert len(closed[0] + closed[1]) == 1, "the leaving stands once, told once"
    resignations = [e for e in await a.store.actions(live.id) if e.kind == "resign"]
    assert len(resignations) == 1
