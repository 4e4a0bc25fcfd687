"""Wall-clock time for time banks, reminders and lobby expiry (epoch seconds).

The bot reads the time through :data:`CLOCK`, so that tests can move it: with
``PALANTIR_CLOCK_FILE`` set (tests only), the time is the number written in that file, and
the real time when the file is missing or unreadable. Deadlines are stored as wall-clock
times, so a bot restarted days later finds every bank that ran out meanwhile.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

ENV = "PALANTIR_CLOCK_FILE"


class WallClock:
    """``now()``: epoch seconds, from the real clock or a test's clock file."""

    def __init__(self, path: str | Path | None = None) -> None:
        chosen = path if path is not None else os.environ.get(ENV, "").strip()
        self.path = Path(chosen) if chosen else None

    def now(self) -> float:
        if self.path is not None:
            try:
                return float(self.path.read_text(encoding="utf-8").strip())
            except (OSError, ValueError):
                pass
        return time.time()


CLOCK = WallClock()
