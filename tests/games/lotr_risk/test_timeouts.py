"""Running out of time: with two players the other wins on time; with three or four the player
is dropped (his territories turn neutral, his cards are discarded, he leaves the turn order) and
the others play on from wherever the game waited for him (see ``games/lotr_risk/timeouts.py``).
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from games.core import Match, State
from games.core.chance import scripted
from games.core.rng import randbelow
from games.lotr_risk.victory import end_by_score

from .helpers import (
    R,
    act,
    asked,
    battalions,
    events,
    kind,
    log_text,
    pass_turn,
    position,
    told_change,
    winners,
)

#: Green (old_forest, buckland) between black (everything else) and red.
RED = {"south_downs": "red", "weather_hills": "red", "minhiriath": "red"}
THREE = {"old_forest": "green", "buckland": "green", **RED}


def three(**more: Any) -> State:
    """Three players (seat and turn order black, green, red); green's turn, in the attack phase."""
    more.setdefault("troops", {"old_forest": 5, "buckland": 2, "south_downs": 3, "weather_hills": 3})
    return position(THREE, players=3, **more)


def time_out(state: State, role: str) -> State:
    match = Match(R, state)
    match.time_out(role)
    assert R.check_invariants(match.state) == []
    return match.state


def assert_goes_on(state: State) -> None:
    """No dead end: the game is over, or someone is asked and can answer."""
    if state["result"] is not None:
        return
    active = R.active(state)
    assert active, "nobody is to act"
    for role in active:
        assert R.prompt(state, role).actions, f"{role} is asked but has no legal action"


# -- two players ---------------------------------------------------------------------------------
def test_with_two_players_the_other_wins_on_time() -> None:
    match = Match.new(R, 3, {"players": "2"}, 2)
    match.time_out("green")
    result = match.state["result"]
    assert result["winners"] == ["black"] and result["reason"] == "timeout"
    assert R.result_text(result) == "Green ran out of time"


def test_with_two_players_in_the_middle_of_a_turn_too() -> None:
    state = position({"old_forest": "green"}, troops={"old_forest": 4}, phase="reinforce")
    state = time_out(state, "green")
    assert winners(state) == ["black"] and state["result"]["reason"] == "timeout"


# -- three players: his own turn -----------------------------------------------------------------
def test_a_player_out_of_time_in_his_own_turn_is_dropped_and_the_turn_passes_on() -> None:
    hands = {"green": {"territory": ["card:the_shire", "card:moria"], "adventure": ["ambush"]}}
    state = three(hands=hands, leaders={"green": ["old_forest"]})
    troops = dict(state["troops"])
    state = time_out(state, "green")
    assert state["result"] is None
    assert [state["owner"][t] for t in ("old_forest", "buckland")] == ["neutral", "neutral"]
    assert state["troops"] == troops  # the battalions stay where they are
    assert state["leaders"]["green"] == [] and state["spare_leaders"]["green"] == 0
    assert state["hands"]["green"] == {"territory": [], "adventure": []}
    assert {"card:the_shire", "card:moria"} <= set(state["decks"]["territory_discard"])
    assert "ambush" in state["decks"]["adventure_discard"]
    assert "green" in state["eliminated"] and state["dropped"] == ["green"]
    # his turn ended as if he had ended it: the Ring moved for it, then red's turn began
    assert events(state, "ring_moved")[-1]["role"] == "green"
    assert state["turn"]["role"] == "red" and R.active(state) == {"red"}
    assert events(state, "player_dropped") == [{"role": "green", "territories": 2}]
    assert_goes_on(state)


def test_the_log_says_who_ran_out_of_time_once_and_the_view_shows_the_neutral_army() -> None:
    state = time_out(three(), "red")
    text = log_text(state)
    assert "Red ran out of time and is out of the game: his 3 territories turn neutral." in text
    assert "Red ran out of time.\n" not in text + "\n"  # the core line is folded into it
    view = R.view(state, None)
    assert view["neutral"] == {"territories": 3, "battalions": 7}
    red = next(p for p in view["players"] if p["role"] == "red")
    assert red["dropped"] and red["eliminated"] and red["score"] is None and red["territories"] == 0
    assert "Red (Evil): out of the game (ran out of time)" in R.standing(state)
    assert "Neutral: 3 territories, 7 battalions" in R.standing(state)
    assert R.view(three(), None)["neutral"] is None  # no neutral army before anybody is dropped


