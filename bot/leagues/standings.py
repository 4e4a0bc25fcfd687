"""League standings from match results: points, a tie-break, head-to-head, form.

A :class:`Result` is the raw record of one finished match, kept as it came so that standings
and ratings can always be recomputed. Conventions, all in :func:`compute_standings`:

* **Win, draw, loss.** Among the seats that did not forfeit, the player alone in the best
  place wins, players sharing it draw, everyone else loses. For two players that is the usual
  result; at a multiplayer table (LOTR Risk, 3-4 seats) the winner scores the win points and
  the others the loss points, players tied for first the draw points.
* **Forfeits** (a timeout is one): a loss for the forfeiter and a win for the opponent, counted
  like any game here (played, points, tie-breaks, form); ``ratings.rate`` leaves them out.
* **Byes:** the win points, counted under ``byes`` but not as a game played or won, nor in
  the form, and without an opponent they add nothing to either tie-break. A bye counts once
  its round has begun (:func:`begun_byes`), never earlier: a round-robin draws every round up
  at the start, and its last round's bye must not lead the table before anyone has played.
* **Sonneborn-Berger** (round-robin): for every game, the player's game score times the points
  of his opponents, where the game score is 1 for a win, 0 for a loss and, for a draw,
  ``(draw - loss) / (win - loss)`` (one half with the default 2/1/0: the points of the
  opponents beaten plus half the points of those drawn with).
* **Buchholz** (Swiss): the points of every opponent of every game.
* **Head-to-head**, among exactly the players level on points and tie-break: the points each
  scored in the games where another of them was seated.
* Players level on all three share the rank (shown ``=3``), in the order ``players`` gives.

At a multiplayer table a player's opponents are all the others seated there.

>>> rows = compute_standings(["a", "b"], [Result.win("m1", 1, "a", "b"), Result.draw("m2", 2, "a", "b")])
>>> [(row.rank_text, row.player, row.points, row.tiebreak, row.form) for row in rows]
[('1', 'a', 3, 1.5, 'WD'), ('2', 'b', 1, 1.5, 'LD')]
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal, NamedTuple

Format = Literal["round-robin", "swiss"]
#: The tie-break each format ranks by, as headed in a table.
TIEBREAKS: dict[str, str] = {"round-robin": "Sonneborn–Berger", "swiss": "Buchholz"}
FORM_LENGTH = 5


class Scoring(NamedTuple):
    """Points for a win, a draw and a loss."""

    win: float = 2
    draw: float = 1
    loss: float = 0


@dataclass(frozen=True)
class Result:
    """One finished match as it came: finishing places (1 = first, equal = tied), sides, forfeits.

    ``ending`` keeps how it ended as text ("win", "draw", "resignation", "timeout", ...);
    ``forfeited_by`` names the players who forfeited (a timeout is a forfeit, a resignation
    is not: it is an ordinary loss).
    """

    match_id: str
    round: int
    places: Mapping[str, int]
    sides: Mapping[str, str] = field(default_factory=dict)
    forfeited_by: frozenset[str] = frozenset()
    ending: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "places", dict(self.places))
        object.__setattr__(self, "sides", dict(self.sides))
        object.__setattr__(self, "forfeited_by", frozenset(self.forfeited_by))
        if len(self.places) < 2:
            raise ValueError(f"match {self.match_id}: a result needs at least two players")
        if any(place < 1 for place in self.places.values()):
            raise ValueError(f"match {self.match_id}: places start at 1")
        if not self.forfeited_by <= self.places.keys() or not self.sides.keys() <= self.places.keys():
            raise ValueError(f"match {self.match_id}: a forfeit or a side names a player not seated")

    @classmethod
    def win(
        cls,
        match_id: str,
        round: int,
        winner: str,
        loser: str,
        *,
        ending: str = "win",
        sides: Mapping[str, str] | None = None,
    ) -> Result:
        """A two-player win (``ending="resignation"`` when the loser resigned)."""
        return cls(match_id, round, {winner: 1, loser: 2}, sides or {}, ending=ending)

    @classmethod
    def draw(
        cls, match_id: str, round: int, first: str, second: str, *, sides: Mapping[str, str] | None = None
    ) -> Result:
        """A two-player draw."""
        return cls(match_id, round, {first: 1, second: 1}, sides or {}, ending="draw")

    @classmethod
    def forfeited(
        cls,
        match_id: str,
        round: int,
        forfeiter: str,
        opponent: str,
        *,
        ending: str = "timeout",
        sides: Mapping[str, str] | None = None,
    ) -> Result:
        """A two-player game lost by forfeit (by default on time)."""
        return cls(match_id, round, {opponent: 1, forfeiter: 2}, sides or {}, frozenset({forfeiter}), ending)

    @classmethod
    def finishing_order(
        cls, match_id: str, round: int, order: Sequence[str], *, sides: Mapping[str, str] | None = None
    ) -> Result:
        """A multiplayer game by finishing order, winner first."""
        return cls(match_id, round, {player: place for place, player in enumerate(order, 1)}, sides or {})

    @property
    def forfeit(self) -> bool:
        return bool(self.forfeited_by)

    def outcome(self, player: str) -> Literal["W", "D", "L"]:
        """``player``'s result: W alone in the best place among non-forfeiters, D sharing it, else L."""
        if player in self.forfeited_by:
            return "L"
        best = min(place for seat, place in self.places.items() if seat not in self.forfeited_by)
        if self.places[player] != best:
            return "L"
        winners = [
            seat for seat, place in self.places.items() if place == best and seat not in self.forfeited_by
        ]
        return "W" if len(winners) == 1 else "D"


