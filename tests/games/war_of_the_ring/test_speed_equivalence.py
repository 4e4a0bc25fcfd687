"""The fast paths of the engine say exactly what the lists say.

Steps with an expensive list test one action directly (``Step.legal``), and die actions tell
whether they are possible with an early exit. Seeded random games through the runner check, at
every decision, that ``is_legal`` agrees with the prompt for every listed action and for near
misses (the same verb with one argument changed, one too many or one too few, counts around
every range), and that each shortcut gives the answer of the slower function it stands for.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from games.core import Action, Match, Prompt, State
from games.core.rng import randbelow
from games.war_of_the_ring import armies, battle_actions, characters, recruit
from games.war_of_the_ring.board import KINDS, free_for_army_move
from games.war_of_the_ring.card_rules import shadow_barred
from games.war_of_the_ring.data import REGIONS, SHADOW
from games.war_of_the_ring.roles import ROLES
from games.war_of_the_ring.ruleset import WAR_OF_THE_RING as R

#: Short games that between them reach every step (seed 2: about a thousand actions).
SEEDS = (2, 27)
#: A few values from the data for the arguments, listed or not (a region, a Nation, a kind, a count).
FOREIGN = ("minas_tirith", "rohan", "leader", "3", "nowhere")


def playout(seed: int) -> Iterator[Match]:
    """A random game through the runner (like the benchmark's player); yields before each action."""
    match = Match.new(R, seed, {}, 2)
    chooser = {"rng": seed * 2654435761 + 7}
    while match.state["result"] is None:
        yield match
        active = sorted(R.active(match.state))
        role = active[randbelow(chooser, len(active))]
        choices = R.prompt(match.state, role).actions
        match.submit(role, choices[randbelow(chooser, len(choices))])


def near_misses(prompt: Prompt) -> list[Action]:
    """Actions next to the listed ones: one argument changed, one more, one fewer; counts
    around each declared range."""
    values = sorted({arg for a in prompt.actions for arg in a.args})[:8] + list(FOREIGN)
    misses: list[Action] = []
    for action in prompt.actions[:8]:
        args = action.args
        for index in range(len(args)):
            misses += [Action(action.verb, (*args[:index], v, *args[index + 1 :])) for v in values]
        misses.append(Action(action.verb, (*args, "extra")))
        if args:
            misses.append(Action(action.verb, args[:-1]))
    for amount in prompt.amounts:
        for n in (amount.low - 1, amount.low, (amount.low + amount.high) // 2, amount.high, amount.high + 1):
            misses.append(Action(amount.verb, (*amount.args, str(n))))
        misses.append(Action(amount.verb, (*amount.args, "x")))
    return misses


def check_is_legal(state: State) -> int:
    checked = 0
    for role in sorted(R.active(state)):
        prompt = R.prompt(state, role)
        for action in prompt.actions:
            assert R.is_legal(state, role, action), (state["stack"][-1]["step"], action)
        for miss in near_misses(prompt):
            assert R.is_legal(state, role, miss) == prompt.allows(miss), (state["stack"][-1]["step"], miss)
            checked += 1
    return checked


# -- the slow answers the shortcuts stand for -----------------------------------------------------
def slow_destinations(state: State, frame: dict[str, object], region: str) -> list[str]:
    side = str(frame["side"])
    if frame.get("card"):  # a move by Event card: its own reach (the same slow path)
        reached = armies.card_destinations(state, frame, region)
    else:
        reached = [
            d
            for d in REGIONS[region].neighbours
            if free_for_army_move(state, d, side) and not (side == SHADOW and shadow_barred(state, d))
        ]
    return [d for d in reached if armies.best_pick(state, frame, region, d) is not None]


def slow_armies(state: State, frame: dict[str, object]) -> list[str]:
    card = frame.get("card") or {}
    only = card.get("only") if isinstance(card, dict) else None
    return [
        r
        for r in REGIONS
        if r not in frame["origins"]  # type: ignore[operator]
        and (only is None or r in only)
        and state["armies"].get(r)
        and armies.total(armies.fresh(state, frame, r), KINDS)
        and slow_destinations(state, frame, r)
    ]


def check_armies(state: State, frame: dict[str, object]) -> None:
    slow = slow_armies(state, frame)
    assert armies.armies_to_move(state, frame) == slow
    assert armies.any_army_to_move(state, frame) == bool(slow)


def check_shortcuts(state: State) -> None:
    top = state["stack"][-1] if state["stack"] else None
    if top is not None and top["step"] == "army_choose":
        check_armies(state, top)
    if top is not None and top["step"] == "army_to":
        region = top["from"]
        assert armies.destinations(state, top, region) == slow_destinations(state, top, region)
    if top is None or top["step"] != "act":
        return
    side = top["side"]
    for mode in ("armies", "army"):
        check_armies(state, armies.new_frame(side, "", mode))
    assert recruit.any_option(state, side) == bool(recruit.options(state, side))
    slow = {
        kind: list(recruit.place_regions(state, side, kind, [])) for kind in ("regular", "elite", "leader")
    }
    assert recruit._where(state, side) == slow
    for leader in (False, True):
        assert battle_actions.can_start(state, side, leader) == bool(
            battle_actions.choices(state, side, leader)
        )
    frame = characters.minions_frame()
    assert characters.any_pick(state, frame) == bool(characters.minion_picks(state, frame))
    assert characters._companions_possible(state, "free") == (
        len(characters.companion_choices(state, {"moved": [], "group": []})) > 1
    )
    for where in state["characters"].values():
        for steps in (1, 3):
            for each in ROLES:
                region = where["region"]
                assert characters.reaches(state, region, steps, each) == bool(
                    characters.reach(state, region, steps, each)
                )


@pytest.mark.parametrize("seed", SEEDS)
def test_is_legal_and_the_shortcuts_agree_with_the_lists_in_random_games(seed: int) -> None:
    checked = decisions = 0
    for match in playout(seed):
        checked += check_is_legal(match.state)
        check_shortcuts(match.state)
        decisions += 1
    assert decisions > 500 and checked > 10 * decisions
