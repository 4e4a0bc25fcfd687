"""Rule coverage: the board's definitions (§2), politics (§8), characters on the map (§9), Army
movement (§10.4), capture and Victory Points (§13), with §19 items 28, 32, 33, 35, 36. Each test is
named after the rule it checks (see docs/dev/war_of_the_ring_rule_coverage.md)."""

from __future__ import annotations

from typing import Any

import pytest

from games.core import InvalidPosition, Match
from games.war_of_the_ring.board import controller, vp
from games.war_of_the_ring.data import REGIONS
from games.war_of_the_ring.ruleset import WAR_OF_THE_RING as R

from .helpers import events, forbidden, position


def match_at(described: dict[str, Any]) -> Match:
    """The position, with an Event die for a side given none (so the turn goes on after)."""
    dice = {"free": ["event"], "shadow": ["event"], **described.get("dice", {})}
    return Match(R, R.from_position({**described, "dice": dice}))


def offered(m: Match, role: str) -> set[str]:
    return {a.text for a in R.prompt(m.state, role).actions}


def targets(m: Match, role: str) -> set[str]:
    return {a.args[0] for a in R.prompt(m.state, role).actions if a.verb == "to"}


def play(m: Match, role: str, *texts: str) -> None:
    for text in texts:
        m.submit(role, text, check=True)


def at_war(*nations: str) -> dict[str, dict[str, Any]]:
    return {n: {"steps": 0, "active": True} for n in nations}


def move(m: Match, role: str, die: str, origin: str, dest: str) -> None:
    """One Army of an Army die (the whole Army) and nothing more. The Army and where it goes are
    asked only when there is another choice (else they are taken, and must be these)."""
    play(m, role, f"move-armies {die}")
    if m.state["stack"][-1]["step"] == "army_choose":
        play(m, role, f"army {origin}")
    assert m.state["stack"][-1]["from"] == origin
    if m.state["stack"][-1]["step"] == "army_to":
        play(m, role, f"to {dest}")
    assert m.state["stack"][-1]["to"] == dest
    if "go" in offered(m, role):
        play(m, role, "go")
    if "done" in offered(m, role):
        play(m, role, "done")


# -- §8.2 activation -------------------------------------------------------------------------------------
def test_an_enemy_army_entering_a_free_nation_region_activates_it_without_a_step() -> None:
    m = match_at(
        {
            "acting": "shadow",
            "dice": {"shadow": ["army"]},
            "armies": {"osgiliath": {"sauron": "3R"}},
            "politics": at_war("sauron"),
        }
    )
    move(m, "shadow", "army", "osgiliath", "druadan_forest")  # a Gondor region with no Settlement
    assert m.state["politics"]["gondor"] == {"steps": 2, "active": True}
    assert [e["why"] for e in events(m.state, "nation_activated")] == ["invaded"]


def test_entering_osgiliath_does_not_rouse_gondor() -> None:
    m = match_at(
        {
            "acting": "shadow",
            "dice": {"shadow": ["army"]},
            "armies": {"north_ithilien": {"sauron": "3R"}},
            "politics": at_war("sauron"),
        }
    )
    assert REGIONS["osgiliath"].nation is None
    move(m, "shadow", "army", "north_ithilien", "osgiliath")
    assert m.state["armies"]["osgiliath"] == {"sauron": {"regular": 3}}
    assert m.state["politics"]["gondor"]["active"] is False and not events(m.state, "nation_activated")


def test_a_companion_ending_his_move_in_an_enemy_held_city_does_not_activate_its_nation() -> None:
    m = match_at(
        {
            "dice": {"free": ["character"]},
            "characters": {"boromir": "lossarnach"},
            "control": {"pelargir": "shadow"},
        }
    )
    play(m, "free", "move-companions character", "companion boromir", "to pelargir")
    assert m.state["politics"]["gondor"]["active"] is False


