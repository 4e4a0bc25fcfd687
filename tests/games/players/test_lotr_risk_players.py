"""Computer players of LOTR Risk: honest (a decision ignores the others' hands, the decks'
order and the PRNG), sampling what the seat cannot know consistently with its view, and able to
finish games of two, three and four players at every level."""

from __future__ import annotations

import zlib
from collections.abc import Callable
from typing import Any

import pytest

from games.computer_players import levels, policy
from games.core import Action, State, clone, find
from games.core.players import Budget, Generator, Policy, RandomPlayer, SearchPlayer, Seat, play, seat_of
from games.lotr_risk.computer import RuleBasedPlayer, determinize, evaluate

#: An iteration budget (no time limit): a decision then depends on the seed alone.
TEST_BUDGET = Budget(iterations=6)

RISK = find("lotr-risk")


def _midgame(seat: str) -> State:
    """A state in ``seat``'s attack phase of his fourth turn, between two attacks."""
    rules = RuleBasedPlayer()
    state = RISK.setup(3, RISK.resolve_options({}), 2)
    count = 0
    while not (
        state["turn"]["number"] >= 4 and min(RISK.active(state)) == seat and _kind(state, seat) == "attack"
    ):
        role = min(RISK.active(state))
        RISK.apply(state, role, rules.decide(seat_of(RISK, state, role, count)))
        count += 1
        assert state["result"] is None, "the game ended before the wanted moment: pick another seed"
    return RISK.from_position(RISK.to_position(state))


def _kind(state: State, role: str) -> str:
    return RISK.prompt(state, role).kind


def _twin(state: State, seat: str) -> State:
    """The same game but for what ``seat`` cannot know: the decks in another order, every card
    of the other player's hand (his missions among them) traded with one of the decks (but those
    he has armed), another PRNG."""
    position = RISK.to_position(state)
    decks = position["decks"]
    for name in ("territory", "adventure"):
        decks[name] = list(reversed(decks[name]))
    foe = next(r for r in state["roles"] if r != seat)
    hand = position["hands"][foe]
    armed = {a["card"] for a in position.get("armed", {}).get(foe, ())}
    traded = [i for i, card in enumerate(hand["adventure"]) if card not in armed]
    assert hand["territory"] and traded, "the other hand must hold cards of both kinds"
    count = len(hand["territory"])
    hand["territory"], decks["territory"][:count] = decks["territory"][:count], hand["territory"]
    before = list(hand["adventure"])
    for i, at in enumerate(traded):
        hand["adventure"][at], decks["adventure"][i] = decks["adventure"][i], hand["adventure"][at]
    assert hand["adventure"] != before and any(c.startswith("mission") for c in before)
    position["seed"] = int(position.get("seed", 1)) + 12345
    return RISK.from_position(position)


def _decisions_agree(seat: str, make: Callable[[State], Policy]) -> bool:
    real = _midgame(seat)
    twin = _twin(real, seat)
    assert RISK.view(real, seat) == RISK.view(twin, seat), "the twins must look the same to the seat"
    assert real["rng"] != twin["rng"] and RISK.to_position(real) != RISK.to_position(twin)
    return all(
        make(real).decide(seat_of(RISK, real, seat, seed, TEST_BUDGET))
        == make(twin).decide(seat_of(RISK, twin, seat, seed, TEST_BUDGET))
        for seed in range(8)
    )


def _search() -> SearchPlayer:
    player, _ = policy("lotr-risk", "strong")
    assert isinstance(player, SearchPlayer)
    return player


@pytest.mark.parametrize("seat", ["green", "black"])
@pytest.mark.parametrize(
    "make",
    [lambda _s: _search(), lambda _s: RuleBasedPlayer(), lambda _s: RandomPlayer()],
    ids=["search", "rules", "random"],
)
def test_a_decision_ignores_what_the_seat_cannot_know(seat: str, make: Callable[[State], Policy]) -> None:
    assert _decisions_agree(seat, make)


class _Peeking:
    """A planted leak: decides by the real state's PRNG, the next draws of the game."""

    def __init__(self, real: State) -> None:
        self.real = real

    def decide(self, seat: Seat) -> Action:
        return seat.actions[(int(self.real["rng"]) + seat.seed) % len(seat.actions)]


