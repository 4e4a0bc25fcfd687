"""Twilight of the Third Age, the foundation (issue 21): the switches in the lobby, their
presets and dependencies (D2, D3), the module's data with its sources, the set-up of every switch
(§4.9) and positions that express the module's pieces. With every switch off the game is the
base game."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from games.core import InvalidAction, InvalidPosition, Match, State, dump
from games.war_of_the_ring.data import (
    BASE_CARDS,
    CARDS,
    CHARACTERS,
    DECKS,
    NATIONS,
    REGIONS,
    STANDARD_TILES,
    TWILIGHT_CARDS,
)
from games.war_of_the_ring.ruleset import WAR_OF_THE_RING as R
from games.war_of_the_ring.setup import new_game
from games.war_of_the_ring.tta import content, switches
from games.war_of_the_ring.tta.switches import SWITCHES, options_for, resolve

from .helpers import position

DICE = {"free": ["will"], "shadow": ["army"]}


def _game(*on: str, seed: int = 7) -> State:
    return new_game(R.name, seed, resolve(options_for(set(on)), playable_only=False))


def _all_cards(state: State) -> dict[str, list[str]]:
    """Every card of each deck wherever it is now (the first turn has drawn one of each)."""
    decks = {name: list(cards) for name, cards in state["decks"].items()}
    for side, hand in state["hands"].items():
        for card in hand:
            kind = CARDS[card].deck if card in CARDS else (content.CARDS.get(card) or _replacement(card)).deck
            decks[f"{side}_{kind}"].append(card)
    return decks


def _replacement(card: str) -> content.TtaCard:
    return next(c for c in content.REPLACEMENTS.values() if c.id == card)


# -- switches in the lobby (D2, D3) -------------------------------------------------------------


def test_every_switch_off_is_the_base_game() -> None:
    for seed in (1, 11, 25):
        base = Match.new(R, seed, {}, 2).state
        named = Match.new(R, seed, {"tta": "base", "tta_factions": "none"}, 2).state
        assert "tta" not in base and dump(base) == dump(named)
        assert len(base["hunt"]["pool"]) == len(STANDARD_TILES)
        assert sum(map(len, base["decks"].values())) + 4 == sum(map(len, DECKS.values()))
        assert R.notice(base["options"]) == ""


def test_an_old_match_without_options_is_the_base_game() -> None:
    assert switches.switches({}) == frozenset() and R.check_invariants(position()) == []


def test_presets_fill_the_switches_and_named_options_override_them() -> None:
    whole = resolve({"tta": "whole"}, playable_only=False)
    assert switches.switches(whole) == frozenset(SWITCHES) and whole["tta"] == "whole"
    less = resolve({"tta": "whole", "tta_characters": "smeagol+balrog"}, playable_only=False)
    assert switches.switches(less) == frozenset(SWITCHES) - {"galadriel", "witch_king_chief"}
    assert less["tta"] == "custom" and less["tta_characters"] == "balrog+smeagol"
    some = resolve({"tta_factions": "ents + Corsairs"}, playable_only=False)
    assert switches.switches(some) == {"corsairs", "ents"} and some["tta_factions"] == "corsairs+ents"
    assert (
        resolve({"tta_factions": "ents+corsairs+dunlendings"}, playable_only=False)["tta_factions"] == "all"
    )
    assert resolve(some, playable_only=False) == some  # resolving twice changes nothing


def test_every_combination_of_switches_round_trips_through_the_options() -> None:
    for mask in range(1 << len(SWITCHES)):
        on = {s for i, s in enumerate(SWITCHES) if mask >> i & 1}
        if "cards" in on and not set(switches.CARDS_NEED) <= on:
            continue
        assert switches.switches(resolve(options_for(on), playable_only=False)) == on


def test_the_cards_need_the_engines_and_the_two_shadow_factions() -> None:
    for missing in switches.CARDS_NEED:
        chosen = options_for(set(switches.CARDS_NEED) - {missing} | {"cards"})
        with pytest.raises(InvalidAction, match="The Twilight cards need the siege engines"):
            resolve(chosen, playable_only=False)
    resolve(options_for({*switches.CARDS_NEED, "cards"}), playable_only=False)


def test_a_switch_not_yet_playable_is_refused_in_the_lobby(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every part is playable now; the refusal stays for a part to come (Sméagol taken out here)."""
    monkeypatch.setattr(switches, "PLAYABLE", switches.PLAYABLE - {"smeagol"})
    for switch in SWITCHES:
        if switch in switches.PLAYABLE or switch == "cards":
            continue
        with pytest.raises(InvalidAction, match="not yet available"):
            R.resolve_options(options_for({switch}))
    with pytest.raises(InvalidAction, match="not yet available"):
        R.resolve_options({"tta": "whole"})


def test_a_wrong_value_gets_a_clear_refusal() -> None:
    with pytest.raises(InvalidAction, match="name some of dunlendings, corsairs, ents joined with"):
        R.resolve_options({"tta_factions": "orcs"})
    with pytest.raises(InvalidAction, match="is not a choice for tta_engines"):
        R.resolve_options({"tta_engines": "maybe"})


