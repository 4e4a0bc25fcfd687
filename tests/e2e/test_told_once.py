"""Told once, posted once: notifications and posts counted per player over whole matches.

A player is told once each time the game starts waiting for him: by his DM prompt where it
reaches him, by a mention in the match thread only where it does not (his DMs are closed). The
joiner who fills a lobby is answered before the first boards are drawn. In Risk, an attack of
several rolls is one post.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from games.core import Match as Game
from games.core import find, load, project
from tests.e2e.harness import DM, Match, World, is_error, requires_bot, running_world, seeded
from tests.e2e.risk_support import COMMANDS, GAME, USERS, board_post, choose, play
from tests.fakediscord import Message, User

pytestmark = requires_bot

CONFRONTATION = find("confrontation")
#: Discord's flag for a message that notifies nobody (``silent=True``).
SILENT = 1 << 12


def quick(legal: list[str], rng: object) -> str:
    for fast in ("autoplace", "ready"):
        if fast in legal:
            return fast
    return rng.choice(legal)  # type: ignore[attr-defined,no-any-return]


def waits(world: World, match: Match) -> Counter[str]:
    """From the committed log: how often the game started waiting for each role after the
    opening (a new question for a role other than the actor)."""
    with world._db() as conn:
        seed, options = conn.execute("SELECT seed, options FROM matches WHERE id = ?", (match.id,)).fetchone()
    game = Game(
        CONFRONTATION, CONFRONTATION.setup(int(seed), CONFRONTATION.resolve_options(load(options)), 2)
    )
    found = Counter[str]()
    for _, _, _, role, action, _ in world.actions(match.id):
        state = game.state
        before = {r: CONFRONTATION.prompt(state, r).actions for r in CONFRONTATION.active(state) if r != role}
        outcome = game.submit(role, action)
        if state["result"] is not None:
            break
        for other in CONFRONTATION.active(state) - {role}:
            if CONFRONTATION.prompt(state, other).actions != before.get(other, ()) or (
                other not in outcome.active_before
            ):
                found[other] += 1
    return found


def notifying_dms(world: World, user: User) -> list[Message]:
    """DMs the bot pushed to ``user`` that notify him (not silent, not answers to his clicks)."""
    return [
        m
        for m in world.fd.messages.values()
        if m.channel.type == DM
        and m.channel.recipient is user
        and m.interaction_metadata is None
        and not m.flags & SILENT
    ]


async def test_each_wait_is_told_once_by_dm_or_by_a_mention_where_dms_are_closed(tmp_path: Path) -> None:
    async with running_world(tmp_path, closed=("bob",), settle=0.05) as world:
        fd = world.fd
        alice, bob = world.users["alice"], world.users["bob"]
        await world.no_confirm(alice, bob)

        # The joiner who fills the lobby is answered before the match's first post.
        opened = await alice.slash(world.games, "game new", game="confrontation", side="fellowship")
        lobby = opened.response
        assert lobby is not None
        join = next(c for c in lobby.custom_ids() if c.startswith("palantir:join:"))
        mark = fd.activity_mark()
        joined = await bob.click(lobby, join)
        assert not is_error(joined) and "You joined" in joined.text, joined.text
        thread = await world.wait_for_thread(lobby)
        start = await fd.wait_for_message(lambda m: m.channel is thread and bool(m.files))
        created, _ = fd.activity_since(mark)
        answer = next(m for m in created if "You joined" in m.content)
        assert created.index(answer) < created.index(start), "the joiner waited for the boards"
        match_id = int(join.rsplit(":", 1)[1])
        match = Match(match_id, lobby, thread, {r: u for r, u in world._seats(match_id).items()})

        rng = seeded(5)
        moves = 0
        while world.row(match.id).state["result"] is None:  # type: ignore[index]
            role = rng.choice(world.active_roles(match))
            done = await world.pick(match, match.players[role], quick(world.legal(match, role), rng))
            assert not is_error(done), done.text
            moves += 1
            assert moves < 400
        await fd.wait_for_message(lambda m: m is match.lobby and "Game over" in m.text)
        await fd.wait_for_message(lambda m: m.channel.recipient is alice and "The match is over" in m.content)
        assert world.announced(match.id) == world.row(match.id).version

        expected = waits(world, match)
        bob_role = match.role_of(bob)
        alice_role = match.role_of(alice)
        mentions = Counter[str]()
        for msg in fd.messages.values():
            for role, user in match.players.items():
                mentions[role] += user.id in msg.pinged
        # Alice (DMs open): mentioned at the start and at the end only; one notifying DM a wait.
        assert mentions[alice_role] == 2, mentions
        assert len(notifying_dms(world, alice)) == expected[alice_role]
        # Bob (DMs closed): no DM at all; a mention for each wait, the start and the end (the
        # closed-DM notice at the start pings nobody: the start post has just mentioned him).
        assert bob.dms == [] and bob.refused_dms == 1
        assert mentions[bob_role] == expected[bob_role] + 2, (mentions, expected)
        notices = [m for m in thread.messages if "I can't DM you" in m.content]
        assert len(notices) == 1 and not notices[0].pinged
        thread_posts = [m for m in thread.messages if m.author is fd.bot_user]
        print(
            f"{moves} actions, {len(thread_posts)} thread posts; alice: {mentions[alice_role]} mentions, "
            f"{len(notifying_dms(world, alice))} notifying DMs for {expected[alice_role]} waits; "
            f"bob (DMs closed): {mentions[bob_role]} mentions for {expected[bob_role]} waits"
        )


async def test_a_risk_attack_of_several_rolls_is_one_post(tmp_path: Path) -> None:
    async with running_world(tmp_path, names=USERS, commands=COMMANDS, settle=0.04) as world:
        fd = world.fd
        users = [world.users[n] for n in USERS[:2]]
        await world.no_confirm(*users)
        match = await world.new_table(users[0], users[1:], game=GAME, players="2", edition="middle-earth")
        rng = seeded(21)
        turn: Counter[str] = Counter()
        turn_number, moves = 0, 0
        attacks: list[tuple[int, int]] = []  # (rolls, new thread posts) of each attack
        rolls, mark = 0, None
        while len([a for a in attacks if a[0] >= 2]) < 2:
            state = world.row(match.id).state
            assert state is not None and state["result"] is None, "the match ended before two long attacks"
            if state["turn"]["number"] != turn_number:
                turn_number, turn = state["turn"]["number"], Counter()
            role = rng.choice(world.active_roles(match))
            action = choose(world, match, role, world.legal(match, role), rng, turn)
            if action.startswith("attack "):
                mark, rolls = fd.activity_mark(), 0
            elif mark is not None and action.split(" ")[0] in ("roll", "defend"):
                rolls += 1
            logged = len(state["log"])
            done = await play(world, match, role, action, moves % 2, Counter())
            assert not is_error(done), f"{action!r}: {done.text}"
            moves += 1
            after = world.row(match.id).state
            assert after is not None
            ended = any(project(e, None)[0] == "attack" for e in after["log"][logged:])
            await world.until_announced(match)
            if mark is not None and ended:
                step = world.step(match)
                told = await fd.wait_for_message(
                    lambda m, v=step: m.channel is match.thread and board_post(match, v) is m,
                    since=mark,
                )
                assert "⏳" in told.content
                created, _ = fd.activity_since(mark)
                posts = [
                    m
                    for m in created
                    if m.channel is match.thread
                    and not m.deleted
                    and not m.ephemeral  # (answers to the attacker's clicks, his alone)
                    and m.interaction_metadata is None
                ]
                attacks.append((rolls, len(posts)))
                mark = None
            assert moves < 600
        for count, posts in attacks:
            assert posts <= 1, f"an attack of {count} rolls posted {posts} times: {attacks}"
        print(f"attacks (rolls, posts): {attacks}")
