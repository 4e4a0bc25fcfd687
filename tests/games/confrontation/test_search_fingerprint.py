"""Speed work changes no result: seeded games, and everything a search looks at in them, hash
to the fingerprints recorded before the engine was tuned.

Each fingerprint covers a game's every action and its final state; the searching games also
cover every state the search sampled (the determinization), every playout's legal actions and
choice, and every score a playout ended with. A change of the engine's results (an action
listed in another order, a draw taken differently, a state built otherwise) changes a
fingerprint. A deliberate change of the rules or of the players' play records new ones
(print them with ``fingerprint(...)``).
"""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from games.confrontation import computer
from games.core import Action, State
from games.core.players import Budget, Generator, Policy, RandomPlayer, SearchPlayer
from games.core.rng import next_u64, randbelow, seed_state, shuffle
from tests.support.fingerprint import Game, Recorder, Watched, fingerprint
from tests.support.fingerprint import play as play_recorded

from .helpers import R


def _uniform(state: State, role: str, legal: list[Action] | tuple[Action, ...], rng: Generator) -> Action:
    return rng.choice(legal)


def watched_search(rec: Recorder, *, threat: bool = False) -> SearchPlayer:
    """The strong level's search, with every sample, playout move and score recorded."""
    pick = computer.playout_threat if threat else _uniform
    watched = Watched(rec, computer.determinize, pick, computer.evaluate)
    return SearchPlayer(
        R,
        watched.determinize,
        computer.RuleBasedPlayer(),
        playout_limit=computer.PLAYOUT_LIMIT,
        evaluate=watched.evaluate,
        playout=watched.playout,
        stop_when_decided=True,
    )


def plain_search() -> SearchPlayer:
    """The strong level's search as offered (its default playout path)."""
    return SearchPlayer(
        R,
        computer.determinize,
        computer.RuleBasedPlayer(),
        playout_limit=computer.PLAYOUT_LIMIT,
        evaluate=computer.evaluate,
        stop_when_decided=True,
    )


def play(
    rec: Recorder, players: Mapping[str, tuple[Policy, Budget]], seed: int, options: Mapping[str, str]
) -> None:
    """One seeded game, each action and the final state recorded."""
    play_recorded(R, rec, players, seed, options, limit=5_000)


CLASSIC = {"variant": "classic"}


def _strong_watched(rec: Recorder) -> None:
    for seed, side in ((11, "fellowship"), (12, "sauron")):
        play(rec, _seats(side, watched_search(rec), 48, RandomPlayer()), seed, CLASSIC)


def _strong_plain(rec: Recorder) -> None:
    for seed, side in ((21, "sauron"), (22, "fellowship")):
        play(rec, _seats(side, plain_search(), 150, computer.RuleBasedPlayer()), seed, CLASSIC)


def _threat_watched(rec: Recorder) -> None:
    play(rec, _seats("sauron", watched_search(rec, threat=True), 24, RandomPlayer()), 31, CLASSIC)


def _rules_random(rec: Recorder) -> None:
    for seed, side in ((41, "fellowship"), (42, "sauron")):
        play(rec, _seats(side, computer.RuleBasedPlayer(), 1, RandomPlayer()), seed, CLASSIC)


def _random_variants(rec: Recorder) -> None:
    """The whole engine: special cards, the Deluxe characters, the draft."""
    games = (
        {"variant": "variant-2002"},
        {"variant": "deluxe-variant", "specials": "deluxe-4"},
        {"variant": "classic", "specials": "deluxe-2"},
        {"variant": "draft", "specials": "2002", "handicap": "sauron"},
    )
    for seed, options in enumerate(games, start=51):
        for game in range(5):
            play(rec, _seats("fellowship", RandomPlayer(), 1, RandomPlayer()), seed * 10 + game, options)


def _seats(side: str, player: Policy, iterations: int, opponent: Policy) -> dict[str, tuple[Policy, Budget]]:
    """``player`` (with an iteration budget) in ``side``'s seat, ``opponent`` in the other."""
    foe = "sauron" if side == "fellowship" else "fellowship"
    return {side: (player, Budget(iterations=iterations)), foe: (opponent, Budget(1))}


#: Recorded on the engine before the speed work (session 31).
EXPECTED: dict[str, tuple[Game, str]] = {
    "strong_watched": (_strong_watched, "6dfbd81d73d9049a"),
    "strong_plain": (_strong_plain, "62c2fa86ff11b732"),
    "threat_watched": (_threat_watched, "d34831a5ad6f0c12"),
    "rules_random": (_rules_random, "55b63a570cb303d3"),
    "random_variants": (_random_variants, "e13bdfe0060f0c9f"),
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_seeded_games_and_their_searches_are_unchanged(name: str) -> None:
    game, expected = EXPECTED[name]
    assert fingerprint(game) == expected


def test_a_choice_draws_as_below_does() -> None:
    items = list(range(7))
    for seed in (0, 1, 5000, -3):
        one, two = Generator(seed), Generator(seed)
        assert [one.choice(items[: 1 + k % 7]) for k in range(50)] == [
            items[two.below(1 + k % 7)] for k in range(50)
        ]
    with pytest.raises(ValueError):
        Generator(1).choice([])


def test_a_shuffle_draws_as_the_games_shuffle_does() -> None:
    for seed in (0, 7, 5000):
        for size in range(0, 10):
            mine, theirs = list(range(size)), list(range(size))
            gen, state = Generator(seed), {"rng": seed_state(seed)}
            gen.shuffle(mine)
            shuffle(state, theirs)
            assert mine == theirs
            assert gen.bits(64) == next_u64(state)  # the generators stay in step


def test_randbelow_is_the_next_64_bits_modulo_n() -> None:
    for seed in (0, 1, 2**64 - 1, 5000):
        one, two = {"rng": seed}, {"rng": seed}
        for n in (1, 2, 6, 7, 1000, 2**63):
            assert randbelow(one, n) == next_u64(two) % n
            assert one == two
    with pytest.raises(ValueError):
        randbelow({"rng": 1}, 0)
