"""What `/game status` tells of a War of the Ring match: public words from the public view only."""

from __future__ import annotations

from games.core import Action, Match
from games.core.chance import scripted
from games.war_of_the_ring.data import CARDS
from games.war_of_the_ring.ruleset import WAR_OF_THE_RING as R


def test_the_standing_tells_victory_points_hands_and_the_fellowship() -> None:
    state = R.setup(7, {}, 2)
    state["control"]["moria"] = "free"  # a Shadow Stronghold: 2 VP for the Free Peoples
    fs = state["fellowship"]
    fs["progress"], fs["corruption"] = 3, 5
    free_hand, shadow_hand = len(state["hands"]["free"]), len(state["hands"]["shadow"])
    assert R.standing(state)[:4] == (
        "Turn 1, Fellowship phase",
        f"Free Peoples: 2 of 4 victory points; {free_hand} cards in hand",
        f"Shadow: 0 of 10 victory points; {shadow_hand} cards in hand",
        "The Fellowship: hidden, 3 steps from Rivendell; Corruption 5 of 12",
    )
    for side in ("free", "shadow"):  # nothing from anyone's hand
        for card in state["hands"][side]:
            assert all(CARDS[card].name not in line for line in R.standing(state))


def test_the_standing_follows_the_fellowship_onto_the_mordor_track() -> None:
    state = R.setup(7, {}, 2)
    fs = state["fellowship"]
    fs["region"], fs["mordor"], fs["revealed"] = None, 2, True
    assert R.standing(state)[3] == "The Fellowship: on the Mordor Track, step 2 of 5; Corruption 0 of 12"


def test_the_standing_gives_the_numbers_of_the_picture_hunt_politics_dice_and_the_battle() -> None:
    at_war = {n: {"steps": 0, "active": True} for n in ("gondor", "sauron")}
    position = {
        "acting": "shadow",
        "dice": {"shadow": ["army"], "free": ["muster", "will"]},
        "armies": {"north_ithilien": {"sauron": "5R 2L"}, "osgiliath": {"gondor": "2R 1E"}},
        "politics": {**at_war, "rohan": {"steps": 2, "active": False}},
        "hunt_box": {"shadow": 2, "free": 0, "allocated": 1},
    }
    m = Match(R, R.from_position(position))
    lines = R.standing(m.state)
    assert lines[0] == (
        "Turn 1, Action resolution; "
        "action dice left: Free Peoples 2 (Muster, Will of the West); Shadow 1 (Army)"
    )
    assert "The Hunt: 2 Shadow dice in the Hunt Box; 16 tiles in the Hunt Pool, 0 drawn" in lines
    politics = next(line for line in lines if line.startswith("Politics: "))
    assert politics.startswith("Politics: At War: Gondor, Sauron; ") and "2 steps: " in politics
    assert "Rohan (passive)" in politics
    misses = [("shadow_combat_die", 1)] * 5 + [("free_combat_die", 1)] * 3 + [("shadow_combat_reroll", 1)] * 2
    with scripted(*misses):
        m.submit("shadow", "attack army")  # its one target, Osgiliath, is taken
        if R.prompt(m.state, "shadow").actions[0].verb == "go":
            m.submit("shadow", "go")
    assert R.standing(m.state)[-1] == (
        "Battle at Osgiliath, round 1: the Shadow (5 Regulars and 2 Nazgûl in North Ithilien) "
        "against the Free Peoples (2 Regulars and 1 Elite in Osgiliath)"
    )


def test_explain_gives_the_effect_of_the_turns_choices() -> None:
    state = R.setup(7, {}, 2)
    assert R.explain(state, "free", Action("skip", ("character",))) == "Use the die for nothing."
