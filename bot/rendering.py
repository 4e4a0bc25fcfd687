"""Board pictures drawn in a small pool of worker processes, off the bot's event loop.

Drawing a PNG with Pillow takes tens of milliseconds of CPU and holds the GIL for much of it:
in a thread (``asyncio.to_thread``) a burst of renders starves the event loop, so answers and
even the gateway heartbeats fall behind. :func:`render_png` draws in a worker process instead
(``concurrent.futures.ProcessPoolExecutor``, ``spawn`` start method: the workers import only
this module and the renderers, never discord.py nor the bot's state).

* ``PALANTIR_RENDER_WORKERS``: the number of worker processes (default: the number of CPUs
  available to the bot; ``0`` draws in a thread, as before).
* Workers go to the oldest request first (:class:`OldestFirst`): under load, a move's second
  picture does not wait behind every newer move's first.
* The pool is created on first use and shut down by :func:`shutdown` (when the bot closes);
  a worker whose bot died (``kill -9``) notices and exits within a second.
* Each worker of the bot's pool, as it starts, draws every game's static layers (the board of
  each game's starting position, public and private, compact layout: the maps, icons, tokens
  and fonts that every later picture reuses; :func:`warm_static`), so the first move of a
  match never waits for them. The bot starts its workers when it connects (:meth:`RenderPool.warm_up`).
* If the pool cannot start (no ``fork``/``spawn`` allowed, no semaphores...), breaks or does
  not answer within :data:`STUCK_AFTER` seconds (a worker lost while it started), the picture
  is drawn in a thread: a slower bot, never a missing image. A pool none of whose workers has
  answered yet is starting (importing the renderers and drawing the static layers, which takes
  tens of seconds on a loaded machine): it gets :data:`STARTING_PATIENCE` instead, so that a
  busy machine does not replace pool after pool before any of them is ready.
* A drawing failure is logged without the view (its type only; the stack at DEBUG) and gives
  ``None``: the message is then posted without its image (as ``bot.texts.render`` does).
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import importlib
import itertools
import logging
import multiprocessing
import os
import sys
import threading
import time
import traceback
import weakref
from collections.abc import AsyncIterator, Callable, Mapping
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

import renderers

log = logging.getLogger(__name__)

ENV = "PALANTIR_RENDER_WORKERS"
#: Seconds after which a worker that has not answered is taken for stuck (a picture takes well
#: under one): the pool is replaced and the picture drawn in a thread.
STUCK_AFTER = 20.0
#: Seconds a pool none of whose workers has answered yet is waited for (each worker imports the
#: renderers and draws the static layers first: about 2 s on a quiet core, 20 s at load 12).
STARTING_PATIENCE = 120.0
T = TypeVar("T")

#: What a worker sends back: the PNG, or the failure's type name and stack (never the view).
Outcome = tuple[bytes | None, str | None, str | None]


def cpus() -> int:
    """CPUs this process may run on (a container's limit, not the host's count)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def workers_setting(environ: Mapping[str, str] | None = None) -> int:
    """``PALANTIR_RENDER_WORKERS`` as a number of processes (0: threads).

    >>> workers_setting({"PALANTIR_RENDER_WORKERS": "3"}), workers_setting({"PALANTIR_RENDER_WORKERS": "0"})
    (3, 0)
    """
    env = os.environ if environ is None else environ
    text = env.get(ENV, "").strip()
    if not text:
        return cpus()
    try:
        value = int(text)
    except ValueError:
        log.warning("%s must be a number of processes, not %r; using %d", ENV, text, cpus())
        return cpus()
    return max(0, min(value, 64))


def requested(environ: Mapping[str, str] | None = None) -> bool:
    """Whether ``PALANTIR_RENDER_WORKERS`` is set to a positive number (explicitly asks for the pool)."""
    env = os.environ if environ is None else environ
    return bool(env.get(ENV, "").strip()) and workers_setting(env) > 0


# -- in the worker (and in the thread fallback) ---------------------------------------------
def draw(view: Mapping[str, Any], options: Mapping[str, Any]) -> Outcome:
    """Draw ``view``: ``(png, None, None)``, ``(None, None, None)`` if no renderer draws this
    game, or ``(None, failure type, stack)``."""
    render_view = getattr(renderers, "render_view", None)
    if render_view is None:
        return None, None, None
    try:
        png = render_view(view, **options)
    except Exception as exc:  # a drawing problem must never stop the game
        return None, type(exc).__name__, traceback.format_exc()
    return (bytes(png) if isinstance(png, bytes | bytearray) else None), None, None


def draw_cards(game: str, cards: list[str], lang: str = "en") -> Outcome:
    """Draw ``game``'s ``cards`` (``renderers.render_cards``), as :func:`draw` does a view;
    ``(None, None, None)`` if its renderer draws no cards."""
    if not renderers.draws_cards(game):
        return None, None, None
    try:
        png = renderers.render_cards(game, cards, lang)
    except Exception as exc:  # a drawing problem must never stop the game
        return None, type(exc).__name__, traceback.format_exc()
    return bytes(png), None, None


