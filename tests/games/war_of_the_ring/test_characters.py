"""Characters on the map (§9.1-§9.5, §14.8, §19 edge cases 24-26, 35-38): moving Companions,
separating them, flying Nazgûl and moving Minions, and characters entering play."""

from __future__ import annotations

from typing import Any

import pytest

from games.core import ActionError, Match, dump
from games.war_of_the_ring import dice
from games.war_of_the_ring.data import REGIONS, within
from games.war_of_the_ring.ruleset import WAR_OF_THE_RING

RULES = WAR_OF_THE_RING


def match_at(position: dict[str, Any]) -> Match:
    dice_ = {"free": ["event"], "shadow": ["event"], **position.get("dice", {})}
    return Match(RULES, RULES.from_position({**position, "dice": dice_}))


def offered(match: Match, role: str) -> set[str]:
    return {a.text for a in RULES.prompt(match.state, role).actions}


def targets(match: Match, role: str) -> set[str]:
    return {a.args[0] for a in RULES.prompt(match.state, role).actions if a.verb == "to"}


def play(match: Match, role: str, *texts: str) -> None:
    for text in texts:
        match.submit(role, text, check=True)


def refused(match: Match, role: str, text: str) -> None:
    before = dump(match.state)
    with pytest.raises(ActionError):
        match.submit(role, text)
    assert dump(match.state) == before


def at_war(*nations: str) -> dict[str, dict[str, Any]]:
    return {n: {"steps": 0, "active": True} for n in nations}


FREE_NATIONS = ("dwarves", "elves", "gondor", "north", "rohan")


# -- moving Companions (§9.4) ---------------------------------------------------------------------
def test_a_companion_moves_up_to_his_level_and_stops_at_a_shadow_stronghold() -> None:
    match = match_at({"dice": {"free": ["character"]}, "characters": {"gimli": "dimrill_dale"}})
    play(match, "free", "move-companions character", "companion gimli")
    found = targets(match, "free")
    assert "moria" in found  # he may enter it...
    assert "hollin" not in found and "north_dunland" not in found  # ...but not go on through it
    assert found <= within("dimrill_dale", 2) and "gladden_fields" in found
    play(match, "free", "to moria")
    assert match.state["characters"]["gimli"] == {"region": "moria", "inside": False}
    assert match.state["stack"][-1] == {"step": "act", "side": "shadow"}  # nobody else to move


def test_companions_in_one_region_may_move_as_a_group_at_the_highest_level() -> None:
    match = match_at(
        {"dice": {"free": ["character"]}, "characters": {"peregrin": "edoras", "strider": "edoras"}}
    )
    play(match, "free", "move-companions character", "companion peregrin")
    alone = targets(match, "free")
    assert alone == within("edoras", 1) - {"edoras"}
    play(match, "free", "companion strider")
    together = targets(match, "free")
    assert alone < together and "druadan_forest" in together  # three regions away
    play(match, "free", "to druadan_forest")
    assert {c: w["region"] for c, w in match.state["characters"].items()} == {
        "peregrin": "druadan_forest",
        "strider": "druadan_forest",
    }
    words = [
        RULES.narrate(e["kind"], e["args"]) for e in match.state["log"] if e["kind"] == "companions_moved"
    ]
    assert words == ["Peregrin Took and Strider move from Edoras to Drúadan Forest."]


def test_each_companion_moves_once_and_the_others_may_stay() -> None:
    match = match_at(
        {"dice": {"free": ["character"]}, "characters": {"legolas": "lorien", "gimli": "lorien"}}
    )
    play(match, "free", "move-companions character", "companion legolas", "to dimrill_dale")
    assert offered(match, "free") == {"companion gimli", "done"}
    refused(match, "free", "companion legolas")
    play(match, "free", "done")
    assert match.state["characters"]["gimli"]["region"] == "lorien"


def test_companions_never_enter_or_leave_a_besieged_free_peoples_stronghold() -> None:
    besieged_lorien = {
        "dice": {"free": ["character"]},
        "armies": {"lorien": {"sauron": "4R"}},
        "garrisons": {"lorien": {"elves": "1R 2E 1L"}},
    }
    match = match_at({**besieged_lorien, "characters": {"legolas": "lorien@inside", "gimli": "dimrill_dale"}})
    play(match, "free", "move-companions character")
    assert offered(match, "free") == {"companion gimli", "done"}  # Legolas is shut in
    refused(match, "free", "companion legolas")
    play(match, "free", "companion gimli")
    assert "lorien" not in targets(match, "free")


