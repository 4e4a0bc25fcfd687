"""The Hunt, Corruption and Fellowship Event cards (issue 19): one scenario per card, on positions
with the dice, tiles and Companions drawn scripted."""

from __future__ import annotations

from typing import Any

from games.core import Action, Match
from games.core.chance import scripted
from games.war_of_the_ring.fellowship import declare, enter_mordor
from games.war_of_the_ring.ruleset import WAR_OF_THE_RING as R

from .helpers import act, events, forbidden, match, offered, position, step

HOLLIN = {"region": "hollin", "progress": 0}
MORDOR = {"region": None, "mordor": 1, "progress": 0}
#: The Free Peoples act with a Character die; the Shadow has a die left to answer.
FREE_ACTS = {"free": ["character"], "shadow": ["army"]}
SHADOW_ACTS = {"free": ["muster"], "shadow": ["character"]}
#: The Shadow plays first, then the Free Peoples move the Fellowship.
THEN_MOVE = {"free": ["character"], "shadow": ["character"]}


def _free_plays(card: str, **position: Any) -> Any:
    m = match(**{"dice": FREE_ACTS, "hands": {"free": [card]}, **position})
    act(m, "free", f"play character {card}")
    return m


def _shadow_plays(card: str, **position: Any) -> Any:
    m = match(**{"dice": SHADOW_ACTS, "acting": "shadow", "hands": {"shadow": [card]}, **position})
    act(m, "shadow", f"play character {card}")
    return m


def _move(m: Any, *script: tuple[str, Any]) -> None:
    with scripted(*script, others="random"):
        act(m, "free", "move-fellowship character")


# -- special Hunt tiles ---------------------------------------------------------------------------
def test_card_fpc_01_elven_cloaks() -> None:
    m = _free_plays("fpc_01", fellowship=HOLLIN)
    hunt = m.state["hunt"]
    assert hunt["waiting"] == ["elven_cloaks"] and "elven_cloaks" not in hunt["pool"]
    assert events(m.state, "special_tile_in_play") == [
        {"side": "free", "tile": "elven_cloaks", "pool": False}
    ]
    enter_mordor(m.state)
    assert "elven_cloaks" in hunt["pool"] and hunt["waiting"] == []


def test_card_fpc_02_elven_rope() -> None:
    m = _free_plays(
        "fpc_02", fellowship=MORDOR, dice={"free": ["character", "character"], "shadow": ["army"]}
    )
    assert "elven_rope" in m.state["hunt"]["pool"]  # already on the Mordor Track: at once
    act(m, "shadow", "skip army")
    _move(m, ("hunt_tile", "elven_rope"))
    assert events(m.state, "hunt_tile")[-1]["damage"] == 0
    assert m.state["fellowship"]["mordor"] == 2 and m.state["fellowship"]["corruption"] == 0


def test_card_fpc_03_phial_of_galadriel() -> None:
    m = _free_plays(
        "fpc_03",
        fellowship={**MORDOR, "corruption": 5},
        dice={"free": ["character", "character"], "shadow": ["army"]},
    )
    act(m, "shadow", "skip army")
    _move(m, ("hunt_tile", "phial"))
    assert m.state["fellowship"]["corruption"] == 3


def test_card_fpc_04_smeagol_helps_nice_master() -> None:
    m = _free_plays(
        "fpc_04",
        fellowship={**MORDOR, "corruption": 5},
        dice={"free": ["character", "character"], "shadow": ["army"]},
    )
    act(m, "shadow", "skip army")
    _move(m, ("hunt_tile", "smeagol_helps"))
    assert m.state["fellowship"]["corruption"] == 4


def test_card_shc_01_shelobs_lair() -> None:
    m = _shadow_plays("shc_01", dice=THEN_MOVE, fellowship={**MORDOR, "corruption": 1})
    assert m.state["hunt"]["pool"].count("shelobs_lair") == 1
    _move(m, ("hunt_tile", "shelobs_lair"), ("shelob_die", 4))
    assert events(m.state, "hunt_tile")[-1]["damage"] == 4
    assert m.state["fellowship"]["mordor"] == 1  # Stop: no step taken
    act(m, "free", "corruption 4")
    assert m.state["fellowship"]["corruption"] == 5


