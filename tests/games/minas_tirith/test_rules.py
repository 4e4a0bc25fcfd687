"""One scenario per rule of §6-§11 (rounds and dice, the turn, trading, advances, battles,
retreats, leaders, the end), each built as a position with scripted dice."""

from __future__ import annotations

from typing import Any

import pytest

from games.core import Action, IllegalAction, Match
from games.core.chance import scripted
from games.minas_tirith.facts import MT_DECK, REINFORCEMENT_DECK
from games.minas_tirith.turn import player_of, roller

from .helpers import CARD, R, events, legal, match, play, position, units

GOOD_FORT = {"road_fort": {"infantry": 1}}
#: A reinforcement deck down to its last card (the others used).
LAST_CARD = {"reinforcements": ["lune_valley"], "used": [c for c in REINFORCEMENT_DECK if c != "lune_valley"]}


# -- §6 rounds and turns ------------------------------------------------------------------------
def test_gondor_rolls_in_odd_rounds_and_plays_turns_one_and_three() -> None:
    assert [player_of(1, n) for n in (1, 2, 3)] == ["good", "evil", "good"]
    assert [player_of(2, n) for n in (1, 2, 3)] == ["evil", "good", "evil"]
    assert roller(3) == "good" and roller(4) == "evil"


def test_the_dice_are_rolled_once_a_round_and_each_turn_takes_one_of_those_left() -> None:
    with scripted(("action die", 5), ("action die", 3), ("action die", 2), others="random"):
        state = R.setup(7, R.resolve_options({}), 2)
    assert state["dice"]["left"] == [5, 3, 2] and state["round"] == 1
    assert legal_of(state, "good") == {"die 5", "die 3", "die 2"}


def result(game: Match) -> dict[str, Any]:
    found: dict[str, Any] | None = game.state["result"]
    assert found is not None
    return found


def legal_of(state: dict[str, object], role: str) -> set[str]:
    return {a.text for a in R.prompt(state, role).actions}


def test_the_last_die_of_a_round_is_taken_without_a_question() -> None:
    game = match(
        {"road_fort": {"infantry": 1}, "causeway": {"orcs": 1}},
        turn={"in_round": 2},
        role="evil",
        dice={
            "rolled": [4, 3, 2],
            "taken": [{"role": "evil", "pips": 4}, {"role": "good", "pips": 3}],
            "left": [2],
        },
        die=3,
        points=1,
    )
    # round 2, turn 2 is Gondor's: he ends it and Mordor's third turn takes the last die itself
    assert game.state["turn"]["role"] == "good"
    play(game, "good", "end")
    assert game.state["turn"]["role"] == "evil" and game.state["turn"]["die"] == 2
    assert game.state["turn"]["points"] == 2


# -- §7 the turn ----------------------------------------------------------------------------------
def test_the_die_chosen_gives_its_pips_in_points_and_six_minus_pips_cards() -> None:
    game = match(GOOD_FORT, phase="die", dice={"rolled": [4, 2, 1], "taken": [], "left": [4, 2, 1]})
    deck = game.state["decks"]["reinforcements"]
    top_two = deck[-2:]
    play(game, "good", "die 4")
    assert game.state["turn"]["points"] == 4
    assert set(top_two) <= set(game.state["hands"]["good"]) and len(game.state["hands"]["good"]) == 2


def test_a_six_draws_no_reinforcement_card() -> None:
    game = match(GOOD_FORT, phase="die", dice={"rolled": [6, 2, 1], "taken": [], "left": [6, 2, 1]})
    play(game, "good", "die 6")
    assert game.state["hands"]["good"] == [] and game.state["turn"]["points"] == 6


def trade_game(hand: list[str], *, mt: list[str] | None = None, **more: Any) -> Match:
    decks: dict[str, list[str]] = {"mt": mt} if mt is not None else {}
    decks.update(more.pop("decks", {}))
    return match(GOOD_FORT, phase="trade", hands={"good": hand}, decks=decks, **more)


def test_a_set_of_three_of_a_kind_draws_the_top_minas_tirith_card() -> None:
    game = trade_game(CARD["infantry"][:3], mt=["grond", "muster_of_gondor"])
    play(game, "good", "trade infantry infantry infantry infantry")
    assert [e["id"] for e in game.state["mt"]["good"]] == ["muster_of_gondor"]
    assert game.state["hands"]["good"] == [] and len(game.state["decks"]["used"]) == 3