def draw_replay(
    game: str,
    seed: int,
    options: Mapping[str, str],
    players: int,
    entries: list[tuple[str, str, str]],
    names: Mapping[str, str],
    rules: int | None = None,
) -> tuple[bytes, int]:
    """``/game replay``: the finished match played again from its log, as an animated GIF of
    its public views (the last one the final reveal), with the players' names; and the number
    of frames (``rules``: the match's rules revision, ``None`` before its game's first). Runs
    in a worker: it imports the games and the animation only here."""
    import games  # noqa: F401  (registers every game)
    from games.core import find
    from games.core.replay import replay_views
    from renderers.animation import animate

    views = [
        {**view, "names": dict(names)}
        for view in replay_views(
            find(game), seed, options, players, entries, {} if rules is None else {"rules": rules}
        )
    ]
    return animate(views), len(views)


def _watch_parent(parent: int) -> None:
    """Exit when the bot that started this worker is gone (killed without a goodbye)."""
    while True:
        time.sleep(1.0)
        if os.getppid() != parent:
            os._exit(0)


def _init_worker(parent: int, prepare: bool = False) -> None:
    threading.Thread(target=_watch_parent, args=(parent,), name="parent-watch", daemon=True).start()
    if prepare:
        warm_static()


#: The games whose static layers this process has drawn (:func:`warm_static`).
_WARMED: set[str] = set()


def warm_static() -> None:
    """Draw every game's static layers in this process now: each game's starting position with
    default options, for the public and every seat, in the compact layout (what is posted).
    The maps, icons, tokens and text they draw are cached for the life of the process."""
    import games  # noqa: F401  (registers every game)
    from games.core import find

    for game in getattr(renderers, "RENDERERS", {}):
        try:
            ruleset = find(game)
            options = ruleset.resolve_options({})
            players = ruleset.seats(options)[0]
            state = ruleset.setup(0, options, players)
            for audience in (None, *ruleset.roles(options, players)):
                renderers.render_view(ruleset.view(state, audience))
        except Exception as exc:  # a later picture draws what is missing
            log.warning("could not prepare the %s pictures: %s", game, type(exc).__name__)
            continue
        _WARMED.add(game)


def warmed() -> set[str]:
    """The games whose static layers this process has drawn (tests ask a worker)."""
    return set(_WARMED)


def warm() -> int:
    """Import every renderer (run once in each new worker); returns the worker's pid."""
    for module in getattr(renderers, "RENDERERS", {}).values():
        importlib.import_module(module)
    return os.getpid()


def loaded(module: str) -> bool:
    """Whether ``module`` is imported in this process (tests ask a worker: never discord)."""
    return module in sys.modules


def _report(outcome: Outcome, view: Mapping[str, Any]) -> bytes | None:
    png, failure, stack = outcome
    if failure is not None:
        log.warning("no image for a %s view: %s", view.get("game"), failure)
        log.debug("renderer failure:\n%s", stack)
    return png


# -- in the bot ----------------------------------------------------------------------------
class OldestFirst:
    """Hands the workers to the oldest request first (not to the first in line).

    A move draws its pictures one after the other (the public board, then a player's DM): in
    plain order its second picture waits behind every picture asked for since its first. Here
    a request counts from the moment its task (one interaction) first asked for a picture, so
    a move that started earlier is finished first: under load the slowest answers (p99) get
    much shorter, the typical one barely changes. A long-lived task (the announcer) counts
    from at most ``HORIZON`` seconds back, so it never gets ahead of everyone for good.
    """

    HORIZON = 5.0

    def __init__(self, slots: int) -> None:
        self.slots = max(1, slots)
        self.busy = 0
        self._waiting: list[tuple[float, int, asyncio.Future[None]]] = []
        self._order = itertools.count()
        self._first: weakref.WeakKeyDictionary[asyncio.Task[Any], float] = weakref.WeakKeyDictionary()

    def priority(self) -> float:
        now = time.monotonic()
        task = asyncio.current_task()
        if task is None:
            return now
        return max(self._first.setdefault(task, now), now - self.HORIZON)

    @contextlib.asynccontextmanager
    async def slot(self) -> AsyncIterator[None]:
        if self.busy < self.slots and not self._waiting:
            self.busy += 1
        else:
            turn = asyncio.get_running_loop().create_future()
            heapq.heappush(self._waiting, (self.priority(), next(self._order), turn))
            try:
                await turn  # the releasing request handed its slot over
            except asyncio.CancelledError:
                if turn.done() and not turn.cancelled():
                    self._release()
                raise
        try:
            yield
        finally:
            self._release()

    def _release(self) -> None:
        while self._waiting:
            _, _, turn = heapq.heappop(self._waiting)
            if not turn.done():
                turn.set_result(None)
                return
        self.busy -= 1


