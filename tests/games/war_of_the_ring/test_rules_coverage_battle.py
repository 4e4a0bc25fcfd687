"""Rule coverage: where eliminated figures go (§1), Armies in battle (§10.1, §11), retreats
(§11.4) and sieges (§12), with §19 items 29, 30, 37, 42. Each test is named after the rule it
checks (see docs/dev/war_of_the_ring_rule_coverage.md). Dice are scripted in the engine's order
(the attacker's Combat dice, the defender's, then both sides' re-rolls)."""

from __future__ import annotations

from games.core.chance import scripted
from games.war_of_the_ring.board import besieged
from games.war_of_the_ring.ruleset import WAR_OF_THE_RING as R

from .helpers import events, offered
from .test_battle import army_of, attack, battle_match, combat, last_round


# -- §1 where eliminated figures go ------------------------------------------------------------------
def test_free_peoples_units_killed_are_out_of_the_game_shadow_units_return_to_reinforcements() -> None:
    m = battle_match({"north_ithilien": {"sauron": "3R"}, "dead_marshes": {"gondor": "3R"}})
    free_pool = dict(m.state["reinforcements"]["gondor"])
    shadow_pool = dict(m.state["reinforcements"]["sauron"])
    with scripted(*combat((5, 1, 1), (5, 1, 1))):
        attack(m, "shadow", "north_ithilien", "dead_marshes", "go")
    assert m.state["casualties"]["gondor"]["regular"] == 1
    assert m.state["reinforcements"]["gondor"] == free_pool  # never back to the reinforcements
    assert m.state["reinforcements"]["sauron"]["regular"] == shadow_pool["regular"] + 1


def test_units_cut_by_the_siege_limit_go_back_to_reinforcements_free_peoples_too() -> None:
    m = battle_match({"osgiliath": {"sauron": "6R"}, "minas_tirith": {"gondor": "8R"}})
    pool = m.state["reinforcements"]["gondor"]["regular"]
    attack(m, "shadow", "osgiliath", "minas_tirith")
    m.submit("free", "withdraw")
    m.submit("shadow", "advance-all")  # 8 units inside, 5 at most: 3 go back without a question
    assert besieged(m.state, "minas_tirith")
    assert army_of(m.state, "minas_tirith", "gondor", inside=True) == {"regular": 5}
    assert m.state["reinforcements"]["gondor"]["regular"] == pool + 3
    assert m.state["casualties"]["gondor"]["regular"] == 0


# -- §10.1 / §11.2 Leaders -----------------------------------------------------------------------------
def test_any_free_peoples_leader_leads_units_of_any_free_nation() -> None:
    armies = {"osgiliath": {"gondor": "2R", "north": "1L"}, "north_ithilien": {"sauron": "3R"}}
    m = battle_match(armies, acting="free")
    with scripted(*combat((1, 1), (1, 1, 1), attacker_rerolls=(1,), attacking="free")):
        attack(m, "free", "osgiliath", "north_ithilien", "go")
    assert len(last_round(m.state)["attacker_rerolls"]) == 1


def test_leaders_add_leadership_but_never_combat_strength() -> None:
    m = battle_match({"north_ithilien": {"sauron": "1R 3L"}, "dead_marshes": {"gondor": "3R"}})
    with scripted(*combat((1,), (1, 1, 1), attacker_rerolls=(1,))):
        attack(m, "shadow", "north_ithilien", "dead_marshes")
    rolled = last_round(m.state)
    assert len(rolled["attacker_dice"]) == 1 and len(rolled["attacker_rerolls"]) == 1


def test_every_defending_figure_takes_part_whatever_its_nation() -> None:
    armies = {
        "north_ithilien": {"sauron": "3R"},
        "dead_marshes": {"gondor": "2R", "rohan": "2R", "north": "1L"},
    }
    m = battle_match(armies, politics={"sauron": {"steps": 0}})  # the defenders' Nations are not At War
    with scripted(*combat((1, 1, 1), (1, 1, 1, 1), defender_rerolls=(1,))):
        attack(m, "shadow", "north_ithilien", "dead_marshes", "go")
    rolled = last_round(m.state)
    assert len(rolled["defender_dice"]) == 4 and len(rolled["defender_rerolls"]) == 1


