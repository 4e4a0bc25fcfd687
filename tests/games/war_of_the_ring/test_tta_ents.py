"""Twilight of the Third Age: the Ents of Fangorn (§1.4, D26-D32), one test per rule — entry,
rousing by Ents Awake, movement, attack, Saruman's fall, the end after the third Ents Awake."""

from __future__ import annotations

from typing import Any

from games.core import Match
from games.core.chance import scripted
from games.war_of_the_ring.ruleset import WAR_OF_THE_RING as R

from .helpers import events, forbidden, match, offered
from .test_battle import texts

AT_WAR = {n: {"steps": 0, "active": True} for n in ("isengard", "sauron", "southrons", "rohan", "gondor")}


def ents_match(ents: dict[str, int] | None = None, **more: Any) -> Match:
    """Saruman in Orthanc, Legolas in Fangorn; ``ents`` on the map (the Ents then in play)."""
    tta = dict(more.pop("tta", {}))
    if ents:
        tta["ents"] = ents
    return match(
        switches=["ents"],
        tta=tta,
        characters={"saruman": "orthanc", "legolas": "fangorn", **more.pop("characters", {})},
        dice=more.pop("dice", {"free": ["character"], "shadow": ["muster"]}),
        politics=AT_WAR,
        **more,
    )


def ents_on_map(m: Match) -> dict[str, int]:
    return dict(R.view(m.state, None)["ents"])


def hits(*dice: int, card: str = "fpc_19") -> list[tuple[str, int]]:
    return [(f"{card}_die", d) for d in dice]


# -- entry (D26) ------------------------------------------------------------------------------------


def test_ents_enter_with_a_muster_die_saruman_in_play_and_a_companion_in_fangorn() -> None:
    m = ents_match(dice={"free": ["muster"], "shadow": ["muster"]})
    m.submit("free", "bring-ents muster")
    assert ents_on_map(m) == {"fangorn": 1}
    assert "The Ents of Fangorn enter the war: an Ent stands in Fangorn." in texts(m.state)


def test_ents_enter_only_with_saruman_and_a_companion_in_fangorn_and_only_once() -> None:
    dice = {"free": ["muster"], "shadow": ["muster"]}
    no_companion = match(switches=["ents"], characters={"saruman": "orthanc"}, dice=dice, politics=AT_WAR)
    assert "bring-ents muster" not in offered(no_companion.state, "free")
    no_saruman = match(switches=["ents"], characters={"legolas": "fangorn"}, dice=dice, politics=AT_WAR)
    assert "bring-ents muster" not in offered(no_saruman.state, "free")
    forbidden(ents_match(ents={"fangorn": 1}, dice=dice), "free", "bring-ents muster")  # in play already
    after_three = ents_match(dice=dice, tta={"ents_awake_events": 3})
    assert "bring-ents muster" not in offered(after_three.state, "free")
    base = match(characters={"saruman": "orthanc", "legolas": "fangorn"}, dice=dice, politics=AT_WAR)
    assert "bring-ents muster" not in offered(base.state, "free")


# -- Ents Awake: rousing, moving, attacking (D27-D29) -----------------------------------------------


def test_ents_awake_rouses_two_ents_then_they_move_then_they_attack() -> None:
    m = ents_match(
        ents={"fangorn": 1},
        hands={"free": ["fpc_19"]},
        armies={"orthanc": {"isengard": "3R"}, "fords_of_isen": {"rohan": "2R"}},
    )
    m.submit("free", "play character fpc_19")  # Gandalf the White is not in play: only the Ents
    assert ents_on_map(m) == {"fangorn": 3} and "2 Ents wake in Fangorn." in texts(m.state)
    assert offered(m.state, "free") == [
        "ent-move eastemnet",
        "ent-move fords_of_isen",
        "ent-move parth_celebrant",
        "ent-move westemnet",
        "ents-done",
    ]
    m.submit("free", "ent-move fords_of_isen")
    assert ents_on_map(m) == {"fangorn": 2, "fords_of_isen": 1}
    assert "ent-move orthanc" not in offered(m.state, "free")  # the Shadow holds Orthanc
    m.submit("free", "ents-done")
    assert offered(m.state, "free") == ["ent-attack orthanc", "ents-done"]
    with scripted(*hits(5, 6, 4, 1, 1)):
        m.submit("free", "ent-attack orthanc")
    assert m.state["armies"]["orthanc"]["isengard"] == {"regular": 1}
    roll = events(m.state, "card_roll")[-1]
    assert (roll["dice"], roll["target"], roll["hits"]) == ([5, 6, 4, 1, 1], 5, 2)
    assert ents_on_map(m) == {"fangorn": 1, "fords_of_isen": 1}
    assert m.state["tta"]["factions"]["ents"]["removed"] == 1