@dataclass(frozen=True)
class Row:
    """One line of the standings. ``head_to_head`` is None unless it was needed to split a tie."""

    rank: int
    shared: bool
    player: str
    played: int
    won: int
    drawn: int
    lost: int
    byes: int
    points: float
    tiebreak: float
    head_to_head: float | None
    form: str
    rating: float | None = None

    @property
    def rank_text(self) -> str:
        """``"3"``, or ``"=3"`` when shared."""
        return f"={self.rank}" if self.shared else str(self.rank)


@dataclass
class _Tally:
    points: float = 0
    byes: int = 0
    tiebreak: float = 0
    outcomes: list[str] = field(default_factory=list)
    games: list[tuple[Result, float]] = field(default_factory=list)  # each game and the points earned


def begun_byes(byes: Iterable[tuple[int, str]], open_rounds: Iterable[int]) -> list[str]:
    """The receivers of the byes (``(round, player)``) whose round has begun: every round
    before it is complete. ``open_rounds`` are the rounds that still have a game without a result.

    >>> begun_byes([(1, "a"), (2, "b"), (3, "c")], open_rounds=[1, 3])
    ['a']
    >>> begun_byes([(1, "a"), (2, "b")], open_rounds=[2]), begun_byes([(1, "a")], open_rounds=[])
    (['a', 'b'], ['a'])
    """
    first_open = min(open_rounds, default=None)
    return [player for number, player in byes if first_open is None or number <= first_open]


def compute_standings(
    players: Iterable[str],
    results: Iterable[Result],
    *,
    format: Format = "round-robin",
    scoring: tuple[float, float, float] = Scoring(),
    byes: Iterable[str] = (),
    ratings: Mapping[str, float] | None = None,
) -> list[Row]:
    """The table, best first: points, then the format's tie-break, then head-to-head.

    ``results`` in any order (the form follows the rounds, the given order within a round);
    ``byes`` names the receiver once per bye; ``ratings`` (player -> display number, e.g.
    ``ratings.rate(...)[player].ordinal``) fills the rating column.
    """
    if format not in TIEBREAKS:
        raise ValueError(f"unknown format {format!r}: round-robin or swiss")
    win, draw, loss = scoring
    if win <= loss:
        raise ValueError("a win must score more than a loss")
    points_for = {"W": win, "D": draw, "L": loss}
    tally = {player: _Tally() for player in players}

    for result in sorted(results, key=lambda r: r.round):
        if unknown := result.places.keys() - tally.keys():
            raise ValueError(f"match {result.match_id}: {sorted(unknown)} not in the league")
        for player in result.places:
            outcome = result.outcome(player)
            tally[player].points += points_for[outcome]
            tally[player].outcomes.append(outcome)
            tally[player].games.append((result, points_for[outcome]))
    for player in byes:
        if player not in tally:
            raise ValueError(f"a bye for {player!r}, not in the league")
        tally[player].byes += 1
        tally[player].points += win

    # Sonneborn-Berger is accumulated as (earned - loss) x opponents' points, exact for whole
    # points, and divided by (win - loss) once at the end: the order and the ties stay exact.
    for player, mine in tally.items():
        for result, earned in mine.games:
            opponents = sum(tally[seat].points for seat in result.places if seat != player)
            mine.tiebreak += opponents if format == "swiss" else (earned - loss) * opponents
    scale = 1 if format == "swiss" else win - loss

    level: dict[tuple[float, float], list[str]] = defaultdict(list)
    for player, mine in tally.items():
        level[(mine.points, mine.tiebreak)].append(player)
    rows: list[Row] = []
    for key in sorted(level, key=lambda k: (-k[0], -k[1])):
        tied = level[key]
        head_to_head = _head_to_head(tied, tally) if len(tied) > 1 else {}
        split: dict[float | None, list[str]] = defaultdict(list)
        for player in tied:
            split[head_to_head.get(player)].append(player)
        for h2h in sorted(split, key=lambda value: -(value or 0)):
            rank = len(rows) + 1
            for player in split[h2h]:
                mine = tally[player]
                rows.append(
                    Row(
                        rank=rank,
                        shared=len(split[h2h]) > 1,
                        player=player,
                        played=len(mine.outcomes),
                        won=mine.outcomes.count("W"),
                        drawn=mine.outcomes.count("D"),
                        lost=mine.outcomes.count("L"),
                        byes=mine.byes,
                        points=mine.points,
                        tiebreak=mine.tiebreak / scale,
                        head_to_head=h2h,
                        form="".join(mine.outcomes[-FORM_LENGTH:]),
                        rating=ratings.get(player) if ratings is not None else None,
                    )
                )
    return rows


def _head_to_head(tied: Sequence[str], tally: Mapping[str, _Tally]) -> dict[str, float]:
    """Points each of ``tied`` scored in the games where another of them was seated."""
    group = set(tied)
    return {
        player: sum(
            earned
            for result, earned in tally[player].games
            if any(seat in group and seat != player for seat in result.places)
        )
        for player in tied
    }