class RenderPool:
    """Worker processes drawing PNGs; created on first use, recreated if one breaks.

    ``prepare``: each worker draws every game's static layers as it starts (:func:`warm_static`).
    """

    def __init__(self, workers: int | None = None, *, prepare: bool = False) -> None:
        self._workers = workers
        self._prepare = prepare
        self._executor: ProcessPoolExecutor | None = None
        #: The pool that has answered at least once (started; until then it gets the start's patience).
        self._answered: Executor | None = None
        self._unavailable = False
        self._lock = threading.Lock()
        self._queues: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, OldestFirst] = (
            weakref.WeakKeyDictionary()
        )

    @property
    def workers(self) -> int:
        return workers_setting() if self._workers is None else max(0, self._workers)

    @property
    def running(self) -> bool:
        return self._executor is not None

    def _pool(self) -> Executor | None:
        """The process pool, started on first use; ``None`` to draw in a thread."""
        if self._unavailable or self.workers == 0:
            return None
        with self._lock:
            if self._executor is None:
                try:
                    self._executor = ProcessPoolExecutor(
                        max_workers=self.workers,
                        mp_context=multiprocessing.get_context("spawn"),
                        initializer=_init_worker,
                        initargs=(os.getpid(), self._prepare),
                    )
                except (OSError, ImportError, NotImplementedError, ValueError) as exc:
                    self._give_up(exc)
                    return None
                log.info("render pool: %d worker processes", self.workers)
            return self._executor

    def _give_up(self, exc: BaseException) -> None:
        self._unavailable = True
        log.warning("render pool unavailable (%s); drawing in a thread", type(exc).__name__)

    def _broken(self, executor: Executor) -> None:
        """A worker died: drop the pool (the next render starts a new one)."""
        with self._lock:
            if self._executor is executor:
                self._executor = None
        executor.shutdown(wait=False, cancel_futures=True)
        log.warning("a render worker died or got stuck; starting new ones")

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` in a worker (a thread if the pool cannot run it); ``fn`` must be picklable."""
        executor = self._pool()
        if executor is not None:
            loop = asyncio.get_running_loop()
            queue = self._queues.get(loop)
            if queue is None:
                # One request queued in the executor beyond the busy workers keeps them fed.
                queue = self._queues[loop] = OldestFirst(self.workers + 1)
            patience = STUCK_AFTER if executor is self._answered else STARTING_PATIENCE
            try:
                async with queue.slot():
                    done = await asyncio.wait_for(loop.run_in_executor(executor, fn, *args), patience)
                self._answered = executor
                return done
            except (BrokenProcessPool, TimeoutError):
                self._broken(executor)
            except RuntimeError as exc:  # "cannot schedule new futures after shutdown"
                if self._executor is executor:
                    self._give_up(exc)
            except (OSError, NotImplementedError) as exc:  # could not start a worker
                self._give_up(exc)
                with self._lock:
                    self._executor = None
                executor.shutdown(wait=False, cancel_futures=True)
        return await asyncio.to_thread(fn, *args)

    async def render(self, view: Mapping[str, Any], **options: Any) -> bytes | None:
        """PNG bytes for ``view`` (``renderers.render_view(view, **options)``), or ``None``."""
        try:
            outcome = await self.run(draw, view, options)
        except Exception as exc:  # e.g. a view that cannot be pickled
            log.warning("no image for a %s view: %s", view.get("game"), type(exc).__name__)
            return None
        return _report(outcome, view)

    async def render_cards(self, game: str, cards: list[str], lang: str = "en") -> bytes | None:
        """PNG bytes of ``game``'s ``cards`` side by side, or ``None`` (no card pictures for
        this game, or a failure, logged)."""
        if not cards:
            return None
        try:
            outcome = await self.run(draw_cards, game, list(cards), lang)
        except Exception as exc:
            log.warning("no card image for %s: %s", game, type(exc).__name__)
            return None
        return _report(outcome, {"game": game})

    async def warm_up(self) -> None:
        """Start the workers now (importing the renderers there and, with ``prepare``, drawing
        the static layers), not at the first move."""
        if self._pool() is None:
            return
        await asyncio.gather(*(self.run(warm) for _ in range(self.workers)), return_exceptions=True)

    def shutdown(self) -> None:
        with self._lock:
            executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=False, cancel_futures=True)


#: The bot's pool (sized by ``PALANTIR_RENDER_WORKERS``), its workers prepared as they start.
POOL = RenderPool(prepare=True)


async def render_png(view: Mapping[str, Any], **options: Any) -> bytes | None:
    """PNG bytes for ``view`` drawn in a worker process, or ``None`` (see the module doc)."""
    return await POOL.render(view, **options)


async def render_cards_png(game: str, cards: list[str], lang: str = "en") -> bytes | None:
    """PNG bytes of ``game``'s ``cards`` in ``lang`` drawn in a worker process, or ``None``."""
    return await POOL.render_cards(game, cards, lang)


def shutdown() -> None:
    """Stop the workers (the bot is closing); a later render starts them again."""
    POOL.shutdown()
