"""Computer players of War of the Ring: honest (a decision ignores the other hand, the decks and
the PRNG) and able to play either side through the ruleset (a fixed number of actions here: a
whole game is long; ``bench/bench_ai.py --game war-of-the-ring`` plays complete ones)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from games.computer_players import levels, policy
from games.core import Action, State, clone, rng
from games.core.players import Budget, CannotSample, Generator, Policy, RandomPlayer, Seat, play, seat_of
from games.war_of_the_ring.computer import PlanningPlayer, RuleBasedPlayer
from games.war_of_the_ring.computer_search import SearchingPlayer, determinize, evaluate, known_ring_use
from games.war_of_the_ring.data import FREE, SHADOW
from games.war_of_the_ring.ruleset import WAR_OF_THE_RING as WOTR

#: Actions each test game plays (the first turns: musters, the Fellowship's first moves, battles).
ACTIONS = 300


def _midgame(seat: str) -> State:
    """A state where ``seat`` chooses a die in the third turn, both played by the rule-based player."""
    rules = RuleBasedPlayer()
    state = WOTR.setup(2, WOTR.resolve_options({}), 2)
    count = 0
    while not (state["turn"]["number"] >= 3 and _choosing_a_die(state, seat)):
        role = min(WOTR.active(state))
        WOTR.apply(state, role, rules.decide(seat_of(WOTR, state, role, count)))
        count += 1
        assert state["result"] is None, "the game ended before the wanted moment: pick another seed"
    return state


def _choosing_a_die(state: State, seat: str) -> bool:
    return seat in WOTR.active(state) and WOTR.prompt(state, seat).kind == "action"


def _twin(state: State, seat: str) -> State:
    """The same game but for what ``seat`` cannot know: every card of the other hand traded with
    one of its deck (of the same kind: their backs show it), and another PRNG."""
    twin = clone(state)
    foe = SHADOW if seat == FREE else FREE
    hand = twin["hands"][foe]
    for i, card in enumerate(hand):
        deck = twin["decks"][f"{foe}_{'character' if card[2] == 'c' else 'strategy'}"]
        hand[i], deck[i] = deck[i], hand[i]
    assert not set(hand) & set(state["hands"][foe]), "every card of the other hand is another"
    twin["rng"] = rng.seed_state(987_654)
    return twin


def _decisions_agree(seat: str, make: Callable[[State], Policy]) -> bool:
    real = _midgame(seat)
    twin = _twin(real, seat)
    assert WOTR.view(real, seat) == WOTR.view(twin, seat), "the twins must look the same to the seat"
    assert real["hands"] != twin["hands"] and real["rng"] != twin["rng"]
    return all(
        make(real).decide(seat_of(WOTR, real, seat, seed))
        == make(twin).decide(seat_of(WOTR, twin, seat, seed))
        for seed in range(8)
    )


@pytest.mark.parametrize("seat", [FREE, SHADOW])
@pytest.mark.parametrize("level", levels("war-of-the-ring"))
def test_a_decision_ignores_what_the_seat_cannot_know(seat: str, level: str) -> None:
    assert _decisions_agree(seat, lambda _s: policy("war-of-the-ring", level)[0])


class _Peeking:
    """A planted leak: picks by one card of the other player's hand, which the seat never sees."""

    def __init__(self, real: State, which: int = 0) -> None:
        self.real = real
        self.which = which

    def decide(self, seat: Seat) -> Action:
        foe = SHADOW if seat.role == FREE else FREE
        card = self.real["hands"][foe][self.which]
        return seat.actions[(sum(map(ord, card)) + seat.seed) % len(seat.actions)]


@pytest.mark.parametrize("seat", [FREE, SHADOW])
@pytest.mark.parametrize("which", [0, -1], ids=["first-card", "last-card"])
def test_the_honesty_check_catches_a_player_that_reads_the_state(seat: str, which: int) -> None:
    assert not _decisions_agree(seat, lambda real: _Peeking(real, which))


def test_the_seats_view_hides_the_other_hand_and_the_decks() -> None:
    state = _midgame(SHADOW)
    view = WOTR.view(state, SHADOW)
    assert view["cards"][FREE]["hand"] is None
    assert view["cards"][SHADOW]["hand"] == sorted(state["hands"][SHADOW])
    assert "decks" not in view and "rng" not in view and "stack" not in view


def test_the_levels_are_random_the_first_rules_and_the_planning_player() -> None:
    assert levels("war-of-the-ring") == ("random", "rules", "strong")
    rules, strong = policy("war-of-the-ring", "rules")[0], policy("war-of-the-ring", "strong")[0]
    assert isinstance(rules, RuleBasedPlayer) and not rules.plan
    assert isinstance(strong, PlanningPlayer) and strong.plan


