"""Audit of the leaders' rules (§10). "When YOUR turn is over, the leader must be in a territory
with battalions of its own armies ... If YOU have 2 leaders of the same colour in the same territory
when your turn is over, one of them is removed": the player whose turn ends checks his own leaders,
not his opponent's. "Two leaders of the same colour may not occupy the same territory."
"""

from __future__ import annotations

import pytest

from games.core import IllegalAction
from games.core.chance import scripted

from .helpers import legal, match, play, units


def test_gondors_turn_end_leaves_two_black_leaders_driven_together_for_mordor_to_part() -> None:
    game = match(
        {"road_fort": {"infantry": 3}, "causeway_forts": {"orcs": 2}, "causeway": {"orcs": 2}},
        leaders={"gothmog": "causeway_forts", "black_serpent": "causeway"},
        points=2,
    )
    with scripted(("attack die", 6), ("defence die", 5), ("defence die", 2), others="random"):
        play(game, "good", "attack road_fort causeway_forts 1")
    assert units(game, "causeway") == {"orcs": 4}  # 6 against 5+1 (Gothmog): a tie, Gondor loses
    assert game.state["leaders"]["gothmog"] == "causeway"
    play(game, "good", "end")
    assert game.state["turn"]["role"] == "evil"
    assert game.state["leaders"]["gothmog"] == "causeway"
    assert game.state["leaders"]["black_serpent"] == "causeway"


def test_mordors_own_turn_end_still_removes_one_of_two_black_leaders() -> None:
    game = match(
        {"causeway": {"orcs": 3}, "road_fort": {"infantry": 1}},
        role="evil",
        leaders={"gothmog": "causeway", "black_serpent": "causeway"},
    )
    play(game, "evil", "end")
    where = {game.state["leaders"]["gothmog"], game.state["leaders"]["black_serpent"]}
    assert where == {"causeway", "removed"}


def test_a_leader_alone_never_passes_through_an_empty_space() -> None:
    # "alone through 1, 2 or 3 territories that its armies occupy": the Pelennor is empty, so
    # Gandalf cannot cross it to the Fort of the Road, though the fort is his.
    game = match(
        {"before_the_gate": {"infantry": 1}, "road_fort": {"infantry": 1}},
        leaders={"gandalf": "before_the_gate"},
    )
    assert not any(a.startswith("leader gandalf") for a in legal(game, "good"))


def test_a_holder_cards_leader_never_enters_beside_a_leader_of_his_colour() -> None:
    # "Two leaders of the same colour may not occupy the same territory": Théoden (green) may not
    # ride in where Faramir (green) stands -- an advance refuses this; so must the card's entry,
    # rather than let the end of the turn take one of them off the board.
    game = match(
        {"road_fort": {"infantry": 1}, "rammas_north_gate": {"infantry": 1}},
        leaders={"faramir": "rammas_north_gate"},
        mt_cards={"good": [{"id": "theoden", "holds": {"cavalry": 2}}]},
    )
    entries = {a for a in legal(game, "good") if a.startswith("enter")}
    assert entries == {"enter theoden druadan_road"}
    with pytest.raises(IllegalAction, match="Faramir stands there, and two green leaders never share"):
        game.submit("good", "enter theoden rammas_north_gate")
