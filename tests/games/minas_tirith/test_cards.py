"""Each of the 16 Minas Tirith cards does what its text says (one test per card, named after it)."""

from __future__ import annotations

from games.core.chance import scripted
from games.minas_tirith.facts import MT_DECK

from .helpers import CARD, events, legal, match, play, units

FORT = {"road_fort": {"infantry": 1}}
CAMP = {"causeway": {"orcs": 1}}


def test_every_card_has_its_test() -> None:
    tested = {name.removeprefix("test_").split("_card")[0] for name in globals() if name.startswith("test_")}
    assert {card for card in MT_DECK if f"{card}" in tested} == set(MT_DECK)


def test_theoden_card() -> None:
    game = match({**FORT, **CAMP}, mt_cards={"good": [{"id": "theoden", "holds": {"cavalry": 2}}]})
    assert {"enter theoden druadan_road", "enter theoden rammas_north_gate"} <= legal(game, "good")
    play(game, "good", "enter theoden rammas_north_gate")
    assert units(game, "rammas_north_gate") == {"cavalry": 2}
    assert game.state["leaders"]["theoden"] == "rammas_north_gate"
    assert game.state["mt"]["good"] == [] and "theoden" in game.state["decks"]["aside"]


def test_theoden_card_waits_for_a_battalion_and_a_free_entry() -> None:
    empty = match({**FORT, **CAMP}, mt_cards={"good": ["theoden"]})
    assert not any(a.startswith("enter") for a in legal(empty, "good"))
    blocked = match(
        {**FORT, "druadan_road": {"orcs": 1}}, mt_cards={"good": [{"id": "theoden", "holds": {"cavalry": 1}}]}
    )
    assert {a for a in legal(blocked, "good") if a.startswith("enter")} == {"enter theoden rammas_north_gate"}


def test_aragorn_card() -> None:
    game = match(
        {**FORT, **CAMP}, mt_cards={"good": [{"id": "aragorn", "holds": {"infantry": 2, "archers": 1}}]}
    )
    play(game, "good", "enter aragorn harlond")
    assert (
        units(game, "harlond") == {"infantry": 2, "archers": 1}
        and game.state["leaders"]["aragorn"] == "harlond"
    )


def test_imrahil_card() -> None:
    game = match({**FORT, **CAMP}, mt_cards={"good": [{"id": "imrahil", "holds": {"cavalry": 1}}]})
    assert {a for a in legal(game, "good") if a.startswith("enter")} == {
        "enter imrahil lossarnach_road",
        "enter imrahil minas_tirith",
    }
    play(game, "good", "enter imrahil minas_tirith")
    assert (
        units(game, "minas_tirith") == {"cavalry": 1} and game.state["leaders"]["imrahil"] == "minas_tirith"
    )


def test_white_rider_card() -> None:
    game = match(
        {"causeway": {"orcs": 3}, "causeway_forts": {"infantry": 3}},
        role="evil",
        leaders={"witch_king": "causeway", "gandalf": "causeway_forts"},
        mt_cards={"good": ["white_rider"]},
    )
    with scripted(
        ("attack die", 6), ("attack die", 1), ("attack die", 1), ("defence die", 5), ("defence die", 4)
    ):
        play(game, "evil", "attack causeway causeway_forts 3")
    assert legal(game, "good") == {"react white_rider", "decline"}
    play(game, "good", "react white_rider")
    assert units(game, "causeway_forts") == {"infantry": 3} and units(game, "road_fort") == {}  # no retreat
    assert "white_rider" in game.state["decks"]["aside"]


def test_white_rider_card_is_not_asked_without_a_six() -> None:
    game = match(
        {"causeway": {"orcs": 3}, "causeway_forts": {"infantry": 3}},
        role="evil",
        leaders={"witch_king": "causeway", "gandalf": "causeway_forts"},
        mt_cards={"good": ["white_rider"]},
    )
    with scripted(
        ("attack die", 5), ("attack die", 1), ("attack die", 1), ("defence die", 5), ("defence die", 4)
    ):
        play(game, "evil", "attack causeway causeway_forts 3")
    assert game.state["stack"][-1]["step"] == "act"


def test_muster_of_gondor_card() -> None:
    game = match({**FORT, **CAMP}, mt_cards={"good": ["muster_of_gondor"]})
    assert {a for a in legal(game, "good") if a.startswith("play")} == {
        "play muster_of_gondor minas_tirith",
        "play muster_of_gondor road_fort",
    }
    play(game, "good", "play muster_of_gondor minas_tirith")
    assert units(game, "minas_tirith") == {"infantry": 2} and game.state["turn"]["points"] == 3


def test_courage_of_gondor_card() -> None:
    game = match(
        {"road_fort": {"infantry": 3}, "causeway_forts": {"orcs": 3}},
        mt_cards={"good": ["courage_of_gondor"]},
    )
    with scripted(
        ("attack die", 5), ("attack die", 2), ("attack die", 1), ("defence die", 4), ("defence die", 3)
    ):
        play(game, "good", "attack road_fort causeway_forts 3")
    assert "react courage_of_gondor 2" in legal(game, "good")
    with scripted(("attack die", 5)):
        play(game, "good", "react courage_of_gondor 2")
    assert units(game, "causeway_forts") == {"orcs": 1} and units(game, "road_fort") == {"infantry": 3}


