"""Canonical JSON for game states: sorted keys, no spaces, UTF-8.

Two equal states always dump to the same string, which replay tests compare. ``load`` gives a
tracked state (see :mod:`games.core.journal`), ready for the runner.

>>> dump({"b": 1, "a": [1, 2]})
'{"a":[1,2],"b":1}'
>>> load(dump({"x": None})) == {"x": None}
True
>>> dump_without({"log": [1], "seq": 2}, "log")
'{"seq":2}'
"""

from __future__ import annotations

import json
from typing import Any

from .journal import track_state


def dump(state: dict[str, Any]) -> str:
    return json.dumps(state, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def dump_without(state: dict[str, Any], *keys: str) -> str:
    """The canonical JSON of ``state`` with ``keys`` left out (e.g. the log, stored apart)."""
    return dump({k: v for k, v in state.items() if k not in keys})


def load(text: str) -> dict[str, Any]:
    value = json.loads(text)
    if not isinstance(value, dict):
        raise ValueError("a game state is a JSON object")
    tracked: dict[str, Any] = track_state(value)
    return tracked


def clone(state: dict[str, Any]) -> dict[str, Any]:
    """A deep copy through the canonical form (keeps the state JSON-pure and tracked)."""
    return load(dump(state))
