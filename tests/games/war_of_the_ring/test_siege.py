"""Strongholds and sieges (§12, §13, §19 items 39-48): field battle or withdrawal before every
round, the siege begun by an advance (garrison cut to 5), siege battles (6s to hit, one round and
one more per Elite reduced), capture, sorties, relieving armies, and the end of a siege."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core import Match
from games.core.chance import scripted
from games.war_of_the_ring.board import besieged, vp
from games.war_of_the_ring.ruleset import WAR_OF_THE_RING as R

from .helpers import events, offered, step
from .test_battle import army_of, attack, battle_match, combat, last_round, texts


def besieged_minas_tirith(
    garrison: str,
    besiegers: str,
    acting: str = "shadow",
    armies: Mapping[str, Any] | None = None,
    **more: Any,
) -> Match:
    """Gondor's ``garrison`` inside Minas Tirith, besieged by Sauron's ``besiegers``."""
    return battle_match(
        {"minas_tirith": {"sauron": besiegers}, **(armies or {})},
        acting=acting,
        garrisons={"minas_tirith": {"gondor": garrison}},
        **more,
    )


# -- field battle or siege (§12.2) ------------------------------------------------------------------
def test_the_stronghold_defender_chooses_field_or_siege_before_every_round() -> None:
    m = battle_match({"osgiliath": {"sauron": "4R"}, "minas_tirith": {"gondor": "3R"}})
    attack(m, "shadow", "osgiliath", "minas_tirith")
    assert R.prompt(m.state, "free").kind == "stronghold_choice"
    with scripted(*combat((1, 1, 1, 1), (1, 1, 1))):
        m.submit("free", "fight")
    m.submit("shadow", "continue")
    assert R.prompt(m.state, "free").kind == "retreat"
    assert offered(m.state, "free") == ["retreat druadan_forest", "retreat lossarnach", "withdraw", "fight"]
    with scripted(*combat((1, 1, 1, 1), (1, 1, 1))):
        m.submit("free", "fight")  # the choice for round 2 is made: no second question
    assert last_round(m.state)["round"] == 2 and R.prompt(m.state, "shadow").kind == "cease_or_continue"
    m.submit("shadow", "continue")
    m.submit("free", "withdraw")
    assert R.prompt(m.state, "shadow").kind == "advance"


def test_withdrawing_into_the_siege_and_the_attacker_advancing_begins_a_siege_of_at_most_5() -> None:
    m = battle_match(
        {"osgiliath": {"sauron": "6R 1E 1L"}, "minas_tirith": {"gondor": "7R 1E 1L"}},
        characters={"boromir": "minas_tirith"},
    )
    attack(m, "shadow", "osgiliath", "minas_tirith")
    m.submit("free", "withdraw")
    assert "into the Stronghold's region" in R.prompt(m.state, "shadow").text
    m.submit("shadow", "advance-all")
    assert step(m.state) == "stacking" and R.active(m.state) == {"free"}  # 8 units for 5 places
    m.submit("free", "remove gondor regular 3")
    assert besieged(m.state, "minas_tirith")
    assert army_of(m.state, "minas_tirith", "gondor", inside=True) == {"regular": 4, "elite": 1, "leader": 1}
    assert m.state["characters"]["boromir"] == {"region": "minas_tirith", "inside": True}
    assert army_of(m.state, "minas_tirith", "sauron") == {"regular": 6, "elite": 1, "leader": 1}
    assert m.state["control"]["minas_tirith"] == "free"  # a besieged Stronghold is not captured
    assert m.state["battle"] is None and step(m.state) == "act"
    lines = texts(m.state)
    assert "The Free Peoples withdraw into the Stronghold of Minas Tirith." in lines
    assert "The Shadow lays siege to Minas Tirith." in lines


def test_without_an_advance_nobody_besieges_and_the_defenders_come_out_again() -> None:
    m = battle_match({"osgiliath": {"sauron": "4R"}, "minas_tirith": {"gondor": "3R"}})
    attack(m, "shadow", "osgiliath", "minas_tirith")
    m.submit("free", "withdraw")
    m.submit("shadow", "stay")
    assert not besieged(m.state, "minas_tirith")
    assert army_of(m.state, "minas_tirith", "gondor") == {"regular": 3}
    assert army_of(m.state, "osgiliath", "sauron") == {"regular": 4}
    assert events(m.state, "siege_refused") and m.state["battle"] is None


# -- siege battles (§12.3) ---------------------------------------------------------------------------
def test_a_siege_battle_attacker_hits_on_6_in_every_round_and_the_defender_on_5() -> None:
    m = besieged_minas_tirith("3R", "4R 2E")
    assert _targets(m) == ["attack minas_tirith minas_tirith"]  # the garrison, in its own region
    with scripted(*combat((5, 5, 5, 5, 6), (1, 1, 5))):
        attack(m, "shadow", "minas_tirith", "minas_tirith")
    first = last_round(m.state)
    assert (first["attacker_target"], first["attacker_hits"], first["defender_target"]) == (6, 1, 5)
    m.submit("shadow", "remove sauron regular 1")
    assert offered(m.state, "shadow") == ["fight-on sauron", "cease"]  # never a retreat
    with scripted(*combat((5, 5, 5, 5, 6), (1, 1))):
        m.submit("shadow", "fight-on sauron")
    assert (last_round(m.state)["round"], last_round(m.state)["attacker_target"]) == (2, 6)
    assert army_of(m.state, "minas_tirith", "sauron") == {"regular": 4, "elite": 1}  # 1 reduced


def _targets(m: Match) -> list[str]:
    """The targets an Army die offers, or the one it takes when there is no other (the action is
    taken back)."""
    m.submit("shadow", "attack army")
    frame = m.state["stack"][-1]
    found = offered(m.state, "shadow") if frame["to"] is None else [f"attack {frame['from']} {frame['to']}"]
    m.undo("shadow")
    return found


def test_a_siege_battle_lasts_one_round_unless_the_attacker_reduces_an_elite() -> None:
    m = besieged_minas_tirith("3R", "4R")
    with scripted(*combat((1, 1, 1, 1), (1, 1, 1))):
        attack(m, "shadow", "minas_tirith", "minas_tirith")
    assert m.state["battle"] is None  # no Elite to reduce: over after one round
    assert besieged(m.state, "minas_tirith")
    assert "The siege of Minas Tirith goes on." in texts(m.state)
    m = besieged_minas_tirith("3R", "4R 1E")
    with scripted(*combat((1, 1, 1, 1, 1), (1, 1, 1))):
        attack(m, "shadow", "minas_tirith", "minas_tirith")
    m.submit("shadow", "cease")
    assert m.state["battle"] is None and besieged(m.state, "minas_tirith")
    assert army_of(m.state, "minas_tirith", "sauron") == {"regular": 4, "elite": 1}


def test_the_last_elite_with_no_regular_to_replace_it_cannot_fight_on() -> None:
    """Reducing it would leave no attacker (found once Event cards emptied Isengard's Regulars)."""
    m = besieged_minas_tirith("3R", "1E", reinforcements={"sauron": "4E"})
    with scripted(*combat((1,), (1, 1, 1))):
        attack(m, "shadow", "minas_tirith", "minas_tirith")
    assert m.state["battle"] is None and army_of(m.state, "minas_tirith", "sauron") == {"elite": 1}
    m = besieged_minas_tirith("3R", "1R 1E", reinforcements={"sauron": "4E"})
    with scripted(*combat((1, 1), (1, 1, 1))):
        attack(m, "shadow", "minas_tirith", "minas_tirith")
    assert offered(m.state, "shadow") == ["fight-on sauron", "cease"]  # the Regular fights on


def test_the_besieged_never_retreat_and_are_never_asked_to() -> None:
    m = besieged_minas_tirith("3R 1L", "4R 2E")
    with scripted(*combat((1, 1, 1, 1, 1), (1, 1, 1), defender_rerolls=(1,))):
        attack(m, "shadow", "minas_tirith", "minas_tirith")
    assert R.active(m.state) == {"shadow"} and "retreat" not in " ".join(offered(m.state, "shadow"))


def test_destroying_the_garrison_captures_the_stronghold_with_its_political_step() -> None:
    m = besieged_minas_tirith("1R 1L", "3R", politics={"sauron": {"steps": 0}, "gondor": {"steps": 2}})
    with scripted(*combat((6, 1, 1), (1,), defender_rerolls=(1,))):
        attack(m, "shadow", "minas_tirith", "minas_tirith")
    assert m.state["control"]["minas_tirith"] == "shadow" and not besieged(m.state, "minas_tirith")
    assert vp(m.state, "shadow") == 2
    assert m.state["casualties"]["gondor"]["leader"] == 1  # the Leader died with his Army
    # Attacked (one step), then captured (one more).
    assert [a["why"] for a in events(m.state, "nation_advanced")] == ["attacked", "captured"]


def test_both_sides_destroyed_in_a_siege_battle_is_no_capture() -> None:
    m = besieged_minas_tirith("1R", "1R")
    with scripted(*combat((6,), (5,))):
        attack(m, "shadow", "minas_tirith", "minas_tirith")
    assert m.state["control"]["minas_tirith"] == "free"
    assert not besieged(m.state, "minas_tirith") and "minas_tirith" not in m.state["armies"]
    assert not events(m.state, "settlement_captured")


def test_a_garrison_destroyed_while_a_besieging_rearguard_remains_is_captured() -> None:
    m = besieged_minas_tirith("1R", "3R")
    with scripted(*combat((6,), (5,))):
        attack(m, "shadow", "minas_tirith", "minas_tirith", "rearguard sauron regular 2")
    assert m.state["control"]["minas_tirith"] == "shadow"  # the besieging Army still has units
    assert army_of(m.state, "minas_tirith", "sauron") == {"regular": 2}


# -- sorties (§12.4) --------------------------------------------------------------------------------
def test_a_sortie_is_a_field_battle_and_ceasing_it_goes_back_inside() -> None:
    m = besieged_minas_tirith("3R 1L", "3R", acting="free")
    with scripted(*combat((5, 1, 1), (1, 1, 1), attacker_rerolls=(1,), attacking="free")):
        attack(m, "free", "minas_tirith", "minas_tirith")
    assert events(m.state, "battle_started")[-1]["kind"] == "sortie"
    assert R.view(m.state, None)["battle"]["sortie"] is True
    assert last_round(m.state)["attacker_target"] == 5 and last_round(m.state)["attacker_hits"] == 1
    m.submit("free", "cease")
    assert besieged(m.state, "minas_tirith")
    assert army_of(m.state, "minas_tirith", "gondor", inside=True) == {"regular": 3, "leader": 1}
    assert army_of(m.state, "minas_tirith", "sauron") == {"regular": 2}


def test_a_sortie_that_destroys_the_besiegers_breaks_the_siege_without_an_advance() -> None:
    m = besieged_minas_tirith("3R", "2R", acting="free")
    with scripted(*combat((5, 5, 1), (1, 1), attacking="free")):
        attack(m, "free", "minas_tirith", "minas_tirith")
    assert not besieged(m.state, "minas_tirith") and m.state["battle"] is None
    assert army_of(m.state, "minas_tirith", "gondor") == {"regular": 3}  # out in the region
    assert "The siege of Minas Tirith is over: its garrison comes out." in texts(m.state)


def test_besiegers_may_retreat_from_a_sortie_and_the_siege_ends() -> None:
    m = besieged_minas_tirith("3R", "3R", acting="free")
    with scripted(*combat((1, 1, 1), (1, 1, 1), attacking="free")):
        attack(m, "free", "minas_tirith", "minas_tirith")
    m.submit("free", "continue")
    assert "retreat osgiliath" in offered(m.state, "shadow")
    m.submit("shadow", "retreat osgiliath")
    assert not besieged(m.state, "minas_tirith") and m.state["battle"] is None
    assert army_of(m.state, "osgiliath", "sauron") == {"regular": 3}
    assert army_of(m.state, "minas_tirith", "gondor") == {"regular": 3}


def test_a_sortie_may_leave_a_rearguard_inside() -> None:
    m = besieged_minas_tirith("3R", "1R", acting="free")
    with scripted(*combat((1,), (6,), attacking="free")):
        attack(m, "free", "minas_tirith", "minas_tirith", "rearguard gondor regular 2")
    assert besieged(m.state, "minas_tirith")  # the sortie died, the rearguard holds
    assert army_of(m.state, "minas_tirith", "gondor", inside=True) == {"regular": 2}


# -- relieving a siege (§12.5) ----------------------------------------------------------------------
def test_a_relieving_army_fights_the_besiegers_alone_and_advances_only_once_they_are_gone() -> None:
    m = besieged_minas_tirith("4R 1E", "3R", acting="free", armies={"lossarnach": {"gondor": "8R"}})
    with scripted(*combat((1, 1, 1, 1, 1), (5, 5, 5), attacking="free")):
        attack(m, "free", "lossarnach", "minas_tirith")
    assert events(m.state, "battle_started")[-1]["kind"] == "relief"
    assert last_round(m.state)["attacker_target"] == 5  # a Stronghold: no first-round penalty
    assert army_of(m.state, "minas_tirith", "gondor", inside=True) == {"regular": 4, "elite": 1}
    assert army_of(m.state, "lossarnach", "gondor") == {"regular": 5}  # the relievers took the hits
    m.submit("free", "cease")
    assert "advanced" not in [e["kind"] for e in m.state["log"]]
    m = besieged_minas_tirith("4R 1E", "3R", acting="free", armies={"lossarnach": {"gondor": "8R"}})
    with scripted(*combat((5, 5, 5, 1, 1), (1, 1, 1), attacking="free")):
        attack(m, "free", "lossarnach", "minas_tirith")
    assert not besieged(m.state, "minas_tirith")  # the besiegers are gone: the garrison comes out
    m.submit("free", "advance-all")
    assert step(m.state) == "stacking"  # 5 out of the Stronghold + 8 coming
    m.submit("free", "remove gondor regular 3")
    assert army_of(m.state, "minas_tirith", "gondor") == {"regular": 9, "elite": 1}


def test_a_siege_ends_when_the_besieger_has_no_unit_left_in_the_region() -> None:
    m = besieged_minas_tirith("2R", "2R", armies={"osgiliath": {"gondor": "1R"}})
    with scripted(*combat((6, 1), (1,))):  # Osgiliath, a Fortification: 6s in round 1
        attack(m, "shadow", "minas_tirith", "osgiliath")
    m.submit("shadow", "advance-all")  # every besieger leaves Minas Tirith
    assert not besieged(m.state, "minas_tirith")
    assert army_of(m.state, "minas_tirith", "gondor") == {"regular": 2}
    assert army_of(m.state, "osgiliath", "sauron") == {"regular": 2}