def test_one_card_of_each_kind_is_not_a_set() -> None:
    game = trade_game([CARD["infantry"][0], CARD["cavalry"][0], CARD["creature"][0]])
    assert legal(game, "good") == {"done"}


def test_a_wild_card_stands_for_the_kind_of_the_set() -> None:
    game = trade_game([*CARD["cavalry"][:2], "wild_1"], mt=["muster_of_gondor"])
    assert "trade cavalry cavalry cavalry wild" in legal(game, "good")
    play(game, "good", "trade cavalry cavalry cavalry wild")
    assert "wild_1" in game.state["decks"]["used"]


def test_a_minas_tirith_card_of_the_other_side_is_put_aside_at_once() -> None:
    game = trade_game(CARD["infantry"][:3], mt=["muster_of_gondor", "grond"])
    play(game, "good", "trade infantry infantry infantry infantry")
    assert game.state["mt"]["good"] == [] and game.state["decks"]["aside"] == ["grond"]


def test_the_special_trade_draws_two_keeps_one_and_puts_the_other_aside() -> None:
    game = trade_game(
        CARD["infantry"][:2] + CARD["infantry-silver"][:1], mt=["grond", "white_rider", "muster_of_gondor"]
    )
    play(game, "good", "trade infantry infantry infantry infantry-silver", "reward two")
    assert legal(game, "good") == {"keep white_rider", "keep muster_of_gondor"}
    play(game, "good", "keep white_rider")
    assert [e["id"] for e in game.state["mt"]["good"]] == ["white_rider"]
    assert game.state["decks"]["aside"] == ["muster_of_gondor"] and game.state["decks"]["mt"][-1] == "grond"


def test_the_special_trade_takes_back_a_put_aside_card_of_ones_own() -> None:
    game = trade_game(
        CARD["infantry"][:2] + CARD["infantry-silver"][:1], decks={"aside": ["forced_march", "grond"]}
    )
    play(game, "good", "trade infantry infantry infantry infantry-silver")
    assert "reward pick grond" not in legal(game, "good")
    play(game, "good", "reward pick forced_march")
    assert [e["id"] for e in game.state["mt"]["good"]] == ["forced_march"]


def test_the_special_trade_places_one_battalion_of_the_sets_kind() -> None:
    game = trade_game(CARD["infantry"][:2] + CARD["infantry-silver"][:1])
    play(
        game, "good", "trade infantry infantry infantry infantry-silver", "reward battalion archers road_fort"
    )
    assert units(game, "road_fort") == {"infantry": 1, "archers": 1}
    assert game.state["turn"]["special_used"]


def test_the_special_trade_is_made_once_a_turn() -> None:
    game = trade_game(CARD["infantry"][:2] + CARD["infantry-silver"][:1], turn={"special_used": True})
    play(game, "good", "trade infantry infantry infantry infantry-silver")
    assert game.state["stack"][-1]["step"] != "reward"


def test_gondor_has_no_creatures_to_take_from_a_special_creature_set() -> None:
    game = trade_game(CARD["creature"][:2] + CARD["creature-silver"][:1])
    play(game, "good", "trade creature creature creature creature-silver")
    assert not any(a.startswith("reward battalion") for a in legal(game, "good"))


def test_a_holder_card_takes_one_battalion_for_each_matching_card() -> None:
    game = trade_game(CARD["cavalry"][:1] + CARD["infantry"][:1], mt_cards={"good": ["theoden"]})
    assert legal(game, "good") == {"load theoden cavalry cavalry", "done"}
    play(game, "good", "load theoden cavalry cavalry")
    assert game.state["mt"]["good"][0]["holds"] == {"cavalry": 1}


def test_seven_cards_must_be_traded_down_to_six() -> None:
    hand = CARD["infantry"][:2] + CARD["cavalry"][:2] + CARD["creature"][:2] + CARD["infantry-silver"][:1]
    game = trade_game(hand)
    assert "done" not in legal(game, "good")
    play(game, "good", "trade infantry infantry infantry infantry-silver", "reward draw")
    assert len(game.state["hands"]["good"]) == 4


def test_an_empty_minas_tirith_deck_is_not_reshuffled() -> None:
    game = trade_game(CARD["infantry"][:3], decks={"aside": list(MT_DECK)})
    play(game, "good", "trade infantry infantry infantry infantry")
    assert "mt_deck_empty" in events(game) and game.state["mt"]["good"] == []


