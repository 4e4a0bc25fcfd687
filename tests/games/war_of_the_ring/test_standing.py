"""What `/game status` tells of a War of the Ring match: public words from the public view only."""

from __future__ import annotations

from games.core import Action
from games.war_of_the_ring.data import CARDS
from games.war_of_the_ring.ruleset import WAR_OF_THE_RING as R


def test_the_standing_tells_victory_points_hands_and_the_fellowship() -> None:
    state = R.setup(7, {}, 2)
    state["control"]["moria"] = "free"  # a Shadow Stronghold: 2 VP for the Free Peoples
    fs = state["fellowship"]
    fs["progress"], fs["corruption"] = 3, 5
    free_hand, shadow_hand = len(state["hands"]["free"]), len(state["hands"]["shadow"])
    assert R.standing(state) == (
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
    assert R.standing(state)[-1] == "The Fellowship: on the Mordor Track, step 2 of 5; Corruption 0 of 12"


def test_explain_gives_the_effect_of_the_turns_choices() -> None:
    state = R.setup(7, {}, 2)
    assert R.explain(state, "free", Action("skip", ("character",))) == "Use the die for nothing."
