"""A saved and loaded game asks exactly the same questions in the same order (bot menus refer to
actions by their place in the list, and a loaded state does not keep the live one's key order)."""

from __future__ import annotations

from games.core import Match, dump, load
from games.core.rng import randbelow
from games.war_of_the_ring.ruleset import WAR_OF_THE_RING as R


def test_prompts_of_a_loaded_game_are_the_live_prompts_in_the_same_order() -> None:
    compared = 0
    for seed in (3, 8):
        match = Match.new(R, seed, {}, 2)
        chooser = {"rng": seed}
        while match.state["result"] is None:
            role = sorted(R.active(match.state))[0]
            prompt = R.prompt(match.state, role)
            if match.state["seq"] % 5 == 0:
                loaded = load(dump(match.state))
                again = R.prompt(loaded, role)
                assert again.actions == prompt.actions and again.amounts == prompt.amounts, match.state[
                    "stack"
                ][-1]
                compared += 1
            match.submit(role, prompt.actions[randbelow(chooser, len(prompt.actions))])
    assert compared > 300


def test_each_count_range_is_listed_once() -> None:
    """The menus list one entry per choice with a count and ask how many in the next step."""
    for seed in (4,):
        match = Match.new(R, seed, {}, 2)
        chooser = {"rng": seed}
        while match.state["result"] is None:
            role = sorted(R.active(match.state))[0]
            prompt = R.prompt(match.state, role)
            for amount in prompt.amounts:
                listed = [a for a in prompt.actions if amount.admits(a)]
                assert len(listed) <= 1, (amount, listed)
            match.submit(role, prompt.actions[randbelow(chooser, len(prompt.actions))])