# -- §8 advances ---------------------------------------------------------------------------------
def test_an_advance_moves_the_chosen_battalions_into_an_adjacent_space_for_one_point() -> None:
    game = match({"road_fort": {"infantry": 3}})
    play(game, "good", "advance road_fort causeway_forts", "send infantry 2", "go")
    assert units(game, "road_fort") == {"infantry": 1} and units(game, "causeway_forts") == {"infantry": 2}
    assert game.state["turn"]["points"] == 2


def test_no_advance_into_a_space_holding_enemy_battalions() -> None:
    game = match({"road_fort": {"infantry": 3}, "causeway_forts": {"orcs": 1}})
    assert "advance road_fort causeway_forts" not in legal(game, "good")
    with pytest.raises(IllegalAction, match="enemy battalions hold it"):
        game.submit("good", "advance road_fort causeway_forts")


def test_cavalry_rides_two_spaces_through_a_space_of_its_own_with_a_leader() -> None:
    game = match({"pelennor": {"cavalry": 2}, "road_fort": {"infantry": 1}}, leaders={"faramir": "pelennor"})
    assert "ride pelennor causeway_forts" in legal(game, "good")
    assert "ride pelennor rammas_north_gate" in legal(game, "good")  # through an empty space too
    play(game, "good", "ride pelennor causeway_forts", "send cavalry 2", "lead faramir", "go")
    assert units(game, "causeway_forts") == {"cavalry": 2}
    assert game.state["leaders"]["faramir"] == "causeway_forts"


def test_cavalry_never_rides_through_an_enemy_space() -> None:
    game = match({"pelennor": {"cavalry": 2}, "road_fort": {"orcs": 1}, "north_fields": {"orcs": 1}})
    rides = {a for a in legal(game, "good") if a.startswith("ride pelennor")}
    assert "ride pelennor causeway_forts" not in rides and "ride pelennor north_farmsteads" not in rides
    assert "ride pelennor harlond" in rides  # through the empty Southern Fields


def test_a_leader_alone_moves_through_up_to_three_spaces_of_its_own() -> None:
    game = match(
        {"minas_tirith": {"infantry": 1}, "before_the_gate": {"infantry": 1}, "pelennor": {"infantry": 1},
         "road_fort": {"infantry": 1}, "causeway_forts": {"infantry": 1}},
        leaders={"gandalf": "minas_tirith"},
    )  # fmt: skip
    assert "leader gandalf road_fort" in legal(game, "good")
    assert "leader gandalf causeway_forts" not in legal(game, "good")
    play(game, "good", "leader gandalf road_fort")
    assert game.state["leaders"]["gandalf"] == "road_fort" and game.state["turn"]["points"] == 2


def test_gondor_climbs_the_ladders_with_infantry_and_never_puts_cavalry_on_a_wall() -> None:
    game = match({"minas_tirith": {"infantry": 2, "cavalry": 1}})
    play(game, "good", "advance minas_tirith wall_north")
    assert legal(game, "good") == {"send infantry 1", "send infantry 2", "cancel"}


def test_gondor_never_steps_down_from_a_wall_onto_the_ground_below() -> None:
    game = match({"wall_north": {"archers": 1}})
    assert not any(
        a.startswith("advance wall_north") and "minas_tirith" not in a for a in legal(game, "good")
    )
    assert "advance wall_north minas_tirith" in legal(game, "good")


def test_mordor_climbs_a_wall_only_with_the_siege_tower_or_the_storm_ladders() -> None:
    plain = match({"townlands_north": {"orcs": 2, "wargs": 1}}, role="evil")
    assert "advance townlands_north wall_north" not in legal(plain, "evil")
    ladders = match(
        {"townlands_north": {"orcs": 2, "wargs": 1}}, role="evil", mt_cards={"evil": ["storm_ladders"]}
    )
    play(ladders, "evil", "advance townlands_north wall_north")
    assert legal(ladders, "evil") == {"send orcs 1", "send orcs 2", "cancel"}


def test_the_gate_is_closed_to_mordor_until_it_is_broken() -> None:
    board = {"before_the_gate": {"orcs": 2}, "road_fort": {"infantry": 1}}
    standing = match(board, role="evil")
    assert "advance before_the_gate minas_tirith" not in legal(standing, "evil")
    broken = match(board, role="evil", gate={"broken": True, "blows": 3})
    assert "advance before_the_gate minas_tirith" in legal(broken, "evil")


