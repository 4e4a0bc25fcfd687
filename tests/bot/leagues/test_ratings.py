"""Ratings: OpenSkill Plackett-Luce updates against hand-computed values, and their invariants."""

from __future__ import annotations

import doctest
import math

import pytest
from openskill.models import PlackettLuce

from bot.leagues import ratings as ratings_module
from bot.leagues.ratings import Rating, rate
from bot.leagues.standings import Result

MU, SIGMA = 25.0, 25.0 / 3  # the model's defaults
BETA, TAU, KAPPA = 25.0 / 6, 25.0 / 300, 0.0001


def plackett_luce_two_player(
    winner: tuple[float, float], loser: tuple[float, float]
) -> tuple[Rating, Rating]:
    """One decisive two-player game by Weng & Lin's Plackett-Luce update (their Algorithm 4).

    With each sigma first widened by the dynamics term, s_i^2 = sigma_i^2 + tau^2:

        c     = sqrt(s_w^2 + beta^2 + s_l^2 + beta^2)
        p_w   = exp(mu_w / c) / (exp(mu_w / c) + exp(mu_l / c))      (winner's win chance)
        p_l   = 1 - p_w
        mu_w' = mu_w + s_w^2 / c * (1 - p_w)
        mu_l' = mu_l - s_l^2 / c * p_l
        sigma_i' = s_i * sqrt(max(1 - gamma_i * s_i^2 / c^2 * p_w * p_l, kappa)),  gamma_i = s_i / c

    (The loser also compares against the set of players ranked at or below him, himself
    alone: a probability of 1, which adds nothing.)
    """
    (mu_w, sigma_w), (mu_l, sigma_l) = winner, loser
    s2_w, s2_l = sigma_w**2 + TAU**2, sigma_l**2 + TAU**2
    c = math.sqrt(s2_w + BETA**2 + s2_l + BETA**2)
    p_w = math.exp(mu_w / c) / (math.exp(mu_w / c) + math.exp(mu_l / c))
    p_l = 1 - p_w
    new_mu_w = mu_w + s2_w / c * (1 - p_w)
    new_mu_l = mu_l - s2_l / c * p_l

    def new_sigma(s2: float) -> float:
        gamma = math.sqrt(s2) / c
        return math.sqrt(s2) * math.sqrt(max(1 - gamma * s2 / c**2 * p_w * p_l, KAPPA))

    return Rating(new_mu_w, new_sigma(s2_w), 1), Rating(new_mu_l, new_sigma(s2_l), 1)


def close(actual: Rating, expected: Rating) -> bool:
    return abs(actual.mu - expected.mu) < 1e-6 and abs(actual.sigma - expected.sigma) < 1e-6


def test_doctests() -> None:
    result = doctest.testmod(ratings_module)
    assert result.attempted > 0 and result.failed == 0


def test_first_game_by_hand() -> None:
    """Both new: p_w = p_l = 1/2, so mu moves by s^2 / (2c) either way.

    s^2 = 625/9 + 1/144 = 69.45139 (s = 8.33375), beta^2 = 625/36 = 17.36111,
    c = sqrt(2 (69.45139 + 17.36111)) = sqrt(173.625) = 13.17668,
    mu_w' = 25 + 69.45139 / 13.17668 / 2 = 27.63539, mu_l' = 25 - 2.63539 = 22.36461,
    sigma' = 8.33375 * sqrt(1 - (8.33375 / 13.17668) * 69.45139 / 173.625 / 4) = 8.06590,
    ordinals 27.63539 - 3 * 8.06590 = 3.4 and 22.36461 - 24.19770 = -1.8.
    """
    ratings = rate([Result.win("m1", 1, "frodo", "gollum")])
    winner, loser = plackett_luce_two_player((MU, SIGMA), (MU, SIGMA))
    assert close(ratings["frodo"], winner) and close(ratings["gollum"], loser)
    assert ratings["frodo"].mu == pytest.approx(27.63539, abs=1e-5)
    assert ratings["gollum"].mu == pytest.approx(22.36461, abs=1e-5)
    assert ratings["frodo"].sigma == ratings["gollum"].sigma == pytest.approx(8.06590, abs=1e-5)
    assert (ratings["frodo"].ordinal, ratings["gollum"].ordinal) == (3.4, -1.8)


def test_upset_rematch_by_hand() -> None:
    """The second game starts from the first's ratings: the underdog's win moves more (p_w < 1/2)."""
    results = [Result.win("m1", 1, "frodo", "gollum"), Result.win("m2", 2, "gollum", "frodo")]
    after_first_w, after_first_l = plackett_luce_two_player((MU, SIGMA), (MU, SIGMA))
    gollum, frodo = plackett_luce_two_player(
        (after_first_l.mu, after_first_l.sigma), (after_first_w.mu, after_first_w.sigma)
    )
    ratings = rate(results)
    assert close(ratings["gollum"], gollum) and close(ratings["frodo"], frodo)
    assert ratings["gollum"].mu - after_first_l.mu > after_first_w.mu - MU
    assert ratings["frodo"].games == ratings["gollum"].games == 2


