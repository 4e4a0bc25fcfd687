"""Field battles (§11, §12.1, §9.2, §8.3): starting an attack, the Combat roll and the Leader
re-roll, ceasing, retreating and advancing, the political reactions, and random play with battles.

Dice are scripted in the order the engine rolls them (§11.3, both sides each step together): the
attacker's Combat dice, the defender's, then the attacker's re-rolls and the defender's.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from games.core import Action, IllegalAction, Match, State, dump, load
from games.core.chance import scripted
from games.core.rng import randbelow
from games.war_of_the_ring.battle_figures import is_hit
from games.war_of_the_ring.data import NATIONS
from games.war_of_the_ring.events import PRESENTER
from games.war_of_the_ring.ruleset import WAR_OF_THE_RING as R

from .helpers import events, offered, step

AT_WAR = {n: {"steps": 0, "active": True} for n in NATIONS}


def battle_match(
    armies: Mapping[str, Any],
    acting: str = "shadow",
    dice: Mapping[str, list[str]] | None = None,
    politics: Mapping[str, Any] | None = None,
    **more: Any,
) -> Match:
    """A position with these Armies (every Nation At War unless told), one die to act with and one
    for the opponent (so that the turn goes on after the battle)."""
    other = "free" if acting == "shadow" else "shadow"
    faces = dict(dice or {acting: ["army" if acting == "shadow" else "army_muster"], other: ["muster"]})
    position = {
        "armies": armies,
        "acting": acting,
        "dice": faces,
        "politics": dict(politics if politics is not None else AT_WAR),
        **more,
    }
    return Match(R, R.from_position(position))


def combat(
    attacker: tuple[int, ...],
    defender: tuple[int, ...],
    attacker_rerolls: tuple[int, ...] = (),
    defender_rerolls: tuple[int, ...] = (),
    *,
    attacking: str = "shadow",
) -> list[tuple[str, int]]:
    """One round's chance in the engine's order (each side's dice named for it)."""
    defending = "free" if attacking == "shadow" else "shadow"
    return [
        *((f"{attacking}_combat_die", v) for v in attacker),
        *((f"{defending}_combat_die", v) for v in defender),
        *((f"{attacking}_combat_reroll", v) for v in attacker_rerolls),
        *((f"{defending}_combat_reroll", v) for v in defender_rerolls),
    ]


def attack(
    m: Match, side: str, origin: str, target: str, *then: str, die: str | None = None, go: bool = True
) -> None:
    """Start an attack with an Army die (or ``attack-leader`` with a Character die): choose the
    target (unless it is the only one: then it is not asked), then the ``then`` actions (a
    rearguard), then ``go`` if still asked and ``go``."""
    verb = "attack-leader" if die == "character" else "attack"
    face = die or ("army" if side == "shadow" else "army_muster")
    m.submit(side, f"{verb} {face}")
    if step(m.state) == "battle_start" and m.state["stack"][-1]["to"] is None:
        assert len(offered(m.state, side)) > 1  # a target with no other is taken, not asked
        m.submit(side, f"attack {origin} {target}")
    if step(m.state) == "battle_start":
        assert (m.state["stack"][-1]["from"], m.state["stack"][-1]["to"]) == (origin, target)
    for action in then:
        m.submit(side, action)
    if go and step(m.state) == "battle_start":
        m.submit(side, "go")


def last_round(state: State) -> Mapping[str, Any]:
    return events(state, "combat_round")[-1]


def texts(state: State, since: int = 0) -> list[str]:
    return [PRESENTER.text(e["kind"], e["args"]) for e in state["log"][since:]]


def army_of(state: State, region: str, nation: str, inside: bool = False) -> dict[str, int]:
    table = state["garrisons"] if inside else state["armies"]
    return dict(table.get(region, {}).get(nation, {}))


# -- starting a battle ---------------------------------------------------------------------------
def test_an_army_die_attacks_an_adjacent_enemy_army_and_the_log_tells_the_battle() -> None:
    m = battle_match(
        {"north_ithilien": {"sauron": "5R 1L"}, "osgiliath": {"gondor": "2R"}},
        politics={"sauron": {"steps": 0}},
    )
    assert "attack army" in offered(m.state, "shadow")
    m.submit("shadow", "attack army")  # its one possible target is taken, not asked
    frame = m.state["stack"][-1]
    assert (frame["step"], frame["from"], frame["to"]) == ("battle_start", "north_ithilien", "osgiliath")
    assert "go" in offered(m.state, "shadow")
    seen = len(m.state["log"])
    # Osgiliath is a Fortification: 6s hit in round 1; the Nazgûl re-rolls one miss.
    with scripted(*combat((6, 6, 2, 3, 1), (5, 1), attacker_rerolls=(6,))):
        m.submit("shadow", "go")
    assert texts(m.state, seen) == [
        "The Shadow attacks Osgiliath from North Ithilien with 5 Regulars and 1 Nazgûl.",
        "Gondor is roused (attacked).",
        "Gondor moves toward war (attacked): 1 step from At War.",
        "Round 1: the Shadow rolls 6 6 2 3 1 (hitting on 6; re-roll 6): 3 hits; Gondor rolls 5 1: 1 hit.",
        "Sauron loses 1 Regular in North Ithilien.",
        "Gondor loses 2 Regulars in Osgiliath.",
        "The Army of the Free Peoples in Osgiliath is destroyed.",
    ]
    assert R.view(m.state, None)["battle"] == {
        "region": "osgiliath",
        "attacker": "shadow",
        "defender": "free",
        "from": "north_ithilien",
        "round": 1,
        "siege": False,
        "sortie": False,
        "relief": False,
        "strength": {"shadow": 4, "free": 0},
        "leadership": {"shadow": 1, "free": 0},
        "rolls": {
            "shadow": {"dice": [6, 6, 2, 3, 1], "rerolls": [6], "target": 6, "hits": 3},
            "free": {"dice": [5, 1], "rerolls": [], "target": 5, "hits": 1},
        },
    }
    assert R.prompt(m.state, "shadow").kind == "advance"
    m.submit("shadow", "advance-all")
    assert army_of(m.state, "osgiliath", "sauron") == {"regular": 4, "leader": 1}
    assert "north_ithilien" not in m.state["armies"]
    assert m.state["battle"] is None and R.view(m.state, None)["battle"] is None
    assert step(m.state) != "battle"


def test_the_attacker_never_enters_the_region_during_the_battle() -> None:
    m = battle_match({"north_ithilien": {"sauron": "3R"}, "osgiliath": {"gondor": "3R"}})
    with scripted(*combat((1, 1, 1), (1, 1, 1))):
        attack(m, "shadow", "north_ithilien", "osgiliath")
    assert army_of(m.state, "north_ithilien", "sauron") == {"regular": 3}
    assert "sauron" not in m.state["armies"]["osgiliath"]
    assert R.prompt(m.state, "shadow").kind == "cease_or_continue"


def test_an_army_without_a_unit_of_a_nation_at_war_cannot_attack() -> None:
    armies = {"south_ithilien": {"southrons": "3R", "sauron": "2L"}, "osgiliath": {"gondor": "2R"}}
    m = battle_match(armies, dice={"shadow": ["army", "character"]}, politics={"southrons": {"steps": 1}})
    assert not [a for a in offered(m.state, "shadow") if a.startswith("attack")]  # Nazgûl do not help


def test_units_of_nations_not_at_war_are_put_in_the_rearguard() -> None:
    armies = {"south_ithilien": {"southrons": "3R", "sauron": "2R"}, "osgiliath": {"gondor": "3R"}}
    m = battle_match(armies, politics={"sauron": {"steps": 0}, "southrons": {"steps": 1}})
    with scripted(*combat((1, 1), (1, 1, 1))):
        attack(m, "shadow", "south_ithilien", "osgiliath")  # nothing else to choose: it starts
    started = events(m.state, "battle_started")[-1]
    assert (started["regular"], started["rearguard"]) == (2, 3)
    assert len(last_round(m.state)["attacker_dice"]) == 2  # only the Sauron units fight


def test_the_attacker_may_leave_a_rearguard_that_neither_fights_nor_advances() -> None:
    m = battle_match({"north_ithilien": {"sauron": "4R 1L"}, "dead_marshes": {"gondor": "1R"}})
    attack(m, "shadow", "north_ithilien", "dead_marshes", go=False)
    assert R.prompt(m.state, "shadow").amounts[0].high == 3  # the attack keeps a unit
    m.submit("shadow", "rearguard sauron regular 2")
    with scripted(*combat((5, 1), (1,), attacker_rerolls=(1,))):
        m.submit("shadow", "go")
    assert len(last_round(m.state)["attacker_dice"]) == 2
    assert "advance sauron regular 2" in offered(m.state, "shadow")
    assert "advance sauron regular 3" not in offered(m.state, "shadow")
    assert not R.is_legal(m.state, "shadow", Action("advance", ("sauron", "regular", "3")))
    m.submit("shadow", "advance-all")
    assert army_of(m.state, "dead_marshes", "sauron") == {"regular": 2, "leader": 1}
    assert army_of(m.state, "north_ithilien", "sauron") == {"regular": 2}


def test_a_character_die_attack_needs_a_leader_going_with_the_attackers() -> None:
    armies = {"north_ithilien": {"sauron": "3R"}, "dead_marshes": {"gondor": "1R"}}
    m = battle_match(armies, dice={"shadow": ["character"]})
    assert "attack-leader character" not in offered(m.state, "shadow")
    armies = {"north_ithilien": {"sauron": "3R 1L"}, "dead_marshes": {"gondor": "1R"}}
    m = battle_match(armies, dice={"shadow": ["character"]})
    attack(m, "shadow", "north_ithilien", "dead_marshes", die="character", go=False)
    assert "rearguard sauron leader 1" not in offered(m.state, "shadow")  # the Nazgûl must go
    assert "rearguard sauron regular 2" in offered(m.state, "shadow")


def test_a_character_die_may_attack_with_a_companion_leading() -> None:
    armies = {"osgiliath": {"gondor": "2R"}, "north_ithilien": {"sauron": "1R"}}
    m = battle_match(armies, acting="free", dice={"free": ["character"]}, characters={"boromir": "osgiliath"})
    attack(m, "free", "osgiliath", "north_ithilien", die="character", go=False)
    assert "rearguard boromir" not in offered(m.state, "free")
    assert "rearguard gondor regular 1" in offered(m.state, "free")


def test_the_messenger_of_the_dark_tower_attacks_with_a_muster_die_once_per_turn() -> None:
    armies = {
        "north_ithilien": {"sauron": "1R"},
        "dead_marshes": {"gondor": "1R"},
        "osgiliath": {"gondor": "1R"},
    }
    m = battle_match(armies, dice={"shadow": ["muster", "muster"], "free": ["muster"]})
    assert "messenger-attack muster" not in offered(m.state, "shadow")  # no Mouth of Sauron
    m = battle_match(
        armies,
        dice={"shadow": ["muster", "muster"], "free": ["muster", "muster"]},
        characters={"mouth_of_sauron": "gorgoroth"},
    )
    m.submit("shadow", "messenger-attack muster")
    with scripted(*combat((1,), (1,))):
        m.submit("shadow", "attack north_ithilien dead_marshes")
    m.submit("shadow", "cease")
    m.submit("free", "skip muster")
    assert not [a for a in offered(m.state, "shadow") if a.startswith("messenger")]


# -- the Combat roll -------------------------------------------------------------------------------
def test_combat_strength_is_the_units_in_battle_but_never_more_than_5_dice() -> None:
    m = battle_match({"north_ithilien": {"sauron": "8R"}, "dead_marshes": {"gondor": "2R"}})
    with scripted(*combat((1, 1, 1, 1, 1), (1, 1))):
        attack(m, "shadow", "north_ithilien", "dead_marshes", "go")
    assert last_round(m.state)["attacker_dice"] == [1, 1, 1, 1, 1]


def test_captain_of_the_west_adds_a_die_per_companion_still_at_most_5() -> None:
    armies = {"osgiliath": {"gondor": "2R"}, "north_ithilien": {"sauron": "3R"}}
    chars = {"strider": "osgiliath", "boromir": "osgiliath"}
    m = battle_match(armies, acting="free", characters=chars)
    with scripted(*combat((1, 1, 1, 1), (1, 1, 1), attacker_rerolls=(1, 1), attacking="free")):
        attack(m, "free", "osgiliath", "north_ithilien", "go")
    assert len(last_round(m.state)["attacker_dice"]) == 4  # 2 units + 2 Captains
    armies = {"osgiliath": {"gondor": "4R"}, "north_ithilien": {"sauron": "3R"}}
    m = battle_match(armies, acting="free", characters=chars)
    with scripted(*combat((1, 1, 1, 1, 1), (1, 1, 1), attacker_rerolls=(1, 1), attacking="free")):
        attack(m, "free", "osgiliath", "north_ithilien", "go")
    assert len(last_round(m.state)["attacker_dice"]) == 5
    # Gandalf the White has no Captain of the West (§9.2).
    m = battle_match(
        {"osgiliath": {"gondor": "2R"}, "north_ithilien": {"sauron": "3R"}},
        acting="free",
        characters={"gandalf_white": "osgiliath"},
    )
    with scripted(*combat((1, 1), (1, 1, 1), attacker_rerolls=(1,), attacking="free")):
        attack(m, "free", "osgiliath", "north_ithilien", "go")
    assert len(last_round(m.state)["attacker_dice"]) == 2


def test_a_city_makes_the_attacker_hit_on_6_in_the_first_round_only() -> None:
    m = battle_match({"west_harondor": {"sauron": "4R"}, "pelargir": {"gondor": "3R"}})
    with scripted(*combat((5, 5, 5, 6), (1, 1, 1))):
        attack(m, "shadow", "west_harondor", "pelargir")
    assert (last_round(m.state)["attacker_target"], last_round(m.state)["attacker_hits"]) == (6, 1)
    assert last_round(m.state)["defender_target"] == 5  # the defender is unaffected
    m.submit("shadow", "continue")
    with scripted(*combat((5, 5, 5, 5), (1, 1))):
        m.submit("free", "fight")
    assert (last_round(m.state)["attacker_target"], last_round(m.state)["attacker_hits"]) == (5, 4)


def test_a_fortification_makes_the_attacker_hit_on_6_in_the_first_round_only() -> None:
    m = battle_match({"north_ithilien": {"sauron": "3R"}, "osgiliath": {"gondor": "3R"}})
    with scripted(*combat((5, 5, 6), (1, 1, 1))):
        attack(m, "shadow", "north_ithilien", "osgiliath")
    assert last_round(m.state)["attacker_hits"] == 1
    m.submit("shadow", "continue")
    with scripted(*combat((5, 5, 5), (1, 1))):
        m.submit("free", "fight")
    assert last_round(m.state)["attacker_hits"] == 3


def test_a_stronghold_fought_in_the_field_gives_the_attacker_no_penalty() -> None:
    m = battle_match({"osgiliath": {"sauron": "3R"}, "minas_tirith": {"gondor": "3R"}})
    attack(m, "shadow", "osgiliath", "minas_tirith")
    assert R.prompt(m.state, "free").kind == "stronghold_choice"
    assert offered(m.state, "free") == ["fight", "withdraw"]
    with scripted(*combat((5, 5, 1), (1, 1, 1))):
        m.submit("free", "fight")
    assert (last_round(m.state)["attacker_target"], last_round(m.state)["attacker_hits"]) == (5, 2)


def test_a_natural_1_always_misses_and_a_natural_6_always_hits() -> None:
    assert is_hit(6, 7) and not is_hit(1, 1) and not is_hit(1, 0)  # whatever the target (part II mods)
    m = battle_match({"north_ithilien": {"sauron": "2R"}, "dead_marshes": {"gondor": "2R"}})
    with scripted(*combat((6, 1), (1, 4))):
        attack(m, "shadow", "north_ithilien", "dead_marshes", "go")
    assert (last_round(m.state)["attacker_hits"], last_round(m.state)["defender_hits"]) == (1, 0)


# -- the Leader re-roll ------------------------------------------------------------------------------
def test_leaders_re_roll_misses_up_to_their_leadership_never_more_than_the_misses() -> None:
    m = battle_match({"north_ithilien": {"sauron": "3R 3L"}, "dead_marshes": {"gondor": "3R"}})
    with scripted(*combat((5, 1, 2), (1, 1, 1), attacker_rerolls=(6, 5))):
        attack(m, "shadow", "north_ithilien", "dead_marshes", "go")
    assert last_round(m.state)["attacker_rerolls"] == [6, 5]  # 2 misses: 2 re-rolls, not 3
    assert last_round(m.state)["attacker_hits"] == 3
    m = battle_match({"north_ithilien": {"sauron": "3R 1L"}, "dead_marshes": {"gondor": "3R"}})
    with scripted(*combat((1, 1, 1), (1, 1, 1), attacker_rerolls=(4,))):
        attack(m, "shadow", "north_ithilien", "dead_marshes", "go")
    assert last_round(m.state)["attacker_rerolls"] == [4]  # Leadership 1: 1 re-roll of 3 misses


def test_leadership_counts_characters_and_never_gives_more_than_5_re_rolls() -> None:
    armies = {"north_ithilien": {"sauron": "5R 4L"}, "dead_marshes": {"gondor": "3R"}}
    m = battle_match(armies, characters={"witch_king": "north_ithilien"})  # 4 Nazgûl + 2 = 6
    with scripted(*combat((1, 1, 1, 1, 1), (1, 1, 1), attacker_rerolls=(1, 1, 1, 1, 1))):
        attack(m, "shadow", "north_ithilien", "dead_marshes", "go")
    assert len(last_round(m.state)["attacker_rerolls"]) == 5


def test_servants_of_the_white_hand_isengard_elites_lead_while_saruman_is_in_play() -> None:
    armies = {
        "gap_of_rohan": {"isengard": "3E"},
        "fords_of_isen": {"rohan": "2R"},
        "orthanc": {"isengard": "1R"},
    }
    m = battle_match(armies, characters={"saruman": "orthanc"})
    with scripted(*combat((1, 1, 1), (1, 1), attacker_rerolls=(1, 1, 1))):
        attack(m, "shadow", "gap_of_rohan", "fords_of_isen", "go")
    assert len(last_round(m.state)["attacker_rerolls"]) == 3
    m = battle_match(armies, eliminated=["saruman"])
    with scripted(*combat((1, 1, 1), (1, 1))):
        attack(m, "shadow", "gap_of_rohan", "fords_of_isen", "go")
    assert last_round(m.state)["attacker_rerolls"] == []
    # With Saruman in play they also let a Character die attack (§10.4).
    m = battle_match(armies, characters={"saruman": "orthanc"}, dice={"shadow": ["character"]})
    assert "attack-leader character" in offered(m.state, "shadow")


def test_the_white_rider_cancels_every_nazgul_leadership_for_the_whole_battle() -> None:
    armies = {"north_ithilien": {"sauron": "3R 2L"}, "dead_marshes": {"gondor": "3R"}}
    chars = {"witch_king": "north_ithilien", "gandalf_white": "dead_marshes"}
    m = battle_match(armies, characters=chars)
    attack(m, "shadow", "north_ithilien", "dead_marshes", "go")
    assert R.prompt(m.state, "free").kind == "white_rider"
    with scripted(*combat((1, 1, 1), (1, 1, 1))):  # no re-roll on either side
        m.submit("free", "white-rider")
    assert any("Gandalf forfeits his Leadership" in line for line in texts(m.state))
    m.submit("shadow", "continue")
    with scripted(*combat((1, 1, 1), (1, 1, 1))):  # not asked again: cancelled for the battle
        m.submit("free", "fight")
    assert last_round(m.state)["round"] == 2 and last_round(m.state)["attacker_rerolls"] == []
    assert last_round(m.state)["defender_rerolls"] == []


def test_declining_the_white_rider_keeps_every_leadership() -> None:
    armies = {"north_ithilien": {"sauron": "3R 2L"}, "dead_marshes": {"gondor": "3R"}}
    chars = {"witch_king": "north_ithilien", "gandalf_white": "dead_marshes"}
    m = battle_match(armies, characters=chars)
    attack(m, "shadow", "north_ithilien", "dead_marshes", "go")
    with scripted(*combat((1, 1, 1), (1, 1, 1), (1, 1, 1), (1,))):
        m.submit("free", "decline")
    assert (
        len(last_round(m.state)["attacker_rerolls"]) == 3
        and len(last_round(m.state)["defender_rerolls"]) == 1
    )


# -- leaders and characters with their Army ---------------------------------------------------------
def test_leaders_and_characters_die_with_the_last_unit_of_their_army() -> None:
    armies = {"north_ithilien": {"sauron": "4R"}, "dead_marshes": {"gondor": "1R 1L"}}
    m = battle_match(armies, characters={"boromir": "dead_marshes"})
    with scripted(*combat((5, 1, 1, 1), (1, 1), defender_rerolls=(1, 1))):
        attack(m, "shadow", "north_ithilien", "dead_marshes", "go")
    assert "dead_marshes" not in m.state["armies"] and "boromir" not in m.state["characters"]
    assert "boromir" in m.state["eliminated"]
    assert m.state["casualties"]["gondor"]["leader"] == 1 and m.state["casualties"]["gondor"]["regular"] == 1
    armies = {"osgiliath": {"gondor": "4R"}, "dead_marshes": {"sauron": "1R 2L"}}
    m = battle_match(armies, acting="free", characters={"witch_king": "dead_marshes"})
    nazgul = m.state["reinforcements"]["sauron"]["leader"]
    with scripted(*combat((5, 1, 1, 1), (1,), defender_rerolls=(1,), attacking="free")):
        attack(m, "free", "osgiliath", "dead_marshes", "go")
    assert m.state["reinforcements"]["sauron"]["leader"] == nazgul + 2  # Nazgûl go back
    assert "witch_king" in m.state["eliminated"]
    assert "The Witch-king falls in battle in Dead Marshes." in texts(m.state)


def test_both_armies_may_be_destroyed_in_the_same_round_and_nobody_advances() -> None:
    m = battle_match(
        {"north_ithilien": {"sauron": "1R"}, "dead_marshes": {"gondor": "1R"}, "pelargir": {"gondor": "1R"}}
    )
    with scripted(*combat((5,), (6,))):  # one unit, no rearguard to choose: it starts at once
        attack(m, "shadow", "north_ithilien", "dead_marshes")
    assert "north_ithilien" not in m.state["armies"] and "dead_marshes" not in m.state["armies"]
    assert m.state["battle"] is None and step(m.state) == "act" and m.state["stack"][-1]["side"] == "free"
    assert len(events(m.state, "army_destroyed")) == 2


# -- cease, retreat, advance --------------------------------------------------------------------------
def test_the_attacker_may_cease_and_his_survivors_stay_where_they_are() -> None:
    m = battle_match({"north_ithilien": {"sauron": "3R"}, "dead_marshes": {"gondor": "3R"}})
    with scripted(*combat((5, 1, 1), (5, 1, 1))):
        attack(m, "shadow", "north_ithilien", "dead_marshes", "go")
    m.submit("shadow", "cease")
    assert m.state["battle"] is None
    assert army_of(m.state, "north_ithilien", "sauron") == {"regular": 2}
    assert army_of(m.state, "dead_marshes", "gondor") == {"regular": 2}
    assert "The Shadow ceases the attack on Dead Marshes." in texts(m.state)


def test_the_defender_may_retreat_only_to_an_adjacent_region_free_for_him() -> None:
    armies = {
        "north_ithilien": {"sauron": "3R"},
        "south_ithilien": {"sauron": "1R"},
        "osgiliath": {"gondor": "3R 1L"},
        "minas_tirith": {"gondor": "8R 1E"},
    }
    m = battle_match(armies, control={"pelargir": "shadow"})
    with scripted(*combat((1, 1, 1), (1, 1, 1), defender_rerolls=(1,))):
        attack(m, "shadow", "north_ithilien", "osgiliath", "go")
    m.submit("shadow", "continue")
    assert R.prompt(m.state, "free").kind == "retreat"
    assert offered(m.state, "free") == [
        "retreat dead_marshes",
        "retreat druadan_forest",
        "retreat lossarnach",
        "retreat minas_tirith",
        "retreat west_harondor",
        "fight",
    ]  # not into enemy units (the Ithiliens) nor an enemy-held Settlement (Pelargir)
    assert R.describe(m.state, "free", Action("retreat", ("minas_tirith",))) == "Retreat to Minas Tirith"
    m.submit("free", "retreat minas_tirith")  # 12 units there: the owner sends 2 back
    assert step(m.state) == "stacking"
    m.submit("free", "remove gondor regular 2")
    assert army_of(m.state, "minas_tirith", "gondor") == {"regular": 9, "elite": 1, "leader": 1}
    assert m.state["reinforcements"]["gondor"]["regular"] >= 2
    assert R.prompt(m.state, "shadow").kind == "advance"  # the region was left
    m.submit("shadow", "stay")
    assert m.state["battle"] is None and army_of(m.state, "north_ithilien", "sauron") == {"regular": 3}


def test_a_level_0_character_stays_behind_when_his_army_retreats() -> None:
    armies = {"fords_of_isen": {"rohan": "3R"}, "orthanc": {"isengard": "3R"}}
    m = battle_match(armies, acting="free", characters={"saruman": "orthanc"})
    attack(m, "free", "fords_of_isen", "orthanc", "go")
    with scripted(*combat((1, 1, 1), (1, 1, 1), defender_rerolls=(1,), attacking="free")):
        m.submit("shadow", "fight")
    m.submit("free", "continue")
    assert "retreat gap_of_rohan" in offered(m.state, "shadow")
    m.submit("shadow", "retreat gap_of_rohan")
    assert army_of(m.state, "gap_of_rohan", "isengard") == {"regular": 3}
    assert m.state["characters"]["saruman"]["region"] == "orthanc"
    assert "Saruman cannot move and stays behind in Orthanc." in texts(m.state)


def test_the_advance_is_optional_and_may_be_partial() -> None:
    def won() -> Match:
        m = battle_match({"north_ithilien": {"sauron": "4R 1E 1L"}, "dead_marshes": {"gondor": "1R"}})
        with scripted(*combat((5, 1, 1, 1, 1), (1,), attacker_rerolls=(1,))):
            attack(m, "shadow", "north_ithilien", "dead_marshes", "go")
        return m

    m = won()
    m.submit("shadow", "stay")
    assert "dead_marshes" not in m.state["armies"]
    assert "The Shadow stays in North Ithilien and does not advance into Dead Marshes." in texts(m.state)
    m = won()
    assert "done" not in offered(m.state, "shadow")
    m.submit("shadow", "advance sauron leader 1")
    assert "done" not in offered(m.state, "shadow")  # at least one unit advances
    m.submit("shadow", "advance sauron regular 2")
    m.submit("shadow", "done")
    assert army_of(m.state, "dead_marshes", "sauron") == {"regular": 2, "leader": 1}
    assert army_of(m.state, "north_ithilien", "sauron") == {"regular": 2, "elite": 1}


def test_free_peoples_leaders_left_without_units_follow_the_advance() -> None:
    armies = {"osgiliath": {"gondor": "2R 1L"}, "dead_marshes": {"sauron": "1R"}}
    m = battle_match(armies, acting="free")
    with scripted(*combat((5, 1), (1,), attacker_rerolls=(1,), attacking="free")):
        attack(m, "free", "osgiliath", "dead_marshes", "go")
    m.submit("free", "advance gondor regular 2")
    m.submit("free", "done")
    assert army_of(m.state, "dead_marshes", "gondor") == {"regular": 2, "leader": 1}
    assert "osgiliath" not in m.state["armies"]


def test_advancing_into_an_undefended_enemy_city_captures_it_with_the_political_step() -> None:
    m = battle_match(
        {"west_harondor": {"sauron": "4R"}, "pelargir": {"gondor": "1R"}},
        politics={"sauron": {"steps": 0}, "gondor": {"steps": 2, "active": False}},
    )
    with scripted(*combat((6, 1, 1, 1), (1,))):
        attack(m, "shadow", "west_harondor", "pelargir")
    assert m.state["politics"]["gondor"] == {"steps": 1, "active": True}  # attacked: roused, 1 step
    m.submit("shadow", "advance-all")
    assert m.state["control"]["pelargir"] == "shadow"
    assert m.state["politics"]["gondor"] == {"steps": 0, "active": True}  # captured: 1 step more
    assert events(m.state, "settlement_captured") == [
        {"side": "shadow", "region": "pelargir", "recaptured": False}
    ]


def test_an_attack_rouses_and_advances_every_free_nation_in_the_defending_army_once() -> None:
    m = battle_match(
        {"north_ithilien": {"sauron": "5R"}, "dead_marshes": {"gondor": "3R", "rohan": "3R", "elves": "1L"}},
        politics={
            "sauron": {"steps": 0},
            "gondor": {"steps": 3, "active": False},
            "rohan": {"steps": 3, "active": False},
            "elves": {"steps": 3, "active": True},
        },
    )
    with scripted(*combat((1, 1, 1, 1, 1), (1, 1, 1, 1, 1), defender_rerolls=(1,))):
        attack(m, "shadow", "north_ithilien", "dead_marshes", "go")
    m.submit("shadow", "continue")
    with scripted(*combat((1, 1, 1, 1, 1), (1, 1, 1, 1, 1), defender_rerolls=(1,))):
        m.submit("free", "fight")
    assert last_round(m.state)["round"] == 2
    politics = m.state["politics"]
    assert politics["gondor"] == {"steps": 2, "active": True} and politics["rohan"] == {
        "steps": 2,
        "active": True,
    }
    assert politics["elves"]["steps"] == 3  # only a Leader there: no unit of it was attacked
    assert [a["nation"] for a in events(m.state, "nation_advanced")] == ["gondor", "rohan"]


def test_a_listed_attack_never_leads_to_a_dead_end_and_cannot_be_typed_wrong() -> None:
    m = battle_match(
        {"north_ithilien": {"sauron": "3R"}, "dead_marshes": {"gondor": "3R"}, "osgiliath": {"gondor": "1R"}}
    )
    m.submit("shadow", "attack army")
    with pytest.raises(IllegalAction):
        m.submit("shadow", "attack north_ithilien minas_tirith")
    m.submit("shadow", "attack north_ithilien dead_marshes")
    with pytest.raises(IllegalAction):
        m.submit("shadow", "rearguard sauron regular 3")  # the attack keeps a unit


def test_every_battle_event_has_words_for_every_case() -> None:
    from games.war_of_the_ring import battle_words

    samples: dict[str, list[dict[str, Any]]] = {
        "battle_started": [
            {
                "side": side,
                "region": "minas_tirith",
                "from": "lossarnach",
                "kind": kind,
                "regular": 1,
                "elite": 2,
                "leader": 1,
                "characters": ["witch_king"],
                "rearguard": 2,
            }
            for side in ("free", "shadow")
            for kind in ("field", "siege", "sortie", "relief")
        ],
        "units_lost": [{"nation": "rohan", "region": "edoras", "regular": 0, "elite": 1, "reduced": 2}],
        "leaders_fell": [
            {"nation": n, "count": c, "region": "edoras"} for n in ("sauron", "rohan") for c in (1, 2)
        ],
    }
    for kind, params in battle_words.KINDS.items():
        assert kind in battle_words.EN
        if kind.startswith("combat_") and kind != "combat_round":
            continue  # the Combat cards' events: tests/games/war_of_the_ring/test_combat_cards.py
        names: dict[str, Any] = {
            "side": "free",
            "region": "osgiliath",
            "from": "osgiliath",
            "to": "pelargir",
            "nation": "gondor",
            "character": "boromir",
            "characters": [],
            "kind": "field",
        }
        default: dict[str, Any] = {name: names.get(name, 1) for name in params}
        if kind == "combat_round":
            default.update(
                {
                    "attacker": "shadow",
                    "defender": "free",
                    "attacker_nation": "",
                    "defender_nation": "",
                    "attacker_dice": [6],
                    "defender_dice": [1, 2],
                    "attacker_rerolls": [],
                    "defender_rerolls": [3],
                    "attacker_target": 6,
                    "defender_target": 5,
                    "attacker_cards": {"mods": [["Valour", 1]], "limits": [["Daylight", 3]], "turned": 1},
                    "defender_cards": {},
                }
            )
        for args in samples.get(kind, [default]):
            text = PRESENTER.text(kind, args)
            assert text and "{" not in text and "None" not in text, (kind, text)
    assert PRESENTER.text("leaders_fell", {"nation": "rohan", "count": 1, "region": "edoras"}) == (
        "1 Rohan Leader falls with his Army in Edoras."
    )
    assert PRESENTER.text("battle_started", samples["battle_started"][2]) == (
        "The Free Peoples sally out of Minas Tirith against the besiegers with 1 Regular, 2 Elites, 1 Leader "
        "and the Witch-king (2 units in the rearguard)."
    )


# -- random play -----------------------------------------------------------------------------------
def _random_play(m: Match, seed: int, actions: int) -> list[str]:
    """Uniform random choices through the runner, every rule of the contract checked."""
    chooser = {"rng": seed * 7919 + 3}
    kinds: list[str] = []
    for _ in range(actions):
        state = m.state
        if state["result"] is not None:
            break
        active = sorted(R.active(state))
        assert active, f"seed {seed}: dead end at {step(state)}"
        role = active[randbelow(chooser, len(active))]
        prompt = R.prompt(state, role)
        assert prompt.actions, f"seed {seed}: {role} has nothing to do at {step(state)}"
        if step(state) in ("battle_start", "battle", "casualties"):  # is_legal agrees with the lists
            for action in prompt.actions:
                assert R.is_legal(state, role, action)
                label = R.describe(state, role, action)
                assert label and len(label) <= 100, label
                # labels.py names every ``attack ...`` after the die action (reported), not the target.
                assert "_" not in label or action.verb == "attack", label
            for amount in prompt.amounts:
                assert R.is_legal(state, role, Action(amount.verb, (*amount.args, str(amount.low))))
                assert not R.is_legal(state, role, Action(amount.verb, (*amount.args, str(amount.high + 1))))
        # Not chosen: an Elven Ring turning the last die into an Eye (rings.py leaves the player
        # in the action step without a die; reported to its author).
        choices = [a for a in prompt.actions if not (a.verb == "ring" and a.args[1] == "eye")]
        action = choices[randbelow(chooser, len(choices))]
        seen = len(state["log"])
        m.submit(role, action, check=True)
        for event in m.state["log"][seen:]:
            assert PRESENTER.text(event["kind"], event["args"])
            kinds.append(event["kind"])
        R.view(m.state, None)
    return kinds


def test_battles_replay_identically_and_undo_restores_the_exact_state() -> None:
    dice = {
        "free": ["army_muster", "will", "army_muster", "character"],
        "shadow": ["army", "army_muster"] * 3,
    }
    for seed in range(60, 66):
        position = {**FACE_TO_FACE, "politics": AT_WAR, "dice": dice, "seed": seed}
        m = Match(R, R.from_position(position))
        chooser = {"rng": seed}
        history: list[tuple[str, Action]] = []
        for _ in range(150):
            if m.state["result"] is not None:
                break
            role = sorted(R.active(m.state))[0]
            actions = [
                a for a in R.prompt(m.state, role).actions if not (a.verb == "ring" and a.args[1] == "eye")
            ]
            action = actions[randbelow(chooser, len(actions))]
            m.submit(role, action)
            history.append((role, action))
            if m.can_undo(role) and len(history) % 3 == 0:
                after = dump(m.state)
                m.undo(role).revert()
                assert dump(m.state) == after
        again = Match(R, R.from_position(position))
        for number, (role, action) in enumerate(history):
            if number % 7 == 0:  # a loaded state has sorted keys: play must not depend on dict order
                again = Match(R, load(dump(again.state)))
            again.submit(role, action)
        assert dump(again.state) == dump(m.state)


def test_random_games_from_the_start_keep_every_invariant() -> None:
    for seed in range(30):
        _random_play(Match.new(R, seed, {}, 2), seed, 400)


FACE_TO_FACE = {
    "armies": {
        "north_ithilien": {"sauron": "6R 1E 2L"},
        "osgiliath": {"gondor": "3R 1E 1L"},
        "minas_tirith": {"gondor": "4R 2E 1L"},
        "south_ithilien": {"sauron": "4R 1L", "southrons": "3R 1E"},
        "fords_of_isen": {"rohan": "3R 1E 1L"},
        "gap_of_rohan": {"isengard": "5R 2E"},
        "orthanc": {"isengard": "2R 1E"},
        "helms_deep": {"rohan": "2R 1E"},
        "pelargir": {"gondor": "2R"},
        "west_harondor": {"southrons": "4R 1E"},
    },
    "garrisons": {},
    "characters": {"witch_king": "north_ithilien", "saruman": "orthanc", "boromir": "osgiliath"},
}


@pytest.mark.parametrize("seed", range(30))
def test_random_play_with_armies_face_to_face_keeps_every_invariant(seed: int) -> None:
    dice = {
        "free": ["army_muster", "character", "will", "army_muster"],
        "shadow": ["army", "army_muster"] * 3,
    }
    m = Match(R, R.from_position({**FACE_TO_FACE, "politics": AT_WAR, "dice": dice, "seed": seed}))
    kinds = _random_play(m, seed, 300)
    if seed == 0:
        assert "battle_started" in kinds


def test_random_face_to_face_play_fights_battles_sieges_and_advances() -> None:
    seen: set[str] = set()
    dice = {
        "free": ["army_muster", "will", "army_muster", "character"],
        "shadow": ["army", "army_muster"] * 3,
    }
    for seed in range(30, 60):
        m = Match(R, R.from_position({**FACE_TO_FACE, "politics": AT_WAR, "dice": dice, "seed": seed}))
        seen |= set(_random_play(m, seed, 200))
    assert {"battle_started", "combat_round", "units_lost", "advanced", "retreated", "withdrew"} <= seen
