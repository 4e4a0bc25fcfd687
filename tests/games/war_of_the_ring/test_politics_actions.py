"""Actions on the Political Track (§5.3, §8.2-§8.4, §9.2): diplomacy with a Muster die, Boromir,
Legolas and Gimli advancing their Nation with any die, and the extra dice of characters in play
counted from the next turn (§5.1, §19 edge case 5)."""

from __future__ import annotations

from typing import Any

import pytest

from games.core import ActionError, Match, dump
from games.war_of_the_ring.ruleset import WAR_OF_THE_RING

RULES = WAR_OF_THE_RING
FACES = ("character", "muster", "army_muster", "event", "will")


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


def test_diplomacy_moves_one_friendly_nation_one_step_toward_war() -> None:
    match = match_at({"dice": {"free": ["muster"]}})
    play(match, "free", "diplomacy muster")
    assert offered(match, "free") == {
        f"advance {n}" for n in ("dwarves", "elves", "gondor", "north", "rohan")
    }
    refused(match, "free", "advance sauron")
    play(match, "free", "advance gondor")
    assert match.state["politics"]["gondor"] == {"steps": 1, "active": False}
    assert match.state["stack"][-1] == {"step": "act", "side": "shadow"}
    event = match.state["log"][-1]
    assert (
        RULES.narrate(event["kind"], event["args"])
        == "Gondor moves toward war (diplomacy): 1 step from At War."
    )


def test_a_passive_nation_never_enters_at_war_but_an_active_one_does() -> None:
    match = match_at(
        {"dice": {"free": ["army_muster"]}, "politics": {"gondor": {"steps": 1, "active": False}}}
    )
    play(match, "free", "diplomacy army_muster")
    assert "advance gondor" not in offered(match, "free")
    refused(match, "free", "advance gondor")
    match = match_at(
        {"dice": {"free": ["army_muster"]}, "politics": {"gondor": {"steps": 1, "active": True}}}
    )
    play(match, "free", "diplomacy army_muster", "advance gondor")
    assert match.state["politics"]["gondor"]["steps"] == 0


def test_the_shadow_has_no_diplomacy_left_when_every_nation_is_at_war() -> None:
    at_war = {n: {"steps": 0, "active": True} for n in ("isengard", "sauron", "southrons")}
    match = match_at({"acting": "shadow", "dice": {"shadow": ["muster"]}, "politics": at_war})
    assert "diplomacy muster" not in offered(match, "shadow")
    match = match_at({"acting": "shadow", "dice": {"shadow": ["muster"]}})
    play(match, "shadow", "diplomacy muster")
    assert offered(match, "shadow") == {"advance isengard", "advance sauron", "advance southrons"}


def test_boromir_in_an_unconquered_gondor_city_advances_gondor_with_any_die() -> None:
    match = match_at({"dice": {"free": list(FACES)}, "characters": {"boromir": "pelargir"}})
    assert {f"boromir {face}" for face in FACES} <= offered(match, "free")
    play(match, "free", "boromir event")
    state = match.state
    assert state["politics"]["gondor"]["steps"] == 1
    assert "event" in state["dice"]["free"]["used"]
    assert RULES.narrate("companion_counsel", state["log"][-2]["args"]) == "Boromir urges Gondor toward war."
    for where, control in (("osgiliath", {}), ("lossarnach", {}), ("pelargir", {"pelargir": "shadow"})):
        elsewhere = match_at(
            {"dice": {"free": ["character"]}, "characters": {"boromir": where}, "control": control}
        )
        assert "boromir character" not in offered(elsewhere, "free"), (
            where
        )  # not a City/Stronghold, or conquered


def test_boromir_cannot_push_a_passive_gondor_into_war() -> None:
    match = match_at(
        {
            "dice": {"free": ["character"]},
            "characters": {"boromir": "minas_tirith"},
            "politics": {"gondor": {"steps": 1, "active": False}},
        }
    )
    assert "boromir character" not in offered(match, "free")
    refused(match, "free", "boromir character")


def test_legolas_in_an_elven_stronghold_and_gimli_in_erebor_advance_their_nations() -> None:
    match = match_at(
        {"dice": {"free": ["muster", "will"]}, "characters": {"legolas": "lorien", "gimli": "erebor"}}
    )
    menu = offered(match, "free")
    assert {"legolas muster", "gimli will"} <= menu
    play(match, "free", "legolas muster")
    assert match.state["politics"]["elves"]["steps"] == 2
    elsewhere = match_at(
        {"dice": {"free": ["muster"]}, "characters": {"legolas": "minas_tirith", "gimli": "iron_hills"}}
    )
    menu = offered(elsewhere, "free")
    assert "legolas muster" not in menu and "gimli muster" not in menu


def test_a_minion_entering_play_gives_its_die_from_the_next_turn_on() -> None:
    match = match_at(
        {
            "acting": "shadow",
            "dice": {"shadow": ["muster"], "free": ["event"]},
            "politics": {"isengard": {"steps": 0, "active": True}},
        }
    )
    play(match, "shadow", "bring-saruman muster")
    play(match, "free", "skip event")  # the turn ends
    state = match.state
    if state["stack"][-1]["step"] == "fellowship_phase":
        play(match, "free", "done")
    assert state["stack"][-1]["step"] == "allocate_hunt"
    play(match, "shadow", "hunt 0")
    rolled = next(
        e for e in reversed(state["log"]) if e["kind"] == "dice_rolled" and e["args"]["side"] == "shadow"
    )
    assert len(rolled["args"]["faces"]) == 8
