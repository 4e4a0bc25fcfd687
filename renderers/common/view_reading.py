"""Reading a view safely: a renderer takes every value with these, so that a hand-made or partial
view (or one from an older engine) still draws instead of raising."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

__all__ = ["mapping", "number", "sequence"]


def mapping(value: Any) -> Mapping[str, Any]:
    """``value`` if it is a mapping, else an empty one."""
    return value if isinstance(value, Mapping) else {}


def sequence(value: Any) -> Sequence[Any]:
    """``value`` if it is a list or tuple, else an empty one."""
    return value if isinstance(value, list | tuple) else ()


def number(value: Any, default: int = 0) -> int:
    """``value`` as an int (booleans count 0/1, whole floats too), else ``default``.

    >>> number(3), number(2.0), number("3"), number(None, -1), number(True)
    (3, 2, 0, -1, 1)
    """
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return default
