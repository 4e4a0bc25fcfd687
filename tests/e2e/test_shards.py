"""Two bot processes with two shards each, on one PostgreSQL database (``shards_support``).

Matches in servers on different processes; players clicking in DMs (which reach shard 0, the
first process, whatever the match) and in threads (which reach the server's process) at the same
moment on the same match: every action applied once and announced once, nothing lost; a process
killed with SIGKILL mid-play while the other serves on, then resuming; a time bank that runs out
announced once although both processes watch the clocks.

``PALANTIR_SHARD_ROUNDS`` sets the rounds of double clicks (CI: a few, for the suite's budget).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import time
from collections import Counter
from pathlib import Path

from games.core import dump
from tests.e2e.harness import Match, World, _pick_of, is_error, requires_bot, seeded
from tests.e2e.shards_support import Shards, running_shards
from tests.e2e.test_days_long import SimulatedTime
from tests.e2e.test_faults import replayed
from tests.fakediscord import InteractionResult, InteractionTimeout, User
from tests.fakediscord.model import DM, Message
from tests.support.postgresql import fresh_database

pytestmark = requires_bot

ROUNDS = int(os.environ.get("PALANTIR_SHARD_ROUNDS", "8"))
#: The processes announce what another left unannounced within this many seconds.
FAST = {"PALANTIR_CATCH_UP_EVERY": "0.5", "PALANTIR_TICK_EVERY": "0.2"}


async def dm_prompt(world: World, match: Match, user: User) -> Message:
    """``user``'s current action menu in his DMs (a click there reaches shard 0's process)."""
    wanted = world.prompt_number(match.id, match.role_of(user))

    def current(m: Message) -> bool:
        return (
            m.channel.type == DM
            and m.channel.recipient is user
            and not m.deleted
            and any((p := _pick_of(c, match.id)) is not None and p[0] == wanted for c in m.custom_ids())
        )

    found = [m for m in world.fd.messages.values() if current(m)]
    if found:
        return found[-1]
    try:
        return await world.fd.wait_for_message(current)
    except InteractionTimeout as exc:
        menus = [c for m in user.dms for c in m.custom_ids() if _pick_of(c, match.id)]
        raise InteractionTimeout(
            f"no DM menu of prompt {wanted} for {user.name}: {menus[-3:]}; {exc}"
        ) from None


def one_press(world: World, prompt: Message) -> dict[str, tuple[str, str]]:
    """What ``prompt`` does in one press (a group's entries, two presses, only when nothing
    else), never taking a step back (that would make the other player's menu out of date)."""
    offered = {a: w for a, w in world.offered(prompt).items() if not a.startswith("Take back")}
    single = {a: w for a, w in offered.items() if not w[1].startswith("group:")}
    return single or offered


def simultaneous(world: World, prompt: Message, rng: random.Random) -> tuple[str, str]:
    """A press for one side of a simultaneous step: finishing the set-up when offered."""
    offered = one_press(world, prompt)
    for quick in ("autoplace", "ready"):
        if quick in offered:
            return offered[quick]
    return offered[rng.choice(sorted(offered))]


async def dm_and_thread_at_once(world: World, match: Match, rng: random.Random) -> list[InteractionResult]:
    """One round: clicks in a DM and in the thread at the same moment on ``match``.

    Two players to decide (a simultaneous step): one clicks in his DM, the other in the thread,
    both applied. One player: he clicks the same action in his DM and in the thread at once
    (two devices), applied once, the other click told it is already done.
    """
    roles = world.active_roles(match)
    before = world.actions(match.id)
    if len(roles) >= 2:
        first, second = rng.sample(roles, 2)
        by_dm, by_thread = match.players[first], match.players[second]
        dm = await dm_prompt(world, match, by_dm)
        thread = await world.fresh_prompt(match, by_thread)
        assert thread is not None
        a, b = simultaneous(world, dm, rng), simultaneous(world, thread, rng)
        results = list(await asyncio.gather(world.press(by_dm, dm, *a), world.press(by_thread, thread, *b)))
        assert not any(is_error(r) for r in results), [r.text for r in results]
        assert len(world.actions(match.id)) == len(before) + 2
    else:
        user = match.players[roles[0]]
        dm = await dm_prompt(world, match, user)
        thread = await world.fresh_prompt(match, user)
        assert thread is not None
        both = sorted(set(one_press(world, dm)) & set(one_press(world, thread)))
        assert both, "the DM and the thread offer the same actions"
        action = rng.choice(both)
        results = list(
            await asyncio.gather(
                world.press(user, dm, *one_press(world, dm)[action]),
                world.press(user, thread, *one_press(world, thread)[action]),
            )
        )
        accepted = [r for r in results if not is_error(r)]
        assert len(accepted) == 1, [r.text for r in results]
        refused = next(r for r in results if is_error(r))
        # Already done; or, after a last move, a finished match.
        assert "Already done" in refused.text or "match is over" in refused.text, refused.text
        log = world.actions(match.id)
        assert len(log) == len(before) + 1 and log[-1][3:5] == (roles[0], action)
    assert world.actions(match.id)[: len(before)] == before, "a committed action was lost"
    return results


def assert_told_once(world: World, match: Match) -> None:
    """The log replays to the state, no interaction applied twice, no thread post repeated."""
    assert replayed(world, match) == dump(world.row(match.id).state or {}), "log and state disagree"
    interactions = [entry[5] for entry in world.actions(match.id) if entry[5] is not None]
    assert len(interactions) == len(set(interactions)), "an interaction was applied twice"
    posts = Counter(
        (m.content, tuple(a.filename for a in m.attachments))
        for m in match.thread.messages
        if m.author is world.fd.bot_user
    )
    repeated = [post for post, count in posts.items() if count > 1]
    assert not repeated, f"posted twice: {repeated}"


async def ongoing(shards: Shards, match: Match) -> Match:
    """``match``, or a new match of the same players in the same server once it is over."""
    if shards.world.active_roles(match):
        return match
    creator, opponent = match.players["fellowship"], match.players["sauron"]
    return await shards.world.new_match(creator, opponent, channel=match.lobby.channel)


async def play_both(world: World, matches: list[Match], rng: random.Random, rounds: int) -> None:
    """``rounds`` rounds of DM-and-thread clicks, on every match at once."""
    for _ in range(rounds):
        live = [m for m in matches if world.active_roles(m)]
        if not live:
            return
        await asyncio.gather(*(dm_and_thread_at_once(world, m, rng) for m in live))
        for match in live:
            await world.until_announced(match)


async def kill_after_commit(shards: Shards, match: Match, rng: random.Random) -> None:
    """A click in ``match``'s thread, its process killed (SIGKILL) the moment the move is
    committed, as a rule before it is announced (a board takes a while to draw; a hidden step may
    be quicker): the other process announces it at its next sweep (the dead one's hold on
    announcing the match went with its database connections)."""
    world = shards.world
    bot = shards.process_of(shards.servers.index(match.thread.guild))  # type: ignore[arg-type]
    role = rng.choice(world.active_roles(match))
    user = match.players[role]
    prompt = await world.fresh_prompt(match, user)
    assert prompt is not None
    before = world.actions(match.id)
    click = asyncio.create_task(
        world.press(user, prompt, *rng.choice(sorted(one_press(world, prompt).values())))
    )
    deadline = time.monotonic() + 15
    while len(world.actions(match.id)) == len(before):
        assert time.monotonic() < deadline, "the click was never committed"
        await asyncio.sleep(0.005)
    await bot.kill9()
    click.cancel()
    with contextlib.suppress(asyncio.CancelledError, InteractionTimeout):
        await click
    after = world.actions(match.id)
    assert after[: len(before)] == before and len(after) == len(before) + 1, "applied once, nothing lost"
    await world.until_announced(match)  # the living process announces what the dead one committed


async def dm_only(world: World, match: Match, rng: random.Random) -> None:
    """A player of ``match`` clicks in his DM (shard 0's process): applied once, announced."""
    user = match.players[rng.choice(world.active_roles(match))]
    dm = await dm_prompt(world, match, user)
    before = len(world.actions(match.id))
    result = await world.press(user, dm, *rng.choice(sorted(one_press(world, dm).values())))
    assert not is_error(result), result.text
    assert len(world.actions(match.id)) == before + 1
    await world.until_announced(match)


async def a_time_bank_runs_out(shards: Shards, clock: SimulatedTime) -> None:
    """A paced match on the second process's last shard; its clock runs far past every deadline:
    both processes watch the clocks, the timeout is applied and told exactly once."""
    world, fd = shards.world, shards.world.fd
    alice, bob = world.users["alice"], world.users["bob"]
    match = await world.new_table(
        alice, [bob], game="confrontation", side="fellowship", pace="fast", channel=shards.channels[3]
    )
    clock.advance(30 * 86_400)
    await fd.wait_for_message(lambda m: m.channel is match.thread and "ran out of time" in m.content)
    await fd.quiet(1.0)  # several ticks of both processes, all quiet
    told = [m for m in match.thread.messages if "ran out of time" in m.content]
    assert len(told) == 1, [m.content for m in told]
    assert [a[4] for a in world.actions(match.id)].count("timeout") == 1
    assert world.row(match.id).status == "finished"


async def test_two_processes_apply_and_announce_every_click_once(tmp_path: Path) -> None:
    clock = SimulatedTime(tmp_path / "clock.txt")
    env = {**FAST, "PALANTIR_CLOCK_FILE": str(clock.path)}
    async with fresh_database("shards") as url, running_shards(tmp_path, url, env=env) as shards:
        world = shards.world
        await world.no_confirm(*world.users.values())
        alice, bob, carol, dave = (world.users[n] for n in ("alice", "bob", "carol", "dave"))
        # A match on each process (shard 1: the first one's; shard 2: the second one's).
        near = await world.new_match(alice, bob, channel=shards.channels[1])
        far = await world.new_match(carol, dave, channel=shards.channels[2])
        rng = seeded(27)
        await play_both(world, [near, far], rng, ROUNDS)
        # SIGKILL the second process mid-click in its own server: the first serves on (the DMs of
        # both matches, the threads of its own) and announces what the dead one committed.
        second = shards.process_of(2)
        played = [near, far]
        near, far = await ongoing(shards, near), await ongoing(shards, far)
        await kill_after_commit(shards, far, rng)
        await play_both(world, [near], rng, 2)
        for _ in range(2):
            if world.active_roles(far):
                await dm_only(world, far, rng)
        await shards.restart(second)
        await play_both(world, [near, far], rng, 2)
        for match in {m.id: m for m in [*played, near, far]}.values():
            assert_told_once(world, match)
        assert second.kills == 1 and second.starts == 2
        await a_time_bank_runs_out(shards, clock)
