"""Round-robin by the circle method, Swiss rounds without repeats, multiplayer tables."""

from __future__ import annotations

import doctest
import random
from collections import Counter
from itertools import combinations

import pytest

from bot.leagues import pairing
from bot.leagues.pairing import Pairing, PairingImpossible, Round, round_robin, swiss_round, tables
from bot.leagues.standings import Result, compute_standings


def names(count: int) -> list[str]:
    return [f"p{index:02}" for index in range(1, count + 1)]


def test_doctests() -> None:
    result = doctest.testmod(pairing)
    assert result.attempted > 0 and result.failed == 0


# Circle method


@pytest.mark.parametrize("count", [2, 4, 6, 8, 12, 20])
def test_round_robin_even_every_pair_once_in_n_minus_1_rounds(count: int) -> None:
    players = names(count)
    rounds = round_robin(players)
    assert len(rounds) == count - 1
    for r in rounds:
        assert r.bye is None
        assert sorted(p for game in r.games for p in game.players) == players
    meetings = Counter(game.players for r in rounds for game in r.games)
    assert set(meetings) == {frozenset(pair) for pair in combinations(players, 2)}
    assert set(meetings.values()) == {1}


@pytest.mark.parametrize("count", [3, 5, 7, 9, 11])
def test_round_robin_odd_n_rounds_one_bye_each(count: int) -> None:
    players = names(count)
    rounds = round_robin(players)
    assert len(rounds) == count
    assert sorted(r.bye or "" for r in rounds) == players  # one bye a round, one each
    for r in rounds:
        assert r.bye is not None
        assert sorted([*(p for game in r.games for p in game.players), r.bye]) == players
    meetings = Counter(game.players for r in rounds for game in r.games)
    assert len(meetings) == count * (count - 1) // 2 and set(meetings.values()) == {1}


@pytest.mark.parametrize("count", [2, 3, 4, 5, 6, 7, 8, 11, 12])
def test_round_robin_balances_sides(count: int) -> None:
    """Each player takes the first side in half his games: exactly for odd n, within one for even n."""
    firsts = Counter(game.first for r in round_robin(names(count)) for game in r.games)
    games = count - 1  # each player's
    for player in names(count):
        assert abs(2 * firsts[player] - games) == games % 2


@pytest.mark.parametrize("count", [4, 5, 8])
def test_double_round_robin_swaps_sides(count: int) -> None:
    players = names(count)
    single, double = round_robin(players), round_robin(players, double=True)
    assert len(double) == 2 * len(single)
    assert double[: len(single)] == single
    for first_cycle, second_cycle in zip(single, double[len(single) :], strict=True):
        assert second_cycle.games == tuple(game.swapped() for game in first_cycle.games)
        assert second_cycle.bye == first_cycle.bye
    ordered = Counter((game.first, game.second) for r in double for game in r.games)
    assert set(ordered) == {(a, b) for a in players for b in players if a != b}
    assert set(ordered.values()) == {1}


def test_round_robin_degenerate_inputs() -> None:
    assert round_robin([]) == [] and round_robin(["solo"]) == []
    with pytest.raises(ValueError, match="twice"):
        round_robin(["a", "b", "a"])


# Swiss


def play_swiss(players: list[str], rounds: int, seed: int) -> list[Round]:
    """``rounds`` Swiss rounds, each paired from the standings of random results so far."""
    rng = random.Random(seed)
    skill = {player: rng.random() for player in players}
    results: list[Result] = []
    played: list[Round] = []
    for number in range(1, rounds + 1):
        byes = [r.bye for r in played if r.bye is not None]
        rows = compute_standings(players, results, format="swiss", byes=byes)
        took_first: dict[str, list[bool]] = {player: [] for player in players}
        for r in played:
            for game in r.games:
                took_first[game.first].append(True)
                took_first[game.second].append(False)
        this = swiss_round(
            [row.player for row in rows],
            [game.players for r in played for game in r.games],
            set(byes),
            scores={row.player: row.points for row in rows},
            took_first=took_first,
        )
        played.append(this)
        for index, game in enumerate(this.games):
            match_id = f"r{number}g{index}"
            if rng.random() < 0.15:
                results.append(Result.draw(match_id, number, game.first, game.second))
            else:
                chance = skill[game.first] / (skill[game.first] + skill[game.second])
                winner, loser = (
                    (game.first, game.second) if rng.random() < chance else (game.second, game.first)
                )
                results.append(Result.win(match_id, number, winner, loser))
    return played


