"""One setting chooses the backend: SQLite by default, PostgreSQL for a ``postgresql://`` URL."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.config import ConfigError, load_config

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
