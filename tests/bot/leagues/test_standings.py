"""Standings: points, Sonneborn-Berger, Buchholz, head-to-head, shared ranks, form, forfeits."""

from __future__ import annotations

import doctest

import pytest

from bot.leagues import standings
from bot.leagues.ratings import rate
from bot.leagues.standings import Result, Row, Scoring, compute_standings


def test_doctests() -> None:
    result = doctest.testmod(standings)
    assert result.attempted > 0 and result.failed == 0


def table(rows: list[Row]) -> list[tuple[str, str, float, float]]:
    return [(row.rank_text, row.player, row.points, row.tiebreak) for row in rows]


def test_round_robin_sonneborn_berger_by_hand() -> None:
    """Four players, each pair once, 2/1/0.

    Games: A beats B, C draws D (round 1); A draws C, B beats D (2); A beats D, B draws C (3).
    Points: A 2+1+2 = 5, B 0+2+1 = 3, C 1+1+1 = 3, D 1+0+0 = 1.
    Sonneborn-Berger (points of those beaten + half the points of those drawn with):
      A: B 3 + D 1 + C 3/2       = 5.5
      B: D 1 + C 3/2             = 2.5
      C: D 1/2 + A 5/2 + B 3/2   = 4.5
      D: C 3/2                   = 1.5
    B and C are level on 3 points; C's draws with the stronger players put him above B.
    """
    results = [
        Result.win("m1", 1, "A", "B"),
        Result.draw("m2", 1, "C", "D"),
        Result.draw("m3", 2, "A", "C"),
        Result.win("m4", 2, "B", "D"),
        Result.win("m5", 3, "A", "D"),
        Result.draw("m6", 3, "B", "C"),
    ]
    rows = compute_standings("ABCD", results, format="round-robin")
    assert table(rows) == [("1", "A", 5, 5.5), ("2", "C", 3, 4.5), ("3", "B", 3, 2.5), ("4", "D", 1, 1.5)]
    a, c, b, d = rows
    assert (a.played, a.won, a.drawn, a.lost, a.form) == (3, 2, 1, 0, "WDW")
    assert (c.played, c.won, c.drawn, c.lost, c.form) == (3, 0, 3, 0, "DDD")
    assert (b.won, b.drawn, b.lost, b.form) == (1, 1, 1, "LWD")
    assert (d.won, d.drawn, d.lost, d.form) == (0, 1, 2, "DLL")
    assert all(row.head_to_head is None and not row.shared for row in rows)


def test_sonneborn_berger_scaled_to_the_scoring() -> None:
    """3/1/0: a draw counts (1 - 0) / (3 - 0) = 1/3 of the opponent's points.

    A beats B, A draws C, B beats C: A 4, B 3, C 1.
    A: B 3 + C 1/3 = 10/3; B: C 1 = 1; C: A 4/3.
    """
    results = [Result.win("m1", 1, "A", "B"), Result.draw("m2", 2, "A", "C"), Result.win("m3", 3, "B", "C")]
    rows = compute_standings("ABC", results, scoring=Scoring(3, 1, 0))
    assert [(row.player, row.points) for row in rows] == [("A", 4), ("B", 3), ("C", 1)]
    assert [row.tiebreak for row in rows] == pytest.approx([10 / 3, 1, 4 / 3])


def test_swiss_buchholz_by_hand_with_byes() -> None:
    """Five players, two Swiss rounds, 2/1/0; a bye scores 2 and adds nothing to Buchholz.

    Round 1: P1 beats P4, P2 draws P5, P3 has the bye.
    Round 2: P3 beats P1, P2 beats P4, P5 has the bye.
    Points: P1 2, P2 1+2 = 3, P3 2+2 = 4, P4 0, P5 1+2 = 3.
    Buchholz (opponents' points):
      P1: P4 0 + P3 4 = 4      P2: P5 3 + P4 0 = 3      P3: P1 2 = 2
      P4: P1 2 + P2 3 = 5      P5: P2 3 = 3
    P2 and P5 are level on 3 points and Buchholz 3; they drew each other (1 each): shared 2nd.
    """
    results = [
        Result.win("m1", 1, "P1", "P4"),
        Result.draw("m2", 1, "P2", "P5"),
        Result.win("m3", 2, "P3", "P1"),
        Result.win("m4", 2, "P2", "P4"),
    ]
    rows = compute_standings(["P1", "P2", "P3", "P4", "P5"], results, format="swiss", byes=["P3", "P5"])
    assert table(rows) == [
        ("1", "P3", 4, 2),
        ("=2", "P2", 3, 3),
        ("=2", "P5", 3, 3),
        ("4", "P1", 2, 4),
        ("5", "P4", 0, 5),
    ]
    p3, p2, p5 = rows[:3]
    assert (p3.played, p3.won, p3.byes, p3.form) == (1, 1, 1, "W")
    assert (p5.played, p5.drawn, p5.byes, p5.form) == (1, 1, 1, "D")
    assert p2.head_to_head == p5.head_to_head == 1
    assert p2.shared and p5.shared and [row.rank for row in rows] == [1, 2, 2, 4, 5]


