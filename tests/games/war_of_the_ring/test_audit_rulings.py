"""Rules found wrong by the outside audit of part I, each checked on a position."""

from __future__ import annotations

from games.core import Match
from games.core.chance import scripted
from games.war_of_the_ring.hunt import rerolls
from games.war_of_the_ring.ruleset import WAR_OF_THE_RING as R

from .helpers import events, match, offered, position


def test_gollums_own_reveal_draws_no_tile_for_a_shadow_stronghold() -> None:
    m = match(
        dice={"free": ["character"], "shadow": ["army"]},
        hunt_box={"shadow": 1},
        fellowship={"region": "moria", "progress": 0, "companions": [], "guide": "gollum"},
    )
    with scripted(("hunt_die", 6), ("hunt_tile", "1_1")):
        m.submit("free", "move-fellowship character")
    m.submit("free", "ability gollum")  # -1 damage, the Fellowship revealed by the Free Peoples
    m.submit("free", "reveal-to hollin")
    assert [t["tile"] for t in events(m.state, "hunt_tile")] == ["1_1"]
    assert m.state["fellowship"]["corruption"] == 0


def test_the_witch_king_and_a_shadow_garrison_give_hunt_rerolls() -> None:
    state = position(characters={"witch_king": "hollin"})
    assert rerolls(state, "hollin") == 1  # the Witch-king is a Nazgûl
    state = position(
        armies={"minas_morgul": {"gondor": "3R"}},
        garrisons={"minas_morgul": {"sauron": "2R 1L"}},
        control={"minas_morgul": "shadow"},
    )
    assert rerolls(state, "minas_morgul") == 3  # Stronghold, units and a Nazgûl inside it


def test_a_hobbit_leaving_in_a_besieged_stronghold_stays_inside() -> None:
    m = match(
        armies={"minas_tirith": {"sauron": "3R"}},
        garrisons={"minas_tirith": {"gondor": "3R 1E 1L"}},
        fellowship={
            "region": "minas_tirith",
            "progress": 0,
            "companions": ["meriadoc", "peregrin"],
            "guide": "meriadoc",
        },
        hunt_box={"shadow": 1},
        dice={"free": ["character", "character"], "shadow": ["character"]},
    )
    with scripted(("hunt_die", 6), ("hunt_tile", "2_1")):
        m.submit("free", "move-fellowship character")
    m.submit("free", "ability meriadoc")
    assert m.state["characters"]["meriadoc"] == {"region": "minas_tirith", "inside": True}


def test_a_hobbit_leaving_in_a_free_city_rouses_its_nation() -> None:
    m = match(
        fellowship={
            "region": "edoras",
            "progress": 0,
            "companions": ["meriadoc", "peregrin"],
            "guide": "meriadoc",
        },
        hunt_box={"shadow": 1},
        dice={"free": ["character"], "shadow": ["character"]},
    )
    assert not m.state["politics"]["rohan"]["active"]
    with scripted(("hunt_die", 6), ("hunt_tile", "1_1")):
        m.submit("free", "move-fellowship character")
    m.submit("free", "ability meriadoc")
    assert not m.state["politics"]["rohan"]["active"]  # not before he ends his move there
    m.submit("free", "hobbit-to edoras")
    assert m.state["politics"]["rohan"]["active"]


def test_minions_in_a_besieged_garrison_do_not_fly_out() -> None:
    state = position(
        armies={"minas_morgul": {"gondor": "3R"}, "barad_dur": {"sauron": "2R"}},
        garrisons={"minas_morgul": {"sauron": "2R 2L"}},
        characters={"witch_king": "minas_morgul@inside", "mouth_of_sauron": "minas_morgul@inside"},
        dice={"free": ["character"], "shadow": ["character"]},
        acting="shadow",
    )
    assert "move-minions character" not in offered(state, "shadow")


def test_a_shadow_army_retreating_into_a_free_nation_rouses_it() -> None:
    m = Match(
        R,
        position(
            armies={"parth_celebrant": {"sauron": "2R"}, "lorien": {"elves": "3R 1L"}},
            politics={"elves": {"steps": 0, "active": True}},
            dice={"free": ["army_muster"], "shadow": ["army"]},
        ),
    )
    m.submit("free", "attack army_muster")  # its one target, Parth Celebrant, is taken
    with scripted(*[("free_combat_die", 2)] * 3, *[("shadow_combat_die", 2)] * 2, ("free_combat_reroll", 2)):
        if "go" in offered(m.state, "free"):
            m.submit("free", "go")
    m.submit("free", "continue")
    assert not m.state["politics"]["rohan"]["active"]
    m.submit("shadow", "retreat eastemnet")
    assert m.state["politics"]["rohan"]["active"]
