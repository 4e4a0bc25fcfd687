"""A full disk or a locked database is the storage's trouble, said as such (never "Something
went wrong"), and an import of an absurd document is refused with what is wrong with it."""

from __future__ import annotations

import json
import logging
from typing import Any

import pytest

from bot.controller import Controller
from bot.match_file import ExchangeError, read_document
from bot.service import MatchService
from bot.storage import Store
from bot.storage.trouble import STORAGE_FULL

from .conftest import NORTH_USER, SOUTH_USER, started_pebbles
from .test_failures import FakeInteraction


async def test_a_full_database_says_the_storage_is_full(
    service: MatchService, store: Store, caplog: pytest.LogCaptureFixture
) -> None:
    await started_pebbles(service)
    (pages,) = await store.read_one("PRAGMA page_count")
    async with store.transaction() as conn:  # the writing connection: its disk is full from now on
        await conn.execute(f"PRAGMA max_page_count = {int(pages)}")
    controller = Controller(service, delivery=None)  # type: ignore[arg-type]
    interaction: Any = FakeInteraction()
    caplog.set_level(logging.INFO)
    async with controller.friendly(interaction):
        for _ in range(500):  # each new lobby needs room, soon more than there is
            await service.create(guild_id=1, channel_id=2, user_id=NORTH_USER, game="pebbles", side="north")
    assert interaction.response.sent == [(f"⚠️ {STORAGE_FULL}", True)]
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert any("disk is full" in r.getMessage() for r in errors)
    assert all(r.exc_info is None and "Traceback" not in r.getMessage() for r in caplog.records)


async def export_text(service: MatchService) -> dict[str, Any]:
    live = await started_pebbles(service)
    await service.resign(live.id, SOUTH_USER)
    _, text = await service.export(live.id, guild_id=1)
    document: dict[str, Any] = json.loads(text)
    return document


def test_a_deeply_nested_document_is_refused() -> None:
    for depth in (40, 100_000):
        text = '{"format": "palantir-match", "version": 1, "result": ' + "[" * depth + "]" * depth + "}"
        with pytest.raises(ExchangeError, match="nested far too deeply"):
            read_document(text)


@pytest.mark.parametrize(
    ("field", "value"),
    [("seed", 10**400), ("seed", -1), ("seed", 2**63), ("user_id", str(10**30)), ("seat", 10**20)],
    ids=["seed 10**400", "negative seed", "seed 2**63", "huge user id", "huge seat"],
)
async def test_numbers_no_database_holds_are_refused(service: MatchService, field: str, value: Any) -> None:
    document = await export_text(service)
    if field == "seed":
        document["seed"] = value
    else:
        document["seats"][0][field] = value
    with pytest.raises(ExchangeError, match="not a number this bot uses"):
        read_document(json.dumps(document))
    document = await export_text(service)
    assert read_document(json.dumps(document)).seed == document["seed"], "a real export still reads"
