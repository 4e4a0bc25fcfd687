"""A loop the bot runs in the background (the announcer, the ticker): started once, stopped
with the bot."""

from __future__ import annotations

import asyncio
import contextlib


class Background:
    """Runs ``self._run()`` as one task: ``start`` is idempotent, ``stop`` cancels and waits."""

    TASK_NAME = "palantir-background"
    _task: asyncio.Task[None] | None = None

    async def _run(self) -> None:
        raise NotImplementedError

    def start(self) -> None:
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._run(), name=self.TASK_NAME)

    async def stop(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
