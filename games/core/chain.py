"""Several steps of one decision given in one line (``move-armies army; army gorgoroth; to nurn;
go; done``), checked as a whole before any of it is made.

A game whose actions come in small steps (choose the die, the Army, where, which figures) lets a
player who knows what he wants type it at once. :func:`rehearse` plays the steps on a copy of
the state: if one is refused, the line is refused naming that step, and nothing happened. The
caller then makes the steps for real, one by one, through the runner, so each is validated,
stored, replayed and undone like any other action.

A step that draws chance, reveals something or makes a hidden choice (a barrier) must be the last
one: the rehearsal has seen its outcome, and an error about a later step could tell it before
it happened (a player could then change his mind). Whether a step is such a step is known from
the rules and the public board, never from its outcome, so refusing it tells nothing.
"""

from __future__ import annotations

from collections.abc import Sequence

from .actions import Action
from .errors import ActionError, IllegalAction
from .match import Match
from .ruleset import CORE, Ruleset, State
from .serialization import clone

#: What separates the steps of one line.
SEPARATOR = ";"
#: The most steps one line may hold (a whole War of the Ring Army move takes about six).
MOST_STEPS = 12


def split_steps(text: str) -> list[str]:
    """The steps of a typed line, trimmed; empty pieces (a trailing ``;``) are dropped."""
    return [piece.strip() for piece in text.replace("\n", SEPARATOR).split(SEPARATOR) if piece.strip()]


def rehearse(ruleset: Ruleset, state: State, role: str, steps: Sequence[str]) -> list[Action]:
    """The actions the steps mean, each legal after the ones before; raises an
    :class:`~games.core.errors.ActionError` naming the first step that is not, and changes nothing."""
    if not steps:
        raise IllegalAction(CORE.msg("Nothing to do: give one or more steps, separated by `;`."))
    if len(steps) > MOST_STEPS:
        raise IllegalAction(
            CORE.msg(
                "That is {count} steps; one line holds at most {most}.", count=len(steps), most=MOST_STEPS
            )
        )
    trial = Match(ruleset, clone(state))
    actions: list[Action] = []
    for number, text in enumerate(steps, 1):
        try:
            outcome = trial.submit(role, text)
        except ActionError as error:
            why = error.args[0] if error.args else ""  # (a refusal in every language stays so)
            where = {"number": number, "step": text, "why": why}
            if number == 1:
                said = CORE.msg("Step {number}, `{step}`: {why} Nothing was done.", **where)
            else:
                said = CORE.nmsg(
                    "Step {number}, `{step}` (after {count} good step): {why} Nothing was done.",
                    "Step {number}, `{step}` (after {count} good steps): {why} Nothing was done.",
                    number - 1,
                    **where,
                )
            raise type(error)(said) from None
        actions.append(outcome.action or Action.from_text(text))
        if outcome.crossed_barrier and number < len(steps):
            raise IllegalAction(
                CORE.msg(
                    "Step {number}, `{step}`, can never be taken back (dice, a draw, a reveal or a "
                    "secret), so it must be the last step of the line. Nothing was done: send it, "
                    "then the rest.",
                    number=number,
                    step=text,
                )
            )
    return actions


def prefix_state(ruleset: Ruleset, state: State, role: str, steps: Sequence[str]) -> State | None:
    """The state after the complete steps of a line being typed (for autocomplete), or ``None``
    if one is refused or draws chance (then nothing is suggested: the outcome must not show)."""
    trial = Match(ruleset, clone(state))
    for text in steps:
        try:
            outcome = trial.submit(role, text)
        except ActionError:
            return None
        if outcome.crossed_barrier:
            return None
    return trial.state
