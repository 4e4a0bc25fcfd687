"""What players see and read: the view of MT_DESIGN §8 (decks by size only), refusals in words,
labels and event texts."""

from __future__ import annotations

import pytest

from games.core import IllegalAction
from games.core.chance import scripted

from .helpers import R, match, play, position


def test_the_view_shows_every_card_face_up_and_the_decks_by_size_only() -> None:
    state = position({"road_fort": {"infantry": 1}}, hands={"good": ["wild_1"]}, mt_cards={"evil": ["grond"]})
    view = R.view(state, "evil")
    assert view["players"]["good"]["hand"] == [{"id": "wild_1", "figure": "wild", "sword": "none"}]
    assert view["players"]["evil"]["mt_cards"][0]["id"] == "grond"
    assert view["decks"]["reinforcements"] == len(state["decks"]["reinforcements"])
    assert view["decks"]["mt"] == 15 and "rng" not in view
    assert {k: v for k, v in view.items() if k != "audience"} == {
        k: v for k, v in R.view(state, None).items() if k != "audience"
    }


def test_the_view_tells_the_last_battle_with_its_dice_and_retreat() -> None:
    game = match({"road_fort": {"infantry": 3}, "causeway_forts": {"orcs": 4}})
    with scripted(
        ("attack die", 6), ("attack die", 2), ("attack die", 2), ("defence die", 5), ("defence die", 1)
    ):
        play(game, "good", "attack road_fort causeway_forts 3")
    last = R.view(game.state, None)["last"]
    assert last["kind"] == "land" and last["dice"] == {"attack": [6, 2, 2], "defence": [5, 1]}
    assert last["retreat"] == ["causeway"] and last["sixes"] == 1 and last["losses"] == {"good": 0, "evil": 2}


def test_a_refused_action_says_why_in_words() -> None:
    game = match(
        {"wall_gate": {"archers": 1}, "before_the_gate": {"orcs": 1}, "minas_tirith": {"infantry": 1}}
    )
    with pytest.raises(IllegalAction, match="never attack from them"):
        game.submit("good", "attack wall_gate before_the_gate 1")
    evil = match({"before_the_gate": {"orcs": 2}, "road_fort": {"infantry": 1}}, role="evil")
    with pytest.raises(IllegalAction, match="Great Gate is closed"):
        evil.submit("evil", "advance before_the_gate minas_tirith")


def test_labels_and_events_name_spaces_units_and_cards_in_english() -> None:
    game = match({"causeway": {"orcs": 3}, "road_fort": {"infantry": 1}}, role="evil")
    assert R.describe(game.state, "evil", R.parse(game.state, "evil", "advance causeway causeway_forts")) == (
        "Advance from the Causeway to the Causeway Forts"
    )
    play(game, "evil", "advance causeway causeway_forts", "send orcs 3", "go")
    assert (
        R.log_lines(game.state, None)[-1]
        == "Mordor's 3 orcs advance from the Causeway to the Causeway Forts."
    )
    assert R.role_name("good") == "Gondor" and R.standing(game.state)[0].startswith("Round 2, turn 1")


def test_the_player_asked_in_anothers_battle_is_mentioned_once() -> None:
    game = match(
        {"road_fort": {"infantry": 3}, "causeway_forts": {"orcs": 2, "crossbows": 1}},
        mt_cards={"evil": ["fortunes_of_war"]},
    )
    with scripted(
        ("attack die", 6), ("attack die", 5), ("attack die", 1), ("defence die", 3), ("defence die", 2)
    ):
        play(game, "good", "attack road_fort causeway_forts 3")
    assert R.prompt(game.state, "evil").kind == "reaction" and R.prompt(game.state, "evil").ping
    with scripted(("defence die", 1), ("defence die", 1)):
        play(game, "evil", "react fortunes_of_war all")
    prompt = R.prompt(game.state, "evil")
    assert prompt.kind == "casualty" and not prompt.ping


@pytest.mark.parametrize(
    ("typed", "why"),
    [
        ("attack road_fort causeway 1", "does not border"),
        ("attack road_fort pelennor 1", "no enemy battalions"),
        ("shoot road_fort osgiliath 1", "out of range"),
        ("ride pelennor anorien_road", "Cavalry rides two spaces"),
        ("ride pelennor causeway", "enemy battalions hold it"),  # typed whole: not causeway_forts
    ],
)
def test_a_refused_battle_or_ride_says_what_the_spaces_allow(typed: str, why: str) -> None:
    game = match(
        {
            "road_fort": {"archers": 2},
            "pelennor": {"cavalry": 1},
            "causeway": {"orcs": 1},
            "osgiliath": {"orcs": 1},
        }
    )
    with pytest.raises(IllegalAction, match=why):
        game.submit("good", typed)


def test_a_shooter_that_shot_is_told_it_shoots_once_a_turn() -> None:
    game = match({"road_fort": {"archers": 1}, "causeway_forts": {"orcs": 2}})
    with scripted(("ranged die", 1)):
        play(game, "good", "shoot road_fort causeway_forts 1")
    with pytest.raises(IllegalAction, match="each shoots once a turn"):
        game.submit("good", "shoot road_fort causeway_forts 1")
