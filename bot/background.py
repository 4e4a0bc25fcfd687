"""A loop the bot runs in the background (the announcer, the ticker): started once, stopped
with the bot. Each round runs :meth:`Background.round`; a failing round is logged (under the
subclass's own logger) and the next one tries again after :meth:`Background.rest`."""

from __future__ import annotations

import asyncio
import contextlib
import logging

from .failures import log_failure


class Background:
    """Runs ``round()`` then ``rest()`` forever as one task: ``start`` is idempotent, ``stop``
    cancels and waits."""

    TASK_NAME = "palantir-background"
    #: What the log says when a round fails.
    FAILURE = "a background round failed"
    #: Seconds between rounds (the default :meth:`rest`).
    every: float = 60.0
    _task: asyncio.Task[None] | None = None

    async def round(self) -> None:
        raise NotImplementedError

    async def rest(self) -> None:
        await asyncio.sleep(self.every)

    async def _run(self) -> None:
        log = logging.getLogger(type(self).__module__)
        while True:
            try:
                await self.round()
            except Exception as exc:  # the database may be busy: the next round tries again
                log_failure(log, self.FAILURE, exc)
            await self.rest()

    def start(self) -> None:
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._run(), name=self.TASK_NAME)

    async def stop(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