def test_the_lobby_tells_which_parts_are_reconstructed() -> None:
    notice = R.notice(options_for({"galadriel", "siege_engines"}))
    assert "Galadriel's card" in notice and "/rules topic:twilight" in notice
    assert "as published" in R.notice(options_for({"siege_engines"}))
    shown = [s.name for s in R.options if s.applies(resolve(options_for({"siege_engines"}), False))]
    assert shown == ["tta", "tta_engines", "tta_factions", "tta_characters", "tta_cards"]
    assert [s.name for s in R.options if s.applies(resolve({}, False))] == []


def test_every_option_fits_discord() -> None:
    for spec in switches.OPTIONS:
        assert len(spec.help) <= 100 and len(spec.choices) <= 25
        assert all(len(spec.label(c)) <= 100 for c in spec.choices)


# -- data ---------------------------------------------------------------------------------------


def test_every_component_has_a_source() -> None:
    for card in [*content.CARDS.values(), *content.REPLACEMENTS.values(), *content.SET_ASIDE_CARDS.values()]:
        assert card.source in content.SOURCES and card.number_source in content.SOURCES, card.id
    for char in content.TTA_CHARACTERS.values():
        assert set(char.sources) == {
            "level",
            "leadership",
            "die_bonus",
            "activates",
            "entry",
            "abilities",
            "leaves",
        }
        assert set(char.sources.values()) <= set(content.SOURCES), char.id
    assert all(t.source in content.SOURCES for t in content.SMEAGOL_TILES)
    assert all(f.source in content.SOURCES for f in content.FACTIONS.values())


def test_the_module_data_holds_together() -> None:
    assert sorted(c.id for c in content.CARDS.values()) == sorted(
        f"{deck}_{n}" for deck in ("fpc", "fps", "shc", "shs") for n in (25, 26)
    )
    for base_id, card in content.REPLACEMENTS.items():
        base = CARDS[base_id]
        assert (card.side, card.deck, card.number) == (base.side, base.deck, base.number)
        assert card.combat == content.CombatHalf(base.combat.name, base.combat.condition, base.combat.effect)
        assert card.needs in SWITCHES and card.id in TWILIGHT_CARDS and card.id not in BASE_CARDS
    assert {u["replaces"] for u in content.UNUSED_REPLACEMENTS} == {"fpc_19", "fpc_20", "fpc_21"}
    # the module's cards are Event cards of the engine, never in a base deck
    dealt = {c for deck in DECKS.values() for c in deck}
    for card in content.CARDS.values():
        assert card.id in TWILIGHT_CARDS and card.id not in dealt and card.id not in CHARACTERS
        assert card.combat is not None and CARDS[card.id].combat.name == card.combat.name
        assert CARDS[card.id].name == card.name
    assert set(content.TTA_CHARACTERS) == set(switches.CHARACTERS)
    for char in content.TTA_CHARACTERS.values():
        assert set(char.activates) <= set(NATIONS)
        if char.id in CHARACTERS:  # a module figure of its own: the same values in the base table
            figure = CHARACTERS[char.id]
            assert (figure.leadership, figure.level) == (char.leadership, char.level)
    assert [content.TTA_CHARACTERS[c].leadership for c in ("galadriel", "balrog", "witch_king_chief")] == [
        2,
        3,
        2,
    ]
    chain = content.COASTAL_CHAIN
    assert len(chain) == len(set(chain)) == 14
    assert all(b in REGIONS[a].neighbours for a, b in itertools.pairwise(chain))
    assert {e.count for e in content.ENGINES.values()} == {6} and content.ENGINES_PER_REGION == 2
    assert {f: x.count for f, x in content.FACTIONS.items()} == {"dunlendings": 12, "corsairs": 6, "ents": 8}


# -- set-up of every switch (§4.9) --------------------------------------------------------------


def test_setup_siege_engines_in_both_pools() -> None:
    state = _game("siege_engines")
    assert state["tta"] == {"engines": {"free": {}, "shadow": {}}, "superiority": None}
    assert R.check_invariants(state) == []


def test_setup_factions_are_set_aside() -> None:
    state = _game("dunlendings", "corsairs", "ents")
    factions = state["tta"]["factions"]
    assert all(not f["in_play"] and f["map"] == {} for f in factions.values())
    assert factions["ents"]["removed"] == 0 and state["tta"]["ents_awake_events"] == 0


def test_setup_characters_are_set_aside_and_smeagol_brings_his_tiles_and_card() -> None:
    state = _game("galadriel", "balrog", "witch_king_chief", "smeagol")
    tta = state["tta"]
    assert tta["characters_aside"] == ["galadriel", "balrog", "witch_king_chief", "smeagol"]
    assert tta["witch_king_card"] is None and tta["smeagol"] == "smeagol"
    assert tta["cards_aside"] == ["we_shall_get_it"]
    assert {"smeagol_1", "smeagol_2"} <= set(state["hunt"]["pool"]) and len(state["hunt"]["pool"]) == 18
    assert _game("smeagol")["decks"] == _game()["decks"]  # We Shall Get It is in no deck


