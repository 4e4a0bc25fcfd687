"""The fake gateway's shards, spoken directly: the shard count of ``GET /gateway/bot``, IDENTIFY
with ``[shard_id, shard_count]``, a session per shard, each guild's events on its shard only
(``(guild_id >> 22) % shard_count``), DMs and DM interactions on shard 0 only."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest

from tests.fakediscord import FakeDiscord
from tests.fakediscord.gateway import shard_of
from tests.fakediscord.interactions import MESSAGE_COMPONENT
from tests.fakediscord.test_protocol import RawGateway, auth

SHARDS = 3


@pytest.fixture
async def fd() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord(shards=SHARDS) as server:
        yield server


async def identify(http: aiohttp.ClientSession, fd: FakeDiscord, shard: list[int] | None) -> RawGateway:
    ws = await http.ws_connect(f"{fd.gateway_url}?v=10&encoding=json&compress=zlib-stream")
    gw = RawGateway(ws)
    assert (await gw.recv())["op"] == 10
    payload: dict[str, Any] = {"token": fd.token, "intents": 1, "properties": {}}
    if shard is not None:
        payload["shard"] = shard
    await gw.send(2, payload)
    return gw


async def dispatches(gw: RawGateway, count: int) -> list[dict[str, Any]]:
    return [await gw.recv() for _ in range(count)]


async def test_each_shard_gets_its_own_session_and_only_its_guilds_events(fd: FakeDiscord) -> None:
    guilds = [fd.create_guild(f"g{shard}", shard=shard) for shard in range(SHARDS)]
    assert [shard_of(g.id, SHARDS) for g in guilds] == [0, 1, 2]
    async with aiohttp.ClientSession() as http:
        async with http.get(f"{fd.api_base}/gateway/bot", headers=auth(fd)) as r:
            assert (await r.json())["shards"] == SHARDS
        gateways = [await identify(http, fd, [shard, SHARDS]) for shard in range(SHARDS)]
        sessions = set()
        for shard, gw in enumerate(gateways):
            ready, created = await dispatches(gw, 2)
            assert ready["t"] == "READY" and ready["d"]["shard"] == [shard, SHARDS]
            assert [g["id"] for g in ready["d"]["guilds"]] == [str(guilds[shard].id)]
            assert (created["t"], created["d"]["id"], created["s"]) == (
                "GUILD_CREATE",
                str(guilds[shard].id),
                2,
            )
            sessions.add(ready["d"]["session_id"])
        assert len(sessions) == SHARDS and fd.gateway.identifies == SHARDS
        assert fd.gateway.ready.is_set(), "every shard is connected"
        # A channel made in the guild of shard 2 is told to shard 2 alone.
        guilds[2].create_text_channel("games")
        told = await gateways[2].recv()
        assert (told["t"], told["d"]["guild_id"], told["s"]) == ("CHANNEL_CREATE", str(guilds[2].id), 3)
        # A click in a DM goes to shard 0 only, a click in a server to that server's shard only.
        alice = fd.create_user("alice")
        dm = fd.interactions.build(
            alice, fd.dm_channel_for(alice), MESSAGE_COMPONENT, {"custom_id": "x"}, None
        )
        assert fd.gateway.dispatch("INTERACTION_CREATE", dm.payload)
        here = fd.interactions.build(
            alice,
            guilds[1].channels[0] if guilds[1].channels else guilds[1].create_text_channel("c"),
            MESSAGE_COMPONENT,
            {"custom_id": "y"},
            None,
        )
        assert fd.gateway.dispatch("INTERACTION_CREATE", here.payload)
        on_zero = await gateways[0].recv()
        assert (on_zero["t"], on_zero["d"]["id"]) == ("INTERACTION_CREATE", str(dm.id))
        channel, on_one = await dispatches(gateways[1], 2)
        assert channel["t"] == "CHANNEL_CREATE"
        assert (on_one["t"], on_one["d"]["id"], on_one["d"]["guild_id"]) == (
            "INTERACTION_CREATE",
            str(here.id),
            str(guilds[1].id),
        )
        # Nothing else reached any shard: a heartbeat's ACK is the next frame on each.
        for gw in gateways:
            await gw.send(1, None)
            assert (await gw.recv())["op"] == 11
        for gw in gateways:
            await gw.ws.close()


async def test_a_lost_shard_resumes_its_own_session_and_the_others_are_untouched(fd: FakeDiscord) -> None:
    guilds = [fd.create_guild(f"g{shard}", shard=shard) for shard in range(SHARDS)]
    async with aiohttp.ClientSession() as http:
        gateways = [await identify(http, fd, [shard, SHARDS]) for shard in range(SHARDS)]
        ready = [(await dispatches(gw, 2))[0]["d"]["session_id"] for gw in gateways]
        await gateways[1].ws.close()
        while fd.gateway.shard_connected(1):  # until the fake has read the close
            await asyncio.sleep(0.01)
        assert not fd.gateway.ready.is_set(), "a shard is missing"
        fd.create_guild("late", shard=1).create_text_channel("x")  # buffered for shard 1's session
        ws = await http.ws_connect(f"{fd.gateway_url}?v=10&encoding=json&compress=zlib-stream")
        again = RawGateway(ws)
        await again.recv()
        await again.send(6, {"token": fd.token, "session_id": ready[1], "seq": 2})
        replay = await dispatches(again, 3)
        assert [p["t"] for p in replay] == ["GUILD_CREATE", "CHANNEL_CREATE", "RESUMED"]
        assert fd.gateway.by_shard[1].id == ready[1] and fd.gateway.resumes == 1
        for shard in (0, 2):
            await gateways[shard].send(1, None)
            assert (await gateways[shard].recv())["op"] == 11, "the other shards heard nothing"
        assert len({g.id for g in guilds}) == SHARDS
        for gw in (gateways[0], gateways[2], again):
            await gw.ws.close()


@pytest.mark.parametrize(("shard", "code"), [(None, 4011), ([0, 2], 4011), ([3, 3], 4010), ([0, 5], 4010)])
async def test_an_identify_that_does_not_fit_the_shard_count_is_closed(
    fd: FakeDiscord, shard: list[int] | None, code: int
) -> None:
    async with aiohttp.ClientSession() as http:
        gw = await identify(http, fd, shard)
        msg = await gw.ws.receive(timeout=5)
        assert msg.type == aiohttp.WSMsgType.CLOSE and msg.data == code
    assert len(fd.protocol_errors) == 1 and fd.gateway.identifies == 0
    fd.protocol_errors.clear()