def test_head_to_head_breaks_a_tie_on_points_and_tie_break() -> None:
    """A beats B and C, draws D; B draws C, beats D; D beats C.

    Points: A 5, B 0+1+2 = 3, C 0+1+0 = 1, D 1+0+2 = 3.
    Sonneborn-Berger: B = C 1/2 + D 3 = 3.5; D = A 5/2 + C 1 = 3.5: level again.
    Head-to-head between exactly B and D: B beat D, so B 2, D 0: B second.
    """
    results = [
        Result.win("m1", 1, "A", "B"),
        Result.win("m2", 1, "A", "C"),
        Result.draw("m3", 2, "A", "D"),
        Result.draw("m4", 2, "B", "C"),
        Result.win("m5", 3, "B", "D"),
        Result.win("m6", 3, "D", "C"),
    ]
    rows = compute_standings("DCBA", results)
    assert table(rows) == [("1", "A", 5, 5.5), ("2", "B", 3, 3.5), ("3", "D", 3, 3.5), ("4", "C", 1, 1.5)]
    assert [row.head_to_head for row in rows] == [None, 2, 0, None]


def test_full_tie_shares_the_rank() -> None:
    """A beats B, B beats C, C beats A, all beat D: 4 points and Sonneborn-Berger 4 each, 2 head-to-head."""
    results = [
        Result.win("m1", 1, "A", "B"),
        Result.win("m2", 1, "C", "D"),
        Result.win("m3", 2, "B", "C"),
        Result.win("m4", 2, "A", "D"),
        Result.win("m5", 3, "C", "A"),
        Result.win("m6", 3, "B", "D"),
    ]
    rows = compute_standings("ABCD", results)
    assert table(rows) == [("=1", "A", 4, 4), ("=1", "B", 4, 4), ("=1", "C", 4, 4), ("4", "D", 0, 0)]
    assert [row.head_to_head for row in rows[:3]] == [2, 2, 2]


def test_form_is_the_last_five_by_round_newest_last() -> None:
    outcomes = {1: "W", 2: "L", 3: "D", 4: "W", 5: "L", 6: "W", 7: "W"}
    results = []
    for number, letter in reversed(outcomes.items()):  # given newest first: the rounds decide
        if letter == "D":
            results.append(Result.draw(f"m{number}", number, "hero", f"foe{number}"))
        else:
            pair = ("hero", f"foe{number}") if letter == "W" else (f"foe{number}", "hero")
            results.append(Result.win(f"m{number}", number, *pair))
    players = ["hero", *(f"foe{n}" for n in outcomes)]
    hero = next(row for row in compute_standings(players, results) if row.player == "hero")
    assert hero.form == "DWLWW"
    assert (hero.played, hero.won, hero.drawn, hero.lost) == (7, 4, 1, 2)


def test_forfeit_is_a_loss_and_a_win_but_not_rated() -> None:
    results = [
        Result.win("m1", 1, "A", "B", ending="resignation"),
        Result.forfeited("m2", 2, "A", "B"),  # A ran out of time
    ]
    assert results[1].forfeit and results[1].ending == "timeout" and not results[0].forfeit
    rows = compute_standings("AB", results)
    a = next(row for row in rows if row.player == "A")
    b = next(row for row in rows if row.player == "B")
    assert (a.won, a.lost, a.points, a.form) == (1, 1, 2, "WL")
    assert (b.won, b.lost, b.points, b.form) == (1, 1, 2, "LW")
    ratings = rate(results)
    assert ratings["A"].games == ratings["B"].games == 1
    assert ratings == rate(results[:1])
    assert rate(results[1:]) == {}