def test_card_shc_02_the_ring_is_mine() -> None:
    m = _shadow_plays("shc_02", dice=THEN_MOVE, fellowship=HOLLIN)
    assert m.state["hunt"]["waiting"] == ["ring_is_mine"]
    enter_mordor(m.state)
    m.state["hunt_box"] = {"shadow": 2, "free": 1}
    _move(m, ("hunt_tile", "ring_is_mine"))
    tile = events(m.state, "hunt_tile")[-1]
    assert tile["damage"] == 3 and m.state["fellowship"]["mordor"] == 0  # Eye = dice in the box; Stop
    act(m, "free", "corruption 3")
    assert m.state["fellowship"]["revealed"]


def test_card_shc_03_on_on_they_went() -> None:
    m = _shadow_plays("shc_03", dice=THEN_MOVE, fellowship={**MORDOR, "companions": [], "guide": "gollum"})
    _move(m, ("hunt_tile", "on_on_they_went"))
    assert offered(m.state, "free") == ["ability gollum", "corruption 3"]
    act(m, "free", "corruption 3")
    assert m.state["fellowship"]["corruption"] == 3 and m.state["fellowship"]["mordor"] == 1


def test_card_shc_04_give_it_to_uss() -> None:
    m = _shadow_plays("shc_04", dice=THEN_MOVE, fellowship={**MORDOR, "companions": [], "guide": "gollum"})
    _move(m, ("hunt_tile", "give_it_to_uss"))
    fs = m.state["fellowship"]
    assert fs["corruption"] == 1 and fs["mordor"] == 1 and fs["revealed"]  # Gollum: a special tile reveals


# -- table cards of the Hunt ----------------------------------------------------------------------
def test_card_fpc_05_mithril_coat_and_sting() -> None:
    m = _free_plays(
        "fpc_05",
        fellowship=HOLLIN,
        dice={"free": ["character", "character"], "shadow": ["army"]},
        hunt_box={"shadow": 1},
    )
    assert m.state["table"]["free"] == ["fpc_05"]
    act(m, "shadow", "skip army")
    _move(m, ("hunt_die", 6), ("hunt_tile", "3_1"))
    assert step(m.state) == "hunt_card" and offered(m.state, "shadow") == []
    assert offered(m.state, "free") == ["use fpc_05", "decline"]
    with scripted(("hunt_tile", "0r_1")):
        act(m, "free", "use fpc_05")
    assert "3_1" in m.state["hunt"]["pool"] and "0r_1" in m.state["hunt"]["drawn"]
    assert events(m.state, "hunt_tile")[-1]["tile"] == "0r_1"
    assert m.state["played"]["free"] == ["fpc_05"] and m.state["table"]["free"] == []
    assert m.state["fellowship"]["revealed"]


def test_card_fpc_06_axe_and_bow() -> None:
    m = match(
        dice=FREE_ACTS,
        hands={"free": ["fpc_06"]},
        fellowship={**HOLLIN, "companions": ["strider", "boromir"]},
    )
    forbidden(m, "free", "play character fpc_06")  # neither Gimli nor Legolas in the Fellowship
    m = _free_plays(
        "fpc_06",
        fellowship={**HOLLIN, "companions": ["strider", "legolas"]},
        dice={"free": ["character", "character"], "shadow": ["army"]},
        hunt_box={"shadow": 1},
    )
    act(m, "shadow", "skip army")
    _move(m, ("hunt_die", 6), ("hunt_tile", "2_1"))
    assert "use fpc_06" in offered(m.state, "free")
    act(m, "free", "use fpc_06")
    assert m.state["played"]["free"] == ["fpc_06"]
    act(m, "free", "casualty random")  # Legolas or Strider: the last point
    assert m.state["fellowship"]["corruption"] == 0
    # at once when neither is left: Legolas lost as a casualty
    m = match(
        dice=FREE_ACTS,
        table={"free": ["fpc_06"]},
        fellowship={**HOLLIN, "companions": ["legolas", "meriadoc"], "guide": "legolas"},
        hunt_box={"shadow": 1},
    )
    _move(m, ("hunt_die", 6), ("hunt_tile", "3_1"))
    act(m, "free", "casualty guide")
    assert m.state["table"]["free"] == [] and events(m.state, "table_card_discarded")


