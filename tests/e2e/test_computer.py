"""A person against the computer through the fake Discord, to the end of a Confrontation match.

The computer is seated by ``/game new opponent:computer level:rules``, named as a computer,
never pinged nor DMed; its moves are the bot's own entries (``computer:<match>:<version>``),
each told once. The bot is killed (``kill -9``) while its computer is thinking (a long pace
holds its first move back) and started again (pace 0): the pending turn is played exactly once.
A lobby's "Add a computer player" button seats one at the chosen level; a game without a
computer player says so; in a casual Risk of three, a player's resignation waits for the
others' vote and a computer takes her seat (zombie mode). All in one world: one bot start.
"""

from __future__ import annotations

import asyncio
import random
import re
import time
from pathlib import Path

from tests.e2e.harness import Match, World, is_error, requires_bot, running_world, start_again
from tests.fakediscord import Message

pytestmark = requires_bot

MOVE_LIMIT = 300


def choose(legal: list[str], rng: random.Random) -> str:
    """A random legal action, Frodo's moves first and the set-up placed at once: the match is
    short (Frodo reaches Mordor or falls within about 15 moves)."""
    for quick in ("autoplace", "ready"):
        if quick in legal:
            return quick
    frodo = [action for action in legal if action.startswith("move frodo")]
    return rng.choice(frodo or legal)