def test_a_companion_ending_in_a_city_or_stronghold_he_can_rouse_activates_its_nation() -> None:
    match = match_at(
        {"dice": {"free": ["character"]}, "characters": {"legolas": "osgiliath", "boromir": "osgiliath"}}
    )
    play(match, "free", "move-companions character", "companion legolas", "to minas_tirith")
    assert match.state["politics"]["gondor"]["active"] is False  # Legolas rouses only the Elves
    play(match, "free", "companion boromir", "to minas_tirith")
    assert match.state["politics"]["gondor"]["active"] is True
    assert match.state["log"][-1]["kind"] == "nation_activated"


# -- separating Companions (§14.8) ----------------------------------------------------------------
def test_a_separated_companion_moves_up_to_progress_plus_level_from_the_ring_bearers() -> None:
    match = match_at({"dice": {"free": ["character"]}, "fellowship": {"region": "edoras", "progress": 1}})
    play(match, "free", "separate character", "companion gimli")
    assert targets(match, "free") == within("edoras", 3)  # Progress 1 + Level 2, Edoras included
    play(match, "free", "companion gandalf_grey")
    assert targets(match, "free") == within("edoras", 4)
    play(match, "free", "to druadan_forest")
    state = match.state
    assert "gimli" not in state["fellowship"]["companions"]
    assert state["characters"]["gandalf_grey"] == {"region": "druadan_forest", "inside": False}
    assert state["fellowship"]["guide"] == "strider"  # the Grey was the Guide
    assert state["stack"][-1]["step"] == "act"


def test_companions_separating_in_a_besieged_stronghold_stay_inside_it() -> None:
    match = match_at(
        {
            "dice": {"free": ["character"]},
            "fellowship": {"region": "rivendell", "progress": 3},
            "armies": {"rivendell": {"sauron": "5R"}},
            "garrisons": {"rivendell": {"elves": "2E 1L"}},
        }
    )
    play(match, "free", "separate character", "companion legolas")
    assert offered(match, "free") >= {"to rivendell"} and targets(match, "free") == {"rivendell"}
    play(match, "free", "to rivendell")
    assert match.state["characters"]["legolas"] == {"region": "rivendell", "inside": True}


def test_no_separation_on_the_mordor_track() -> None:
    match = match_at({"dice": {"free": ["character"]}, "fellowship": {"region": None, "mordor": 1}})
    assert "separate character" not in offered(match, "free")
    refused(match, "free", "separate character")


def test_separating_into_a_free_city_activates_its_nation() -> None:
    match = match_at({"dice": {"free": ["character"]}, "fellowship": {"region": "westemnet", "progress": 0}})
    play(match, "free", "separate character", "companion meriadoc", "to edoras")
    assert match.state["politics"]["rohan"]["active"] is True


# -- Nazgûl and Minions (§9.5) --------------------------------------------------------------------
def test_nazgul_fly_anywhere_but_into_a_free_stronghold_not_besieged_by_the_shadow() -> None:
    match = match_at({"acting": "shadow", "dice": {"shadow": ["character"]}})
    play(match, "shadow", "move-minions character")
    assert offered(match, "shadow") == {
        "nazgul barad_dur",
        "nazgul dol_guldur",
        "nazgul minas_morgul",
        "nazgul morannon",
        "done",
    }
    play(match, "shadow", "nazgul minas_morgul")
    found = targets(match, "shadow")
    assert "minas_tirith" not in found and "rivendell" not in found
    assert {"osgiliath", "the_shire", "edoras", "orthanc"} <= found  # a Free City is no Stronghold
    assert len(found) == len(REGIONS) - 1 - 8  # every region but its own and the 8 Free Strongholds
    refused(match, "shadow", "to minas_tirith 1")
    refused(match, "shadow", "to osgiliath 2")  # only one there
    play(match, "shadow", "to osgiliath 1")
    assert match.state["armies"]["osgiliath"]["sauron"] == {"leader": 1}
    assert (
        RULES.narrate("nazgul_moved", match.state["log"][-1]["args"])
        == "1 Nazgûl flies from Minas Morgul to Osgiliath."
    )


