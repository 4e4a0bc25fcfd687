"""The last picture drawn for each owner (a player of a match), kept with the content it shows,
so that the same content asked for again is not drawn again.

A picture is found only by its owner *and* the content key of what it shows (a hand's cards,
never the state), so it cannot show one player what was drawn for another, nor stale content.
Memory only, bounded by bytes (the least recently used go first): after a restart or an
eviction the picture is simply drawn again.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable

#: What the pictures kept may take in all (a War of the Ring hand of six cards is ~150 KB).
DEFAULT_BUDGET = 32 * 1024 * 1024


class PictureCache:
    """Per owner, the newest picture (PNG bytes) and the key of what it shows."""

    def __init__(self, budget: int = DEFAULT_BUDGET) -> None:
        self.budget = budget
        self.used = 0
        self._kept: OrderedDict[Hashable, tuple[Hashable, bytes]] = OrderedDict()

    def __len__(self) -> int:
        return len(self._kept)

    def get(self, owner: Hashable, content: Hashable) -> bytes | None:
        """``owner``'s picture if it shows ``content``, else ``None``."""
        found = self._kept.get(owner)
        if found is None or found[0] != content:
            return None
        self._kept.move_to_end(owner)
        return found[1]

    def put(self, owner: Hashable, content: Hashable, png: bytes) -> None:
        """Keep ``png`` as ``owner``'s picture of ``content`` (replacing his previous one)."""
        self.forget(owner)
        if len(png) > self.budget:
            return
        self._kept[owner] = (content, png)
        self.used += len(png)
        while self.used > self.budget:
            _, (_, oldest) = self._kept.popitem(last=False)
            self.used -= len(oldest)

    def forget(self, owner: Hashable) -> None:
        found = self._kept.pop(owner, None)
        if found is not None:
            self.used -= len(found[1])
