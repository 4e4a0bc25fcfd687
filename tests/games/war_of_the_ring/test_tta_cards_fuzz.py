"""Random games with the Twilight cards switched on (and what they need, D3: the siege engines,
the Dunlendings, the Corsairs), to their end, with the invariants after every action, no dead
ends, and no secret told to whom may not see it: the table never learns a card of a hand, and
the Free Peoples learn the Shadow's only through Wind from the West (their own events).

The games go through the shared driver (:mod:`.tta_fuzz_driver`: the module's invariants, those
across actions too). CI plays ``TTA_FUZZ_GAMES`` games (default 4); the full check:
``TTA_FUZZ_GAMES=300 pytest -n 0 tests/games/war_of_the_ring/test_tta_cards_fuzz.py``.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from games.core import Match, project
from games.war_of_the_ring.ruleset import WAR_OF_THE_RING as R
from games.war_of_the_ring.setup import new_game
from games.war_of_the_ring.tta_card_rules import (
    CAPTAIN_OF_DESPAIR,
    DEEP_TRENCHES,
    GATES_ARE_CLOSED,
    RANGERS_OF_THE_NORTH,
    SHADOW_OF_DOL_GULDUR,
    THREE_RINGS,
    WIND_FROM_THE_WEST,
)

from .tta_fuzz_driver import lobby_options, replays
from .tta_fuzz_driver import play as drive

GAMES = int(os.environ.get("TTA_FUZZ_GAMES", "4"))
SWITCHES = frozenset({"siege_engines", "dunlendings", "corsairs", "cards"})
#: Events only the Free Peoples see when Wind from the West shows them the Shadow's hand.
SHOWN_TO_FREE = frozenset({"hand_seen", "wind_discard_seen"})
MINE = (
    RANGERS_OF_THE_NORTH,
    THREE_RINGS,
    WIND_FROM_THE_WEST,
    CAPTAIN_OF_DESPAIR,
    GATES_ARE_CLOSED,
    DEEP_TRENCHES,
    SHADOW_OF_DOL_GULDUR,
)


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield str(k)
            yield from _strings(v)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from _strings(v)


def _no_leak(state: dict[str, Any], since: int, views: bool) -> None:
    """The new events, as each audience reads them, and (``views``) each audience's view."""
    for viewer, foe in ((None, None), ("free", "shadow"), ("shadow", "free")):
        hidden = (
            R.secrets(state, "free") | R.secrets(state, "shadow")
            if viewer is None
            else R.secrets(state, foe or "")
        )
        if views:
            assert not hidden & set(_strings(R.view(state, viewer))), viewer
        for event in state["log"][since:]:
            kind, args = project(event, viewer)
            if viewer == "free" and kind in SHOWN_TO_FREE:
                continue
            assert not hidden & set(_strings(dict(args))), (viewer, kind)


def play(seed: int) -> tuple[Match, list[tuple[str, str]]]:
    match = new_match(seed)
    seen = [0]

    def no_leak(match: Match, played: int) -> None:
        fresh = match.state["log"][seen[0] :]
        cards = any(e["kind"] in SHOWN_TO_FREE or e["kind"] == "event_played" for e in fresh)
        _no_leak(match.state, seen[0], views=cards or played % 40 == 0)  # views are costly
        seen[0] = len(match.state["log"])

    return match, drive(match, seed * 13 + 5, f"seed {seed}", no_leak)


def new_match(seed: int) -> Match:
    return Match(R, new_game(R.name, 3000 + seed, lobby_options(SWITCHES)))


@pytest.mark.parametrize("block", range(min(GAMES, 4)))
def test_random_games_with_the_twilight_cards_keep_the_invariants_and_the_secrets(block: int) -> None:
    played: Counter[str] = Counter()
    for seed in range(block, GAMES, 4):
        match, _ = play(seed)
        played.update(
            e["args"]["card"]
            for e in match.state["log"]
            if e["kind"] == "event_played" and e["args"]["card"] in MINE
        )
    if GAMES >= 40:
        assert set(played) == set(MINE), played


def test_a_game_with_the_twilight_cards_replays_exactly() -> None:
    match, history = play(1)
    assert replays(match, history, new_match(1))
