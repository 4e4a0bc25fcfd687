"""Fortify scenarios: chains in middle-earth, one move in the Trilogy, one step in plain mode."""

from __future__ import annotations

from games.core import clone

from .helpers import R, act, allowed, events, kind, legal, position


def fortifying(owners: dict[str, str], **more: object) -> dict:
    return position(owners, phase="fortify", **more)


def targets(state: dict, source: str) -> set[str]:
    state = act(clone(state), "green", f"from {source}")
    return {a.split()[1] for a in legal(state, "green") if a.startswith("to")}


def test_fortify_moves_along_a_chain_of_own_territories_only() -> None:
    chain = dict.fromkeys(("old_forest", "buckland", "the_shire"), "green")
    state = fortifying(chain, troops={"old_forest": 5})
    assert targets(state, "old_forest") == {"buckland", "the_shire"}
    broken = fortifying({"old_forest": "green", "the_shire": "green"}, troops={"old_forest": 5})
    assert "from old_forest" not in legal(broken, "green")  # Buckland is an enemy's: no chain


def test_sea_routes_are_part_of_the_chains() -> None:
    state = fortifying({"mithlond": "green", "minhiriath": "green"}, troops={"mithlond": 3})
    assert targets(state, "mithlond") == {"minhiriath"}


def test_a_move_leaves_one_battalion_and_middle_earth_allows_many_moves() -> None:
    chain = dict.fromkeys(("old_forest", "buckland", "the_shire"), "green")
    state = act(fortifying(chain, troops={"old_forest": 5}), "green", "from old_forest")
    amounts = {a.args: (a.low, a.high) for a in R.prompt(state, "green").amounts}
    assert amounts[("the_shire",)] == (1, 4)
    assert not allowed(state, "green", "to the_shire 5")
    state = act(state, "green", "to the_shire 4")
    assert kind(state) == "fortify" and state["troops"]["the_shire"] == 5
    state = act(state, "green", "from the_shire", "to buckland 2", "done")
    moves = events(state, "fortified")[-1]["moves"]
    assert [(m["from"], m["to"], m["count"]) for m in moves] == [
        ("old_forest", "the_shire", 4),
        ("the_shire", "buckland", 2),
    ]


def test_trilogy_fortify_is_one_move() -> None:
    chain = dict.fromkeys(("old_forest", "buckland", "the_shire"), "green")
    state = fortifying(chain, edition="trilogy", troops={"old_forest": 5, "the_shire": 3})
    state = act(state, "green", "from old_forest", "to the_shire 2")
    assert events(state, "fortified") and kind(state) == "replace_leader"  # fortify is over


def test_plain_mode_fortify_is_one_step_by_land() -> None:
    chain = dict.fromkeys(("old_forest", "buckland", "the_shire"), "green")
    state = fortifying(chain, mode="plain", troops={"old_forest": 5})
    assert targets(state, "old_forest") == {"buckland"}
    sea = fortifying({"mithlond": "green", "minhiriath": "green"}, mode="plain", troops={"mithlond": 3})
    assert "from mithlond" not in legal(sea, "green")


def test_in_plain_mode_each_battalion_moves_at_most_once() -> None:
    chain = dict.fromkeys(("old_forest", "buckland", "the_shire"), "green")
    state = fortifying(chain, mode="plain", troops={"old_forest": 5})
    state = act(state, "green", "from old_forest", "to buckland 4", "from buckland")
    amounts = {a.args: (a.low, a.high) for a in R.prompt(state, "green").amounts}
    assert amounts == {("the_shire",): (1, 1), ("old_forest",): (1, 1)}  # only Buckland's own one


def test_a_leader_may_move_alone_only_in_fortify() -> None:
    owners = dict.fromkeys(("old_forest", "buckland"), "green")
    attack = position(owners, leaders={"green": ["old_forest"]}, troops={"old_forest": 3})
    assert not [a for a in legal(attack, "green") if "leader" in a]
    state = act(
        position(owners, phase="fortify", leaders={"green": ["old_forest"]}), "green", "from old_forest"
    )
    assert legal(state, "green") == {"to-leader buckland 0", "back"}
    state = act(state, "green", "to-leader buckland 0")
    assert state["leaders"]["green"][0]["at"] == "buckland" and state["troops"]["old_forest"] == 1


def test_two_leaders_never_stand_together_but_may_pass_each_other() -> None:
    chain = dict.fromkeys(("old_forest", "buckland", "the_shire"), "green")
    state = fortifying(chain, leaders={"green": ["old_forest", "buckland"]})
    state = act(state, "green", "from old_forest")
    assert legal(state, "green") == {"to-leader the_shire 0", "back"}


def test_a_leader_that_completed_a_mission_this_turn_may_not_move() -> None:
    owners = dict.fromkeys(("old_forest", "buckland"), "green")
    leader = {"at": "old_forest", "spent": True, "stays": True}
    state = fortifying(owners, leaders={"green": [leader]}, troops={"old_forest": 3})
    state = act(state, "green", "from old_forest")
    assert legal(state, "green") == {"to buckland 2", "back"}
