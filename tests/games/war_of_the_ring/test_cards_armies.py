"""The Event cards that move, strike and attack Armies (issue 19): one scenario per card, named
after it. Each checks the card's condition (not offered when false), its effect and its
questions (legal-only). Dice are scripted by their draw names (``<card>_die`` for a card's own
roll, ``<side>_combat_die`` in a battle)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core import Match
from games.core.chance import scripted
from games.war_of_the_ring.card_rules import combat_cards_forbidden
from games.war_of_the_ring.data import NATIONS
from games.war_of_the_ring.events import PRESENTER
from games.war_of_the_ring.ruleset import WAR_OF_THE_RING as R

from .helpers import act, events, forbidden, offered, step
from .test_battle import army_of, combat

AT_WAR = {n: {"steps": 0, "active": True} for n in NATIONS}
FACE = {"army": "army", "character": "character", "muster": "muster"}


def card_match(
    side: str,
    card: str,
    armies: Mapping[str, Any],
    politics: Mapping[str, Any] | None = None,
    face: str = "event",
    **more: Any,
) -> Match:
    """``side`` acts with one die (``face``) and holds ``card``; every Nation At War unless told;
    the opponent keeps a die so that the turn goes on after the card."""
    other = "free" if side == "shadow" else "shadow"
    hands = {side: [c for c in (card, *more.pop("hand", [])) if c], other: more.pop("other_hand", [])}
    position = {
        "armies": armies,
        "acting": side,
        "dice": {side: [face], other: ["muster"]},
        "politics": dict(politics if politics is not None else AT_WAR),
        "hands": hands,
        **more,
    }
    return Match(R, R.from_position(position))


def play(m: Match, side: str, card: str, face: str = "event") -> None:
    m.submit(side, f"play {face} {card}")


def plays(m: Match, side: str) -> set[str]:
    return {t for t in offered(m.state, side) if t.startswith("play ")}


def die(card: str, *values: int) -> list[tuple[str, int]]:
    return [(f"{card}_die", v) for v in values]


def acting(m: Match) -> str:
    """Who acts next in the action phase (the card is over); every event told reads in English."""
    assert step(m.state) == "act"
    for event in m.state["log"]:
        assert PRESENTER.text(event["kind"], event["args"])
    return str(m.state["stack"][-1]["side"])


# -- Free Peoples Strategy ------------------------------------------------------------------------
def test_card_fps_01_the_last_battle() -> None:
    armies = {"dagorlad": {"gondor": "3R"}, "minas_tirith": {"gondor": "2R"}}
    m = card_match("free", "fps_01", armies, characters={"aragorn": "minas_tirith"}, face="army_muster")
    forbidden(m, "free", "play army_muster fps_01")  # Minas Tirith belongs to a Free Peoples Nation
    m = card_match(
        "free",
        "fps_01",
        armies,
        characters={"aragorn": "dagorlad"},
        face="army_muster",
        dice={"free": ["army_muster", "character", "character"], "shadow": ["muster", "muster"]},
    )
    play(m, "free", "fps_01", "army_muster")
    assert m.state["table"]["free"] == ["fps_01"]
    act(m, "shadow", "skip muster")
    act(m, "free", "move-fellowship character")  # no Shadow die in the Hunt Box: no roll
    assert m.state["hunt_box"]["free"] == 0  # set aside, not in the Hunt Box
    assert m.state["dice"]["free"]["used"].count("character") == 1
    # Aragorn leaves the Army: the condition lapses and the card is discarded at the action's end.
    m = card_match(
        "free",
        "",
        armies,
        characters={"aragorn": "dagorlad"},
        table={"free": ["fps_01"]},
        dice={"free": ["character"], "shadow": ["muster"]},
    )
    act(m, "free", "move-companions character", "companion aragorn", "to minas_tirith")
    if step(m.state) == "companions":
        act(m, "free", "done")
    assert m.state["table"]["free"] == [] and "fps_01" in m.state["played"]["free"]
    assert events(m.state, "table_card_discarded")[-1] == {
        "side": "free",
        "card": "fps_01",
        "why": "no_longer_in_force",
    }


def test_card_fps_02_a_power_too_great() -> None:
    armies = {"trollshaws": {"sauron": "3R"}, "rivendell": {"elves": "1R"}}
    politics = {**AT_WAR, "elves": {"steps": 2, "active": False}}
    m = card_match("free", "fps_02", armies, politics, face="army_muster")
    play(m, "free", "fps_02", "army_muster")
    assert m.state["politics"]["elves"]["steps"] == 1
    assert m.state["table"]["free"] == ["fps_02"]
    # The Shadow may neither attack nor enter Rivendell while the card is on the table.
    m = card_match(
        "shadow",
        "shs_04",
        armies,
        table={"free": ["fps_02"]},
        dice={"shadow": ["army", "character"], "free": ["muster"]},
        hand=["shc_01"],
    )
    assert "attack army" not in offered(m.state, "shadow")
    act(m, "shadow", "move-armies army")  # Trollshaws's Army, the one there is, to Rivendell? no
    assert moving(m)[0] == "trollshaws" and "to rivendell" not in offered(m.state, "shadow")
    # It discards the card with any die, a Strategy card and a Character card (always asked).
    m = card_match(
        "shadow",
        "shs_04",
        armies,
        table={"free": ["fps_02"]},
        dice={"shadow": ["character"], "free": ["muster"]},
        hand=["shs_05", "shc_01"],
    )
    act(m, "shadow", "dispel character")
    assert set(offered(m.state, "shadow")) == {"discard shs_04", "discard shs_05"}
    act(m, "shadow", "discard shs_05")
    assert offered(m.state, "shadow") == ["discard shc_01"]  # the only one, asked all the same
    act(m, "shadow", "discard shc_01")
    assert m.state["hands"]["shadow"] == ["shs_04"]
    assert sorted(m.state["discards"]["shadow"]) == ["shc_01", "shs_05"]
    assert m.state["table"]["free"] == [] and "fps_02" in m.state["played"]["free"]
    assert acting(m) == "free"
    # Without a Character card in hand there is no such action.
    m = card_match("shadow", "shs_04", armies, table={"free": ["fps_02"]}, face="character")
    forbidden(m, "shadow", "dispel character")


def test_card_fps_03_the_power_of_tom_bombadil() -> None:
    armies = {"bree": {"sauron": "2R"}, "buckland": {"north": "1R"}}
    politics = {**AT_WAR, "north": {"steps": 3, "active": True}}
    m = card_match("free", "fps_03", armies, politics, face="army_muster")
    play(m, "free", "fps_03", "army_muster")
    assert m.state["politics"]["north"]["steps"] == 2
    m = card_match(
        "shadow",
        "shc_01",
        armies,
        table={"free": ["fps_03"]},
        dice={"shadow": ["army", "event"], "free": ["muster"]},
        hand=["shs_01"],
    )
    assert "attack army" not in offered(m.state, "shadow")  # Buckland is closed to the Shadow
    act(m, "shadow", "dispel event", "discard shs_01", "discard shc_01")  # asked though alone
    assert m.state["table"]["free"] == [] and m.state["hands"]["shadow"] == []
    assert "attack army" in offered(m.state, "shadow") or acting(m) == "free"
    # Attacked, a Shadow Army may not retreat into the Old Forest either.
    m = card_match(
        "free",
        "",
        {"buckland": {"north": "3R"}, "cardolan": {"sauron": "2R"}},
        table={"free": ["fps_03"]},
        face="army_muster",
    )
    act(m, "free", "attack army_muster")  # its one target, Cardolan, is taken
    with scripted(*combat((1, 1, 1), (1, 1), attacking="free")):
        act(m, "free", "go")
    act(m, "free", "continue")
    retreats = {t for t in offered(m.state, "shadow") if t.startswith("retreat ")}
    assert retreats and "retreat old_forest" not in retreats


def test_card_fps_05_the_spirit_of_mordor() -> None:
    armies = {
        "gorgoroth": {"sauron": "2R", "southrons": "2R"},
        "nurn": {"sauron": "4R"},
        "osgiliath": {"gondor": "1R"},
    }
    m = card_match("free", "fps_05", {"nurn": {"sauron": "4R"}}, face="army_muster")
    forbidden(m, "free", "play army_muster fps_05")  # no Army of two Shadow Nations
    m = card_match("free", "fps_05", armies, face="army_muster")
    with scripted(*die("fps_05", 5, 6, 1, 2, 3)):
        play(m, "free", "fps_05", "army_muster")  # one target: no question
    assert events(m.state, "card_roll")[-1]["hits"] == 2
    assert offered(m.state, "shadow") == ["remove sauron regular 2", "remove southrons regular 2"]
    act(m, "shadow", "remove southrons regular 2")
    assert army_of(m.state, "gorgoroth", "sauron") == {"regular": 2}
    assert "southrons" not in m.state["armies"]["gorgoroth"]
    assert acting(m) == "shadow"


def test_card_fps_06_faramirs_rangers() -> None:
    armies = {"south_ithilien": {"southrons": "2R"}, "osgiliath": {"gondor": "1R"}}
    m = card_match("free", "fps_06", armies, face="army_muster")
    with scripted(*die("fps_06", 6, 5, 2)):
        play(m, "free", "fps_06", "army_muster")
    assert "south_ithilien" not in m.state["armies"]  # two hits: both Regulars gone
    assert set(offered(m.state, "free")) == {"place osgiliath regular", "place osgiliath elite"}
    act(m, "free", "place osgiliath elite")
    assert army_of(m.state, "osgiliath", "gondor") == {"regular": 1, "elite": 1, "leader": 1}
    # Nothing in Ithilien and no Free Peoples Army in Osgiliath: the card is not offered.
    m = card_match("free", "fps_06", {"osgiliath": {"sauron": "1R"}, "minas_tirith": {"gondor": "1R"}})
    m.state["armies"].pop("osgiliath")
    forbidden(m, "free", "play event fps_06")


def test_card_fps_10_help_unlooked_for() -> None:
    armies = {"minas_tirith": {"sauron": "4R"}, "lossarnach": {"gondor": "3R"}}
    m = card_match("free", "fps_10", {"lossarnach": {"gondor": "3R"}}, face="army_muster")
    forbidden(m, "free", "play army_muster fps_10")  # no besieged Stronghold next to it
    m = card_match("free", "fps_10", armies, face="army_muster", garrisons={"minas_tirith": {"gondor": "2R"}})
    play(m, "free", "fps_10", "army_muster")
    assert step(m.state) == "battle_start" and "go" in offered(m.state, "free")  # the rearguard
    with scripted(*combat((1, 1, 1), (1, 1), attacking="free")):
        act(m, "free", "go")
    round_one = events(m.state, "combat_round")[-1]
    assert len(round_one["defender_dice"]) == 2  # 4 Shadow dice less 2 for the 2 units inside
    assert events(m.state, "battle_started")[-1]["kind"] == "relief"


def test_card_fps_11_paths_of_the_woses() -> None:
    armies = {"edoras": {"rohan": "2R"}, "osgiliath": {"sauron": "1R"}}
    m = card_match("free", "fps_11", armies, {**AT_WAR, "rohan": {"steps": 1, "active": True}})
    forbidden(m, "free", "play event fps_11")  # Rohan is not At War
    m = card_match("free", "fps_11", armies)
    play(m, "free", "fps_11")  # its one Army and its one way are taken
    assert moving(m) == ("edoras", "minas_tirith")
    act(m, "free", "go")
    assert army_of(m.state, "minas_tirith", "rohan") == {"regular": 2}
    # The Shadow besieges Minas Tirith: the Army comes out next to it, in a free region.
    m = card_match(
        "free",
        "fps_11",
        {**armies, "minas_tirith": {"sauron": "2R"}, "lossarnach": {"sauron": "1R"}},
        garrisons={"minas_tirith": {"gondor": "1R"}},
    )
    play(m, "free", "fps_11")
    assert moving(m) == ("edoras", "druadan_forest")
    # A besieged garrison may take the paths too: the besiegers then take the Stronghold.
    m = card_match(
        "free",
        "fps_11",
        {"helms_deep": {"isengard": "3R"}},
        garrisons={"helms_deep": {"rohan": "2R 1L"}},
    )
    play(m, "free", "fps_11")
    assert moving(m) == ("helms_deep", "minas_tirith")
    act(m, "free", "go")
    assert army_of(m.state, "minas_tirith", "rohan") == {"regular": 2, "leader": 1}
    assert "helms_deep" not in m.state["garrisons"] and m.state["control"]["helms_deep"] == "shadow"


def test_card_fps_12_through_a_day_and_a_night() -> None:
    armies = {"edoras": {"rohan": "2R"}, "westemnet": {"sauron": "1R"}}
    m = card_match("free", "fps_12", armies, face="army_muster")
    forbidden(m, "free", "play army_muster fps_12")  # no Companion with an Army
    m = card_match("free", "fps_12", armies, face="army_muster", characters={"gimli": "edoras"})
    play(m, "free", "fps_12", "army_muster")
    assert moving(m) == ("edoras", None)
    reached = {t for t in offered(m.state, "free") if t.startswith("to ")}
    assert reached == {"to folde", "to druadan_forest", "to eastemnet"}  # not through Westemnet
    act(m, "free", "to eastemnet", "without gimli")
    assert "go" not in offered(m.state, "free")  # the Companion must go with the Army
    act(m, "free", "with gimli", "go")
    assert army_of(m.state, "eastemnet", "rohan") == {"regular": 2}
    assert m.state["characters"]["gimli"]["region"] == "eastemnet"
    # Rohan not At War: its units pass only through Rohan and regions of no Nation (§8.4).
    politics = {**AT_WAR, "rohan": {"steps": 1, "active": True}}
    m = card_match(
        "free",
        "fps_12",
        {"folde": {"rohan": "2R"}},
        politics,
        face="army_muster",
        characters={"gimli": "folde"},
    )
    play(m, "free", "fps_12", "army_muster")
    assert moving(m) == ("folde", None)
    reached = tos(m, "free")
    assert "to fangorn" in reached and "to osgiliath" not in reached  # not through Gondor's Druadan
    # With a unit of a Nation At War, that unit alone may take the longer way.
    m = card_match(
        "free",
        "fps_12",
        {"folde": {"rohan": "2R", "north": "1R"}},
        politics,
        face="army_muster",
        characters={"gimli": "folde"},
    )
    play(m, "free", "fps_12", "army_muster")
    act(m, "free", "to osgiliath")
    assert army_of(m.state, "folde", "rohan") == {"regular": 2}
    act(m, "free", "units rohan regular 2")
    assert "go" not in offered(m.state, "free")  # the Rohan Regulars may not go through Druadan
    act(m, "free", "units rohan regular 0", "go")
    assert army_of(m.state, "osgiliath", "north") == {"regular": 1}
    assert m.state["characters"]["gimli"]["region"] == "osgiliath"


# -- Shadow Strategy ------------------------------------------------------------------------------
def test_card_shs_01_return_to_valinor() -> None:
    armies = {"lorien": {"elves": "3R 1E"}, "woodland_realm": {"elves": "1R"}, "rivendell": {"sauron": "1R"}}
    m = card_match("shadow", "shs_01", armies, face="army")
    forbidden(m, "shadow", "play army shs_01")  # no Elven Stronghold held by the Shadow
    m = card_match("shadow", "shs_01", armies, face="army", control={"rivendell": "shadow"})
    with scripted(*die("shs_01", 6, 6, 5, 1, 6)):
        play(m, "shadow", "shs_01", "army")
    rolls = {e["region"]: e["hits"] for e in events(m.state, "card_roll")}
    assert rolls == {"lorien": 2, "woodland_realm": 1}
    act(m, "free", "reduce elves 1")  # the other hit then takes a Regular (and the Woodland Realm's)
    assert army_of(m.state, "lorien", "elves") == {"regular": 3}
    assert "woodland_realm" not in m.state["armies"]
    assert acting(m) == "free"


def test_card_shs_02_the_fighting_uruk_hai() -> None:
    armies = {"helms_deep": {"isengard": "4R 1E"}}
    garrison = {"helms_deep": {"rohan": "2R"}}
    m = card_match("shadow", "shs_02", armies, face="army", garrisons=garrison)
    forbidden(m, "shadow", "play army shs_02")  # Saruman is not in play
    m = card_match(
        "shadow", "shs_02", armies, face="army", garrisons=garrison, characters={"saruman": "orthanc"}
    )
    play(m, "shadow", "shs_02", "army")
    assert step(m.state) == "battle_start"
    assert m.state["stack"][-1]["rules"] == {"rounds": 3, "card_lock": True}
    rounds = [combat((1, 1, 1, 1, 1), (1, 1), attacker_rerolls=(1,))] * 3  # the Uruk-hai Elite leads
    with scripted(*(draw for one in rounds for draw in one)):
        act(m, "shadow", "go")
    assert len(events(m.state, "combat_round")) == 3  # three rounds without reducing an Elite
    assert set(offered(m.state, "shadow")) == {"fight-on isengard", "cease"}


def test_card_shs_03_denethors_folly() -> None:
    besieged: dict[str, Any] = {"garrisons": {"minas_tirith": {"gondor": "2R 1L", "rohan": "1R 1L"}}}
    m = card_match("shadow", "shs_03", {"osgiliath": {"sauron": "3R"}}, face="army")
    forbidden(m, "shadow", "play army shs_03")  # Minas Tirith is not besieged
    m = card_match(
        "shadow",
        "shs_03",
        {"minas_tirith": {"sauron": "2R 1E"}},
        face="army",
        dice={"shadow": ["army", "army"], "free": ["muster"]},
        **besieged,
    )
    play(m, "shadow", "shs_03", "army")
    assert set(offered(m.state, "free")) == {"remove gondor leader 1", "remove rohan leader 1"}
    act(m, "free", "remove rohan leader 1")
    assert army_of(m.state, "minas_tirith", "rohan", inside=True) == {"regular": 1}
    assert m.state["table"]["shadow"] == ["shs_03"]
    act(m, "free", "skip muster")
    act(m, "shadow", "attack army")  # the garrison, its one target, is taken
    with scripted(*combat((1, 1, 1), (1, 1, 1), defender_rerolls=(1,))):
        act(m, "shadow", "go")
    assert combat_cards_forbidden(m.state, "free") and not combat_cards_forbidden(m.state, "shadow")
    # The Free Peoples discard it with a Will of the West (any die with Gandalf or Aragorn there).
    m = card_match(
        "free",
        "",
        {"minas_tirith": {"sauron": "3R"}},
        table={"shadow": ["shs_03"]},
        dice={"free": ["will", "muster"], "shadow": ["army"]},
        **besieged,
    )
    assert "dispel muster" not in offered(m.state, "free")
    act(m, "free", "dispel-will will")
    assert m.state["table"]["shadow"] == [] and "shs_03" in m.state["played"]["shadow"]
    m = card_match(
        "free",
        "",
        {"minas_tirith": {"sauron": "3R"}},
        table={"shadow": ["shs_03"]},
        dice={"free": ["muster"], "shadow": ["army"]},
        characters={"gandalf_grey": "minas_tirith@inside"},
        **besieged,
    )
    act(m, "free", "dispel muster")
    assert events(m.state, "table_card_discarded")[-1]["why"] == "as_an_action"
    # Minas Tirith no longer besieged: the card leaves the table at the end of the next action.
    m = card_match(
        "free", "", {"minas_tirith": {"gondor": "1R"}}, table={"shadow": ["shs_03"]}, face="muster"
    )
    assert not combat_cards_forbidden(m.state, "free")
    act(m, "free", "skip muster")
    assert events(m.state, "table_card_discarded") == [
        {"side": "shadow", "card": "shs_03", "why": "no_longer_in_force"}
    ]


def tos(m: Match, side: str) -> set[str]:
    return {t for t in offered(m.state, side) if t.startswith("to ")}


def moving(m: Match) -> tuple[str, str | None]:
    """Where the Army being moved comes from and goes to (a question with one answer is taken)."""
    frame = m.state["stack"][-1]
    assert frame["step"] in ("army_to", "army_units")
    return frame["from"], frame["to"]


def test_card_shs_07_shadows_gather() -> None:
    m = card_match("shadow", "shs_07", {"gorgoroth": {"sauron": "3R"}}, face="army")
    forbidden(m, "shadow", "play army shs_07")  # no other Shadow Army to join
    armies = {"gorgoroth": {"sauron": "3R"}, "dagorlad": {"sauron": "2R"}, "osgiliath": {"gondor": "1R"}}
    m = card_match("shadow", "shs_07", armies, face="army")
    play(m, "shadow", "shs_07", "army")
    act(m, "shadow", "army gorgoroth")  # to Dagorlad, its one way: taken
    assert moving(m) == ("gorgoroth", "dagorlad")  # two regions away, where another Army stands
    act(m, "shadow", "go")
    assert army_of(m.state, "dagorlad", "sauron") == {"regular": 5}
    assert acting(m) == "free"


def test_card_shs_08_the_shadow_lengthens() -> None:
    armies = {"gorgoroth": {"sauron": "2R"}, "minas_morgul": {"sauron": "2R"}, "nurn": {"sauron": "1R"}}
    m = card_match("shadow", "shs_08", armies, face="army")
    play(m, "shadow", "shs_08", "army")
    act(m, "shadow", "army gorgoroth", "to minas_morgul", "go")
    assert "army nurn" in offered(m.state, "shadow") and "done" in offered(m.state, "shadow")
    act(m, "shadow", "army nurn")
    assert moving(m) == ("nurn", "minas_morgul")  # Gorgoroth is empty now: no Army to join there
    act(m, "shadow", "go")
    assert army_of(m.state, "minas_morgul", "sauron") == {"regular": 5}
    assert acting(m) == "free"


def test_card_shs_09_the_shadow_is_moving() -> None:
    armies = {r: {"sauron": "1R"} for r in ("gorgoroth", "nurn", "dagorlad", "moria", "angmar")}
    politics = {**AT_WAR, "isengard": {"steps": 1, "active": True}}
    m = card_match("shadow", "shs_09", armies, politics, face="army")
    forbidden(m, "shadow", "play army shs_09")  # Isengard is not At War
    m = card_match("shadow", "shs_09", armies, face="army")
    play(m, "shadow", "shs_09", "army")
    for region, dest in (("gorgoroth", "morannon"), ("nurn", "gorgoroth"), ("dagorlad", "noman_lands")):
        act(m, "shadow", f"army {region}")
        if moving(m)[1] is None:  # Nurn's one way, to Gorgoroth, is taken
            act(m, "shadow", f"to {dest}")
        assert moving(m) == (region, dest)
        act(m, "shadow", "go")
    assert step(m.state) == "army_choose" and "army moria" in offered(m.state, "shadow")
    act(m, "shadow", "army moria", "to hollin", "go")
    assert acting(m) == "free"  # four Armies moved: the card is over
    assert army_of(m.state, "hollin", "sauron") == {"regular": 1}


def test_card_shs_10_corsairs_of_umbar() -> None:
    armies = {"umbar": {"southrons": "3R"}, "pelargir": {"gondor": "1R"}}
    politics = {**AT_WAR, "southrons": {"steps": 1, "active": True}}
    m = card_match("shadow", "shs_10", armies, politics, face="army")
    forbidden(m, "shadow", "play army shs_10")  # the Southrons are not At War
    m = card_match(
        "shadow", "shs_10", armies, {**AT_WAR, "gondor": {"steps": 2, "active": True}}, face="army"
    )
    play(m, "shadow", "shs_10", "army")
    assert set(offered(m.state, "shadow")) == {"army umbar", "attack umbar pelargir"}
    act(m, "shadow", "attack umbar pelargir")
    with scripted(*combat((5, 5, 1), (1,))):  # Pelargir is a City: 6s in round 1
        act(m, "shadow", "go")
    assert events(m.state, "nation_advanced")[-1] == {"nation": "gondor", "why": "attacked", "steps": 1}
    assert offered(m.state, "shadow") == []  # no `cease`: the Free Peoples choose at once
    assert set(offered(m.state, "free")) >= {"fight"}  # the attack goes on: retreat or fight
    with scripted(*combat((5, 1, 1), (1,))):
        act(m, "free", "fight")
    assert events(m.state, "advanced")  # the fleet lands: the one answer, taken
    assert army_of(m.state, "pelargir", "southrons") == {"regular": 3}
    # A free coast: the fleet sails there (taking Dol Amroth, empty).
    m = card_match("shadow", "shs_10", armies, face="army")
    play(m, "shadow", "shs_10", "army")
    act(m, "shadow", "army umbar")
    assert tos(m, "shadow") == {"to anfalas", "to dol_amroth", "to lamedon"}
    act(m, "shadow", "to dol_amroth", "go")
    assert m.state["control"]["dol_amroth"] == "shadow"
    assert acting(m) == "free"
    # A garrison the Shadow besieges on that coast is assaulted at once (that attack may cease).
    m = card_match(
        "shadow",
        "shs_10",
        {**armies, "dol_amroth": {"sauron": "1R"}},
        face="army",
        garrisons={"dol_amroth": {"gondor": "1R"}},
    )
    play(m, "shadow", "shs_10", "army")
    act(m, "shadow", "army umbar", "to dol_amroth", "go")
    assert step(m.state) == "battle_start" and m.state["stack"][-1]["to"] == "dol_amroth"
    with scripted(*combat((1, 1, 1, 1), (1,))):
        act(m, "shadow", "go")
    assert events(m.state, "battle_started")[-1]["kind"] == "siege"


# -- Shadow Character -----------------------------------------------------------------------------
def test_card_shc_19_dreadful_spells() -> None:
    armies = {
        "north_ithilien": {"sauron": "2R 2L"},
        "osgiliath": {"gondor": "3R"},
        "dagorlad": {"north": "1R"},
    }
    m = card_match("shadow", "shc_19", {**armies, "north_ithilien": {"sauron": "2R"}}, face="character")
    forbidden(m, "shadow", "play character shc_19")  # no Nazgûl with the Army
    m = card_match("shadow", "shc_19", armies, face="character", characters={"witch_king": "north_ithilien"})
    play(m, "shadow", "shc_19", "character")
    assert set(offered(m.state, "shadow")) == {
        "attack north_ithilien osgiliath",
        "attack north_ithilien dagorlad",
    }
    with scripted(*die("shc_19", 5, 6, 1)):  # 2 Nazgûl and the Witch-king: three dice
        act(m, "shadow", "attack north_ithilien osgiliath")
    assert army_of(m.state, "osgiliath", "gondor") == {"regular": 1}
    assert acting(m) == "free"
    # Nazgûl besieged in their Stronghold still cast on the besiegers.
    m = card_match(
        "shadow",
        "shc_19",
        {"minas_morgul": {"gondor": "3R"}},
        face="character",
        garrisons={"minas_morgul": {"sauron": "2R 2L"}},
    )
    with scripted(*die("shc_19", 6, 2)):
        play(m, "shadow", "shc_19", "character")  # the only target: no question
    assert army_of(m.state, "minas_morgul", "gondor") == {"regular": 2}


def test_card_shc_20_grond_hammer_of_the_underworld() -> None:
    armies = {"minas_tirith": {"sauron": "3R 1E"}}
    garrison = {"minas_tirith": {"gondor": "2R"}}
    m = card_match("shadow", "shc_20", armies, face="character", garrisons=garrison)
    forbidden(m, "shadow", "play character shc_20")  # the Witch-king is not with the besiegers
    m = card_match(
        "shadow",
        "shc_20",
        armies,
        face="character",
        garrisons=garrison,
        characters={"witch_king": "minas_tirith"},
    )
    play(m, "shadow", "shc_20", "character")
    rounds = [combat((1, 1, 1, 1), (1, 1), attacker_rerolls=(1, 1))] * 3  # the Witch-king leads (2)
    with scripted(*(draw for one in rounds for draw in one)):
        act(m, "shadow", "go")
    assert len(events(m.state, "combat_round")) == 3
    assert set(offered(m.state, "shadow")) == {"fight-on sauron", "cease"}
    # With a Companion in the garrison the Free Peoples may play a Combat card in round 1.
    m = card_match(
        "shadow",
        "shc_20",
        armies,
        face="character",
        garrisons=garrison,
        characters={"witch_king": "minas_tirith", "gandalf_white": "minas_tirith@inside"},
    )
    play(m, "shadow", "shc_20", "character")
    act(m, "shadow", "go")
    assert R.prompt(m.state, "free").kind == "white_rider"  # round 1, before the Combat cards
    assert m.state["battle"]["rules"]["card_lock"] and not combat_cards_forbidden(m.state, "free")


def test_card_shc_23_the_ringwraiths_are_abroad() -> None:
    armies = {
        "minas_morgul": {"sauron": "2R 1L"},
        "barad_dur": {"sauron": "3R 1L"},
        "north_ithilien": {"gondor": "1R"},
    }
    m = card_match("shadow", "shc_23", armies, face="character", characters={"mouth_of_sauron": "barad_dur"})
    play(m, "shadow", "shc_23", "character")
    assert step(m.state) == "minions"
    assert "minion mouth_of_sauron" not in offered(m.state, "shadow")  # only the Nazgûl fly
    act(m, "shadow", "nazgul barad_dur", "to dagorlad 1")
    act(m, "shadow", "done")
    then = set(offered(m.state, "shadow"))
    assert "army minas_morgul" in then and "army barad_dur" not in then  # its Nazgûl flew away
    assert "attack minas_morgul north_ithilien" in then and "done" in then
    act(m, "shadow", "army minas_morgul", "to gorgoroth", "units sauron leader 0")
    assert "go" not in offered(m.state, "shadow")  # a Nazgûl must go with the Army
    act(m, "shadow", "units sauron leader 1", "go")
    assert army_of(m.state, "gorgoroth", "sauron") == {"regular": 2, "leader": 1}
    assert "done" in offered(m.state, "shadow")  # a second Army with a Nazgûl may move
    act(m, "shadow", "done")
    assert acting(m) == "free"


def test_card_shc_24_the_black_captain_commands() -> None:
    armies = {"minas_morgul": {"sauron": "2R"}, "north_ithilien": {"gondor": "1R"}}
    m = card_match("shadow", "shc_24", armies, face="character")
    forbidden(m, "shadow", "play character shc_24")  # the Witch-king is not in play
    m = card_match("shadow", "shc_24", armies, face="character", characters={"witch_king": "minas_morgul"})
    play(m, "shadow", "shc_24", "character")
    assert set(offered(m.state, "shadow")) == {"choose recruit", "choose move"}
    act(m, "shadow", "choose recruit")
    assert army_of(m.state, "minas_morgul", "sauron") == {"regular": 2, "leader": 2}
    assert set(offered(m.state, "shadow")) == {
        "army minas_morgul",
        "attack minas_morgul north_ithilien",
        "done",
    }
    act(m, "shadow", "attack minas_morgul north_ithilien")
    assert step(m.state) == "battle_start"  # the rearguard, then the battle
    with scripted(*combat((1, 1), (1,), attacker_rerolls=(1, 1))):
        act(m, "shadow", "go")
    assert events(m.state, "battle_started")[-1]["characters"] == ["witch_king"]


# -- Free Peoples Character -----------------------------------------------------------------------
def test_card_fpc_18_the_eagles_are_coming() -> None:
    armies = {"osgiliath": {"gondor": "2R"}, "north_ithilien": {"sauron": "2R 3L"}}
    m = card_match("free", "fpc_18", armies, face="character")
    forbidden(m, "free", "play character fpc_18")  # no Companion with the Army
    m = card_match(
        "free",
        "fpc_18",
        armies,
        face="character",
        characters={"strider": "osgiliath", "witch_king": "north_ithilien"},
    )
    with scripted(*die("fpc_18", 5, 1, 6)):  # three Nazgûl (the Witch-king is not one here)
        play(m, "free", "fpc_18", "character")
    assert events(m.state, "nazgul_slain") == [{"region": "north_ithilien", "count": 2}]
    homes = tos(m, "free")
    assert "to barad_dur" in homes and "to minas_tirith" not in homes
    act(m, "free", "to barad_dur")
    assert army_of(m.state, "north_ithilien", "sauron") == {"regular": 2}
    assert army_of(m.state, "barad_dur", "sauron") == {"leader": 1}
    assert m.state["characters"]["witch_king"]["region"] == "north_ithilien"


def ents_match(card: str, orthanc: str | None, white: str, **more: Any) -> Match:
    armies = {"orthanc": {"isengard": orthanc}} if orthanc else {"edoras": {"rohan": "1R"}}
    characters = {"gandalf_white": white, "legolas": "fangorn", "saruman": "orthanc"}
    return card_match("free", card, armies, face="character", characters=characters, **more)


def test_card_fpc_19_the_ents_awake_treebeard() -> None:
    m = card_match("free", "fpc_19", {"orthanc": {"isengard": "2R"}}, face="character")
    forbidden(m, "free", "play character fpc_19")  # Gandalf the White is not in play
    m = ents_match("fpc_19", "2R", "fangorn", hand=["fpc_12"], fellowship={"corruption": 2})
    with scripted(*die("fpc_19", 4, 6, 1)):
        play(m, "free", "fpc_19", "character")
    assert "orthanc" not in m.state["armies"] and "saruman" in m.state["eliminated"]  # he fell with it
    assert set(offered(m.state, "free")) == {"play free fpc_12", "decline"}  # Gandalf in Fangorn
    act(m, "free", "play free fpc_12")
    assert m.state["fellowship"]["corruption"] == 1 and "fpc_12" in m.state["played"]["free"]
    assert acting(m) == "shadow"


def test_card_fpc_20_the_ents_awake_huorns() -> None:
    m = ents_match("fpc_20", None, "rivendell", hand=["fpc_12"])
    play(m, "free", "fpc_20", "character")  # Saruman alone in Orthanc: no roll, he dies
    assert events(m.state, "character_slain") == [{"character": "saruman", "region": "orthanc"}]
    assert acting(m) == "shadow"  # Gandalf is neither in Fangorn nor in Rohan: no other card


def test_card_fpc_21_the_ents_awake_entmoot() -> None:
    m = ents_match("fpc_21", "2R 1E", "edoras", hand=["fpc_12"])
    with scripted(*die("fpc_21", 4, 1, 2)):
        play(m, "free", "fpc_21", "character")
    assert set(offered(m.state, "shadow")) == {"remove isengard regular 1", "reduce isengard 1"}
    act(m, "shadow", "reduce isengard 1")
    assert army_of(m.state, "orthanc", "isengard") == {"regular": 3}
    assert "saruman" in m.state["characters"]
    act(m, "free", "decline")  # Gandalf in Rohan: another card was offered
    assert acting(m) == "shadow" and m.state["hands"]["free"] == ["fpc_12"]


def test_card_fpc_22_dead_men_of_dunharrow() -> None:
    armies = {"pelargir": {"sauron": "1R", "southrons": "2R"}, "edoras": {"rohan": "1R"}}
    m = card_match("free", "fpc_22", armies, face="character", characters={"strider": "minas_tirith"})
    forbidden(m, "free", "play character fpc_22")  # Strider is not in Rohan
    m = card_match(
        "free",
        "fpc_22",
        armies,
        face="character",
        characters={"strider": "edoras", "gimli": "edoras"},
        control={"pelargir": "shadow"},
    )
    play(m, "free", "fpc_22", "character")
    assert tos(m, "free") == {"to erech", "to lamedon", "to pelargir"}
    with scripted(*die("fpc_22", 2)):
        act(m, "free", "to pelargir")
    assert m.state["characters"]["gimli"]["region"] == "pelargir"
    act(m, "shadow", "remove southrons regular 2")
    assert {t for t in offered(m.state, "shadow")} == {"retreat osgiliath", "retreat west_harondor"}
    act(m, "shadow", "retreat west_harondor")
    assert army_of(m.state, "west_harondor", "sauron") == {"regular": 1}
    assert army_of(m.state, "pelargir", "gondor") == {"regular": 3}
    assert m.state["control"].get("pelargir") == "free"
    assert acting(m) == "shadow"