def test_card_fpc_07_horn_of_gondor() -> None:
    m = match(dice=FREE_ACTS, hands={"free": ["fpc_07"]}, fellowship={**HOLLIN, "companions": ["legolas"]})
    forbidden(m, "free", "play character fpc_07")
    m = _free_plays(
        "fpc_07",
        fellowship={**HOLLIN, "companions": ["boromir", "meriadoc"], "guide": "boromir"},
        dice={"free": ["character", "character"], "shadow": ["army"]},
        hunt_box={"shadow": 1},
    )
    act(m, "shadow", "skip army")
    _move(m, ("hunt_die", 6), ("hunt_tile", "1_1"))
    act(m, "free", "use fpc_07")
    assert m.state["fellowship"]["corruption"] == 0 and m.state["played"]["free"] == ["fpc_07"]
    m = match(
        dice=FREE_ACTS,
        table={"free": ["fpc_07"]},
        fellowship={**HOLLIN, "companions": ["boromir", "meriadoc"], "guide": "boromir"},
        hunt_box={"shadow": 1},
    )
    _move(m, ("hunt_die", 6), ("hunt_tile", "3_1"))
    act(m, "free", "casualty guide")  # Boromir falls: the Horn goes with him
    assert m.state["played"]["free"] == ["fpc_07"]


def test_card_fpc_08_wizards_staff() -> None:
    m = match(dice=FREE_ACTS, hands={"free": ["fpc_08"]}, fellowship={**HOLLIN, "companions": ["strider"]})
    forbidden(m, "free", "play character fpc_08")
    m = _free_plays(
        "fpc_08",
        fellowship=HOLLIN,
        dice={"free": ["character", "character"], "shadow": ["army", "army"]},
        hunt_box={"shadow": 1},
    )
    act(m, "shadow", "skip army")
    _move(m, ("hunt_die", 6))
    assert offered(m.state, "free") == ["use fpc_08", "decline"]
    pool = list(m.state["hunt"]["pool"])
    act(m, "free", "use fpc_08")
    assert m.state["hunt"]["pool"] == pool and not events(m.state, "hunt_tile")
    assert m.state["hunt_box"]["free"] == 1 and m.state["played"]["free"] == ["fpc_08"]


def test_card_shc_15_worn_with_sorrow_and_toil() -> None:
    m = _shadow_plays(
        "shc_15",
        fellowship=HOLLIN,
        dice={"free": ["character"], "shadow": ["character"]},
        hands={"shadow": ["shc_15"], "free": ["fpc_09", "fps_01"]},
        hunt_box={"shadow": 1},
    )
    assert m.state["table"]["shadow"] == ["shc_15"]
    _move(m, ("hunt_die", 6), ("hunt_tile", "3_1"))
    with scripted(("random_hunt_casualty", "boromir"), others="random"):
        act(m, "free", "casualty random")
    assert step(m.state) == "hunt_card" and offered(m.state, "free") == []
    assert offered(m.state, "shadow") == ["worn hand", "decline"]
    act(m, "shadow", "worn hand")  # the only Character card of the hand
    assert m.state["discards"]["free"] == ["fpc_09"] and m.state["hands"]["free"] == ["fps_01"]
    assert events(m.state, "card_discarded")[-1] == {"side": "free"}
    act(m, "free", "guide gandalf_grey")  # the rest, 1, is Corruption: nothing else may take it
    assert m.state["fellowship"]["corruption"] == 1
    declare(m.state, "rivendell")  # an unconquered Free Peoples Stronghold: the card goes
    assert m.state["table"]["shadow"] == [] and m.state["played"]["shadow"] == ["shc_15"]
    # Lure of the Ring's victim falls too: a Free Peoples table card may go instead
    m = match(
        dice=SHADOW_ACTS,
        acting="shadow",
        hands={"shadow": ["shc_13"]},
        table={"shadow": ["shc_15"], "free": ["fpc_05"]},
        fellowship={**HOLLIN, "revealed": True},
    )
    with scripted(("lure_companion", "gimli")):
        act(m, "shadow", "play character shc_13")
    act(m, "free", "casualty gimli")
    assert offered(m.state, "shadow") == ["worn fpc_05", "decline"]  # an empty hand is not offered
    act(m, "shadow", "worn fpc_05")
    assert m.state["table"]["free"] == [] and m.state["played"]["free"] == ["fpc_05"]