@pytest.mark.parametrize("seed", range(5))
def test_swiss_six_rounds_for_twelve_players_never_repeat(seed: int) -> None:
    players = names(12)
    rounds = play_swiss(players, 6, seed)
    meetings = Counter(game.players for r in rounds for game in r.games)
    assert len(meetings) == 36 and set(meetings.values()) == {1}
    for r in rounds:
        assert r.bye is None and sorted(p for game in r.games for p in game.players) == players


@pytest.mark.parametrize("seed", range(5))
def test_swiss_odd_count_at_most_one_bye_each(seed: int) -> None:
    players = names(11)
    rounds = play_swiss(players, 6, seed)
    byes = [r.bye for r in rounds]
    assert None not in byes and len(set(byes)) == 6
    meetings = Counter(game.players for r in rounds for game in r.games)
    assert set(meetings.values()) == {1}
    for r in rounds:
        assert r.bye is not None
        assert sorted([*(p for game in r.games for p in game.players), r.bye]) == players


def test_swiss_sides_stay_balanced() -> None:
    rounds = play_swiss(names(12), 6, seed=3)
    firsts = Counter(game.first for r in rounds for game in r.games)
    assert all(2 <= firsts[player] <= 4 for player in names(12))


def test_swiss_first_round_top_half_meets_bottom_half() -> None:
    r = swiss_round(names(8), [], set())
    assert {game.players for game in r.games} == {
        frozenset(pair) for pair in [("p01", "p05"), ("p02", "p06"), ("p03", "p07"), ("p04", "p08")]
    }
    # No history: the higher-ranked player takes the first side on boards 1 and 3, the second on 2 and 4.
    assert [game.first for game in r.games] == ["p01", "p06", "p03", "p08"]


def test_swiss_pairs_within_score_groups() -> None:
    order = names(8)
    scores = {p: 2 if p in {"p01", "p02", "p03", "p04"} else 0 for p in order}
    played = [("p01", "p05"), ("p02", "p06"), ("p03", "p07"), ("p04", "p08")]
    r = swiss_round(order, played, set(), scores=scores)
    assert {game.players for game in r.games} == {
        frozenset(pair) for pair in [("p01", "p03"), ("p02", "p04"), ("p05", "p07"), ("p06", "p08")]
    }


def test_swiss_odd_score_group_floats_its_last_player_down() -> None:
    order = names(6)
    scores = {"p01": 2, "p02": 2, "p03": 2, "p04": 0, "p05": 0, "p06": 0}
    r = swiss_round(order, [], set(), scores=scores)
    assert {game.players for game in r.games} == {
        frozenset(pair) for pair in [("p01", "p02"), ("p03", "p04"), ("p05", "p06")]
    }


def test_swiss_backtracks_where_greedy_pairing_fails() -> None:
    """A's first choice (C, top half against bottom half) leaves B only D, whom B has played.

    B has met A and D, so B must meet C; backtracking gives A-D, B-C.
    """
    r = swiss_round(["A", "B", "C", "D"], [("A", "B"), ("B", "D")], set())
    assert {game.players for game in r.games} == {frozenset("AD"), frozenset("BC")}


