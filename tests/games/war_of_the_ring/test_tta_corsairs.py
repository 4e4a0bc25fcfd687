"""Twilight of the Third Age: the Corsairs of Umbar (§1.4, D18-D25), one test per rule — entry,
recruiting, Ships outside the Armies, the coastal chain, fleets, sea transport, attacks by sea,
advancing by sea, Ship losses (the two cards that use Ships: ``test_cards_tta_corsairs.py``)."""

from __future__ import annotations

from typing import Any

import pytest

from games.core import Action, Match
from games.core.chance import scripted
from games.core.ruleset import InvalidPosition
from games.war_of_the_ring.commands import COMMANDS
from games.war_of_the_ring.data import REGIONS
from games.war_of_the_ring.ruleset import WAR_OF_THE_RING as R

from .helpers import events, forbidden, match, offered, step
from .test_battle import army_of, attack, combat, texts

AT_WAR = {n: {"steps": 0, "active": True} for n in ("isengard", "sauron", "southrons", "rohan", "gondor")}


def corsairs_match(ships: dict[str, int] | None = None, **more: Any) -> Match:
    """The Corsairs in the game (in play when ``ships`` are on the map), every Nation At War."""
    tta = dict(more.pop("tta", {}))
    if ships:
        tta["corsairs"] = ships
    return match(
        switches=more.pop("switches", ["corsairs"]),
        tta=tta,
        acting=more.pop("acting", "shadow"),
        dice=more.pop("dice", {"shadow": ["army"], "free": ["muster"]}),
        politics=more.pop("politics", AT_WAR),
        **more,
    )


def choose_army(m: Match, side: str, region: str) -> None:
    """``army <region>``, unless it was the one answer and taken already."""
    if step(m.state) == "army_choose":
        m.submit(side, f"army {region}")
    assert m.state["stack"][-1]["from"] == region


def ships(m: Match) -> dict[str, int]:
    return dict(R.view(m.state, None)["corsairs"]["ships"])


# -- entry and recruiting (D18) ---------------------------------------------------------------------


def test_d18_the_corsairs_enter_with_a_muster_die_two_ships_in_umbar() -> None:
    m = corsairs_match(dice={"shadow": ["muster"], "free": ["muster"]})
    assert "bring-corsairs muster" in offered(m.state, "shadow")
    m.submit("shadow", "bring-corsairs muster")
    assert ships(m) == {"umbar": 2} and R.view(m.state, None)["corsairs"]["pool"] == 4
    assert "The Corsairs of Umbar enter the war: 2 Corsair Ships in Umbar." in texts(m.state)
    assert m.state["tta"]["factions"]["corsairs"]["in_play"]


def test_d18_the_corsairs_enter_only_at_war_with_umbar_free_and_once() -> None:
    dice = {"shadow": ["muster"], "free": ["muster"]}
    not_at_war = corsairs_match(dice=dice, politics={"southrons": {"steps": 1, "active": True}})
    assert "bring-corsairs muster" not in offered(not_at_war.state, "shadow")
    besieged = corsairs_match(
        dice=dice,
        armies={"umbar": {"gondor": "3R"}},
        garrisons={"umbar": {"southrons": "2R"}},
    )
    assert "bring-corsairs muster" not in offered(besieged.state, "shadow")
    forbidden(corsairs_match({"umbar": 1}, dice=dice), "shadow", "bring-corsairs muster")
    base = match(dice=dice, politics=AT_WAR, acting="shadow")
    assert not any(a.startswith(("bring-corsairs", "muster-ships")) for a in offered(base.state, "shadow"))


def test_d18_a_muster_die_builds_a_ship_in_umbar_and_recruits_a_southron_regular() -> None:
    m = corsairs_match({"pelargir": 2}, dice={"shadow": ["muster"], "free": ["muster"]})
    m.submit("shadow", "muster-ships muster")
    assert ships(m) == {"pelargir": 2, "umbar": 1}
    assert "The Shadow builds a Corsair Ship in Umbar." in texts(m.state)
    assert step(m.state) == "recruit"
    assert "place umbar regular" in offered(m.state, "shadow")
    m.submit("shadow", "place umbar regular")
    assert army_of(m.state, "umbar", "southrons").get("regular", 0) >= 1
    assert R.active(m.state) == {"free"}


def test_d18_no_ship_is_built_from_an_empty_pool_and_sunk_ships_return_to_it() -> None:
    full = corsairs_match({"umbar": 6}, dice={"shadow": ["muster"], "free": ["muster"]})
    forbidden(full, "shadow", "muster-ships muster")
    m = corsairs_match({"pelargir": 2, "umbar": 4}, dice={"shadow": ["muster"], "free": ["muster"]})
    assert R.view(m.state, None)["corsairs"]["pool"] == 0
    m.state["tta"]["factions"]["corsairs"]["map"]["pelargir"] = 1  # one sunk (see D24 below)
    assert R.view(m.state, None)["corsairs"]["pool"] == 1


