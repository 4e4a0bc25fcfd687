"""The fake's REST and gateway protocol, spoken directly (no discord.py client involved)."""

from __future__ import annotations

import json
import zlib
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest

from tests.fakediscord import FakeDiscord


@pytest.fixture
async def fd() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord() as server:
        yield server


def auth(fd: FakeDiscord) -> dict[str, str]:
    return {"Authorization": f"Bot {fd.token}"}


def form(payload: dict[str, Any], *files: tuple[str, bytes]) -> aiohttp.FormData:
    data = aiohttp.FormData()
    data.add_field("payload_json", json.dumps(payload), content_type="application/json")
    for i, (name, blob) in enumerate(files):
        data.add_field(f"files[{i}]", blob, filename=name, content_type="image/png")
    return data


async def test_messages_with_attachments_edit_keep_list_and_delete(fd: FakeDiscord) -> None:
    guild = fd.create_guild("g")
    games = guild.create_text_channel("games")
    base = f"{fd.api_base}/channels/{games.id}/messages"
    async with aiohttp.ClientSession(headers=auth(fd)) as http:
        async with http.post(base, data=form({"content": "hi"}, ("a.png", b"AAA"), ("b.png", b"BB"))) as r:
            assert r.status == 200 and r.headers["Content-Type"] == "application/json"
            sent = await r.json()
        assert [a["filename"] for a in sent["attachments"]] == ["a.png", "b.png"]
        async with http.get(sent["attachments"][1]["url"]) as r:
            assert await r.read() == b"BB"
        keep = {"content": "edited", "attachments": [{"id": sent["attachments"][0]["id"]}]}
        async with http.patch(f"{base}/{sent['id']}", data=form(keep, ("c.png", b"C"))) as r:
            edited = await r.json()
        assert edited["content"] == "edited" and edited["edited_timestamp"]
        assert [a["filename"] for a in edited["attachments"]] == ["a.png", "c.png"]
        async with http.get(base, params={"limit": "5"}) as r:
            assert [m["id"] for m in await r.json()] == [sent["id"]]
        async with http.delete(f"{base}/{sent['id']}") as r:
            assert r.status == 204
        async with http.get(f"{base}/{sent['id']}") as r:
            assert r.status == 404 and (await r.json())["code"] == 10008
    message = fd.messages[int(sent["id"])]
    assert message.deleted and games.messages == [] and len(message.history) == 1


async def test_discord_limits_and_auth_are_enforced(fd: FakeDiscord) -> None:
    games = fd.create_guild("g").create_text_channel("games")
    base = f"{fd.api_base}/channels/{games.id}/messages"
    async with aiohttp.ClientSession() as anonymous, anonymous.post(base, json={"content": "x"}) as r:
        assert r.status == 401
    rows = [
        {"type": 1, "components": [{"type": 2, "style": 1, "label": "b", "custom_id": f"c{i}"}]}
        for i in range(6)
    ]
    async with aiohttp.ClientSession(headers=auth(fd)) as http:
        for bad in ({"content": "x" * 2001}, {"content": ""}, {"content": "x", "components": rows}):
            async with http.post(base, json=bad) as r:
                assert r.status == 400 and (await r.json())["code"] in (50035, 50006)
    assert len(fd.protocol_errors) == 3 and games.messages == []
    fd.protocol_errors.clear()


