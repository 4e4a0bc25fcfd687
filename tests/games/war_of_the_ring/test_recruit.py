"""Recruiting with a Muster die (§10.3), the stacking limit on recruits (§10.2) and the Voice of
Saruman (§9.2): where each figure may go, what the option allows, what the board holds after."""

from __future__ import annotations

from typing import Any

import pytest

from games.core import ActionError, Match, dump
from games.war_of_the_ring.ruleset import WAR_OF_THE_RING

RULES = WAR_OF_THE_RING


def match_at(position: dict[str, Any]) -> Match:
    dice = {"free": ["event"], "shadow": ["event"], **position.get("dice", {})}
    return Match(RULES, RULES.from_position({**position, "dice": dice}))


def offered(match: Match, role: str) -> set[str]:
    return {a.text for a in RULES.prompt(match.state, role).actions}


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


def places(match: Match, role: str, kind: str) -> set[str]:
    return {
        a.args[0] for a in RULES.prompt(match.state, role).actions if a.verb == "place" and a.args[1] == kind
    }


def test_only_nations_at_war_recruit_with_a_muster_die() -> None:
    match = match_at({"acting": "shadow", "dice": {"shadow": ["muster"]}})
    assert "recruit muster" not in offered(match, "shadow")  # at the start no Shadow Nation is At War
    refused(match, "shadow", "recruit muster")
    match = match_at({"acting": "shadow", "dice": {"shadow": ["muster"]}, "politics": at_war("isengard")})
    play(match, "shadow", "recruit muster", "recruit regulars")
    assert places(match, "shadow", "regular") == {"north_dunland", "orthanc", "south_dunland"}


def test_two_figures_go_to_two_different_settlements() -> None:
    match = match_at(
        {"acting": "shadow", "dice": {"shadow": ["army_muster"]}, "politics": at_war("isengard")}
    )
    play(match, "shadow", "recruit army_muster", "recruit regulars", "place orthanc regular")
    assert places(match, "shadow", "regular") == {"north_dunland", "south_dunland"}
    refused(match, "shadow", "place orthanc regular")
    play(match, "shadow", "place south_dunland regular")
    state = match.state
    assert state["armies"]["orthanc"]["isengard"]["regular"] == 5
    assert state["armies"]["south_dunland"]["isengard"]["regular"] == 2
    assert state["reinforcements"]["isengard"]["regular"] == 6 - 2
    assert state["stack"][-1] == {"step": "act", "side": "free"}


def test_a_player_may_recruit_one_figure_of_two() -> None:
    match = match_at({"acting": "shadow", "dice": {"shadow": ["muster"]}, "politics": at_war("isengard")})
    play(match, "shadow", "recruit muster", "recruit regulars", "place orthanc regular")
    assert "done" in offered(match, "shadow")
    play(match, "shadow", "done")
    assert match.state["reinforcements"]["isengard"]["regular"] == 5


def test_nazgul_are_recruited_only_in_sauron_strongholds() -> None:
    match = match_at(
        {"acting": "shadow", "dice": {"shadow": ["muster"]}, "politics": at_war("sauron", "southrons")}
    )
    play(match, "shadow", "recruit muster", "recruit leaders")
    found = places(match, "shadow", "leader")
    assert found == {"barad_dur", "dol_guldur", "minas_morgul", "moria", "morannon", "mount_gundabad"}
    refused(match, "shadow", "place nurn leader")  # a Sauron Town
    refused(match, "shadow", "place umbar leader")  # a Southron Stronghold: no Leaders at all
    play(match, "shadow", "place moria leader", "place barad_dur leader")
    assert match.state["armies"]["moria"]["sauron"] == {"regular": 2, "leader": 1}
    assert match.state["reinforcements"]["sauron"]["leader"] == 4 - 2


def test_recruits_never_go_to_a_besieged_captured_or_occupied_settlement() -> None:
    match = match_at(
        {
            "dice": {"free": ["muster"]},
            "politics": at_war("gondor"),
            "armies": {
                "minas_tirith": {"sauron": "4R"},
                "lossarnach": {"sauron": "1R"},
                "dol_amroth": {"gondor": "3R"},
            },
            "garrisons": {"minas_tirith": {"gondor": "3R"}},
            "control": {"pelargir": "shadow"},
        }
    )
    play(match, "free", "recruit muster", "recruit regulars")
    assert places(match, "free", "regular") == {"dol_amroth", "lamedon"}
    refused(match, "free", "place minas_tirith regular")  # besieged
    refused(match, "free", "place pelargir regular")  # captured
    refused(match, "free", "place lossarnach regular")  # enemy units there


def test_an_option_needs_figures_in_reinforcements() -> None:
    match = match_at(
        {
            "dice": {"free": ["muster"]},
            "politics": at_war("gondor"),
            "add": {"minas_tirith": {"gondor": "4E"}},  # every Gondor Elite is on the map
        }
    )
    play(match, "free", "recruit muster")
    assert offered(match, "free") == {"recruit regulars", "recruit leaders", "recruit regular-leader"}
    refused(match, "free", "recruit elite")


