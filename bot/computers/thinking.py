"""A computer's decision, computed off the event loop.

:func:`request_for` copies out of a live match only what the computer's seat may know (its
view and its legal actions, as :func:`games.core.players.seat_of` does) into plain data;
:class:`ThinkingPool` runs :func:`games.computer_players.decide_request` on it in a worker
process (``spawn``: the worker imports the games only, never discord.py nor the bot's state),
so a search of up to two seconds never holds up the table.

* ``PALANTIR_COMPUTER_WORKERS``: worker processes (default 1; ``0`` thinks in a thread, as the
  bot tests do). A worker whose bot died (``kill -9``) exits within a second.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import multiprocessing
import os
import threading
import time
from collections.abc import Mapping
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from games.computer_players import decide_request

from ..matches.live import LiveMatch
from .identity import level_of

log = logging.getLogger(__name__)

ENV = "PALANTIR_COMPUTER_WORKERS"
#: A decision's time cap: the strong level's own (the goal is p99 <= 2 s with the hand-over to
#: and from the worker); a level without one (gentle: 60 iterations) gets it too.
SECONDS = 1.5
#: A worker that has not answered by then is taken for stuck: the pool is started anew.
STUCK_AFTER = 30.0


def workers_setting(environ: Mapping[str, str] | None = None) -> int:
    """``PALANTIR_COMPUTER_WORKERS`` as a number of processes (default 1, ``0``: a thread).

    >>> workers_setting({}), workers_setting({ENV: "0"}), workers_setting({ENV: "x"})
    (1, 0, 1)
    """
    text = (os.environ if environ is None else environ).get(ENV, "").strip()
    try:
        return max(0, min(int(text), 16)) if text else 1
    except ValueError:
        log.warning("%s must be a number of processes, not %r; using 1", ENV, text)
        return 1


def decision_seed(match_seed: int, version: int, role: str) -> int:
    """The computer's own seed for its decision at ``version``: the same after a restart (a
    replay decides alike), and no way back to the match's PRNG (a one-way hash of it).

    >>> decision_seed(7, 3, "sauron") == decision_seed(7, 3, "sauron") != decision_seed(7, 4, "sauron")
    True
    """
    digest = hashlib.sha256(f"computer:{match_seed}:{version}:{role}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 2


def request_for(live: LiveMatch, role: str, user_id: int) -> dict[str, Any]:
    """The plain request for ``role``'s decision now: its view and legal actions, never the state."""
    state = live.state
    assert state is not None
    ruleset = live.ruleset
    return {
        "game": ruleset.name,
        "level": level_of(user_id),
        "role": role,
        "view": ruleset.view(state, role),
        "actions": [action.text for action in ruleset.legal_actions(state, role)],
        "seed": decision_seed(live.record.seed, live.record.version, role),
        "seconds": SECONDS,
    }


def _watch_parent(parent: int) -> None:
    """Exit when the bot that started this worker is gone (killed without a goodbye)."""
    while True:
        time.sleep(1.0)
        if os.getppid() != parent:
            os._exit(0)


def _init_worker(parent: int) -> None:
    threading.Thread(target=_watch_parent, args=(parent,), name="parent-watch", daemon=True).start()


class ThinkingPool:
    """Worker processes that decide for computer seats; started on first use."""

    def __init__(self, workers: int | None = None) -> None:
        self.workers = workers_setting() if workers is None else max(0, workers)
        self._executor: ProcessPoolExecutor | None = None

    def _pool(self) -> ProcessPoolExecutor | None:
        if self.workers == 0:
            return None
        if self._executor is None:
            self._executor = ProcessPoolExecutor(
                max_workers=self.workers,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_init_worker,
                initargs=(os.getpid(),),
            )
            log.info("computer players: %d worker process(es)", self.workers)
        return self._executor

    async def decide(self, request: Mapping[str, Any]) -> str:
        """The chosen action's text for ``request`` (see :func:`request_for`)."""
        executor = self._pool()
        if executor is None:
            return await asyncio.to_thread(decide_request, dict(request))
        loop = asyncio.get_running_loop()
        try:
            return await asyncio.wait_for(
                loop.run_in_executor(executor, decide_request, dict(request)), STUCK_AFTER
            )
        except (BrokenProcessPool, TimeoutError):
            log.warning("a computer player's worker died or got stuck; starting a new one")
            self.shutdown()
            raise

    async def warm_up(self) -> None:
        """Start the workers now (they import the games), not at the computer's first move."""
        executor = self._pool()
        if executor is not None:
            loop = asyncio.get_running_loop()
            await asyncio.gather(
                *(loop.run_in_executor(executor, _ready) for _ in range(self.workers)),
                return_exceptions=True,
            )

    def shutdown(self) -> None:
        executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=False, cancel_futures=True)


def _ready() -> bool:
    return True
