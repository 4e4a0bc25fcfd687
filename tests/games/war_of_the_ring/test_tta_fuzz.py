"""Random games with Twilight of the Third Age switched on, to their end through the runner, with
the invariants after every action (:mod:`.tta_fuzz_driver`: the state's — pools, engines per
Stronghold and only where their Army stands, an Ent in Fangorn while they are in play, the
Dunlendings in play and at most 12, Ships only on the coast, the characters — and those across
actions: the Ents never return, a character never goes back aside, the Witch-king's card stays)
and no dead ends: the whole module (every switch the lobby offers, :data:`PLAYABLE`) and, for two
seeds in seven, a subset of them drawn at random; and replay determinism across switch sets.

CI plays ``TTA_FUZZ_GAMES`` games (default 4: three with the whole module, one with a random
subset); ``TTA_FUZZ_GAMES=700`` plays 500 with the whole module and 200 with random subsets:
``TTA_FUZZ_GAMES=700 pytest -n 0 tests/games/war_of_the_ring/test_tta_fuzz.py``.
"""

from __future__ import annotations

import os
from collections import Counter

import pytest

from games.core import Match
from games.war_of_the_ring.ruleset import WAR_OF_THE_RING as R
from games.war_of_the_ring.tta.switches import PLAYABLE, SWITCHES, switches

from .tta_fuzz_driver import Lasting, lobby_options, play, random_switches, replays, valid_subsets

GAMES = int(os.environ.get("TTA_FUZZ_GAMES", "4"))
#: The whole module as the lobby offers it.
WHOLE = frozenset(PLAYABLE)
#: Seeds (mod 7) that play a random subset of the playable switches; the others the whole module.
SUBSET_SEEDS = (1, 4)
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
KINDS = ENGINE_EVENTS + ENT_EVENTS + DUNLENDING_EVENTS + CORSAIR_EVENTS + CHARACTER_EVENTS


def switches_for(seed: int) -> frozenset[str]:
    return random_switches(seed) if seed % 7 in SUBSET_SEEDS else WHOLE


def new_match(seed: int, on: frozenset[str]) -> Match:
    return Match.new(R, 2000 + seed, lobby_options(on), 2)


def play_seed(seed: int, on: frozenset[str]) -> tuple[Match, list[tuple[str, str]]]:
    match = new_match(seed, on)
    history = play(match, seed * 11 + 3, f"seed {seed} ({'+'.join(sorted(on))})")
    return match, history


@pytest.mark.parametrize("block", range(min(GAMES, 4)))
def test_random_games_with_the_module_keep_the_invariants(block: int) -> None:
    seen: Counter[str] = Counter()
    failed: list[str] = []
    for seed in range(block, GAMES, 4):
        on = switches_for(seed)
        try:
            match, history = play_seed(seed, on)
        except Exception as problem:  # the long run goes on and lists every failure
            failed.append(f"seed {seed}: {type(problem).__name__}: {str(problem).splitlines()[0]}")
            print(f"tta-fuzz FAILED {failed[-1]}")
            continue
        seen.update(e["kind"] for e in match.state["log"] if e["kind"] in KINDS)
        result = match.state["result"]
        part = "whole" if on == WHOLE else "+".join(sorted(on))
        print(f"tta-fuzz seed {seed} {part} {len(history)} actions: {result['reason']} {result['winners']}")
    assert not failed, failed
    if GAMES >= 40:
        assert seen["engine_placed"] and seen["engines_removed"], seen
        assert seen["dunlendings_entered"] and seen["dunlendings_recruited"], seen
        assert seen["corsairs_entered"] and seen["fleet_sailed"], seen
        assert seen["ents_entered"], seen
        assert seen["witch_king_card"] and seen["shadow_of_moria"], seen


def test_the_random_subsets_are_every_accepted_set_of_playable_switches() -> None:
    subsets = valid_subsets()
    assert WHOLE in subsets and len(set(subsets)) == len(subsets)
    for on in subsets:
        assert on <= PLAYABLE and switches(lobby_options(on)) == on
    # every playable switch alone but the cards (they need their parts, D3)
    assert {s for s in SWITCHES if s in PLAYABLE and frozenset({s}) in subsets} == PLAYABLE - {"cards"}
    assert subsets[-1] == WHOLE
    drawn = Counter(random_switches(seed) for seed in range(40 * len(subsets)))
    assert set(drawn) == set(subsets) - {WHOLE} and max(drawn.values()) < 120, drawn
    assert sum(1 for seed in range(700) if switches_for(seed) != WHOLE) == 200


@pytest.mark.parametrize("seed", [0, 1, 4])  # the whole module, then two random subsets
def test_a_game_with_the_module_replays_exactly_for_several_switch_sets(seed: int) -> None:
    on = switches_for(seed)
    match, history = play_seed(seed, on)
    assert replays(match, history, new_match(seed, on)), on


def test_the_lasting_invariants_catch_what_comes_back() -> None:
    match = new_match(0, WHOLE)
    lasting = Lasting()
    assert lasting.check(match.state) == []
    tta = match.state["tta"]
    tta["factions"]["ents"].update({"gone": True, "in_play": False, "map": {}})
    tta["characters_aside"].remove("balrog")
    tta["witch_king_card"] = "chief"
    assert lasting.check(match.state) == []
    tta["factions"]["ents"]["gone"] = False
    tta["characters_aside"].append("balrog")
    tta["witch_king_card"] = "black_captain"
    assert len(lasting.check(match.state)) == 3
