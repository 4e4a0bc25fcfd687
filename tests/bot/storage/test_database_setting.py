"""One setting chooses the backend: SQLite by default, PostgreSQL for a ``postgresql://`` URL."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from bot.config import ConfigError, load_config
from bot.storage import Store
from bot.storage.connection import DatabaseUnreachable
from bot.storage.trouble import BUSY, storage_trouble

URL = "postgresql://palantir:secret@db.example:5432/palantir"


def test_sqlite_is_the_default() -> None:
    loaded = load_config({"DISCORD_TOKEN": "t"}, dotenv=False)
    assert loaded.database == Path("palantir.db") and loaded.database_url is None
    assert load_config({"DISCORD_TOKEN": "t", "PALANTIR_DB": "/srv/p.db"}, dotenv=False).database == Path(
        "/srv/p.db"
    )


@pytest.mark.parametrize(
    "env", [{"DATABASE_URL": URL}, {"PALANTIR_DB": URL}, {"DATABASE_URL": URL, "PALANTIR_DB": "x.db"}]
)
def test_a_postgresql_url_chooses_postgresql(env: dict[str, str]) -> None:
    loaded = load_config({"DISCORD_TOKEN": "t", **env}, dotenv=False)
    assert loaded.database == URL
    assert "secret" not in repr(loaded)  # the password is never printed with the settings


def test_database_url_must_be_postgresql() -> None:
    with pytest.raises(ConfigError, match="DATABASE_URL must be a PostgreSQL URL"):
        load_config({"DISCORD_TOKEN": "t", "DATABASE_URL": "./palantir.db"}, dotenv=False)


def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def test_an_unreachable_database_is_said_in_words_without_the_password() -> None:
    port = closed_port()
    with pytest.raises(DatabaseUnreachable) as refused:
        await Store.open(f"postgresql://palantir:hunter2@127.0.0.1:{port}/palantir")
    text = str(refused.value)
    assert f"palantir@127.0.0.1:{port}/palantir" in text and "hunter2" not in text
    assert "\n" not in text
    assert storage_trouble(refused.value) == BUSY  # a player is told "busy, nothing changed"
