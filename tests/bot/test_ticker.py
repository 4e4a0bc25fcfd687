"""Timeouts, reminders and expired lobbies, with a clock the test moves: the ticker's order,
exactly-once handling, catch-up after a stop, and timeouts that replay."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.clock import WallClock
from bot.pace import DAY, HOUR
from bot.service import ActResult, MatchService
from bot.storage import Store
from bot.storage import store as store_module
from bot.ticker import Ticker
from games.core import dump

from .conftest import NORTH_USER, SOUTH_USER

START = 1_800_000_000.0


class MovedClock(WallClock):
    def __init__(self) -> None:
        super().__init__(path="")
        self.at = START

    def now(self) -> float:
        return self.at


class Calls:
    def __init__(self, service: MatchService) -> None:
        self.service = service
        self.timeouts: list[tuple[int, str]] = []
        self.reminders: list[tuple[int, str, int]] = []
        self.expired: list[int] = []

    async def timed_out(self, result: ActResult) -> None:
        self.timeouts.append((result.match.id, result.role))

    async def remind(self, match_id: int, role: str, mark: int) -> None:
        await self.service.remind(match_id, role, mark)
        self.reminders.append((match_id, role, mark))

    async def expire(self, match_id: int) -> None:
        await self.service.expire_lobby(match_id)
        self.expired.append(match_id)


def ticker_for(service: MatchService, calls: Calls, clock: MovedClock) -> Ticker:
    return Ticker(
        service,
        on_timeout=calls.timed_out,
        on_reminder=calls.remind,
        on_expired_lobby=calls.expire,
        lobby_lifetime=2 * DAY,
        clock=clock,
    )


async def paced_match(service: MatchService, pace: str, seed: int = 7, first: int = NORTH_USER) -> int:
    live = await service.create(
        guild_id=1, channel_id=2, user_id=first, game="pebbles", side="north", seed=seed, pace=pace
    )
    joined = await service.join(live.id, SOUTH_USER if first == NORTH_USER else first + 1)
    assert joined.started
    return live.id


async def test_a_bank_that_runs_out_loses_on_time_once_and_the_timeout_replays(store: Store) -> None:
    clock = MovedClock()
    service = MatchService(store, clock=clock)
    calls = Calls(service)
    ticker = ticker_for(service, calls, clock)
    match_id = await paced_match(service, "1h")
    await service.act(match_id, NORTH_USER, "bid 3")  # North has answered; South's clock runs on
    clock.at += HOUR - 1
    await ticker.tick()
    assert calls.timeouts == []
    clock.at += 2
    await ticker.tick()
    await ticker.tick()  # exactly once
    assert calls.timeouts == [(match_id, "south")]
    live = await service.get(match_id)
    assert live.state is not None and live.state["result"]["reason"] == "timeout"
    assert live.state["result"]["winners"] == ["north"]
    assert live.ruleset.result_text(live.state["result"]) == "South ran out of time"
    entries = await store.actions(match_id)
    assert [(e.kind, e.role, e.action) for e in entries][-1] == ("resign", "south", "timeout")
    # A restarted bot rebuilds the match from its log: the timeout replays to the same state.
    again = MatchService(store, clock=clock)
    record = await store.get_match(match_id)
    assert record is not None
    rebuilt = await again.cache.rebuild(record, live.ruleset, 2)
    assert dump(rebuilt.state) == dump(live.state)


async def test_a_bot_down_past_several_deadlines_handles_them_in_deadline_order(db_path: Path) -> None:
    clock = MovedClock()
    store = await Store.open(db_path)
    service = MatchService(store, clock=clock)
    late = await paced_match(service, "3h", seed=1, first=501)
    soon = await paced_match(service, "1h", seed=2, first=601)
    await store.close()
    clock.at += 5 * HOUR  # the bot was down meanwhile
    store = await Store.open(db_path)
    service = MatchService(store, clock=clock)
    calls = Calls(service)
    await ticker_for(service, calls, clock).tick()
    # In each match both bid at once; the soonest deadline first, then match and role order.
    assert calls.timeouts == [(soon, "north"), (late, "north")]
    await ticker_for(service, calls, clock).tick()
    assert len(calls.timeouts) == 2, "each timeout is handled once"
    await store.close()


async def test_reminders_reach_only_the_awaited_player_once_per_mark(store: Store) -> None:
    clock = MovedClock()
    service = MatchService(store, clock=clock)
    calls = Calls(service)
    ticker = ticker_for(service, calls, clock)
    match_id = await paced_match(service, "2d")
    await service.act(match_id, NORTH_USER, "bid 3")
    clock.at += DAY + 60
    await ticker.tick()
    await ticker.tick()
    assert calls.reminders == [(match_id, "south", DAY)], "North is not waited on: never reminded"
    clock.at += DAY - 30 * 60  # 30 minutes before the end: the latest mark only
    await ticker.tick()
    assert calls.reminders[-1] == (match_id, "south", HOUR) and len(calls.reminders) == 2


async def test_no_clock_runs_while_a_match_is_paused(store: Store) -> None:
    clock = MovedClock()
    service = MatchService(store, clock=clock)
    calls = Calls(service)
    match_id = await paced_match(service, "1h")
    clock.at += 10 * 60
    _, done, missing = await service.vote_pause(match_id, NORTH_USER, pause=True)
    assert not done and missing == 1
    _, done, _ = await service.vote_pause(match_id, SOUTH_USER, pause=True)
    assert done
    clock.at += 5 * HOUR
    await ticker_for(service, calls, clock).tick()
    assert calls.timeouts == []
    live = await service.get(match_id)
    assert all(c.bank == HOUR - 10 * 60 and not c.running for c in live.clocks.values())
    await service.vote_pause(match_id, NORTH_USER, pause=False)
    await service.vote_pause(match_id, SOUTH_USER, pause=False)
    assert all(c.running for c in (await service.get(match_id)).clocks.values())
    clock.at += HOUR - 10 * 60 + 1
    await ticker_for(service, calls, clock).tick()
    assert [role for _, role in calls.timeouts] == ["north"]


async def test_an_old_lobby_expires_and_a_young_one_stays(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    clock = MovedClock()
    monkeypatch.setattr(store_module, "CLOCK", clock)  # rows are stamped by the same clock
    service = MatchService(store, clock=clock)
    calls = Calls(service)
    old = await service.create(guild_id=1, channel_id=2, user_id=NORTH_USER, game="pebbles")
    clock.at += DAY
    young = await service.create(guild_id=1, channel_id=2, user_id=SOUTH_USER, game="pebbles")
    clock.at += DAY + 60
    await ticker_for(service, calls, clock).tick()
    assert calls.expired == [old.id]
    assert (await store.get_match(old.id)).status == "abandoned"  # type: ignore[union-attr]
    assert (await store.get_match(young.id)).status == "lobby"  # type: ignore[union-attr]


async def test_a_move_after_the_bank_ran_out_is_refused_and_the_timeout_follows(store: Store) -> None:
    from bot.service import ServiceError

    clock = MovedClock()
    service = MatchService(store, clock=clock)
    calls = Calls(service)
    match_id = await paced_match(service, "1h+1h")
    await service.act(match_id, NORTH_USER, "bid 3")
    clock.at += HOUR + 5  # South's bank has just run out; the ticker has not ticked yet
    with pytest.raises(ServiceError, match="time bank has run out"):
        await service.act(match_id, SOUTH_USER, "bid 1")
    await ticker_for(service, calls, clock).tick()
    assert calls.timeouts == [(match_id, "south")]


async def test_one_failing_match_does_not_stop_the_others(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    clock = MovedClock()
    service = MatchService(store, clock=clock)
    calls = Calls(service)
    broken = await paced_match(service, "1h", seed=1, first=501)
    fine = await paced_match(service, "2h", seed=2, first=601)
    real = service.time_out

    async def failing(match_id: int, role: str) -> ActResult | None:
        if match_id == broken:
            raise RuntimeError("a damaged match")
        return await real(match_id, role)

    monkeypatch.setattr(service, "time_out", failing)
    clock.at += 3 * HOUR
    await ticker_for(service, calls, clock).tick()
    assert [m for m, _ in calls.timeouts] == [fine]


async def test_a_move_makes_earlier_pause_votes_void(store: Store) -> None:
    service = MatchService(store, clock=MovedClock())
    match_id = await paced_match(service, "1h")
    await service.vote_pause(match_id, NORTH_USER, pause=True)
    await service.act(match_id, NORTH_USER, "bid 3")
    _, done, missing = await service.vote_pause(match_id, SOUTH_USER, pause=True)
    assert not done and missing == 1, "North's consent was given before the move"
