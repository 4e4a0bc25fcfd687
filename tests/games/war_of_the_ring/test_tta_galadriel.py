"""Twilight of the Third Age: Galadriel (R-1), one test per rule — entry, Level 0, never a
Companion, Leadership 2, the seventh die, Nenya, Lady of the Golden Wood, leaving play — through
positions, dice and tiles scripted."""

from __future__ import annotations

from typing import Any

from games.core import Action, Match
from games.core.chance import scripted
from games.war_of_the_ring.battle_figures import leadership
from games.war_of_the_ring.dice import pool_size
from games.war_of_the_ring.labels import describe as label
from games.war_of_the_ring.ruleset import WAR_OF_THE_RING as R

from .helpers import act, events, forbidden, match, offered, position, step
from .test_battle import texts
from .test_combat_cards import FP, fight

SWITCH = ["galadriel"]
ELVES_AT_WAR = {"elves": {"steps": 0, "active": True}, "sauron": {"steps": 0, "active": True}}
HOLLIN = {"region": "hollin", "progress": 0}


def lady_match(**more: Any) -> Match:
    return match(
        switches=more.pop("switches", SWITCH),
        politics=more.pop("politics", ELVES_AT_WAR),
        dice=more.pop("dice", {"free": ["will"], "shadow": ["muster"]}),
        **more,
    )


# -- entry (R-1) ------------------------------------------------------------------------------------


def test_r1_galadriel_enters_in_lorien_with_a_will_of_the_west() -> None:
    m = lady_match()
    assert "bring-galadriel will" in offered(m.state, "free")
    assert label(m.state, "free", Action("bring-galadriel", ("will",))).startswith("Bring Galadriel")
    m.submit("free", "bring-galadriel will")
    assert m.state["characters"]["galadriel"] == {"region": "lorien", "inside": False}
    assert "galadriel" not in m.state["tta"]["characters_aside"]
    assert "Galadriel enters play in Lórien." in texts(m.state)
    assert R.check_invariants(m.state) == []
    forbidden(lady_match(characters={"galadriel": "lorien"}), "free", "bring-galadriel will")  # once


def test_r1_no_entry_unless_the_elves_are_at_war_and_lorien_is_theirs() -> None:
    asleep = lady_match(politics={"elves": {"steps": 1, "active": True}})
    forbidden(asleep, "free", "bring-galadriel will")
    fallen = lady_match(control={"lorien": "shadow"}, armies={"lorien": {"sauron": "2R"}})
    forbidden(fallen, "free", "bring-galadriel will")
    only_a_muster = lady_match(dice={"free": ["muster"], "shadow": ["muster"]})
    forbidden(only_a_muster, "free", "bring-galadriel muster")
    forbidden(lady_match(switches=[]), "free", "bring-galadriel will")
    forbidden(lady_match(eliminated=["galadriel"]), "free", "bring-galadriel will")


# -- the figure (R-1) -------------------------------------------------------------------------------


def test_r1_galadriel_gives_a_die_the_free_peoples_may_roll_seven() -> None:
    three = {"aragorn": "minas_tirith", "gandalf_white": "fangorn", "galadriel": "lorien"}
    state = position(switches=SWITCH, characters=three, eliminated=["strider", "gandalf_grey"])
    assert pool_size(state, FP) == 7
    assert pool_size(position(switches=SWITCH, characters={"galadriel": "lorien"}), FP) == 5


def test_r1_level_0_galadriel_is_never_a_companion_and_never_moves() -> None:
    m = lady_match(
        characters={"galadriel": "lorien", "legolas": "lorien"},
        fellowship={"companions": ["strider"], "guide": "strider"},
        dice={"free": ["character"], "shadow": ["muster"]},
    )
    m.submit("free", "move-companions character")
    assert "companion legolas" in offered(m.state, "free")
    forbidden(m, "free", "companion galadriel")


def test_r1_leadership_2_in_her_battles() -> None:
    armies = {"lorien": {"elves": "3R"}, "dimrill_dale": {"sauron": "2R"}}
    m = fight(
        armies,
        {FP: ["fpc_01"]},
        attacking=FP,
        origin="lorien",
        target="dimrill_dale",
        switches=SWITCH,
        characters={"galadriel": "lorien"},
        politics=None,
    )
    assert leadership(m.state, FP) == 2


# -- Nenya (R-1) -------------------------------------------------------------------------------------


