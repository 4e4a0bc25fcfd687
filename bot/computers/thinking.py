"""A computer's decision, computed off the event loop.

:func:`request_for` copies out of a live match only what the computer's seat may know (its
view and its legal actions, as :func:`games.core.players.seat_of` does) into plain data;
:class:`ThinkingPool` runs :func:`games.computer_players.decide_request` on it in a worker
process (``spawn``: the worker imports the games only, never discord.py nor the bot's state),
so a search of up to two seconds never holds up the table.

* ``PALANTIR_COMPUTER_WORKERS``: worker processes (default 1; ``0`` thinks in a thread, as the
  bot tests do). A worker whose bot died (``kill -9``) exits within a second.
* **One decision per worker at a time.** Decisions of several matches wait their turn in the
  bot, not in the pool's queue: a decision's time counts from when a worker takes it (waiting
  in the queue, it would be taken for stuck, and the pool killed).
* **Never frozen.** A decision that has not come back :data:`STUCK_MARGIN` seconds after its
  time cap is taken for stuck (a bug in a policy): the workers are killed (before Python 3.14 a
  process pool cannot kill one of its workers, so all of them are; decisions of other matches
  under way are made again), the pool is started anew on the next decision, and the seat's
  move comes from the rule-based player of the same view instead (the random one, if that is
  stuck too). The same search would hang again: the seat's seed is the same. A worker that died
  is replaced and its decision made again once. A decision that fails (an exception) or
  chooses no legal action is made by the same fallbacks (logged as an error, without the
  exception's message, which may quote the view), for the same reason: the same seed would
  fail again at every tick.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import multiprocessing
import os
import threading
import time
from collections.abc import Callable, Mapping
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from games.computer_players import decide_request
from games.core import Action, ActionError

from ..failures import log_failure
from ..matches.live import LiveMatch
from .identity import level_of

log = logging.getLogger(__name__)

ENV = "PALANTIR_COMPUTER_WORKERS"
#: A decision's time cap: the strong level's own (the goal is p99 <= 2 s with the hand-over to
#: and from the worker); a level without one (the Confrontation's gentle: 120 iterations) gets it
#: too, and one with a shorter cap (LOTR Risk's gentle: 0.5 s) keeps its own.
SECONDS = 1.5
#: Seconds past a decision's time cap after which its worker is taken for stuck and killed.
STUCK_MARGIN = 10.0
#: The levels that decide instead of a stuck one, in turn (every game has both).
FALLBACKS = ("rules", "random")

Decide = Callable[[Mapping[str, Any]], str]


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


class Stuck(RuntimeError):
    """A decision did not come back in time."""


class ThinkingPool:
    """Worker processes that decide for computer seats; started on first use.

    ``decide``: what a worker runs (:func:`decide_request`; a test's policy that hangs);
    ``margin``: seconds past a decision's cap before it is taken for stuck."""

    def __init__(
        self, workers: int | None = None, *, decide: Decide = decide_request, margin: float = STUCK_MARGIN
    ) -> None:
        self.workers = workers_setting() if workers is None else max(0, workers)
        self.margin = margin
        self._decide = decide
        self._executor: ProcessPoolExecutor | None = None
        #: How many stuck decisions were given up on (tests and logs).
        self.stuck = 0
        #: How many decisions failed (an exception, an illegal choice) and were made again.
        self.failed = 0
        #: One decision per worker at a time: the others wait here, their clocks not running.
        self._slots: asyncio.Semaphore | None = None

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

    def deadline(self, request: Mapping[str, Any]) -> float:
        """Seconds after which ``request``'s decision is taken for stuck."""
        return float(request.get("seconds") or SECONDS) + self.margin

    async def decide(self, request: Mapping[str, Any]) -> str:
        """The chosen action's text for ``request`` (see :func:`request_for`); from the
        fallback levels if the decision got stuck, failed or chose no legal action."""
        try:
            try:
                text = await self._attempt(request)
            except BrokenProcessPool:  # a worker died (or was killed for another decision)
                log.warning("a computer player's worker died; deciding again in a new one")
                self.shutdown()
                text = await self._attempt(request)
        except (Stuck, BrokenProcessPool):
            return await self._fall_back(request)
        except Exception as exc:  # a policy with a bug: the same seed would fail again
            self.failed += 1
            log_failure(log, f"a computer player ({_who(request)}) failed", exc)
            return await self._fall_back(request)
        if not _legal(text, request):
            self.failed += 1
            log.error("a computer player (%s) chose no legal action", _who(request))
            return await self._fall_back(request)
        return text

    async def _attempt(self, request: Mapping[str, Any]) -> str:
        if self.workers == 0:
            return await self._timed(in_daemon_thread(self._decide, dict(request)), request)
        if self._slots is None:
            self._slots = asyncio.Semaphore(self.workers)
        async with self._slots:  # its time counts once a worker takes it, not while it waits
            executor = self._pool()
            assert executor is not None
            loop = asyncio.get_running_loop()
            return await self._timed(loop.run_in_executor(executor, self._decide, dict(request)), request)

    async def _timed(self, running: asyncio.Future[str], request: Mapping[str, Any]) -> str:
        try:
            return await asyncio.wait_for(running, self.deadline(request))
        except TimeoutError:
            self.stuck += 1
            log.error(
                "a computer player (%s) was stuck for %.1f s; its worker is killed",
                _who(request),
                self.deadline(request),
            )
            self.kill()
            raise Stuck() from None

    async def _fall_back(self, request: Mapping[str, Any]) -> str:
        """The move of the first fallback level that decides in time (in a thread: they take
        milliseconds, and the pool may be starting anew)."""
        for level in FALLBACKS:
            if level == request.get("level"):
                continue
            fallback = {**request, "level": level}
            try:
                deciding = in_daemon_thread(self._decide, fallback)
                text = await asyncio.wait_for(deciding, self.deadline(fallback))
            except TimeoutError:
                log.error("the %s computer player was stuck too", level)
                continue
            except Exception as exc:
                log_failure(log, f"the {level} computer player failed too", exc)
                continue
            if not _legal(text, request):
                log.error("the %s computer player chose no legal action either", level)
                continue
            log.warning("a stuck computer player's move was made by the %s player instead", level)
            return text
        raise Stuck(f"no computer player could decide for {request.get('role')}")

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

    def kill(self) -> None:
        """Kill the workers (a stuck one cannot be told to stop) and drop the pool; the next
        decision starts a new one."""
        executor = self._executor
        if executor is not None:
            kill_workers = getattr(executor, "kill_workers", None)  # (Python 3.14)
            if callable(kill_workers):
                kill_workers()
            else:
                processes = getattr(executor, "_processes", None) or {}
                for process in list(processes.values()):
                    process.kill()
        self.shutdown()


def _legal(text: str, request: Mapping[str, Any]) -> bool:
    """Whether ``text`` is one of ``request``'s legal actions (as the engine reads them)."""
    try:
        chosen = Action.from_text(text)
    except ActionError:
        return False
    return any(chosen == Action.from_text(legal) for legal in request["actions"])


def _who(request: Mapping[str, Any]) -> str:
    """The game, level and role of ``request``, for the logs (nothing of its view)."""
    return f"{request.get('game')}, {request.get('level')}, as {request.get('role')}"


def in_daemon_thread(decide: Decide, request: Mapping[str, Any]) -> asyncio.Future[str]:
    """``decide(request)`` in a thread of its own: a daemon, as a stuck one cannot be stopped
    (it must not hold up the bot's exit, as a thread of asyncio's executor would)."""
    loop = asyncio.get_running_loop()
    future: asyncio.Future[str] = loop.create_future()

    def settle(outcome: str | BaseException) -> None:
        if future.done():
            return  # (given up on meanwhile)
        if isinstance(outcome, BaseException):
            future.set_exception(outcome)
        else:
            future.set_result(outcome)

    def run() -> None:
        try:
            outcome: str | BaseException = decide(request)
        except BaseException as error:  # (handed over to the waiting coroutine)
            outcome = error
        with contextlib.suppress(RuntimeError):  # (the loop is closed: nobody waits any more)
            loop.call_soon_threadsafe(settle, outcome)

    threading.Thread(target=run, name="computer-thinking", daemon=True).start()
    return future


def _ready() -> bool:
    return True
