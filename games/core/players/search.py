"""Determinized Monte Carlo search: the seat's choices tried on states sampled from its view.

Each iteration samples one full state consistent with the seat's view (the game's
:data:`~.contract.Determinizer`, never the real state), picks a root action by UCB1 over the
statistics gathered so far on every sample (the root of an information-set tree: the seat's
choices are the same in every world it cannot tell apart), applies it through the ruleset and
plays the game out with random legal actions (or the game's cheap playout policy). The most
tried action is chosen.

The budget bounds iterations and, optionally, time; a time budget makes decisions depend on the
machine's speed, an iteration budget on the seed alone. When the game cannot sample this moment
(:class:`~.contract.CannotSample`), or the sample's prompt differs from the seat's, the
fallback policy decides.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping

from ..actions import Action
from ..ruleset import Ruleset, State
from .contract import CannotSample, Determinizer, Policy, Seat
from .generator import Generator

#: ``(state, role) -> score in [0, 1]`` for a playout cut short (``None``: a draw, 0.5).
Evaluation = Callable[[State, str], float]
#: ``(state, role, legal actions, rng) -> action``: how a playout moves (default: at random).
PlayoutPolicy = Callable[[State, str, "list[Action] | tuple[Action, ...]", Generator], Action]


def outcome(state: State, role: str) -> float:
    """1 for a win of ``role``, 0 for a loss, a share for a shared win or a draw."""
    winners = state["result"]["winners"]
    if not winners:
        return 0.5
    return 1.0 / len(winners) if role in winners else 0.0


class SearchPlayer:
    """Information-set Monte Carlo at the root, with random playouts."""

    def __init__(
        self,
        ruleset: Ruleset,
        determinize: Determinizer,
        fallback: Policy,
        *,
        exploration: float = 0.7,
        noise: float = 0.0,
        playout_limit: int = 400,
        evaluate: Evaluation | None = None,
        playout: PlayoutPolicy | None = None,
        consider: Callable[[Action], bool] | None = None,
        narrow: Callable[[Seat, tuple[Action, ...]], tuple[Action, ...]] | None = None,
        prior: Callable[[Seat, tuple[Action, ...]], Mapping[Action, float]] | None = None,
        stop_when_decided: bool = False,
    ) -> None:
        self.ruleset = ruleset
        self.determinize = determinize
        self.fallback = fallback
        self.exploration = exploration
        #: The chance of playing a random legal action instead (a gentle level's mistakes).
        self.noise = noise
        self.playout_limit = playout_limit
        self.evaluate = evaluate
        self.playout = playout
        #: Which of the seat's actions the search weighs (default: all); a game leaves out the
        #: ones a search cannot tell from doing nothing (arming, then disarming, a card).
        self.consider = consider
        #: Which of those the search tries (default: all): a game may keep the few its rule-based
        #: player likes best, so a small budget tries each of them several times.
        self.narrow = narrow
        #: A bonus per tried action (default: none), added to its mean outcome when the search
        #: picks what to try next: a game's knowledge the playouts see too rarely (a danger that
        #: strikes once in many playouts) steers the search, which still weighs every action.
        self.prior = prior
        #: Stop once the most tried action can no longer be overtaken within the iterations left:
        #: the same decision as the full budget, sooner (off by default: each game opts in).
        self.stop_when_decided = stop_when_decided
        #: Decisions the fallback took since creation (the bench reports how often).
        self.fallbacks = 0

    def decide(self, seat: Seat) -> Action:
        rng = seat.rng()
        if len(seat.actions) == 1:
            return seat.actions[0]
        if self.noise and rng.random() < self.noise:
            return rng.choice(seat.actions)
        choices = seat.actions if self.consider is None else tuple(filter(self.consider, seat.actions))
        if not choices:
            self.fallbacks += 1
            return self.fallback.decide(seat)
        if self.narrow is not None and len(choices) > 1:
            choices = self.narrow(seat, choices)
        if len(choices) == 1:
            return choices[0]
        visits = dict.fromkeys(choices, 0)
        wins = dict.fromkeys(choices, 0.0)
        deadline = None if seat.budget.seconds is None else time.perf_counter() + seat.budget.seconds
        bonus = {} if self.prior is None else dict(self.prior(seat, choices))  # within the time budget
        wanted = set(seat.actions)
        done = 0
        while done < seat.budget.iterations and (deadline is None or time.perf_counter() < deadline):
            try:
                state = self.determinize(seat.view, rng)
            except CannotSample:
                break
            if (
                seat.role not in self.ruleset.active(state)
                or set(self.ruleset.legal_actions(state, seat.role)) != wanted
            ):
                break  # the sample is not at the seat's decision: the positions cannot say it
            action = self._select(choices, visits, wins, done, bonus)
            self.ruleset.apply(state, seat.role, action)
            visits[action] += 1
            wins[action] += self._playout(state, seat.role, rng)
            done += 1
            if self.stop_when_decided and _decided(visits, seat.budget.iterations - done):
                break
        if done == 0:
            self.fallbacks += 1
            return self.fallback.decide(seat)
        return max(choices, key=lambda a: (visits[a], wins[a] / max(visits[a], 1)))

    def _select(
        self,
        actions: tuple[Action, ...],
        visits: dict[Action, int],
        wins: dict[Action, float],
        total: int,
        bonus: Mapping[Action, float],
    ) -> Action:
        for action in actions:
            if visits[action] == 0:
                return action
        log_total = math.log(total)
        return max(
            actions,
            key=lambda a: (
                wins[a] / visits[a] + bonus.get(a, 0.0) + self.exploration * math.sqrt(log_total / visits[a])
            ),
        )

    def _playout(self, state: State, role: str, rng: Generator) -> float:
        ruleset = self.ruleset
        active, legal_actions, apply = ruleset.active, ruleset.legal_actions, ruleset.apply
        playout, choice = self.playout, rng.choice  # (bound once: the search's innermost loop)
        for _ in range(self.playout_limit):
            if state["result"] is not None:
                return outcome(state, role)
            movers = active(state)
            if not movers:
                break
            mover = min(movers)
            legal = legal_actions(state, mover)
            apply(state, mover, choice(legal) if playout is None else playout(state, mover, legal, rng))
        if state["result"] is not None:
            return outcome(state, role)
        return self.evaluate(state, role) if self.evaluate is not None else 0.5


def _decided(visits: dict[Action, int], left: int) -> bool:
    """Whether the most tried action stays strictly the most tried whatever the ``left``
    iterations to come do (so the choice, by visits first, cannot change)."""
    first = second = 0
    for count in visits.values():
        if count > first:
            first, second = count, first
        elif count > second:
            second = count
    return first > second + left
