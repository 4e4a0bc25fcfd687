"""Snowflakes and timestamps shaped like Discord's.

>>> make = SnowflakeFactory()
>>> a, b = make(), make()
>>> b > a and snowflake_time(a) > 1_420_070_400.0
True
"""

from __future__ import annotations

import datetime as dt
import itertools
import time

DISCORD_EPOCH_MS = 1_420_070_400_000


class SnowflakeFactory:
    """Generates increasing Discord snowflakes (timestamp, worker, process, increment)."""

    def __init__(self, worker: int = 1, process: int = 1) -> None:
        self._counter = itertools.count()
        self._worker = worker & 0x1F
        self._process = process & 0x1F
        self._last = 0

    def __call__(self) -> int:
        ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
        value = (ms << 22) | (self._worker << 17) | (self._process << 12) | (next(self._counter) & 0xFFF)
        # Strictly increasing even when the 12-bit counter wraps within a millisecond.
        value = max(value, self._last + 1)
        self._last = value
        return value

    def on_shard(self, shard: int, shard_count: int) -> int:
        """A new snowflake that, as a guild id, lands on ``shard`` (``(id >> 22) % shard_count``):
        its timestamp moved on by less than ``shard_count`` milliseconds.

        >>> make = SnowflakeFactory()
        >>> [(make.on_shard(s, 4) >> 22) % 4 for s in (3, 1, 0)]
        [3, 1, 0]
        """
        value = self()
        ms = value >> 22
        value = ((ms + (shard - ms) % shard_count) << 22) | (value & ((1 << 22) - 1))
        self._last = max(self._last, value)
        return value


def snowflake_time(snowflake: int) -> float:
    """The UNIX time (seconds) encoded in a snowflake."""
    return ((snowflake >> 22) + DISCORD_EPOCH_MS) / 1000.0


def iso_now() -> str:
    """The current time as Discord writes it (ISO 8601 with an offset)."""
    return dt.datetime.now(dt.UTC).isoformat()