# -- §8.4 Nations not At War ----------------------------------------------------------------------------
def test_a_shadow_army_not_at_war_may_not_enter_another_nations_regions() -> None:
    m = match_at(
        {
            "acting": "shadow",
            "dice": {"shadow": ["army"]},
            "armies": {"osgiliath": {"sauron": "3R"}},
            "politics": {"sauron": {"steps": 1, "active": True}},
        }
    )
    play(m, "shadow", "move-armies army")  # its one Army is taken
    found = targets(m, "shadow")
    assert {"north_ithilien", "dead_marshes", "west_harondor"} <= found  # no Nation
    assert not found & {"lossarnach", "minas_tirith", "pelargir", "druadan_forest"}  # Gondor
    forbidden(m, "shadow", "to lossarnach")


# -- §2.2 / §19 item 33 Fortifications ----------------------------------------------------------------------
def test_a_fortification_is_no_settlement_no_control_no_recruiting_no_points() -> None:
    state = position()
    assert "osgiliath" not in state["control"] and "fords_of_isen" not in state["control"]
    with pytest.raises(InvalidPosition):
        position(control={"osgiliath": "shadow"})
    m = match_at({"dice": {"free": ["muster"]}, "politics": at_war("gondor", "rohan")})
    play(m, "free", "recruit muster", "recruit regulars")
    places = {a.args[0] for a in R.prompt(m.state, "free").actions if a.verb == "place"}
    assert places and "osgiliath" not in places and "fords_of_isen" not in places


def test_an_army_entering_an_empty_fortification_captures_nothing() -> None:
    m = match_at(
        {
            "acting": "shadow",
            "dice": {"shadow": ["army"]},
            "armies": {"gap_of_rohan": {"isengard": "3R"}},
            "politics": at_war("isengard"),
        }
    )
    move(m, "shadow", "army", "gap_of_rohan", "fords_of_isen")
    assert not events(m.state, "settlement_captured") and vp(m.state, "shadow") == 0
    assert m.state["politics"]["rohan"]["active"] is True  # a Rohan region all the same


# -- §13 capture and Victory Points --------------------------------------------------------------------------
def test_recapturing_a_settlement_removes_the_marker_and_its_points() -> None:
    m = match_at(
        {
            "dice": {"free": ["army_muster"]},
            "armies": {"lossarnach": {"gondor": "2R"}},
            "control": {"pelargir": "shadow"},
            "politics": {"gondor": {"steps": 1, "active": True}},
        }
    )
    assert vp(m.state, "shadow") == 1
    move(m, "free", "army_muster", "lossarnach", "pelargir")
    assert controller(m.state, "pelargir") == "free" and vp(m.state, "shadow") == 0
    assert events(m.state, "settlement_captured") == [
        {"side": "free", "region": "pelargir", "recaptured": True}
    ]
    assert m.state["politics"]["gondor"]["steps"] == 1  # taking one's own back is no step


def test_the_free_peoples_capturing_a_shadow_settlement_move_its_nation_a_step() -> None:
    m = match_at(
        {
            "dice": {"free": ["army_muster"]},
            "armies": {"west_harondor": {"gondor": "2R"}},
            "politics": at_war("gondor"),
        }
    )
    move(m, "free", "army_muster", "west_harondor", "umbar")
    assert controller(m.state, "umbar") == "free" and vp(m.state, "free") == 2
    assert m.state["politics"]["southrons"]["steps"] == 1


def test_cities_are_worth_one_point_strongholds_two_and_towns_nothing() -> None:
    assert vp(position(control={"bree": "shadow", "lamedon": "shadow"}), "shadow") == 0
    assert vp(position(control={"edoras": "shadow"}), "shadow") == 1
    assert vp(position(control={"helms_deep": "shadow"}), "shadow") == 2
    assert vp(position(control={"angmar": "free", "moria": "free"}), "free") == 3


def test_the_captor_cannot_recruit_in_a_settlement_he_captured() -> None:
    m = match_at(
        {
            "acting": "shadow",
            "dice": {"shadow": ["muster"]},
            "armies": {"pelargir": {"southrons": "1R"}},
            "control": {"pelargir": "shadow"},
            "politics": at_war("sauron", "southrons"),
        }
    )
    play(m, "shadow", "recruit muster", "recruit regulars")
    places = {a.args[0] for a in R.prompt(m.state, "shadow").actions if a.verb == "place"}
    assert places and "pelargir" not in places


