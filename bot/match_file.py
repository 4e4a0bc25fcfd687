"""A match as a file (``/game export``) and back (``/game import``).

The document is JSON: the game, its options, pace and seed, the seats with their roles (and
the players' Discord ids), every log entry in order and the result. Replaying the entries from
the seed gives the very same state, so an import re-creates an identical match. A match is
exported only once it is over: the seed and the log of a match in play would tell its secrets.

>>> doc = read_document(json.dumps({"format": FORMAT, "version": 1, "game": "pebbles",
...     "options": {}, "seed": 3, "seats": [{"seat": 0, "role": "north", "user_id": "1"}],
...     "entries": [{"kind": "act", "role": "north", "action": "bid 2"}], "result": None}))
>>> doc.game, doc.seed, doc.entries[0].action
('pebbles', 3, 'bid 2')
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .computers.identity import is_computer_seat
from .i18n import msg
from .storage.records import ActionRecord, MatchRecord, SeatRecord

FORMAT = "palantir-match"
VERSION = 1
#: Biggest file accepted by an import (a long War of the Ring match stays far below).
MAX_BYTES = 8_000_000
KINDS = ("act", "undo", "resign")
#: Deepest nesting of lists and objects in an export (a real one has about five levels).
MAX_DEPTH = 32
#: Seeds, seat numbers and Discord ids are stored as SQLite integers (signed 64 bits).
MAX_INTEGER = 2**63 - 1


class ExchangeError(ValueError):
    """A file that is not a match export this bot can read; the message says why."""


@dataclass(frozen=True, slots=True)
class Entry:
    kind: str
    role: str
    action: str


@dataclass(frozen=True, slots=True)
class SeatEntry:
    seat: int
    role: str
    user_id: int


@dataclass(frozen=True, slots=True)
class Document:
    game: str
    options: dict[str, str]
    pace: str | None
    seed: int
    seats: tuple[SeatEntry, ...]
    entries: tuple[Entry, ...]
    result: dict[str, Any] | None


def export_document(record: MatchRecord, seats: Sequence[SeatRecord], actions: Sequence[ActionRecord]) -> str:
    """The match as the JSON text of its export file."""
    payload = {
        "format": FORMAT,
        "version": VERSION,
        "match": record.id,
        "game": record.game,
        "options": record.options,
        "pace": record.pace,
        "seed": record.seed,
        "seats": [
            {"seat": s.seat, "role": s.role, "user_id": str(s.user_id)}
            for s in sorted(seats, key=lambda s: s.seat)
        ],
        "entries": [{"kind": a.kind, "role": a.role, "action": a.action} for a in actions],
        "result": record.result,
    }
    return json.dumps(payload, ensure_ascii=False, indent=1, sort_keys=True) + "\n"


def read_document(text: str | bytes) -> Document:
    """A parsed export; :class:`ExchangeError` saying what is wrong otherwise."""
    if len(text) > MAX_BYTES:
        raise ExchangeError(
            msg("That file is too big for a match export (at most {size} MB).", size=MAX_BYTES // 1_000_000)
        )
    try:
        raw = json.loads(text)
    except (ValueError, UnicodeDecodeError):
        raise ExchangeError(msg("That file is not a match export: it is not JSON.")) from None
    except RecursionError:
        raw = None  # nested deeper than Python parses
    if raw is None or depth(raw) > MAX_DEPTH:
        raise ExchangeError(msg("That file is not a match export: it is nested far too deeply."))
    if not isinstance(raw, dict) or raw.get("format") != FORMAT:
        raise ExchangeError(msg("That file is not a Palantír match export (made with `/game export`)."))
    if raw.get("version") != VERSION:
        raise ExchangeError(
            msg(
                "That export has version {version}; this bot reads version {readable}.",
                version=repr(raw.get("version")),
                readable=VERSION,
            )
        )
    try:
        seats = tuple(SeatEntry(int(s["seat"]), str(s["role"]), int(s["user_id"])) for s in raw["seats"])
        entries = tuple(Entry(str(e["kind"]), str(e["role"]), str(e["action"])) for e in raw["entries"])
        options = {str(k): str(v) for k, v in dict(raw["options"]).items()}
        document = Document(
            game=str(raw["game"]),
            options=options,
            pace=None if raw.get("pace") is None else str(raw["pace"]),
            seed=int(raw["seed"]),
            seats=seats,
            entries=entries,
            result=raw.get("result") if isinstance(raw.get("result"), dict) else None,
        )
    except (KeyError, TypeError, ValueError):
        raise ExchangeError(
            msg("That match export is damaged: a field is missing or has the wrong type.")
        ) from None
    if (
        not seats
        or len({s.role for s in seats}) != len(seats)
        or len({s.user_id for s in seats}) != len(seats)
    ):
        raise ExchangeError(msg("That match export is damaged: its seats are not one role per player."))
    if any(e.kind not in KINDS for e in entries):
        raise ExchangeError(msg("That match export is damaged: it has an entry of an unknown kind."))
    # (A computer's seat has a negative id of its own: bot/computers/identity.py.)
    people = (s.user_id for s in seats if not (is_computer_seat(s.user_id) and s.user_id > -MAX_INTEGER))
    numbers = (document.seed, *(s.seat for s in seats), *people)
    if any(not 0 <= n <= MAX_INTEGER for n in numbers):
        raise ExchangeError(
            msg(
                "That match export is damaged: its seed, a seat or a player id is not a number this bot uses."
            )
        )
    return document


def depth(value: Any) -> int:
    """How deeply lists and objects nest in ``value`` (counted without recursion).

    >>> depth(1), depth([]), depth({"a": [1, {"b": []}]})
    (0, 1, 4)
    """
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict | list):
            deepest = max(deepest, level)
            stack.extend((inner, level + 1) for inner in (item.values() if isinstance(item, dict) else item))
    return deepest
