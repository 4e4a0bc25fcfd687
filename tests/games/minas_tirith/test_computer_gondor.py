"""Gondor's defensive plan (games/minas_tirith/computer_gondor.py): the dice odds it reckons
with, the moves it prefers in plain positions, honesty (a decision ignores the decks' order and
the PRNG) and complete games on both seats, alone and as the paired search's plan."""

from __future__ import annotations

import pytest

from games.computer_players import TRIALS, policy
from games.core import Action, State, find
from games.core.players import Budget, RandomPlayer, play, seat_of
from games.minas_tirith import computer_gondor
from games.minas_tirith.computer import RuleBasedPlayer
from games.minas_tirith.computer_gondor import (
    GondorPlayer,
    GondorScorer,
    board_from_state,
    board_from_view,
    odds,
)

from .helpers import position

MT = find("minas-tirith")
SIDES = ("good", "evil")
#: The screen Gondor keeps in the city (the plan never strips it).
CITY_GUARD = {"minas_tirith": {"infantry": 2}}


def _best(state: State, seed: int = 0) -> Action:
    return GondorPlayer().decide(seat_of(MT, state, "good", seed))


def test_the_odds_are_the_dice_with_ties_to_the_defender() -> None:
    one = odds(1, 1, 0, 0)
    assert one.attacker_lost == pytest.approx(21 / 36) and one.defender_lost == pytest.approx(15 / 36)
    assert odds(1, 1, 0, 1).defender_lost == pytest.approx(10 / 36)  # a banner: +1 on the highest die
    three = odds(3, 2, 0, 0)
    assert three.attacker_lost + three.defender_lost == pytest.approx(2.0)
    assert three.defender_lost_two + three.attacker_lost_two <= 1.0


def test_a_leader_next_to_a_great_host_with_one_battalion_is_taken_to_safety() -> None:
    state = position(
        {
            **CITY_GUARD,
            "causeway_forts": {"infantry": 1},
            "road_fort": {"infantry": 4},
            "causeway": {"orcs": 8},
        },
        leaders={"faramir": "causeway_forts"},
        points=4,
    )
    chosen = {_best(state, seed) for seed in range(4)}
    safe = {Action("leader", ("faramir", "road_fort")), Action("advance", ("causeway_forts", "road_fort"))}
    assert chosen <= safe


def test_a_lone_battalion_on_open_ground_falls_back_out_of_reach() -> None:
    state = position(
        {**CITY_GUARD, "rammas_southeast": {"infantry": 1}, "southern_camps": {"orcs": 6}},
        points=4,
    )
    scorer = GondorScorer(board_from_state(state))
    assert scorer.score(Action("advance", ("rammas_southeast", "south_farmsteads"))) > 0
    assert scorer.score(Action("end")) < 0
    chosen = _best(state)
    assert chosen.verb == "advance" and chosen.args[0] == "rammas_southeast"


def test_a_strike_is_made_only_where_it_is_worth_its_points() -> None:
    state = position(
        {
            **CITY_GUARD,
            "road_fort": {"infantry": 6},
            "causeway_forts": {"orcs": 1},
            "pelennor": {"infantry": 1},
        },
        points=4,
    )
    scorer = GondorScorer(board_from_state(state))
    assert scorer.score(Action("attack", ("road_fort", "causeway_forts", "3"))) > 0
    assert scorer.score(Action("attack", ("road_fort", "causeway_forts", "3"))) > scorer.score(
        Action("attack", ("road_fort", "causeway_forts", "1"))
    )
    assert _best(state) == Action("attack", ("road_fort", "causeway_forts", "3"))
    guarded = position(
        {**CITY_GUARD, "road_fort": {"infantry": 1}, "causeway_forts": {"orcs": 3}},
        points=4,
        leaders={"gothmog": "causeway_forts"},
    )
    assert (
        GondorScorer(board_from_state(guarded)).score(Action("attack", ("road_fort", "causeway_forts", "1")))
        < 0
    )


def test_the_board_reads_the_same_from_the_view_and_from_the_state() -> None:
    state = position(
        {**CITY_GUARD, "road_fort": {"infantry": 3}, "causeway": {"orcs": 5, "crossbows": 2}},
        leaders={"faramir": "road_fort", "witch_king": "causeway"},
    )
    from_view, from_state = board_from_view(MT.view(state, "good")), board_from_state(state)
    for space in ("road_fort", "causeway", "pelennor"):
        assert from_view.count(space) == from_state.count(space)
        assert from_view.side(space) == from_state.side(space)
        assert from_view.leaders_of(space, "good") == from_state.leaders_of(space, "good")
    assert (from_view.climb, from_view.gate_broken) == (from_state.climb, from_state.gate_broken)


def _midgame(seat: str) -> State:
    rules = RuleBasedPlayer()
    state = MT.setup(3, MT.resolve_options({}), 2)
    count = 0
    while not (state["round"] >= 3 and seat in MT.active(state) and MT.prompt(state, seat).kind == "action"):
        role = min(MT.active(state))
        MT.apply(state, role, rules.decide(seat_of(MT, state, role, count)))
        count += 1
    return MT.from_position(MT.to_position(state))


def _twin(state: State) -> State:
    position_ = MT.to_position(state)
    for deck in ("reinforcements", "mt"):
        position_["decks"][deck] = list(reversed(position_["decks"][deck]))
    position_["seed"] = int(position_["seed"]) + 12345
    return MT.from_position(position_)


@pytest.mark.parametrize("level", ["g-rules", "g-strong"])
def test_a_decision_ignores_what_the_seat_cannot_know(level: str) -> None:
    real = _midgame("good")
    twin = _twin(real)
    assert MT.view(real, "good") == MT.view(twin, "good") and MT.to_position(real) != MT.to_position(twin)
    budget = Budget(iterations=6)
    for seed in range(6):
        decided = [
            policy("minas-tirith", level)[0].decide(seat_of(MT, s, "good", seed, budget))
            for s in (real, twin)
        ]
        assert decided[0] == decided[1]


@pytest.mark.parametrize("seat", SIDES)
@pytest.mark.parametrize("level", ["g-rules", "g-strong"])
def test_the_plan_finishes_games_on_both_sides(level: str, seat: str) -> None:
    computer = policy("minas-tirith", level)[0]
    tiny = Budget(iterations=2)  # a complete game in seconds, not minutes
    seats = {r: (computer, tiny) if r == seat else (RandomPlayer(), Budget(1)) for r in SIDES}
    played = play(MT, seats, seed=5)
    assert played.reason != "stopped" and played.winners


def test_the_plan_is_a_trial_and_mordors_seat_plays_as_the_rule_based_player() -> None:
    assert {"g-rules", "g-strong"} <= set(TRIALS["minas-tirith"])
    state = _midgame("evil")
    for seed in range(4):
        seat = seat_of(MT, state, "evil", seed)
        assert GondorPlayer().decide(seat) == RuleBasedPlayer().decide(seat)
    assert computer_gondor.ranked(seat, seat.actions)[0][1] in seat.actions
