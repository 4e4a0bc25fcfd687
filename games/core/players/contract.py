"""The computer player's contract: what a seat may know, and what a policy returns.

A :class:`Seat` is everything a computer seat is given to decide: its role, its seat's view
(``ruleset.view(state, role)``, which holds its own secrets: its hand, its hidden pieces), the
legal actions of its prompt, a seed for a generator of its own and a time budget. It never holds
the state, the stored PRNG or the draws to come; :func:`seat_of` is the one place that reads the
state, and it copies only those things out of it.

Search needs full states: a game's :data:`Determinizer` builds a plausible one from the seat's
view alone, sampling what the seat cannot see (the opponent's hidden pieces, his hand, a fresh
PRNG) through the game's public ``from_position``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from ..actions import Action
from ..ruleset import Ruleset, State, View
from .generator import Generator


class CannotSample(Exception):
    """The game cannot build a full state from this view (a moment its positions do not
    describe); a search player then decides by its fallback policy."""


@dataclass(frozen=True, slots=True)
class Budget:
    """How long a decision may take: at most ``iterations`` searches and ``seconds`` of time
    (``None``: no time limit, so a decision depends on the seed alone, as tests need)."""

    iterations: int = 200
    seconds: float | None = None


@dataclass(frozen=True, slots=True)
class Seat:
    """What a computer seat knows when it must decide."""

    game: str
    role: str
    view: View
    actions: tuple[Action, ...]
    seed: int
    budget: Budget = Budget()

    def rng(self) -> Generator:
        """The seat's own generator (never the game's stored PRNG)."""
        return Generator(self.seed)


#: ``(view, rng) -> state``: a full state consistent with the view, the unseen parts sampled.
Determinizer = Callable[[View, Generator], State]


class Policy(Protocol):
    """A computer player: one legal action of the seat's prompt."""

    def decide(self, seat: Seat) -> Action: ...


def seat_of(ruleset: Ruleset, state: State, role: str, seed: int, budget: Budget = Budget()) -> Seat:
    """The seat of ``role`` in ``state``: its view and legal actions, nothing else of the state."""
    return Seat(
        game=ruleset.name,
        role=role,
        view=ruleset.view(state, role),
        actions=tuple(ruleset.legal_actions(state, role)),
        seed=seed,
        budget=budget,
    )
