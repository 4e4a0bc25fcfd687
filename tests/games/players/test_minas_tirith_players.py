"""Computer players of Minas Tirith: honest (a decision ignores the decks' order and the PRNG,
the game's only secrets: hands are open) and able to finish games on both sides."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from games.computer_players import levels, policy
from games.core import Action, State, find
from games.core.players import Budget, Generator, Policy, RandomPlayer, Seat, play, seat_of
from games.minas_tirith import computer_gondor, computer_mordor, computer_plan, computer_search
from games.minas_tirith.computer import (
    CANDIDATES,
    RuleBasedPlayer,
    determinize,
    evaluate,
    narrowed,
    playout_action,
    search_player,
    siege,
)
from games.minas_tirith.computer_search import PairedSearch

MT = find("minas-tirith")
SIDES = ("good", "evil")
#: A search's budget in the suite: iterations only (a time cap would make decisions depend on
#: the machine's speed), and few of them (its own budget is for play and the bench).
TEST_BUDGET = Budget(iterations=6)


def _midgame(seat: str, kind: str) -> State:
    """A state of the third round or later where ``seat`` is asked a question of ``kind``."""
    rules = RuleBasedPlayer()
    state = MT.setup(3, MT.resolve_options({}), 2)
    count = 0
    while not (state["round"] >= 3 and seat in MT.active(state) and MT.prompt(state, seat).kind == kind):
        role = min(MT.active(state))
        MT.apply(state, role, rules.decide(seat_of(MT, state, role, count)))
        count += 1
        assert state["result"] is None, "the game ended before the wanted moment: pick another seed"
    return MT.from_position(MT.to_position(state))


def _twin(state: State) -> State:
    """The same game but for what no seat can know: both decks in another order, another PRNG."""
    position = MT.to_position(state)
    for deck in ("reinforcements", "mt"):
        position["decks"][deck] = list(reversed(position["decks"][deck]))
    position["seed"] = int(position["seed"]) + 12345
    return MT.from_position(position)


def _decisions_agree(seat: str, kind: str, make: Callable[[State], Policy]) -> bool:
    real = _midgame(seat, kind)
    twin = _twin(real)
    assert MT.view(real, seat) == MT.view(twin, seat), "the twins must look the same to the seat"
    assert real["rng"] != twin["rng"] and MT.to_position(real) != MT.to_position(twin)
    return all(
        make(real).decide(seat_of(MT, real, seat, seed, TEST_BUDGET))
        == make(twin).decide(seat_of(MT, twin, seat, seed, TEST_BUDGET))
        for seed in range(8)
    )


@pytest.mark.parametrize("seat", SIDES)
@pytest.mark.parametrize(
    "make",
    [
        lambda _s: PairedSearch(),
        lambda _s: RuleBasedPlayer(),
        lambda _s: RandomPlayer(),
        lambda _s: computer_mordor.strong(),
        lambda _s: computer_mordor.MordorPlanner(),
        lambda _s: computer_plan.PlanPlayer(),
        lambda _s: computer_plan.PlanSearch(),
    ],
    ids=["paired-search", "rules", "random", "mordor-plan-search", "mordor-plan", "strong", "plan-search"],
)
def test_a_decision_ignores_what_the_seat_cannot_know(seat: str, make: Callable[[State], Policy]) -> None:
    assert _decisions_agree(seat, "action", make)


class _Peeking:
    """A planted leak: decides by the top card of the reinforcement deck, the next draw."""

    def __init__(self, real: State) -> None:
        self.real = real

    def decide(self, seat: Seat) -> Action:
        top = str(self.real["decks"]["reinforcements"][0])
        return seat.actions[(sum(map(ord, top)) + seat.seed) % len(seat.actions)]


@pytest.mark.parametrize("seat", SIDES)
def test_the_honesty_check_catches_a_player_that_reads_the_state(seat: str) -> None:
    assert not _decisions_agree(seat, "action", _Peeking)


@pytest.mark.parametrize("level", levels("minas-tirith"))
@pytest.mark.parametrize("seat", SIDES)
def test_every_level_finishes_games_on_both_sides(level: str, seat: str) -> None:
    computer, budget = policy("minas-tirith", level)
    seats = {r: (computer, budget) if r == seat else (RandomPlayer(), Budget(1)) for r in SIDES}
    played = play(MT, seats, seed=5)
    assert played.reason != "stopped" and played.winners


def test_minas_tirith_offers_random_rules_and_the_plans_as_strong() -> None:
    """``strong`` is each side's plan; the search on the plans is a trial, not offered."""
    assert levels("minas-tirith") == ("random", "rules", "strong")


@pytest.mark.parametrize("seat", SIDES)
def test_strong_plays_each_seat_by_that_sides_plan(seat: str) -> None:
    state = _midgame(seat, "action")
    plan = computer_gondor.GondorPlayer() if seat == "good" else computer_mordor.MordorPlanner()
    for seed in range(6):
        chosen = seat_of(MT, state, seat, seed)
        assert computer_plan.PlanPlayer().decide(chosen) == plan.decide(chosen)


@pytest.mark.parametrize("seat", SIDES)
@pytest.mark.parametrize("kind", ["action", "trade", "die"])
def test_a_sample_looks_to_the_seat_exactly_like_the_real_game(seat: str, kind: str) -> None:
    real = _midgame(seat, kind)
    view = MT.view(real, seat)
    for seed in range(4):
        sample = determinize(view, Generator(seed))
        assert MT.view(sample, seat) == view
        assert MT.legal_actions(sample, seat) == MT.legal_actions(real, seat)
    differs = {tuple(determinize(view, Generator(s))["decks"]["reinforcements"]) for s in range(4)}
    assert len(differs) > 1, "the deck is dealt anew in every sample"