def test_a_player_dropped_in_the_middle_of_his_attack_has_it_logged_and_his_turn_ends() -> None:
    state = act(three(), "green", "attack old_forest south_downs")
    with scripted(*[("attack die", d) for d in (6, 6, 1)], ("defence die", 5), ("defence die", 5)):
        state = act(state, "green", "roll 3")
        state = act(state, "red", "defend 2")
    assert kind(state) == "attack_roll"
    state = time_out(state, "green")
    attack = events(state, "attack")[-1]
    assert attack["ended"] == "dropped" and len(attack["rolls"]) == 1
    assert "Green ran out of time: the attack ends." in log_text(state)
    assert state["turn"]["role"] == "red"
    assert R.view(state, None)["battle"] is None
    assert_goes_on(state)


def test_a_player_dropped_while_reinforcing_loses_what_he_had_left_to_place() -> None:
    state = three(phase="reinforce")
    state = act(state, "green", "place old_forest 1")
    state = time_out(state, "green")
    assert events(state, "reinforced")[-1]["placed"] == {"old_forest": 1}
    assert state["turn"]["role"] == "red" and kind(state) == "reinforce"


def test_a_player_dropped_when_it_is_not_his_turn_changes_nothing_else() -> None:
    state = time_out(three(), "black")
    assert state["turn"]["role"] == "green" and kind(state) == "attack"
    assert all(o != "black" for o in state["owner"].values())
    state = pass_turn(state)
    assert state["turn"]["role"] == "red"
    state = pass_turn(state)
    assert state["turn"]["role"] == "green"  # black is skipped (order black, green, red)


def test_a_second_time_out_of_a_dropped_player_is_refused_and_changes_nothing() -> None:
    from games.core import GameOver

    state = time_out(three(), "red")
    before = copy.deepcopy(dict(state["owner"]))
    with pytest.raises(GameOver, match="out of this game"):
        time_out(state, "red")
    assert dict(state["owner"]) == before and state["dropped"] == ["red"] and state["result"] is None


# -- three players: the defender ---------------------------------------------------------------
def test_a_battle_against_a_dropped_defender_goes_on_against_the_neutral_army() -> None:
    state = act(three(), "green", "attack old_forest south_downs", "roll 3")
    assert kind(state) == "defend" and asked(state) == "red"
    dice = [("attack die", 6), ("attack die", 5), ("attack die", 4), ("defence die", 1), ("defence die", 2)]
    with scripted(*dice):
        state = time_out(state, "red")  # the engine rolls the most dice allowed: two
    rolled = events(state, "rolled")[-1]
    assert rolled["defender"] == "neutral" and len(rolled["defence"]) == 2 and rolled["lost_defence"] == 2
    assert state["owner"]["south_downs"] == "neutral" and state["troops"]["south_downs"] == 1
    assert kind(state) == "attack_roll" and asked(state) == "green"  # the attack goes on
    with scripted(*[("attack die", 6)] * 3, ("defence die", 1)):
        state = act(state, "green", "roll 3")
    assert state["owner"]["south_downs"] == "green"
    assert kind(state) == "advance"
    attack_done = act(state, "green", "advance 3")
    summary = events(attack_done, "attack")[-1]
    assert summary["defender"] == "neutral" and summary["conquered"] and not summary["eliminated"]
    assert R.check_invariants(attack_done) == []


