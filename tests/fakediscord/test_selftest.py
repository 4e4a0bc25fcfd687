"""The fake Discord proven against a tiny discord.py client of our own (not Palantír's bot)."""

from __future__ import annotations

import asyncio
import struct
import zlib
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import aiohttp
import pytest

from tests.fakediscord import CommandUsageError, FakeDiscord, InteractionTimeout
from tests.fakediscord.botproc import python
from tests.fakediscord.model import Channel, Guild, User

CLIENT = [python(), "-m", "tests.fakediscord.selftest_client"]


@dataclass
class World:
    fd: FakeDiscord
    guild: Guild
    games: Channel
    alice: User
    bob: User


@pytest.fixture
async def world(tmp_path: Path) -> AsyncIterator[World]:
    async with FakeDiscord(workdir=tmp_path) as fd:
        guild = fd.create_guild("Test server")
        games = guild.create_text_channel("games")
        alice, bob = fd.create_user("alice"), fd.create_user("bob", dms_open=False)
        guild.add_member(alice)
        guild.add_member(bob)
        await fd.start_bot(argv=CLIENT, name="selftest")
        await fd.wait_until_ready()
        await fd.wait_for_commands(["demo"])
        yield World(fd, guild, games, alice, bob)
        assert fd.unknown_routes == []
        assert fd.protocol_errors == []
        assert fd.bots[0].unhandled_errors() == []


def is_png(data: bytes) -> bool:
    if not data.startswith(b"\x89PNG\r\n\x1a\n"):
        return False
    length = struct.unpack(">I", data[8:12])[0]
    crc: int = struct.unpack(">I", data[16 + length : 20 + length])[0]
    return zlib.crc32(data[12 : 16 + length]) == crc


async def test_handshake_uses_zlib_stream_and_syncs_the_guild_tree(world: World) -> None:
    fd = world.fd
    assert fd.gateway.compressions == ["zlib-stream"]
    assert fd.gateway.identifies == 1
    assert "demo echo" in fd.commands.names(world.guild)
    assert fd.commands.guild_commands[world.guild.id][0]["name"] == "demo"


async def test_slash_command_with_typed_options_gets_an_ephemeral_answer(world: World) -> None:
    result = await world.alice.slash(world.games, "demo echo", text="hello", times=2)
    assert result.ephemeral
    assert result.content == "hello hello"
    assert world.games.messages == []  # ephemeral answers are not in the channel


async def test_driver_rejects_what_discord_would_reject(world: World) -> None:
    with pytest.raises(CommandUsageError, match="no subcommand"):
        await world.alice.slash(world.games, "demo ecko", text="x")
    with pytest.raises(CommandUsageError, match="requires text"):
        await world.alice.slash(world.games, "demo echo")
    with pytest.raises(CommandUsageError, match="outside"):
        await world.alice.slash(world.games, "demo echo", text="x", times=9)
    with pytest.raises(CommandUsageError, match="integer"):
        await world.alice.slash(world.games, "demo echo", text="x", times="2")


async def test_autocomplete_button_and_select_round_trip(world: World) -> None:
    choices = await world.alice.autocomplete(world.games, "demo pick", focused="fruit", fruit="ap")
    assert [c["value"] for c in choices] == ["apple", "apricot"]
    result = await world.alice.slash(world.games, "demo pick", fruit="mango")
    assert not result.ephemeral and result.content == "you chose mango"
    message = world.games.messages[-1]
    assert message is result.response
    clicked = await world.bob.click(message, "selftest:count:0")
    assert clicked.response is message and message.content == "count is 1"
    assert message.custom_ids()[0] == "selftest:count:1"
    picked = await world.bob.select(message, "selftest:flavour", ["cherry"])
    assert picked.interaction.callback_type == 6
    assert message.content == "you picked cherry"
    with pytest.raises(CommandUsageError, match="offers"):
        await world.bob.select(message, "selftest:flavour", ["durian"])