@pytest.mark.parametrize("seat", SIDES)
@pytest.mark.parametrize("kind", ["action", "die"])
def test_the_playouts_move_as_the_rule_based_player_would(seat: str, kind: str) -> None:
    state = _midgame(seat, kind)
    actions = MT.legal_actions(state, seat)
    for seed in range(6):
        from_view = RuleBasedPlayer().decide(seat_of(MT, state, seat, seed))
        assert playout_action(state, seat, actions, Generator(seed)) == from_view


def test_the_rule_based_player_attacks_with_every_die_it_may() -> None:
    state = _midgame("evil", "action")
    view = MT.view(state, "evil")
    view["spaces"]["causeway"] = {"side": "evil", "units": {"orcs": 8}, "leaders": []}
    view["spaces"]["causeway_forts"] = {"side": "good", "units": {"infantry": 1}, "leaders": []}
    attacks = [Action("attack", ("causeway", "causeway_forts", str(n))) for n in (1, 2, 3)]
    seats = [Seat("minas-tirith", "evil", view, tuple(attacks), seed) for seed in range(6)]
    chosen = {RuleBasedPlayer().decide(seat) for seat in seats}
    assert chosen == {attacks[-1]}


def test_the_evaluation_favours_the_side_ahead_on_points() -> None:
    state = _midgame("evil", "action")
    even = evaluate(state, "evil")
    assert 0 < even < 1 and evaluate(state, "good") == pytest.approx(1 - even)
    state["captured"]["evil"]["infantry"] = state["captured"]["evil"].get("infantry", 0) + 6
    assert evaluate(state, "evil") > even


@pytest.mark.parametrize("seat", SIDES)
def test_the_search_ignores_what_the_seat_cannot_know(seat: str) -> None:
    real = _midgame(seat, "action")
    twin = _twin(real)
    budget = Budget(iterations=6)
    for seed in range(3):
        decided = [search_player().decide(seat_of(MT, s, seat, seed, budget)) for s in (real, twin)]
        assert decided[0] == decided[1]


@pytest.mark.parametrize("seat", SIDES)
def test_the_search_finishes_games_on_both_sides(seat: str) -> None:
    seats = {r: (search_player(), Budget(1)) if r == seat else (RandomPlayer(), Budget(1)) for r in SIDES}
    played = play(MT, seats, seed=5)
    assert played.reason != "stopped" and played.winners


def test_the_search_weighs_only_the_rule_based_players_favourites() -> None:
    state = _midgame("evil", "action")
    seat = seat_of(MT, state, "evil", 0, Budget(iterations=8))
    kept = narrowed(seat, seat.actions)
    assert len(kept) == CANDIDATES < len(seat.actions)
    assert search_player().decide(seat) in kept


def test_the_evaluation_weighs_mordors_siege_beyond_the_points() -> None:
    state = _midgame("evil", "action")
    state["gate"] = {"broken": False, "blows": 0}
    state["mt"]["evil"] = [e for e in state["mt"]["evil"] if e["id"] != "siege_tower"]
    before = siege(state)
    state["gate"]["blows"] = 2
    blows = siege(state)
    state["mt"]["evil"].append({"id": "siege_tower", "holds": {}})
    assert before < blows < siege(state)
    state["captured"]["good"]["gothmog"] = 1  # one evil leader down: the second is Gondor's win
    assert siege(state) < siege({**state, "captured": {**state["captured"], "good": {}}})


def test_the_paired_search_keeps_the_rules_favourite_unless_a_search_says_clearly_better(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = _midgame("evil", "action")
    seats = [seat_of(MT, state, "evil", seed, TEST_BUDGET) for seed in range(4)]
    searched = {PairedSearch().decide(seat) for seat in seats}
    monkeypatch.setattr(computer_search, "MARGIN", 1.0)  # nothing is ever that far ahead
    kept = {PairedSearch().decide(seat) for seat in seats}
    assert kept == {narrowed(seats[0], seats[0].actions)[0]}
    assert searched <= set(narrowed(seats[0], seats[0].actions))


def test_the_paired_search_leaves_a_moment_it_cannot_sample_to_the_rule_based_player() -> None:
    state = _midgame("evil", "action")
    while MT.prompt(state, "evil").kind != "advance":  # an advance begun: what to send
        MT.apply(state, "evil", RuleBasedPlayer().decide(seat_of(MT, state, "evil", 0)))
        assert "evil" in MT.active(state), "Mordor's turn ended before an advance: pick another seed"
    seat = seat_of(MT, state, "evil", 1, TEST_BUDGET)
    player = PairedSearch()
    assert player.decide(seat) == RuleBasedPlayer().decide(seat)
    assert player.fallbacks == 1, "a position describes no step under way"


@pytest.mark.parametrize("seat", SIDES)
def test_the_paired_search_finishes_games_on_both_sides(seat: str) -> None:
    tiny = Budget(iterations=2)  # a complete game in a second or two, not minutes
    seats = {r: (PairedSearch(), tiny) if r == seat else (RandomPlayer(), Budget(1)) for r in SIDES}
    played = play(MT, seats, seed=5)
    assert played.reason != "stopped" and played.winners
