"""An outside audit of the Shadow's Event and Combat cards (issue 19): one test per defect found,
each failing before its fix."""

from __future__ import annotations

from games.core import Action
from games.core.chance import scripted
from games.war_of_the_ring.labels import describe
from games.war_of_the_ring.ruleset import WAR_OF_THE_RING as R

from .helpers import events, forbidden, match, offered
from .test_battle import texts
from .test_cards_armies import card_match
from .test_combat_cards import card_dice, dice, fight, play

SH, FP = "shadow", "free"
NEAR_MORIA = {"moria": {"sauron": "3R"}, "dimrill_dale": {"north": "4R"}}


def test_balrog_of_moria_on_the_table_is_played_as_durins_bane_even_with_an_empty_hand() -> None:
    """SHC-17: "in a battle, the Shadow may use it as his Combat card Durin's Bane, exactly as if
    played from hand" — then it leaves the table (and the Witch-king's Sorcerer draws)."""
    m = fight(
        NEAR_MORIA,
        {},
        origin="moria",
        target="dimrill_dale",
        table={SH: ["shc_17"]},
        characters={"witch_king": "moria"},
    )
    assert R.active(m.state) == {SH}  # the Shadow is asked: the table card is his to use
    assert offered(m.state, SH) == ["combat shc_17", "no-combat"]
    assert describe(m.state, SH, Action("combat", ("shc_17",))) == (
        "Use Balrog of Moria from the table as Durin's Bane"
    )
    draws = (("shadow_character_card", "shc_01"), *card_dice(SH, 4, 4, 3), *dice(SH, 1, 1, 1))
    with scripted(*draws, *dice(FP, 1, 1), others="random"):
        m.submit(SH, "combat shc_17")
    assert events(m.state, "combat_extra_attack")[0]["hits"] == 2
    assert m.state["table"][SH] == [] and "shc_17" in m.state["played"][SH]
    assert m.state["hands"][SH] == ["shc_01"]  # Sorcerer: a Character card


def test_balrog_of_moria_stays_on_the_table_when_not_used_and_far_from_moria() -> None:
    m = fight(
        {"dagorlad": {"sauron": "3R"}, "ash_mountains": {"north": "2R"}},
        {SH: ["shs_22"]},
        table={SH: ["shc_17"]},
    )
    assert "combat shc_17" not in offered(m.state, SH)
    play(m, "", None, *dice(SH, 1, 1, 1), *dice(FP, 1, 1))
    assert m.state["table"][SH] == ["shc_17"]
    assert texts(m.state)


def test_return_to_valinor_is_not_offered_without_an_elven_army_to_strike() -> None:
    """SHS-01 (docs §8, "a strike with no target: not offered"): the Shadow holds Rivendell, but no
    Elven Stronghold free of siege holds Elven units."""
    armies = {"lorien": {"north": "2R"}, "rivendell": {"sauron": "1R"}}
    m = card_match("shadow", "shs_01", armies, face="army", control={"rivendell": "shadow"})
    forbidden(m, SH, "play army shs_01")


def test_the_sorcerers_draw_for_the_balrog_over_the_hand_limit_is_discarded_before_the_round() -> None:
    """Used from the table, the Balrog leaves a full hand full: the Sorcerer's draw makes 7 cards,
    and the hand limit applies at once (a face-down discard), then the round goes on."""
    hand = ["shs_01", "shs_02", "shs_03", "shs_04", "shs_05", "shs_06"]
    m = fight(
        NEAR_MORIA,
        {SH: hand},
        origin="moria",
        target="dimrill_dale",
        table={SH: ["shc_17"]},
        characters={"witch_king": "moria"},
    )
    with scripted(("shadow_character_card", "shc_01"), others="random"):
        m.submit(SH, "combat shc_17")
    assert len(m.state["hands"][SH]) == 7
    assert R.prompt(m.state, SH).kind == "discard" and not events(m.state, "combat_extra_attack")
    assert not R.check_invariants(m.state)
    draws = (*card_dice(SH, 4, 4, 3), *dice(SH, 1, 1, 1), *dice(FP, 1, 1))
    with scripted(*draws, others="random"):
        m.submit(SH, "discard shs_06")
    assert len(m.state["hands"][SH]) == 6 and "shs_06" in m.state["discards"][SH]
    assert events(m.state, "combat_extra_attack")[0]["hits"] == 2