def hunted(**more: Any) -> Match:
    return lady_match(
        characters={"galadriel": "lorien"},
        dice={"free": ["character", "character"], "shadow": ["army"]},
        hunt_box={"shadow": 1},
        fellowship=HOLLIN,
        **more,
    )


def test_r1_nenya_cancels_the_tile_just_drawn_with_an_elven_ring() -> None:
    m = hunted()
    with scripted(("hunt_die", 6), ("hunt_tile", "3_1")):
        act(m, "free", "move-fellowship character")
    assert step(m.state) == "nenya" and offered(m.state, "free") == ["nenya", "no-nenya"]
    rings = dict(m.state["rings"])
    act(m, "free", "nenya")
    assert m.state["fellowship"]["corruption"] == 0 and not events(m.state, "hunt_tile")
    assert "3_1" in m.state["hunt"]["drawn"] and "3_1" not in m.state["hunt"]["pool"]
    assert m.state["rings"]["free"] == rings["free"] - 1 and m.state["rings"]["shadow"] == rings["shadow"] + 1
    assert "free" in m.state["rings"]["used"]
    assert "Nenya: Galadriel cancels the Hunt tile “3”; her Elven Ring goes to the Shadow." in texts(m.state)
    assert R.check_invariants(m.state) == []


def test_r1_nenya_declined_the_tile_stands() -> None:
    m = hunted()
    with scripted(("hunt_die", 6), ("hunt_tile", "1_1")):
        act(m, "free", "move-fellowship character")
    act(m, "free", "no-nenya")
    assert events(m.state, "hunt_tile") == [{"tile": "1_1", "damage": 1, "why": "hunt"}]


def test_r1_nenya_once_a_turn_and_only_with_a_ring_to_use() -> None:
    m = hunted()
    with scripted(("hunt_die", 6), ("hunt_tile", "3_1")):
        act(m, "free", "move-fellowship character")
    act(m, "free", "nenya")
    assert m.state["turn"]["nenya"] is True  # the turn's mark; a new turn has none
    used = hunted()
    used.state["turn"]["nenya"] = True
    with scripted(("hunt_die", 6), ("hunt_tile", "1_1")):
        act(used, "free", "move-fellowship character")
    assert step(used.state) != "nenya" and events(used.state, "hunt_tile")
    no_ring = hunted(rings={"free": 0, "shadow": 3})
    with scripted(("hunt_die", 6), ("hunt_tile", "1_1")):
        act(no_ring, "free", "move-fellowship character")
    assert step(no_ring.state) != "nenya"


# -- Lady of the Golden Wood (R-1) ------------------------------------------------------------------


def besieged_lorien(**more: Any) -> Match:
    return lady_match(
        armies={"lorien": {"sauron": "4R"}},
        garrisons={"lorien": {"elves": "2R"}},
        dice={"free": ["muster"], "shadow": ["muster"]},
        **more,
    )


def test_r1_lady_of_the_golden_wood_recruits_inside_a_besieged_lorien() -> None:
    m = besieged_lorien(characters={"galadriel": "lorien@inside"})
    act(m, "free", "recruit muster")
    assert "recruit elite" in offered(m.state, "free")
    act(m, "free", "recruit elite")
    if step(m.state) == "recruit":
        places = offered(m.state, "free")
        assert "place lorien elite" in places
        act(m, "free", "place lorien elite")
    assert m.state["garrisons"]["lorien"]["elves"] == {"regular": 2, "elite": 1}
    assert R.check_invariants(m.state) == []
    without = besieged_lorien()
    act(without, "free", "recruit muster", "recruit elite")
    assert "place lorien elite" not in offered(without.state, "free")


# -- leaving play (R-1) ------------------------------------------------------------------------------


def test_r1_galadriel_leaves_play_when_lorien_is_captured() -> None:
    m = lady_match(
        characters={"galadriel": "lorien"},
        armies={"dimrill_dale": {"sauron": "3R"}},
        dice={"shadow": ["army"], "free": ["muster"]},
        acting="shadow",
    )
    act(m, "shadow", "move-armies army")
    while step(m.state) in ("army_choose", "army_to", "army_units") and R.active(m.state) == {"shadow"}:
        choices = offered(m.state, "shadow")
        wanted = [a for a in choices if "lorien" in a] or [a for a in choices if a.startswith(("army", "go"))]
        act(m, "shadow", (wanted or choices)[0])
        if "galadriel" in m.state["eliminated"]:
            break
    assert "galadriel" in m.state["eliminated"] and "galadriel" not in m.state["characters"]
    assert "Lórien has fallen: Galadriel passes over the Sea." in texts(m.state)
