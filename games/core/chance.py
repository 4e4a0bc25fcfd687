"""Chance as explicit outcomes: every die, shuffle and blind draw goes through here.

Each call names what is drawn and its possible outcomes (OpenSpiel's chance nodes). The
runner samples it from the PRNG stored in the state, so a game replays exactly from its seed
and action log. A draw's name says what it is, in the game's words: whose dice
(``shadow_combat_die``, ``attack die``), which deck (``free_strategy_card``, ``territory
deck``), which pick (``blind target``).

A test may script the outcomes instead, with :func:`scripted`, in one of two forms:

* **the whole script** (the default): every draw made in the block, in order, each with its
  name; a draw not listed, or listed under another name, fails the test.
* **named draws only** (``others="random"``): only the draws the script names take its
  outcomes, in order for each name; every other draw, and a named one once its outcomes are
  used up, comes from the PRNG as it would without the script (a scripted draw still advances
  the PRNG, so scripting one die does not change the others).

Either way a scripted outcome must be one of the possible ones, and every scripted outcome
must be used before the block ends.

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
>>> with scripted(("defence die", 1), others="random"):
...     attack, defence = roll(state, "attack die"), roll(state, "defence die")
>>> defence
1
"""

from __future__ import annotations

from collections.abc import Iterator, MutableMapping, MutableSequence, Sequence
from contextlib import contextmanager
from typing import Any, Literal, TypeVar

from . import rng

T = TypeVar("T")

#: What happens to a draw the script does not name: ``fail`` (the whole script) or ``random``.
Others = Literal["fail", "random"]


class ScriptError(AssertionError):
    """A scripted outcome that does not fit the draw the game made (a test's mistake)."""


class _Script:
    def __init__(self, outcomes: Sequence[tuple[str, Any]], others: Others) -> None:
        if others not in ("fail", "random"):
            raise ValueError(f"others is 'fail' or 'random', not {others!r}")
        for entry in outcomes:
            if not (isinstance(entry, tuple) and len(entry) == 2 and isinstance(entry[0], str)):
                raise ScriptError(f"a scripted draw is a (name, outcome) pair, not {entry!r}")
        self.pending = list(outcomes)
        self.partial = others == "random"
        self.drawn: list[tuple[str, Any]] = []

    def answers(self, what: str) -> bool:
        """Whether this script gives the next ``what`` (a partial script: if it names one)."""
        return not self.partial or any(name == what for name, _ in self.pending)

    def next(self, what: str, possible: Sequence[Any]) -> Any:
        if not self.pending:
            raise ScriptError(f"the game drew {what!r}, but no scripted outcome is left")
        index = 0  # the whole script: the next outcome; a partial one: the next of this name
        if self.partial:
            index = next(i for i, (name, _) in enumerate(self.pending) if name == what)
        wanted_what, outcome = self.pending.pop(index)
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
def scripted(*outcomes: tuple[str, Any], others: Others = "fail") -> Iterator[list[tuple[str, Any]]]:
    """Within the block, draws return these ``(what, outcome)`` instead of random ones.

    ``others="fail"`` (the default): the script is every draw of the block, in order.
    ``others="random"``: only the draws named take these outcomes (in order per name); the
    rest come from the PRNG. Scripts nest: the innermost that names a draw gives it.

    Yields the list of scripted draws made; raises :class:`ScriptError` at the end if any
    outcome is unused.
    """
    script = _Script(outcomes, others)
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


def _script_for(what: str) -> _Script | None:
    """The innermost script that gives the next ``what``, if any."""
    for script in reversed(_scripts):
        if script.answers(what):
            return script
    return None


def _outcome(state: MutableMapping[str, Any], what: str, possible: Sequence[T]) -> T:
    if not possible:
        raise ValueError(f"nothing to draw for {what!r}")
    script = _script_for(what) if _scripts else None
    if script is None:
        value = possible[rng.randbelow(state, len(possible))]
    else:
        if script.partial:  # the PRNG moves on as without the script
            rng.randbelow(state, len(possible))
        rng.mark_barrier()
        value = script.next(what, possible)
    for trace in _traces:
        trace.append((what, value))
    return value


def draw(state: MutableMapping[str, Any], what: str, outcomes: Sequence[T]) -> T:
    """One of ``outcomes``, uniformly (a blind pick, a random card, a tie-break)."""
    if outcomes and not _scripts and not _traces:  # _outcome() with nothing to script or trace
        return outcomes[rng.randbelow(state, len(outcomes))]
    return _outcome(state, what, outcomes)


def roll(state: MutableMapping[str, Any], what: str, sides: int = 6) -> int:
    """One die: ``1..sides``."""
    if sides > 0 and not _scripts and not _traces:  # _outcome() on 1..sides, as above (every die)
        return 1 + rng.randbelow(state, sides)
    return _outcome(state, what, range(1, sides + 1))


def shuffle(state: MutableMapping[str, Any], what: str, items: MutableSequence[T]) -> None:
    """Shuffle ``items`` in place. Scripted as the whole resulting order (a list)."""
    script = _script_for(what) if _scripts else None
    if script is not None:
        if script.partial:
            rng.shuffle(state, list(items))
        rng.mark_barrier()
        order = script.next(what, [_Permutation(items)])
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
