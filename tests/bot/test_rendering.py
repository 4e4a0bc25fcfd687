"""The render pool: the same PNG as ``renderers.render_view``, drawn in a worker without discord."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from typing import Any

import pytest

import renderers
from bot import rendering
from bot.rendering import RenderPool
from games.core import find


def confrontation_view() -> dict[str, Any]:
    ruleset = find("confrontation")
    state = ruleset.setup(3, ruleset.resolve_options({}), 2)
    view: dict[str, Any] = ruleset.view(state, None)
    return view


@pytest.fixture(scope="module")
def pool() -> Iterator[RenderPool]:
    """One worker for the module (the pool is not tied to an event loop)."""
    started = RenderPool(workers=1)
    yield started
    started.shutdown()


async def test_a_worker_draws_the_same_png_as_the_renderer(pool: RenderPool) -> None:
    view = confrontation_view()
    png = await pool.render(view, layout="compact")
    assert png is not None and png.startswith(b"\x89PNG")
    assert png == renderers.render_view(view, layout="compact")
    assert pool.running, "it was drawn in a worker process, not in a thread"


async def test_workers_never_import_discord(pool: RenderPool) -> None:
    await pool.warm_up()
    assert await pool.run(rendering.loaded, "renderers") is True
    assert await pool.run(rendering.loaded, "discord") is False
    assert await pool.run(rendering.loaded, "bot.app") is False


async def test_a_prepared_worker_draws_every_game_before_its_first_picture(pool: RenderPool) -> None:
    prepared = RenderPool(workers=1, prepare=True)
    try:
        assert await prepared.run(rendering.warmed) == set(renderers.RENDERERS)
    finally:
        prepared.shutdown()
    assert await pool.run(rendering.warmed) == set(), "a pool without prepare draws on demand"
    assert rendering.POOL._prepare, "the bot's own pool prepares its workers"


async def test_a_failing_drawing_gives_none_and_logs_no_view(
    pool: RenderPool, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    broken = {"game": "confrontation", "secret": "Frodo-in-Rivendell"}
    assert await pool.render(broken) is None
    assert "no image for a confrontation view" in caplog.text
    assert "Frodo" not in caplog.text


async def test_without_a_pool_it_draws_in_a_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: Any, **kwargs: Any) -> None:
        raise OSError("no processes here")

    monkeypatch.setattr(rendering, "ProcessPoolExecutor", refuse)
    fallback = RenderPool(workers=2)
    view = confrontation_view()
    assert await fallback.render(view) == renderers.render_view(view)
    assert not fallback.running
    assert await RenderPool(workers=0).render(view) == renderers.render_view(view)


def test_the_setting() -> None:
    assert rendering.workers_setting({}) == rendering.cpus()
    assert rendering.workers_setting({"PALANTIR_RENDER_WORKERS": "2"}) == 2
    assert rendering.workers_setting({"PALANTIR_RENDER_WORKERS": "lots"}) == rendering.cpus()
    assert not rendering.requested({}) and not rendering.requested({"PALANTIR_RENDER_WORKERS": "0"})
    assert rendering.requested({"PALANTIR_RENDER_WORKERS": "1"})


async def test_a_stuck_worker_is_replaced_and_the_work_done_in_a_thread(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import os
    import time

    # A pool that has not answered yet is starting (slowly, on a loaded machine), not stuck:
    # its first answer gets the start's patience, later ones the short one.
    monkeypatch.setattr(rendering, "STUCK_AFTER", 0.5)
    stuck = RenderPool(workers=1)
    try:
        worker = await stuck.run(_pid_after, 1.5)
        assert worker != os.getpid() and stuck.running, "a starting pool is waited for"
        started = time.monotonic()
        await stuck.run(time.sleep, 1.5)  # stands for a worker that never answers
        assert time.monotonic() - started >= 1.5, "the work was done (in a thread) after all"
        assert not stuck.running, "the stuck pool was dropped"
        monkeypatch.setattr(rendering, "STUCK_AFTER", 120.0)
        assert await stuck.run(os.getpid) not in (worker, os.getpid()), "a new worker draws the next"
    finally:
        stuck.shutdown()


async def test_a_worker_draws_cards_for_a_game_that_has_them(pool: RenderPool) -> None:
    png = await pool.render_cards("war-of-the-ring", ["fpc_01", "shs_07"])
    assert png is not None and png == renderers.render_cards("war-of-the-ring", ["fpc_01", "shs_07"])
    assert await pool.render_cards("confrontation", ["x"]) is None, "a game without card pictures"
    assert await pool.render_cards("war-of-the-ring", []) is None


def _pid_after(seconds: float) -> int:
    """The worker's pid, after ``seconds`` (a worker that starts slowly)."""
    import os
    import time

    time.sleep(seconds)
    return os.getpid()
