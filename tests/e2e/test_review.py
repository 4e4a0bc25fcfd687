"""Review findings checked end to end: lost threads and other Discord-side surprises."""

from __future__ import annotations

from pathlib import Path

from tests.e2e.harness import BOT_ARGV, Match, World, is_error, requires_bot, running_world
from tests.fakediscord import FakeDiscord
from tests.fakediscord.model import Channel

pytestmark = requires_bot


def delete_thread(world: World, thread: Channel) -> None:
    """A moderator deletes the match thread (the bot hears of it on the gateway)."""
    del world.fd.channels[thread.id]
    world.fd.gateway.dispatch(
        "THREAD_DELETE",
        {
            "id": str(thread.id),
            "guild_id": str(world.guild.id),
            "parent_id": str(world.games.id),
            "type": thread.type,
        },
    )


def new_threads(world: World, match: Match) -> list[Channel]:
    return [t for t in world.guild.threads if t.parent is world.games and t is not match.thread]


async def test_a_deleted_match_thread_is_replaced_and_the_match_goes_on(tmp_path: Path) -> None:
    async with running_world(tmp_path, settle=0.1) as world:
        alice, bob = world.users["alice"], world.users["bob"]
        match = await world.new_match(alice, bob)
        delete_thread(world, match.thread)
        for role in ("fellowship", "sauron"):  # the secret set-up posts nothing...
            for action in ("autoplace", "ready"):
                result = await world.pick(match, match.players[role], action)
                assert not is_error(result), result.text
        (thread,) = new_threads(world, match)  # ...until play begins, in a new thread
        posted = await world.fd.wait_for_message(lambda m: m.channel is thread and bool(m.files))
        assert "goes on here" in posted.text
        assert f"palantir:hand:{match.id}" in posted.custom_ids()
        assert world.row(match.id).thread_id == thread.id
        await world.fd.quiet(0.2)
        assert thread.mention in match.lobby.text  # the lobby links to the match's new thread
        world.check_public()


async def test_a_match_cannot_be_looked_at_or_listed_from_another_server(tmp_path: Path) -> None:
    async with FakeDiscord(workdir=tmp_path, settle=0.1) as fd:
        home, elsewhere = fd.create_guild("Middle-earth"), fd.create_guild("Dol Guldur")
        games, there = home.create_text_channel("games"), elsewhere.create_text_channel("games")
        users = {n: fd.create_user(n) for n in ("alice", "bob", "carol")}
        for user in users.values():
            home.add_member(user)
        for name in ("alice", "carol"):
            elsewhere.add_member(users[name])
        db = tmp_path / "palantir.db"
        # Global commands (no dev guild), so that both servers have them.
        await fd.start_bot(argv=BOT_ARGV, db_path=db, env={"PALANTIR_DEV_GUILD": ""})
        await fd.wait_until_ready()
        await fd.wait_for_commands(["game", "hand"])
        world = World(fd, home, games, users, db)
        alice, bob, carol = users["alice"], users["bob"], users["carol"]
        match = await world.new_match(alice, bob)
        before = len(there.messages)
        for user in (alice, carol):  # even a player of that match: it belongs to the other server
            for command in ("game board", "game status", "game log", "hand"):
                result = await user.slash(there, command, match=str(match.id))
                assert is_error(result), (command, result.text)
                assert "no match" in result.text
        assert len(there.messages) == before, "nothing about the match may be posted in another server"
        # match: lists only the user's own matches of this server.
        assert await alice.autocomplete(there, "game status", focused="match", match="") == []
        assert await carol.autocomplete(match.thread, "game status", focused="match", match="") == []
        mine = await alice.autocomplete(match.thread, "game status", focused="match", match="")
        assert [c["value"] for c in mine] == [str(match.id)]
        # Nor does a spectator get the players' actions by naming the match.
        offered = await carol.autocomplete(
            games, "game act", focused="action", action="", match=str(match.id)
        )
        assert [c["name"] for c in offered] == [
            f"You are watching match #{match.id}: only its players can act."
        ]
        assert world.bot.unhandled_errors() == [], world.bot.tail(60)
