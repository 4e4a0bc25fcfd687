"""``python -m bot.storage.copy``: a SQLite database copied into PostgreSQL replays to the same
state, match by match, and the copy goes on numbering after the copied ids."""

from __future__ import annotations

import asyncio
import random
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.service import MatchService, replay_entry, stored_events
from bot.storage import LOBBY, Store
from bot.storage.copy import copy_database
from games.core import Match, dump_without, find
from tests.support.postgresql import fresh_database

from ..conftest import NORTH_USER, SOUTH_USER, started_pebbles, through_bids


@pytest.fixture
async def empty_postgresql() -> AsyncIterator[str]:
    async with fresh_database("copy") as url:
        yield url


async def some_matches(path: Path) -> None:
    """A lobby, Pebbles matches mid-play (one with an undo, one resigned) and a Confrontation
    match played at random, in the SQLite file ``path``."""
    store = await Store.open(path)
    service = MatchService(store)
    try:
        await service.create(guild_id=1, channel_id=2, user_id=NORTH_USER, game="pebbles", seed=1)
        played = await started_pebbles(service, seed=5)
        await through_bids(service, played)
        await service.act(played.id, NORTH_USER, "take")
        undone = await started_pebbles(service, seed=9)
        await through_bids(service, undone)
        await service.act(undone.id, NORTH_USER, "take")
        await service.undo(undone.id, NORTH_USER)
        resigned = await started_pebbles(service, seed=13)
        await service.resign(resigned.id, SOUTH_USER)
        users = {"fellowship": 1001, "sauron": 2002}
        live = await service.create(
            guild_id=1, channel_id=2, user_id=1001, game="confrontation", side="fellowship", seed=3
        )
        live = (await service.join(live.id, 2002)).match
        rng = random.Random(3)
        for _ in range(40):
            if live.state is None or live.state["result"] is not None:
                break
            role = rng.choice(sorted(live.active_roles()))
            await service.act(live.id, users[role], rng.choice([a for a, _ in service.legal(live, role)]))
    finally:
        await store.close()


async def replayed(store: Store, match_id: int) -> Any:
    """The match's state and log replayed from its seed and action log alone."""
    record = await store.get_match(match_id)
    assert record is not None
    if record.status == LOBBY:
        return None
    ruleset = find(record.game)
    players = len(await store.seats(match_id))
    game = Match(ruleset, ruleset.setup(record.seed, ruleset.resolve_options(record.options), players))
    for entry in await store.actions(match_id):
        replay_entry(game, entry)
    return dump_without(game.state, "log"), stored_events(game.state["log"])


async def everything(store: Store, tables: list[str]) -> dict[str, list[tuple[Any, ...]]]:
    return {t: [tuple(r) for r in await store.read_all(f"SELECT * FROM {t} ORDER BY 1, 2")] for t in tables}


async def test_every_match_replays_to_the_same_state_after_the_copy(
    tmp_path: Path, empty_postgresql: str
) -> None:
    source_path = tmp_path / "palantir.db"
    await some_matches(source_path)
    counts = await copy_database(source_path, empty_postgresql)
    assert counts["matches"] == 5 and counts["actions"] > 40
    source, copy = await Store.open(source_path), await Store.open(empty_postgresql)
    try:
        ids = [int(r[0]) for r in await source.read_all("SELECT id FROM matches ORDER BY id")]
        assert ids == [int(r[0]) for r in await copy.read_all("SELECT id FROM matches ORDER BY id")]
        for match_id in ids:
            here, there = await replayed(source, match_id), await replayed(copy, match_id)
            assert here == there, f"match {match_id} replays differently after the copy"
            record = await copy.get_match(match_id)
            assert record is not None
            if here is not None and record.state is not None:
                assert record.state == here[0]
        assert await everything(source, list(counts)) == await everything(copy, list(counts))
        # New rows are numbered after the copied ones.
        fresh = await copy.create_match(
            guild_id=1, channel_id=2, creator_id=3, game="pebbles", options={}, seed=1, wanted_role=None
        )
        assert fresh.id == max(ids) + 1
    finally:
        await source.close()
        await copy.close()


async def run_copy(*args: str) -> tuple[int, str, str]:
    """``python -m bot.storage.copy ARGS`` as an admin runs it: exit code, output, errors."""
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot.storage.copy", *args,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    out, err = await process.communicate()
    return int(process.returncode or 0), out.decode(), err.decode()


async def test_the_command_copies_once_and_refuses_a_database_that_is_not_empty(
    tmp_path: Path, empty_postgresql: str
) -> None:
    source_path = tmp_path / "palantir.db"
    await some_matches(source_path)
    code, out, _ = await run_copy(str(source_path), empty_postgresql)
    assert code == 0 and "Copied" in out and "matches 5" in out
    code, out, error = await run_copy(str(source_path), empty_postgresql)
    assert code == 1 and "Nothing was copied" in error and "not empty" in error
    password = empty_postgresql.split("@")[0].rsplit(":", 1)[1]
    assert password not in out + error  # the URL's password is never printed
