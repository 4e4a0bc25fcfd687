"""Random games with the playable parts of Twilight of the Third Age switched on, to their end
through the runner, with the invariants after every action (the module's too: engines per
Stronghold, pools, engines only where their Army stands, an Ent in Fangorn while they are in play,
the Dunlendings in play and at most 12, Ships only on the coast, the Witch-king's card) and no dead
ends, each subset of the playable switches in turn within every block of seeds (the suite's 4
games all play the whole of them); and replay determinism with the switches on.

CI plays ``TTA_FUZZ_GAMES`` games (default 4); the full check:
``TTA_FUZZ_GAMES=300 pytest -n 0 tests/games/war_of_the_ring/test_tta_fuzz.py``.
"""

from __future__ import annotations

import os
from collections import Counter

import pytest

from games.core import Match, dump
from games.core.rng import randbelow
from games.war_of_the_ring.ruleset import WAR_OF_THE_RING as R

GAMES = int(os.environ.get("TTA_FUZZ_GAMES", "4"))
LIMIT = 30_000
#: The playable switches, as lobby options.
OPTIONS = {
    "tta_engines": "on",
    "tta_factions": "all",
    "tta_characters": "galadriel+balrog+witch-king",
    "tta_cards": "on",
}
#: Subsets of them, played in turn within every block of seeds (the whole of them first: the
#: suite's 4 games, one per block, play it; the cards need the engines, Dunlendings, Corsairs).
SUBSETS = (
    OPTIONS,
    {"tta_engines": "on"},
    {"tta_factions": "ents"},
    {"tta_factions": "dunlendings"},
    {"tta_factions": "corsairs"},
    {"tta_engines": "on", "tta_factions": "dunlendings"},
    {"tta_characters": "witch-king"},
    {"tta_characters": "balrog"},
    {"tta_characters": "galadriel"},
)
ENGINE_EVENTS = ("engine_placed", "engines_removed", "trebuchet_sacrificed", "siege_towers_press")
ENT_EVENTS = ("ents_entered", "ents_roused", "ent_moved", "ent_attack", "ents_left")
CHARACTER_EVENTS = (
    "witch_king_card",
    "witch_king_pursues",
    "character_entered",
    "shadow_of_moria",
    "nenya_used",
)
DUNLENDING_EVENTS = ("dunlendings_entered", "dunlendings_recruited")
CORSAIR_EVENTS = ("corsairs_entered", "ship_built", "fleet_sailed", "sea_transport", "ships_sunk")


def play(seed: int, options: dict[str, str]) -> tuple[Match, list[tuple[str, str]]]:
    match = Match.new(R, 2000 + seed, options, 2)
    chooser = {"rng": seed * 11 + 3}
    history: list[tuple[str, str]] = []
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
    assert match.state["result"] is not None, f"seed {seed}: no end in {LIMIT} actions"
    return match, history


@pytest.mark.parametrize("block", range(min(GAMES, 4)))
def test_random_games_with_the_playable_parts_keep_the_invariants(block: int) -> None:
    seen: Counter[str] = Counter()
    for seed in range(block, GAMES, 4):
        match, _ = play(seed, SUBSETS[(seed // 4) % len(SUBSETS)])
        kinds = ENGINE_EVENTS + DUNLENDING_EVENTS + CORSAIR_EVENTS + CHARACTER_EVENTS
        seen.update(e["kind"] for e in match.state["log"] if e["kind"] in kinds)
    if GAMES >= 40:
        assert seen["engine_placed"] and seen["engines_removed"], seen
        assert seen["dunlendings_entered"] and seen["dunlendings_recruited"], seen
        assert seen["corsairs_entered"] and seen["fleet_sailed"], seen
        assert seen["witch_king_card"] and seen["shadow_of_moria"], seen


def test_a_game_with_the_playable_parts_replays_exactly() -> None:
    match, history = play(1, OPTIONS)
    again = Match.new(R, 2001, OPTIONS, 2)
    for role, text in history:
        again.submit(role, text)
    assert dump(again.state) == dump(match.state)
