"""Twilight of the Third Age: Siege Towers and Trebuchets (§1.3, D7-D13), one test per rule —
placing, when they count, superiority, the free extension, the temporary superiority of a
sacrificed Trebuchet, and their removal."""

from __future__ import annotations

from typing import Any

import pytest

from games.core import Match
from games.core.chance import scripted
from games.war_of_the_ring.commands import COMMANDS
from games.war_of_the_ring.ruleset import WAR_OF_THE_RING as R

from .helpers import events, forbidden, offered
from .test_battle import army_of, attack, battle_match, combat, last_round, texts

ENGINES = ["siege_engines"]


def siege(
    garrison: str = "3R",
    besiegers: str = "4R 1E",
    engines: dict[str, int] | None = None,
    acting: str = "shadow",
    **more: Any,
) -> Match:
    """Gondor's ``garrison`` in Minas Tirith besieged by Sauron, with ``engines`` there."""
    tta = dict(more.pop("tta", {}))
    if engines:
        tta["engines"] = {"minas_tirith": engines}
    return battle_match(
        {"minas_tirith": {"sauron": besiegers}, **more.pop("armies", {})},
        acting=acting,
        garrisons=more.pop("garrisons", {"minas_tirith": {"gondor": garrison}}),
        switches=ENGINES,
        tta=tta,
        **more,
    )


def pool(m: Match, side: str) -> int:
    return int(R.view(m.state, None)["siege_engines"]["pools"][side])


def at(m: Match, region: str = "minas_tirith") -> dict[str, int]:
    return dict(R.view(m.state, None)["siege_engines"]["regions"].get(region, {}))


# -- placing (D9) -----------------------------------------------------------------------------------


def test_placing_a_siege_tower_with_a_muster_die_at_a_besieged_free_peoples_stronghold() -> None:
    m = siege(dice={"shadow": ["muster"], "free": ["muster"]})
    assert "build-engine muster" in offered(m.state, "shadow")
    m.submit("shadow", "build-engine muster")
    assert at(m) == {"shadow": 1} and pool(m, "shadow") == 5
    assert "The Shadow builds a Siege Tower at Minas Tirith." in texts(m.state)
    assert R.active(m.state) == {"free"}  # the whole action


def test_placing_a_trebuchet_inside_the_besieged_stronghold_with_a_will_of_the_west() -> None:
    m = siege(acting="free", dice={"free": ["will"], "shadow": ["muster"]})
    m.submit("free", "build-engine will")
    assert at(m) == {"free": 1} and pool(m, "free") == 5
    assert "The Free Peoples raise a Trebuchet at Minas Tirith." in texts(m.state)


def test_placing_asks_where_when_several_strongholds_are_besieged() -> None:
    m = siege(
        dice={"shadow": ["army_muster"], "free": ["muster"]},
        armies={"helms_deep": {"isengard": "3R"}},
        garrisons={"minas_tirith": {"gondor": "3R"}, "helms_deep": {"rohan": "2R"}},
    )
    m.submit("shadow", "build-engine army_muster")
    assert offered(m.state, "shadow") == ["engine helms_deep", "engine minas_tirith"]
    assert R.prompt(m.state, "shadow").kind == "engine_site"
    assert [R.describe(m.state, "shadow", a) for a in R.prompt(m.state, "shadow").actions] == [
        "Siege Tower at Helm's Deep",
        "Siege Tower at Minas Tirith",
    ]
    m.submit("shadow", "engine helms_deep")
    assert at(m, "helms_deep") == {"shadow": 1}


def test_placing_needs_a_siege_room_for_the_engine_and_one_in_the_pool() -> None:
    no_siege = battle_match({"minas_tirith": {"gondor": "3R"}}, switches=ENGINES, dice={"shadow": ["muster"]})
    assert "build-engine muster" not in offered(no_siege.state, "shadow")
    full = siege(engines={"shadow": 2}, dice={"shadow": ["muster"], "free": ["muster"]})
    forbidden(full, "shadow", "build-engine muster")
    elsewhere = {"helms_deep": {"shadow": 2}, "dol_amroth": {"shadow": 2}, "erebor": {"shadow": 2}}
    empty = siege(
        dice={"shadow": ["muster"], "free": ["muster"]},
        tta={"engines": elsewhere},
        armies={
            "helms_deep": {"isengard": "2R"},
            "dol_amroth": {"southrons": "2R"},
            "erebor": {"sauron": "2R"},
        },
        garrisons={
            "minas_tirith": {"gondor": "3R"},
            "helms_deep": {"rohan": "1R"},
            "dol_amroth": {"gondor": "1R"},
            "erebor": {"dwarves": "1R"},
        },
    )
    forbidden(empty, "shadow", "build-engine muster")  # all 6 Siege Towers are on the map


