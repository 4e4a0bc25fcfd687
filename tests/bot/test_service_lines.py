"""Several steps in one line through the service (``/<game> do``, ``/game act a; b``): all
committed as ordinary entries, or none when one step is refused."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.service import MatchService
from bot.storage import Store
from games.core import IllegalAction, dump

from .conftest import NORTH_USER, started_pebbles, through_bids


async def test_a_line_makes_every_step_as_its_own_entry(service: MatchService, store: Store) -> None:
    live = await started_pebbles(service)
    await through_bids(service, live)
    logged = len(await store.actions(live.id))
    results = await service.act_line(live.id, NORTH_USER, "take; take; end", interaction_id="line-1")
    assert [r.action for r in results] == ["take", "take", "end"]
    assert live.state is not None and live.state["pile"] == 5
    entries = (await store.actions(live.id))[logged:]
    assert [e.action for e in entries] == ["take", "take", "end"]
    assert [e.interaction_id for e in entries] == ["line-1", "line-1/1", "line-1/2"]
    assert "south" in live.active_roles()


async def test_a_refused_step_refuses_the_whole_line(service: MatchService, store: Store) -> None:
    live = await started_pebbles(service)
    await through_bids(service, live)
    before, version = dump(live.state or {}), live.record.version
    logged = len(await store.actions(live.id))
    with pytest.raises(IllegalAction, match=r"Step 4, `take`.*Nothing was done"):
        await service.act_line(live.id, NORTH_USER, "take; take; take; take")
    assert dump(live.state or {}) == before and live.record.version == version
    assert len(await store.actions(live.id)) == logged


async def test_a_hidden_choice_must_end_the_line(service: MatchService) -> None:
    live = await started_pebbles(service)
    before = dump(live.state or {})
    with pytest.raises(IllegalAction, match="must be the last step"):
        await service.act_line(live.id, NORTH_USER, "bid 3; take")
    assert dump(live.state or {}) == before


async def test_a_retried_line_is_made_once(service: MatchService) -> None:
    live = await started_pebbles(service)
    await through_bids(service, live)
    await service.act_line(live.id, NORTH_USER, "take; take", interaction_id="line-2")
    again = await service.act_line(live.id, NORTH_USER, "take; take", interaction_id="line-2")
    assert len(again) == 1 and again[0].duplicate
    assert live.state is not None and live.state["pile"] == 5


async def test_a_line_is_there_after_a_restart(db_path: Path) -> None:
    store = await Store.open(db_path)
    service = MatchService(store)
    live = await started_pebbles(service)
    await through_bids(service, live)
    await service.act_line(live.id, NORTH_USER, "take; take; end")
    expected = dump(live.state or {})
    await store.close()
    store = await Store.open(db_path)
    try:
        again = await MatchService(store).get(live.id)
        assert dump(again.state or {}) == expected
    finally:
        await store.close()


async def test_a_line_whose_storing_fails_leaves_nothing_made(service: MatchService, store: Store) -> None:
    live = await started_pebbles(service)
    await through_bids(service, live)
    before, version = dump(live.state or {}), live.record.version
    logged = len(await store.actions(live.id))
    real = store.append_all

    async def refused(entries: object) -> list[int]:
        raise sqlite3.OperationalError("disk I/O error")

    store.append_all = refused  # type: ignore[method-assign]
    with pytest.raises(sqlite3.OperationalError):
        await service.act_line(live.id, NORTH_USER, "take; take; end", interaction_id="line-3")
    store.append_all = real  # type: ignore[method-assign]
    assert dump(live.state or {}) == before and live.record.version == version
    assert len(await store.actions(live.id)) == logged
    # the same line again (a retry) is made whole
    results = await service.act_line(live.id, NORTH_USER, "take; take; end", interaction_id="line-3")
    assert [r.action for r in results] == ["take", "take", "end"] and not results[0].duplicate
    assert len(await store.actions(live.id)) == logged + 3


async def test_the_match_moves_on_in_memory_only_once_its_entries_are_stored(
    service: MatchService, store: Store
) -> None:
    """A click read while the entries are being written (outside the lock) must not see a version
    the database lacks: it would be told "out of date" instead of "already done"."""
    live = await started_pebbles(service)
    await through_bids(service, live)
    version, seen = live.record.version, []
    real = store.append_all  # (append stores through it too)

    async def every(entries: object) -> list[int]:
        seen.append(live.record.version)
        return await real(entries)  # type: ignore[arg-type]

    store.append_all = every  # type: ignore[method-assign]
    await service.act(live.id, NORTH_USER, "take")
    await service.act_line(live.id, NORTH_USER, "take; end")
    store.append_all = real  # type: ignore[method-assign]
    assert seen == [version, version + 1] and live.record.version == version + 3
