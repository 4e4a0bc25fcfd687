"""The recruiting and politics Event cards (issue 19): one scenario per card, named after it —
its condition (never offered when false), its effect, and every question it asks (legal-only)."""

from __future__ import annotations

from typing import Any

from games.core import Action, Match
from games.war_of_the_ring import politics
from games.war_of_the_ring.commands import COMMANDS
from games.war_of_the_ring.events import PRESENTER
from games.war_of_the_ring.ruleset import WAR_OF_THE_RING as R

from .helpers import act, events, forbidden, match, offered, step

AT_WAR = {"steps": 0, "active": True}
SHADOW_AT_WAR = {n: AT_WAR for n in ("isengard", "sauron", "southrons")}
FILLER = ["fps_01", "fps_02", "fps_03", "fps_05", "fps_06"]


def _count(m: Match, region: str, nation: str, kind: str, inside: bool = False) -> int:
    table = m.state["garrisons"] if inside else m.state["armies"]
    return int(table.get(region, {}).get(nation, {}).get(kind, 0))


def _free(card: str, face: str = "muster", **position: Any) -> Match:
    position.setdefault("hands", {"free": [card]})
    position.setdefault("dice", {"free": [face], "shadow": ["event"]})
    return match(**position)


def _shadow(card: str, face: str = "muster", **position: Any) -> Match:
    position.setdefault("hands", {"shadow": [card]})
    position.setdefault("dice", {"shadow": [face], "free": ["event"]})
    return match(acting="shadow", **position)


def _words(m: Match, role: str, action: str) -> str:
    return str(R.describe(m.state, role, Action.from_text(action)))


def _recruited(m: Match) -> list[str]:
    return [PRESENTER.text("card_recruited", e) for e in events(m.state, "card_recruited")]


def _back_to_the_opponent(m: Match, side: str) -> None:
    assert step(m.state) == "act" and m.state["stack"][-1]["side"] != side


# -- Free Peoples Character deck ------------------------------------------------------------------
def test_card_fpc_23_house_of_the_stewards() -> None:
    m = _free("fpc_23", "character", hands={"free": ["fpc_23"]})
    forbidden(m, "free", "play character fpc_23")  # Boromir is in the Fellowship
    m = _free(
        "fpc_23",
        "character",
        characters={"boromir": "minas_tirith"},
        hands={"free": ["fpc_23", *FILLER]},
    )
    act(m, "free", "play character fpc_23")
    assert offered(m.state, "free") == ["place minas_tirith regular", "place minas_tirith elite"]
    act(m, "free", "place minas_tirith elite")
    assert _count(m, "minas_tirith", "gondor", "elite") == 2
    assert _recruited(m) == [
        "The Free Peoples recruit 1 Gondor Elite in Minas Tirith (House of the Stewards)."
    ]
    assert len(m.state["hands"]["free"]) == 7 and step(m.state) == "discard_down"  # two cards drawn
    act(m, "free", "discard fps_01")
    _back_to_the_opponent(m, "free")


def test_card_fpc_24_the_grey_company() -> None:
    m = _free("fpc_24", "character", characters={"strider": "eastemnet"})
    forbidden(m, "free", "play character fpc_24")  # Strider alone is no Army
    m = _free(
        "fpc_24",
        "character",
        characters={"strider": "edoras"},
        add={"edoras": {"gondor": "1R"}},
    )
    pool = m.state["reinforcements"]["gondor"]["regular"]
    act(m, "free", "play character fpc_24")
    assert offered(m.state, "free") == ["remove gondor regular 1", "remove rohan regular 1"]
    act(m, "free", "remove gondor regular 1")
    assert _count(m, "edoras", "gondor", "regular") == 0 and _count(m, "edoras", "gondor", "elite") == 1
    assert m.state["reinforcements"]["gondor"]["regular"] == pool + 1
    assert not any(m.state["casualties"]["gondor"].values())
    assert len(m.state["hands"]["free"]) == 2
    _back_to_the_opponent(m, "free")


