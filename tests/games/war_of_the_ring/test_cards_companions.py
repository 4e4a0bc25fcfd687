"""Event cards that move Companions and Nazgûl, and the rewards of an Event die (issue 19):
one scenario per card, named after it."""

from __future__ import annotations

from typing import Any

from games.core import Action
from games.core.chance import scripted
from games.war_of_the_ring.data import REGIONS
from games.war_of_the_ring.ruleset import WAR_OF_THE_RING as R

from .helpers import act, events, forbidden, match, offered, step

FELLOWSHIP = ["gandalf_grey", "strider", "gimli", "legolas", "boromir", "meriadoc", "peregrin"]


def at(hand: list[str], side: str = "free", die: str = "character", **position: Any) -> Any:
    other = "shadow" if side == "free" else "free"
    dice = {side: [die, "event"], other: ["event"]}
    return match(dice=dice, acting=side, hands={side: hand}, **position)


def keep_guide(m: Any) -> None:
    """The Fellowship changed: the Free Peoples keep Gandalf as the Guide if asked."""
    if step(m.state) == "guide_choice":
        act(m, "free", "guide gandalf_grey")


def test_card_fpc_11_i_will_go_alone() -> None:
    m = at(["fpc_11"], fellowship={"region": "rivendell", "progress": 1, "corruption": 2})
    act(m, "free", "play character fpc_11", "companion gimli")
    # Progress 1 + Level 2 + 1 extra region: four regions from Rivendell
    reach = {a for a in offered(m.state, "free") if a.startswith("to ")}
    assert "to rivendell" in reach and len(reach) > 5
    act(m, "free", "to trollshaws")
    s = m.state
    assert s["characters"]["gimli"] == {"region": "trollshaws", "inside": False}
    assert "gimli" not in s["fellowship"]["companions"]
    assert s["fellowship"]["corruption"] == 1
    keep_guide(m)
    assert step(s) == "act" and s["stack"][-1]["side"] == "shadow"


def test_card_fpc_11_needs_a_companion_in_the_fellowship() -> None:
    m = at(["fpc_11"], fellowship={"companions": [], "guide": "gollum"}, eliminated=FELLOWSHIP)
    forbidden(m, "free", "play character fpc_11")


def test_card_fpc_14_challenge_of_the_king_removes_the_eyes_drawn() -> None:
    m = at(
        ["fpc_14"],
        characters={"strider": "edoras"},
        fellowship={"companions": FELLOWSHIP[:1] + FELLOWSHIP[2:]},
    )
    with scripted(
        ("challenge_tile", "eye_1"), ("challenge_tile", "3_1"), ("challenge_tile", "2_1"), others="random"
    ):
        act(m, "free", "play character fpc_14")
    hunt = m.state["hunt"]
    assert "eye_1" in hunt["removed"] and "eye_1" not in hunt["pool"]
    assert {"3_1", "2_1"} <= set(hunt["pool"])
    assert "strider" in m.state["characters"]


def test_card_fpc_14_three_eyes_slay_the_king() -> None:
    m = at(
        ["fpc_14"],
        characters={"strider": "edoras"},
        fellowship={"companions": FELLOWSHIP[:1] + FELLOWSHIP[2:]},
    )
    with scripted(
        ("challenge_tile", "eye_1"), ("challenge_tile", "eye_2"), ("challenge_tile", "eye_3"), others="random"
    ):
        act(m, "free", "play character fpc_14")
    s = m.state
    assert "strider" not in s["characters"] and "strider" in s["eliminated"]
    assert {"eye_1", "eye_2", "eye_3"} <= set(s["hunt"]["pool"])
    assert events(s, "companion_lost")[-1] == {"companion": "strider", "why": "fpc_14"}


def test_card_fpc_14_needs_the_king_with_an_army_in_gondor_or_rohan() -> None:
    m = at(
        ["fpc_14"], characters={"strider": "bree"}, fellowship={"companions": FELLOWSHIP[:1] + FELLOWSHIP[2:]}
    )
    forbidden(m, "free", "play character fpc_14")


