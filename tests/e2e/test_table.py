"""A quiet, forgiving table: counts of posts, pings and DMs over a whole match, confirm and
cancel, old private prompts retired, the living status, ``/rules`` and ``/settings``.

One complete Classic match is played through the real bot and the fake Discord, every move
from the player's own menus (two steps where the list is long) and confirmed when the bot asks.
Then everything the bot sent is counted against what the engine says should have happened:
one post per step worth seeing (a battle's result edits the post of the move that started it),
none for a hidden step, at most half a post per action; each wait told to its player once, by
a DM that notifies (his DMs are open), so that he is mentioned in the thread only when the match
starts and when it ends; and one live private prompt per player.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from games.core import Match as Game
from games.core import find, load, project
from tests.e2e.harness import DM, Match, Table, World, is_error, requires_bot, running_world, seeded
from tests.fakediscord import Message

pytestmark = requires_bot

#: Discord's flag for a message that notifies nobody (``silent=True``).
SILENT = 1 << 12

RULESET = find("confrontation")


def choose(legal: list[str], rng: object) -> str:
    for quick in ("autoplace", "ready"):
        if quick in legal:
            return quick
    return rng.choice(legal)  # type: ignore[attr-defined,no-any-return]


def expected_table(world: World, match: Match) -> tuple[int, Counter[str]]:
    """From the committed log alone: how many new posts the public should have seen (see
    :class:`Table`) and how often each role was awaited anew (the game started waiting for it)
    after the opening."""
    row = world.row(match.id)
    with world._db() as conn:
        seed, options = conn.execute("SELECT seed, options FROM matches WHERE id = ?", (match.id,)).fetchone()
    game = Game(RULESET, RULESET.setup(int(seed), RULESET.resolve_options(load(options)), 2))
    table, waits = Table(), Counter[str]()
    for _, _, kind, role, action, _ in world.actions(match.id):
        state = game.state
        before = {r: RULESET.prompt(state, r).actions for r in RULESET.active(state) if r != role}
        outcome = (
            game.undo(role)
            if kind == "undo"
            else game.resign(role)
            if kind == "resign"
            else game.submit(role, action)
        )
        over = state["result"] is not None
        visible = [e for e in outcome.events if project(e, None)[0] not in RULESET.quiet_events]
        table.step(role, visible=bool(visible), over=over, exchange=None if over else RULESET.exchange(state))
        if over:
            continue
        for other in RULESET.active(state) - {role}:
            now = RULESET.prompt(state, other).actions
            if now != before.get(other, ()) or other not in outcome.active_before:
                waits[other] += 1
    assert game.state["seq"] == row.seq
    return table.posts, waits


def live_prompts(messages: list[Message], match_id: int) -> list[Message]:
    """DM prompts of a match that still carry components a player could use."""
    return [m for m in messages if any(f":{match_id}:" in c for c in m.custom_ids())]


async def test_a_whole_match_is_quiet_forgiving_and_told_once(tmp_path: Path) -> None:
    async with running_world(tmp_path, settle=0.1) as world:
        fd = world.fd
        alice, bob, carol = world.users["alice"], world.users["bob"], world.users["carol"]
        match = await world.new_match(alice, bob, side="fellowship")
        rng = seeded(3)

        # Help at hand: the rules, a character's text, and one's settings.
        overview = await carol.slash(match.thread, "rules")
        assert overview.ephemeral and "Ring-bearer" in overview.text and "/rules topic" in overview.text
        topics = await carol.autocomplete(match.thread, "rules", focused="topic", topic="balr")
        assert [c["value"] for c in topics] == ["balrog"]
        balrog = await carol.slash(match.thread, "rules", topic="balrog")
        assert balrog.ephemeral and "Balrog" in balrog.text and "Tunnel" in balrog.text
        settings = await alice.slash(match.thread, "settings")
        assert settings.ephemeral and "**important**" in settings.text  # what matters, by default
        await world.confirm_mode("always", alice, bob)  # every move asks: two are cancelled below

        cancelled = moves = 0
        while world.row(match.id).state["result"] is None:  # type: ignore[index]
            role = rng.choice(world.active_roles(match))
            user = match.players[role]
            action = choose(world.legal(match, role), rng)
            count = len(world.actions(match.id))
            if cancelled < 2 and action not in ("autoplace", "ready"):
                asked = await world.pick(match, user, action, confirm=False)
                prompt = world.asking(asked, "palantir:cancel:")
                no = (
                    next((c for c in prompt.custom_ids() if c.startswith("palantir:cancel:")), None)
                    if prompt
                    else None
                )
                if prompt is not None and no is not None:  # it cannot be undone: the bot asked first
                    back = await user.click(prompt, no)
                    assert back.main is not None and "Cancelled" in back.main.text
                    assert len(world.actions(match.id)) == count, "a cancelled action was applied"
                    cancelled += 1
                    continue
                assert len(world.actions(match.id)) == count + 1, asked.text
            else:
                done = await world.pick(match, user, action)
                assert not is_error(done), done.text
                assert len(world.actions(match.id)) == count + 1
            moves += 1
            assert moves < 400
        assert cancelled == 2
        # Told in full: the result posted, the status edited, every private prompt retired.
        await fd.wait_for_message(lambda m: m is match.lobby and "Game over" in m.text)
        for user in (alice, bob):
            await fd.wait_for_message(
                lambda m, u=user: m.channel.recipient is u and "The match is over" in m.content
            )
        assert world.announced(match.id) == world.row(match.id).version

        posts, waits = expected_table(world, match)
        thread_posts = [m for m in match.thread.messages if m.author is fd.bot_user]
        boards = [m for m in thread_posts if m.files]
        assert len(boards) == posts + 1, f"{len(boards)} boards for {posts} new posts (+ the start)"
        assert len(thread_posts) == posts + 1, "nothing else in the thread: no bare waiting lines"
        # Half a post per action at most, besides the start and the end (the match's seed is
        # random, and a short match is mostly its start and end).
        assert len(thread_posts) - 2 <= moves / 2, f"{len(thread_posts)} thread posts for {moves} actions"
        for role, user in match.players.items():
            mentions = sum(user.id in m.pinged for m in fd.messages.values())
            assert mentions == 2, f"{role} was mentioned {mentions} times: only at the start and the end"
            loud = [
                m
                for m in fd.messages.values()
                if m.channel.type == DM
                and m.channel.recipient is user
                and m.interaction_metadata is None
                and not m.flags & SILENT
            ]
            assert len(loud) == waits[role], f"{role}: {len(loud)} notifying DMs for {waits[role]} waits"
            print(f"{role}: {mentions} mentions, {len(loud)} notifying DMs, {waits[role]} waits")
        print(f"{len(thread_posts)} thread posts for {moves} actions")
        assert not any(carol.id in m.pinged for m in fd.messages.values()), "a spectator was pinged"
        assert sum("Game over" in m.content for m in thread_posts) == 1, "the result is told once"

        # The living status: the lobby message, edited after the moves, ends with the result.
        assert len(match.lobby.history) >= posts // 2
        assert "Game over" in match.lobby.text and "palantir:myturn" not in " ".join(match.lobby.custom_ids())

        # One private place per player: every older DM prompt was retired.
        for user in (alice, bob):
            dms = [m for m in fd.messages.values() if m.channel.type == DM and m.channel.recipient is user]
            assert dms, f"{user.name} got no DM"
            assert live_prompts(dms, match.id) == [], "a private prompt of a finished match is still live"
            pushed = [m for m in dms if m.interaction_metadata is None]  # the bot's own DM prompts
            assert len(pushed) < moves // 2, f"{len(pushed)} DM prompts for {moves} moves: not quiet"
            assert all(("moved on" in m.text or "is over" in m.text) for m in pushed), (
                "a DM prompt not retired"
            )
        world.check_public()


async def test_a_press_in_the_dm_prompt_is_answered_there_without_sending_the_player_to_his_dms(
    tmp_path: Path,
) -> None:
    async with running_world(tmp_path, settle=0.1) as world:
        alice, bob = world.users["alice"], world.users["bob"]
        match = await world.new_match(alice, bob, side="fellowship")
        # The start is posted after the joiner's answer: wait for the DM prompt, not a moment.
        await world.fd.wait_for_message(
            lambda m: any(p is m for p in world.private_prompts(match, alice)) and m.channel.type == DM,
        )
        prompt = [m for m in world.private_prompts(match, alice) if m.channel.type == DM][-1]
        cid, value = world.offered(prompt)["autoplace"]
        answer = await world.complete(match, alice, await world.press(alice, prompt, cid, value), "autoplace")
        assert not is_error(answer), answer.text
        assert "✅" in answer.text and "in your DMs" not in answer.text, answer.text
        # From the thread, the next choice is still where it was: in the DM (or /hand).
        other = await world.fresh_prompt(match, bob)
        assert other is not None
        cid, value = world.offered(other)["autoplace"]
        answer = await world.complete(match, bob, await world.press(bob, other, cid, value), "autoplace")
        assert "✅" in answer.text and "in your DMs" in answer.text, answer.text
