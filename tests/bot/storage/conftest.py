"""The store tests run on both backends: SQLite (a file) and PostgreSQL (a fresh schema).

The PostgreSQL run needs a server: ``PALANTIR_TEST_POSTGRESQL`` (a ``postgresql://`` URL), which
``scripts/test`` always sets (it starts a throw-away server). Without it those runs are skipped.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from urllib.parse import quote

import psycopg
import pytest

from bot.storage import Store

#: The server the PostgreSQL runs use (unset: they are skipped).
SERVER = os.environ.get("PALANTIR_TEST_POSTGRESQL", "")

BACKENDS = ["sqlite", "postgresql"]

Opener = Callable[[], Awaitable[Store]]


def schema_url(server: str, schema: str) -> str:
    """``server``'s URL with every session's ``search_path`` set to ``schema``."""
    separator = "&" if "?" in server else "?"
    return f"{server}{separator}options={quote(f'-c search_path={schema}')}"


@pytest.fixture
async def database(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[str]:
    """A new, empty database of the test's backend: a file path or a ``postgresql://`` URL."""
    backend = getattr(request, "param", "sqlite")
    if backend == "sqlite":
        yield str(tmp_path / "palantir.db")
        return
    if not SERVER:
        pytest.skip("no PostgreSQL server (PALANTIR_TEST_POSTGRESQL is not set)")
    schema = f"test_{secrets.token_hex(6)}"
    async with await psycopg.AsyncConnection.connect(SERVER, autocommit=True) as admin:
        await admin.execute(f"CREATE SCHEMA {schema}")
        try:
            yield schema_url(SERVER, schema)
        finally:
            await admin.execute(f"DROP SCHEMA {schema} CASCADE")


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