def test_card_fpc_15_gwaihir_the_windlord_moves_as_level_4_into_a_siege() -> None:
    m = at(
        ["fpc_15"],
        characters={"legolas": "rivendell"},
        fellowship={"companions": [c for c in FELLOWSHIP if c != "legolas"], "region": "rivendell"},
    )
    act(m, "free", "play character fpc_15")
    assert {a for a in offered(m.state, "free")} == {"choose separate", "choose move"}
    act(m, "free", "choose move")  # Legolas, the one Companion on the map, is taken
    targets = {a for a in offered(m.state, "free") if a.startswith("to ")}
    assert "to fords_of_bruinen" in targets and "done" not in offered(m.state, "free")
    act(m, "free", "to fords_of_bruinen")
    assert m.state["characters"]["legolas"]["region"] == "fords_of_bruinen"
    assert step(m.state) == "act" and m.state["stack"][-1]["side"] == "shadow"


def test_card_fpc_16_we_prove_the_swifter_separates_two_regions_further() -> None:
    m = at(["fpc_16"], fellowship={"region": "rivendell", "progress": 0})
    act(m, "free", "play character fpc_16")
    assert offered(m.state, "free")[0].startswith("companion")  # nothing on the map: separate at once
    act(m, "free", "companion meriadoc")
    reach = {a[3:] for a in offered(m.state, "free") if a.startswith("to ")}
    assert "rivendell" in reach
    # Level 1 + 2 extra regions from Rivendell (Progress 0)
    assert "trollshaws" in reach and "weather_hills" in reach


def test_card_fpc_17_there_and_back_again_rouses_the_north() -> None:
    m = at(
        ["fpc_17"],
        characters={"gimli": "erebor"},
        fellowship={"companions": [c for c in FELLOWSHIP if c != "gimli"]},
    )
    act(m, "free", "play character fpc_17", "companion meriadoc", "to rivendell")
    keep_guide(m)
    politics = m.state["politics"]
    assert politics["dwarves"]["active"] and politics["north"]["active"]
    for nation, before in (("dwarves", 3), ("elves", 3), ("north", 3)):
        assert politics[nation]["steps"] == before - 1


def test_card_shc_09_nazgul_search_reveals_where_a_nazgul_lands() -> None:
    m = at(
        ["shc_09"],
        side="shadow",
        fellowship={"region": "bree", "progress": 2},
        add={"mount_gundabad": {"sauron": "1L"}},
    )
    act(m, "shadow", "play character shc_09")
    assert "minion witch_king" not in offered(m.state, "shadow")
    act(m, "shadow", "nazgul mount_gundabad", "to bree 1", "done")
    s = m.state
    assert s["fellowship"]["revealed"]
    assert step(s) == "hunt_damage"  # the Free Peoples place the revealed figure
    act(m, "free", offered(s, "free")[0])
    assert s["fellowship"]["progress"] == 0
    assert step(s) == "act" and s["stack"][-1]["side"] == "free"


def test_card_shc_09_needs_progress() -> None:
    m = at(["shc_09"], side="shadow", fellowship={"progress": 0})
    forbidden(m, "shadow", "play character shc_09")


def test_card_shc_10_cruel_weather_moves_the_fellowship_next_door() -> None:
    m = at(["shc_10"], side="shadow", fellowship={"region": "bree", "progress": 1})
    act(m, "shadow", "play character shc_10")
    assert set(offered(m.state, "shadow")) == {f"to {r}" for r in REGIONS["bree"].neighbours}
    act(m, "shadow", "to south_downs")
    assert m.state["fellowship"]["region"] == "south_downs" and m.state["fellowship"]["progress"] == 1
    assert events(m.state, "fellowship_driven") == [{"from": "bree", "region": "south_downs"}]