def test_card_shc_16_flocks_of_crebain() -> None:
    m = _shadow_plays(
        "shc_16",
        fellowship=HOLLIN,
        dice={"free": ["character"], "shadow": ["character"]},
        hunt_box={"shadow": 2},
    )
    act(m, "free", "move-fellowship character")
    assert step(m.state) == "hunt_card" and offered(m.state, "shadow") == ["use shc_16", "decline"]
    with scripted(("hunt_die", 5), ("hunt_die", 2), ("hunt_tile", "0r_1")):
        act(m, "shadow", "use shc_16")
    rolled = events(m.state, "hunt_rolled")[0]
    assert rolled["bonus"] == 1 and rolled["successes"] == 1
    assert m.state["played"]["shadow"] == ["shc_16"]
    m = match(table={"shadow": ["shc_16"]}, fellowship={"region": "rivendell", "progress": 1})
    declare(m.state, "rivendell")
    assert m.state["table"]["shadow"] == []


def test_card_shc_17_balrog_of_moria() -> None:
    m = _shadow_plays("shc_17", fellowship=HOLLIN)
    assert m.state["table"]["shadow"] == ["shc_17"]
    two_steps = {"region": "hollin", "progress": 2}
    m = match(table={"shadow": ["shc_17"]}, fellowship=two_steps, start="phase:fellowship")
    act(m, "free", "declare north_dunland")  # a path that avoids Moria: nothing asked
    assert step(m.state) != "hunt_card" and m.state["table"]["shadow"] == ["shc_17"]
    m = match(table={"shadow": ["shc_17"]}, fellowship=two_steps, start="phase:fellowship")
    act(m, "free", "declare dimrill_dale")  # only through Moria
    assert step(m.state) == "hunt_card" and offered(m.state, "shadow") == ["use shc_17", "decline"]
    with scripted(("hunt_tile", "2r_1")):
        act(m, "shadow", "use shc_17")
    assert events(m.state, "hunt_tile")[-1] == {"tile": "2r_1", "damage": 2, "why": "shc_17"}
    act(m, "free", "corruption 2")
    assert m.state["fellowship"]["corruption"] == 2 and m.state["fellowship"]["revealed"]
    assert m.state["played"]["shadow"] == ["shc_17"]
    # a reveal into Moria: the Balrog's tile, then the one for the Shadow Stronghold
    m = match(
        dice=FREE_ACTS,
        table={"shadow": ["shc_17"]},
        fellowship={"region": "dimrill_dale", "progress": 1},
        hunt_box={"shadow": 1},
    )
    _move(m, ("hunt_die", 6), ("hunt_tile", "0r_1"))
    act(m, "free", "reveal-to moria")
    assert offered(m.state, "shadow") == ["use shc_17", "decline"]
    with scripted(("hunt_tile", "1_1"), ("hunt_tile", "2_1")):
        act(m, "shadow", "use shc_17")
        act(m, "free", "corruption 1", "corruption 2")
    assert [t["why"] for t in events(m.state, "hunt_tile")] == ["hunt", "shc_17", "stronghold"]
    assert m.state["fellowship"]["corruption"] == 3


