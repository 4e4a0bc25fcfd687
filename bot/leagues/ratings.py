"""Ratings with OpenSkill's Plackett-Luce model, recomputed from the raw results.

Rate the results of one game at a time (a Confrontation rating says nothing of LOTR Risk),
in the order they were played: :func:`rate` replays them from scratch, so a corrected or
deleted result only needs the ratings recomputed. Each seat is a team of one, ranked by its
finishing place (equal places are a draw), so two-player and multiplayer games go through
the same update. A result with a forfeit (a timeout is one) is not rated at all.

With ``per_side=True`` an asymmetric game gets a rating per player and side: the key is
``(player, side)``, and a player's Fellowship rating moves against his opponent's Sauron
rating. Results without a side for every seat are left out of that count.

>>> ratings = rate([Result.win("m1", 1, "frodo", "gollum")])
>>> ratings["frodo"].ordinal, ratings["gollum"].ordinal
(3.4, -1.8)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Literal, TypeVar, overload

from openskill.models import PlackettLuce, PlackettLuceRating

from .standings import Result

Key = TypeVar("Key", bound=Hashable)


@dataclass(frozen=True)
class Rating:
    """A skill estimate: mean ``mu``, uncertainty ``sigma``, and the rated games behind it."""

    mu: float
    sigma: float
    games: int

    @property
    def ordinal(self) -> float:
        """The number to show: ``mu - 3 sigma`` (skill at least this, almost surely), to one decimal.

        A newcomer shows 0.0 with the default model.
        """
        return round(self.mu - 3 * self.sigma, 1)


@overload
def rate(
    results: Iterable[Result], *, per_side: Literal[False] = False, model: PlackettLuce | None = None
) -> dict[str, Rating]: ...
@overload
def rate(
    results: Iterable[Result], *, per_side: Literal[True], model: PlackettLuce | None = None
) -> dict[tuple[str, str], Rating]: ...
def rate(
    results: Iterable[Result], *, per_side: bool = False, model: PlackettLuce | None = None
) -> dict[str, Rating] | dict[tuple[str, str], Rating]:
    """Every player's rating (or every ``(player, side)``'s) after ``results``, in their order.

    ``model`` defaults to ``PlackettLuce()``: mu 25, sigma 25/3, beta 25/6, tau 25/300.
    """
    rated = (result for result in results if not result.forfeit)
    if per_side:
        sided = (r for r in rated if r.sides.keys() == r.places.keys())
        return _replay(((r, [(seat, r.sides[seat]) for seat in r.places]) for r in sided), model)
    return _replay(((r, list(r.places)) for r in rated), model)


def _replay(games: Iterable[tuple[Result, Sequence[Key]]], model: PlackettLuce | None) -> dict[Key, Rating]:
    """Apply each game's update to the ratings of its keys (one per seat, in ``places`` order)."""
    model = model or PlackettLuce()
    current: dict[Key, PlackettLuceRating] = {}
    counts: Counter[Key] = Counter()
    for result, keys in games:
        teams = [[current[key] if key in current else model.rating()] for key in keys]
        updated = model.rate(teams, ranks=[float(place) for place in result.places.values()])
        for key, (rating,) in zip(keys, updated, strict=True):
            current[key] = rating
            counts[key] += 1
    return {key: Rating(rating.mu, rating.sigma, counts[key]) for key, rating in current.items()}
