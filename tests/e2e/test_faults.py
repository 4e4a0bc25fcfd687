"""Faults: kill -9 at random points of play, gateway drops, and a player whose DMs are closed."""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import re
import time
from pathlib import Path

from games.core import dump, find, load, project, submit
from tests.e2e.harness import Match, World, is_error, requires_bot, running_world, seeded, start_again
from tests.fakediscord import InteractionResult, InteractionTimeout, Message, User

pytestmark = requires_bot

#: kill -9s per run: 6 in the suite, any number for the full check (``PALANTIR_KILLS=50``).
KILLS = int(os.environ.get("PALANTIR_KILLS", "6"))


def choose(legal: list[str], rng: random.Random) -> str:
    for quick in ("autoplace", "ready"):
        if quick in legal:
            return quick
    return rng.choice(legal)


def closed_notice(message: Message, user: User) -> bool:
    """The thread post telling ``user`` that DMs failed and how to play with ``/hand``."""
    text = message.content
    return (
        user.mention in text and "/hand" in text and re.search(r"can.?t DM|cannot DM|DMs", text) is not None
    )


def replayed(world: World, match: Match) -> str:
    """The state rebuilt from the seed and the committed log, as canonical JSON."""
    with world._db() as conn:
        seed, options = conn.execute("SELECT seed, options FROM matches WHERE id = ?", (match.id,)).fetchone()
    ruleset = find("confrontation")
    state = ruleset.setup(int(seed), ruleset.resolve_options(load(options)), 2)
    for _, _, kind, role, action, _ in world.actions(match.id):
        assert kind == "act", f"unexpected log entry {kind}"
        state = submit(ruleset, state, role, action).state
    return dump(state)


async def next_move(world: World, match: Match, rng: random.Random) -> tuple[str, User, Message, str, str]:
    """Who moves, what, and where to click it: (role, user, prompt, select custom_id, value)."""
    role = rng.choice(world.active_roles(match))
    user = match.players[role]
    prompt = await world.fresh_prompt(match, user)
    assert prompt is not None, f"{role} has no action menu"
    menu = world.offered(prompt)  # what one press does (a long list's groups take two)
    assert menu, f"{role} is offered nothing to press"
    action = choose(sorted(menu), rng)
    cid, value = menu[action]
    return role, user, prompt, cid, value


async def test_kill9_at_random_points_loses_nothing_and_applies_nothing_twice(tmp_path: Path) -> None:
    async with running_world(tmp_path, settle=0.1) as world:
        await kill9_play(world, KILLS)


async def kill9_play(world: World, kills_wanted: int) -> None:
    """Play matches, killing the bot (kill -9) at a random point of every click and starting it
    again: no committed action is lost, none applied twice, the log always replays to the state."""
    await world.no_confirm(*world.users.values())  # one click acts (confirming is tested elsewhere)
    fd, bot = world.fd, world.bot
    match = await world.new_match(world.users["alice"], world.users["bob"])
    rng = seeded(5)
    kills = applied_before_kill = 0
    matches = [match]
    while kills < kills_wanted:
        if not world.active_roles(match):  # finished: the kills go on in a new match
            match = await world.new_match(world.users["alice"], world.users["bob"])
            matches.append(match)
        role, user, prompt, cid, value = await next_move(world, match, rng)
        action = world.offered(prompt)
        text = next(a for a, where in action.items() if where == (cid, value))
        before = world.actions(match.id)
        click = asyncio.create_task(world.press(user, prompt, cid, value))
        # Half the kills come almost at once (before the commit, mostly); the other half once the
        # click is committed (a condition, not a delay), at a random point of its telling after.
        if kills % 2:
            await asyncio.sleep(rng.uniform(0.0, 0.015))
        else:
            deadline = time.monotonic() + 30
            while len(world.actions(match.id)) == len(before) and not click.done():
                assert time.monotonic() < deadline, "the click was never committed"
                await asyncio.sleep(0.005)
            await asyncio.sleep(rng.uniform(0.0, 0.05))
        await bot.kill9()
        kills += 1
        click.cancel()
        with contextlib.suppress(asyncio.CancelledError, InteractionTimeout):
            await click
        after_kill = world.actions(match.id)
        assert after_kill[: len(before)] == before, "a committed action was lost"
        assert len(after_kill) - len(before) in (0, 1), "one click applied more than once"
        committed = len(after_kill) == len(before) + 1
        applied_before_kill += committed
        await start_again(fd, bot)
        # The same old menu, clicked again after the restart: applies once, or says it is
        # stale, or is gone (a newer private prompt retired it: play moved on).
        if cid in prompt.custom_ids():
            retry: InteractionResult = await world.press(user, prompt, cid, value)
            if committed:
                assert is_error(retry) and "Already done" in retry.text, retry.text
            else:
                assert not is_error(retry), retry.text
        else:
            assert committed, "an old prompt was retired although its action was not applied"
        log = world.actions(match.id)
        assert len(log) == len(before) + 1 and log[-1][3:5] == (role, text)
        assert replayed(world, match) == dump(world.row(match.id).state or {}), "log and state disagree"
        if kills % 10 == 0:
            hand = await user.click(world.latest_prompt(match), f"palantir:hand:{match.id}")
            assert not is_error(hand), hand.text
    assert 0 < applied_before_kill < kills_wanted, "kills should land both before and after commits"
    for played in matches:
        status = await world.users["alice"].slash(played.thread, "game status")
        assert f"match #{played.id}" in status.text, status.text
        assert world.row(played.id).status in ("active", "finished")


