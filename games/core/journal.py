"""Transactions on a game state without copying it: a journal of what each action changes.

A state is a tree of :class:`TrackedDict` and :class:`TrackedList` (plain ``dict`` and ``list``
subclasses, so reading is as fast as ever and ``json`` dumps them unchanged). While a
:class:`Journal` is open, the first change of each container saves a shallow copy of its
contents; :meth:`Journal.rollback` puts those contents back, which restores the whole tree
exactly, however containers were moved or replaced. The cost of an action is the size of the
containers it touches, never the size of the state.

The log (``state["log"]``) is an :class:`EventLog`: append-only, so the journal keeps only its
length; so does it for any list only appended to in a transaction (a battle's rolls), until
something else changes it. Plain containers inserted during a transaction are turned into tracked ones when it
ends (:meth:`Journal.close`), so code may keep filling a dict it has just inserted. Outside a
transaction (set-up, building a position, the rules run alone) nothing is converted, which
keeps those paths at plain-dict speed; :func:`untracked_writes` counts such insertions, and the
runner walks its state once (:func:`retrack`) before the next transaction when it changed.

>>> state = track_state({"pile": 7, "taken": [1]})
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
#: How many plain containers were stored into tracked ones outside any transaction so far.
_untracked = 0


def current() -> Journal | None:
    """The open journal, if an action is being applied inside a transaction."""
    return _current


def untracked_writes() -> int:
    """A counter that grows whenever a plain container is stored outside a transaction."""
    return _untracked


class Journal:
    """What one transaction changed: the prior contents of each container it touched."""

    __slots__ = ("_outer", "barrier", "fresh", "logs", "saved")

    def __init__(self) -> None:
        #: ``id(container) -> (container, prior contents)``; the container is kept alive here. A
        #: list only appended to so far keeps its prior length (an ``int``) instead of a copy.
        self.saved: dict[int, tuple[Any, Any]] = {}
        #: ``id(log) -> (log, prior length, entries to put back after it)`` for append-only logs.
        self.logs: dict[int, tuple[EventLog, int, tuple[Any, ...]]] = {}
        #: Where plain containers were stored: ``(dict, key)``, ``(list, index)`` for an append,
        #: ``(list, slice)`` for an extend, ``(list, None)`` for anything else (the whole list is
        #: looked at). Tracked on close.
        self.fresh: list[tuple[Any, Any]] = []
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
        saved = self.saved.get(key)
        if saved is None:
            self.saved[key] = (container, list.__getitem__(container, slice(None)))
        elif type(saved[1]) is int:  # appended to so far: its first items are the prior ones
            self.saved[key] = (container, list.__getitem__(container, slice(saved[1])))

    def reorder_list(self, container: TrackedList) -> None:
        """``container`` changes otherwise than at its end: items may move, so the whole list is
        looked at on close (an appended plain container is no longer where it was put)."""
        self.touch_list(container)
        self.fresh.append((container, None))

    def touch_log(self, log: EventLog) -> None:
        key = id(log)
        if key not in self.logs:
            self.logs[key] = (log, len(log), ())

    def close(self) -> None:
        """Turn the plain containers stored during the transaction into tracked ones."""
        for container, key in self.fresh:
            if type(key) is int:  # one append: the cost of an action never grows with a list
                if key < len(container) and type(list.__getitem__(container, key)) in _PLAIN:
                    list.__setitem__(container, key, track(list.__getitem__(container, key)))
            elif key is None or type(key) is slice:
                start = 0 if key is None else key.start
                for index in range(start, len(container)):
                    value = list.__getitem__(container, index)
                    if type(value) in _PLAIN:
                        list.__setitem__(container, index, track(value))
            else:
                value = dict.get(container, key)
                if type(value) in _PLAIN:
                    dict.__setitem__(container, key, track(value))
        self.fresh.clear()

    def rollback(self) -> None:
        """Restore every touched container (and log) to what it held before the transaction."""
        for container, prior in self.saved.values():
            if isinstance(container, dict):
                dict.clear(container)
                dict.update(container, prior)
            elif type(prior) is int:
                list.__delitem__(container, slice(prior, None))
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

    Tracked containers are kept as they are. A state's ``log`` must be an :class:`EventLog`
    already (see :func:`track_state`).
    """
    kind = type(value)
    if kind is dict:
        out = TrackedDict(value)  # a C-level copy: __setitem__ is not called
        for key, item in dict.items(out):
            if type(item) in _PLAIN:
                dict.__setitem__(out, key, track(item))
        return out
    if kind is list:
        items = TrackedList(value)
        for index, item in enumerate(items):
            if type(item) in _PLAIN:
                list.__setitem__(items, index, track(item))
        return items
    return value