# -- §8.4 / §11.1 who attacks (§19 item 29) ------------------------------------------------------------
def test_nazgul_lead_an_attack_of_a_nation_at_war_before_sauron_is_at_war() -> None:
    armies = {"south_ithilien": {"southrons": "3R", "sauron": "1L"}, "osgiliath": {"gondor": "2R"}}
    m = battle_match(armies, politics={"southrons": {"steps": 0}, "sauron": {"steps": 1}})
    with scripted(*combat((1, 1, 1), (1, 1), attacker_rerolls=(1,))):
        attack(m, "shadow", "south_ithilien", "osgiliath", "go")
    rolled = last_round(m.state)
    assert len(rolled["attacker_dice"]) == 3 and len(rolled["attacker_rerolls"]) == 1


# -- §9.1 / §19 item 37 Saruman --------------------------------------------------------------------------
def test_saruman_fights_from_orthanc_but_never_advances_out_of_it() -> None:
    armies = {"orthanc": {"isengard": "3R"}, "fords_of_isen": {"rohan": "1R"}}
    m = battle_match(armies, characters={"saruman": "orthanc"})
    # Fords of Isen is a Fortification: 6s in round 1; Saruman's Leadership re-rolls one miss.
    with scripted(*combat((6, 1, 1), (1,), attacker_rerolls=(1,))):
        attack(m, "shadow", "orthanc", "fords_of_isen", "go")
    assert len(last_round(m.state)["attacker_rerolls"]) == 1
    assert not any("saruman" in a for a in offered(m.state, "shadow"))
    m.submit("shadow", "advance-all")
    assert army_of(m.state, "fords_of_isen", "isengard") == {"regular": 3}
    assert m.state["characters"]["saruman"]["region"] == "orthanc"


# -- §11.4 retreats (§19 item 30) ------------------------------------------------------------------------
def test_units_not_at_war_may_cross_a_nation_border_when_retreating() -> None:
    armies = {"eastemnet": {"sauron": "3R"}, "folde": {"rohan": "3R"}}
    m = battle_match(armies, politics={"sauron": {"steps": 0}})  # Rohan: passive, 3 steps
    with scripted(*combat((6, 1, 1), (1, 1, 1))):
        attack(m, "shadow", "eastemnet", "folde", "go")  # a Town: 6s in round 1
    m.submit("shadow", "continue")
    assert "retreat druadan_forest" in offered(m.state, "free")  # a Gondor region
    m.submit("free", "retreat druadan_forest")
    assert army_of(m.state, "druadan_forest", "rohan") == {"regular": 2}


def test_a_defender_with_no_free_neighbour_cannot_retreat() -> None:
    armies = {"folde": {"sauron": "3R"}, "westemnet": {"sauron": "1R"}, "edoras": {"rohan": "3R"}}
    m = battle_match(armies)
    with scripted(*combat((1, 1, 1), (1, 1, 1))):
        attack(m, "shadow", "folde", "edoras", "go")
    with scripted(*combat((1, 1, 1), (1, 1, 1))):
        m.submit("shadow", "continue")  # nowhere to go: round 2 is fought at once
    assert last_round(m.state)["round"] == 2 and R.active(m.state) == {"shadow"}
    assert not events(m.state, "army_retreated")


def test_the_defender_may_retreat_only_after_the_attacker_chose_to_go_on() -> None:
    m = battle_match({"north_ithilien": {"sauron": "3R"}, "dead_marshes": {"gondor": "3R"}})
    with scripted(*combat((1, 1, 1), (1, 1, 1))):
        attack(m, "shadow", "north_ithilien", "dead_marshes", "go")
    assert R.active(m.state) == {"shadow"} and R.prompt(m.state, "shadow").kind == "cease_or_continue"
    assert R.prompt(m.state, "free").actions == ()


# -- §2.3 free regions -------------------------------------------------------------------------------------
def test_a_region_whose_enemy_stronghold_a_player_besieges_is_free_for_his_retreat() -> None:
    armies = {"osgiliath": {"sauron": "3R"}, "lossarnach": {"gondor": "3R"}, "minas_tirith": {"sauron": "4R"}}
    m = battle_match(armies, acting="free", garrisons={"minas_tirith": {"gondor": "2R"}})
    with scripted(*combat((1, 1, 1), (1, 1, 1), attacking="free")):
        attack(m, "free", "lossarnach", "osgiliath", "go")
    m.submit("free", "continue")
    assert "retreat minas_tirith" in offered(m.state, "shadow")  # Free Peoples-held, but besieged
    assert "retreat lossarnach" not in offered(m.state, "shadow")  # the attackers stand there
