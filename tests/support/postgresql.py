"""The PostgreSQL server of the tests: ``PALANTIR_TEST_POSTGRESQL`` (a ``postgresql://`` URL),
which ``scripts/test`` always sets (it starts a throw-away server); unset, the tests that need
it are skipped. Each test gets a schema of its own, dropped afterwards."""

from __future__ import annotations

import os
import secrets
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from urllib.parse import quote

import psycopg
import pytest

#: The server's URL ("": none, the PostgreSQL tests are skipped).
SERVER = os.environ.get("PALANTIR_TEST_POSTGRESQL", "")


def schema_url(server: str, schema: str) -> str:
    """``server``'s URL with every session's ``search_path`` set to ``schema``."""
    separator = "&" if "?" in server else "?"
    return f"{server}{separator}options={quote(f'-c search_path={schema}')}"


@asynccontextmanager
async def fresh_database(prefix: str = "test") -> AsyncIterator[str]:
    """The URL of a new, empty schema on the tests' server (skips the test without a server)."""
    if not SERVER:
        pytest.skip("no PostgreSQL server (PALANTIR_TEST_POSTGRESQL is not set)")
    schema = f"{prefix}_{secrets.token_hex(6)}"
    async with await psycopg.AsyncConnection.connect(SERVER, autocommit=True) as admin:
        await admin.execute(f"CREATE SCHEMA {schema}")
        try:
            yield schema_url(SERVER, schema)
        finally:
            await admin.execute(f"DROP SCHEMA {schema} CASCADE")
