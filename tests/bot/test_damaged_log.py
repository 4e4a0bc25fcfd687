"""A match whose stored log no longer replays answers everyone with a neutral message (the
engine's refusal may name a secret), logs which entry without its words, and reports once."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from pathlib import Path

import pytest

from bot.service import DamagedMatch, MatchService, replay_entry
from bot.storage import MatchRecord, Store
from bot.ticker import Ticker
from games.core import Match, find

from .conftest import NORTH_USER, STRANGER, started_pebbles

#: The damaged entry's text: the engine's refusal quotes it (as it would quote a hidden piece).
HIDDEN = "bid 3 mithril-under-the-coat"


def damage_first_entry(db: Path, match_id: int) -> None:
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE actions SET action = ? WHERE match_id = ? AND seq = 0", (HIDDEN, match_id))
        conn.execute("UPDATE matches SET state = NULL WHERE id = ?", (match_id,))  # rebuilt from the log


async def refusal_of(store: Store, match_id: int) -> str:
    """What the engine says about the damaged entry (what must reach nobody)."""
    record = await store.get_match(match_id)
    assert record is not None
    ruleset = find(record.game)
    game = Match(ruleset, ruleset.setup(record.seed, ruleset.resolve_options(record.options), 2))
    with pytest.raises(ValueError) as refused:
        for entry in await store.actions(match_id):
            replay_entry(game, entry)
    return str(refused.value)


async def test_a_log_that_no_longer_replays_tells_nobody_its_secret(
    db_path: Path, store: Store, service: MatchService, caplog: pytest.LogCaptureFixture
) -> None:
    live = await started_pebbles(service)
    await service.act(live.id, NORTH_USER, "bid 3")  # a secret bid, then the row is damaged
    damage_first_entry(db_path, live.id)
    refusal = await refusal_of(store, live.id)
    assert "mithril" in refusal, "the engine's words quote the entry"

    caplog.set_level(logging.INFO)
    fresh = MatchService(store)  # a restart: the match is read back and replayed
    reported: list[int] = []
    told = asyncio.Event()

    async def report(record: MatchRecord) -> None:
        reported.append(record.id)
        told.set()

    fresh.on_damaged.append(report)
    for _ in range(3):  # a spectator's status, an opponent's command, a list...
        with pytest.raises(DamagedMatch) as caught:
            await fresh.resolve(STRANGER, match_id=live.id, channel_id=None, guild_id=1)
        text = str(caught.value)
        assert f"Match #{live.id} cannot go on" in text and "admins have been told" in text
        assert "mithril" not in text and refusal not in text
    assert await fresh.matches_of(NORTH_USER, 1) == [], "left out of lists"
    await asyncio.wait_for(told.wait(), 5)
    assert reported == [live.id], "the admins are told once"

    logged = [r for r in caplog.records if r.levelno >= logging.INFO]
    assert any(f"match {live.id} cannot be rebuilt" in r.getMessage() for r in logged)
    assert not any("mithril" in r.getMessage() or r.exc_info for r in logged), "a secret in the log"

    again = MatchService(store)  # another restart: not reported a second time
    again.on_damaged.append(report)
    with pytest.raises(DamagedMatch):
        await again.get(live.id)
    assert reported == [live.id]


async def test_background_work_skips_a_damaged_match_quietly(caplog: pytest.LogCaptureFixture) -> None:
    """The ticker meets the match at every tick: one report is enough, not a stack each time."""

    async def due_work() -> None:
        raise DamagedMatch(5)

    caplog.set_level(logging.INFO)
    await Ticker._each("the timeout of match 5", due_work())
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]