def test_card_shc_11_the_nazgul_strike_discards_a_table_card_or_hunts() -> None:
    m = at(
        ["shc_11"],
        side="shadow",
        fellowship={"region": "bree", "progress": 1},
        add={"bree": {"sauron": "1L"}},
        table={"free": ["fpc_05"]},
        hunt_box={"shadow": 2},
    )
    act(m, "shadow", "play character shc_11", "done")
    assert set(offered(m.state, "shadow")) == {"choose hunt", "discard fpc_05"}
    act(m, "shadow", "discard fpc_05")
    assert m.state["table"]["free"] == [] and m.state["played"]["free"] == ["fpc_05"]


def test_card_shc_11_the_nazgul_strike_rolls_the_hunt() -> None:
    m = at(
        ["shc_11"],
        side="shadow",
        fellowship={"region": "bree", "progress": 1},
        add={"bree": {"sauron": "1L"}},
        hunt_box={"shadow": 2},
    )
    with scripted(("hunt_die", 1), ("hunt_die", 2), others="random"):
        act(m, "shadow", "play character shc_11", "done")
    assert events(m.state, "hunt_rolled")[-1]["successes"] == 0
    assert step(m.state) == "act" and m.state["stack"][-1]["side"] == "free"


def test_card_shc_21_the_palantir_of_orthanc_draws_after_an_event_die() -> None:
    m = match(
        dice={"shadow": ["character", "event"], "free": ["event", "event"]},
        acting="shadow",
        hands={"shadow": ["shc_21", "shc_10"]},
        characters={"saruman": "orthanc"},
        fellowship={"region": "bree", "progress": 1},
    )
    act(m, "shadow", "play character shc_21")
    assert m.state["table"]["shadow"] == ["shc_21"]
    act(m, "free", "skip event")
    act(m, "shadow", "play event shc_10", "to south_downs")
    assert step(m.state) == "event"
    assert set(offered(m.state, "shadow")) == {"deck character", "deck strategy"}
    act(m, "shadow", "deck strategy")
    assert len(m.state["hands"]["shadow"]) == 1  # played one, drew one
    assert step(m.state) == "act" and m.state["stack"][-1]["side"] == "free"


def test_card_shc_21_leaves_the_table_with_a_will_of_the_west_or_a_ring() -> None:
    m = match(
        dice={"free": ["will", "muster"], "shadow": ["event"]},
        table={"shadow": ["shc_21"]},
        characters={"saruman": "orthanc"},
    )
    assert "dismiss-palantir will" in offered(m.state, "free")
    assert "ring-palantir muster" in offered(m.state, "free")
    act(m, "free", "ring-palantir muster")
    s = m.state
    assert s["table"]["shadow"] == [] and s["played"]["shadow"] == ["shc_21"]
    assert s["rings"]["free"] == 2 and s["rings"]["shadow"] == 1 and "free" in s["rings"]["used"]


def test_card_shc_21_goes_when_saruman_is_eliminated() -> None:
    m = match(
        dice={"free": ["will"], "shadow": ["event"]},
        table={"shadow": ["shc_21"]},
        characters={"saruman": "orthanc"},
    )
    del m.state["characters"]["saruman"]
    act(m, "free", "skip will")
    assert m.state["table"]["shadow"] == []
    assert events(m.state, "table_card_discarded")[-1]["why"] == "no_longer_in_force"


def test_gandalf_the_grey_guides_and_an_event_die_draws_a_card_of_its_deck() -> None:
    m = at(["fpc_12"], die="event")
    deck = len(m.state["decks"]["free_character"])
    act(m, "free", "play event fpc_12")
    assert len(m.state["decks"]["free_character"]) == deck - 1 and len(m.state["hands"]["free"]) == 1
    m = at(["fpc_12"], die="character")
    act(m, "free", "play character fpc_12")
    assert m.state["hands"]["free"] == []


def test_the_labels_of_a_cards_questions_are_its_words() -> None:
    m = at(["shc_10"], side="shadow", fellowship={"region": "bree", "progress": 1})
    act(m, "shadow", "play character shc_10")
    assert R.describe(m.state, "shadow", Action("to", ("south_downs",))) == "Into South Downs"