# -- Free Peoples Strategy deck -------------------------------------------------------------------
def test_card_fps_04_book_of_mazarbul() -> None:
    forbidden(_free("fps_04"), "free", "play muster fps_04")  # no Companion on the map
    m = _free("fps_04", characters={"gimli": "dale"})
    act(m, "free", "play muster fps_04")
    assert step(m.state) == "companions"
    act(m, "free", "companion gimli", "to erebor")
    assert m.state["politics"]["dwarves"] == {"steps": 0, "active": True}
    assert events(m.state, "nation_advanced")[-1] == {"nation": "dwarves", "why": "fps_04", "steps": 0}
    _back_to_the_opponent(m, "free")


def test_card_fps_07_fear_fire_foes() -> None:
    m = _free("fps_07", characters={"meriadoc": "buckland", "legolas": "lorien"})
    act(m, "free", "play muster fps_07", "companion legolas", "to dimrill_dale", "done")
    assert m.state["politics"]["north"]["steps"] == 3  # no Companion in The Shire or Bree
    m = _free("fps_07", characters={"meriadoc": "buckland"})
    act(m, "free", "play muster fps_07", "companion meriadoc", "to the_shire")
    assert m.state["politics"]["north"] == {"steps": 0, "active": True}


def test_card_fps_08_wisdom_of_elrond() -> None:
    everyone = {n: AT_WAR for n in ("dwarves", "elves", "gondor", "north", "rohan")}
    forbidden(_free("fps_08", politics=everyone), "free", "play muster fps_08")
    passive = {"steps": 1, "active": False}
    m = _free("fps_08", politics={**everyone, "rohan": passive, "north": passive})
    act(m, "free", "play muster fps_08")
    assert offered(m.state, "free") == ["advance north", "advance rohan"]
    assert _words(m, "free", "advance rohan") == "Rohan: roused and one step toward war"
    act(m, "free", "advance rohan")
    assert m.state["politics"]["rohan"] == AT_WAR
    # one Nation it may change: taken, not asked
    m = _free("fps_08", politics={**everyone, "rohan": passive})
    act(m, "free", "play muster fps_08")
    assert m.state["politics"]["rohan"] == AT_WAR and offered(m.state, "free") == []
    # with Wormtongue on the table Rohan stays passive: one step short of war is as far as it goes
    m = _free(
        "fps_08",
        politics={**everyone, "rohan": {"steps": 2, "active": False}, "north": {"steps": 1, "active": False}},
        characters={"saruman": "orthanc"},
        table={"shadow": ["shc_22"]},
    )
    act(m, "free", "play muster fps_08")
    assert offered(m.state, "free") == ["advance north", "advance rohan"]
    assert _words(m, "free", "advance rohan") == "Rohan: one step toward war"
    act(m, "free", "advance rohan")
    assert m.state["politics"]["rohan"] == {"steps": 1, "active": False}


def test_card_fps_09_the_red_arrow() -> None:
    forbidden(_free("fps_09"), "free", "play muster fps_09")  # Gondor is passive
    m = _free("fps_09", politics={"gondor": {"steps": 2, "active": True}})
    act(m, "free", "play muster fps_09")
    assert m.state["politics"]["rohan"]["steps"] == 2
    assert offered(m.state, "free") == ["place edoras regular", "place edoras elite"]
    act(m, "free", "place edoras regular")
    assert (_count(m, "edoras", "rohan", "regular"), _count(m, "edoras", "rohan", "leader")) == (2, 1)


def test_card_fps_13_cirdans_ships() -> None:
    forbidden(_free("fps_13"), "free", "play muster fps_13")  # the Elves are not At War
    m = _free("fps_13", politics={"elves": AT_WAR})
    act(m, "free", "play muster fps_13")
    # coastal regions holding a Free Peoples Army: Pelargir, Dol Amroth, the Grey Havens
    assert {a.split()[1] for a in offered(m.state, "free")} == {"pelargir", "dol_amroth", "grey_havens"}
    act(m, "free", "place dol_amroth elite")
    assert offered(m.state, "free") == ["place dol_amroth regular", "place dol_amroth elite"]
    act(m, "free", "place dol_amroth regular")
    assert (_count(m, "dol_amroth", "elves", "regular"), _count(m, "dol_amroth", "elves", "elite")) == (1, 1)