# -- Ships are not Army units (D19) -----------------------------------------------------------------


def test_d19_ships_do_not_block_nor_are_attacked_nor_change_control() -> None:
    m = corsairs_match(
        {"dol_amroth": 2},
        acting="free",
        dice={"free": ["army_muster"], "shadow": ["muster"]},
        armies={"lamedon": {"gondor": "2R"}, "umbar": {"southrons": "2R"}},
    )
    assert "attack army_muster" not in offered(m.state, "free")  # no Shadow Army anywhere near
    m.submit("free", "move-armies army_muster")
    choose_army(m, "free", "lamedon")
    assert "to dol_amroth" in offered(m.state, "free")  # the Ships do not block
    m.submit("free", "to dol_amroth")
    m.submit("free", "go")
    assert ships(m) == {"dol_amroth": 2} and m.state["control"]["dol_amroth"] == "free"
    assert R.check_invariants(m.state) == []


# -- the coastal chain (D20) and fleets (D21) -------------------------------------------------------


def test_d20_ships_stand_only_on_the_coastal_chain_and_positions_keep_them() -> None:
    with pytest.raises(InvalidPosition, match="Corsair Ships in osgiliath"):
        corsairs_match({"osgiliath": 1})
    with pytest.raises(InvalidPosition, match="Corsair Ships in evendim"):
        corsairs_match({"evendim": 1})  # flagged coastal by one data set, not here (D20)
    m = corsairs_match({"umbar": 2, "harlindon": 1})
    described = R.to_position(m.state)
    assert described["tta"]["corsairs"] == {"umbar": 2, "harlindon": 1}
    assert described["tta"]["in_play"] == ["corsairs"]
    assert R.to_position(R.from_position(described)) == described
    assert R.check_invariants(m.state) == []
    m.state["tta"]["factions"]["corsairs"]["map"]["osgiliath"] = 1
    assert "1 Corsair Ships in osgiliath" in R.check_invariants(m.state)


def test_d20_d21_a_fleet_sails_up_to_two_steps_along_the_coastal_chain() -> None:
    m = corsairs_match({"umbar": 3}, armies={"near_harad": {"southrons": "2R"}})
    m.submit("shadow", "move-armies army")
    assert "fleet umbar" in offered(m.state, "shadow")
    m.submit("shadow", "fleet umbar")
    assert offered(m.state, "shadow") == [
        "sail west_harondor 3",
        "sail west_harondor 2",
        "sail west_harondor 1",
        "sail pelargir 3",
        "sail pelargir 2",
        "sail pelargir 1",
    ]
    forbidden(m, "shadow", "sail lamedon 3")  # three steps away
    m.submit("shadow", "sail pelargir 2")
    assert ships(m) == {"umbar": 1, "pelargir": 2}
    assert "2 Corsair Ships sail from Umbar to Pelargir." in texts(m.state)
    assert "fleet pelargir" not in offered(m.state, "shadow")  # they sailed already
    assert offered(m.state, "shadow")[-1] == "done"


def test_d21_a_fleet_move_is_one_of_the_two_moves_of_an_army_die_only() -> None:
    m = corsairs_match({"umbar": 1, "harlindon": 1})
    m.submit("shadow", "move-armies army")  # the Ships alone make the Army die's move possible
    m.submit("shadow", "fleet umbar")
    m.submit("shadow", "sail west_harondor 1")
    m.submit("shadow", "fleet harlindon")
    m.submit("shadow", "sail grey_havens 1")
    assert ships(m) == {"west_harondor": 1, "grey_havens": 1}
    assert R.active(m.state) == {"free"}  # two moves spent
    led = corsairs_match(
        {"umbar": 1},
        dice={"shadow": ["character"], "free": ["muster"]},
        armies={"umbar": {"southrons": "2R", "sauron": "1L"}},
    )
    led.submit("shadow", "move-army character")
    assert not any(a.startswith("fleet") for a in offered(led.state, "shadow"))


def test_d21_ships_ignore_enemy_units() -> None:
    m = corsairs_match({"lamedon": 1}, armies={"dol_amroth": {"gondor": "3R"}, "pelargir": {"gondor": "2R"}})
    m.submit("shadow", "move-armies army")
    m.submit("shadow", "fleet lamedon")
    m.submit("shadow", "sail dol_amroth 1")
    assert ships(m) == {"dol_amroth": 1} and m.state["battle"] is None
    assert m.state["control"]["dol_amroth"] == "free"


