"""LOTR Risk under bad input and a crash: a two-player match is played to a battle whose
defender must choose his dice; there, wrong, out-of-turn, foreign and garbage input gets a
friendly private error and changes nothing, then the bot is killed (``kill -9``) while the
defender's answer is in flight, restarted, and the battle goes on from the committed state:
nothing lost, nothing applied twice, the same private prompt still answers."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from tests.e2e.harness import Match, World, is_error, requires_bot, running_world, seeded
from tests.e2e.risk_support import COMMANDS, GAME, USERS, choose, ruleset
from tests.fakediscord import InteractionResult

pytestmark = requires_bot

LIMIT = 400


def asked_now(world: World, match: Match) -> tuple[str, str] | None:
    """``(role, prompt kind)`` of the one player the match waits for, if only one."""
    state = world.row(match.id).state
    active = world.active_roles(match)
    if state is None or len(active) != 1:
        return None
    return active[0], ruleset().prompt(state, active[0]).kind


async def play_to_a_defence(world: World, match: Match) -> str:
    """Play (menus and buttons) until a defender is asked for his dice; returns his role."""
    rng, turn, number = seeded(3), Counter[str](), 0
    for _ in range(LIMIT):
        asked = asked_now(world, match)
        if asked is not None and asked[1] == "defend":
            return asked[0]
        state = world.row(match.id).state
        assert state is not None
        if state["turn"]["number"] != number:
            number, turn = state["turn"]["number"], Counter()
        role = rng.choice(world.active_roles(match))
        legal = world.legal(match, role)
        # Attack a territory of two battalions or more when possible: its defender has a choice.
        strong = [a for a in legal if a.startswith("attack ") and state["troops"][a.split(" ")[2]] >= 2]
        if strong and not turn["attacks"]:
            turn["attacks"], turn["rolls"] = 1, 0
            action = rng.choice(strong)
        else:
            action = choose(world, match, role, legal, rng, turn)
        result = await world.pick(match, match.players[role], action)
        assert not is_error(result), f"{action}: {result.text}"
    raise AssertionError("no defender was asked within the limit")


async def test_bad_input_then_a_kill_mid_combat_loses_nothing(tmp_path: Path) -> None:
    async with running_world(tmp_path, names=USERS, commands=COMMANDS, settle=0.05) as world:
        alice, bob, carol = (world.users[n] for n in USERS[:3])
        await world.no_confirm(alice, bob)
        match = await world.new_table(alice, [bob], game=GAME, players="2")
        defender = await play_to_a_defence(world, match)
        attacker = next(r for r in match.players if r != defender)
        them, me = match.players[defender], match.players[attacker]
        before = world.fingerprint()
        thread = match.thread
        cases: list[tuple[str, InteractionResult, str]] = [
            ("attacker defends", await me.slash(thread, "risk defend", dice="2"), r"not your|waiting|defend"),
            (
                "defender attacks",
                await them.slash(thread, "risk attack", **{"from": "mordor", "to": "the_shire"}),
                r"attack|now|defend",
            ),
            ("too many dice", await them.slash(thread, "risk defend", dice="3"), r"dice|1|2"),
            ("a stranger", await carol.slash(thread, "risk defend", dice="2"), r"not (a player|playing|in)"),
            (
                "garbage",
                await them.slash(thread, "game act", action="defend with everything"),
                r"defend|dice",
            ),
            (
                "no such land",
                await them.slash(thread, "risk place", territory="gondolin", count="3"),
                r"place|now",
            ),
            ("huge count", await me.slash(thread, "risk advance", count="99999"), r"now|advance|waiting"),
        ]
        for name, result, says in cases:
            assert is_error(result), f"{name}: {result.text}"
            assert result.ephemeral, f"{name}: errors are private"
            assert re.search(says, result.text, re.IGNORECASE), f"{name}: {result.text}"
            assert "Traceback" not in result.text and "Error" not in result.text.replace("⚠️", ""), result.text
        assert world.fingerprint() == before, "bad input changed something"

        # The defender's answer is in flight when the bot dies.
        prompt = await world.fresh_prompt(match, them)
        assert prompt is not None
        offered = world.offered(prompt)
        action = max((a for a in offered if a.startswith("defend ")), key=lambda a: int(a.split(" ")[1]))
        cid, value = offered[action]
        actions = world.actions(match.id)
        committed = await world.press_as_the_bot_dies(match, them, prompt, cid, value)
        retry = await world.press(them, prompt, cid, value)
        if committed:
            assert is_error(retry) and "Already done" in retry.text, retry.text
        else:
            assert not is_error(retry), retry.text
        log = world.actions(match.id)
        assert len(log) == len(actions) + 1 and log[-1][3:5] == (defender, action), "applied exactly once"
        # The battle goes on: the attacker (or the next decision) is asked and answers.
        role = world.active_roles(match)[0]
        legal = world.legal(match, role)
        result = await world.pick(match, match.players[role], legal[0])
        assert not is_error(result), result.text
        assert len(world.actions(match.id)) == len(log) + 1
        hand = await them.slash(thread, "hand")
        assert hand.ephemeral and not is_error(hand), hand.text
