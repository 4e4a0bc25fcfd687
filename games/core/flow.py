"""Decision points as steps on a flow stack stored in the state.

The top frame of ``state["stack"]`` names the step the game waits in, with its
parameters. Nested procedures (a battle inside a turn) push frames and pop them
when done, so a game saved in the middle of anything resumes exactly.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, ClassVar

from .actions import Action
from .errors import IllegalAction
from .ruleset import Prompt, Ruleset, State

Frame = dict[str, Any]


def push(state: State, step: str, **params: Any) -> Frame:
    frame: Frame = {"step": step, **params}
    state["stack"].append(frame)
    return frame


def pop(state: State) -> Frame:
    frame: Frame = state["stack"].pop()
    return frame


def top(state: State) -> Frame | None:
    stack = state["stack"]
    return stack[-1] if stack else None


def barrier(state: State) -> None:
    """Mark the action being applied as one that cannot be undone (a reveal, a hidden choice)."""
    state["_barrier"] = True


class Step(ABC):
    """A decision point: who acts, what they may do, and how each action is handled."""

    name: ClassVar[str]

    @abstractmethod
    def active(self, state: State, frame: Frame) -> frozenset[str]: ...

    @abstractmethod
    def actions(self, state: State, frame: Frame, role: str) -> tuple[Action, ...]: ...

    @abstractmethod
    def instruction(self, state: State, frame: Frame, role: str) -> str:
        """Tells an active role what to do."""

    @abstractmethod
    def waiting(self, state: State, frame: Frame) -> str:
        """Tells everyone else what the game waits for (no secrets)."""

    @abstractmethod
    def apply(self, state: State, frame: Frame, role: str, action: Action) -> None: ...


class StepRuleset(Ruleset):
    """A ruleset whose play is a stack of :class:`Step` frames."""

    #: Each subclass sets its own table, e.g. ``{s.name: s for s in (Move(), Battle())}``.
    steps: ClassVar[dict[str, Step]]

    def step_of(self, state: State) -> tuple[Step, Frame] | None:
        frame = top(state)
        if frame is None or state["result"] is not None:
            return None
        return self.steps[frame["step"]], frame

    def active(self, state: State) -> frozenset[str]:
        current = self.step_of(state)
        if current is None:
            return frozenset()
        step, frame = current
        return step.active(state, frame)

    def prompt(self, state: State, role: str) -> Prompt:
        if state["result"] is not None:
            return Prompt("The game is over.")
        current = self.step_of(state)
        if current is None:
            return Prompt("The game is over.")
        step, frame = current
        if role in step.active(state, frame):
            return Prompt(step.instruction(state, frame, role), step.actions(state, frame, role))
        return Prompt(step.waiting(state, frame))

    def apply(self, state: State, role: str, action: Action) -> None:
        current = self.step_of(state)
        if current is None:
            raise IllegalAction("The game is over.")
        step, frame = current
        step.apply(state, frame, role, action)
