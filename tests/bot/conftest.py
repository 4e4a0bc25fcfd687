"""Fixtures for the bot tests: a temporary database and a service, with the toy game registered."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.service import LiveMatch, MatchService
from bot.storage import Store
from games.core import register
from tests.support.toy_game import PEBBLES

register(PEBBLES)

NORTH_USER = 111
SOUTH_USER = 222
STRANGER = 999


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "palantir.db"


@pytest.fixture
async def store(db_path: Path) -> AsyncIterator[Store]:
    opened = await Store.open(db_path)
    yield opened
    await opened.close()


@pytest.fixture
async def service(store: Store) -> MatchService:
    return MatchService(store)


async def started_pebbles(service: MatchService, seed: int = 7) -> LiveMatch:
    """A started Pebbles match: NORTH_USER plays north, SOUTH_USER plays south."""
    live = await service.create(
        guild_id=1, channel_id=2, user_id=NORTH_USER, game="pebbles", side="north", seed=seed
    )
    result = await service.join(live.id, SOUTH_USER)
    assert result.started
    return result.match


async def through_bids(service: MatchService, live: LiveMatch) -> str:
    """Both bid (north higher); returns the role to move (north)."""
    await service.act(live.id, NORTH_USER, "bid 3")
    await service.act(live.id, SOUTH_USER, "bid 1")
    return "north"