def test_card_fps_14_guards_of_the_citadel() -> None:
    m = _free(
        "fps_14",
        armies={"minas_tirith": {"sauron": "6R"}},
        garrisons={"minas_tirith": {"gondor": "2R"}},
    )
    act(m, "free", "play muster fps_14")  # a besieged Stronghold: the recruits go inside
    act(m, "free", "place minas_tirith elite")
    assert _count(m, "minas_tirith", "gondor", "elite", inside=True) == 1
    assert _count(m, "minas_tirith", "gondor", "leader", inside=True) == 1
    assert not m.state["armies"]["minas_tirith"].get("gondor")


def test_card_fps_15_celeborns_galadhrim() -> None:
    m = _free("fps_15", reinforcements={"elves": "1E"})
    act(m, "free", "play muster fps_15")  # only an Elite is left: no question
    assert _count(m, "lorien", "elves", "elite") == 3
    assert len(m.state["hands"]["free"]) == 1
    _back_to_the_opponent(m, "free")


def test_card_fps_16_riders_of_theoden() -> None:
    m = _free(
        "fps_16",
        characters={"gandalf_grey": "westemnet", "legolas": "folde"},
        add={"folde": {"sauron": "2R"}},
    )
    act(m, "free", "play muster fps_16")
    assert _words(m, "free", "place westemnet elite") == "1 Rohan Elite and 1 Rohan Leader in Westemnet"
    # Edoras, or a Rohan region with a Companion and free (not the Folde, with enemy units)
    assert offered(m.state, "free") == [
        "place edoras regular",
        "place edoras elite",
        "place westemnet regular",
        "place westemnet elite",
    ]
    forbidden(m, "free", "place folde elite")
    act(m, "free", "place westemnet elite")
    assert (_count(m, "westemnet", "rohan", "elite"), _count(m, "westemnet", "rohan", "leader")) == (1, 1)


def test_card_fps_17_grimbeorn_the_old_son_of_beorn() -> None:
    m = _free("fps_17", armies={"dale": {"north": "1R"}}, reinforcements={"north": "3L"})
    forbidden(m, "free", "play muster fps_17")  # no unit, and a Leader alone would be lost
    m = _free("fps_17")
    act(m, "free", "play muster fps_17", "place carrock regular")
    assert (_count(m, "carrock", "north", "regular"), _count(m, "carrock", "north", "leader")) == (2, 1)


def test_card_fps_18_imrahil_of_dol_amroth() -> None:
    m = _free("fps_18", reinforcements={"gondor": "2R 1E"})
    act(m, "free", "play muster fps_18", "place dol_amroth elite")  # no Leader left: the unit only
    assert (_count(m, "dol_amroth", "gondor", "elite"), _count(m, "dol_amroth", "gondor", "leader")) == (1, 0)


def test_card_fps_19_king_brands_men() -> None:
    m = _free("fps_19", armies={"dale": {"north": "5R 4E"}})
    act(m, "free", "play muster fps_19")
    assert step(m.state) == "stacking"  # 11 units: the owner chooses which goes back
    assert offered(m.state, "free") == ["remove north regular 1", "remove north elite 1"]
    act(m, "free", "remove north elite 1")
    assert (_count(m, "dale", "north", "regular"), _count(m, "dale", "north", "elite")) == (7, 3)
    assert len(m.state["hands"]["free"]) == 1


def test_card_fps_20_swords_in_eriador() -> None:
    m = _free("fps_20")
    act(m, "free", "play muster fps_20")
    assert offered(m.state, "free") == ["place the_shire regular", "place the_shire elite"]
    act(m, "free", "place the_shire elite")
    assert offered(m.state, "free") == ["place ered_luin regular", "place ered_luin elite"]
    act(m, "free", "place ered_luin regular")
    assert _count(m, "the_shire", "north", "elite") == 1 and _count(m, "ered_luin", "dwarves", "regular") == 2
    assert len(m.state["hands"]["free"]) == 1