def test_nazgul_may_fly_to_a_stronghold_the_shadow_besieges_and_each_flies_once() -> None:
    match = match_at(
        {
            "acting": "shadow",
            "dice": {"shadow": ["character"]},
            "armies": {"minas_tirith": {"sauron": "4R"}, "minas_morgul": {"sauron": "3L"}},
            "garrisons": {"minas_tirith": {"gondor": "3R"}},
        }
    )
    play(match, "shadow", "move-minions character", "nazgul minas_morgul")
    assert "minas_tirith" in targets(match, "shadow")
    play(match, "shadow", "to minas_tirith 2")  # the stack splits
    assert "nazgul minas_morgul" in offered(match, "shadow")
    assert "nazgul minas_tirith" not in offered(match, "shadow")  # they flew already
    play(match, "shadow", "nazgul minas_morgul", "to gorgoroth 1")
    state = match.state
    assert state["armies"]["minas_tirith"]["sauron"] == {"regular": 4, "leader": 2}
    assert state["armies"]["gorgoroth"]["sauron"] == {"leader": 1}
    assert state["stack"][-1]["step"] == "act"  # nothing left to move


def test_the_witch_king_flies_like_a_nazgul_the_mouth_walks_three_and_saruman_stays() -> None:
    match = match_at(
        {
            "acting": "shadow",
            "dice": {"shadow": ["character"]},
            "armies": {},
            "characters": {"witch_king": "minas_morgul", "mouth_of_sauron": "dagorlad", "saruman": "orthanc"},
        }
    )
    play(match, "shadow", "move-minions character")
    assert offered(match, "shadow") == {"minion witch_king", "minion mouth_of_sauron", "done"}
    play(match, "shadow", "minion mouth_of_sauron")
    walk = targets(match, "shadow")
    assert walk <= within("dagorlad", 3) and {"osgiliath", "lossarnach", "barad_dur"} <= walk
    assert "minas_tirith" not in walk  # a Free Peoples Stronghold, not besieged
    play(match, "shadow", "to osgiliath", "minion witch_king")
    assert "minas_tirith" not in targets(match, "shadow") and "the_shire" in targets(match, "shadow")
    play(match, "shadow", "to the_shire")
    chars = match.state["characters"]
    assert (
        chars["mouth_of_sauron"]["region"],
        chars["witch_king"]["region"],
        chars["saruman"]["region"],
    ) == (
        "osgiliath",
        "the_shire",
        "orthanc",
    )


# -- entering play (§9.2) -------------------------------------------------------------------------
def test_saruman_enters_orthanc_when_isengard_is_at_war_and_gives_a_die_next_turn() -> None:
    match = match_at({"acting": "shadow", "dice": {"shadow": ["muster"]}})
    assert "bring-saruman muster" not in offered(match, "shadow")
    match = match_at({"acting": "shadow", "dice": {"shadow": ["muster"]}, "politics": at_war("isengard")})
    assert dice.pool_size(match.state, "shadow") == 7
    play(match, "shadow", "bring-saruman muster")
    state = match.state
    assert state["characters"]["saruman"] == {"region": "orthanc", "inside": False}
    assert state["minion_entered"] is True
    assert dice.pool_size(state, "shadow") == 8
    assert "bring-saruman muster" not in offered(match, "shadow")
    captured = match_at(
        {
            "acting": "shadow",
            "dice": {"shadow": ["muster"]},
            "politics": at_war("isengard"),
            "control": {"orthanc": "free"},
        }
    )
    assert "bring-saruman muster" not in offered(captured, "shadow")


def test_the_witch_king_enters_with_a_sauron_unit_and_rouses_every_free_nation() -> None:
    base = {"acting": "shadow", "dice": {"shadow": ["army_muster"]}, "politics": at_war("sauron")}
    assert "bring-witch-king army_muster" not in offered(match_at(base), "shadow")  # no Free Nation At War
    match = match_at({**base, "politics": at_war("sauron", "gondor")})
    play(match, "shadow", "bring-witch-king army_muster")
    places = targets(match, "shadow") | {a.args[0] for a in RULES.prompt(match.state, "shadow").actions}
    assert "orthanc" not in places and "umbar" not in places  # no Sauron unit there
    assert {"barad_dur", "moria", "nurn"} <= places
    play(match, "shadow", "place moria")
    state = match.state
    assert state["characters"]["witch_king"]["region"] == "moria"
    assert all(state["politics"][n]["active"] for n in FREE_NATIONS)


