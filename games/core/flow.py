"""Decision points as steps on a flow stack stored in the state, with call and return.

The top frame of ``state["stack"]`` names the step the game waits in, with its parameters. A
step may :func:`call` a procedure (a battle inside a turn): the callee's frame goes on top, and
when the procedure is over it :func:`ret`-urns a value; the caller's :meth:`Step.resume` then
continues with it (Rally the Troops' call / end / resume). A procedure never calls the code of
its caller, so procedures do not import each other in a circle. Because the stack is stored in
the state, a game saved in the middle of anything resumes exactly.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, ClassVar

from . import journal
from .actions import Action
from .errors import IllegalAction
from .i18n import Words, best, in_words
from .ruleset import CORE_PHRASES, Amount, Prompt, Ruleset, State

Frame = dict[str, Any]

#: ``{game: {step name: Step}}`` of every :class:`StepRuleset`, for :func:`ret`.
_STEPS: dict[str, dict[str, Step]] = {}


def push(state: State, step: str, **params: Any) -> Frame:
    """Put a frame for ``step`` on top of the stack (it replaces nothing and returns to nobody)."""
    stack = state["stack"]
    stack.append({"step": step, **params})
    frame: Frame = stack[-1]
    return frame


def pop(state: State) -> Frame:
    frame: Frame = state["stack"].pop()
    return frame


def top(state: State) -> Frame | None:
    stack = state["stack"]
    return stack[-1] if stack else None


def call(state: State, step: str, **params: Any) -> Frame:
    """Start procedure ``step`` on top of the current frame, which resumes when it returns."""
    return push(state, step, **params)


def ret(state: State, value: Any = None) -> None:
    """End the procedure on top of the stack and resume its caller with ``value``.

    A procedure in a game that ended inside it simply ends (``finish`` cleared the stack).
    """
    if state["result"] is not None:
        return
    state["stack"].pop()
    caller = top(state)
    if caller is None:
        return
    _STEPS[state["game"]][caller["step"]].resume(state, caller, value)


def barrier(state: State) -> None:
    """Mark the action being applied as one that cannot be undone (a reveal, a hidden choice)."""
    current = journal._current  # rng.mark_barrier(), inlined: a hot path
    if current is not None:
        current.barrier = True


class Step(ABC):
    """A decision point: who acts, what they may do, and how each action is handled.

    Its words (:meth:`instruction`, :meth:`title`, :meth:`waiting`) are English text or a
    deferred :class:`~games.core.i18n.Msg` of the game's catalog, which
    :meth:`StepRuleset.prompt` puts into the reader's language."""

    name: ClassVar[str]
    #: What the step asks, for software and menus (e.g. ``combat_card``); defaults to ``name``.
    kind: ClassVar[str] = ""

    @abstractmethod
    def active(self, state: State, frame: Frame) -> frozenset[str]: ...

    @abstractmethod
    def actions(self, state: State, frame: Frame, role: str) -> tuple[Action, ...]: ...

    def legal(self, state: State, frame: Frame, role: str, action: Action) -> bool:
        """Whether ``action`` is one of :meth:`actions` or a count in one of :meth:`amounts`
        (override with a direct test when cheaper)."""
        if action in self.actions(state, frame, role):
            return True
        return any(amount.admits(action) for amount in self.amounts(state, frame, role))

    def amounts(self, state: State, frame: Frame, role: str) -> tuple[Amount, ...]:
        """The count ranges of this decision (see :class:`games.core.ruleset.Amount`)."""
        return ()

    def ping(self, state: State, frame: Frame, role: str) -> bool:
        """Whether the table should mention ``role`` now that it waits for him (see ``Prompt.ping``)."""
        return True

    @abstractmethod
    def instruction(self, state: State, frame: Frame, role: str) -> str | Words:
        """Tells an active role what to do."""

    def title(self, state: State, frame: Frame, role: str) -> str | Words:
        """A short heading naming the question with its context (menus, help)."""
        return ""

    def question(self, state: State, frame: Frame, role: str) -> str:
        """The kind of question asked (``kind``, or the step's name)."""
        return self.kind or self.name

    @abstractmethod
    def waiting(self, state: State, frame: Frame) -> str | Words:
        """Tells everyone else what the game waits for (no secrets)."""

    @abstractmethod
    def apply(self, state: State, frame: Frame, role: str, action: Action) -> None: ...

    def resume(self, state: State, frame: Frame, value: Any) -> None:
        """A procedure this step called has returned ``value``; carry on."""
        raise NotImplementedError(f"step {self.name} called a procedure but cannot resume")


class StepRuleset(Ruleset):
    """A ruleset whose play is a stack of :class:`Step` frames."""

    #: Each subclass sets its own table, e.g. ``{s.name: s for s in (Move(), Battle())}``.
    steps: ClassVar[dict[str, Step]]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        steps = cls.__dict__.get("steps")
        name = cls.__dict__.get("name")
        if steps is not None and name is not None:
            _STEPS[name] = steps

    def step_of(self, state: State) -> tuple[Step, Frame] | None:
        stack = state["stack"]
        if not stack or state["result"] is not None:
            return None
        frame = stack[-1]
        return self.steps[frame["step"]], frame

    # ``active``, ``legal_actions`` and ``apply`` are every action's hot path: they do what
    # ``step_of`` does inline.
    def active(self, state: State) -> frozenset[str]:
        stack = state["stack"]
        if not stack or state["result"] is not None:
            return frozenset()
        frame = stack[-1]
        return self.steps[frame["step"]].active(state, frame)

    def prompt(self, state: State, role: str, lang: str = "en") -> Prompt:
        current = self.step_of(state)
        if current is None:
            return Prompt(CORE_PHRASES[best(lang)]["over"], kind="over")
        step, frame = current
        if role in step.active(state, frame):
            return Prompt(
                in_words(lang, step.instruction(state, frame, role)),
                step.actions(state, frame, role),
                kind=step.question(state, frame, role),
                title=in_words(lang, step.title(state, frame, role)),
                amounts=step.amounts(state, frame, role),
                ping=step.ping(state, frame, role),
            )
        return Prompt(in_words(lang, step.waiting(state, frame)), kind="waiting")

    def legal_actions(self, state: State, role: str) -> tuple[Action, ...]:
        stack = state["stack"]
        if not stack or state["result"] is not None:
            return ()
        frame = stack[-1]
        step = self.steps[frame["step"]]
        return step.actions(state, frame, role) if role in step.active(state, frame) else ()

    def is_legal(self, state: State, role: str, action: Action) -> bool:
        current = self.step_of(state)
        if current is None:
            return False
        step, frame = current
        return role in step.active(state, frame) and step.legal(state, frame, role, action)

    def apply(self, state: State, role: str, action: Action) -> None:
        stack = state["stack"]
        if not stack or state["result"] is not None:
            raise IllegalAction("The game is over.")
        frame = stack[-1]
        self.steps[frame["step"]].apply(state, frame, role, action)