def track_state(value: dict[str, Any]) -> Any:
    """A whole state, tracked, with its ``log`` as an :class:`EventLog`."""
    log = value.get("log")
    if type(log) is list:
        value = {**value, "log": EventLog(log)}
    return track(value)


def retrack(container: Any) -> None:
    """Replace, in place and deeply, every plain container inside a tracked one."""
    if isinstance(container, dict):
        for key, value in dict.items(container):
            if type(value) in _PLAIN:
                dict.__setitem__(container, key, track(value))
            elif type(value) in (TrackedDict, TrackedList):
                retrack(value)
    else:
        for index, value in enumerate(container):
            if type(value) in _PLAIN:
                list.__setitem__(container, index, track(value))
            elif type(value) in (TrackedDict, TrackedList):
                retrack(value)


def _outside(value: Any) -> None:
    """Note a plain container stored outside any transaction (see :func:`untracked_writes`)."""
    global _untracked
    if type(value) in _PLAIN:
        _untracked += 1


class TrackedDict(dict[str, Any]):
    """A ``dict`` whose changes are journaled while a transaction is open."""

    __slots__ = ()

    def __setitem__(self, key: str, value: Any) -> None:
        journal = _current
        if journal is not None:
            saved = journal.saved
            if id(self) not in saved:
                saved[id(self)] = (self, dict.copy(self))
            if type(value) in _PLAIN:
                journal.fresh.append((self, key))
        elif type(value) in _PLAIN:
            global _untracked
            _untracked += 1  # _outside(value), inlined: the hot path of the rules run alone
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
        self[key] = default
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
            _current.reorder_list(self)

    def __setitem__(self, index: Any, value: Any) -> None:
        if _current is not None:
            _current.reorder_list(self)
        else:
            _outside([])  # a slice or an item may hold plain containers: look again before a journal
        list.__setitem__(self, index, value)

    def __delitem__(self, index: SupportsIndex | slice) -> None:
        self._touch()
        list.__delitem__(self, index)

    def append(self, value: Any) -> None:
        journal = _current
        if journal is not None:
            saved = journal.saved
            if id(self) not in saved:
                saved[id(self)] = (self, len(self))  # appended to only, so far: its length is enough
            if type(value) in _PLAIN:
                journal.fresh.append((self, len(self)))
        elif type(value) in _PLAIN:
            global _untracked
            _untracked += 1  # _outside(value), inlined: every frame enters the stack here
        list.append(self, value)

    def extend(self, values: Iterable[Any]) -> None:
        if _current is not None:
            _current.touch_list(self)
            _current.fresh.append((self, slice(len(self), None)))
        else:
            _outside([])
        list.extend(self, values)

    def insert(self, index: SupportsIndex, value: Any) -> None:
        if _current is not None:
            _current.reorder_list(self)  # later items move on
        elif type(value) in _PLAIN:
            _outside(value)
        list.insert(self, index, value)

    def pop(self, index: SupportsIndex = -1) -> Any:
        journal = _current
        if journal is not None:  # every frame leaves the stack here
            if int(index) in (-1, len(self) - 1):
                journal.touch_list(self)
            else:
                journal.reorder_list(self)  # the later items move back
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
