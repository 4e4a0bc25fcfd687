"""The table's words as a new player reads them (issue 19's playtest): what a card did said
once in plain English, names inside sentences in lower case ("the Shire", "the Witch-king")."""

from __future__ import annotations

from games.core import Action
from games.war_of_the_ring.data import CARDS
from games.war_of_the_ring.ruleset import WAR_OF_THE_RING as R

from .helpers import act, offered
from .test_cards_armies import AT_WAR, card_match


def public_lines(state: dict[str, object], since: int) -> list[str]:
    return [R.event_text(e, None) for e in state["log"][since:] if R.event_text(e, None)]  # type: ignore[index]


def test_the_shadow_giving_up_two_cards_for_a_table_card_is_one_line() -> None:
    armies = {"trollshaws": {"sauron": "3R"}, "rivendell": {"elves": "1R"}}
    m = card_match(
        "shadow",
        "shs_04",
        armies,
        table={"free": ["fps_02"]},
        dice={"shadow": ["character"], "free": ["muster"]},
        hand=["shs_05", "shc_01"],
    )
    since = len(m.state["log"])
    act(m, "shadow", "dispel character")
    act(m, "shadow", "discard shs_05", "discard shc_01")  # both asked: the wait tells nothing
    told = public_lines(m.state, since)
    assert told == [
        "The Shadow discards a Strategy card and a Character card face down.",
        "A Power too Great is discarded from the table (a die action).",
    ], told
    # The Shadow alone reads which cards he gave up.
    own = [R.event_text(e, "shadow") for e in m.state["log"][since:]]
    assert f"You discard {CARDS['shs_05'].name} and {CARDS['shc_01'].name}." in own, own


def test_a_region_or_character_named_the_is_lower_case_inside_a_label() -> None:
    m = card_match("free", "", {"the_shire": {"north": "1R"}, "bree": {"north": "1R"}}, face="army_muster")
    act(m, "free", "move-armies army_muster")
    assert "army the_shire" in offered(m.state, "free")
    assert R.describe(m.state, "free", Action("army", ("the_shire",))) == "Move the Army in the Shire"
    muster = card_match("shadow", "", {"barad_dur": {"sauron": "1R"}}, AT_WAR, face="muster")
    labels = [R.describe(muster.state, "shadow", a) for a in R.prompt(muster.state, "shadow").actions]
    assert "Bring the Witch-king into play (Muster die)" in labels, labels


def test_a_lone_nazgul_is_asked_where_it_flies_not_how_many_of_the_1() -> None:
    m = card_match(
        "shadow", "", {"barad_dur": {"sauron": "1L"}, "dol_guldur": {"sauron": "2L"}}, face="character"
    )
    act(m, "shadow", "move-minions character", "nazgul barad_dur")
    asked = R.prompt(m.state, "shadow").text
    assert asked.startswith("Where does the Nazgûl of Barad-dûr fly (`to <region> 1`)?"), asked
    act(m, "shadow", "to gorgoroth 1", "nazgul dol_guldur")
    assert "how many of the 2" in R.prompt(m.state, "shadow").text
