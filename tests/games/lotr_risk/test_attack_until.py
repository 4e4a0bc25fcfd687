"""Attack in one click: ``until <n>`` rolls the most dice again and again until the target is
conquered or the attacking territory is down to ``n`` battalions (it never goes below), each
roll drawn and logged as a single one; the defender is asked whenever his dice are his choice,
and the rolls then go on by themselves."""

from __future__ import annotations

from typing import Any

from games.core import Action, State
from games.core.chance import scripted

from .helpers import R, act, events, kind, legal, position


def attacking(old_forest: int, fornost: int, **more: Any) -> State:
    """Green attacks Fornost (Black) from the Old Forest."""
    state = position({"old_forest": "green"}, troops={"old_forest": old_forest, "fornost": fornost}, **more)
    return act(state, "green", "attack old_forest fornost")


def rolls(*pairs: tuple[list[int], list[int]]) -> list[tuple[str, int]]:
    """Scripted dice: for each roll, the attack dice then the defence dice."""
    out: list[tuple[str, int]] = []
    for attack, defence in pairs:
        out += [("attack die", d) for d in attack] + [("defence die", d) for d in defence]
    return out


def test_the_menu_offers_roll_once_and_roll_until_conquered() -> None:
    state = attacking(6, 1)
    offered = {a.text: R.describe(state, "green", a) for a in R.prompt(state, "green").actions}
    assert offered["roll 3"] == "Roll once with 3 dice"
    assert offered["until 1"] == "Roll until conquered (stop at 1 battalion)"
    amounts = [a for a in R.prompt(state, "green").amounts if a.verb == "until"]
    assert [(a.low, a.high) for a in amounts] == [(1, 5)]
    assert R.is_legal(state, "green", Action("until", ("5",)))
    assert not R.is_legal(state, "green", Action("until", ("6",)))  # nothing could be rolled
    assert not R.is_legal(state, "green", Action("until", ("0",)))


def test_roll_until_conquered_rolls_until_the_target_falls() -> None:
    state = attacking(10, 1)
    dice = rolls(([1, 1, 1], [6]), ([2, 1, 1], [6]), ([6, 1, 1], [1]))
    with scripted(*dice):
        state = act(state, "green", "until 1")
    rolled = events(state, "rolled")
    assert len(rolled) == 3 and all(len(r["attack"]) == 3 for r in rolled)  # each roll logged
    assert state["owner"]["fornost"] == "green" and kind(state) == "advance"
    assert state["troops"]["old_forest"] == 10 - 2 - 3  # two lost, three moved in


def test_roll_until_stops_when_the_attacking_territory_is_down_to_n() -> None:
    state = attacking(6, 1)
    with scripted(*rolls(([1, 1, 1], [6]), ([1, 1, 1], [6]))):
        state = act(state, "green", "until 4")
    assert state["troops"]["old_forest"] == 4 and state["owner"]["fornost"] == "black"
    assert kind(state) == "attack_roll" and R.active(state) == {"green"}  # he decides again
    assert "until" not in state["stack"][-1]


def test_roll_until_never_takes_the_attacking_territory_below_n() -> None:
    """With 5 battalions, keeping 4: a roll may lose only one, so it rolls a single die (the
    defender then rolls one too: no question for him)."""
    state = attacking(5, 2)
    with scripted(*rolls(([1], [6]))):
        state = act(state, "green", "until 4")
    assert events(state, "rolled")[-1]["attack"] == [1]
    assert state["troops"]["old_forest"] == 4 and kind(state) == "attack_roll"


def test_roll_until_waits_for_the_defenders_choice_and_then_rolls_on() -> None:
    state = attacking(10, 3)
    state = act(state, "green", "until 1")
    assert kind(state) == "defend" and R.active(state) == {"black"}  # his dice are his choice
    assert R.prompt(state, "black").ping  # told once, as for a single roll
    with scripted(*rolls(([6, 1, 1], [1, 1]))):
        state = act(state, "black", "defend 2")  # one lost on each side: 9 against 2
    # the rolls went on by themselves: the next one waits for his choice again, without a ping
    assert kind(state) == "defend" and R.active(state) == {"black"}
    assert not R.prompt(state, "black").ping
    with scripted(*rolls(([6, 6, 1], [1, 1]))):
        state = act(state, "black", "defend 2")
    assert state["owner"]["fornost"] == "green" and kind(state) == "advance"
    assert len(events(state, "rolled")) == 2


def test_an_attack_rolled_until_conquered_is_one_post_with_every_roll() -> None:
    state = attacking(10, 1)
    with scripted(*rolls(([1, 1, 1], [6]), ([6, 1, 1], [1]))):
        state = act(state, "green", "until 1")
    state = act(state, "green", "advance 3")
    attack = events(state, "attack")[-1]
    assert len(attack["rolls"]) == 2 and attack["conquered"]
    assert sum(1 for e in state["log"] if e["kind"] == "attack") == 1


def test_roll_once_is_unchanged() -> None:
    state = attacking(6, 1)
    with scripted(*rolls(([1, 1, 1], [6]))):
        state = act(state, "green", "roll 3")
    assert len(events(state, "rolled")) == 1 and kind(state) == "attack_roll"
    assert "until 1" in legal(state, "green")
