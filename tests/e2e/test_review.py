"""Review findings checked end to end: lost threads and other Discord-side surprises."""

from __future__ import annotations

from pathlib import Path

from tests.e2e.harness import Match, World, is_error, requires_bot, running_world
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
        role = world.active_roles(match)[0]
        result = await world.pick(match, match.players[role], "autoplace")
        assert not is_error(result), result.text
        (thread,) = new_threads(world, match)
        posted = await world.fd.wait_for_message(lambda m: m.channel is thread and bool(m.files), timeout=20)
        assert "goes on here" in posted.text
        assert f"palantir:hand:{match.id}" in posted.custom_ids()
        assert world.row(match.id).thread_id == thread.id
        world.check_public()
