"""Chance as explicit outcomes: every die, shuffle and blind draw goes through here.

Each call names what is drawn and its possible outcomes (OpenSpiel's chance nodes). The
runner samples it from the PRNG stored in the state, so a game replays exactly from its seed
and action log. A test may script the outcomes instead ("the next two attack dice are 6 and
3") with :func:`scripted`; a scripted outcome must be one of the possible ones, and every
scripted outcome must be used.

Drawing is an undo barrier: nobody takes back a decision once chance has answered it.

>>> state = {"rng": 7}
>>> with scripted(("attack die", 6), ("attack die", 3)):
...     [roll(state, "attack die") for _ in range(2)]
[6, 3]
>>> with scripted(("blind target", "gimli")):
...     draw(state, "blind target", ["legolas", "gimli"])
'gimli'
>>> draw(state, "blind target", ["legolas", "gimli"]) in ("legolas", "gimli")
True
"""

from __future__ import annotations

from collections.abc import Iterator, MutableMapping, MutableSequence, Sequence
from contextlib import contextmanager
from typing import Any, TypeVar

from . import rng

T = TypeVar("T")


class ScriptError(AssertionError):
    """A scripted outcome that does not fit the draw the game made (a test's mistake)."""


class _Script:
    def __init__(self, outcomes: Sequence[tuple[str, Any]]) -> None:
        self.pending = list(outcomes)
        self.drawn: list[tuple[str, Any]] = []

    def next(self, what: str, possible: Sequence[Any]) -> Any:
        if not self.pending:
            raise ScriptError(f"the game drew {what!r}, but no scripted outcome is left")
        wanted_what, outcome = self.pending.pop(0)
        if wanted_what != what:
            raise ScriptError(f"the game drew {what!r}, but the script expected {wanted_what!r}")
        if outcome not in possible:
            raise ScriptError(f"{outcome!r} is not a possible {what!r}; possible: {list(possible)!r}")
        self.drawn.append((what, outcome))
        return outcome


_scripts: list[_Script] = []
#: Recorders of every draw made (``(what, outcome)``), for tests and tools.
_traces: list[list[tuple[str, Any]]] = []


@contextmanager
def scripted(*outcomes: tuple[str, Any]) -> Iterator[list[tuple[str, Any]]]:
    """Within the block, draws return these ``(what, outcome)`` in order instead of random ones.

    Yields the list of draws made; raises :class:`ScriptError` at the end if any is unused.
    """
    script = _Script(outcomes)
    _scripts.append(script)
    try:
        yield script.drawn
    finally:
        _scripts.remove(script)
    if script.pending:
        raise ScriptError(f"scripted outcomes never drawn: {script.pending!r}")


@contextmanager
def traced() -> Iterator[list[tuple[str, Any]]]:
    """Record every draw made within the block as ``(what, outcome)``."""
    trace: list[tuple[str, Any]] = []
    _traces.append(trace)
    try:
        yield trace
    finally:
        _traces.remove(trace)


def _outcome(state: MutableMapping[str, Any], what: str, possible: Sequence[T]) -> T:
    if not possible:
        raise ValueError(f"nothing to draw for {what!r}")
    if _scripts:
        rng.mark_barrier()
        value: T = _scripts[-1].next(what, possible)
    else:
        value = possible[rng.randbelow(state, len(possible))]
    for trace in _traces:
        trace.append((what, value))
    return value


def draw(state: MutableMapping[str, Any], what: str, outcomes: Sequence[T]) -> T:
    """One of ``outcomes``, uniformly (a blind pick, a random card, a tie-break)."""
    return _outcome(state, what, outcomes)


def roll(state: MutableMapping[str, Any], what: str, sides: int = 6) -> int:
    """One die: ``1..sides``."""
    return _outcome(state, what, range(1, sides + 1))


def shuffle(state: MutableMapping[str, Any], what: str, items: MutableSequence[T]) -> None:
    """Shuffle ``items`` in place. Scripted as the whole resulting order (a list)."""
    if _scripts:
        rng.mark_barrier()
        order = _scripts[-1].next(what, [_Permutation(items)])
        items[:] = list(order)
        for trace in _traces:
            trace.append((what, list(order)))
        return
    rng.shuffle(state, items)
    for trace in _traces:
        trace.append((what, list(items)))


class _Permutation:
    """Matches any list holding exactly the same items (a scripted shuffle's result)."""

    def __init__(self, items: Sequence[Any]) -> None:
        self.items = sorted(map(repr, items))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, list | tuple) and sorted(map(repr, other)) == self.items

    def __hash__(self) -> int:
        return 0

    def __repr__(self) -> str:
        return "a reordering of " + ", ".join(self.items)