def test_mordor_reinforcements_card() -> None:
    game = match(
        FORT,
        role="evil",
        phase="trade",
        hands={"evil": [CARD["creature"][0]]},
        mt_cards={"evil": ["mordor_reinforcements"]},
    )
    assert legal(game, "evil") == {
        "load mordor_reinforcements trolls creature",
        "load mordor_reinforcements oliphaunts creature",
        "done",
    }
    play(game, "evil", "load mordor_reinforcements trolls creature")
    play(game, "evil", "enter mordor_reinforcements osgiliath")  # nothing left to trade: phase 4
    assert units(game, "osgiliath") == {"trolls": 1}


def test_haradrim_card() -> None:
    game = match(
        FORT, role="evil", mt_cards={"evil": [{"id": "haradrim", "holds": {"oliphaunts": 1, "crossbows": 2}}]}
    )
    play(game, "evil", "enter haradrim harad_road")
    assert units(game, "harad_road") == {"crossbows": 2, "oliphaunts": 1}


def test_siege_tower_card() -> None:
    board = {"before_the_gate": {"orcs": 2}, "wall_gate": {"archers": 1}}
    game = match(board, role="evil", mt_cards={"evil": ["siege_tower"]})
    assert "attack before_the_gate wall_gate 2" in legal(game, "evil")
    with scripted(("attack die", 5), ("attack die", 1), ("defence die", 4)):
        play(game, "evil", "attack before_the_gate wall_gate 2")
    assert units(game, "wall_gate") == {} and game.state["mt"]["evil"] == [{"id": "siege_tower", "holds": {}}]


def test_storm_ladders_card() -> None:
    board = {"before_the_gate": {"orcs": 2}, "wall_gate": {"archers": 1}}
    game = match(board, role="evil", mt_cards={"evil": ["storm_ladders"]})
    with scripted(("attack die", 5), ("attack die", 1), ("defence die", 4)):  # no bonus: 5 against 4+1
        play(game, "evil", "attack before_the_gate wall_gate 2")
    assert units(game, "wall_gate") == {"archers": 1}


def test_grond_card() -> None:
    board = {"before_the_gate": {"trolls": 2}, **FORT}
    game = match(board, role="evil", mt_cards={"evil": ["grond"]}, gate={"broken": False, "blows": 2})
    with scripted(("grond die", 5), ("grond die", 2)):
        play(game, "evil", "ram")
    assert game.state["gate"] == {"broken": True, "blows": 3} and "gate_broken" in events(game)
    assert "advance before_the_gate minas_tirith" in legal(game, "evil")


def test_grond_card_strikes_harder_with_the_witch_king() -> None:
    board = {"before_the_gate": {"trolls": 1}, **FORT}
    game = match(board, role="evil", mt_cards={"evil": ["grond"]}, leaders={"witch_king": "before_the_gate"})
    with scripted(("grond die", 4)):
        play(game, "evil", "ram")
    assert game.state["gate"] == {"broken": False, "blows": 1}


def test_catapults_of_mordor_card() -> None:
    game = match(
        {"causeway": {"orcs": 1}, "causeway_forts": {"infantry": 2}, "north_farmsteads": {"infantry": 2}},
        role="evil",
        mt_cards={"evil": ["catapults_of_mordor"]},
    )
    with scripted(("ranged die", 6)):  # a banner space: one die only
        play(game, "evil", "play catapults_of_mordor causeway causeway_forts")
    assert units(game, "causeway_forts") == {"infantry": 1} and game.state["turn"]["points"] == 2
    other = match(
        {"causeway": {"orcs": 1}, "north_farmsteads": {"infantry": 2}},
        role="evil",
        mt_cards={"evil": ["catapults_of_mordor"]},
    )
    with scripted(("ranged die", 6), ("ranged die", 6), ("ranged die", 1)):
        play(other, "evil", "play catapults_of_mordor causeway north_farmsteads")
    assert units(other, "north_farmsteads") == {}


def test_black_breath_card() -> None:
    game = match(
        {
            "causeway": {"orcs": 1},
            "causeway_forts": {"infantry": 1, "archers": 1},
            "pelennor": {"cavalry": 1},
        },
        role="evil",
        leaders={"witch_king": "causeway"},
        mt_cards={"evil": ["black_breath"]},
    )
    assert {a for a in legal(game, "evil") if a.startswith("play")} == {"play black_breath causeway_forts"}
    play(game, "evil", "play black_breath causeway_forts")
    assert legal(game, "good") == {"lose infantry", "lose archers"}
    play(game, "good", "lose archers")
    assert units(game, "causeway_forts") == {"infantry": 1} and game.state["captured"]["evil"] == {
        "archers": 1
    }


def test_fortunes_of_war_card() -> None:
    game = match(
        {"road_fort": {"infantry": 3}, "causeway_forts": {"orcs": 3}}, mt_cards={"evil": ["fortunes_of_war"]}
    )
    with scripted(
        ("attack die", 5), ("attack die", 4), ("attack die", 1), ("defence die", 3), ("defence die", 2)
    ):
        play(game, "good", "attack road_fort causeway_forts 3")
    assert legal(game, "evil") == {"react fortunes_of_war all", "decline"}
    with scripted(("defence die", 5), ("defence die", 4)):
        play(game, "evil", "react fortunes_of_war all")
    assert units(game, "road_fort") == {"infantry": 1} and units(game, "causeway_forts") == {"orcs": 3}


def test_forced_march_card() -> None:
    game = match({**FORT, **CAMP}, mt_cards={"good": ["forced_march"]})
    play(game, "good", "play forced_march")
    assert game.state["turn"]["points"] == 5


def test_hidden_reserves_card() -> None:
    game = match({**FORT, **CAMP}, role="evil", mt_cards={"evil": ["hidden_reserves"]})
    play(game, "evil", "play hidden_reserves causeway")
    assert units(game, "causeway") == {"orcs": 3}
