"""A computer player that thinks for a set time, for the tests of a busy worker pool
(importable by a spawned worker process: it imports nothing of the bot)."""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any


def think_then_pass(request: Mapping[str, Any]) -> str:
    """Thinks ``request["thinking"]`` seconds (sleeping: no CPU taken), then plays the first
    legal action."""
    time.sleep(float(request["thinking"]))
    return str(request["actions"][0])