def test_an_ent_attack_needs_two_ents_in_fangorn_and_the_last_one_stays() -> None:
    m = ents_match(
        ents={"fangorn": 2, "fords_of_isen": 1}, hands={"free": ["fpc_19"]}, tta={"ents_removed": 5}
    )
    m.submit("free", "play character fpc_19")  # no Ent left to wake: 8 = 2 + 1 + 5
    assert "No Ent is left to wake in Fangorn." in texts(m.state)
    m.submit("free", "ents-done")
    with scripted(*hits(1, 1, 1, 1, 1)):
        m.submit("free", "ent-attack orthanc")
    assert ents_on_map(m) == {"fangorn": 1, "fords_of_isen": 1}
    assert R.prompt(m.state, "free").kind != "event"  # nothing more to do: the card is over


def test_an_ent_attack_that_empties_orthanc_overthrows_saruman() -> None:
    m = ents_match(
        ents={"fangorn": 1, "fords_of_isen": 1},
        hands={"free": ["fpc_20"]},
        armies={"orthanc": {"isengard": "1R"}, "edoras": {"rohan": "1R"}},
    )
    m.submit("free", "play character fpc_20")
    m.submit("free", "ents-done")
    with scripted(*hits(6, 1, 1, 1, 1, card="fpc_20")):
        m.submit("free", "ent-attack orthanc")
    assert "saruman" in m.state["eliminated"] and "saruman" not in m.state["characters"]


def test_an_ent_entering_an_orthanc_empty_of_the_shadow_overthrows_saruman() -> None:
    m = ents_match(
        ents={"fangorn": 2, "fords_of_isen": 1},
        hands={"free": ["fpc_21"]},
        armies={"edoras": {"rohan": "1R"}},
        tta={"ents_removed": 5},
    )
    m.submit("free", "play character fpc_21")
    m.submit("free", "ent-move orthanc")
    assert "saruman" in m.state["eliminated"]
    assert "The Ents enter Orthanc, empty of the Shadow: Saruman is overthrown." in texts(m.state)


def test_ents_awake_lets_the_free_peoples_choose_the_printed_event_or_the_ents() -> None:
    m = ents_match(
        ents={"fangorn": 1},
        hands={"free": ["fpc_19"]},
        characters={"gandalf_white": "fangorn"},
    )
    m.submit("free", "play character fpc_19")
    assert offered(m.state, "free") == ["choose ents", "choose orthanc"]
    with scripted(*hits(1, 1, 1)):
        m.submit("free", "choose orthanc")
    assert ents_on_map(m) == {"fangorn": 1} and m.state["tta"]["ents_awake_events"] == 1


# -- the end (D32) ----------------------------------------------------------------------------------


def test_the_third_ents_awake_sends_every_ent_away_for_good() -> None:
    m = ents_match(
        ents={"fangorn": 3, "eastemnet": 1},
        hands={"free": ["fpc_21"]},
        tta={"ents_awake_events": 2},
        dice={"free": ["character", "muster"], "shadow": ["muster"]},
    )
    m.submit("free", "play character fpc_21")
    m.submit("free", "ents-done")  # no Shadow Army within reach: no attack is asked
    assert ents_on_map(m) == {} and m.state["tta"]["factions"]["ents"]["gone"]
    assert "The third Ents Awake has been played: the Ents leave the war for good." in texts(m.state)
    assert R.check_invariants(m.state) == []


def test_the_third_ents_awake_ends_the_ents_even_before_they_entered() -> None:
    m = match(
        switches=["ents"],
        tta={"ents_awake_events": 2},
        characters={"gandalf_white": "fangorn", "saruman": "orthanc"},
        hands={"free": ["fpc_19"]},
        dice={"free": ["character", "muster"], "shadow": ["muster"]},
        politics=AT_WAR,
    )
    with scripted(*hits(1, 1, 1)):
        m.submit("free", "play character fpc_19")
    assert m.state["tta"]["factions"]["ents"]["gone"] and m.state["tta"]["ents_awake_events"] == 3
    assert not any(a.startswith("bring-ents") for a in offered(m.state, "free"))