def test_an_oliphaunt_is_exchanged_for_three_orcs() -> None:
    game = match({"southern_camps": {"oliphaunts": 1}, **GOOD_FORT}, role="evil")
    play(game, "evil", "exchange southern_camps")
    assert units(game, "southern_camps") == {"orcs": 3}


# -- §9 battles ----------------------------------------------------------------------------------
def test_a_ranged_attack_hits_on_sixes_and_forces_no_retreat() -> None:
    game = match({"wall_gate": {"archers": 2}, "before_the_gate": {"orcs": 3}})
    with scripted(("ranged die", 6), ("ranged die", 5), ("ranged die", 6)):
        play(game, "good", "shoot wall_gate before_the_gate 3")
    assert units(game, "before_the_gate") == {"orcs": 1}
    assert "retreated" not in events(game) and game.state["captured"]["good"] == {"orcs": 2}
    assert game.state["turn"]["catapults"] == ["wall_gate"]


def test_each_shooter_fires_once_a_turn() -> None:
    game = match({"road_fort": {"archers": 2, "infantry": 1}, "causeway": {"orcs": 3}})
    with scripted(("ranged die", 1), ("ranged die", 2)):
        play(game, "good", "shoot road_fort causeway 2")
    assert not any(a.startswith("shoot") for a in legal(game, "good"))


def test_mordor_needs_two_shooters_a_die_against_a_banner_of_gondor() -> None:
    game = match(
        {"causeway": {"crossbows": 5}, "causeway_forts": {"infantry": 2}, "southern_camps": {"orcs": 1}},
        role="evil",
    )
    shots = {a for a in legal(game, "evil") if a.startswith("shoot causeway causeway_forts")}
    assert shots == {"shoot causeway causeway_forts 1", "shoot causeway causeway_forts 2"}


def test_a_catapult_on_a_wall_reaches_three_spaces_alone() -> None:
    game = match({"wall_gate": {"archers": 1}, "road_fort": {"orcs": 2}})
    assert {a for a in legal(game, "good") if a.startswith("shoot")} >= {"shoot wall_gate road_fort 1"}
    assert "shoot wall_gate road_fort 2" not in legal(game, "good")


def test_a_tie_goes_to_the_defender() -> None:
    game = match({"road_fort": {"infantry": 1}, "causeway_forts": {"orcs": 1}})
    with scripted(("attack die", 4), ("defence die", 4)):
        play(game, "good", "attack road_fort causeway_forts 1")
    assert units(game, "road_fort") == {} and game.state["captured"]["evil"] == {"infantry": 1}


def test_the_defender_rolls_two_dice_with_two_battalions_even_against_one() -> None:
    game = match({"road_fort": {"infantry": 1}, "causeway_forts": {"orcs": 2}})
    with scripted(("attack die", 5), ("defence die", 4), ("defence die", 2)):
        play(game, "good", "attack road_fort causeway_forts 1")
    assert units(game, "causeway_forts") == {"orcs": 1}


def test_a_leader_and_a_banner_add_two_to_the_defenders_highest_die() -> None:
    game = match(
        {"causeway": {"orcs": 2}, "causeway_forts": {"infantry": 2}},
        role="evil",
        leaders={"faramir": "causeway_forts"},
    )
    with scripted(("attack die", 5), ("defence die", 3), ("defence die", 1)):
        play(game, "evil", "attack causeway causeway_forts 1")
    assert units(game, "causeway") == {"orcs": 1} and units(game, "causeway_forts") == {"infantry": 2}


def test_the_siege_tower_adds_one_to_an_attack_on_a_wall() -> None:
    game = match(
        {"before_the_gate": {"orcs": 2}, "wall_gate": {"archers": 1}},
        role="evil",
        mt_cards={"evil": ["siege_tower"]},
    )
    with scripted(("attack die", 5), ("defence die", 4)):  # 5+1 against 4+1 (the banner)
        play(game, "evil", "attack before_the_gate wall_gate 1")
    assert units(game, "wall_gate") == {}


