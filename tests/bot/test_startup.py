"""Start-up work does not grow with the number of stored matches."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import bot.app
from bot.app import PalantirBot
from bot.config import Config
from bot.service import LiveMatch, MatchService
from bot.storage import Store

from .conftest import started_pebbles


async def _stored_matches(db: Path, count: int) -> list[int]:
    store = await Store.open(db)
    try:
        service = MatchService(store)
        return [(await started_pebbles(service, seed=seed)).id for seed in range(count)]
    finally:
        await store.close()


async def test_start_up_loads_no_match_until_it_is_used(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ids = await _stored_matches(db_path, 5)
    client = PalantirBot(Config(token="t", db_path=db_path))

    async def nothing() -> None:
        return None

    monkeypatch.setattr(client, "use_announced_gateway", nothing)
    monkeypatch.setattr(client, "sync_commands", nothing)
    await client.setup_hook()
    try:
        assert not client.service._live
        live = await client.service.get(ids[2])
        assert live.state is not None and list(client.service._live) == [ids[2]]
    finally:
        await client.store.close()


async def test_catch_up_announces_one_match_at_a_time_with_pauses(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ids = await _stored_matches(db_path, 3)  # started, never announced
    client = PalantirBot(Config(token="t", db_path=db_path))
    client.store = await Store.open(db_path)
    client.service = MatchService(client.store)
    events: list[Any] = []

    class Recorder:
        async def catch_up(self, live: LiveMatch) -> None:
            events.append(live.id)

    async def pause(seconds: float) -> None:
        events.append(seconds)

    client.delivery = Recorder()  # type: ignore[assignment]
    monkeypatch.setattr(bot.app.asyncio, "sleep", pause)
    try:
        await client.catch_up()
    finally:
        await client.store.close()
    gap = bot.app.CATCH_UP_PAUSE
    assert events == [ids[0], gap, ids[1], gap, ids[2]]
