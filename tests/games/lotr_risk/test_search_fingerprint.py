"""Speed work changes no result: seeded LOTR Risk games, and everything a search looks at in
them, hash to the fingerprints recorded before the engine was tuned.

As for the Confrontation (``tests/games/confrontation/test_search_fingerprint.py``): each
fingerprint covers a game's every action and its final state; the searching games also cover
every sampled state, every playout's legal actions and choice, and every score a playout ended
with. A deliberate change of the rules or of the players' play records new ones.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import pytest

from games.core.players import Budget, Generator, Policy, RandomPlayer, SearchPlayer
from games.lotr_risk import computer
from tests.support.fingerprint import Game, Recorder, Watched, fingerprint
from tests.support.fingerprint import play as play_recorded

from .helpers import R


def watched_search(rec: Recorder) -> SearchPlayer:
    """The strong level's search, with every sample, playout move and score recorded."""
    watched = Watched(rec, computer.determinize, computer.playout_action, computer.evaluate)
    return SearchPlayer(
        R,
        watched.determinize,
        computer.RuleBasedPlayer(),
        playout_limit=computer.PLAYOUT_LIMIT,
        evaluate=watched.evaluate,
        playout=watched.playout,
        consider=computer.considered,
    )


def plain_search() -> SearchPlayer:
    """The strong level's search as offered."""
    return SearchPlayer(
        R,
        computer.determinize,
        computer.RuleBasedPlayer(),
        playout_limit=computer.PLAYOUT_LIMIT,
        evaluate=computer.evaluate,
        playout=computer.playout_action,
        consider=computer.considered,
    )


def play(
    rec: Recorder, players: Mapping[str, tuple[Policy, Budget]], seed: int, options: Mapping[str, str]
) -> None:
    """One seeded game, each action and the final state recorded."""
    play_recorded(R, rec, players, seed, options, limit=3_000)


def _seats(
    first: Policy, iterations: int, rest: Callable[[], Policy], roles: Sequence[str]
) -> dict[str, Any]:
    """``first`` (with an iteration budget) in the first seat of ``roles``, ``rest()`` in the others."""
    return {
        role: (first, Budget(iterations=iterations)) if i == 0 else (rest(), Budget(1))
        for i, role in enumerate(roles)
    }


def _strong_watched(rec: Recorder) -> None:
    for seed, roles in ((11, ("green", "black")), (12, ("black", "green"))):
        play(rec, _seats(watched_search(rec), 6, RandomPlayer, roles), seed, {})


def _strong_plain(rec: Recorder) -> None:
    for seed, roles in ((21, ("black", "green")), (22, ("green", "black"))):
        play(rec, _seats(plain_search(), 8, computer.RuleBasedPlayer, roles), seed, {})


def _rules_random(rec: Recorder) -> None:
    for seed, players in ((41, "2"), (42, "3"), (43, "4")):
        roles = R.roles(R.resolve_options({"players": players}), int(players))
        play(rec, _seats(computer.RuleBasedPlayer(), 1, RandomPlayer, roles), seed, {"players": players})


def _random_options(rec: Recorder) -> None:
    """The whole engine: the other edition, the plain mode, the hunt and bonuses."""
    games = (
        {"edition": "trilogy", "expansion_bonus": "on"},
        {"mode": "plain", "players": "3"},
        {"edition": "trilogy", "hunt": "on", "players": "4", "setup": "printed"},
    )
    for seed, options in enumerate(games, start=51):
        players = int(options.get("players", "2"))
        roles = R.roles(R.resolve_options(options), players)
        play(rec, _seats(RandomPlayer(), 1, RandomPlayer, roles), seed, options)


#: Recorded on the engine before the speed work (session 31).
EXPECTED: dict[str, tuple[Game, str]] = {
    "strong_watched": (_strong_watched, "91e9ef53ab69e92b"),
    "strong_plain": (_strong_plain, "b9e93cfb581123ae"),
    "rules_random": (_rules_random, "9e4a8949651b1684"),
    "random_options": (_random_options, "a24068a352501b3e"),
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_seeded_games_and_their_searches_are_unchanged(name: str) -> None:
    game, expected = EXPECTED[name]
    assert fingerprint(game) == expected


def test_draws_computed_at_some_places_are_those_drawn_in_a_row() -> None:
    for seed in (0, 3, 9000):
        for count in range(0, 12):
            wanted = [i for i in range(count) if (i * seed + count) % 3 != 1]
            one, two = Generator(seed), Generator(seed)
            every = one.randoms(count)
            assert two.randoms_at(count, wanted) == [every[i] for i in wanted]
            assert one.bits(64) == two.bits(64)  # both left at the same place
