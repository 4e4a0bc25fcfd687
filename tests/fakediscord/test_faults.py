"""Injected failures of the fake's REST API (``fd.fail_next``), spoken with raw HTTP."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import aiohttp
import pytest

from tests.fakediscord import FakeDiscord


@pytest.fixture
async def fd() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord() as server:
        yield server


def auth(fd: FakeDiscord) -> dict[str, str]:
    return {"Authorization": f"Bot {fd.token}"}


async def test_a_one_off_503_answers_the_next_matching_request_only(fd: FakeDiscord) -> None:
    games = fd.create_guild("g").create_text_channel("games")
    other = games.guild.create_text_channel("other") if games.guild else None
    assert other is not None
    fault = fd.fail_next("POST", "/channels/{channel}/messages", status=503)
    base = f"{fd.api_base}/channels"
    async with aiohttp.ClientSession(headers=auth(fd)) as http:
        async with http.get(f"{base}/{games.id}") as r:  # another method: served
            assert r.status == 200
        async with http.post(f"{base}/{games.id}/messages", json={"content": "lost"}) as r:
            assert r.status == 503 and r.headers["Content-Type"] == "application/json"
            assert (await r.json())["code"] == 0
        async with http.post(f"{base}/{other.id}/messages", json={"content": "kept"}) as r:
            assert r.status == 200
    assert [m.content for m in games.messages] == [] and [m.content for m in other.messages] == ["kept"]
    assert fault.hits == 1 and not fault.active
    assert fd.injected == [("POST", f"/channels/{games.id}/messages", 503)]


async def test_an_outage_lasts_until_cleared_and_paths_can_be_exact(fd: FakeDiscord) -> None:
    games = fd.create_guild("g").create_text_channel("games")
    url = f"{fd.api_base}/channels/{games.id}/messages"
    outage = fd.fail_next("POST", f"/channels/{games.id}/messages", status=502, times=None)
    async with aiohttp.ClientSession(headers=auth(fd)) as http:
        for _ in range(3):
            async with http.post(url, json={"content": "x"}) as r:
                assert r.status == 502
        outage.clear()
        async with http.post(url, json={"content": "back"}) as r:
            assert r.status == 200
    assert outage.hits == 3 and [m.content for m in games.messages] == ["back"]


async def test_a_failure_after_the_write_and_a_retry_with_the_same_nonce(fd: FakeDiscord) -> None:
    """The message was stored but the answer lost: Discord's enforce_nonce makes the retry safe."""
    games = fd.create_guild("g").create_text_channel("games")
    url = f"{fd.api_base}/channels/{games.id}/messages"
    fd.fail_next("POST", "/channels/{c}/messages", status=503, after=True)
    body = {"content": "once", "nonce": "12345", "enforce_nonce": True}
    async with aiohttp.ClientSession(headers=auth(fd)) as http:
        async with http.post(url, json=body) as r:
            assert r.status == 503
        async with http.post(url, json=body) as r:
            assert r.status == 200
            again = await r.json()
        async with http.post(url, json={**body, "nonce": "999"}) as r:
            assert r.status == 200 and (await r.json())["id"] != again["id"]
    assert [m.content for m in games.messages] == ["once", "once"]
    assert again["id"] == str(games.messages[0].id) and again["nonce"] == "12345"


async def test_an_enforced_nonce_is_per_author_across_channels_for_a_few_minutes(fd: FakeDiscord) -> None:
    """Discord: the same author's nonce "in the past few minutes" returns the message created
    then, whatever the channel; an older one, or one sent without enforce_nonce, does not."""
    guild = fd.create_guild("g")
    games, other = guild.create_text_channel("games"), guild.create_text_channel("other")
    body = {"content": "once", "nonce": "777", "enforce_nonce": True}
    async with aiohttp.ClientSession(headers=auth(fd)) as http:

        async def post(channel_id: int, payload: dict[str, object]) -> str:
            async with http.post(f"{fd.api_base}/channels/{channel_id}/messages", json=payload) as r:
                assert r.status == 200
                return str((await r.json())["id"])

        first = await post(games.id, body)
        assert await post(other.id, {**body, "content": "elsewhere"}) == first
        assert await post(other.id, {"content": "free", "nonce": "777"}) != first  # not enforced
        fd.rest.nonce_window = 0.0  # the few minutes are over
        later = await post(games.id, body)
    assert later != first
    assert [m.content for m in games.messages] == ["once", "once"]
    assert [m.content for m in other.messages] == ["free"]


async def test_a_hung_request_waits_until_cleared_and_stores_nothing(fd: FakeDiscord) -> None:
    games = fd.create_guild("g").create_text_channel("games")
    stuck = fd.fail_next("POST", "/channels/{c}/messages", status=503, hang=True)
    async with aiohttp.ClientSession(headers=auth(fd)) as http:

        async def post() -> int:
            async with http.post(f"{fd.api_base}/channels/{games.id}/messages", json={"content": "x"}) as r:
                return r.status

        pending = asyncio.create_task(post())
        while not stuck.hits:
            await asyncio.sleep(0.01)
        await asyncio.sleep(0.05)
        assert not pending.done(), "a hung request is not answered"
        stuck.clear()
        assert await pending == 503
        assert await post() == 200
    assert [m.content for m in games.messages] == ["x"]


async def test_a_429_says_how_long_to_wait(fd: FakeDiscord) -> None:
    games = fd.create_guild("g").create_text_channel("games")
    fd.fail_next("POST", "/channels/{c}/messages", status=429, retry_after=0.5)
    async with (
        aiohttp.ClientSession(headers=auth(fd)) as http,
        http.post(f"{fd.api_base}/channels/{games.id}/messages", json={"content": "x"}) as r,
    ):
        assert r.status == 429 and r.headers["Retry-After"] == "0.5"
        data = await r.json()
    assert data["retry_after"] == 0.5 and data["global"] is False
