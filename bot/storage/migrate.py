"""Numbered SQL migrations (``migrations/NNN_name.sql``) applied in order at start-up."""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import aiosqlite

log = logging.getLogger(__name__)

MIGRATIONS_DIR = Path(__file__).with_name("migrations")
_NAME = re.compile(r"^(\d{3})_[a-z0-9_]+\.sql$")


@dataclass(frozen=True, slots=True)
class Migration:
    version: int
    name: str
    sql: str


def available(directory: Path = MIGRATIONS_DIR) -> list[Migration]:
    """The migration files, sorted by number; refuses gaps and duplicates."""
    found: list[Migration] = []
    for path in sorted(directory.glob("*.sql")):
        m = _NAME.match(path.name)
        if not m:
            raise RuntimeError(f"badly named migration file: {path.name}")
        found.append(Migration(int(m.group(1)), path.name, path.read_text(encoding="utf-8")))
    numbers = [m.version for m in found]
    if numbers != list(range(1, len(found) + 1)):
        raise RuntimeError(f"migrations must be numbered 001, 002, ... without gaps: {numbers}")
    return found


def _statements(sql: str) -> list[str]:
    """Split a migration into statements (our files never put ``;`` inside literals)."""
    lines = [line for line in sql.splitlines() if not line.strip().startswith("--")]
    return [part.strip() for part in "\n".join(lines).split(";") if part.strip()]


async def current_version(conn: aiosqlite.Connection) -> int:
    await conn.execute(
        "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER PRIMARY KEY, name TEXT NOT NULL, "
        "applied_at TEXT NOT NULL)"
    )
    async with conn.execute("SELECT MAX(version) FROM schema_version") as cur:
        row = await cur.fetchone()
    return int(row[0]) if row and row[0] is not None else 0


async def migrate(conn: aiosqlite.Connection, directory: Path = MIGRATIONS_DIR) -> list[str]:
    """Apply every migration newer than the database, each in its own transaction.

    Returns the names applied (empty when already up to date). Safe to call on every start.
    """
    have = await current_version(conn)
    applied: list[str] = []
    for migration in available(directory):
        if migration.version <= have:
            continue
        log.info("applying migration %s", migration.name)
        await conn.execute("BEGIN")
        try:
            for statement in _statements(migration.sql):
                await conn.execute(statement)
            await conn.execute(
                "INSERT INTO schema_version (version, name, applied_at) VALUES (?, ?, ?)",
                (migration.version, migration.name, datetime.now(UTC).isoformat()),
            )
        except BaseException:
            await conn.execute("ROLLBACK")
            raise
        await conn.execute("COMMIT")
        applied.append(migration.name)
    return applied