def test_nobody_chooses_the_neutral_armys_dice_in_a_game_of_three() -> None:
    state = time_out(three(), "red")
    state = act(state, "green", "attack old_forest weather_hills")
    with scripted(*[("attack die", 1)] * 3, *[("defence die", 6)] * 2):
        state = act(state, "green", "roll 3")  # no `defend` is asked of anybody
    rolled = events(state, "rolled")[-1]
    assert rolled["defender"] == "neutral" and len(rolled["defence"]) == 2
    assert kind(state) == "attack_roll"


def test_a_dropped_defender_in_the_attackers_roll_step_leaves_the_neutral_army_to_defend() -> None:
    state = act(three(), "green", "attack old_forest south_downs")
    state = time_out(state, "red")
    assert kind(state) == "attack_roll" and R.view(state, None)["battle"]["defender"] == "neutral"


# -- the last one standing -------------------------------------------------------------------------
def test_three_players_two_dropped_the_last_one_wins() -> None:
    state = time_out(three(), "red")
    state = time_out(state, "green")
    assert winners(state) == ["black"] and state["result"]["reason"] == "last_standing"
    assert "Black is the last player standing" in R.result_text(state["result"])


def test_four_players_drop_one_after_another_until_the_last_one_stands() -> None:
    match = Match.new(R, 11, {"players": "4", "setup": "quick"}, 4)
    chooser = {"rng": 5}
    out: list[str] = []
    while match.state["result"] is None:
        state = match.state
        if state["setup"] is None and len(out) < 3 and state["turn"]["number"] >= 2 + 2 * len(out):
            role = sorted(R.active(state))[0]
            match.time_out(role)
            out.append(role)
            assert R.check_invariants(match.state) == []
            assert_goes_on(match.state)
            continue
        role = sorted(R.active(state))[0]
        actions = R.prompt(state, role).actions
        match.submit(role, actions[randbelow(chooser, len(actions))], check=True)
    result = match.state["result"]
    assert len(out) == 3 and match.state["dropped"] == out
    assert result["reason"] == "last_standing"
    assert result["winners"] == [r for r in match.state["roles"] if r not in out]


def test_a_resignation_after_a_drop_gives_the_win_to_the_one_left() -> None:
    match = Match(R, time_out(three(), "red"))
    match.resign("green")
    result = match.state["result"]
    assert result["winners"] == ["black"] and result["reason"] == "last_standing"


def test_a_resignation_from_three_ends_on_the_scores_in_a_match_of_rules_revision_1() -> None:
    """A match begun before revision 2 (no ``rules`` in its state) goes on by its old rule."""
    match = Match.new(R, 3, {"players": "3"}, 3)
    del match.state["rules"]
    match.resign("red")
    assert match.state["result"]["reason"] == "resignation"


def test_the_dropped_player_scores_nothing_at_the_end() -> None:
    state = time_out(three(played={"red": ["mission_bree"]}), "red")
    end_by_score(state, "ring_left")
    assert set(events(state, "final_scores")[-1]["scores"]) == {"black", "green"}
    assert "red" not in winners(state)


# -- the set-up ----------------------------------------------------------------------------------
def _play_until(match: Match, step: str, chooser: dict[str, int]) -> None:
    while match.state["stack"] and match.state["stack"][-1]["step"] != step:
        role = sorted(R.active(match.state))[0]
        actions = R.prompt(match.state, role).actions
        match.submit(role, actions[randbelow(chooser, len(actions))], check=True)


def _play_out(match: Match, chooser: dict[str, int]) -> None:
    while match.state["result"] is None:
        assert_goes_on(match.state)
        active = sorted(R.active(match.state))
        role = active[randbelow(chooser, len(active))]
        actions = R.prompt(match.state, role).actions
        match.submit(role, actions[randbelow(chooser, len(actions))], check=True)


