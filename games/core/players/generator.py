"""A computer seat's own generator: the core's SplitMix64 on a private integer.

Games never import :mod:`random` (every draw of a game goes through :mod:`games.core.chance`);
a computer player's choices are not the game's draws, so it keeps a generator of its own,
seeded by the seat, never the state's PRNG.

>>> gen = Generator(5)
>>> gen.choice(["a", "b", "c"]) in "abc", 0 <= gen.random() < 1
(True, True)
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import Any, TypeVar

from .. import journal, rng

T = TypeVar("T")

# SplitMix64's constants, as :func:`games.core.rng.next_u64` steps it (:meth:`Generator.randoms`).
_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_UNIT = float(1 << 53)
_KEY = rng.RNG_KEY


class Generator:
    """Seeded, deterministic draws for one decision."""

    def __init__(self, seed: int) -> None:
        self._state: dict[str, Any] = {"rng": rng.seed_state(seed)}

    def below(self, n: int) -> int:
        """An integer in ``[0, n)``."""
        return rng.randbelow(self._state, n)

    def random(self) -> float:
        """A float in ``[0, 1)``."""
        return (rng.next_u64(self._state) >> 11) / float(1 << 53)

    def randoms(self, count: int) -> list[float]:
        """``count`` draws of :meth:`random` at once: the same values in the same order, without
        a call per draw (a playout's hot loop draws one per legal action)."""
        state = self._state
        x = state[rng.RNG_KEY]
        out = []
        for _ in range(count):
            x = (x + _GOLDEN) & _MASK
            z = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            out.append(((z ^ (z >> 31)) >> 11) / _UNIT)
        state[rng.RNG_KEY] = x
        if count:
            rng.mark_barrier()
        return out

    def bits(self, count: int) -> int:
        """A non-negative integer of ``count`` (at most 64) random bits."""
        return rng.next_u64(self._state) >> (64 - count)

    def choice(self, items: Sequence[T]) -> T:
        """``items[self.below(len(items))]``, the draw inlined (a playout's every move)."""
        n = len(items)
        if n <= 0:
            raise ValueError("n must be positive")
        state = self._state
        x: int = (state[_KEY] + _GOLDEN) & _MASK
        state[_KEY] = x
        current = journal._current  # rng.mark_barrier(), inlined
        if current is not None:
            current.barrier = True
        z = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return items[(z ^ (z >> 31)) % n]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """``rng.shuffle`` (Fisher-Yates) on the seat's state, each draw inlined as in :meth:`choice`."""
        state = self._state
        x: int = state[_KEY]
        for i in range(len(items) - 1, 0, -1):
            x = (x + _GOLDEN) & _MASK
            z = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            j = (z ^ (z >> 31)) % (i + 1)
            items[i], items[j] = items[j], items[i]
        if len(items) > 1:
            state[_KEY] = x
            rng.mark_barrier()

    def game_seed(self) -> int:
        """A fresh PRNG state for a sampled game (``state["rng"]``): its draws to come are the
        sample's own, never the real game's."""
        return rng.seed_state(self.bits(62))

    def sample(self, items: Sequence[T], count: int) -> list[T]:
        """``count`` distinct items, in random order."""
        pool = list(items)
        self.shuffle(pool)
        return pool[:count]