# -- §9.1 / §9.3 / §9.4 characters -----------------------------------------------------------------------
def test_a_character_alone_is_never_attacked() -> None:
    m = match_at(
        {
            "acting": "shadow",
            "dice": {"shadow": ["army"]},
            "armies": {"north_ithilien": {"sauron": "3R"}},
            "characters": {"boromir": "dead_marshes"},
            "politics": at_war("sauron"),
        }
    )
    forbidden(m, "shadow", "attack army")


def test_a_companion_moving_alone_ignores_enemy_armies() -> None:
    m = match_at(
        {
            "dice": {"free": ["character"]},
            "characters": {"gimli": "dimrill_dale"},
            "add": {"parth_celebrant": {"sauron": "3R"}, "gladden_fields": {"sauron": "2R"}},
        }
    )
    play(m, "free", "move-companions character", "companion gimli")
    found = targets(m, "free")
    assert {"parth_celebrant", "gladden_fields", "fangorn", "old_ford"} <= found  # in and through


def test_companions_stop_on_entering_a_free_stronghold_the_shadow_captured() -> None:
    base: dict[str, Any] = {"dice": {"free": ["character"]}, "characters": {"gimli": "forlindon"}}
    m = match_at(base)
    play(m, "free", "move-companions character", "companion gimli")
    assert "tower_hills" in targets(m, "free")  # through the Grey Havens
    m = match_at({**base, "control": {"grey_havens": "shadow"}})
    play(m, "free", "move-companions character", "companion gimli")  # one way left: taken
    assert m.state["characters"]["gimli"]["region"] == "grey_havens"


def test_a_companion_in_the_fellowship_has_only_his_guide_ability() -> None:
    m = match_at(
        {
            "dice": {"free": ["character", "muster"]},
            "fellowship": {"region": "minas_tirith", "progress": 0},
        }
    )
    assert "boromir" in m.state["fellowship"]["companions"]
    forbidden(m, "free", "boromir character")
    forbidden(m, "free", "boromir muster")


# -- §9.5 Nazgûl and Minions (§19 items 35, 36) -----------------------------------------------------------
def test_nazgul_never_fly_into_a_shadow_stronghold_the_free_peoples_hold() -> None:
    m = match_at(
        {
            "acting": "shadow",
            "dice": {"shadow": ["character"]},
            "armies": {"barad_dur": {"sauron": "1L"}},
            "control": {"moria": "free"},
        }
    )
    play(m, "shadow", "move-minions character", "nazgul barad_dur")
    found = targets(m, "shadow")
    assert "moria" not in found and "dol_guldur" in found
    forbidden(m, "shadow", "to moria 1")


def test_the_mouth_of_sauron_never_enters_a_shadow_stronghold_besieged_by_the_enemy() -> None:
    m = match_at(
        {
            "acting": "shadow",
            "dice": {"shadow": ["character"]},
            "armies": {"morannon": {"gondor": "4R"}},
            "garrisons": {"morannon": {"sauron": "2R"}},
            "characters": {"mouth_of_sauron": "dagorlad"},
        }
    )
    play(m, "shadow", "move-minions character", "minion mouth_of_sauron")
    found = targets(m, "shadow")
    assert "morannon" not in found and "north_ithilien" in found


def test_a_minion_without_an_army_never_enters_a_free_stronghold_not_besieged() -> None:
    m = match_at(
        {
            "acting": "shadow",
            "dice": {"shadow": ["character"]},
            "armies": {},
            "characters": {"mouth_of_sauron": "lossarnach"},
        }
    )
    play(m, "shadow", "move-minions character", "minion mouth_of_sauron")
    assert "minas_tirith" not in targets(m, "shadow") and "osgiliath" in targets(m, "shadow")
