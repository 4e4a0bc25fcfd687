"""What the views tell the renderer: the last action (its regions, an arrow's ends, its words), the
battle's dice, the Hunt Box split into dice put in and Eyes rolled; and that none of it shows
where the hidden Fellowship went."""

from __future__ import annotations

import pytest

from games.core import InvalidPosition
from games.core.chance import scripted
from games.war_of_the_ring.ruleset import WAR_OF_THE_RING as R

from .helpers import act, match, position

AT_WAR = {"steps": 0, "active": True}


def test_an_army_move_is_the_last_action_with_an_arrow_from_where_to_where() -> None:
    m = match(dice={"free": ["event"], "shadow": ["army"]}, acting="shadow")
    act(m, "shadow", "move-armies army", "army gorgoroth", "to nurn", "go", "done")
    last = R.view(m.state, None)["last"]
    assert last["side"] == "shadow"
    assert (last["from"], last["to"]) == ("gorgoroth", "nurn")
    assert last["regions"] == ["gorgoroth", "nurn"]
    assert "Gorgoroth" in last["text"] and "Nurn" in last["text"]
    assert R.view(m.state, "free")["last"] == last  # nothing secret in it: every audience sees it


def test_a_new_action_replaces_the_last_one_and_a_pass_draws_no_arrow() -> None:
    m = match(dice={"free": ["event"], "shadow": ["army", "army"]}, acting="shadow")
    act(m, "shadow", "move-armies army", "army gorgoroth", "to nurn", "go", "done")
    act(m, "free", "skip event")
    last = R.view(m.state, None)["last"]
    assert last["side"] == "free" and last["from"] is None and last["regions"] == []
    assert "skip" in last["text"]


def test_the_hidden_fellowship_moving_names_no_region_in_the_last_action() -> None:
    m = match(
        dice={"free": ["character"], "shadow": ["army"]},
        hunt_box={"shadow": 1},
        fellowship={"region": "hollin", "progress": 0},
    )
    with scripted(("hunt_die", 2)):
        act(m, "free", "move-fellowship character")
    for audience in (None, "free", "shadow"):
        last = R.view(m.state, audience)["last"]
        assert last["regions"] == [] and last["from"] is None and last["to"] is None
        assert "Hollin" not in last["text"]
        assert "The Fellowship moves" in last["text"] and "Hunt" in last["text"]


def test_a_battle_shows_each_sides_last_round_dice_target_and_hits() -> None:
    m = match(
        dice={"free": ["event"], "shadow": ["army"]},
        acting="shadow",
        armies={"north_ithilien": {"sauron": "3R"}, "osgiliath": {"gondor": "2R"}},
        politics={"sauron": AT_WAR, "gondor": AT_WAR},
    )
    act(m, "shadow", "attack army")  # its one target, Osgiliath, is taken
    with scripted(*[("shadow_combat_die", d) for d in (6, 2, 1)], *[("free_combat_die", d) for d in (5, 3)]):
        act(m, "shadow", "go")
    battle = R.view(m.state, None)["battle"]
    assert battle is not None
    assert battle["attacker"] == "shadow" and battle["defender"] == "free"
    assert battle["from"] == "north_ithilien" and battle["region"] == "osgiliath"
    rolls = battle["rolls"]
    assert rolls["shadow"]["dice"] == [6, 2, 1] and rolls["free"]["dice"] == [5, 3]
    # Osgiliath is a Fortification: the attacker hits on 6 in the first round
    assert rolls["shadow"]["target"] == 6 and rolls["free"]["target"] == 5
    assert rolls["shadow"]["hits"] == 1 and rolls["free"]["hits"] == 1
    last = R.view(m.state, None)["last"]
    assert (last["from"], last["to"]) == ("north_ithilien", "osgiliath")


def test_the_hunt_box_tells_dice_put_in_from_eyes_rolled() -> None:
    view = R.view(position(hunt_box={"shadow": 3, "free": 1, "allocated": 2}), None)
    assert view["hunt"]["allocated"] == 2 and view["hunt"]["eyes"] == 1
    assert view["hunt"]["box"] == {"shadow": 3, "free": 1}


def test_a_position_cannot_put_in_more_dice_than_the_hunt_box_holds() -> None:
    with pytest.raises(InvalidPosition, match="allocated"):
        position(hunt_box={"shadow": 1, "allocated": 2})


def test_the_allocation_round_trips_through_a_described_position() -> None:
    state = position(dice={"free": ["event"]}, hunt_box={"shadow": 3, "free": 0, "allocated": 2})
    assert R.to_position(state)["hunt_box"] == {"shadow": 3, "free": 0, "allocated": 2}


def test_a_resignation_is_the_last_thing_that_happened_on_its_own() -> None:
    m = match(dice={"free": ["event"], "shadow": ["army"]}, acting="shadow")
    act(m, "shadow", "move-armies army", "army gorgoroth", "to nurn", "go", "done")
    m.resign("free")
    last = R.view(m.state, None)["last"]
    assert last["side"] == "free" and last["from"] is None and last["regions"] == []
    assert "resign" in last["text"].lower() and "Nurn" not in last["text"]


def test_no_arrow_for_a_hobbit_who_leaves_in_the_hunt_of_a_hidden_fellowship() -> None:
    m = match(
        dice={"free": ["character"], "shadow": ["army"]},
        hunt_box={"shadow": 1},
        fellowship={
            "region": "hollin",
            "progress": 0,
            "companions": ["meriadoc", "peregrin"],
            "guide": "meriadoc",
        },
    )
    with scripted(("hunt_die", 6), ("hunt_tile", "1_1")):
        act(m, "free", "move-fellowship character")
    act(m, "free", "ability meriadoc", "hobbit-to bree")
    last = R.view(m.state, None)["last"]
    assert last["from"] is None and last["to"] is None  # the Hobbit's way is not the Fellowship's
    assert "bree" in last["regions"]


def test_the_hunt_allocation_is_the_shadows_last_action() -> None:
    m = match(dice={"free": ["event"], "shadow": ["event"]})
    act(m, "free", "skip event")
    act(m, "shadow", "skip event")
    # on to the next turn: the Fellowship phase, then the Shadow's allocation
    while R.prompt(m.state, "shadow").kind != "hunt_allocation":
        role = sorted(R.active(m.state))[0]
        act(m, role, R.prompt(m.state, role).actions[-1].text)
    act(m, "shadow", "hunt 1")
    last = R.view(m.state, None)["last"]
    assert last["side"] == "shadow" and last["text"].startswith("The Shadow puts 1 die in the Hunt Box.")


def test_a_die_action_that_told_nothing_yet_leaves_the_last_action_on_the_board() -> None:
    """The Shadow chooses to move Armies (his first question open, nothing told): the board,
    redrawn to say what the game waits for, still shows the action before as the last one."""
    m = match(dice={"free": ["event"], "shadow": ["army", "army"]}, acting="shadow")
    act(m, "shadow", "move-armies army", "army gorgoroth", "to nurn", "go", "done")
    act(m, "free", "skip event")
    skipped = R.view(m.state, None)["last"]
    act(m, "shadow", "move-armies army")
    assert R.view(m.state, None)["last"] == skipped
    act(m, "shadow", "army nurn", "go")  # to Gorgoroth, its one way
    moved = R.view(m.state, None)["last"]
    assert moved["side"] == "shadow" and (moved["from"], moved["to"]) == ("nurn", "gorgoroth")
