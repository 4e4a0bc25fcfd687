"""Claims on background work, so that one bot process does each item when several share a
database: a time bank that ran out, a reminder, a lobby to close, a league to start, a computer
player's decision (and a match to catch up in Discord where two announcers share an SQLite
file; on PostgreSQL posting is held by an advisory lock, ``Store.announcing``).

A claim is a lease row (``Store.claim``) with an expiry on the bot's clock: while it holds,
another process's claim of the same item fails; once it runs out (its holder died mid-item),
another process may take the item over. Work whose doing changes what is due (a timeout
committed, a reminder noted, a lobby closed) keeps its lease until it runs out, so that a
process that read the list of due work a moment earlier does not take it up again; work that
may fall due again (a match behind in Discord) gives its lease back when done; periodic work
(the leagues' recovery) is one process's :meth:`Leases.turn` at a time.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import secrets
import socket
from collections.abc import AsyncIterator

from .clock import CLOCK, WallClock
from .storage import Store

#: How long a claim on one item of the ticker holds (seconds): the item is taken over this
#: long after a process died doing it, and never done twice meanwhile.
ITEM_SECONDS = 120.0


def process_name() -> str:
    """This process among the bot's processes: its machine, its process id and a random tag
    (a process started again after a crash is another holder)."""
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"


class Leases:
    """One process's claims (``holder``) on the items of background work, on ``store``."""

    def __init__(self, store: Store, *, clock: WallClock = CLOCK, holder: str | None = None) -> None:
        self.store = store
        self.clock = clock
        self.holder = holder or process_name()

    async def claim(self, name: str, seconds: float = ITEM_SECONDS) -> bool:
        """Claim ``name`` for ``seconds``: True if this process may do it now."""
        return await self.store.claim(name, self.holder, self.clock.now(), seconds)

    async def turn(self, name: str, every: float) -> bool:
        """Whether it is this process's turn to do the periodic work ``name``: one process of
        all, at most once every ``every`` seconds (its claim is not given back)."""
        return await self.store.claim(name, self.holder, self.clock.now(), every, again=False)

    async def release(self, name: str) -> None:
        """Give ``name`` back (done, and it may fall due again)."""
        await self.store.release(name, self.holder)

    @contextlib.asynccontextmanager
    async def holding(self, name: str, seconds: float) -> AsyncIterator[bool]:
        """Claim ``name`` for the ``with`` block and give it back after: yields whether it was
        claimed (if not, another process is at it; the block decides what to do)."""
        claimed = await self.claim(name, seconds)
        try:
            yield claimed
        finally:
            if claimed:
                await asyncio.shield(self.release(name))
