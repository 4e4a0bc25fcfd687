"""The Confrontation's twins beyond a move (``test_confrontation_players``): at a fight where
the enemy has chosen his combat card face down, the decision ignores which card it is (the
twins differ only in that card, and a sample that keeps the true card is caught); and between
two moves a peek at any one of the enemy's hidden pieces is caught."""

from __future__ import annotations

import zlib
from collections.abc import Callable
from typing import Any

import pytest

from games.computer_players import policy
from games.confrontation.computer import RULESET, RuleBasedPlayer, determinize
from games.confrontation.data import FELLOWSHIP, SAURON, other
from games.core import Action, State, clone
from games.core.players import Budget, Generator, Policy, SearchPlayer, Seat, seat_of
from tests.games.players import test_confrontation_players as between_moves

#: An iteration budget (no time limit): a decision then depends on the seed alone.
TEST_BUDGET = Budget(iterations=40)


def _face_down(side: str) -> State:
    """The first fight of the rule-based players' games (seeds 0, 1, ...) where ``side`` must
    choose its combat card and the enemy's is chosen, face down."""
    players = RuleBasedPlayer()
    foe = other(side)
    for seed in range(100):
        state = RULESET.setup(seed, RULESET.resolve_options({}), 2)
        count = 0
        while state["result"] is None:
            active = RULESET.active(state)
            battle = RULESET.view(state, side)["battle"]
            if (
                side in active
                and battle is not None
                and battle["chosen"][foe]
                and battle["played"][foe] is None
                and not battle["chosen"][side]
                and len(RULESET.legal_actions(state, side)) > 1
            ):
                return state
            role = foe if foe in active else min(active)  # the enemy chooses first
            RULESET.apply(state, role, players.decide(seat_of(RULESET, state, role, count)))
            count += 1
    raise AssertionError("no such fight in 100 games")


def _fight(state: State) -> dict[str, Any]:
    frame = next(f for f in reversed(state["stack"]) if f.get("fight"))
    fight: dict[str, Any] = frame["fight"]
    return fight


def _twin(state: State, side: str) -> State:
    """The same game but for the enemy's face-down card: another card of his hand instead."""
    twin = clone(state)
    foe = other(side)
    cards = _fight(twin)["cards"]
    hand = twin["cards"][foe]["hand"]
    chosen = cards[foe]
    other_card = next(c for c in hand if c != chosen)
    hand[hand.index(other_card)] = chosen
    cards[foe] = other_card
    return twin


def _decisions_agree(make: Callable[[State], Policy], side: str, seeds: range) -> bool:
    real = _face_down(side)
    twin = _twin(real, side)
    assert RULESET.view(real, side) == RULESET.view(twin, side), "the twins must look the same"
    assert _fight(real)["cards"] != _fight(twin)["cards"], "the twins must differ"
    return all(
        make(real).decide(seat_of(RULESET, real, side, seed, TEST_BUDGET))
        == make(twin).decide(seat_of(RULESET, twin, side, seed, TEST_BUDGET))
        for seed in seeds
    )


@pytest.mark.parametrize("side", [FELLOWSHIP, SAURON])
@pytest.mark.parametrize(
    "level",
    [
        "random",
        "rules",
        "gentle",
        "strong",
        "strong-next",
        "strong-lethal",
        "strong-sensible",
        "strong-s35",
        "strong-s33",
        "strong-s34",
    ],
)
def test_a_decision_ignores_the_enemys_face_down_card(side: str, level: str) -> None:
    assert _decisions_agree(lambda _s: policy("confrontation", level)[0], side, range(6))


def _peeking(real: State) -> Policy:
    """A planted leak: samples as the game does, but gives the enemy his true face-down card
    (the sample's fight starts afresh; he plays that card again at once)."""
    truth = _fight(real)["cards"]

    def peek(view: dict[str, Any], rng: Generator) -> State:
        sample = determinize(view, rng)
        foe = other(view["audience"])
        if foe in RULESET.active(sample):
            card = truth[foe]
            legal = RULESET.legal_actions(sample, foe)
            chosen = next((a for a in legal if a.verb == "card" and a.args[0] == card), None)
            if chosen is not None:
                RULESET.apply(sample, foe, chosen)
        return sample

    return SearchPlayer(RULESET, peek, RuleBasedPlayer())


@pytest.mark.parametrize("side", [FELLOWSHIP, SAURON])
def test_the_check_catches_a_search_that_knows_the_face_down_card(side: str) -> None:
    assert not _decisions_agree(_peeking, side, range(12))


@pytest.mark.parametrize("side", [FELLOWSHIP, SAURON])
@pytest.mark.parametrize("level", ["gentle", "strong", "strong-next"])
def test_the_search_levels_search_at_that_fight(side: str, level: str) -> None:
    """(So the twins above compare searches, not the rule-based fallback.)"""
    player = policy("confrontation", level)[0]
    assert isinstance(player, SearchPlayer)
    player.noise = 0.0
    player.decide(seat_of(RULESET, _face_down(side), side, 1, TEST_BUDGET))
    assert player.fallbacks == 0


class _PeekingAtOnePiece:
    """A planted leak: picks by where one hidden piece of the enemy really stands."""

    def __init__(self, real: State, which: int) -> None:
        self.real = real
        self.which = which

    def decide(self, seat: Seat) -> Action:
        foe = other(seat.role)
        seen = {p["character"] for r in seat.view["regions"] for p in r["pieces"][foe]}
        hidden = sorted(c for c in self.real["pos"] if c in self.real["chars"][foe] and c not in seen)
        where = self.real["pos"][hidden[self.which % len(hidden)]]
        return seat.actions[zlib.crc32(f"{where}:{seat.seed}".encode()) % len(seat.actions)]


@pytest.mark.parametrize("side", [FELLOWSHIP, SAURON])
@pytest.mark.parametrize("which", range(7))  # (the enemy hides 7 pieces there)
def test_the_check_catches_a_peek_at_any_one_hidden_piece(side: str, which: int) -> None:
    make: Callable[[State], Policy] = lambda real: _PeekingAtOnePiece(real, which)  # noqa: E731
    assert not between_moves._decisions_agree(make, side, range(12))