def test_card_fps_21_kindred_of_glorfindel() -> None:
    m = _free("fps_21", armies={"rivendell": {"sauron": "2R"}}, control={"rivendell": "shadow"})
    act(m, "free", "play muster fps_21")  # Rivendell is not free: only the draw
    assert not events(m.state, "card_recruited") and len(m.state["hands"]["free"]) == 1
    m = _free("fps_21")
    act(m, "free", "play muster fps_21", "place rivendell regular")
    assert _count(m, "rivendell", "elves", "regular") == 1


def test_card_fps_22_dain_ironfoots_guard() -> None:
    m = _free("fps_22")
    act(m, "free", "play muster fps_22", "place erebor elite")
    assert (_count(m, "erebor", "dwarves", "elite"), _count(m, "erebor", "dwarves", "leader")) == (3, 2)


def test_card_fps_23_eomer_son_of_eomund() -> None:
    m = _free("fps_23", add={"folde": {"sauron": "1R"}})
    act(m, "free", "play muster fps_23")
    # free Rohan Settlements (not the Fords of Isen, a Fortification; not the Folde, held by enemies)
    assert {a.split()[1] for a in offered(m.state, "free")} == {"edoras", "helms_deep", "westemnet"}
    act(m, "free", "place helms_deep regular")
    assert (_count(m, "helms_deep", "rohan", "regular"), _count(m, "helms_deep", "rohan", "leader")) == (2, 1)


def test_card_fps_24_thranduils_archers() -> None:
    m = _free("fps_24")
    act(m, "free", "play muster fps_24", "place woodland_realm elite")
    assert _count(m, "woodland_realm", "elves", "elite") == 2 and len(m.state["hands"]["free"]) == 1


# -- Shadow Character deck ------------------------------------------------------------------------
def test_card_shc_22_wormtongue() -> None:
    forbidden(_shadow("shc_22", "character"), "shadow", "play character shc_22")  # no Saruman
    m = _shadow(
        "shc_22",
        dice={"shadow": ["character", "army", "army"], "free": ["event", "event"]},
        politics=SHADOW_AT_WAR,
        characters={"saruman": "orthanc"},
        add={"fangorn": {"isengard": "4R"}},
    )
    act(m, "shadow", "play character shc_22")
    assert m.state["table"]["shadow"] == ["shc_22"]
    assert not politics.activate(m.state, "rohan", "witch_king")  # nor the Witch-king's coming
    act(m, "free", "skip event")
    # an Army entering Rohan (taking Westemnet) no longer rouses it ...
    act(m, "shadow", "move-armies army", "army fangorn", "to westemnet", "go", "done")
    assert m.state["control"]["westemnet"] == "shadow" and not m.state["politics"]["rohan"]["active"]
    act(m, "free", "skip event")
    # ... but an attack on Edoras does, and Wormtongue leaves the table
    act(m, "shadow", "attack army", "attack westemnet edoras", "go")
    assert m.state["politics"]["rohan"]["active"]
    assert m.state["table"]["shadow"] == [] and m.state["played"]["shadow"] == ["shc_22"]
    assert events(m.state, "table_card_discarded") == [
        {"side": "shadow", "card": "shc_22", "why": "no_longer_in_force"}
    ]
    # Saruman gone: it leaves the table after the next action
    m = _free("fps_01", table={"shadow": ["shc_22"]}, dice={"free": ["event"], "shadow": ["event"]})
    act(m, "free", "skip event")
    assert m.state["played"]["shadow"] == ["shc_22"]


