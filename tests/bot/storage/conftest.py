"""The store tests run on both backends: SQLite (a file) and PostgreSQL (a fresh schema).

The PostgreSQL run needs a server: ``PALANTIR_TEST_POSTGRESQL`` (a ``postgresql://`` URL), which
``scripts/test`` always sets (it starts a throw-away server). Without it those runs are skipped.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

import pytest

from bot.storage import Store
from tests.support.postgresql import fresh_database

BACKENDS = ["sqlite", "postgresql"]

Opener = Callable[[], Awaitable[Store]]


@pytest.fixture
async def database(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[str]:
    """A new, empty database of the test's backend: a file path or a ``postgresql://`` URL."""
    if getattr(request, "param", "sqlite") == "sqlite":
        yield str(tmp_path / "palantir.db")
        return
    async with fresh_database() as url:
        yield url


@pytest.fixture
def open_store(database: str) -> Opener:
    """Opens (another) store on the test's database."""

    async def opener() -> Store:
        return await Store.open(database)

    return opener


@pytest.fixture
async def store(open_store: Opener) -> AsyncIterator[Store]:
    opened = await open_store()
    yield opened
    await opened.close()


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Every test here that uses the database runs once per backend (a module may name fewer
    in its own ``BACKENDS``)."""
    if "database" not in metafunc.fixturenames:
        return
    if any(mark.name == "sqlite_only" for mark in metafunc.definition.iter_markers()):
        return
    metafunc.parametrize("database", getattr(metafunc.module, "BACKENDS", BACKENDS), indirect=True)