def test_a_six_rolled_by_good_forces_makes_the_evil_army_retreat_toward_osgiliath() -> None:
    game = match({"road_fort": {"infantry": 3}, "causeway_forts": {"orcs": 4}})
    with scripted(
        ("attack die", 6), ("attack die", 2), ("attack die", 2), ("defence die", 5), ("defence die", 1)
    ):
        play(game, "good", "attack road_fort causeway_forts 3")
    assert units(game, "causeway_forts") == {} and units(game, "causeway") == {"orcs": 2}
    assert game.state["turn"]["no_fight"] == ["evil"] and game.state["turn"]["role"] == "good"


def test_a_blocked_retreat_costs_one_battalion_per_six() -> None:
    game = match({"causeway": {"infantry": 3}, "osgiliath": {"orcs": 5}})
    with scripted(
        ("attack die", 6), ("attack die", 6), ("attack die", 1), ("defence die", 2), ("defence die", 2)
    ):
        play(game, "good", "attack causeway osgiliath 3")
    assert units(game, "osgiliath") == {"orcs": 1}
    assert game.state["captured"]["good"] == {"orcs": 4} and "retreat_blocked" in events(game)


def test_a_forced_evil_retreat_ends_mordors_turn_when_he_attacked() -> None:
    game = match({"causeway": {"orcs": 3}, "causeway_forts": {"infantry": 2}}, role="evil")
    with scripted(
        ("attack die", 3),
        ("attack die", 3),
        ("attack die", 2),
        ("defence die", 6),
        ("defence die", 1),
        others="random",
    ):
        play(game, "evil", "attack causeway causeway_forts 3")
    assert units(game, "osgiliath") == {"orcs": 2}
    assert game.state["turn"]["role"] == "good"


def test_gondor_retreats_on_mordors_sixes_when_the_witch_king_fights() -> None:
    game = match(
        {"causeway": {"orcs": 3}, "causeway_forts": {"infantry": 3}},
        role="evil",
        leaders={"witch_king": "causeway"},
    )
    with scripted(
        ("attack die", 6), ("attack die", 5), ("attack die", 1), ("defence die", 4), ("defence die", 3)
    ):
        play(game, "evil", "attack causeway causeway_forts 3")
    assert units(game, "causeway_forts") == {} and units(game, "road_fort") == {"infantry": 1}


def test_the_owner_chooses_which_kind_of_battalion_he_loses() -> None:
    game = match({"road_fort": {"infantry": 2, "archers": 1}, "causeway_forts": {"orcs": 2}})
    with scripted(("attack die", 2), ("defence die", 5), ("defence die", 3)):
        play(game, "good", "attack road_fort causeway_forts 1")
    assert legal(game, "good") == {"lose infantry", "lose archers"}
    assert R.prompt(game.state, "good").kind == "casualty"
    play(game, "good", "lose archers")
    assert units(game, "road_fort") == {"infantry": 2}


# -- §10 leaders -----------------------------------------------------------------------------------
def test_a_leader_left_alone_at_the_end_of_the_turn_leaves_the_board_uncaptured() -> None:
    game = match({"road_fort": {"infantry": 1}, "causeway": {"orcs": 1}}, leaders={"faramir": "pelennor"})
    play(game, "good", "end")
    assert game.state["leaders"]["faramir"] == "removed" and game.state["captured"]["evil"] == {}


def test_a_leader_whose_last_battalion_falls_is_captured_for_five_points() -> None:
    game = match(
        {"causeway": {"orcs": 3}, "causeway_forts": {"infantry": 1}},
        role="evil",
        leaders={"faramir": "causeway_forts"},
    )
    with scripted(("attack die", 6), ("defence die", 3)):  # 6 against 3+1+1
        play(game, "evil", "attack causeway causeway_forts 1")
    assert game.state["leaders"]["faramir"] == "captured"
    assert R.view(game.state, None)["players"]["evil"]["points"] == 5 + 1


def test_two_leaders_of_one_colour_may_not_end_together() -> None:
    game = match(
        {"pelennor": {"cavalry": 2}, "road_fort": {"infantry": 1}},
        leaders={"theoden": "pelennor", "faramir": "road_fort", "gandalf": "pelennor"},
    )
    play(game, "good", "advance pelennor road_fort")
    assert "lead theoden" not in legal(game, "good") and "lead gandalf" in legal(game, "good")


