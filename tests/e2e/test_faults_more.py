"""More faults, through the real bot and the fake Discord: Discord failing to take a thread post
(once, with the answer lost, and for longer than the retries), forged custom ids, and what an
admin sees (the database file's mode, no voice-library warnings)."""

from __future__ import annotations

import asyncio
import random
import sqlite3
import stat
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from tests.e2e.harness import BOT_ARGV, Match, World, requires_bot
from tests.fakediscord import FakeDiscord
from tests.fakediscord.faults import Fault

pytestmark = requires_bot


@asynccontextmanager
async def world(tmp_path: Path, **env: str) -> AsyncIterator[World]:
    """Like ``running_world``, with settings for the bot; checks its health on the way out."""
    async with FakeDiscord(workdir=tmp_path, settle=0.3, timeout=30.0) as fd:
        guild = fd.create_guild("Middle-earth")
        games = guild.create_text_channel("games")
        users = {name: fd.create_user(name) for name in ("alice", "bob")}
        for user in users.values():
            guild.add_member(user)
        db = tmp_path / "palantir.db"
        await fd.start_bot(argv=BOT_ARGV, db_path=db, env=env)
        await fd.wait_until_ready()
        await fd.wait_for_commands(["game"])
        here = World(fd, guild, games, users, db)
        yield here
        assert fd.unknown_routes == [], fd.unknown_routes
        assert fd.protocol_errors == [], fd.protocol_errors
        assert here.bot.unhandled_errors() == [], here.bot.tail(60)
        assert fd.token not in here.bot.output, "the bot logged its token"


def announced(here: World, match: Match) -> int:
    """The version the bot last recorded as posted in the thread."""
    with here._db() as conn:
        row = conn.execute(
            "SELECT version FROM messages WHERE match_id = ? AND kind = 'prompt'", (match.id,)
        ).fetchone()
    return int(row[0]) if row else 0


async def move_until(here: World, match: Match, fault: Fault, rng: random.Random) -> int:
    """Play quick moves until ``fault`` answered a thread post; the version that move made."""
    for _ in range(12):
        role = rng.choice(here.active_roles(match))
        legal = here.legal(match, role)
        action = next((a for a in ("autoplace", "ready") if a in legal), None) or rng.choice(legal)
        await here.pick(match, match.players[role], action)
        if fault.hits:
            return here.row(match.id).version
    raise AssertionError("no move posted in the thread")


async def until(condition: object, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while not callable(condition) or not condition():
        assert time.monotonic() < deadline, "timed out"
        await asyncio.sleep(0.1)


async def test_a_503_on_a_thread_post_is_retried_and_each_move_announced_once(tmp_path: Path) -> None:
    rng = random.Random(3)
    async with world(tmp_path) as here:
        alice, bob = here.users["alice"], here.users["bob"]
        match = await here.new_match(alice, bob)
        thread = match.thread
        for after in (False, True):  # the post refused; then stored by Discord but its answer lost
            before = len(thread.messages)
            fault = here.fd.fail_next("POST", f"/channels/{thread.id}/messages", status=503, after=after)
            version = await move_until(here, match, fault, rng)
            await until(lambda v=version: announced(here, match) == v, 10)
            new = thread.messages[before:]
            assert len(new) == 1, [m.text for m in new]
            assert fault.hits == 1
        assert here.bot.output.count("giving up posting") == 0

        # A forged id with a number SQLite cannot hold: a short refusal, nothing in the logs.
        # (Discord only sends ids that are on the message: forge the message's button itself.)
        lobby, huge = match.lobby, "palantir:join:99999999999999999999999"
        lobby.components = [
            {"type": 1, "components": [{"type": 2, "style": 3, "label": "Join", "custom_id": huge}]}
        ]
        forged = await alice.click(lobby, huge)
        assert forged.ephemeral and "not valid" in forged.text, forged.text
        output = here.bot.output
        assert "OverflowError" not in output and "Ignoring exception" not in output
        assert "voice will NOT be supported" not in output
        for path in (here.db_path, Path(f"{here.db_path}-wal")):
            assert stat.S_IMODE(path.stat().st_mode) == 0o600, path


async def test_a_post_lost_to_an_outage_is_announced_once_when_discord_is_back(tmp_path: Path) -> None:
    rng = random.Random(4)
    async with world(tmp_path, PALANTIR_CATCH_UP_EVERY="2") as here:
        alice, bob = here.users["alice"], here.users["bob"]
        match = await here.new_match(alice, bob)
        thread = match.thread
        before = len(thread.messages)
        outage = here.fd.fail_next("POST", f"/channels/{thread.id}/messages", status=503, times=None)
        version = await move_until(here, match, outage, rng)  # the move is committed and answered
        await until(lambda: "giving up posting" in here.bot.output, 15)
        assert outage.hits >= 5, "five attempts before giving up"
        assert announced(here, match) < version, "the bot must know the post was lost"
        assert thread.messages[before:] == []
        outage.clear()
        await until(lambda: announced(here, match) == version, 20)
        await here.fd.quiet(0.5)
        new = thread.messages[before:]
        assert len(new) == 1, [m.text for m in new]
        assert f"palantir:myturn:{match.id}:{here.step(match)}" in new[0].custom_ids() or new[0].attachments
        with sqlite3.connect(f"file:{here.db_path}?mode=ro", uri=True) as conn:
            assert (
                conn.execute("SELECT version FROM matches WHERE id = ?", (match.id,)).fetchone()[0] == version
            )
