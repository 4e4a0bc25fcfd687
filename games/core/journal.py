"""Transactions on a game state without copying it: a journal of what each action changes.

A state is a tree of :class:`TrackedDict` and :class:`TrackedList` (plain ``dict`` and ``list``
subclasses, so reading is as fast as ever and ``json`` dumps them unchanged). While a
:class:`Journal` is open, the first change of each container saves a shallow copy of its
contents; :meth:`Journal.rollback` puts those contents back, which restores the whole tree
exactly, however containers were moved or replaced. The cost of an action is the size of the
containers it touches, never the size of the state.

The log (``state["log"]``) is an :class:`EventLog`: append-only, so the journal keeps only its
length. Plain containers inserted during a transaction are turned into tracked ones when it
ends (:meth:`Journal.close`), so code may keep filling a dict it has just inserted.

>>> state = track({"pile": 7, "taken": [1]})
>>> with Journal() as journal:
...     state["pile"] = 6
...     state["taken"].append(2)
...     state["new"] = {"a": [1]}
>>> type(state["new"]["a"]).__name__
'TrackedList'
>>> journal.rollback()
>>> state
{'pile': 7, 'taken': [1]}
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, SupportsIndex

_PLAIN = (dict, list)

#: The journal of the transaction under way, if any (the engine is synchronous).
_current: Journal | None = None


def current() -> Journal | None:
    """The open journal, if an action is being applied inside a transaction."""
    return _current


class Journal:
    """What one transaction changed: the prior contents of each container it touched."""

    __slots__ = ("_outer", "barrier", "logs", "saved")

    def __init__(self) -> None:
        #: ``id(container) -> (container, prior contents)``; the container is kept alive here.
        self.saved: dict[int, tuple[Any, Any]] = {}
        #: ``id(log) -> (log, prior length, entries to put back after it)`` for append-only logs.
        self.logs: dict[int, tuple[EventLog, int, tuple[Any, ...]]] = {}
        #: Set when the action did something that can never be taken back (see ``flow.barrier``).
        self.barrier = False
        self._outer: Journal | None = None

    def __enter__(self) -> Journal:
        global _current
        self._outer, _current = _current, self
        return self

    def __exit__(self, *exc: object) -> None:
        global _current
        _current = self._outer
        self._outer = None
        if exc[0] is None:
            self.close()

    def touch_dict(self, container: TrackedDict) -> None:
        key = id(container)
        if key not in self.saved:
            self.saved[key] = (container, dict.copy(container))

    def touch_list(self, container: TrackedList) -> None:
        key = id(container)
        if key not in self.saved:
            self.saved[key] = (container, list.__getitem__(container, slice(None)))

    def touch_log(self, log: EventLog) -> None:
        key = id(log)
        if key not in self.logs:
            self.logs[key] = (log, len(log), ())

    def close(self) -> None:
        """Turn the plain containers inserted during the transaction into tracked ones."""
        for container, _ in self.saved.values():
            if isinstance(container, dict):
                for key, value in dict.items(container):
                    if type(value) in _PLAIN:
                        dict.__setitem__(container, key, track(value))
            else:
                for index, value in enumerate(container):
                    if type(value) in _PLAIN:
                        list.__setitem__(container, index, track(value))

    def rollback(self) -> None:
        """Restore every touched container (and log) to what it held before the transaction."""
        for container, prior in self.saved.values():
            if isinstance(container, dict):
                dict.clear(container)
                dict.update(container, prior)
            else:
                list.__setitem__(container, slice(None), prior)
        for log, length, tail in self.logs.values():
            list.__delitem__(log, slice(length, None))
            list.extend(log, tail)

    def capture(self) -> Journal:
        """Before a rollback: a journal whose own rollback brings today's contents back (redo)."""
        redo = Journal()
        for key, (container, _) in self.saved.items():
            copy = dict.copy(container) if isinstance(container, dict) else list(container)
            redo.saved[key] = (container, copy)
        for key, (log, length, _) in self.logs.items():
            redo.logs[key] = (log, length, tuple(log[length:]))
        return redo