class _PeekingMissions:
    """A planted leak: decides by the other player's last mission."""

    def __init__(self, real: State) -> None:
        self.real = real

    def decide(self, seat: Seat) -> Action:
        return seat.actions[zlib.crc32(f"{self.peek(seat)}:{seat.seed}".encode()) % len(seat.actions)]

    def peek(self, seat: Seat) -> str:
        foe = next(r for r in self.real["roles"] if r != seat.role)
        return str([c for c in self.real["hands"][foe]["adventure"] if c.startswith("mission")][-1])


class _PeekingTerritories(_PeekingMissions):
    """A planted leak: decides by the other player's last territory card."""

    def peek(self, seat: Seat) -> str:
        foe = next(r for r in self.real["roles"] if r != seat.role)
        return str(self.real["hands"][foe]["territory"][-1])


class _PeekingSearch(SearchPlayer):
    """A planted leak: searches the real state (the other hand, the decks' order, the PRNG)."""

    def __init__(self, real: State) -> None:
        def peek(view: dict[str, Any], rng: Generator) -> State:
            return clone(real)

        super().__init__(RISK, peek, RuleBasedPlayer(), playout_limit=200, evaluate=evaluate)


@pytest.mark.parametrize("seat", ["green", "black"])
@pytest.mark.parametrize(
    "make",
    [_Peeking, _PeekingMissions, _PeekingTerritories, _PeekingSearch],
    ids=["prng", "missions", "territories", "search"],
)
def test_the_honesty_check_catches_a_player_that_reads_the_state(
    seat: str, make: Callable[[State], Policy]
) -> None:
    assert not _decisions_agree(seat, make)


#: What a sample must show the seat exactly as the real game does (the log and the last action
#: are history a position does not keep).
SHOWN = ("territories", "players", "order", "turn", "active", "prompt", "ring", "decks", "hand", "armed")


@pytest.mark.parametrize("seat", ["green", "black"])
def test_a_sample_looks_to_the_seat_exactly_like_the_real_game(seat: str) -> None:
    real = _midgame(seat)
    view = RISK.view(real, seat)
    for seed in range(6):
        sample = determinize(view, Generator(seed))
        seen = RISK.view(sample, seat)
        assert {k: seen[k] for k in SHOWN} == {k: view[k] for k in SHOWN}
        assert set(RISK.legal_actions(sample, seat)) == set(RISK.legal_actions(real, seat))
        assert sample["rng"] != real["rng"]
    foe = next(r for r in real["roles"] if r != seat)
    hands = [determinize(view, Generator(seed))["hands"][foe]["territory"] for seed in range(6)]
    assert len({tuple(h) for h in hands}) > 1, "the other hand is sampled, not copied"


#: The search levels play the suite's complete games with a tiny budget (their own is for play)
#: and in games of two (of three and four in the bench: a search decision costs a hundred
#: playouts there, several seconds a game even with one).
TINY = Budget(iterations=1)
GAMES = [
    (level, players)
    for level in levels("lotr-risk")
    for players in ((2, 3, 4) if level in ("random", "rules") else (2,))
]


@pytest.mark.parametrize(("level", "players"), GAMES)
def test_every_level_finishes_games_in_every_seat(level: str, players: int) -> None:
    options = RISK.resolve_options({"players": str(players)})
    roles = RISK.roles(options, players)
    for seat in roles:
        computer, budget = policy("lotr-risk", level)
        if isinstance(computer, SearchPlayer):
            budget = TINY
        seats = {r: (computer, budget) if r == seat else (RandomPlayer(), Budget(1)) for r in roles}
        played = play(RISK, seats, seed=players, options={"players": str(players)})
        assert played.reason != "stopped"


@pytest.mark.parametrize("seed", [0, 7, -3, 2**70])
def test_a_batch_of_draws_is_the_same_draws_one_at_a_time(seed: int) -> None:
    """The playouts draw their tie-breaks in one batch: the same values, so the same decisions."""
    one, batch = Generator(seed), Generator(seed)
    singles = [one.random() for _ in range(25)]
    assert batch.randoms(10) + batch.randoms(0) + batch.randoms(15) == singles
    assert one.random() == batch.random()
