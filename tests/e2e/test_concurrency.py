"""Concurrency: simultaneous and double clicks, two matches in one channel, one user in several."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

from games.core import dump, find, load, submit
from tests.e2e.harness import Match, World, is_error, requires_bot, running_world, seeded
from tests.fakediscord import User

pytestmark = requires_bot


def consistent(world: World, match: Match) -> None:
    """The log is gapless and in order, and replaying it gives the committed state exactly."""
    log = world.actions(match.id)
    assert [entry[1] for entry in log] == list(range(len(log))), "log seqs must be 0, 1, 2, ..."
    interactions = [entry[5] for entry in log if entry[5] is not None]
    assert len(interactions) == len(set(interactions)), "an interaction was applied twice"
    with world._db() as conn:
        seed, options = conn.execute("SELECT seed, options FROM matches WHERE id = ?", (match.id,)).fetchone()
    ruleset = find("confrontation")
    state = ruleset.setup(int(seed), ruleset.resolve_options(load(options)), 2)
    for _, _, _, role, action, _ in log:
        state = submit(ruleset, state, role, action).state
    assert dump(state) == dump(world.row(match.id).state or {})


async def prepared(world: World, match: Match, user: User, action: str) -> tuple[object, str, str]:
    prompt = await world.fresh_prompt(match, user)
    assert prompt is not None
    cid, value = world.offered(prompt)[action]
    return prompt, cid, value


def pick_action(world: World, match: Match, role: str, rng: random.Random) -> str:
    legal = world.legal(match, role)
    for quick in ("autoplace", "ready"):
        if quick in legal:
            return quick
    return rng.choice(legal)


async def test_both_players_clicking_at_once_in_a_simultaneous_decision_are_both_applied(
    tmp_path: Path,
) -> None:
    async with running_world(tmp_path, settle=0.1) as world:
        await world.no_confirm(*world.users.values())  # one click acts (confirming is tested elsewhere)
        alice, bob = world.users["alice"], world.users["bob"]
        match = await world.new_match(alice, bob)
        assert world.active_roles(match) == ["fellowship", "sauron"]  # setup: both decide at once
        a = await prepared(world, match, alice, "autoplace")
        b = await prepared(world, match, bob, "autoplace")
        both = await asyncio.gather(world.press(alice, a[0], a[1], a[2]), world.press(bob, b[0], b[1], b[2]))  # type: ignore[arg-type]
        assert not any(is_error(r) for r in both), [r.text for r in both]
        assert sorted(e[3] for e in world.actions(match.id)) == ["fellowship", "sauron"]
        consistent(world, match)


async def test_double_and_triple_clicks_apply_each_action_exactly_once(tmp_path: Path) -> None:
    async with running_world(tmp_path, settle=0.1) as world:
        await world.no_confirm(*world.users.values())  # one click acts (confirming is tested elsewhere)
        alice, bob = world.users["alice"], world.users["bob"]
        match = await world.new_match(alice, bob)
        rng = seeded(21)
        for round_ in range(14):
            if not world.active_roles(match):
                break
            role = rng.choice(world.active_roles(match))
            user = match.players[role]
            action = pick_action(world, match, role, rng)
            prompt, cid, value = await prepared(world, match, user, action)
            before = len(world.actions(match.id))
            clicks = 2 + round_ % 3  # double and triple clicks on the same option
            results = await asyncio.gather(*(world.press(user, prompt, cid, value) for _ in range(clicks)))  # type: ignore[arg-type]
            accepted = [r for r in results if not is_error(r)]
            assert len(accepted) == 1, [r.text for r in results]
            # The extra clicks are refused as already done (or, after a last move, as a finished match).
            assert all(
                "Already done" in r.text or "match is over" in r.text for r in results if is_error(r)
            ), [r.text for r in results]
            assert len(world.actions(match.id)) == before + 1
            assert world.actions(match.id)[-1][3:5] == (role, action)
        # The bot seeds each match at random: a short game (the Ring-bearer caught early) may end sooner.
        assert len(world.actions(match.id)) >= 10 or not world.active_roles(match)
        consistent(world, match)


async def test_two_matches_in_one_channel_and_one_user_in_several(tmp_path: Path) -> None:
    async with running_world(tmp_path, names=("alice", "bob", "carol", "dave"), settle=0.1) as world:
        await world.no_confirm(*world.users.values())  # one click acts (confirming is tested elsewhere)
        alice, bob, carol, dave = (world.users[n] for n in ("alice", "bob", "carol", "dave"))
        first = await world.new_match(alice, bob, side="fellowship")
        second = await world.new_match(carol, dave, side="sauron")
        third = await world.new_match(alice, carol, side="sauron")  # alice and carol play twice
        matches = [first, second, third]
        assert len({m.thread.id for m in matches}) == 3
        assert all(m.lobby.channel is world.games for m in matches)
        # Outside a thread, "which match?" is ambiguous for alice and must be asked, not guessed.
        ambiguous = await alice.slash(world.games, "game act", action="autoplace")
        assert is_error(ambiguous) and "several matches" in ambiguous.text
        rng = seeded(33)
        expected: dict[int, list[tuple[str, str]]] = {m.id: [] for m in matches}
        for _ in range(10):
            batch = []
            for match in matches:
                active = world.active_roles(match)
                if not active:
                    continue
                role = rng.choice(active)
                action = pick_action(world, match, role, rng)
                expected[match.id].append((role, action))
                # Typed in the match's own thread: the thread decides which match is meant.
                batch.append(match.players[role].slash(match.thread, "game act", action=action))
            results = await asyncio.gather(*batch)
            assert not any(is_error(r) for r in results), [r.text for r in results if is_error(r)]
        for match in matches:
            assert [e[3:5] for e in world.actions(match.id)] == expected[match.id]
            consistent(world, match)
        # Each thread's posts speak of its own match only.
        for match in matches:
            for msg in match.thread.messages:
                others = [m.id for m in matches if m is not match]
                assert not any(f"#{o} " in msg.content or f"#{o}\n" in msg.content for o in others)
