"""The real bot process against the loopback fake Discord, playing the toy game."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.fakediscord import FakeDiscord
from tests.fakediscord.botproc import python
from tests.fakediscord.model import Channel, Guild, Message, User

pytestmark = pytest.mark.e2e

BOT = [python(), "-m", "tests.bot.pebbles_bot"]


@dataclass
class World:
    fd: FakeDiscord
    guild: Guild
    games: Channel
    alice: User
    bob: User
    carol: User
    db: Path


@pytest.fixture
async def world(tmp_path: Path) -> AsyncIterator[World]:
    async with FakeDiscord(workdir=tmp_path) as fd:
        guild = fd.create_guild("Middle-earth")
        games = guild.create_text_channel("games")
        alice, bob = fd.create_user("alice"), fd.create_user("bob", dms_open=False)
        carol = fd.create_user("carol")
        for user in (alice, bob, carol):
            guild.add_member(user)
        db = tmp_path / "palantir.db"
        await fd.start_bot(argv=BOT, db_path=db)
        await fd.wait_until_ready()
        await fd.wait_for_commands(["game", "hand", "pebbles"])
        yield World(fd, guild, games, alice, bob, carol, db)
        assert fd.unknown_routes == []
        assert fd.protocol_errors == []
        assert fd.bots[0].unhandled_errors() == []


def last_with(channel: Channel, prefix: str) -> Message:
    return next(m for m in reversed(channel.messages) if any(c.startswith(prefix) for c in m.custom_ids()))


async def test_lobby_thread_hidden_bids_turns_and_restart(world: World) -> None:
    fd, alice, bob = world.fd, world.alice, world.bob
    opened = await alice.slash(world.games, "game new", game="pebbles", side="north")
    assert not opened.ephemeral and "Pebbles" in opened.content
    lobby = world.games.messages[-1]
    join_id = next(c for c in lobby.custom_ids() if c.startswith("palantir:join:"))

    refused = await alice.click(lobby, join_id)
    assert refused.ephemeral and "already seated" in refused.content

    await bob.click(lobby, join_id)  # answered first; the match's start follows
    start = await fd.wait_for_message(lambda m: m.channel.parent is world.games and "begins" in m.content)
    thread = start.channel
    assert thread.messages[0] is start
    await fd.wait_for_message(lambda m: m.channel is thread and "can't DM you" in m.content)
    assert any("can't DM you" in m.content and bob.mention in m.content for m in thread.messages)
    assert alice.dms and "Bid" in alice.dms[-1].text

    choices = await alice.autocomplete(thread, "game act", focused="action", action="")
    assert [c["value"] for c in choices] == ["bid 1", "bid 2", "bid 3"]
    spectator = await world.carol.autocomplete(thread, "game act", focused="action", action="")
    assert [c["name"] for c in spectator] == ["You are watching match #1: only its players can act."]

    chosen = await alice.slash(world.games, "settings", confirm="always")
    assert "**always**" in chosen.text  # (a bid gives nothing up: by default it would not ask)
    dm = alice.dms[-1]
    # Three choices are three buttons; index 2 is bid 3, which cannot be taken back.
    button_id = next(c for c in dm.custom_ids() if c.startswith("palantir:do:") and c.endswith(":2"))
    ask = await alice.click(dm, button_id)
    assert ask.ephemeral and "Bid 3" in ask.text and "cannot be taken back" in ask.text
    confirm = next(c for c in ask.main.custom_ids() if c.startswith("palantir:confirm:"))  # type: ignore[union-attr]
    bid = await alice.click(ask.main, confirm)  # type: ignore[arg-type]
    assert "Bid 3" in bid.text
    await fd.quiet(0.3)
    assert "bid 3" not in "\n".join(m.text for m in thread.messages).lower()  # the bid stays secret

    wrong = await bob.slash(thread, "game act", action="take")
    assert wrong.ephemeral and "not" in wrong.content.lower()
    await bob.slash(thread, "game act", action="bid 1")
    await fd.quiet(0.3)
    assert any("North starts" in m.content for m in thread.messages)

    prompt = last_with(thread, "palantir:myturn:")
    myturn = next(c for c in prompt.custom_ids() if c.startswith("palantir:myturn:"))
    stranger = await bob.click(prompt, myturn)
    assert stranger.ephemeral
    mine = await alice.click(prompt, myturn)
    assert mine.ephemeral and "Take a pebble" in mine.text
    panel = mine.main
    assert panel is not None
    take = next(c for c in panel.custom_ids() if c.startswith("palantir:do:") and c.endswith(":0"))
    took = await alice.click(panel, take)  # an action without argument is a button
    assert "Take a pebble" in took.text
    assert myturn not in prompt.custom_ids()  # the old prompt lost its buttons
    stale = await alice.click(panel, take)  # the same button again: the game moved on
    assert stale.ephemeral and "Already done" in stale.content

    await fd.bots[0].restart()
    await fd.wait_until_ready()
    newest = last_with(thread, "palantir:myturn:")
    button = next(c for c in newest.custom_ids() if c.startswith("palantir:myturn:"))
    after = await alice.click(newest, button)
    assert after.ephemeral and "End my turn" in after.text

    asked = await bob.slash(thread, "game resign")
    assert asked.ephemeral and "Resign match #1?" in asked.content  # resigning asks first
    await fd.quiet(0.3)
    assert not any("Game over" in m.content for m in thread.messages)
    yes = next(c for c in asked.main.custom_ids() if c.startswith("palantir:resign:"))  # type: ignore[union-attr]
    gone = await bob.click(asked.main, yes)  # type: ignore[arg-type]
    assert gone.ephemeral
    await fd.quiet(0.3)
    assert sum("Game over" in m.content for m in thread.messages) == 1
    late = await alice.slash(thread, "game act", action="take")
    assert late.ephemeral and "over" in late.content


async def test_commands_for_looking_around_and_bad_options(world: World) -> None:
    fd, alice, bob = world.fd, world.alice, world.bob
    bad = await alice.slash(world.games, "game new", game="pebbles", pile="12")
    assert bad.ephemeral and "not a choice for pile" in bad.content
    other = await alice.slash(world.games, "game new", game="pebbles", variant="classic")
    assert other.ephemeral and "no option" in other.content
    assert world.games.messages == []

    await alice.slash(world.games, "game new", game="pebbles", side="south", pile="10")
    lobby = world.games.messages[-1]
    joined = await bob.slash(world.games, "game join", match="1")
    assert joined.ephemeral and "North" in joined.content
    await fd.quiet(0.3)
    thread = world.games.threads[-1]
    assert "Playing in" in lobby.content and "palantir:join:1" not in lobby.custom_ids()

    hand = await bob.slash(thread, "hand")
    assert hand.ephemeral and "Bid" in hand.text
    await bob.slash(thread, "game act", action="bid 2")
    status = await world.carol.slash(thread, "game status")
    assert status.ephemeral and "Pebbles" in status.content and "You:" not in status.content
    log = await bob.slash(thread, "game log")
    assert log.ephemeral and "Nothing has happened" in log.content
    mine = await alice.slash(world.games, "game list")
    assert mine.ephemeral and "#1 Pebbles as South" in mine.content
    board = await world.carol.slash(thread, "game board")
    assert not board.ephemeral and "match #1" in board.content
    nothing = await alice.slash(thread, "game undo")
    assert nothing.ephemeral and "nothing you can undo" in nothing.content.lower()
    stranger = await world.carol.slash(thread, "game act", action="bid 1")
    assert stranger.ephemeral and "not playing" in stranger.content
    await alice.slash(thread, "game act", action="bid 1")
    took = await bob.slash(thread, "game act", action="take")
    panel = took.main
    assert panel is not None and took.ephemeral
    undo = next(c for c in panel.custom_ids() if c.startswith("palantir:undo:"))
    posts = len(thread.messages)
    back = await bob.click(panel, undo)
    assert back.ephemeral and "taken back" in back.text
    await fd.quiet(0.3)
    assert len(thread.messages) == posts  # taking a move back posts nothing: the status says it all
    told = thread.messages[-1]  # ... but the post that told the move says it was taken back
    assert "North took this step back." in told.content and not told.attachments, told.content
    again = await bob.click(panel, undo)
    assert again.ephemeral and "Already done" in again.content