def test_a_free_peoples_leader_is_recruited_only_beside_free_peoples_units() -> None:
    match = match_at({"dice": {"free": ["muster"]}, "politics": at_war("gondor")})
    play(match, "free", "recruit muster", "recruit regular-leader")
    assert places(match, "free", "leader") == {"dol_amroth", "minas_tirith", "pelargir"}
    assert "lossarnach" in places(match, "free", "regular")
    play(match, "free", "place lossarnach regular")
    assert places(match, "free", "leader") == {"dol_amroth", "minas_tirith", "pelargir"}
    play(match, "free", "place pelargir leader")
    assert match.state["armies"]["pelargir"]["gondor"] == {"regular": 1, "leader": 1}
    assert match.state["armies"]["lossarnach"]["gondor"] == {"regular": 1}


def test_two_figures_may_be_of_two_nations_at_war() -> None:
    match = match_at({"dice": {"free": ["muster"]}, "politics": at_war("gondor", "rohan")})
    play(
        match,
        "free",
        "recruit muster",
        "recruit regular-leader",
        "place edoras regular",
        "place minas_tirith leader",
    )
    state = match.state
    assert state["armies"]["edoras"]["rohan"]["regular"] == 2
    assert state["armies"]["minas_tirith"]["gondor"]["leader"] == 2
    log = [RULES.narrate(e["kind"], e["args"]) for e in state["log"] if e["kind"] == "units_recruited"]
    assert log == [
        "The Free Peoples recruit 1 Rohan Regular in Edoras.",
        "The Free Peoples recruit 1 Gondor Leader in Minas Tirith.",
    ]


def test_a_recruit_into_a_full_settlement_asks_which_unit_goes_back() -> None:
    match = match_at(
        {
            "dice": {"free": ["muster"]},
            "politics": at_war("gondor"),
            "armies": {"minas_tirith": {"gondor": "9R 1E"}},
        }
    )
    play(match, "free", "recruit muster", "recruit elite", "place minas_tirith elite")
    prompt = RULES.prompt(match.state, "free")
    assert prompt.kind == "stacking"
    assert {a.text for a in prompt.actions} == {"remove gondor regular 1", "remove gondor elite 1"}
    play(match, "free", "remove gondor regular 1")
    state = match.state
    assert state["armies"]["minas_tirith"] == {"gondor": {"regular": 8, "elite": 2}}
    assert state["reinforcements"]["gondor"]["regular"] == 15 - 9 + 1  # back to reinforcements, not dead
    assert state["casualties"]["gondor"]["regular"] == 0
    assert state["stack"][-1] == {"step": "act", "side": "shadow"}


def test_the_recruit_itself_may_be_the_unit_sent_back() -> None:
    match = match_at(
        {
            "dice": {"free": ["muster"]},
            "politics": at_war("gondor"),
            "armies": {"minas_tirith": {"gondor": "10R"}},
        }
    )
    play(
        match, "free", "recruit muster", "recruit elite", "place minas_tirith elite", "remove gondor elite 1"
    )
    state = match.state
    assert state["armies"]["minas_tirith"] == {"gondor": {"regular": 10}}
    assert state["reinforcements"]["gondor"]["elite"] == 5


def test_the_voice_of_saruman_recruits_in_every_isengard_settlement_or_makes_elites() -> None:
    position = {
        "acting": "shadow",
        "dice": {"shadow": ["muster"]},
        "politics": at_war("isengard"),
        "characters": {"saruman": "orthanc"},
        "armies": {"orthanc": {"isengard": "4R 1E"}, "south_dunland": {"rohan": "1R"}},
    }
    match = match_at(position)
    play(match, "shadow", "voice-of-saruman muster")
    assert offered(match, "shadow") == {"voice recruit", "voice elites"}
    play(match, "shadow", "voice recruit")
    state = match.state
    assert state["armies"]["orthanc"]["isengard"]["regular"] == 5
    assert state["armies"]["north_dunland"]["isengard"]["regular"] == 1
    assert state["armies"]["south_dunland"] == {"rohan": {"regular": 1}}  # not free: no recruit
    match = match_at(position)
    play(match, "shadow", "voice-of-saruman muster", "voice elites")
    assert match.state["armies"]["orthanc"]["isengard"] == {"regular": 2, "elite": 3}
    assert match.state["reinforcements"]["isengard"] == {"regular": 12 - 2, "elite": 6 - 3, "leader": 0}


def test_the_voice_of_saruman_is_silent_while_orthanc_is_besieged() -> None:
    match = match_at(
        {
            "acting": "shadow",
            "dice": {"shadow": ["muster"]},
            "politics": at_war("isengard"),
            "characters": {"saruman": "orthanc@inside"},
            "armies": {"orthanc": {"rohan": "3R"}},
            "garrisons": {"orthanc": {"isengard": "4R"}},
        }
    )
    assert "voice-of-saruman muster" not in offered(match, "shadow")
    refused(match, "shadow", "voice-of-saruman muster")


def test_with_fewer_regulars_than_settlements_the_voice_places_those_left() -> None:
    match = match_at(
        {
            "acting": "shadow",
            "dice": {"shadow": ["muster"]},
            "politics": at_war("isengard"),
            "characters": {"saruman": "orthanc"},
            "add": {"gap_of_rohan": {"isengard": "5R"}},  # one Isengard Regular left
        }
    )
    play(match, "shadow", "voice-of-saruman muster", "voice recruit")
    assert offered(match, "shadow") == {
        "place orthanc regular",
        "place north_dunland regular",
        "place south_dunland regular",
    }
    play(match, "shadow", "place north_dunland regular")
    assert match.state["armies"]["north_dunland"]["isengard"]["regular"] == 2
    assert match.state["reinforcements"]["isengard"]["regular"] == 0
    assert match.state["stack"][-1]["step"] == "act"