# -- sea transport (D22) ----------------------------------------------------------------------------


def test_d22_an_army_with_a_ship_moves_by_sea_to_a_region_with_a_ship_two_steps_away() -> None:
    m = corsairs_match({"umbar": 1, "pelargir": 1}, armies={"umbar": {"southrons": "3R"}})
    m.submit("shadow", "move-armies army")
    choose_army(m, "shadow", "umbar")
    assert "to pelargir" in offered(m.state, "shadow")
    assert R.describe(m.state, "shadow", Action.from_text("to pelargir")) == "Carry it by sea to Pelargir"
    m.submit("shadow", "to pelargir")
    m.submit("shadow", "go")
    assert army_of(m.state, "pelargir", "southrons") == {"regular": 3}
    assert m.state["control"]["pelargir"] == "shadow"  # an undefended enemy Settlement is captured
    assert ships(m) == {"umbar": 1, "pelargir": 1}  # the Ships do not move
    assert "The Corsair Ships carry that Army by sea from Umbar to Pelargir." in texts(m.state)


def test_d22_transport_needs_a_ship_at_both_ends_within_two_steps_and_no_enemy_units() -> None:
    no_ship_there = corsairs_match({"umbar": 1}, armies={"umbar": {"southrons": "3R"}})
    no_ship_there.submit("shadow", "move-armies army")
    choose_army(no_ship_there, "shadow", "umbar")
    assert "to pelargir" not in offered(no_ship_there.state, "shadow")
    too_far = corsairs_match({"umbar": 1, "lamedon": 1}, armies={"umbar": {"southrons": "3R"}})
    too_far.submit("shadow", "move-armies army")
    choose_army(too_far, "shadow", "umbar")
    assert "to lamedon" not in offered(too_far.state, "shadow")
    defended = corsairs_match(
        {"umbar": 1, "pelargir": 1}, armies={"umbar": {"southrons": "3R"}, "pelargir": {"gondor": "1R"}}
    )
    defended.submit("shadow", "move-armies army")
    choose_army(defended, "shadow", "umbar")
    forbidden(defended, "shadow", "to pelargir")


def test_d22_a_character_die_carries_a_led_army_by_sea() -> None:
    m = corsairs_match(
        {"umbar": 1, "pelargir": 1},
        dice={"shadow": ["character"], "free": ["muster"]},
        armies={"umbar": {"southrons": "2R", "sauron": "1L"}},
    )
    m.submit("shadow", "move-army character")
    choose_army(m, "shadow", "umbar")
    m.submit("shadow", "to pelargir")
    m.submit("shadow", "go")
    assert army_of(m.state, "pelargir", "southrons") == {"regular": 2}


def test_d22_the_free_peoples_never_sail() -> None:
    m = corsairs_match(
        {"dol_amroth": 1, "pelargir": 1},
        acting="free",
        dice={"free": ["army_muster"], "shadow": ["muster"]},
        armies={"dol_amroth": {"gondor": "2R"}},
    )
    m.submit("free", "move-armies army_muster")
    assert not any(a.startswith("fleet") for a in offered(m.state, "free"))
    choose_army(m, "free", "dol_amroth")
    assert "to pelargir" not in offered(m.state, "free")


# -- attacks by sea (D23) ---------------------------------------------------------------------------


def test_d23_an_army_with_a_ship_attacks_by_sea_and_advances_by_sea() -> None:
    m = corsairs_match(
        {"umbar": 1, "pelargir": 1},
        armies={"umbar": {"southrons": "4R"}, "pelargir": {"gondor": "1R"}},
    )
    with scripted(*combat((6, 6, 6, 6), (1,))):
        attack(m, "shadow", "umbar", "pelargir")
    assert m.state["battle"]["stage"] == "advance"
    m.submit("shadow", "advance-all")
    assert army_of(m.state, "pelargir", "southrons") == {"regular": 4}
    assert ships(m) == {"umbar": 1, "pelargir": 1}


def test_d23_no_retreat_by_sea() -> None:
    m = corsairs_match(
        {"umbar": 1, "pelargir": 1, "lamedon": 1},
        armies={"umbar": {"southrons": "5R"}, "pelargir": {"gondor": "3R"}},
    )
    with scripted(*combat((1, 1, 1, 1, 1), (1, 1, 1))):
        attack(m, "shadow", "umbar", "pelargir")
    m.submit("shadow", "continue")
    retreats = [a for a in offered(m.state, "free") if a.startswith("retreat")]
    assert retreats and all(a.split()[1] in REGIONS["pelargir"].neighbours for a in retreats)
    assert "retreat umbar" not in retreats