# -- tiles drawn by a card ------------------------------------------------------------------------
def test_card_shc_05_orc_patrol() -> None:
    m = match(dice=SHADOW_ACTS, acting="shadow", hands={"shadow": ["shc_05"]})
    forbidden(m, "shadow", "play character shc_05")  # the Ring-bearers are in Rivendell
    m = match(
        dice={"free": ["muster"], "shadow": ["character", "event"]},
        acting="shadow",
        hands={"shadow": ["shc_05"]},
        fellowship=HOLLIN,
    )
    with scripted(("hunt_tile", "eye_1")):
        act(m, "shadow", "play character shc_05")
    assert events(m.state, "hunt_tile_ignored") == [{"tile": "eye_1", "why": "shc_05"}]
    assert "eye_1" in m.state["hunt"]["drawn"] and step(m.state) == "act"
    m = match(dice=SHADOW_ACTS, acting="shadow", hands={"shadow": ["shc_05"]}, fellowship=HOLLIN)
    with scripted(("hunt_tile", "2r_1")):
        act(m, "shadow", "play character shc_05")
    assert step(m.state) == "hunt_damage"
    act(m, "free", "corruption 2")
    assert m.state["fellowship"]["corruption"] == 2 and m.state["fellowship"]["revealed"]


def test_card_shc_06_isildurs_bane() -> None:
    m = match(
        dice=SHADOW_ACTS,
        acting="shadow",
        hands={"shadow": ["shc_06"]},
        fellowship=HOLLIN,
        table={"free": ["fpc_06", "fpc_05", "fpc_08"]},
    )
    with scripted(("hunt_tile", "3_1")):
        act(m, "shadow", "play character shc_06")
    # no question: neither the Staff, nor Mithril, nor the Axe, nor a casualty
    assert m.state["fellowship"]["corruption"] == 3 and step(m.state) == "act"
    assert m.state["table"]["free"] == ["fpc_06", "fpc_05", "fpc_08"]


def test_card_shc_07_foul_thing_from_the_deep() -> None:
    m = match(dice=SHADOW_ACTS, acting="shadow", hands={"shadow": ["shc_07"]}, fellowship=HOLLIN)
    with scripted(("hunt_tile", "3_2"), ("random_hunt_casualty", "gimli")):
        act(m, "shadow", "play character shc_07")
    assert "gimli" in m.state["eliminated"]
    assert step(m.state) == "hunt_damage"
    act(m, "free", "guide gandalf_grey")  # no second casualty: the rest is Corruption
    assert m.state["fellowship"]["corruption"] == 1


def test_card_shc_14_the_breaking_of_the_fellowship() -> None:
    m = match(dice=SHADOW_ACTS, acting="shadow", hands={"shadow": ["shc_14"]}, fellowship=HOLLIN)
    forbidden(m, "shadow", "play character shc_14")  # the Fellowship is hidden
    revealed = {**HOLLIN, "revealed": True}
    m = match(dice=SHADOW_ACTS, acting="shadow", hands={"shadow": ["shc_14"]}, fellowship=revealed)
    with scripted(("hunt_tile", "2_1")):
        act(m, "shadow", "play character shc_14")
    assert offered(m.state, "shadow") == []
    assert "companion legolas" in offered(m.state, "free")
    act(m, "free", "companion legolas", "companion gimli")
    assert m.state["characters"]["legolas"]["region"] == "hollin"
    assert "gimli" not in m.state["fellowship"]["companions"]
    gollum = {**revealed, "companions": [], "guide": "gollum"}
    m = match(dice=SHADOW_ACTS, acting="shadow", hands={"shadow": ["shc_14"]}, fellowship=gollum)
    act(m, "shadow", "play character shc_14")
    assert m.state["fellowship"]["corruption"] == 1


# -- Corruption and healing -----------------------------------------------------------------------
def test_card_fpc_09_athelas() -> None:
    m = _free_plays("fpc_09", fellowship={**HOLLIN, "corruption": 4})
    assert m.state["fellowship"]["corruption"] == 4 - sum(
        1 for v in events(m.state, "card_dice_rolled")[0]["dice"] if v >= 5
    )
    m = match(
        dice=FREE_ACTS,
        hands={"free": ["fpc_09"]},
        fellowship={**HOLLIN, "corruption": 4, "companions": ["strider"], "guide": "strider"},
    )
    with scripted(("athelas_die", 3), ("athelas_die", 2), ("athelas_die", 6)):
        act(m, "free", "play character fpc_09")
    assert m.state["fellowship"]["corruption"] == 2


