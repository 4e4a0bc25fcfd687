"""Canonical JSON for game states: sorted keys, no spaces, UTF-8.

Two equal states always dump to the same string, which replay tests compare.

>>> dump({"b": 1, "a": [1, 2]})
'{"a":[1,2],"b":1}'
>>> load(dump({"x": None})) == {"x": None}
True
"""

from __future__ import annotations

import json
from typing import Any


def dump(state: dict[str, Any]) -> str:
    return json.dumps(state, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def load(text: str) -> dict[str, Any]:
    value = json.loads(text)
    if not isinstance(value, dict):
        raise ValueError("a game state is a JSON object")
    return value


def clone(state: dict[str, Any]) -> dict[str, Any]:
    """A deep copy through the canonical form (fast and keeps the state JSON-pure)."""
    return load(dump(state))
