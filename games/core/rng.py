"""A tiny deterministic PRNG whose whole state is one integer kept in the game state.

SplitMix64: fast, good enough for games, and trivially serialisable. Games draw through
:mod:`games.core.chance`, which names each draw; never the ``random`` module's global state.

>>> state = {"rng": 42}
>>> [randbelow(state, 6) for _ in range(5)]
[1, 1, 0, 0, 4]
>>> state["rng"] != 42
True
"""

from __future__ import annotations

from collections.abc import MutableMapping, MutableSequence
from typing import Any, TypeVar

from . import journal

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15

T = TypeVar("T")

RNG_KEY = "rng"


def mark_barrier() -> None:
    """The action being applied can never be undone (chance answered, or something was shown)."""
    current = journal._current
    if current is not None:
        current.barrier = True


def seed_state(seed: int) -> int:
    """Return the initial PRNG integer for ``seed`` (any int, even negative)."""
    return seed & _MASK


def next_u64(state: MutableMapping[str, Any]) -> int:
    """Advance the generator stored in ``state`` and return 64 random bits.

    Drawing randomness is an undo barrier: the player may not take back a
    decision once chance has answered it.
    """
    x = state[RNG_KEY]
    if type(x) is not int:
        x = int(x)
    x = (x + _GOLDEN) & _MASK
    state[RNG_KEY] = x
    current = journal._current  # mark_barrier(), inlined: every draw passes here
    if current is not None:
        current.barrier = True
    z = x
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def randbelow(state: MutableMapping[str, Any], n: int) -> int:
    """A uniform integer in ``range(n)``: ``next_u64(state) % n``, inlined (every die, draw and
    shuffle of every game passes here)."""
    if n <= 0:
        raise ValueError("n must be positive")
    x: int = state[RNG_KEY]
    if type(x) is not int:
        x = int(x)
    x = (x + _GOLDEN) & _MASK
    state[RNG_KEY] = x
    current = journal._current
    if current is not None:
        current.barrier = True
    z = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return (z ^ (z >> 31)) % n


def choice(state: MutableMapping[str, Any], items: MutableSequence[T] | tuple[T, ...] | list[T]) -> T:
    """A uniformly chosen element of a non-empty sequence."""
    return items[randbelow(state, len(items))]


def shuffle(state: MutableMapping[str, Any], items: MutableSequence[T]) -> None:
    """Shuffle ``items`` in place (Fisher-Yates)."""
    for i in range(len(items) - 1, 0, -1):
        j = randbelow(state, i + 1)
        items[i], items[j] = items[j], items[i]
