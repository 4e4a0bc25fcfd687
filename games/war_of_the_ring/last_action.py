"""Where the last action happened, for the public picture (``view["last"]``).

The engine only marks where an action begins in the log (:func:`mark`); the view reads the events
logged since then, as the audience may know them, and finds the regions they name, the move's
start and end (for an arrow) and the words. A hidden step names no region in its public events,
so nothing here can show where the hidden Fellowship went.

State key ``last``: ``None`` or ``{"side": side, "start": index into the log, "before": the
previous action's ``{"side", "start"}``}``: while a new action has told nothing yet (a die action
chosen, its first question open), the board still shows the one before it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from games.core import State
from games.core.events import project

from .i18n import current

#: Events that move figures from one region to another: the first of them gives the arrow.
MOVES = frozenset({"army_moved", "companions_moved", "minion_moved", "nazgul_moved", "battle_started"})
#: After these the action's moves are the Hunt's (a Hobbit leaving): no arrow for them, which
#: would look like the hidden Fellowship's way.
FELLOWSHIP = frozenset({"fellowship_moved", "hunt_rolled"})
#: A player leaving the game (core events): that is the last thing that happened, on its own.
LEFT = frozenset({"resigned", "timed_out"})
#: How many of the action's events are put into words (the rest stays in the thread's log).
WORDS = 3

#: Sentences follow each other with a space, but none in Japanese and Chinese.
_SENTENCE_GAP = {"ja": "", "zh-CN": ""}

Text = Callable[[str, Mapping[str, Any], "str | None"], str]


def mark(state: State, side: str) -> None:
    """An action of ``side`` begins: what it logs from now on is "the last action"."""
    previous = state.get("last")
    state["last"] = {"side": side, "start": len(state["log"])}
    if previous:
        state["last"]["before"] = {"side": previous["side"], "start": previous["start"]}


def last_view(state: State, audience: str | None, narrate: Text) -> dict[str, Any] | None:
    """``{"side", "from", "to", "regions", "text"}`` of the last action, or ``None``."""
    last = state.get("last")
    if not last:
        return None
    log = state["log"]
    side, events = last["side"], [project(e, audience) for e in log[int(last["start"]) :]]
    before = last.get("before")
    if not events and before:  # the new action told nothing yet: the one before it is the last
        told = log[int(before["start"]) : int(last["start"])]
        side, events = before["side"], [project(e, audience) for e in told]
    if not events:
        return None
    kind, args = events[-1]
    if kind in LEFT:
        text = narrate(kind, args, audience)
        return {"side": args.get("role"), "from": None, "to": None, "regions": [], "text": text}
    regions: list[str] = []
    start = end = None
    arrow = True
    for kind, args in events:
        for key in ("from", "region", "to"):
            place = args.get(key)
            if isinstance(place, str) and place and place not in regions:
                regions.append(place)
        arrow = arrow and kind not in FELLOWSHIP
        if arrow and start is None and kind in MOVES:
            start = args.get("from")
            end = args.get("to", args.get("region"))
    words = [narrate(kind, args, audience) for kind, args in events[:WORDS]]
    if len(events) > WORDS:
        words.append("…")
    return {
        "side": side,
        "from": start if start != end else None,
        "to": end if start != end else None,
        "regions": regions,
        "text": _SENTENCE_GAP.get(current(), " ").join(w for w in words if w),
    }