# -- Shadow Strategy deck -------------------------------------------------------------------------
def test_card_shs_05_threats_and_promises() -> None:
    m = _shadow(
        "shs_05",
        dice={"shadow": ["muster", "event"], "free": ["muster", "event"]},
        characters={"boromir": "minas_tirith"},
    )
    act(m, "shadow", "play muster shs_05")
    assert m.state["table"]["shadow"] == ["shs_05"]
    act(m, "free", "diplomacy muster")  # the only active Free Peoples Nation: taken, not asked
    assert events(m.state, "nation_advanced")[-1]["nation"] == "elves"
    act(m, "shadow", "skip event")
    act(m, "free", "boromir event")  # a Companion's counsel moves Gondor: the card is discarded
    assert m.state["table"]["shadow"] == [] and m.state["played"]["shadow"] == ["shs_05"]
    assert events(m.state, "table_card_discarded") == [{"side": "shadow", "card": "shs_05", "why": "counsel"}]


def test_card_shs_06_stormcrow() -> None:
    everyone = {n: AT_WAR for n in ("dwarves", "elves", "gondor", "north", "rohan")}
    forbidden(_shadow("shs_06", politics=everyone), "shadow", "play muster shs_06")
    m = _shadow("shs_06", characters={"boromir": "minas_tirith"})
    act(m, "shadow", "play muster shs_06")
    assert offered(m.state, "shadow") == ["advance elves", "advance gondor"]  # Rivendell, Minas Tirith
    act(m, "shadow", "advance gondor")
    assert m.state["politics"]["gondor"]["steps"] == 3
    assert offered(m.state, "free") == [
        "army dol_amroth",
        "army minas_tirith",
        "army osgiliath",
        "army pelargir",
    ]
    act(m, "free", "army minas_tirith")
    assert offered(m.state, "free") == [
        "remove gondor regular 1",
        "remove gondor elite 1",
        "remove gondor leader 1",
    ]
    act(m, "free", "remove gondor leader 1")
    assert _count(m, "minas_tirith", "gondor", "leader") == 0
    assert m.state["casualties"]["gondor"].get("leader") == 1
    # the last unit of a besieged garrison lost: the Leader with it, and the Stronghold falls
    m = _shadow(
        "shs_06",
        characters={"boromir": "dol_amroth@inside"},
        politics={"elves": AT_WAR},
        armies={"dol_amroth": {"sauron": "4R"}},
        garrisons={"dol_amroth": {"gondor": "1R 1L"}},
    )
    act(m, "shadow", "play muster shs_06")
    act(m, "free", "remove gondor regular 1")
    assert m.state["control"]["dol_amroth"] == "shadow" and "dol_amroth" not in m.state["garrisons"]
    assert m.state["casualties"]["gondor"] == {"regular": 1, "leader": 1, "elite": 0}


def test_card_shs_11_rage_of_the_dunlendings() -> None:
    forbidden(_shadow("shs_11"), "shadow", "play muster shs_11")  # Isengard is not At War
    m = _shadow("shs_11", politics=SHADOW_AT_WAR, add={"north_dunland": {"isengard": "2R 1E"}})
    act(m, "shadow", "play muster shs_11")
    assert "place hollin regular" in offered(m.state, "shadow")
    assert "place orthanc regular" not in offered(m.state, "shadow")  # beyond an impassable ridge
    act(m, "shadow", "place hollin regular")
    assert _count(m, "hollin", "isengard", "regular") == 2
    assert offered(m.state, "shadow") == [f"units isengard regular {n}" for n in range(4)]
    act(m, "shadow", "units isengard regular 3", "units isengard elite 1")
    assert _count(m, "hollin", "isengard", "regular") == 5 and _count(m, "hollin", "isengard", "elite") == 1
    assert _count(m, "north_dunland", "isengard", "regular") == 0
    _back_to_the_opponent(m, "shadow")  # four moved: South Dunland's Regular stays


def test_card_shs_12_return_of_the_witch_king() -> None:
    forbidden(_shadow("shs_12"), "shadow", "play muster shs_12")
    m = _shadow("shs_12", characters={"witch_king": "minas_morgul"})
    act(m, "shadow", "play muster shs_12")
    assert m.state["characters"]["witch_king"]["region"] == "angmar"
    assert (_count(m, "angmar", "sauron", "regular"), _count(m, "angmar", "sauron", "elite")) == (2, 1)
    _back_to_the_opponent(m, "shadow")


