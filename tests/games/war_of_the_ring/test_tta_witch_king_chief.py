"""Twilight of the Third Age: the Witch-king, Chief of the Ringwraiths (R-3, seed rule 5), one test
per rule — the choice of card on entry, the entry itself, rule 5, Lord of the Nazgûl, Pursuit, no
Sorcerer — through positions."""

from __future__ import annotations

from typing import Any

from games.core import Action, Match
from games.core.chance import scripted
from games.war_of_the_ring.dice import pool_size
from games.war_of_the_ring.hunt import rerolls
from games.war_of_the_ring.labels import describe as label
from games.war_of_the_ring.ruleset import WAR_OF_THE_RING as R

from .helpers import events, forbidden, match, offered, position, step
from .test_battle import texts
from .test_combat_cards import FP, SH, card, dice, fight, play
from .test_rules_coverage_turn import in_phase

AT_WAR = {n: {"steps": 0, "active": n in ("sauron", "gondor")} for n in ("sauron", "gondor")}
SWITCH = ["witch_king_chief"]


def chief_match(**more: Any) -> Match:
    """Sauron and Gondor At War, a Sauron Army in Minas Morgul, a Muster die for the Shadow."""
    return match(
        switches=more.pop("switches", SWITCH),
        armies=more.pop("armies", {"minas_morgul": {"sauron": "3R"}}),
        politics=AT_WAR,
        dice={"shadow": ["muster"], "free": ["character"]},
        acting="shadow",
        **more,
    )


def card_of(m: Match) -> Any:
    return m.state["tta"]["witch_king_card"]


# -- the choice of card and the entry (R-3) --------------------------------------------------------


def test_r3_the_shadow_chooses_the_chief_of_the_ringwraiths_card_on_entry() -> None:
    m = chief_match()
    assert {"bring-witch-king muster", "bring-witch-king-chief muster"} <= set(offered(m.state, "shadow"))
    m.submit("shadow", "bring-witch-king-chief muster")
    assert m.state["characters"]["witch_king"] == {"region": "minas_morgul", "inside": False}
    assert card_of(m) == "chief" and "witch_king_chief" not in m.state["tta"]["characters_aside"]
    assert "The Witch-king comes as the Chief of the Ringwraiths." in texts(m.state)
    assert all(m.state["politics"][n]["active"] for n in ("dwarves", "elves", "north", "rohan"))
    assert R.check_invariants(m.state) == []


def test_r3_the_chief_enters_where_the_base_witch_king_would_and_asks_where_when_there_is_a_choice() -> None:
    m = chief_match(armies={"minas_morgul": {"sauron": "3R"}, "dagorlad": {"sauron": "1R"}})
    m.submit("shadow", "bring-witch-king-chief muster")
    assert step(m.state) == "bring_chief" and card_of(m) is None  # nothing chosen before the place
    assert offered(m.state, "shadow") == ["place dagorlad", "place minas_morgul"]
    assert label(m.state, "shadow", Action("place", ("dagorlad",))) == (
        "The Chief of the Ringwraiths enters play in Dagorlad"
    )
    m.submit("shadow", "place dagorlad")
    assert m.state["characters"]["witch_king"]["region"] == "dagorlad" and card_of(m) == "chief"


def test_r3_the_chief_needs_the_base_witch_kings_condition() -> None:
    no_war = match(
        switches=SWITCH,
        armies={"minas_morgul": {"sauron": "3R"}},
        dice={"shadow": ["muster"]},
        acting="shadow",
    )
    assert "bring-witch-king-chief muster" not in offered(no_war.state, "shadow")
    no_army = chief_match(armies={"minas_morgul": {"isengard": "3R"}})
    forbidden(no_army, "shadow", "bring-witch-king-chief muster")
    assert "bring-witch-king-chief muster" not in offered(chief_match(switches=[]).state, "shadow")


def test_r3_the_black_captain_chosen_rules_the_chief_out_for_the_game() -> None:
    m = chief_match()
    m.submit("shadow", "bring-witch-king muster")
    assert card_of(m) == "black_captain"
    assert "the Chief of the Ringwraiths' card is out of the game" in " ".join(texts(m.state))
    forbidden(m, "shadow", "bring-witch-king-chief muster")


def test_seed_rule_5_an_eliminated_witch_king_never_returns_through_his_other_card() -> None:
    m = chief_match(eliminated=["witch_king"], tta={"witch_king_card": "black_captain"})
    assert not {"bring-witch-king muster", "bring-witch-king-chief muster"} & set(offered(m.state, "shadow"))
    forbidden(m, "shadow", "bring-witch-king-chief muster")


def test_r3_the_chief_is_a_nazgul_with_an_action_die_like_the_base_figure() -> None:
    state = position(switches=SWITCH, characters={"witch_king": "dagorlad"}, tta={"witch_king_card": "chief"})
    assert R.check_invariants(state) == []
    assert pool_size(state, SH) == pool_size(position(switches=SWITCH), SH) + 1
    m = chief_match(characters={"witch_king": "dagorlad"}, tta={"witch_king_card": "chief"})
    m.state["dice"]["shadow"]["rolled"] = ["character"]
    m.submit("shadow", "move-minions character")
    m.submit("shadow", "minion witch_king")
    m.submit("shadow", "to fangorn")  # he flies anywhere, as a Nazgûl
    assert m.state["characters"]["witch_king"]["region"] == "fangorn"


