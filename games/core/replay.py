"""A match played again from its stored log, as the public saw it: the frames of ``/game replay``.

:func:`replay_views` rebuilds the match with :meth:`Match.new` and the stored entries, and keeps
the public view after every entry worth a board of its own: the rule the table posts boards by
(an entry whose public events are not all :attr:`Ruleset.quiet_events`; a hidden step logs
nothing public). An undo takes its step's frame back. The last frame is the final reveal once
the match has a result. No private view is ever taken, so a replay can be shown to anyone.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .events import Event, project
from .match import Match
from .ruleset import Ruleset, View

#: One stored log entry: ``(kind, role, action_text)``, kind "act", "undo" or "resign" (a
#: resign whose text is :data:`TIMEOUT` is a bank that ran out).
Entry = tuple[str, str, str]
#: The action text of a timeout entry.
TIMEOUT = "timeout"


def worth_seeing(ruleset: Ruleset, events: Iterable[Event]) -> bool:
    """Whether ``events`` tell the public more than that a hidden step was taken."""
    quiet = ruleset.quiet_events
    return any(project(event, None)[0] not in quiet for event in events)


def revise_like(state: dict[str, Any], like: Mapping[str, Any]) -> None:
    """Give a fresh ``state`` the rules revision of the stored ``like`` (see :func:`replay_views`)."""
    if "rules" in like:
        state["rules"] = like["rules"]
    elif "rules" in state:
        del state["rules"]


def replay_views(
    ruleset: Ruleset,
    seed: int,
    options: Mapping[str, str],
    players: int,
    entries: Sequence[Entry],
    like: Mapping[str, Any] | None = None,
) -> list[View]:
    """The public views of the match along ``entries``: the one after set-up, one after each
    entry worth seeing, and last the final reveal (a finished match) or the latest public view.

    ``like``: a stored state of the match; the replay is played by its rules revision (its
    ``rules`` key, absent before a game's first revision), so that a match begun before a rule
    changed replays as it was played.

    Raises what :class:`Match` raises for an entry that does not apply (a corrupt log).
    """
    match = Match.new(ruleset, seed, options, players)
    if like is not None:
        revise_like(match.state, like)
    views: list[View] = [ruleset.view(match.state, None)]
    # (role, framed) of each act the match may still take back, oldest first: mirrors its undo
    # history, which resets whenever an act cannot be undone.
    undoable: list[tuple[str, bool]] = []
    for kind, role, text in entries:
        if kind == "undo":
            match.undo(role)
            if _take_back(undoable, role):
                views.pop()
            continue
        if kind == "act":
            outcome = match.submit(role, text)
        elif kind == "resign" and text == TIMEOUT:
            outcome = match.time_out(role)
        elif kind == "resign":
            outcome = match.resign(role)
        else:
            raise ValueError(f"unknown log entry kind {kind!r}")
        framed = worth_seeing(ruleset, outcome.events)
        if match.state["result"] is not None:  # any later entry raises GameOver
            views.append(ruleset.final_reveal(match.state))
        elif framed:
            views.append(ruleset.view(match.state, None))
        if kind == "act" and match.undo_open:
            undoable.append((role, framed))
        else:
            undoable.clear()
    if match.state["result"] is None:
        latest = ruleset.view(match.state, None)
        if latest != views[-1]:
            views.append(latest)
    return views


def _take_back(undoable: list[tuple[str, bool]], role: str) -> bool:
    """Forget ``role``'s newest undoable act (the one :meth:`Match.undo` took back); whether it
    had a frame. Later acts of others logged nothing (else the undo is refused), so that frame
    is the newest one."""
    for index in range(len(undoable) - 1, -1, -1):
        if undoable[index][0] == role:
            return undoable.pop(index)[1]
    return False
