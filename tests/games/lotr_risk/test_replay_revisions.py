"""Stored matches replay exactly: a match begun before rules revision 2 (no ``rules`` in its
state) goes on, and replays, by the rules it began with (a mission completed on arrival, a
resignation of three ending the game on the scores)."""

from __future__ import annotations

from games.core import Match, State
from games.core.replay import replay_views
from games.core.rng import randbelow

from .helpers import R

OPTIONS = {"players": "3"}


def old_match(
    seed: int, actions: int, *, until: str | None = None
) -> tuple[State, list[tuple[str, str, str]]]:
    """A match of revision 1, played at random: its state and its stored entries (``actions``
    of them, or fewer once an event of kind ``until`` is logged: the menus' order may change)."""
    match = Match.new(R, seed, OPTIONS, 3)
    del match.state["rules"]
    chooser = {"rng": seed}
    entries: list[tuple[str, str, str]] = []
    for _ in range(actions):
        role = sorted(R.active(match.state))[0]
        offered = R.prompt(match.state, role).actions
        action = offered[randbelow(chooser, len(offered))]
        match.submit(role, action)
        entries.append(("act", role, action.text))
        if until is not None and any(e["kind"] == until for e in match.state["log"]):
            break
    return match.state, entries


def test_a_match_of_rules_revision_1_replays_identically() -> None:
    state, entries = old_match(1, 600, until="mission_completed")
    assert any(e["kind"] == "mission_completed" for e in state["log"])  # completed on arrival
    views = replay_views(R, 1, OPTIONS, 3, entries, like=state)
    assert views[-1] == R.view(state, None)


def test_a_resignation_of_rules_revision_1_replays_as_the_end_on_the_scores() -> None:
    state, entries = old_match(2, 40)
    entries.append(("resign", "red", "resign"))
    final = replay_views(R, 2, OPTIONS, 3, entries, like=state)[-1]
    assert final["result"] is not None and final["result"]["reason"] == "resignation"
    today = replay_views(R, 2, OPTIONS, 3, entries)[-1]
    assert today["result"] is None  # a match of today's rules goes on without him