async def test_dm_to_open_and_closed_users(world: World) -> None:
    ok = await world.alice.slash(world.games, "demo dm")
    assert ok.content == "check your DMs"
    assert [m.content for m in world.alice.dms] == ["a private hello"]
    assert is_png(world.alice.dms[0].files[0])
    refused = await world.bob.slash(world.games, "demo dm")
    assert refused.content == "could not DM you (code 50007)"
    assert world.bob.dms == [] and world.bob.refused_dms == 1


async def test_deferred_follow_up_with_file_thread_and_attachment_url(world: World) -> None:
    result = await world.alice.slash(world.games, "demo board")
    assert result.interaction.callback_type == 5
    thread = world.games.threads[-1]
    assert result.content == f"posted in <#{thread.id}>" and is_png(result.files[0])
    board = world.games.messages[-1]
    assert board.content == "the board" and is_png(board.files[0])
    assert thread.name == "demo match" and thread.id == board.id
    assert [m.content for m in thread.messages] == ["welcome to the thread"]
    assert any(m.channel is thread for m in result.messages)
    url = thread.messages[0].attachments[0].url
    async with aiohttp.ClientSession() as session, session.get(url) as response:
        assert is_png(await response.read())
    inside = await world.bob.slash(thread, "demo whereami")
    assert inside.content == "Thread demo match"


async def test_modal_open_and_submit(world: World) -> None:
    opened = await world.alice.slash(world.games, "demo feedback")
    assert opened.modal is not None and opened.modal["title"] == "Feedback"
    submitted = await world.alice.submit_modal(opened, {"words": "lovely"})
    assert submitted.content == "thanks for: lovely" and submitted.ephemeral


async def test_gateway_drop_resumes_and_replays_missed_events(world: World) -> None:
    fd = world.fd
    await fd.drop_gateway(resume=True)
    # Sent while the bot is disconnected: buffered and replayed on RESUME.
    result = await world.alice.slash(world.games, "demo echo", text="still here")
    assert result.content == "still here"
    assert fd.gateway.resumes == 1 and fd.gateway.identifies == 1


async def test_reconnect_request_and_invalid_session(world: World) -> None:
    fd = world.fd
    fd.gateway.request_reconnect()
    await asyncio.sleep(0.1)
    await fd.wait_until_ready()
    assert (await world.alice.slash(world.games, "demo echo", text="a")).content == "a"
    assert fd.gateway.resumes == 1


async def test_kill9_and_restart_keeps_buttons_working(world: World) -> None:
    fd = world.fd
    await world.alice.slash(world.games, "demo pick", fruit="apple")
    message = world.games.messages[-1]
    await fd.bots[0].kill9()
    with pytest.raises(InteractionTimeout):
        data = {"custom_id": "selftest:count:0", "component_type": 2}
        record = fd.interactions.build(world.alice, world.games, 3, data, message)
        await fd.interactions.deliver(record, timeout=0.5)
    await fd.bots[0].restart()
    await fd.wait_until_ready()
    assert fd.gateway.identifies == 2
    clicked = await world.alice.click(message, "selftest:count:0")
    assert message.content == "count is 1" and clicked.response is message


async def test_second_callback_and_late_callback_are_refused(world: World) -> None:
    fd = world.fd
    record = fd.interactions.build(world.alice, world.games, 2, {"name": "x"}, None)
    url = f"{fd.api_base}/interactions/{record.id}/{record.token}/callback"
    async with aiohttp.ClientSession() as session:
        body = {"type": 4, "data": {"content": "one"}}
        async with session.post(url, json=body) as first:
            assert first.status == 200
        async with session.post(url, json=body) as second:
            assert second.status == 400 and (await second.json())["code"] == 40060
        late = fd.interactions.build(world.alice, world.games, 2, {"name": "x"}, None)
        late.sent_at -= 10
        late_url = f"{fd.api_base}/interactions/{late.id}/{late.token}/callback"
        async with session.post(late_url, json=body) as third:
            assert third.status == 404 and (await third.json())["code"] == 10062
        async with session.get(f"{fd.api_base}/no/such/route") as unknown:
            assert unknown.status == 404
            assert await unknown.json() == {"message": "404: Not Found", "code": 0}
    assert fd.unknown_routes == ["GET /no/such/route"]
    fd.unknown_routes.clear()
    fd.late_interactions.clear()
