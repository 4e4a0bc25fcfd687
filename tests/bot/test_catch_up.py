"""The announcer: sweeps of the matches behind in Discord, one at a time, never two at once."""

from __future__ import annotations

import asyncio
import contextlib
import io
from pathlib import Path

import discord

from bot import discord_send
from bot.catch_up import Announcer
from bot.service import MatchService
from bot.storage import Store

from .conftest import started_pebbles
from .test_discord_send import Sleeps, Target, http_error


async def behind_matches(service: MatchService, count: int) -> list[int]:
    """Started matches never announced (as a crash after the commit leaves them)."""
    return [(await started_pebbles(service, seed=seed)).id for seed in range(count)]


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


async def test_a_sweep_catches_up_each_behind_match_once_with_pauses(
    store: Store, service: MatchService
) -> None:
    ids = await behind_matches(service, 3)
    seen: list[int] = []

    async def catch_up(match_id: int) -> None:
        seen.append(match_id)
        if match_id == ids[1]:
            version = (await store.get_match(match_id)).version  # type: ignore[union-attr]
            await store.set_message(match_id, "prompt", 1, 2, version)  # posted: no longer behind

    announcer = Announcer(catch_up, store, pause=0.0)
    assert await announcer.sweep() == 3
    assert seen == ids
    assert await store.behind_in_discord() == [ids[0], ids[2]]


async def test_two_sweeps_never_run_at_once(store: Store, service: MatchService) -> None:
    ids = await behind_matches(service, 2)
    running, most, release = 0, 0, asyncio.Event()
    calls: list[int] = []

    async def slow(match_id: int) -> None:
        nonlocal running, most
        running += 1
        most = max(most, running)
        calls.append(match_id)
        await release.wait()
        running -= 1

    announcer = Announcer(slow, store, pause=0.0)
    first = asyncio.create_task(announcer.sweep())
    await asyncio.sleep(0.05)
    assert await announcer.sweep() == 0, "a second sweep while one runs does nothing"
    release.set()
    assert await first == 2
    assert most == 1 and calls == ids


async def test_fresh_commits_are_left_to_their_own_delivery_unless_nudged(
    store: Store, service: MatchService
) -> None:
    seen: list[int] = []

    async def catch_up(match_id: int) -> None:
        seen.append(match_id)

    announcer = Announcer(catch_up, store, pause=0.0)  # started before the commits below
    ids = await behind_matches(service, 2)
    assert await announcer.sweep() == 0 and seen == []
    announcer.nudge(ids[1])
    assert await announcer.sweep() == 1 and seen == [ids[1]]


async def test_a_nudge_brings_the_next_sweep_forward(store: Store, service: MatchService) -> None:
    seen: list[int] = []
    done = asyncio.Event()

    async def catch_up(match_id: int) -> None:
        seen.append(match_id)
        done.set()

    announcer = Announcer(catch_up, store, every=3600.0, settle=0.01, pause=0.0)
    announcer.start()
    try:
        await asyncio.sleep(0.05)
        assert announcer.sweeps == 1 and seen == []  # the start-up sweep found nothing
        ids = await behind_matches(service, 1)
        announcer.nudge(ids[0])
        await asyncio.wait_for(done.wait(), 5)
        assert seen == ids and announcer.sweeps == 2
    finally:
        await announcer.stop()


async def test_a_held_match_is_skipped_and_a_given_up_post_nudges(
    store: Store, service: MatchService
) -> None:
    ids = await behind_matches(service, 2)
    seen: list[int] = []

    async def catch_up(match_id: int) -> None:
        seen.append(match_id)

    announcer = Announcer(catch_up, store, pause=0.0)
    async with announcer.delivering(ids[0]):
        assert announcer.busy(ids[0])
        async with announcer.delivering(ids[0]):  # re-entrant: a delivery calling another one
            assert await announcer.sweep() == 1
    assert seen == [ids[1]] and not announcer.busy(ids[0])
    async with announcer.delivering(ids[0]):
        with contextlib.suppress(discord_send.PostFailed):  # a delivery logs it and carries on
            await discord_send.send(Target(http_error(503)), content="x", delays=(), sleep=Sleeps())
    assert announcer._wake.is_set() and ids[0] in announcer._nudged


async def test_a_sweep_stops_at_the_first_post_discord_refuses_for_now(
    store: Store, service: MatchService
) -> None:
    ids = await behind_matches(service, 3)
    seen: list[int] = []

    async def catch_up(match_id: int) -> None:
        seen.append(match_id)
        file = discord.File(io.BytesIO(b"png"), filename="b.png")
        await discord_send.send(Target(http_error(503)), content="x", file=file, delays=(), sleep=Sleeps())

    announcer = Announcer(catch_up, store, pause=0.0)
    assert await announcer.sweep() == 1 and seen == ids[:1]
    assert not announcer._wake.is_set(), "its own failure does not call for another sweep at once"


async def test_a_match_that_stays_behind_is_tried_less_and_less_often(
    store: Store, service: MatchService
) -> None:
    ids = await behind_matches(service, 1)
    seen: list[float] = []
    clock = Clock()

    async def catch_up(match_id: int) -> None:
        seen.append(clock.now)  # posts nothing: e.g. its channel is gone

    announcer = Announcer(catch_up, store, every=30.0, pause=0.0, clock=clock)
    for _ in range(6):
        await announcer.sweep()
        clock.now += 30.0
    assert seen == [1000.0, 1030.0, 1090.0], "30 s, then 60 s, then 120 s between attempts"
    announcer.nudge(ids[0])
    await announcer.sweep()
    assert len(seen) == 4, "a nudge tries at once"


async def test_catch_up_at_start_up_counts_commits_made_before_the_announcer(db_path: Path) -> None:
    store = await Store.open(db_path)
    try:
        ids = await behind_matches(MatchService(store), 2)
        seen: list[int] = []

        async def catch_up(match_id: int) -> None:
            seen.append(match_id)

        assert await Announcer(catch_up, store, pause=0.0).sweep() == 2 and seen == ids
    finally:
        await store.close()
