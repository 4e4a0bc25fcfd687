"""Delivery across crashes and outages: every committed entry is posted once in the thread, and
every DM prompt the game owes a player reaches him, whenever the bot dies or Discord fails."""

from __future__ import annotations

import asyncio
import contextlib
import random
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from tests.e2e.harness import Match, World, _pick_of, requires_bot, running_world, seeded, start_again
from tests.fakediscord import FakeDiscord, InteractionTimeout, Message, User
from tests.fakediscord.faults import Fault

pytestmark = requires_bot


def announced(world: World, match: Match) -> int:
    """The match version the bot last recorded as told in the thread."""
    with world._db() as conn:
        row = conn.execute(
            "SELECT version FROM messages WHERE match_id = ? AND kind = 'prompt'", (match.id,)
        ).fetchone()
    return int(row[0]) if row else 0


async def until(condition: Callable[[], object], timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        await asyncio.sleep(0.02)


async def hung_or_settled(fd: FakeDiscord, faults: Sequence[Fault], click: asyncio.Task[object]) -> bool:
    """Wait until one of ``faults`` holds a request (True) or the click and all it caused are
    done without reaching one (False)."""
    while not click.done():
        if any(f.hits for f in faults):
            return True
        await asyncio.sleep(0.005)
    quiet = asyncio.create_task(fd.quiet(0.4))
    while not quiet.done():
        if any(f.hits for f in faults):
            quiet.cancel()
            return True
        await asyncio.sleep(0.005)
    return any(f.hits for f in faults)


def delivered(world: World, match: Match) -> bool:
    """Whether the bot has told everything of the match's newest entry: the thread, and every
    DM prompt owed (on a busy machine the start's DMs may still be on their way when the first
    move is clicked, and a fault armed for that move would catch them)."""
    with world._db() as conn:
        (owed,) = conn.execute(
            "SELECT COUNT(*) FROM dm_prompts WHERE match_id = ? AND owed > delivered", (match.id,)
        ).fetchone()
    return owed == 0 and announced(world, match) == world.row(match.id).version


async def move(
    world: World, match: Match, rng: random.Random, arm: Callable[[], list[Fault]]
) -> tuple[bool, asyncio.Task[object], list[Fault]]:
    """One quick legal move, clicked on the mover's private prompt once everything before it
    is told, with the faults ``arm`` makes just before the click; whether one of them holds a
    request of what followed."""
    await until(lambda: delivered(world, match))
    role = rng.choice(world.active_roles(match))
    user = match.players[role]
    prompt = await world.fresh_prompt(match, user)
    assert prompt is not None, f"{role} has no action menu"
    menu = world.offered(prompt)
    action = next((a for a in ("autoplace", "ready") if a in menu), None) or rng.choice(sorted(menu))
    cid, value = menu[action]
    faults = arm()
    click: asyncio.Task[object] = asyncio.create_task(world.press(user, prompt, cid, value))
    return await hung_or_settled(world.fd, faults, click), click, faults


async def kill_during(world: World, click: asyncio.Task[object], faults: Sequence[Fault]) -> None:
    """kill -9 the bot while a request of it hangs; the request then dies with it."""
    await world.bot.kill9()
    for fault in faults:
        fault.clear()
    click.cancel()
    with contextlib.suppress(asyncio.CancelledError, InteractionTimeout):
        await click


def prompts_of(world: World, match: Match, user: User, since: int) -> list[Message]:
    """DM prompts of ``match`` sent to ``user`` as message number ``since`` or later of his DMs."""
    dms = world.fd.dm_channel_for(user).messages[since:]
    return [m for m in dms if any(_pick_of(c, match.id) for c in m.custom_ids())]


def numbers(message: Message, match: Match) -> set[int]:
    """The prompt numbers a message's menus carry."""
    return {found[0] for c in message.custom_ids() if (found := _pick_of(c, match.id)) is not None}


async def test_a_kill_while_the_edit_after_a_post_hangs_leaves_one_post(tmp_path: Path) -> None:
    """The post went out, then the bot died retiring the previous one: on restart the catch-up
    must not announce the same step again (its board and its mention with it)."""
    async with running_world(tmp_path, settle=0.1) as world:
        await world.no_confirm(*world.users.values())
        fd = world.fd
        match = await world.new_match(world.users["alice"], world.users["bob"])
        thread, rng = match.thread, seeded(21)
        for _ in range(20):
            before = len(thread.messages)
            hung, click, [stuck] = await move(
                world,
                match,
                rng,
                lambda: [fd.fail_next("PATCH", f"/channels/{thread.id}/messages/{{m}}", hang=True)],
            )
            if hung:
                break
            stuck.clear()
            await click
        else:
            raise AssertionError("no move was followed by an edit in the thread")
        version = world.row(match.id).version
        assert len(thread.messages[before:]) == 1, "the move is posted before the previous post is edited"
        await kill_during(world, click, [stuck])
        await start_again(fd, world.bot)
        await until(lambda: announced(world, match) >= version)
        await fd.quiet(1.0)
        posted = thread.messages[before:]
        assert len(posted) == 1, [m.content for m in posted]
        assert world.row(match.id).version == version


async def test_a_kill_between_the_thread_post_and_the_dm_still_delivers_the_dm(tmp_path: Path) -> None:
    async with running_world(tmp_path, settle=0.1) as world:
        await world.no_confirm(*world.users.values())
        fd = world.fd
        match = await world.new_match(world.users["alice"], world.users["bob"])
        rng = seeded(22)
        users = list(match.players.values())
        dms = [f"/channels/{fd.dm_channel_for(u).id}/messages" for u in users]
        for _ in range(30):
            counts = {u.id: len(fd.dm_channel_for(u).messages) for u in users}
            hung, click, stuck = await move(
                world, match, rng, lambda: [fd.fail_next("POST", path, hang=True) for path in dms]
            )
            if hung:
                break
            for fault in stuck:
                fault.clear()
            await click
        else:
            raise AssertionError("no move was followed by a DM")
        user = next(u for u, f in zip(users, stuck, strict=True) if f.hits)
        role = match.role_of(user)
        version = world.row(match.id).version
        assert announced(world, match) == version, "the thread is told before the DMs go out"
        await kill_during(world, click, stuck)
        assert prompts_of(world, match, user, counts[user.id]) == [], "the DM died with the bot"
        await start_again(fd, world.bot)
        await until(lambda: prompts_of(world, match, user, counts[user.id]))
        await fd.quiet(1.0)
        arrived = prompts_of(world, match, user, counts[user.id])
        assert len(arrived) == 1, [m.content for m in arrived]
        assert numbers(arrived[0], match) == {world.prompt_number(match.id, role)}
        assert world.row(match.id).version == version


async def test_a_dm_lost_to_an_outage_arrives_when_discord_is_back(tmp_path: Path) -> None:
    env = {"PALANTIR_CATCH_UP_EVERY": "2"}
    async with running_world(tmp_path, settle=0.1, env=env) as world:
        await world.no_confirm(*world.users.values())
        fd = world.fd
        match = await world.new_match(world.users["alice"], world.users["bob"])
        rng = seeded(23)
        users = list(match.players.values())
        dms = [f"/channels/{fd.dm_channel_for(u).id}/messages" for u in users]
        for _ in range(30):
            counts = {u.id: len(fd.dm_channel_for(u).messages) for u in users}
            hit, click, outages = await move(
                world,
                match,
                rng,
                lambda: [fd.fail_next("POST", path, status=503, times=None) for path in dms],
            )
            await click
            if hit:
                break
            for outage in outages:
                outage.clear()
        else:
            raise AssertionError("no move was followed by a DM")
        user = next(u for u, f in zip(users, outages, strict=True) if f.hits)
        role = match.role_of(user)
        await until(lambda: "giving up posting" in world.bot.output)
        assert prompts_of(world, match, user, counts[user.id]) == []
        for outage in outages:
            outage.clear()
        await until(lambda: prompts_of(world, match, user, counts[user.id]), timeout=30)
        await fd.quiet(1.0)
        arrived = prompts_of(world, match, user, counts[user.id])
        assert len(arrived) == 1, [m.content for m in arrived]
        assert numbers(arrived[0], match) == {world.prompt_number(match.id, role)}
