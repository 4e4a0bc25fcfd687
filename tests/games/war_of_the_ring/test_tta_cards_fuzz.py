"""Random games with the Twilight cards switched on (and what they need, D3: the siege engines,
the Dunlendings, the Corsairs), to their end, with the invariants after every action, no dead
ends, and no secret told to whom may not see it: the table never learns a card of a hand, and
the Free Peoples learn the Shadow's only through Wind from the West (their own events).

The cards are not in the lobby yet (``PLAYABLE``): the games are set up with the switches
forced on, as positions are. CI plays ``TTA_FUZZ_GAMES`` games (default 4); the full check:
``TTA_FUZZ_GAMES=300 pytest -n 0 tests/games/war_of_the_ring/test_tta_cards_fuzz.py``.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from games.core import Match, dump, project
from games.core.rng import randbelow
from games.war_of_the_ring.ruleset import WAR_OF_THE_RING as R
from games.war_of_the_ring.setup import new_game
from games.war_of_the_ring.tta.switches import options_for, resolve
from games.war_of_the_ring.tta_card_rules import (
    CAPTAIN_OF_DESPAIR,
    DEEP_TRENCHES,
    GATES_ARE_CLOSED,
    RANGERS_OF_THE_NORTH,
    SHADOW_OF_DOL_GULDUR,
    THREE_RINGS,
    WIND_FROM_THE_WEST,
)

GAMES = int(os.environ.get("TTA_FUZZ_GAMES", "4"))
LIMIT = 30_000
SWITCHES = {"siege_engines", "dunlendings", "corsairs", "cards"}
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
    options = resolve(options_for(SWITCHES), playable_only=False)
    match = Match(R, new_game(R.name, 3000 + seed, options))
    chooser = {"rng": seed * 13 + 5}
    history: list[tuple[str, str]] = []
    seen = 0
    for _ in range(LIMIT):
        state = match.state
        if state["result"] is not None:
            break
        active = sorted(R.active(state))
        assert active, f"seed {seed}: dead end"
        role = active[randbelow(chooser, len(active))]
        actions = R.prompt(state, role).actions
        assert actions, f"seed {seed}: {role} must act but has nothing to do"
        action = actions[randbelow(chooser, len(actions))]
        match.submit(role, action)
        history.append((role, action.text))
        problems = R.check_invariants(match.state)
        assert not problems, f"seed {seed}: {problems}"
        fresh = match.state["log"][seen:]
        cards = any(e["kind"] in SHOWN_TO_FREE or e["kind"] == "event_played" for e in fresh)
        _no_leak(match.state, seen, views=cards or len(history) % 40 == 0)  # views are costly
        seen = len(match.state["log"])
    assert match.state["result"] is not None, f"seed {seed}: no end in {LIMIT} actions"
    return match, history


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
    options = resolve(options_for(SWITCHES), playable_only=False)
    again = Match(R, new_game(R.name, 3001, options))
    for role, text in history:
        again.submit(role, text)
    assert dump(again.state) == dump(match.state)
