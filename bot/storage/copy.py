"""Copy a SQLite database into an empty PostgreSQL database: ``python -m bot.storage.copy``.

    python -m bot.storage.copy ./palantir.db postgresql://palantir:PASSWORD@HOST/palantir

Stop the bot first. The SQLite file is brought up to the newest migration, the PostgreSQL
database gets the same tables, then every row of every table is copied in one transaction
(all or nothing; tables referenced before those that reference them, rows in id order) and
the id counters continue after the copied ids. The target must be empty: nothing is ever
overwritten. The source is only read.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Sequence
from pathlib import Path

from .connection import is_postgresql
from .store import Store


class CopyError(RuntimeError):
    """The copy cannot be made; the message says why (nothing was written)."""


async def _tables(source: Store) -> list[str]:
    """The source's tables, each after the tables it references (``schema_version`` aside)."""
    rows = await source.read_all(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
        "AND name != 'schema_version' ORDER BY name"
    )
    names = [str(r[0]) for r in rows]
    needs: dict[str, set[str]] = {}
    for name in names:
        refs = await source.read_all(f"PRAGMA foreign_key_list({name})")
        needs[name] = {str(r[2]) for r in refs} - {name}
    ordered: list[str] = []
    while needs:
        ready = sorted(n for n, deps in needs.items() if deps <= set(ordered))
        if not ready:
            raise CopyError(f"the tables reference each other in a circle: {sorted(needs)}")
        ordered.extend(ready)
        for name in ready:
            del needs[name]
    return ordered


async def copy_database(source_path: Path, target_url: str) -> dict[str, int]:
    """Copy every row of the SQLite database at ``source_path`` into the empty PostgreSQL
    database of ``target_url``; the number of rows copied per table."""
    if not is_postgresql(target_url):
        raise CopyError("the target must be a postgresql:// URL")
    if not source_path.is_file():
        raise CopyError(f"there is no SQLite database at {source_path}")
    source = await Store.open(source_path)
    try:
        target = await Store.open(target_url)
        try:
            return await _copy(source, target)
        finally:
            await target.close()
    finally:
        await source.close()


async def _copy(source: Store, target: Store) -> dict[str, int]:
    tables = await _tables(source)
    for table in tables:
        if await target.read_one(f"SELECT 1 FROM {table} LIMIT 1") is not None:
            raise CopyError(f"the PostgreSQL database is not empty (table {table} has rows)")
    counts: dict[str, int] = {}
    async with target.transaction() as conn:
        for table in tables:
            columns = [str(r[1]) for r in await source.read_all(f"PRAGMA table_info({table})")]
            names = ", ".join(columns)
            rows = await source.read_all(f"SELECT {names} FROM {table} ORDER BY rowid")
            if rows:
                marks = ", ".join("?" for _ in columns)
                await conn.executemany(f"INSERT INTO {table} ({names}) VALUES ({marks})", rows)
            counts[table] = len(rows)
            if "id" in columns:
                # The database numbers new rows after the copied ones.
                await conn.execute(
                    f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                    f"COALESCE((SELECT MAX(id) FROM {table}), 0) + 1, false)"
                )
    return counts


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bot.storage.copy",
        description="Copy the bot's SQLite database into an empty PostgreSQL database (stop the bot first).",
    )
    parser.add_argument("source", type=Path, help="the SQLite file (PALANTIR_DB), only read")
    parser.add_argument("target", help="postgresql://USER:PASSWORD@HOST:PORT/DATABASE (must be empty)")
    args = parser.parse_args(argv)
    try:
        counts = asyncio.run(copy_database(args.source, args.target))
    except CopyError as exc:
        print(f"Nothing was copied: {exc}.", file=sys.stderr)
        return 1
    total = sum(counts.values())
    print(f"Copied {total} rows: " + ", ".join(f"{t} {n}" for t, n in counts.items() if n))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