def test_card_shs_13_half_orcs_and_goblin_men() -> None:
    forbidden(_shadow("shs_13", "army"), "shadow", "play army shs_13")
    m = _shadow(
        "shs_13",
        "army",
        politics=SHADOW_AT_WAR,
        armies={"moria": {"sauron": "1R"}, "umbar": {"southrons": "1R"}},
    )
    act(m, "shadow", "play army shs_13")
    assert offered(m.state, "shadow") == [
        "place moria regular",
        "place moria elite",
        "place umbar regular",
        "place umbar elite",
    ]
    act(m, "shadow", "place umbar elite")
    assert _count(m, "umbar", "isengard", "elite") == 1


def test_card_shs_14_olog_hai() -> None:
    forbidden(
        _shadow("shs_14", "army", politics={"sauron": {"steps": 1, "active": True}}),
        "shadow",
        "play army shs_14",
    )
    m = _shadow("shs_14", "army", politics=SHADOW_AT_WAR, armies={"osgiliath": {"sauron": "3R"}})
    act(m, "shadow", "play army shs_14", "place osgiliath elite")
    assert _count(m, "osgiliath", "sauron", "elite") == 1


def test_card_shs_15_hill_trolls() -> None:
    m = _shadow(
        "shs_15",
        "army",
        politics=SHADOW_AT_WAR,
        armies={"gorgoroth": {"sauron": "1R"}, "nurn": {"sauron": "2R"}},
    )
    act(m, "shadow", "play army shs_15")
    assert offered(m.state, "shadow") == ["place gorgoroth elite", "place nurn elite"]
    act(m, "shadow", "place gorgoroth elite")
    assert _count(m, "nurn", "sauron", "elite") == 1  # one place left: no question
    assert (_count(m, "gorgoroth", "sauron", "elite"), _count(m, "nurn", "sauron", "regular")) == (1, 1)
    assert [e["count"] for e in events(m.state, "card_promoted")] == [1, 1]


def test_card_shs_16_a_new_power_is_rising() -> None:
    forbidden(_shadow("shs_16"), "shadow", "play muster shs_16")
    m = _shadow("shs_16", characters={"saruman": "orthanc"})
    act(m, "shadow", "play muster shs_16")
    assert _count(m, "north_dunland", "isengard", "regular") == 3
    assert _count(m, "south_dunland", "isengard", "regular") == 3
    act(m, "shadow", "place orthanc elite", "place orthanc elite")
    assert _count(m, "orthanc", "isengard", "elite") == 3


def test_card_shs_17_many_kings_to_the_service_of_mordor() -> None:
    m = _shadow("shs_17", add={"south_rhun": {"gondor": "1R"}})
    act(m, "shadow", "play muster shs_17")
    choices = [
        "place far_harad regular",
        "place near_harad regular",
        "place north_rhun regular",
        "place umbar regular",
    ]
    assert offered(m.state, "shadow") == choices
    act(m, "shadow", "place umbar regular")
    assert offered(m.state, "shadow") == choices[:3]  # three different Settlements
    forbidden(m, "shadow", "place umbar regular")
    act(m, "shadow", "place near_harad regular", "place far_harad regular")
    assert [_count(m, r, "southrons", "regular") for r in ("umbar", "near_harad", "far_harad")] == [5, 5, 5]


def test_card_shs_18_the_king_is_revealed() -> None:
    forbidden(_shadow("shs_18"), "shadow", "play muster shs_18")
    m = _shadow("shs_18", characters={"aragorn": "minas_tirith"}, eliminated=["strider"])
    act(m, "shadow", "play muster shs_18")
    assert (
        _count(m, "minas_morgul", "sauron", "regular"),
        _count(m, "minas_morgul", "sauron", "leader"),
    ) == (10, 2)


