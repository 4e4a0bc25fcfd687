"""A computer player that hangs, for the tests of a stuck worker (importable by a spawned worker
process: it imports the games only)."""

from __future__ import annotations

import os
import threading
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from games.computer_players import decide_request

#: Where the hanging worker writes its process id (an environment variable, inherited).
PID_FILE = "PALANTIR_TEST_HANGING_PID"


def hang_when_strong(request: Mapping[str, Any]) -> str:
    """Never decides at the ``strong`` level (a policy with a bug); other levels as usual."""
    if request["level"] == "strong":
        path = os.environ.get(PID_FILE)
        if path:
            Path(path).write_text(str(os.getpid()))
        threading.Event().wait()
    return decide_request(request)