def test_card_fpc_10_there_is_another_way() -> None:
    m = _free_plays("fpc_10", fellowship={**HOLLIN, "corruption": 2})
    assert m.state["fellowship"]["corruption"] == 1 and step(m.state) == "act"
    gollum = {**HOLLIN, "corruption": 2, "companions": [], "guide": "gollum"}
    m = match(dice=FREE_ACTS, hands={"free": ["fpc_10"]}, fellowship=gollum, hunt_box={"shadow": 1})
    act(m, "free", "play character fpc_10")
    assert offered(m.state, "free") == ["gollum move", "decline"]
    with scripted(("hunt_die", 2)):
        act(m, "free", "gollum move")
    fs = m.state["fellowship"]
    assert fs["corruption"] == 1 and fs["progress"] == 1 and events(m.state, "hunt_rolled")
    assert m.state["hunt_box"]["free"] == 0  # the die that played the card stays out of the box
    m = match(dice=FREE_ACTS, hands={"free": ["fpc_10"]}, fellowship={**gollum, "revealed": True})
    act(m, "free", "play character fpc_10", "gollum hide")
    assert not m.state["fellowship"]["revealed"]


def test_card_fpc_13_mirror_of_galadriel() -> None:
    m = match(dice={"free": ["event"], "shadow": ["army"]}, hands={"free": ["fpc_13"]}, fellowship=HOLLIN)
    forbidden(m, "free", "play event fpc_13")  # no Character die to turn, not in Lórien
    m = match(dice={"free": ["character"], "shadow": ["army"]}, hands={"free": ["fpc_13"]}, fellowship=HOLLIN)
    forbidden(m, "free", "play character fpc_13")  # its only Character die plays it
    m = match(
        dice={"free": ["character", "character"], "shadow": ["army"]},
        hands={"free": ["fpc_13"]},
        fellowship={"region": "lorien", "progress": 0, "corruption": 2},
    )
    act(m, "free", "play character fpc_13")
    assert m.state["dice"]["free"]["rolled"] == ["will"]
    assert m.state["fellowship"]["corruption"] == 1


def test_card_shc_08_candles_of_corpses() -> None:
    m = match(dice=SHADOW_ACTS, acting="shadow", hands={"shadow": ["shc_08"]})
    forbidden(m, "shadow", "play character shc_08")
    m = match(dice=SHADOW_ACTS, acting="shadow", hands={"shadow": ["shc_08"]}, fellowship=HOLLIN)
    with scripted(("candles_die", 4), ("candles_die", 6), ("candles_die", 3)):
        act(m, "shadow", "play character shc_08")
    assert m.state["fellowship"]["corruption"] == 2
    gollum = {**HOLLIN, "companions": [], "guide": "gollum"}
    m = match(dice=SHADOW_ACTS, acting="shadow", hands={"shadow": ["shc_08"]}, fellowship=gollum)
    with scripted(("candles_die", 4), ("candles_die", 6), ("candles_die", 5)):
        act(m, "shadow", "play character shc_08")
    assert m.state["fellowship"]["corruption"] == 1


def test_card_shc_12_morgul_wound() -> None:
    m = match(dice=SHADOW_ACTS, acting="shadow", hands={"shadow": ["shc_12"]}, fellowship=HOLLIN)
    forbidden(m, "shadow", "play character shc_12")
    m = _shadow_plays("shc_12", fellowship={**HOLLIN, "revealed": True, "corruption": 3})
    assert m.state["fellowship"]["corruption"] == 5
    m = _shadow_plays("shc_12", fellowship={**HOLLIN, "revealed": True, "corruption": 4})
    assert m.state["fellowship"]["corruption"] == 5