def test_card_shs_19_shadows_on_the_misty_mountains() -> None:
    m = _shadow("shs_19")
    act(m, "shadow", "play muster shs_19")
    assert offered(m.state, "shadow") == [
        "place moria regular",
        "place moria elite",
        "place mount_gram regular",
        "place mount_gram elite",
    ]
    act(m, "shadow", "place mount_gram elite")
    assert offered(m.state, "shadow") == ["place mount_gram regular", "place mount_gram elite"]
    act(m, "shadow", "place mount_gram regular")
    counts = [_count(m, "mount_gram", "sauron", k) for k in ("regular", "elite", "leader")]
    assert counts == [1, 1, 1]


def test_card_shs_20_orcs_multiplying_again() -> None:
    m = _shadow("shs_20", reinforcements={"sauron": "4R"})
    act(m, "shadow", "play muster shs_20")  # as far as possible: 3 and 1
    assert _count(m, "dol_guldur", "sauron", "regular") == 8
    assert _count(m, "mount_gundabad", "sauron", "regular") == 3


def test_card_shs_21_horde_from_the_east() -> None:
    forbidden(_shadow("shs_21"), "shadow", "play muster shs_21")
    m = _shadow("shs_21", politics=SHADOW_AT_WAR, add={"khand": {"rohan": "1R"}})
    act(m, "shadow", "play muster shs_21")
    assert offered(m.state, "shadow") == [
        "place east_rhun regular",
        "place far_harad regular",
        "place south_rhun regular",
    ]
    act(m, "shadow", "place east_rhun regular")
    assert _count(m, "east_rhun", "southrons", "regular") == 5


def test_card_shs_22_monsters_roused() -> None:
    m = _shadow("shs_22", add={"weather_hills": {"north": "1R"}})
    act(m, "shadow", "play muster shs_22")
    assert [_count(m, r, "sauron", "regular") for r in ("angmar", "ettenmoors", "weather_hills")] == [1, 1, 0]
    assert _count(m, "trollshaws", "sauron", "elite") == 1


def test_card_shs_23_musterings_of_long_planned_war() -> None:
    forbidden(_shadow("shs_23", politics={"sauron": AT_WAR}), "shadow", "play muster shs_23")
    m = _shadow("shs_23", politics=SHADOW_AT_WAR)
    act(m, "shadow", "play muster shs_23")
    assert _count(m, "gorgoroth", "southrons", "regular") == 5 and _count(m, "nurn", "sauron", "regular") == 7


def test_card_shs_24_pits_of_mordor() -> None:
    forbidden(_shadow("shs_24"), "shadow", "play muster shs_24")
    m = _shadow(
        "shs_24", politics=SHADOW_AT_WAR, control={"moria": "free"}, armies={"moria": {"elves": "1R"}}
    )
    act(m, "shadow", "play muster shs_24")
    assert offered(m.state, "shadow") == [
        "place barad_dur regular",
        "place dol_guldur regular",
        "place minas_morgul regular",
        "place morannon regular",
        "place mount_gundabad regular",
    ]
    act(m, "shadow", "place barad_dur regular", "place morannon regular")
    assert "place barad_dur regular" not in offered(m.state, "shadow")
    act(m, "shadow", "place mount_gundabad regular")
    assert [_count(m, r, "sauron", "regular") for r in ("barad_dur", "morannon", "mount_gundabad")] == [
        2,
        2,
        2,
    ]


def test_card_shs_06_stormcrow_the_advance_command_and_its_choices_tell_a_step_away_from_war() -> None:
    """`advance <nation>` answers diplomacy and the cards that move a Nation toward war, and
    Stormcrow, that sets it back: the command's help says both, each question's choices its own."""
    (command,) = [c for c in COMMANDS if c.verb == "advance" and c.group == "muster"]
    assert "toward war" in command.description and "away (Stormcrow)" in command.description
    assert "toward" not in command.params[0].description
    m = _shadow("shs_06", characters={"boromir": "minas_tirith"})
    act(m, "shadow", "play muster shs_06")
    words = [R.describe(m.state, "shadow", a) for a in R.prompt(m.state, "shadow").actions]
    assert words == ["Elves: one step away from war", "Gondor: one step away from war"]