def test_without_the_switch_no_engine_is_ever_offered() -> None:
    m = battle_match(
        {"minas_tirith": {"sauron": "4R"}},
        garrisons={"minas_tirith": {"gondor": "3R"}},
        dice={"shadow": ["muster"], "free": ["muster"]},
    )
    assert not any(a.startswith("build-engine") for a in offered(m.state, "shadow"))
    assert "siege_engines" not in R.view(m.state, None)


# -- superiority in a siege battle (D10) ------------------------------------------------------------


def test_siege_tower_superiority_gives_minus_one_to_every_free_peoples_die() -> None:
    m = siege(engines={"shadow": 1})
    with scripted(*combat((1, 1, 1, 1, 1), (5, 5, 6))):
        attack(m, "shadow", "minas_tirith", "minas_tirith")
    first = last_round(m.state)
    assert first["defender_hits"] == 1  # 5 - 1 misses, the natural 6 still hits
    assert "-1 to each die (Siege Towers)" in " ".join(texts(m.state))


def test_trebuchet_superiority_gives_plus_one_and_bars_the_elite_reduction() -> None:
    m = siege(engines={"free": 1})
    with scripted(*combat((1, 1, 1, 1, 1), (4, 4, 1))):
        attack(m, "shadow", "minas_tirith", "minas_tirith")
    assert last_round(m.state)["defender_hits"] == 2  # 4 + 1 hits, the natural 1 still misses
    m.submit("shadow", "remove sauron regular 2")
    assert m.state["battle"] is None  # no fight-on against Trebuchet superiority
    assert army_of(m.state, "minas_tirith", "sauron") == {"regular": 2, "elite": 1}


def test_equal_engines_give_nobody_superiority() -> None:
    m = siege(engines={"shadow": 2, "free": 2})
    attack(m, "shadow", "minas_tirith", "minas_tirith")
    assert R.prompt(m.state, "free").kind == "siege_engines"
    with scripted(*combat((1, 1, 1, 1, 1), (5, 5, 5))):
        m.submit("free", "keep-trebuchets")
    assert last_round(m.state)["defender_hits"] == 3


def test_engines_do_not_count_in_a_sortie() -> None:
    m = siege(
        engines={"shadow": 2},
        acting="free",
        dice={"free": ["army_muster"], "shadow": ["muster"]},
        garrison="3R 1L",
    )
    with scripted(*combat((5, 5, 5), (1, 1, 1, 1, 1), attacking="free")):
        attack(m, "free", "minas_tirith", "minas_tirith")  # a sortie
    assert last_round(m.state)["attacker_hits"] == 3


# -- the free extension (D10) -----------------------------------------------------------------------


def test_siege_tower_superiority_fights_one_more_round_without_an_elite_once() -> None:
    m = siege(besiegers="5R", engines={"shadow": 1})
    with scripted(*combat((1, 1, 1, 1, 1), (1, 1, 1))):
        attack(m, "shadow", "minas_tirith", "minas_tirith")
    assert offered(m.state, "shadow") == ["fight-on-free", "cease"]
    with scripted(*combat((1, 1, 1, 1, 1), (1, 1, 1))):
        m.submit("shadow", "fight-on-free")
    assert last_round(m.state)["round"] == 2 and m.state["battle"] is None  # once per siege battle
    assert army_of(m.state, "minas_tirith", "sauron") == {"regular": 5}
    assert "The Siege Towers carry the assault on Minas Tirith one more round, no Elite reduced." in texts(
        m.state
    )


# -- temporary superiority (D11) --------------------------------------------------------------------