def test_card_shc_13_lure_of_the_ring() -> None:
    m = match(dice=SHADOW_ACTS, acting="shadow", hands={"shadow": ["shc_13"]}, fellowship=HOLLIN)
    forbidden(m, "shadow", "play character shc_13")
    revealed = {**HOLLIN, "revealed": True}
    m = match(dice=SHADOW_ACTS, acting="shadow", hands={"shadow": ["shc_13"]}, fellowship=revealed)
    with scripted(("lure_companion", "legolas")):
        act(m, "shadow", "play character shc_13")
    assert offered(m.state, "free") == ["casualty legolas", "corruption 2"]
    act(m, "free", "casualty legolas")
    assert "legolas" in m.state["eliminated"] and "legolas" not in m.state["fellowship"]["companions"]
    m = match(dice=SHADOW_ACTS, acting="shadow", hands={"shadow": ["shc_13"]}, fellowship=revealed)
    with scripted(("lure_companion", "gandalf_grey")):
        act(m, "shadow", "play character shc_13")
    act(m, "free", "corruption 3")
    assert m.state["fellowship"]["corruption"] == 3
    gollum = {**revealed, "companions": [], "guide": "gollum"}
    m = _shadow_plays("shc_13", fellowship=gollum)
    assert m.state["fellowship"]["corruption"] == 1


def test_card_shc_18_the_lidless_eye() -> None:
    m = match(
        dice={"free": ["muster"], "shadow": ["character"]}, acting="shadow", hands={"shadow": ["shc_18"]}
    )
    forbidden(m, "shadow", "play character shc_18")  # no die would be left to turn
    m = match(
        dice={"free": ["muster"], "shadow": ["character", "army", "muster", "muster", "event"]},
        acting="shadow",
        hands={"shadow": ["shc_18"]},
        hunt_box={"shadow": 1},
    )
    act(m, "shadow", "play character shc_18")
    assert offered(m.state, "shadow") == ["eye army", "eye event", "eye muster"]  # one at least
    act(m, "shadow", "eye muster")
    assert "done" in offered(m.state, "shadow")
    act(m, "shadow", "eye muster", "eye army")
    assert m.state["hunt_box"]["shadow"] == 4 and m.state["dice"]["shadow"]["rolled"] == ["event"]
    assert events(m.state, "eyes_added") == [{"faces": ["muster", "muster", "army"]}]


def test_card_fpc_13_mirror_of_galadriel_is_offered_only_with_a_die_that_leaves_a_character_die() -> None:
    """Its whole Event as printed: the die that plays it leaves an unused Character die to turn
    (rules revision 3); in Lórien, its last Character die does not play it only to heal."""
    lorien = {"region": "lorien", "progress": 0, "corruption": 2}
    card = {"free": ["fpc_13"]}
    m = match(dice={"free": ["character", "event"], "shadow": ["army"]}, hands=card, fellowship=lorien)
    assert "play event fpc_13" in offered(m.state, "free")
    refusal = R.refusal(m.state, "free", Action.from_text("play character fpc_13"))
    assert refusal == (
        "Mirror of Galadriel cannot be played with this Character die: it turns another unused "
        "Character die into a Will of the West."
    )
    forbidden(m, "free", "play character fpc_13")
    act(m, "free", "play event fpc_13")
    assert m.state["dice"]["free"]["rolled"] == ["will"] and m.state["fellowship"]["corruption"] == 1
    m = match(dice={"free": ["will", "character"], "shadow": ["army"]}, hands=card, fellowship=HOLLIN)
    assert [a for a in offered(m.state, "free") if "fpc_13" in a] == ["play will fpc_13"]
    m = match(dice={"free": ["character"], "shadow": ["army"]}, hands=card, fellowship=lorien)
    forbidden(m, "free", "play character fpc_13")  # it would only heal


def test_card_fpc_13_mirror_of_galadriel_in_a_match_begun_by_revision_2() -> None:
    """A stored match goes on by its revision: the last Character die still plays it, and in
    Lórien it only heals."""
    state = position(
        dice={"free": ["character", "event"], "shadow": ["army"]},
        hands={"free": ["fpc_13"]},
        fellowship={"region": "lorien", "progress": 0, "corruption": 2},
    )
    state["rules"] = 2
    m = Match(R, state)
    act(m, "free", "play character fpc_13")
    assert m.state["fellowship"]["corruption"] == 1 and events(m.state, "die_changed") == []