def test_draw_between_equals_by_hand() -> None:
    """A draw between equals: mu unchanged; both compare within one rank group of two (A = 2):

    delta = sum over the two q of p (1 - p) / 2 = 1/4, the same shrink as a decisive game.
    """
    ratings = rate([Result.draw("m1", 1, "sam", "merry")])
    s2 = SIGMA**2 + TAU**2
    c = math.sqrt(2 * (s2 + BETA**2))
    sigma = math.sqrt(s2) * math.sqrt(1 - math.sqrt(s2) / c * s2 / c**2 / 4)
    for player in ("sam", "merry"):
        assert abs(ratings[player].mu - MU) < 1e-6 and abs(ratings[player].sigma - sigma) < 1e-6


def test_winner_up_loser_down_sigma_shrinks() -> None:
    results = [
        Result.win("m1", 1, "a", "b"),
        Result.win("m2", 2, "b", "c"),
        Result.win("m3", 3, "a", "c", ending="resignation"),
    ]
    before = {p: Rating(MU, SIGMA, 0) for p in "abc"}
    for index, result in enumerate(results):
        after = rate(results[: index + 1])
        winner, loser = sorted(result.places, key=result.places.__getitem__)
        assert after[winner].mu > before[winner].mu and after[loser].mu < before[loser].mu
        assert after[winner].sigma < before[winner].sigma and after[loser].sigma < before[loser].sigma
        before = {**before, **after}


def test_forfeits_are_not_rated() -> None:
    played = [Result.win("m1", 1, "a", "b")]
    forfeit = Result.forfeited("m2", 2, "a", "b")
    assert rate([*played, forfeit]) == rate(played)
    assert rate([forfeit]) == {}
    table = Result("t1", 1, {"a": 1, "b": 2, "c": 3}, forfeited_by=frozenset({"c"}), ending="timeout")
    assert rate([table]) == {}


def test_order_matters() -> None:
    first = [Result.win("m1", 1, "a", "b"), Result.win("m2", 2, "b", "a")]
    assert rate(first) != rate(list(reversed(first)))
    assert rate(first)["a"].mu < rate(list(reversed(first)))["a"].mu  # losing last costs more


def test_multiplayer_by_finishing_order() -> None:
    ratings = rate([Result.finishing_order("t1", 1, ["a", "b", "c", "d"])])
    mus = [ratings[p].mu for p in "abcd"]
    assert mus == sorted(mus, reverse=True) and mus[0] > MU > mus[-1]
    assert all(ratings[p].sigma < SIGMA for p in "abcd")
    # Matches the library called directly, each seat a team of one ranked by place.
    model = PlackettLuce()
    direct = model.rate([[model.rating()] for _ in range(4)], ranks=[1.0, 2.0, 3.0, 4.0])
    assert all(abs(ratings[p].mu - team[0].mu) < 1e-9 for p, team in zip("abcd", direct, strict=True))


def test_multiplayer_tie_moves_the_tied_together() -> None:
    ratings = rate([Result("t1", 1, {"a": 1, "b": 1, "c": 3})])
    assert ratings["a"].mu == pytest.approx(ratings["b"].mu) and ratings["a"].mu > ratings["c"].mu


def test_per_side_ratings_are_separate() -> None:
    fellowship, sauron = "fellowship", "sauron"
    results = [
        Result.win("m1", 1, "a", "b", sides={"a": fellowship, "b": sauron}),
        Result.win("m2", 1, "a", "b", sides={"a": sauron, "b": fellowship}),
        Result.win("m3", 2, "a", "c"),  # no sides recorded: only in the overall ratings
    ]
    by_side = rate(results, per_side=True)
    assert set(by_side) == {("a", fellowship), ("b", sauron), ("a", sauron), ("b", fellowship)}
    first, _ = plackett_luce_two_player((MU, SIGMA), (MU, SIGMA))
    assert close(by_side[("a", fellowship)], first) and close(by_side[("a", sauron)], first)
    overall = rate(results)
    assert overall["a"].games == 3 and by_side[("a", fellowship)].games == 1
    assert overall["a"].mu > by_side[("a", fellowship)].mu


def test_custom_model() -> None:
    ratings = rate([Result.win("m1", 1, "a", "b")], model=PlackettLuce(mu=1500, sigma=500))
    assert ratings["a"].mu > 1500 > ratings["b"].mu


def test_ordinal_is_rounded_for_display() -> None:
    assert Rating(MU, SIGMA, 0).ordinal == 0.0
    assert Rating(27.63539, 8.06590, 1).ordinal == round(27.63539 - 3 * 8.06590, 1) == 3.4