def test_sacrificing_a_trebuchet_when_even_gives_superiority_until_the_end_of_the_turn() -> None:
    m = siege(
        besiegers="5R 1E",
        engines={"shadow": 1, "free": 1},
        dice={"shadow": ["army", "army"], "free": ["muster"]},
    )
    attack(m, "shadow", "minas_tirith", "minas_tirith")
    assert offered(m.state, "free") == ["sacrifice-trebuchet", "keep-trebuchets"]
    labels = [R.describe(m.state, "free", a) for a in R.prompt(m.state, "free").actions]
    assert labels == [
        "Sacrifice a Trebuchet: siege superiority for the rest of the turn",
        "Keep your Trebuchets",
    ]
    with scripted(*combat((1, 1, 1, 1, 1), (4, 1, 1))):
        m.submit("free", "sacrifice-trebuchet")
    assert at(m) == {"shadow": 1} and pool(m, "free") == 6
    assert last_round(m.state)["defender_hits"] == 1  # +1 although the Towers now outnumber
    m.submit("shadow", "remove sauron regular 1")
    assert m.state["battle"] is None  # no Elite reduction against it
    m.submit("free", "skip muster")
    with scripted(*combat((1, 1, 1, 1, 1), (4, 1, 1))):
        attack(m, "shadow", "minas_tirith", "minas_tirith")
    assert last_round(m.state)["defender_hits"] == 1  # still the Free Peoples' this turn
    assert "The Free Peoples sacrifice a Trebuchet at Minas Tirith" in " ".join(texts(m.state))


def test_a_temporary_superiority_ends_with_its_turn() -> None:
    m = siege(engines={"shadow": 1}, tta={"superiority": {"region": "minas_tirith", "turn": 1}}, turn=2)
    with scripted(*combat((1, 1, 1, 1, 1), (5, 1, 1))):
        attack(m, "shadow", "minas_tirith", "minas_tirith")
    assert last_round(m.state)["defender_hits"] == 0  # Siege Tower superiority again
    assert m.state["tta"]["superiority"] is None


def test_no_sacrifice_is_asked_when_the_counts_differ_or_no_trebuchet_is_there() -> None:
    for engines in ({"shadow": 2, "free": 1}, {"shadow": 1}, {}):
        m = siege(engines=engines)
        with scripted(*combat((1, 1, 1, 1, 1), (1, 1, 1))):
            attack(m, "shadow", "minas_tirith", "minas_tirith")
        assert not events(m.state, "trebuchet_sacrificed")
        assert R.prompt(m.state, "free").kind != "siege_engines"


# -- removal (D12) ----------------------------------------------------------------------------------


def test_engines_go_back_to_the_pool_when_the_stronghold_is_captured() -> None:
    m = siege(garrison="1R", besiegers="5R", engines={"shadow": 2, "free": 1})
    with scripted(*combat((6, 1, 1, 1, 1), (1,))):
        attack(m, "shadow", "minas_tirith", "minas_tirith")
    assert m.state["control"]["minas_tirith"] == "shadow"
    assert at(m) == {} and pool(m, "shadow") == 6 and pool(m, "free") == 6
    assert "2 Siege Towers at Minas Tirith go back to the Shadow's pool." in texts(m.state)


def test_siege_towers_go_when_the_besiegers_are_gone_and_trebuchets_stay_with_the_garrison() -> None:
    m = siege(
        garrison="3R 1L",
        besiegers="1R",
        engines={"shadow": 1, "free": 1},
        acting="free",
        dice={"free": ["army_muster"], "shadow": ["muster"]},
    )
    with scripted(*combat((6, 6, 6), (1,), attacking="free")):
        attack(m, "free", "minas_tirith", "minas_tirith")
    assert army_of(m.state, "minas_tirith", "sauron") == {}
    assert at(m) == {"free": 1} and pool(m, "shadow") == 6  # the siege is lifted, the Trebuchet stays


@pytest.mark.parametrize("switch_on", [True, False])
def test_the_lobby_offers_the_siege_engines(switch_on: bool) -> None:
    options = R.resolve_options({"tta_engines": "on"} if switch_on else {})
    state = R.setup(3, options, 2)
    assert ("tta" in state) is switch_on and R.check_invariants(state) == []


def test_every_engine_decision_has_a_typed_command() -> None:
    typed = {c.verb for c in COMMANDS}
    assert {"build-engine", "engine", "fight-on-free", "sacrifice-trebuchet", "keep-trebuchets"} <= typed
