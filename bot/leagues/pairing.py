"""Who plays whom in a league round: round-robin, Swiss and multiplayer tables.

Pure functions over opaque player ids. A :class:`Pairing` names the player taking the first
side (in an asymmetric game such as Confrontation, the Fellowship) and his opponent; a
:class:`Round` is the games of one round plus the player sitting out, if any.

>>> [[(g.first, g.second) for g in r.games] + [r.bye] for r in round_robin(["a", "b", "c"])]
[[('b', 'a'), 'c'], [('a', 'c'), 'b'], [('c', 'b'), 'a']]
>>> tables([f"p{i}" for i in range(10)], 4)
[['p0', 'p1', 'p2', 'p3'], ['p4', 'p5', 'p6'], ['p7', 'p8', 'p9']]
"""

from __future__ import annotations

import random
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass


class PairingImpossible(ValueError):
    """No pairing of the round avoids a repeat (or a second bye); the message says which."""


@dataclass(frozen=True)
class Pairing:
    """One game: ``first`` takes the first side (e.g. the Fellowship), ``second`` the other."""

    first: str
    second: str

    @property
    def players(self) -> frozenset[str]:
        return frozenset((self.first, self.second))

    def swapped(self) -> Pairing:
        return Pairing(self.second, self.first)


@dataclass(frozen=True)
class Round:
    """The games of one round, and the player who sits out (scores a bye) when the count is odd."""

    games: tuple[Pairing, ...]
    bye: str | None = None


def _distinct(players: Iterable[str]) -> list[str]:
    listed = list(players)
    if len(set(listed)) != len(listed):
        raise ValueError("a player is listed twice")
    return listed


def round_robin(players: Iterable[str], *, double: bool = False) -> list[Round]:
    """Every pair meets once (twice with ``double``, sides swapped in the second cycle).

    Circle method: n-1 rounds for an even n, n rounds for an odd n with one bye each round (a
    phantom player is fixed in the circle; whoever meets him sits out). Sides are balanced as
    far as the method allows: the fixed seat alternates sides every round and every other
    table is turned round, so each player takes the first side in half his games (one more or
    one less when he plays an odd number).
    """
    listed = _distinct(players)
    if len(listed) < 2:
        return []
    circle: list[str | None] = [None, *listed] if len(listed) % 2 else list(listed)
    size = len(circle)
    cycle = []
    for number in range(size - 1):
        games, bye = [], None
        for table in range(size // 2):
            first, second = circle[table], circle[size - 1 - table]
            turned = number % 2 == 1 if table == 0 else table % 2 == 1  # fixed seat: every other round
            if turned:
                first, second = second, first
            if first is None or second is None:
                bye = second if first is None else first
            else:
                games.append(Pairing(first, second))
        cycle.append(Round(tuple(games), bye))
        circle = [circle[0], circle[-1], *circle[1:-1]]
    if double:
        cycle += [Round(tuple(game.swapped() for game in r.games), r.bye) for r in cycle]
    return cycle


def swiss_round(
    standings_order: Sequence[str],
    played_pairs: Iterable[Collection[str]],
    had_bye: Collection[str],
    *,
    scores: Mapping[str, float] | None = None,
    took_first: Mapping[str, Sequence[bool]] | None = None,
) -> Round:
    """The next Swiss round: score groups, no repeat pairing, a bye to the lowest-ranked.

    ``standings_order`` is the current ranking, best first; ``played_pairs`` the pairs that
    have met (any two-element collection); ``scores`` each player's points (without them,
    as in the first round, the whole field is one score group); ``took_first`` for each player
    whether he took the first side in each earlier game, oldest first.

    Within a score group the top half meets the bottom half (1 v 1+n/2, 2 v 2+n/2, ...); an
    odd player out floats down to the next group. A depth-first search with backtracking
    finds a pairing without repeats whenever one exists, keeping as close to that order as it
    can. When the count is odd the lowest-ranked player without a bye sits out (the next
    one up if the rest cannot then be paired); once everyone has had one, anyone may.
    Raises :class:`PairingImpossible` when every choice would repeat a pairing.
    """
    order = _distinct(standings_order)
    played = {frozenset(pair) for pair in played_pairs}
    failed: set[frozenset[str]] = set()

    def opponents_for(top: str, rest: list[str]) -> list[str]:
        """``top``'s opponents in order of preference: his score group's bottom half first."""
        group = [p for p in rest if scores is None or scores.get(p) == scores.get(top)]
        half = (len(group) + 1) // 2  # the group's top half, ``top`` included
        preferred = group[half - 1 :] + group[half - 2 :: -1] if half >= 2 else group
        in_group = set(group)
        floaters = [p for p in rest if p not in in_group]
        return [p for p in preferred + floaters if frozenset((top, p)) not in played]

    def pair(remaining: list[str]) -> list[tuple[str, str]] | None:
        """Pairs of ``remaining`` (best first in each), or None when none avoids a repeat."""
        if not remaining:
            return []
        if frozenset(remaining) in failed:
            return None
        top, rest = remaining[0], remaining[1:]
        for opponent in opponents_for(top, rest):
            others = pair([p for p in rest if p != opponent])
            if others is not None:
                return [(top, opponent), *others]
        failed.add(frozenset(remaining))
        return None

    bye: str | None = None
    without_bye = [p for p in reversed(order) if p not in had_bye]
    if len(order) % 2 == 0:
        pairs = pair(order)
    else:
        for bye in without_bye or reversed(order):
            pairs = pair([p for p in order if p != bye])
            if pairs is not None:
                break
    if pairs is None:
        second_bye = " or a second bye" if len(order) % 2 and without_bye else ""
        raise PairingImpossible(f"the {len(order)} players cannot be paired without a repeat{second_bye}")
    history = took_first or {}
    return Round(tuple(_sides(high, low, board, history) for board, (high, low) in enumerate(pairs)), bye)


def _sides(higher: str, lower: str, board: int, took_first: Mapping[str, Sequence[bool]]) -> Pairing:
    """Sides by history: fewer first sides first, then whoever was second last time, then by board."""

    def balance(player: str) -> int:
        return sum(1 if first else -1 for first in took_first.get(player, ()))

    def last(player: str) -> bool | None:
        history = took_first.get(player, ())
        return history[-1] if history else None

    if balance(higher) != balance(lower):
        higher_first = balance(higher) < balance(lower)
    elif last(higher) is not None and last(lower) is not None and last(higher) != last(lower):
        higher_first = last(higher) is False
    else:
        higher_first = board % 2 == 0
    return Pairing(higher, lower) if higher_first else Pairing(lower, higher)


def tables(players: Iterable[str], size: int, *, seed: int | str | None = None) -> list[list[str]]:
    """Seat players at as few tables of at most ``size`` as possible, sizes differing by one at most.

    10 players at tables of 4 sit 4, 3, 3. With a ``seed`` the seating is shuffled (the same
    seed, the same seating); without, players sit in the given order (e.g. by rank). A table
    may be smaller than the game allows (5 players at tables of 3 sit 3, 2): the caller checks.
    """
    seated = _distinct(players)
    if size < 2:
        raise ValueError("a table seats at least two players")
    if seed is not None:
        random.Random(seed).shuffle(seated)
    if not seated:
        return []
    count = -(-len(seated) // size)
    base, larger = divmod(len(seated), count)
    result, start = [], 0
    for index in range(count):
        end = start + base + (1 if index < larger else 0)
        result.append(seated[start:end])
        start = end
    return result