async def test_dms_to_open_and_closed_users_and_threads(fd: FakeDiscord) -> None:
    guild = fd.create_guild("g")
    games = guild.create_text_channel("games")
    open_, closed = fd.create_user("open"), fd.create_user("closed", dms_open=False)
    async with aiohttp.ClientSession(headers=auth(fd)) as http:
        for user, status in ((open_, 200), (closed, 403)):
            async with http.post(
                f"{fd.api_base}/users/@me/channels", json={"recipient_id": str(user.id)}
            ) as r:
                channel = await r.json()
            assert channel["type"] == 1 and channel["recipients"][0]["id"] == str(user.id)
            async with http.post(
                f"{fd.api_base}/channels/{channel['id']}/messages", json={"content": "psst"}
            ) as r:
                assert r.status == status
                if status == 403:
                    assert await r.json() == {"message": "Cannot send messages to this user", "code": 50007}
        async with http.post(
            f"{fd.api_base}/channels/{games.id}/threads", json={"name": "t", "type": 11}
        ) as r:
            thread = await r.json()
        assert thread["parent_id"] == str(games.id) and thread["type"] == 11
    assert [m.content for m in open_.dms] == ["psst"] and closed.dms == [] and closed.refused_dms == 1
    assert games.threads[0].name == "t"


class RawGateway:
    """A minimal gateway client: zlib-stream frames in, JSON out."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.ws = ws
        self.inflate = zlib.decompressobj()

    async def recv(self) -> dict[str, Any]:
        frame = await self.ws.receive_bytes(timeout=5)
        assert frame.endswith(b"\x00\x00\xff\xff"), "each message ends with a Z_SYNC_FLUSH"
        payload: dict[str, Any] = json.loads(self.inflate.decompress(frame))
        return payload

    async def send(self, op: int, d: Any) -> None:
        await self.ws.send_str(json.dumps({"op": op, "d": d}))


async def test_gateway_identify_heartbeat_resume_and_replay(fd: FakeDiscord) -> None:
    guild = fd.create_guild("g")
    guild.create_text_channel("games")
    async with aiohttp.ClientSession() as http:
        async with http.get(f"{fd.api_base}/gateway/bot", headers=auth(fd)) as r:
            url = (await r.json())["url"]
        async with http.ws_connect(f"{url}?v=10&encoding=json&compress=zlib-stream") as ws:
            gw = RawGateway(ws)
            assert (await gw.recv())["op"] == 10
            await gw.send(2, {"token": fd.token, "intents": 1, "properties": {}})
            ready, created = await gw.recv(), await gw.recv()
            assert (ready["t"], ready["s"], created["t"], created["s"]) == ("READY", 1, "GUILD_CREATE", 2)
            assert created["d"]["channels"][0]["name"] == "games"
            await gw.send(1, 2)
            assert (await gw.recv())["op"] == 11
            session = ready["d"]["session_id"]
        fd.gateway.dispatch("TYPING_START", {"n": 1})  # missed while disconnected
        fd.gateway.dispatch("TYPING_START", {"n": 2})
        async with http.ws_connect(f"{url}?v=10&encoding=json&compress=zlib-stream") as ws:
            gw = RawGateway(ws)
            await gw.recv()
            await gw.send(6, {"token": fd.token, "session_id": session, "seq": 2})
            replay = [await gw.recv() for _ in range(3)]
            assert [(p["t"], p["s"]) for p in replay] == [
                ("TYPING_START", 3),
                ("TYPING_START", 4),
                ("RESUMED", 5),
            ]
            fd.gateway.invalidate()
            assert await gw.recv() == {"op": 9, "d": False}
        async with http.ws_connect(f"{url}?v=10&encoding=json") as ws:  # uncompressed, stale session
            hello = await ws.receive_json(timeout=5)
            assert hello["op"] == 10
            await ws.send_str(
                json.dumps({"op": 6, "d": {"token": fd.token, "session_id": session, "seq": 5}})
            )
            assert await ws.receive_json(timeout=5) == {"op": 9, "d": False}
    assert fd.gateway.identifies == 1 and fd.gateway.resumes == 1


async def test_bad_token_closes_the_gateway_with_4004(fd: FakeDiscord) -> None:
    async with aiohttp.ClientSession() as http, http.ws_connect(fd.gateway_url) as ws:
        await ws.receive_json(timeout=5)
        await ws.send_str(json.dumps({"op": 2, "d": {"token": "wrong"}}))
        msg = await ws.receive(timeout=5)
        assert msg.type == aiohttp.WSMsgType.CLOSE and msg.data == 4004