def test_a_time_out_in_the_quick_secret_set_up_drops_the_player_and_his_secret_placement() -> None:
    match = Match.new(R, 5, {"players": "3", "setup": "quick"}, 3)
    chooser = {"rng": 1}
    _play_until(match, "place_quick", chooser)
    state = match.state
    mine = [t for t, o in state["owner"].items() if o == "black"]
    match.submit("black", f"place {mine[0]} 3", check=True)
    match.submit("green", R.prompt(state, "green").actions[0], check=True)
    match.time_out("black")
    state = match.state
    assert R.check_invariants(state) == []
    assert all(state["owner"][t] == "neutral" and state["troops"][t] == 1 for t in mine)
    assert R.active(state) == {"green", "red"} and state["setup"]["ready"]["black"]
    _play_until(match, "reinforce", chooser)
    state = match.state
    assert state["setup"] is None and state["hands"]["black"] == {"territory": [], "adventure": []}
    assert state["turn"]["role"] in ("green", "red") and "black" in state["order"]
    assert set(events(state, "placement_revealed")[-1]["placed"]) == {"green", "red"}
    assert set(events(state, "cards_dealt")[-1]["counts"]) == {"green", "red"}
    assert R.view(state, None)["neutral"]["territories"] == len(mine)
    _play_out(match, chooser)
    assert "black" not in match.state["result"]["winners"]


def test_the_last_player_to_confirm_the_quick_set_up_may_be_the_one_dropped() -> None:
    match = Match.new(R, 8, {"players": "3", "setup": "quick", "mode": "plain"}, 3)
    chooser = {"rng": 2}
    _play_until(match, "place_quick", chooser)
    for role in ("black", "green"):
        while role in R.active(match.state):
            actions = [a.text for a in R.prompt(match.state, role).actions]
            match.submit(role, "ready" if "ready" in actions else actions[0], check=True)
    match.time_out("red")
    state = match.state
    assert R.check_invariants(state) == [] and state["setup"] is None  # revealed: play begins
    assert state["turn"]["role"] in ("black", "green")
    assert_goes_on(state)


def test_a_time_out_during_the_claims_lets_the_others_claim_on() -> None:
    match = Match.new(R, 4, {"players": "3", "setup": "printed"}, 3)
    assert match.state["stack"][-1]["step"] == "claim"
    who = sorted(R.active(match.state))[0]
    match.time_out(who)
    state = match.state
    assert R.check_invariants(state) == [] and who not in R.active(state)
    assert state["stack"][-1]["step"] == "claim"
    chooser = {"rng": 3}
    _play_until(match, "place_leader", chooser)
    assert who not in match.state["setup"]["order"]
    _play_out(match, chooser)


def test_a_time_out_in_the_printed_placement_and_the_leaders() -> None:
    for step in ("place_printed", "place_leader"):
        match = Match.new(R, 6, {"players": "4", "setup": "printed"}, 4)
        chooser = {"rng": 4}
        _play_until(match, step, chooser)
        who = sorted(R.active(match.state))[0]
        match.time_out(who)
        assert R.check_invariants(match.state) == []
        assert_goes_on(match.state)
        assert who not in R.active(match.state)
        _play_out(match, chooser)
        assert who not in match.state["result"]["winners"]


def test_two_drops_in_the_set_up_of_three_end_the_game() -> None:
    match = Match.new(R, 4, {"players": "3"}, 3)
    match.time_out("black")
    match.time_out("red")
    assert match.state["result"]["winners"] == ["green"]
    assert match.state["result"]["reason"] == "last_standing"


# -- plain mode and positions --------------------------------------------------------------------
def test_plain_world_conquest_needs_the_neutral_territories_too() -> None:
    owners = {"old_forest": "neutral", "buckland": "black"}
    state = position(
        owners,
        default="green",
        mode="plain",
        players=3,
        troops={"south_downs": 10, "the_shire": 10, "old_forest": 1, "buckland": 1},
        eliminated=[],
        dropped=["red"],
    )
    assert state["eliminated"] == ["red"]
    with scripted(*[("attack die", 6)] * 3, ("defence die", 1)):
        state = act(state, "green", "attack south_downs old_forest", "roll 3")
    assert state["result"] is None and state["owner"]["old_forest"] == "green"
    if kind(state) == "advance":
        state = act(state, "green", "advance 3")
    with scripted(*[("attack die", 6)] * 3, ("defence die", 1)):
        state = act(state, "green", "attack the_shire buckland", "roll 3")
    assert winners(state) == ["green"] and state["result"]["reason"] == "world_conquest"