# -- §11 the end -------------------------------------------------------------------------------------
def test_gondor_wins_at_once_on_capturing_the_second_evil_leader() -> None:
    game = match(
        {"road_fort": {"infantry": 3}, "causeway_forts": {"orcs": 1}},
        leaders={"black_serpent": "causeway_forts", "gothmog": "captured"},
        captured={"good": {"gothmog": 1}},
    )
    with scripted(("attack die", 5), ("defence die", 2)):
        play(game, "good", "attack road_fort causeway_forts 1")
    assert result(game)["winners"] == ["good"] and result(game)["reason"] == "leaders"


def test_mordor_wins_at_once_with_a_battalion_in_the_city() -> None:
    game = match(
        {"before_the_gate": {"orcs": 2}, **GOOD_FORT}, role="evil", gate={"broken": True, "blows": 3}
    )
    play(game, "evil", "advance before_the_gate minas_tirith", "send orcs 1", "go")
    assert result(game)["winners"] == ["evil"] and result(game)["reason"] == "city"


def test_the_game_ends_on_points_at_the_end_of_the_turn_the_last_card_is_drawn() -> None:
    game = match(
        {"road_fort": {"infantry": 1}, "causeway": {"orcs": 1}},
        phase="die",
        dice={"rolled": [4, 2, 1], "taken": [], "left": [4, 2, 1]},
        decks=LAST_CARD,
        hands={"good": [], "evil": []},
        captured={"evil": {"infantry": 2}},
    )
    play(game, "good", "die 4")
    assert game.state["deck_out"] and game.state["result"] is None
    play(game, "good", "end")
    assert result(game)["reason"] == "points" and result(game)["winners"] == ["evil"]


def test_the_deck_out_may_end_the_game_at_once() -> None:
    game = match(
        {"road_fort": {"infantry": 1}},
        phase="die",
        dice={"rolled": [4, 2, 1], "taken": [], "left": [4, 2, 1]},
        decks=LAST_CARD,
        options={"deckout": "at-once"},
    )
    play(game, "good", "die 4")
    assert result(game)["reason"] == "points"


def test_a_tie_on_points_goes_to_gondor() -> None:
    game = match(
        {"road_fort": {"infantry": 1}},
        phase="die",
        dice={"rolled": [4, 2, 1], "taken": [], "left": [4, 2, 1]},
        decks=LAST_CARD,
        options={"deckout": "at-once"},
        captured={"good": {"orcs": 1}, "evil": {"infantry": 1}},
    )
    play(game, "good", "die 4")
    assert result(game)["winners"] == ["good"] and result(game)["args"] == {
        "role": "good",
        "good": 1,
        "evil": 1,
    }


def test_mordor_scores_each_wall_it_holds_and_the_broken_gate() -> None:
    state = position(
        {"wall_north": {"orcs": 1}, "road_fort": {"infantry": 1}}, gate={"broken": True, "blows": 3}
    )
    assert R.view(state, None)["players"]["evil"]["points"] == 2 + 3


def test_no_battalion_is_placed_beyond_the_supply() -> None:
    game = match(
        {"road_fort": {"infantry": 20}, "causeway": {"orcs": 1}}, mt_cards={"good": ["muster_of_gondor"]}
    )
    assert not any(a.startswith("play muster_of_gondor") for a in legal(game, "good"))
    assert R.is_legal(game.state, "good", Action("play", ("muster_of_gondor", "road_fort"))) is False


def test_only_the_leaders_of_the_side_ending_its_turn_must_stand_right() -> None:
    game = match(
        {"road_fort": {"infantry": 1}, "causeway": {"orcs": 2}},
        leaders={"gothmog": "causeway", "black_serpent": "causeway"},
    )
    play(game, "good", "end")  # Mordor's turn: his two black leaders stand together until it ends
    assert game.state["leaders"]["black_serpent"] == "causeway"
    if "done" in legal(game, "evil"):  # the cards drawn may make a set
        play(game, "evil", "done")
    play(game, "evil", "end")
    assert (
        game.state["leaders"]["black_serpent"] == "removed" and game.state["leaders"]["gothmog"] == "causeway"
    )


def test_a_good_six_ends_mordors_attacking_turn_even_when_no_battalion_is_left_to_retreat() -> None:
    game = match(
        {"causeway": {"orcs": 1}, "southern_camps": {"orcs": 1}, "causeway_forts": {"infantry": 2}},
        role="evil",
    )
    with scripted(("attack die", 3), ("defence die", 6), ("defence die", 1), others="random"):
        play(game, "evil", "attack causeway causeway_forts 1")
    assert units(game, "causeway") == {} and game.state["turn"]["role"] == "good"
