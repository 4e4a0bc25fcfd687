"""Resigning a game of three or four (rules revision 2): the player leaves like a player dropped
on time and the others play on; the neutral army keeps his battalions; his cards and missions
leave the game; the last player left wins (docs/rules/lotr_risk.md, section 10)."""

from __future__ import annotations

from typing import Any

import pytest

from games.core import GameOver, Match, State
from games.core.chance import scripted
from games.lotr_risk.victory import end_by_score

from .helpers import R, act, events, kind, log_text, pass_turn, position, winners

#: Green (old_forest, buckland) between black (everything else) and red.
RED = {"south_downs": "red", "weather_hills": "red", "minhiriath": "red"}
THREE = {"old_forest": "green", "buckland": "green", **RED}


def three(**more: Any) -> State:
    """Three players (turn order black, green, red); green's turn, in the attack phase."""
    more.setdefault("troops", {"old_forest": 5, "buckland": 2, "south_downs": 3, "weather_hills": 3})
    return position(THREE, players=3, **more)


def resign(state: State, role: str) -> State:
    match = Match(R, state)
    match.resign(role)
    assert R.check_invariants(match.state) == []
    return match.state


def test_a_player_who_resigns_a_game_of_three_leaves_it_and_the_others_play_on() -> None:
    hands = {"green": {"territory": ["card:the_shire"], "adventure": ["mission_bree", "ambush"]}}
    state = three(hands=hands, leaders={"green": ["old_forest"]})
    troops = dict(state["troops"])
    state = resign(state, "green")
    assert state["result"] is None
    assert [state["owner"][t] for t in ("old_forest", "buckland")] == ["neutral", "neutral"]
    assert state["troops"] == troops  # the neutral army keeps his battalions where they stand
    assert state["leaders"]["green"] == []
    assert state["hands"]["green"] == {"territory": [], "adventure": []}
    assert "card:the_shire" in state["decks"]["territory_discard"]
    assert {"mission_bree", "ambush"} <= set(state["decks"]["adventure_discard"])  # missions leave
    assert state["dropped"] == ["green"] and state["resigned"] == ["green"]
    assert events(state, "player_resigned") == [{"role": "green", "territories": 2}]
    # his turn ends as if he had ended it: the Ring moves, then red plays
    assert events(state, "ring_moved")[-1]["role"] == "green"
    assert state["turn"]["role"] == "red" and R.active(state) == {"red"}


def test_a_resigned_player_is_skipped_in_the_turn_order() -> None:
    state = resign(three(), "black")  # order black, green, red
    assert state["turn"]["role"] == "green"
    state = pass_turn(state)
    assert state["turn"]["role"] == "red"
    state = pass_turn(state)
    assert state["turn"]["role"] == "green"


def test_the_log_and_the_standing_say_who_resigned_once() -> None:
    state = resign(three(), "red")
    text = log_text(state)
    assert "Red resigned and is out of the game: his 3 territories turn neutral. The others play on." in text
    assert "Red resigned.\n" not in text + "\n"  # the core line is folded into it
    red = next(p for p in R.view(state, None)["players"] if p["role"] == "red")
    assert red["resigned"] and red["dropped"] and red["score"] is None
    assert "Red (Evil): out of the game (resigned)" in R.standing(state)
    assert "Neutral: 3 territories, 7 battalions" in R.standing(state)


def test_a_resigned_player_scores_nothing_and_cannot_win() -> None:
    state = resign(three(played={"red": ["mission_bree"]}), "red")
    end_by_score(state, "ring_left")
    assert set(events(state, "final_scores")[-1]["scores"]) == {"black", "green"}
    assert "red" not in (winners(state) or [])


def test_when_only_one_player_remains_after_resignations_he_wins() -> None:
    state = resign(three(), "red")
    state = resign(state, "green")
    assert winners(state) == ["black"] and state["result"]["reason"] == "last_standing"


def test_a_player_who_resigned_cannot_resign_again() -> None:
    match = Match(R, resign(three(), "red"))
    with pytest.raises(GameOver):
        match.resign("red")


def test_an_attack_on_a_player_who_resigns_goes_on_against_the_neutral_army() -> None:
    state = act(three(), "green", "attack old_forest south_downs")
    state = act(state, "green", "roll 3")
    assert kind(state) == "defend" and R.active(state) == {"red"}
    dice = [("attack die", 6), ("attack die", 6), ("attack die", 1), ("defence die", 2), ("defence die", 1)]
    with scripted(*dice):
        state = resign(state, "red")  # the neutral army rolls the most it may at once
    assert events(state, "rolled")[-1]["defender"] == "neutral"
    assert events(state, "rolled")[-1]["defence"] == [2, 1]
    assert state["troops"]["south_downs"] == 1 and state["owner"]["south_downs"] == "neutral"
    assert kind(state) == "attack_roll" and R.active(state) == {"green"}


def test_a_player_who_resigns_in_his_attack_has_it_logged_and_his_turn_ends() -> None:
    state = act(three(), "green", "attack old_forest south_downs")
    state = resign(state, "green")
    attack = events(state, "attack")[-1]
    assert attack["ended"] == "resigned"
    assert "Green resigned: the attack ends." in log_text(state)
    assert state["turn"]["role"] == "red"


def test_resigning_a_game_of_two_still_gives_the_other_the_win() -> None:
    match = Match.new(R, 3, {"players": "2"}, 2)
    match.resign("green")
    assert match.state["result"]["winners"] == ["black"] and match.state["result"]["reason"] == "resigned"


def test_a_player_who_resigns_during_the_set_up_leaves_and_the_set_up_goes_on() -> None:
    match = Match.new(R, 5, {"players": "4"}, 4)
    match.resign("yellow")
    state = match.state
    assert state["result"] is None and state["resigned"] == ["yellow"]
    assert all(owner != "yellow" for owner in state["owner"].values())
    assert "yellow" not in R.active(state)


def test_a_resigned_evil_player_does_not_share_the_evil_win_of_the_hunt() -> None:
    """Four players (green, black, yellow, red): red resigns; then black's Hunt finds the Ring
    and Evil wins without him."""
    owners = {"old_forest": "green", "the_shire": "green", "fornost": "yellow", "minhiriath": "red"}
    state = position(
        owners,
        players=4,
        edition="trilogy",
        options={"hunt": "on"},
        ring=0,
        phase="fortify",
        leaders={"green": ["old_forest"], "black": ["buckland"]},
    )
    state = resign(state, "red")
    with scripted(("hunt die", 6), ("hunt die", 5)):
        state = act(state, "green", "done")
    assert state["result"]["reason"] == "ring_found" and winners(state) == ["black"]


def test_a_position_keeps_who_resigned() -> None:
    state = resign(three(), "black")
    again = R.from_position(R.to_position(state))
    assert again["resigned"] == ["black"] and again["dropped"] == ["black"]
    assert "Black (Evil): out of the game (resigned)" in R.standing(again)