def test_d23_a_sea_attack_needs_ships_at_both_ends_within_reach() -> None:
    m = corsairs_match(
        {"umbar": 1, "lamedon": 1},
        armies={"umbar": {"southrons": "4R"}, "lamedon": {"gondor": "1R"}},
    )
    assert not any(a.startswith("attack") for a in offered(m.state, "shadow"))


def test_d22_a_nation_not_at_war_is_never_carried_into_another_nation() -> None:
    m = corsairs_match(
        {"umbar": 1, "pelargir": 1},
        armies={"umbar": {"southrons": "3R"}, "near_harad": {"sauron": "1R"}},
        politics={**AT_WAR, "southrons": {"steps": 1, "active": True}},
    )
    m.submit("shadow", "move-armies army")
    choose_army(m, "shadow", "umbar")
    assert "to pelargir" not in offered(m.state, "shadow")  # Gondor's: §8.4 as on land
    assert "to west_harondor" in offered(m.state, "shadow")  # a region of no Nation


def test_d23_a_character_die_attacks_by_sea_with_a_led_army() -> None:
    m = corsairs_match(
        {"umbar": 1, "pelargir": 1},
        dice={"shadow": ["character"], "free": ["muster"]},
        armies={"umbar": {"southrons": "3R", "sauron": "1L"}, "pelargir": {"gondor": "1R"}},
    )
    with scripted(*combat((6, 6, 6), (1,), (), ())):
        attack(m, "shadow", "umbar", "pelargir", die="character")
    assert events(m.state, "battle_started")[0]["from"] == "umbar"
    unled = corsairs_match(
        {"umbar": 1, "pelargir": 1},
        dice={"shadow": ["character"], "free": ["muster"]},
        armies={"umbar": {"southrons": "3R"}, "pelargir": {"gondor": "1R"}},
    )
    assert "attack-leader character" not in offered(unled.state, "shadow")


# -- Ship losses (D24) ------------------------------------------------------------------------------


def test_d24_ships_sink_when_the_free_peoples_destroy_every_shadow_unit_of_their_region() -> None:
    m = corsairs_match(
        {"pelargir": 2, "umbar": 1},
        acting="free",
        dice={"free": ["army_muster"], "shadow": ["muster"]},
        armies={"lamedon": {"gondor": "3R"}, "pelargir": {"southrons": "1R"}},
    )
    with scripted(*combat((6, 6, 6), (1,), attacking="free")):
        attack(m, "free", "lamedon", "pelargir")
    assert ships(m) == {"umbar": 1}
    assert "2 Corsair Ships are sunk in Pelargir." in texts(m.state)
    assert R.view(m.state, None)["corsairs"]["pool"] == 5
    assert events(m.state, "ships_sunk") == [{"region": "pelargir", "count": 2}]


def test_d24_ships_stay_when_their_army_survives_or_a_shadow_attack_fails() -> None:
    m = corsairs_match(
        {"pelargir": 2},
        acting="free",
        dice={"free": ["army_muster"], "shadow": ["muster"]},
        armies={"lamedon": {"gondor": "3R"}, "pelargir": {"southrons": "3R"}},
    )
    with scripted(*combat((6, 1, 1), (1, 1, 1), attacking="free")):
        attack(m, "free", "lamedon", "pelargir")
    if m.state["battle"] is not None:
        m.submit("free", "cease")
    assert ships(m) == {"pelargir": 2}


# -- typed commands and menus -----------------------------------------------------------------------


def test_the_typed_commands_fill_the_corsairs_actions_and_the_menus_name_them() -> None:
    by_verb = {c.verb: c for c in COMMANDS}
    m = corsairs_match({"umbar": 2}, dice={"shadow": ["muster", "army"], "free": ["muster"]})
    for text in ("muster-ships muster", "move-armies army"):
        action = Action.from_text(text)
        assert text in offered(m.state, "shadow")
        assert len(by_verb[action.verb].params) == len(action.args)
    m.submit("shadow", "move-armies army")
    fleet = Action("fleet", ("umbar",))
    assert fleet in R.prompt(m.state, "shadow").actions
    assert R.describe(m.state, "shadow", fleet) == "Sail the Ships in Umbar"
    m.submit("shadow", "fleet umbar")
    sails = R.prompt(m.state, "shadow").actions
    assert all(len(by_verb["sail"].params) == len(a.args) for a in sails)
    assert R.describe(m.state, "shadow", sails[0]) == "Sail 2 Ships to West Harondor"
    assert len(by_verb["fleet"].params) == 1 and by_verb["bring-corsairs"].group == "muster"