def test_multiplayer_table_winner_takes_the_win_points() -> None:
    """LOTR Risk: at each table the winner scores 2, the others 0, and every seat has played.

    Table 1 (round 1): A, B, C, D finish in that order. Table 2 (round 2): B, C, D.
    """
    results = [
        Result.finishing_order("t1", 1, ["A", "B", "C", "D"]),
        Result.finishing_order("t2", 2, ["B", "C", "D"]),
    ]
    rows = compute_standings("ABCD", results)
    by_player = {row.player: row for row in rows}
    assert {p: (r.played, r.won, r.lost, r.points) for p, r in by_player.items()} == {
        "A": (1, 1, 0, 2),
        "B": (2, 1, 1, 2),
        "C": (2, 0, 2, 0),
        "D": (2, 0, 2, 0),
    }
    # A beat B (2), C (0), D (0): 2. B beat C and D (0): 0. Head-to-head does not split A and B
    # because their tie-breaks differ: A first on Sonneborn-Berger.
    assert [(row.player, row.tiebreak) for row in rows[:2]] == [("A", 2), ("B", 0)]
    # Swiss: Buchholz counts every opponent at the table. A: B 2 + C 0 + D 0 = 2; B: A 2 + 0 + 0 (t1)
    # + 0 + 0 (t2) = 2. Level on 2 and 2: head-to-head, they met once at t1 where A won: A 2, B 0.
    swiss = compute_standings("ABCD", results, format="swiss")
    assert [(row.rank_text, row.player, row.tiebreak, row.head_to_head) for row in swiss[:2]] == [
        ("1", "A", 2, 2),
        ("2", "B", 2, 0),
    ]


def test_multiplayer_shared_first_place_is_a_draw() -> None:
    result = Result("t1", 1, {"A": 1, "B": 1, "C": 3})
    assert [result.outcome(p) for p in "ABC"] == ["D", "D", "L"]
    rows = compute_standings("ABC", [result])
    assert [(row.player, row.points, row.drawn, row.lost) for row in rows] == [
        ("A", 1, 1, 0),
        ("B", 1, 1, 0),
        ("C", 0, 0, 1),
    ]


def test_multiplayer_forfeit_among_the_winners_does_not_win() -> None:
    result = Result("t1", 1, {"A": 1, "B": 2, "C": 3}, forfeited_by=frozenset({"A"}), ending="timeout")
    assert [result.outcome(p) for p in "ABC"] == ["L", "W", "L"]


def test_ratings_fill_the_rating_column() -> None:
    results = [Result.win("m1", 1, "A", "B")]
    ratings = rate(results)
    rows = compute_standings("ABC", results, ratings={p: r.ordinal for p, r in ratings.items()})
    assert [(row.player, row.rating) for row in rows] == [("A", 3.4), ("B", -1.8), ("C", None)]
    assert all(row.rating is None for row in compute_standings("AB", results))


def test_level_on_nothing_shares_the_rank_in_the_given_order() -> None:
    """B lost to A, C and D have not played: 0 points, 0 tie-break and 0 between them, all three."""
    rows = compute_standings(["A", "D", "B", "C"], [Result.win("m1", 1, "A", "B")])
    assert [(row.rank_text, row.player, row.played) for row in rows] == [
        ("1", "A", 1),
        ("=2", "D", 0),
        ("=2", "B", 1),
        ("=2", "C", 0),
    ]


def test_bad_input_is_refused() -> None:
    with pytest.raises(ValueError, match="not in the league"):
        compute_standings("AB", [Result.win("m1", 1, "A", "Z")])
    with pytest.raises(ValueError, match="not in the league"):
        compute_standings("AB", [], byes=["Z"])
    with pytest.raises(ValueError, match="format"):
        compute_standings("AB", [], format="knockout")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="win"):
        compute_standings("AB", [], scoring=(0, 0, 0))
    with pytest.raises(ValueError, match="two players"):
        Result("m1", 1, {"A": 1})
    with pytest.raises(ValueError, match="start at 1"):
        Result("m1", 1, {"A": 0, "B": 1})
    with pytest.raises(ValueError, match="not seated"):
        Result("m1", 1, {"A": 1, "B": 2}, forfeited_by=frozenset({"C"}))
    with pytest.raises(ValueError, match="not seated"):
        Result("m1", 1, {"A": 1, "B": 2}, sides={"C": "sauron"})


def test_result_keeps_its_own_copies() -> None:
    places = {"A": 1, "B": 2}
    result = Result("m1", 1, places)
    places["A"] = 3
    assert result.places == {"A": 1, "B": 2}