async def until(condition: object, what: str, timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():  # type: ignore[operator]
        assert time.monotonic() < deadline, f"never: {what}"
        await asyncio.sleep(0.02)


def computer_entries(world: World, match: Match) -> list[tuple[int, int, str, str, str, str | None]]:
    return [a for a in world.actions(match.id) if (a[5] or "").startswith("computer:")]


async def test_a_person_plays_the_computer_to_the_end_through_a_kill_while_it_thinks(tmp_path: Path) -> None:
    env = {"PALANTIR_COMPUTER_PACE": "60", "PALANTIR_COMPUTER_WORKERS": "1"}
    async with running_world(tmp_path, names=("alice", "bob", "carol"), env=env) as world:
        alice = world.users["alice"]
        refused = await alice.slash(
            world.games, "game new", game="minas-tirith", opponent="computer", level="gentle"
        )
        assert is_error(refused) and "use one of `random`, `rules` or `strong`" in refused.text, refused.text
        await a_lobby_adds_a_computer_with_its_button(world)

        opened = await alice.slash(
            world.games,
            "game new",
            game="confrontation",
            side="fellowship",
            opponent="computer",
            level="rules",
        )
        assert not opened.ephemeral, opened.text
        lobby = opened.response
        assert lobby is not None
        found = re.search(r"match #(\d+)", lobby.content)
        assert found is not None, lobby.content
        match_id = int(found[1])
        thread = await world.wait_for_thread(lobby)
        await world.fd.wait_for_message(
            lambda m: m.channel is thread and f"palantir:hand:{match_id}" in m.custom_ids()
        )
        match = Match(match_id, lobby, thread, {"fellowship": alice})
        start = next(m for m in thread.messages if f"palantir:hand:{match_id}" in m.custom_ids())
        assert "🤖 Computer (rules)" in start.content, start.content

        # The computer (Sauron) sets up at once, held back by the pace: kill -9 then.
        await until(lambda: f"match {match.id} v" in world.bot.output, "the computer started thinking")
        version = world.row(match.id).version
        assert computer_entries(world, match) == [], "nothing committed while it thinks"
        await world.bot.kill9()
        world.bot.env["PALANTIR_COMPUTER_PACE"] = "0"
        await start_again(world.fd, world.bot)
        await until(lambda: computer_entries(world, match), "the pending turn was resumed")
        first = computer_entries(world, match)[0]
        assert first[5] == f"computer:{match.id}:{version}", "resumed at the version it was asked at"

        rng = random.Random(11)
        moves = 0
        while world.active_roles(match):
            await world.until_announced(match)
            legal = world.legal(match, "fellowship")
            if not legal:
                await asyncio.sleep(0.02)  # the computer's turn: wait for it (a condition below)
                continue
            result = await alice.slash(thread, "game act", action=choose(legal, rng))
            assert not is_error(result), result.text
            moves += 1
            assert moves < MOVE_LIMIT
        await world.until_announced(match)

        row = world.row(match.id)
        assert row.status == "finished"
        entries = computer_entries(world, match)
        ids = [e[5] for e in entries]
        assert len(ids) == len(set(ids)), "every computer decision committed once"
        assert all(e[3] == "sauron" for e in entries)
        everything: list[Message] = list(world.fd.messages.values())
        assert all(not any(user < 0 for user in m.pinged) for m in everything), "the computer is never pinged"
        assert all("<@-" not in m.content for m in everything), "nor mentioned"
        dms = {m.channel.recipient.name for m in everything if m.channel.type == 1}
        assert dms <= set(world.users), "DMs go to people only (a computer has no user to DM)"
        assert world.bot.output.count(f"match {match.id} v{version}: the computer thinks") == 2, (
            "once per run"
        )
        await a_rematch_starts_at_once(world, match)
        await zombie_mode_on_a_risk_table(world)


async def a_lobby_adds_a_computer_with_its_button(world: World) -> None:
    """A Risk lobby of three: "Add a computer player", a level, the lobby names it; cancelled."""
    alice = world.users["alice"]
    opened = await alice.slash(world.games, "game new", game="lotr-risk", players="3")
    lobby = opened.response
    assert lobby is not None
    add = next(c for c in lobby.custom_ids() if re.fullmatch(r"palantir:computer:\d+", c))
    offered = await alice.click(lobby, add)
    assert offered.ephemeral and "random" in offered.text and "rules" in offered.text
    assert offered.main is not None
    level = next(c for c in offered.main.custom_ids() if c.startswith("palantir:computer:"))
    added = await alice.click(offered.main, level)
    assert not is_error(added), added.text
    await until(lambda: "🤖 Computer (random)" in world.fd.messages[lobby.id].content, "the lobby names it")
    cancelled = await alice.slash(world.games, "game cancel", match=add.rsplit(":", 1)[1])
    assert not is_error(cancelled), cancelled.text


async def zombie_mode_on_a_risk_table(world: World) -> None:
    """A casual Risk of three: alice resigns, bob and carol agree, a computer takes her seat."""
    alice, bob, carol = (world.users[n] for n in ("alice", "bob", "carol"))
    match = await world.new_table(alice, [bob, carol], game="lotr-risk", players="3", edition="middle-earth")
    asked = await alice.slash(match.thread, "game resign")
    assert asked.ephemeral and asked.main is not None, asked.text
    assert "the others decide whether a computer plays on for you" in asked.text, asked.text
    yes = next(c for c in asked.main.custom_ids() if c.startswith("palantir:resign:"))
    left = await alice.click(asked.main, yes)
    assert not is_error(left) and "decide whether a computer plays on" in left.text, left.text
    vote = await world.fd.wait_for_message(
        lambda m: m.channel is match.thread and f"palantir:zombie:{match.id}:1" in m.custom_ids()
    )
    assert vote.pinged == {bob.id, carol.id}, "the vote asks the other players"
    assert world.row(match.id).status == "active" and world.actions(match.id) == [], "her leaving is held"
    waiting = await bob.click(vote, f"palantir:zombie:{match.id}:1")
    assert "waiting for 1 more" in waiting.text, waiting.text
    agreed = await carol.click(vote, f"palantir:zombie:{match.id}:1")
    assert not is_error(agreed), agreed.text
    told = await world.fd.wait_for_message(lambda m: m.channel is match.thread and "now plays" in m.content)
    assert "🤖 Computer (strong)" in told.content and not told.pinged
    await until(lambda: "🤖 Computer" in match.thread.name, "the thread's name names the computer")
    assert alice.name.title() not in match.thread.name, match.thread.name
    with world._db() as conn:
        (user_id,) = conn.execute(
            "SELECT user_id FROM seats WHERE match_id = ? AND role = ?", (match.id, match.role_of(alice))
        ).fetchone()
    assert int(user_id) < 0, "her seat is the computer's"


async def a_rematch_starts_at_once(world: World, match: Match) -> None:
    """**Rematch** on the final post: the computer is seated at once, the sides swapped."""
    alice = world.users["alice"]
    final = next(
        m for m in reversed(match.thread.messages) if f"palantir:rematch:{match.id}" in m.custom_ids()
    )
    asked = await alice.click(final, f"palantir:rematch:{match.id}")
    assert not is_error(asked) and "Rematch lobby opened" in asked.text, asked.text
    start = await world.fd.wait_for_message(
        lambda m: m.channel.parent is world.games and "begins" in m.content and m.channel is not match.thread,
    )
    assert "🤖 Computer (rules) (Fellowship)" in start.content and "(Sauron)" in start.content, start.content
    assert not any(user < 0 for user in start.pinged)