def test_swiss_larger_backtracking_still_finds_the_only_pairing() -> None:
    """Six players where each of the top three has exactly one opponent left among the bottom three."""
    order = ["a", "b", "c", "x", "y", "z"]
    allowed = {frozenset(pair) for pair in [("a", "z"), ("b", "x"), ("c", "y")]}
    played = [pair for pair in combinations(order, 2) if frozenset(pair) not in allowed]
    r = swiss_round(order, played, set())
    assert {game.players for game in r.games} == allowed


def test_swiss_impossible_round_raises() -> None:
    players = ["A", "B", "C", "D"]
    with pytest.raises(PairingImpossible, match=r"without a repeat$"):
        swiss_round(players, list(combinations(players, 2)), set())
    with pytest.raises(PairingImpossible, match="or a second bye"):
        swiss_round(["A", "B", "C"], [("A", "B"), ("A", "C")], {"A"})
    # A has met B and C, D has met B and C: A and D must meet, leaving B-C, already played.
    with pytest.raises(PairingImpossible):
        swiss_round(players, [("A", "B"), ("A", "C"), ("D", "B"), ("D", "C"), ("B", "C")], set())


def test_swiss_bye_goes_to_the_lowest_ranked_without_one() -> None:
    players = names(5)
    assert swiss_round(players, [], set()).bye == "p05"
    assert swiss_round(players, [], {"p05", "p04"}).bye == "p03"
    # Everyone has had one: the lowest-ranked again.
    assert swiss_round(players, [], set(players)).bye == "p05"


def test_swiss_bye_moves_up_when_the_rest_cannot_be_paired() -> None:
    """p01 has played everyone but p05: p05 sitting out would leave p01 without an opponent."""
    players = names(5)
    r = swiss_round(players, [("p01", "p02"), ("p01", "p03"), ("p01", "p04")], set())
    assert r.bye == "p04"
    assert {game.players for game in r.games} == {frozenset({"p01", "p05"}), frozenset({"p02", "p03"})}


def test_swiss_sides_follow_history() -> None:
    # p01 has taken the first side more often than p03: p03 gets it.
    r = swiss_round(["p01", "p02", "p03", "p04"], [("p01", "p02")], set(), took_first={"p01": [True]})
    assert Pairing("p03", "p01") in r.games
    # Level balance: whoever was second last time takes the first side.
    history = {"p01": [True, False], "p03": [False, True]}
    r = swiss_round(["p01", "p02", "p03", "p04"], [("p01", "p02")], set(), took_first=history)
    assert Pairing("p01", "p03") in r.games


def test_swiss_rejects_duplicates() -> None:
    with pytest.raises(ValueError, match="twice"):
        swiss_round(["a", "a"], [], set())


# Tables


@pytest.mark.parametrize(
    ("count", "size", "sizes"),
    [
        (10, 4, [4, 3, 3]),
        (12, 4, [4, 4, 4]),
        (9, 4, [3, 3, 3]),
        (7, 4, [4, 3]),
        (13, 3, [3, 3, 3, 2, 2]),
        (3, 4, [3]),
        (4, 4, [4]),
        (0, 4, []),
    ],
)
def test_tables_as_even_as_possible(count: int, size: int, sizes: list[int]) -> None:
    seated = tables(names(count), size)
    assert [len(table) for table in seated] == sizes
    assert [p for table in seated for p in table] == names(count)  # no seed: in the given order


def test_tables_seeded_shuffle_is_deterministic() -> None:
    players = names(10)
    first = tables(players, 4, seed=42)
    assert first == tables(players, 4, seed=42)
    assert sorted(p for table in first for p in table) == players
    assert [len(table) for table in first] == [4, 3, 3]
    assert len({str(tables(players, 4, seed=seed)) for seed in range(10)}) > 1


def test_tables_reject_bad_input() -> None:
    with pytest.raises(ValueError):
        tables(names(4), 1)
    with pytest.raises(ValueError):
        tables(["a", "a", "b"], 3)