@pytest.mark.parametrize("level", levels("war-of-the-ring"))
@pytest.mark.parametrize("side", [FREE, SHADOW])
def test_every_level_plays_either_side(level: str, side: str) -> None:
    computer, budget = policy("war-of-the-ring", level)
    players: dict[str, tuple[Policy, Budget]] = {
        r: (computer, budget) if r == side else (RandomPlayer(), Budget(1)) for r in (FREE, SHADOW)
    }
    state = WOTR.setup(5, WOTR.resolve_options({}), 2)
    for count in range(ACTIONS):
        if state["result"] is not None:
            break
        role = min(WOTR.active(state))
        player, role_budget = players[role]
        action = player.decide(seat_of(WOTR, state, role, count, role_budget))
        assert WOTR.is_legal(state, role, action), f"{level} chose an illegal {action.text!r}"
        WOTR.apply(state, role, action)
    assert state["result"] is not None or state["turn"]["number"] >= 3


@pytest.mark.parametrize("side", [FREE, SHADOW])
def test_strong_plays_a_complete_game_of_each_side(side: str) -> None:
    players: dict[str, tuple[Policy, Budget]] = {
        side: policy("war-of-the-ring", "strong"),
        (SHADOW if side == FREE else FREE): policy("war-of-the-ring", "rules"),
    }
    played = play(WOTR, players, 3)
    assert played.winners, f"the game ended unfinished ({played.reason})"


@pytest.mark.parametrize("seed", [9, 19])
def test_the_planning_shadow_ends_the_games_it_once_left_unfinished(seed: int) -> None:
    """Seeds 9 and 19 ran to the arena's limit: the Shadow at 7 and 8 points kept marching on
    Settlements a Free Peoples table card closed to it, and the first version's Fellowship never
    left."""
    players: dict[str, tuple[Policy, Budget]] = {
        SHADOW: policy("war-of-the-ring", "strong"),
        FREE: policy("war-of-the-ring", "rules"),
    }
    played = play(WOTR, players, seed)
    assert played.winners, f"the game ended unfinished ({played.reason})"


# -- the search (the trial ``search``) ------------------------------------------------------------------
def _small_search() -> SearchingPlayer:
    """The search with short playouts: the same code, at a test's speed."""
    return SearchingPlayer(candidates=2, playout_limit=12)


def _seat(state: State, seat: str, seed: int, iterations: int = 6) -> Seat:
    return seat_of(WOTR, state, seat, seed, Budget(iterations=iterations))


@pytest.mark.parametrize("seat", [FREE, SHADOW])
def test_the_search_ignores_what_the_seat_cannot_know(seat: str) -> None:
    real = _midgame(seat)
    twin = _twin(real, seat)
    assert WOTR.view(real, seat) == WOTR.view(twin, seat)
    for seed in range(3):
        player = _small_search()
        first = player.decide(_seat(real, seat, seed))
        assert player.fallbacks == 0, "a die to choose is searched, not left to the rules"
        assert first == _small_search().decide(_seat(twin, seat, seed))


@pytest.mark.parametrize("seat", [FREE, SHADOW])
def test_a_sample_looks_to_the_seat_like_the_real_game(seat: str) -> None:
    real = _midgame(seat)
    seen = seat_of(WOTR, real, seat, 0)
    for seed in range(5):
        sample = determinize(seen.view, Generator(seed), known_ring_use(seen))
        view = WOTR.view(sample, seat)
        for key in ("regions", "fellowship", "hunt", "cards", "politics", "reinforcements", "prompt"):
            assert view[key] == seen.view[key], key
        for side in (FREE, SHADOW):  # the dice used this turn are not a position's: those left are
            assert view["dice"][side]["unused"] == seen.view["dice"][side]["unused"]
        assert set(WOTR.legal_actions(sample, seat)) == set(seen.actions)
        assert sample["rng"] != real["rng"]
        foe = SHADOW if seat == FREE else FREE
        assert len(sample["hands"][foe]) == len(real["hands"][foe])


def test_a_sample_refuses_a_moment_it_cannot_describe() -> None:
    state = WOTR.setup(3, WOTR.resolve_options({}), 2)
    view = WOTR.view(state, FREE)  # the Fellowship phase: no die to choose yet
    with pytest.raises(CannotSample):
        determinize(view, Generator(1))


def test_the_evaluation_favours_a_fellowship_nearer_the_crack_and_less_corrupted() -> None:
    state = _midgame(FREE)
    state["fellowship"]["corruption"] = 5
    better, worse, nearer = clone(state), clone(state), clone(state)
    better["fellowship"]["corruption"] = 2
    worse["fellowship"]["corruption"] = 9
    nearer["fellowship"]["region"] = "dagorlad"
    assert evaluate(better, FREE) > evaluate(state, FREE) > evaluate(worse, FREE)
    assert evaluate(nearer, FREE) > evaluate(state, FREE)
    assert evaluate(worse, SHADOW) > evaluate(state, SHADOW)


@pytest.mark.parametrize("side", [FREE, SHADOW])
def test_the_search_plays_a_complete_game(side: str) -> None:
    search = _small_search()
    players: dict[str, tuple[Policy, Budget]] = {
        side: (search, Budget(iterations=2)),
        (SHADOW if side == FREE else FREE): (RuleBasedPlayer(), Budget(1)),
    }
    played = play(WOTR, players, 11)
    assert played.winners, f"the game ended unfinished ({played.reason})"
    assert search.fallbacks < played.actions