def track(value: Any) -> Any:
    """``value`` with every plain dict and list in it replaced by a tracked one (deeply).

    Tracked containers are kept as they are; the ``log`` key of a state becomes an
    :class:`EventLog`.
    """
    kind = type(value)
    if kind is dict:
        out = TrackedDict()
        for key, item in value.items():
            if key == "log" and type(item) in (list, EventLog):
                item = item if type(item) is EventLog else EventLog(item)
            elif type(item) in _PLAIN:
                item = track(item)
            dict.__setitem__(out, key, item)
        return out
    if kind is list:
        return TrackedList(track(item) if type(item) in _PLAIN else item for item in value)
    return value


def _tracked(value: Any) -> Any:
    """A value about to be stored outside any transaction is tracked at once."""
    return track(value) if type(value) in _PLAIN else value


class TrackedDict(dict[str, Any]):
    """A ``dict`` whose changes are journaled while a transaction is open."""

    __slots__ = ()

    def __setitem__(self, key: str, value: Any) -> None:
        journal = _current
        if journal is not None:
            journal.touch_dict(self)
        else:
            value = _tracked(value)
        dict.__setitem__(self, key, value)

    def __delitem__(self, key: str) -> None:
        if _current is not None:
            _current.touch_dict(self)
        dict.__delitem__(self, key)

    def pop(self, key: str, *default: Any) -> Any:
        if _current is not None and key in self:
            _current.touch_dict(self)
        return dict.pop(self, key, *default)

    def popitem(self) -> tuple[str, Any]:
        if _current is not None:
            _current.touch_dict(self)
        return dict.popitem(self)

    def setdefault(self, key: str, default: Any = None) -> Any:
        if key in self:
            return dict.__getitem__(self, key)
        self[key] = default if _current is not None else _tracked(default)
        return dict.__getitem__(self, key)

    def update(self, *args: Any, **kwargs: Any) -> None:
        for key, value in dict(*args, **kwargs).items():
            self[key] = value

    def clear(self) -> None:
        if _current is not None:
            _current.touch_dict(self)
        dict.clear(self)

    def __ior__(self, other: Any) -> TrackedDict:  # type: ignore[override,misc]
        self.update(other)
        return self


class TrackedList(list[Any]):
    """A ``list`` whose changes are journaled while a transaction is open."""

    __slots__ = ()

    def _touch(self) -> None:
        if _current is not None:
            _current.touch_list(self)

    def __setitem__(self, index: Any, value: Any) -> None:
        self._touch()
        if _current is None:
            value = [_tracked(v) for v in value] if isinstance(index, slice) else _tracked(value)
        list.__setitem__(self, index, value)

    def __delitem__(self, index: SupportsIndex | slice) -> None:
        self._touch()
        list.__delitem__(self, index)

    def append(self, value: Any) -> None:
        self._touch()
        list.append(self, value if _current is not None else _tracked(value))

    def extend(self, values: Iterable[Any]) -> None:
        self._touch()
        list.extend(self, values if _current is not None else [_tracked(v) for v in values])

    def insert(self, index: SupportsIndex, value: Any) -> None:
        self._touch()
        list.insert(self, index, value if _current is not None else _tracked(value))

    def pop(self, index: SupportsIndex = -1) -> Any:
        self._touch()
        return list.pop(self, index)

    def remove(self, value: Any) -> None:
        self._touch()
        list.remove(self, value)

    def clear(self) -> None:
        self._touch()
        list.clear(self)

    def sort(self, *args: Any, **kwargs: Any) -> None:
        self._touch()
        list.sort(self, *args, **kwargs)

    def reverse(self) -> None:
        self._touch()
        list.reverse(self)

    def __iadd__(self, values: Iterable[Any]) -> TrackedList:  # type: ignore[misc]
        self.extend(values)
        return self

    def __imul__(self, times: SupportsIndex) -> TrackedList:
        self._touch()
        list.__imul__(self, times)
        return self


class EventLog(list[Any]):
    """The append-only log of a state: a transaction remembers only its length."""

    __slots__ = ()

    def append(self, event: Any) -> None:
        if _current is not None:
            _current.touch_log(self)
        list.append(self, event)

    def extend(self, events: Iterable[Any]) -> None:
        if _current is not None:
            _current.touch_log(self)
        list.extend(self, events)