# -- Lord of the Nazgûl (R-3) -----------------------------------------------------------------------


def test_r3_lord_of_the_nazgul_the_chief_with_the_fellowship_gives_two_rerolls() -> None:
    chief = position(switches=SWITCH, characters={"witch_king": "hollin"}, tta={"witch_king_card": "chief"})
    assert rerolls(chief, "hollin") == 2
    captain = position(
        switches=SWITCH, characters={"witch_king": "hollin"}, tta={"witch_king_card": "black_captain"}
    )
    assert rerolls(captain, "hollin") == 1
    elsewhere = position(
        switches=SWITCH, characters={"witch_king": "moria"}, tta={"witch_king_card": "chief"}
    )
    assert rerolls(elsewhere, "hollin") == 0


def test_r3_lord_of_the_nazgul_in_a_hunt_roll() -> None:
    m = match(
        switches=SWITCH,
        characters={"witch_king": "hollin"},
        tta={"witch_king_card": "chief"},
        fellowship={"region": "hollin", "progress": 0},
        hunt_box={"shadow": 2},
        dice={"free": ["character"], "shadow": ["muster"]},
    )
    with scripted(("hunt_die", 2), ("hunt_die", 3), ("hunt_reroll", 6), ("hunt_reroll", 6), others="random"):
        m.submit("free", "move-fellowship character")
    rolled = events(m.state, "hunt_rolled")[0]
    assert rolled["rerolls"] == [6, 6] and rolled["successes"] == 2


# -- Pursuit (R-3) ------------------------------------------------------------------------------------


def pursuit_phase(witch_king: str = "dagorlad", **more: Any) -> Match:
    state = in_phase(
        "recover",
        switches=SWITCH,
        characters={"witch_king": witch_king},
        tta={"witch_king_card": more.pop("card", "chief")},
        fellowship=more.pop("fellowship", {"region": "hollin", "progress": 2}),
        **more,
    )
    return Match(R, state)


def test_r3_pursuit_the_chief_flies_to_the_declared_fellowship_for_free() -> None:
    m = pursuit_phase()
    m.submit("free", "declare moria")
    assert step(m.state) == "pursuit" and R.active(m.state) == frozenset({"shadow"})
    assert offered(m.state, "shadow") == ["pursue", "no-pursuit"]
    assert label(m.state, "shadow", Action("pursue")) == "Pursue: the Witch-king flies to Moria"
    m.submit("shadow", "pursue")
    assert m.state["characters"]["witch_king"] == {"region": "moria", "inside": False}
    told = "Pursuit: the Witch-king, Chief of the Ringwraiths, flies from Dagorlad to Moria."
    assert told in texts(m.state)
    assert R.active(m.state) == frozenset({"free"})  # back to the Fellowship phase
    assert R.check_invariants(m.state) == []


def test_r3_pursuit_may_be_declined() -> None:
    m = pursuit_phase()
    m.submit("free", "declare moria")
    m.submit("shadow", "no-pursuit")
    assert m.state["characters"]["witch_king"]["region"] == "dagorlad"
    assert not events(m.state, "witch_king_pursues")


def test_r3_no_pursuit_into_a_free_peoples_stronghold_no_shadow_army_besieges() -> None:
    m = pursuit_phase(fellowship={"region": "trollshaws", "progress": 1})
    m.submit("free", "declare rivendell")
    assert step(m.state) != "pursuit"


def test_r3_no_pursuit_for_the_black_captain_nor_when_he_is_there_already() -> None:
    m = pursuit_phase(card="black_captain")
    m.submit("free", "declare moria")
    assert step(m.state) != "pursuit"
    m = pursuit_phase(witch_king="moria")
    m.submit("free", "declare moria")
    assert step(m.state) != "pursuit"


def test_r3_pursuit_is_asked_after_balrog_of_moria() -> None:
    m = pursuit_phase(table={"shadow": ["shc_17"]})
    m.submit("free", "declare moria")
    assert step(m.state) == "hunt_card"
    m.submit("shadow", "decline")
    assert step(m.state) == "pursuit"
    m.submit("shadow", "pursue")
    assert m.state["characters"]["witch_king"]["region"] == "moria"


# -- no Sorcerer (R-3) ------------------------------------------------------------------------------


def test_r3_the_chief_has_no_sorcerer() -> None:
    strife = card("Deadly Strife")
    armies = {"dagorlad": {"sauron": "3R"}, "ash_mountains": {"north": "3R"}}
    m = fight(
        armies,
        {SH: [strife]},
        characters={"witch_king": "dagorlad"},
        switches=SWITCH,
        tta={"witch_king_card": "chief"},
    )
    play(m, strife, None, *dice(SH, 1, 1, 1), *dice(FP, 1, 1, 1))
    assert m.state["hands"][SH] == [] and not events(m.state, "combat_sorcerer")