def test_setup_cards_decks_of_26_with_the_swaps_their_switches_allow() -> None:
    state = _game("cards", "siege_engines", "dunlendings", "corsairs")
    decks = _all_cards(state)
    assert {name: len(cards) for name, cards in decks.items()} == dict.fromkeys(DECKS, 26)
    shadow = decks["shadow_strategy"] + decks["shadow_character"]
    assert {"shs_10t", "shs_11t"} <= set(shadow) and not {"shs_10", "shs_11"} & set(shadow)
    assert "shc_17" in shadow and "shc_17t" not in shadow  # the Balrog is off: no swap (D3)
    assert {"fpc_19", "fpc_20", "fpc_21"} <= set(decks["free_character"])  # never swapped
    with_balrog = _all_cards(_game("cards", "siege_engines", "dunlendings", "corsairs", "balrog"))
    assert "shc_17t" in with_balrog["shadow_character"] and "shc_17" not in with_balrog["shadow_character"]


# -- positions ----------------------------------------------------------------------------------


def test_a_position_expresses_every_module_piece_and_reads_back() -> None:
    described: dict[str, Any] = {
        "switches": list(SWITCHES),
        "tta": {
            "engines": {"minas_tirith": {"free": 1, "shadow": 2}, "helms_deep": {"free": 2}},
            "superiority": {"region": "minas_tirith", "turn": 2},
            "dunlendings": {"north_dunland": 2},
            "corsairs": {"umbar": 3, "pelargir": 1},
            "ents": {"fangorn": 3},
            "ents_removed": 2,
            "ents_awake_events": 1,
            "in_play": ["dunlendings"],
            "characters_aside": ["galadriel", "smeagol"],
            "witch_king_card": "chief",
            "smeagol": "gollum",
            "cards_aside": [],
        },
        "hands": {"shadow": ["shs_25", "shc_17t", "we_shall_get_it"]},  # taken when Sméagol fell
        "characters": {"witch_king": "minas_tirith"},  # the Chief's card is his once he entered
        "armies": {"minas_tirith": {"sauron": "4R"}, "helms_deep": {"rohan": "2R"}},
        "garrisons": {"minas_tirith": {"gondor": "3R 1E 1L"}},
        "dice": DICE,
    }
    state = position(**described)
    assert R.check_invariants(state) == []
    again = R.to_position(state)
    assert again["switches"] == list(SWITCHES)
    assert again["tta"]["engines"] == described["tta"]["engines"]
    assert again["tta"]["in_play"] == ["dunlendings", "corsairs", "ents"]
    assert again["tta"]["witch_king_card"] == "chief"
    assert again["hands"]["shadow"] == ["shs_25", "shc_17t", "we_shall_get_it"]
    assert R.to_position(R.from_position(again)) == again


def test_a_base_position_says_nothing_of_the_module() -> None:
    described = R.to_position(position(dice=DICE))
    assert "switches" not in described and "tta" not in described


@pytest.mark.parametrize(
    ("described", "words"),
    [
        ({"tta": {"engines": {"minas_tirith": {"free": 1}}}}, "need their switch on"),
        ({"switches": ["dragons"]}, "unknown dragons"),
        ({"switches": ["cards"]}, "The Twilight cards need"),
        ({"switches": ["siege_engines"], "tta": {"engines": {"minas_tirith": {"free": 3}}}}, "3 Trebuchets"),
        (
            {"switches": ["siege_engines"], "tta": {"engines": {"osgiliath": {"shadow": 1}}}},
            "not a Stronghold",
        ),
        ({"switches": ["corsairs"], "tta": {"corsairs": {"gorgoroth": 1}}}, "Corsair Ships in gorgoroth"),
        ({"switches": ["ents"], "tta": {"ents": {"fangorn": 7}, "ents_removed": 2}}, "9 Ents"),
        ({"switches": ["ents"], "tta": {"ents": {"fangorn": 1}, "ents_gone": True}}, "left the game"),
        ({"hands": {"shadow": ["shs_25"]}}, "not in this game's shadow decks"),
    ],
)
def test_an_impossible_module_position_is_refused(described: dict[str, Any], words: str) -> None:
    with pytest.raises(InvalidPosition, match=words):
        position(**described)


def test_a_module_position_may_start_at_the_beginning_of_a_turn_or_a_phase() -> None:
    siege = {
        "switches": ["siege_engines", "ents"],
        "armies": {"minas_tirith": {"sauron": "4R"}},
        "garrisons": {"minas_tirith": {"gondor": "3R"}},
        "tta": {"engines": {"minas_tirith": {"shadow": 1}}, "ents": {"fangorn": 2}},
    }
    for start in ("turn", "phase:hunt", "phase:actions"):
        extra = {"dice": DICE} if start == "phase:actions" else {}
        state = position(**siege, start=start, **extra)
        assert state["tta"]["engines"]["shadow"] == {"minas_tirith": 1}
        assert state["tta"]["factions"]["ents"]["map"] == {"fangorn": 2}
        assert R.check_invariants(state) == []