def test_a_position_after_a_drop_round_trips() -> None:
    state = time_out(three(), "red")
    described = R.to_position(state)
    assert described["dropped"] == ["red"] and "neutral" in described["owners"].values()
    rebuilt = R.from_position(copy.deepcopy(described))
    assert R.to_position(rebuilt) == described
    assert R.prompt(rebuilt, "red").actions == R.prompt(state, "red").actions == ()


def test_plain_mode_three_players_drop_and_play_on() -> None:
    match = Match.new(R, 2, {"players": "3", "mode": "plain"}, 3)
    chooser = {"rng": 9}
    _play_until(match, "attack", chooser)
    match.time_out(match.state["turn"]["role"])
    assert R.check_invariants(match.state) == []
    assert_goes_on(match.state)


# -- random games --------------------------------------------------------------------------------
def _fuzz(seed: int, options: dict[str, str], players: int, max_turns: int | None) -> Match:
    """A random game in which random players run out of time at random points (one, or for four
    players sometimes two), invariants and the battalions checked after every entry."""
    match = Match.new(R, seed, dict(options, players=str(players)), players)
    chooser = {"rng": seed * 31 + 7}
    drops = 1 + (players == 4 and seed % 3 == 0)
    when = sorted(randbelow(chooser, 500) for _ in range(drops))
    done = 0
    for count in range(100_000):
        state = match.state
        if state["result"] is not None or (max_turns is not None and state["turn"]["number"] > max_turns):
            return match
        assert_goes_on(state)
        before, logged = battalions(state), len(state["log"])
        active = sorted(R.active(state))
        if done < drops and count >= when[done]:
            left = [r for r in state["roles"] if r not in state["eliminated"]]
            role = active[0] if randbelow(chooser, 2) else left[randbelow(chooser, len(left))]
            outcome = match.time_out(role)
            done += 1
            problems = R.check_invariants(match.state)
            assert problems == [], f"seed {seed} {options}: after {role}'s time out: {problems}"
            assert "timed_out" in [e["kind"] for e in outcome.events]
            assert role not in (match.state["result"] or {}).get("winners", [])
        else:
            role = active[randbelow(chooser, len(active))]
            actions = R.prompt(state, role).actions
            match.submit(role, actions[randbelow(chooser, len(actions))], check=True)
        after = match.state
        assert battalions(after) - before == told_change(after["log"][logged:]), f"seed {seed} {options}"
    raise AssertionError(f"seed {seed} {options}: no end")


def test_random_games_with_a_player_out_of_time_play_on_to_their_end() -> None:
    for seed in range(50):
        options = {
            "edition": ("middle-earth", "trilogy")[seed % 2],
            "mode": "lotr",
            "setup": ("quick", "printed")[seed // 4 % 2],
        }
        if options["edition"] == "trilogy":
            options["hunt"] = ("off", "on")[seed // 8 % 2]
        players = 3 + seed // 2 % 2
        match = _fuzz(seed, options, players, None)
        result = match.state["result"]
        assert result is not None
        assert not set(match.state.get("dropped") or ()) & set(result["winners"])


def test_random_plain_games_with_a_player_out_of_time_never_dead_end() -> None:
    for seed in range(10):
        options = {"edition": ("middle-earth", "trilogy")[seed % 2], "mode": "plain"}
        _fuzz(seed, options, 3 + seed % 2, 12)


def test_a_player_out_of_the_game_can_neither_resign_nor_time_out_again() -> None:
    from games.core import GameOver

    game = Match.new(R, 4, {"players": "4"}, 4)
    out = sorted(R.active(game.state))[0]
    game.time_out(out)
    assert game.state["result"] is None, "three play on"
    for leave in (game.resign, game.time_out):
        with pytest.raises(GameOver, match="out of this game"):
            leave(out)
    assert game.state["result"] is None
