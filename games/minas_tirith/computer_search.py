"""Minas Tirith's `strong` level: the rule-based player, overruled only where a paired search
says clearly better.

At each decision the rule-based player's favourites (:func:`~.computer.narrowed`) are compared
on the same sampled worlds: each sample (:func:`~.computer.determinize`: the decks dealt anew,
a new PRNG, from the seat's view alone) is cloned once per candidate, the candidate applied and
the game played on by the rule-based choice (:func:`~.computer.playout_action`) with the same
playout generator, and judged by :func:`~.computer.evaluate`. Comparing candidates on common
samples and dice takes away most of the noise a dice game puts between two playouts; the rule's
favourite stays unless another candidate's mean is ahead by :data:`MARGIN`, so a search too
short to see a difference plays as the rule-based player does. Where the rules' favourite is
clearly ahead of the next (:data:`SURE`: a set to trade, a shot) nothing is searched. A side's
plan may stand for the rule-based player in the favourites, the playouts and the moments not
searched (Gondor's: :mod:`.computer_gondor`).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

from games.core import Action, State, clone
from games.core.players import Budget, CannotSample, Generator, Policy, Seat
from games.core.players.search import outcome

from . import computer
from .computer import RULESET, RuleBasedPlayer, considered, determinize, evaluate, playout_action

#: How far ahead (in the evaluation's ``[0, 1]``, a mean over the samples) a candidate must be
#: to overrule the rule-based player's favourite.
MARGIN = 0.03
#: A rule-based score this far ahead of the next candidate's is not searched.
SURE = 3.0


class PairedSearch:
    """The `strong` level (see the module's docstring)."""

    def __init__(
        self,
        ranked: Callable[[Seat, Sequence[Action]], list[tuple[float, Action]]] = computer.ranked,
        playout: Callable[[State, str, Sequence[Action], Generator], Action] = playout_action,
        fallback: Policy | None = None,
    ) -> None:
        #: The favourites' order, the playouts' moves and the player of the moments not
        #: searched: the rule-based player's unless a side's plan is given (Gondor's:
        #: :mod:`.computer_gondor`).
        self.ranked = ranked
        self.playout = playout
        self.fallback = fallback if fallback is not None else RuleBasedPlayer()
        #: Decisions the rule-based player took because the moment could not be sampled.
        self.fallbacks = 0

    def decide(self, seat: Seat) -> Action:
        if len(seat.actions) == 1:
            return seat.actions[0]
        choices = tuple(filter(considered, seat.actions))
        if len(choices) < 2:
            return self.fallback.decide(seat)
        ranked = self.ranked(seat, choices)
        if len(ranked) < 2 or ranked[0][0] - ranked[1][0] >= SURE:
            return self.fallback.decide(seat)
        candidates = tuple(action for _, action in ranked[: computer.CANDIDATES])
        means = self._compare(seat, candidates)
        if means is None:
            self.fallbacks += 1
            return self.fallback.decide(seat)
        best = max(range(len(candidates)), key=lambda i: means[i])
        return candidates[best] if means[best] > means[0] + MARGIN else candidates[0]

    def _compare(self, seat: Seat, candidates: tuple[Action, ...]) -> list[float] | None:
        """Each candidate's mean over common samples, or ``None`` if the moment cannot be sampled."""
        rng = seat.rng()
        budget: Budget = seat.budget
        deadline = None if budget.seconds is None else time.perf_counter() + budget.seconds
        rounds = max(1, budget.iterations // len(candidates))
        totals = [0.0] * len(candidates)
        done = 0
        slowest = 0.0  # the longest round so far: one more is begun only if it fits the deadline
        while done < rounds and (deadline is None or time.perf_counter() + slowest < deadline):
            begun = time.perf_counter()
            try:
                sample = determinize(seat.view, rng)
            except CannotSample:
                return None
            if done == 0 and (
                seat.role not in RULESET.active(sample)
                or set(RULESET.legal_actions(sample, seat.role)) != set(seat.actions)
            ):
                return None  # the positions cannot describe this moment
            dice = rng.bits(62)
            for i, action in enumerate(candidates):
                world = clone(sample)
                RULESET.apply(world, seat.role, action)
                totals[i] += _playout(world, seat.role, Generator(dice), self.playout)
            done += 1
            slowest = max(slowest, time.perf_counter() - begun)
        return [total / done for total in totals] if done else None


def _playout(
    state: State,
    role: str,
    rng: Generator,
    playout: Callable[[State, str, Sequence[Action], Generator], Action] = playout_action,
) -> float:
    for _ in range(computer.PLAYOUT_LIMIT):
        if state["result"] is not None:
            return outcome(state, role)
        active = RULESET.active(state)
        if not active:
            break
        mover = min(active)
        RULESET.apply(state, mover, playout(state, mover, RULESET.legal_actions(state, mover), rng))
    return outcome(state, role) if state["result"] is not None else evaluate(state, role)