def test_the_mouth_of_sauron_needs_the_mordor_track_or_every_free_nation_at_war() -> None:
    base = {"acting": "shadow", "dice": {"shadow": ["muster"]}}
    assert "bring-mouth-of-sauron muster" not in offered(match_at(base), "shadow")
    match = match_at({**base, "fellowship": {"region": None, "mordor": 0}, "control": {"moria": "free"}})
    play(match, "shadow", "bring-mouth-of-sauron muster")
    assert {a.text for a in RULES.prompt(match.state, "shadow").actions} == {
        "place barad_dur",
        "place dol_guldur",
        "place minas_morgul",
        "place morannon",
        "place mount_gundabad",
    }
    match = match_at({**base, "politics": at_war(*FREE_NATIONS)})
    assert "bring-mouth-of-sauron muster" in offered(match, "shadow")


def test_aragorn_replaces_strider_only_in_unconquered_minas_tirith_dol_amroth_or_pelargir() -> None:
    for where, ok in (
        ("minas_tirith", True),
        ("dol_amroth", True),
        ("pelargir", True),
        ("osgiliath", False),
        ("edoras", False),
    ):
        match = match_at({"dice": {"free": ["will", "character"]}, "characters": {"strider": where}})
        assert ("bring-aragorn will" in offered(match, "free")) is ok, where
    match = match_at(
        {"dice": {"free": ["will"]}, "characters": {"strider": "pelargir"}, "control": {"pelargir": "shadow"}}
    )
    assert "bring-aragorn will" not in offered(match, "free")
    match = match_at(
        {"dice": {"free": ["will", "character", "muster"]}, "characters": {"strider": "pelargir"}}
    )
    menu = offered(match, "free")
    assert "bring-aragorn character" not in menu and "bring-aragorn muster" not in menu  # Will only
    refused(match, "free", "bring-aragorn character")
    play(match, "free", "bring-aragorn will")
    state = match.state
    assert "strider" not in state["characters"] and "strider" in state["eliminated"]
    assert state["characters"]["aragorn"] == {"region": "pelargir", "inside": False}
    assert state["politics"]["gondor"]["active"] is True
    assert dice.pool_size(state, "free") == 5
    assert not RULES.check_invariants(state)


def test_aragorn_may_replace_strider_in_a_besieged_but_unconquered_minas_tirith() -> None:
    match = match_at(
        {
            "dice": {"free": ["will"]},
            "armies": {"minas_tirith": {"sauron": "5R"}},
            "garrisons": {"minas_tirith": {"gondor": "2R"}},
            "characters": {"strider": "minas_tirith@inside"},
        }
    )
    play(match, "free", "bring-aragorn will")
    assert match.state["characters"]["aragorn"] == {"region": "minas_tirith", "inside": True}


def test_gandalf_the_white_needs_the_grey_gone_and_a_minion_once_in_play() -> None:
    grey_out = {"dice": {"free": ["will"]}, "characters": {"gandalf_grey": "edoras"}}
    assert "bring-gandalf-white will" not in offered(
        match_at({"dice": {"free": ["will"]}}), "free"
    )  # in the Fellowship
    assert "bring-gandalf-white will" not in offered(match_at(grey_out), "free")  # no Minion yet
    match = match_at({**grey_out, "eliminated": ["saruman"]})  # a Minion killed earlier still counts
    play(match, "free", "bring-gandalf-white will")
    assert {a.args[0] for a in RULES.prompt(match.state, "free").actions} == {
        "edoras",
        "fangorn",
        "grey_havens",
        "rivendell",
        "woodland_realm",
        "lorien",
    }
    play(match, "free", "place fangorn")
    state = match.state
    assert state["characters"]["gandalf_white"]["region"] == "fangorn"
    assert "gandalf_grey" not in state["characters"] and "gandalf_grey" in state["eliminated"]
    assert dice.pool_size(state, "free") == 5


def test_gandalf_the_white_rides_four_regions_alone_or_with_one_hobbit() -> None:
    match = match_at(
        {
            "dice": {"free": ["character"]},
            "characters": {"gandalf_white": "edoras", "meriadoc": "edoras", "gimli": "edoras"},
        }
    )
    play(match, "free", "move-companions character", "companion gandalf_white")
    assert targets(match, "free") == within("edoras", 4) - {"edoras"}
    play(match, "free", "companion meriadoc")
    assert targets(match, "free") == within("edoras", 4) - {"edoras"}
    play(match, "free", "companion gimli")
    assert targets(match, "free") == within("edoras", 3) - {"edoras"}