async def test_after_a_crash_between_commit_and_posting_the_thread_catches_up(tmp_path: Path) -> None:
    """Kill the bot just after a move is committed, before the thread is told: on restart the
    thread must show the current turn, or the next player never learns it is his move."""
    async with running_world(tmp_path, settle=0.1) as world:
        await world.no_confirm(*world.users.values())  # one click acts (confirming is tested elsewhere)
        fd, bot = world.fd, world.bot
        match = await world.new_match(world.users["alice"], world.users["bob"])
        rng = seeded(8)
        landed = False
        for _attempt in range(10):
            _, user, prompt, cid, value = await next_move(world, match, rng)
            version = world.row(match.id).version
            logged = len(world.row(match.id).state["log"])  # type: ignore[index]
            click = asyncio.create_task(world.press(user, prompt, cid, value))
            while not click.done() and world.row(match.id).version == version:
                await asyncio.sleep(0.002)
            await bot.kill9()
            click.cancel()
            with contextlib.suppress(asyncio.CancelledError, InteractionTimeout):
                await click
            current = world.row(match.id).version
            posts = len(match.thread.messages)
            told = world.announced(match.id) >= current  # posted, or a hidden step handled
            await start_again(fd, bot)
            if current == version + 1 and not told:
                landed = True
                break
        assert landed, "could not kill the bot between a commit and its thread post"
        state = world.row(match.id).state
        assert state is not None
        quiet = find("confrontation").quiet_events
        if any(project(e, None)[0] not in quiet for e in state["log"][logged:]):
            await fd.wait_for_message(
                lambda m: (
                    m.channel is match.thread
                    and f"palantir:myturn:{match.id}:{world.step(match)}" in m.custom_ids()
                ),
            )
        else:  # a hidden step: handled without a post (a post would tell), the player told by DM
            for _ in range(500):
                if world.announced(match.id) >= current:
                    break
                await asyncio.sleep(0.02)
            assert world.announced(match.id) >= current, "the hidden step was never handled"
            assert len(match.thread.messages) == posts, "a hidden step was posted after the restart"


async def test_gateway_drops_mid_game_resume_without_losing_or_repeating_moves(tmp_path: Path) -> None:
    async with running_world(tmp_path, settle=0.1) as world:
        await world.no_confirm(*world.users.values())  # one click acts (confirming is tested elsewhere)
        fd = world.fd
        match = await world.new_match(world.users["alice"], world.users["bob"])
        rng = seeded(9)
        for round_ in range(6):
            _, user, prompt, cid, value = await next_move(world, match, rng)
            before = len(world.actions(match.id))
            click = asyncio.create_task(world.press(user, prompt, cid, value))
            await asyncio.sleep(rng.uniform(0.0, 0.05))
            await fd.drop_gateway(resume=True)
            result = await click  # buffered and replayed on RESUME: the click still gets its answer
            assert not is_error(result), result.text
            assert len(world.actions(match.id)) == before + 1, f"round {round_}"
        assert fd.gateway.resumes == 6 and fd.gateway.identifies == 1
        # A session that cannot be resumed: the bot identifies again and play goes on.
        await fd.drop_gateway(resume=False)
        await asyncio.sleep(0.2)
        await fd.wait_until_ready(timeout=30)
        assert fd.gateway.identifies == 2
        _, user, prompt, cid, value = await next_move(world, match, rng)
        before = len(world.actions(match.id))
        result = await world.press(user, prompt, cid, value)
        assert not is_error(result) and len(world.actions(match.id)) == before + 1


async def test_closed_dms_never_block_the_match_and_the_thread_explains_hand(tmp_path: Path) -> None:
    async with running_world(tmp_path, closed=("carol",), settle=0.1) as world:
        await world.no_confirm(*world.users.values())  # one click acts (confirming is tested elsewhere)
        fd = world.fd
        alice, carol = world.users["alice"], world.users["carol"]
        match = await world.new_match(alice, carol, side="sauron")
        notice = await fd.wait_for_message(
            lambda m: m.channel is match.thread and closed_notice(m, carol),
        )
        assert not notice.ephemeral
        assert carol.refused_dms >= 1 and carol.dms == []
        rng = seeded(4)
        for _ in range(8):
            if not world.active_roles(match):
                break
            _, user, prompt, cid, value = await next_move(world, match, rng)
            before = len(world.actions(match.id))
            result = await world.press(user, prompt, cid, value)
            assert not is_error(result), result.text
            assert len(world.actions(match.id)) == before + 1
        notices = [m for m in match.thread.messages if closed_notice(m, carol)]
        assert len(notices) == 1, "the closed-DM notice is posted once, not after every move"
        assert carol.refused_dms == 1, "closed DMs are tried once (no text-only retry), not on every prompt"
        assert alice.dms, "the other player still gets DMs"


async def test_a_lobby_survives_a_crash_and_its_join_button_still_works(tmp_path: Path) -> None:
    async with running_world(tmp_path, settle=0.1) as world:
        await world.no_confirm(*world.users.values())  # one click acts (confirming is tested elsewhere)
        fd, bot = world.fd, world.bot
        alice, bob = world.users["alice"], world.users["bob"]
        opened = await alice.slash(world.games, "game new", game="confrontation", side="sauron")
        lobby = opened.response
        assert lobby is not None
        join = next(c for c in lobby.custom_ids() if c.startswith("palantir:join:"))
        await bot.kill9()
        await start_again(fd, bot)
        joined = await bob.click(lobby, join)
        assert not is_error(joined), joined.text
        thread = await world.wait_for_thread(lobby)
        match_id = int(join.rsplit(":", 1)[1])
        assert world.row(match_id).status == "active" and world.fd.channels[thread.id] is thread