def test_the_black_captain_asks_nothing_when_no_nazgul_can_be_recruited() -> None:
    """SHC-24 with every Nazgûl on the map: moving them is the only way, so no one-option
    question ("recruit or move?") is asked; the Nazgûl movement starts at once."""
    armies = {"minas_morgul": {"sauron": "2R"}, "north_ithilien": {"gondor": "1R"}}
    m = card_match(
        "shadow",
        "shc_24",
        armies,
        face="character",
        characters={"witch_king": "minas_morgul"},
        reinforcements={"sauron": "8R 4E"},
    )
    m.submit(SH, "play character shc_24")
    assert "choose move" not in offered(m.state, SH)
    assert m.state["stack"][-1]["step"] == "minions"


def test_corsairs_of_umbar_with_only_a_free_coast_sails_without_a_one_answer_question() -> None:
    """SHS-10 with no Free Peoples Army on Gondor's coast: sailing is the only way, so the move
    starts at once (no "where does the fleet sail?" with one answer)."""
    m = card_match("shadow", "shs_10", {"umbar": {"southrons": "3R"}}, face="army")
    m.submit(SH, "play army shs_10")
    assert "army umbar" not in offered(m.state, SH)
    assert {"to anfalas", "to dol_amroth", "to lamedon", "to pelargir"} <= set(offered(m.state, SH))


def test_the_ringwraiths_are_abroad_is_not_offered_without_a_nazgul_in_play() -> None:
    """SHC-23 (docs §8: a card of this group is offered only when its effect can do something):
    every Nazgûl in reinforcements and the Witch-king out of play — nothing can fly, move or
    attack."""
    armies = {"minas_morgul": {"sauron": "2R"}, "north_ithilien": {"gondor": "1R"}}
    m = card_match("shadow", "shc_23", armies, face="character", reinforcements={"sauron": "8R 4E 8L"})
    forbidden(m, SH, "play character shc_23")
    m = card_match("shadow", "shc_23", {**armies, "minas_morgul": {"sauron": "2R 1L"}}, face="character")
    assert "play character shc_23" in offered(m.state, SH)


def test_the_lidless_eye_with_one_kind_of_die_left_asks_no_one_answer_question() -> None:
    """SHC-18: at least one die becomes an Eye (docs §8); with one face left there is nothing to
    choose for it — only whether to go on."""
    m = match(
        dice={"free": ["muster"], "shadow": ["character", "army", "army"]},
        acting="shadow",
        hands={"shadow": ["shc_18"]},
    )
    m.submit(SH, "play character shc_18")
    assert m.state["hunt_box"]["shadow"] == 1
    assert offered(m.state, SH) == ["eye army", "done"]
    m.submit(SH, "done")
    assert events(m.state, "eyes_added") == [{"faces": ["army"]}]


def test_an_empty_hand_with_the_balrog_on_the_table_far_from_moria_is_not_asked() -> None:
    m = fight({"dagorlad": {"sauron": "3R"}, "ash_mountains": {"north": "2R"}}, {}, table={SH: ["shc_17"]})
    assert m.state["battle"]["stage"] != "cards"  # nobody to ask: the round is fought at once
    assert m.state["table"][SH] == ["shc_17"]


def test_dreadful_spells_destroying_a_besieged_garrison_gives_the_stronghold_to_the_besiegers() -> None:
    """SHC-19 (docs §8: "a garrison left without units is lost to its besiegers"): the last Rohan
    unit in Helm's Deep falls to the Nazgûl of the besieging Army."""
    m = card_match(
        "shadow",
        "shc_19",
        {"helms_deep": {"isengard": "3R", "sauron": "2L"}},
        face="character",
        garrisons={"helms_deep": {"rohan": "1R"}},
    )
    with scripted(("shc_19_die", 6), ("shc_19_die", 1), others="random"):
        m.submit(SH, "play character shc_19")
    assert "helms_deep" not in m.state["garrisons"]
    assert m.state["control"]["helms_deep"] == SH
