"""Audit of the Free Peoples Event and Combat cards (issue 19): odd positions the scenario tests
of each card do not reach."""

from __future__ import annotations

from games.core.chance import scripted

from .helpers import R, act, events, match, offered, step
from .test_battle import army_of
from .test_cards_armies import acting, card_match, die, ents_match, play

HOLLIN = {"region": "hollin", "progress": 0}


def test_mithril_with_the_last_tile_of_the_pool_refills_and_returns_the_first() -> None:
    """The Shadow draws the only tile of the pool; Mithril Coat draws a second one from the
    pool refilled with the tiles drawn before, and the first goes back into the pool."""
    m = match(
        dice={"free": ["character"], "shadow": ["army"]},
        table={"free": ["fpc_05"], "shadow": []},
        fellowship=HOLLIN,
        hunt_box={"shadow": 1},
        hunt={"drawn": ["2_1", "1_1"], "removed": [], "waiting": [], "pool": ["3_1"]},
    )
    with scripted(("hunt_die", 6), ("hunt_tile", "3_1"), others="random"):
        act(m, "free", "move-fellowship character")
    assert step(m.state) == "hunt_card" and offered(m.state, "free") == ["use fpc_05", "decline"]
    with scripted(("hunt_tile", "1_1")):
        act(m, "free", "use fpc_05")
    hunt = m.state["hunt"]
    assert events(m.state, "hunt_tile")[-1]["tile"] == "1_1"
    assert sorted(hunt["pool"]) == ["2_1", "3_1"] and hunt["drawn"] == ["1_1"]


def test_ents_awake_asks_for_a_free_card_whatever_the_hand_holds() -> None:
    """The Shadow must not learn from the wait whether the Free Peoples hold a Character card
    they may play: with the bonus earned, a hand holding any card is asked (``decline`` only
    when none may be played); an empty hand (public) is not."""
    m = ents_match("fpc_20", None, "fangorn", hand=["fps_02"])
    play(m, "free", "fpc_20", "character")
    assert offered(m.state, "free") == ["decline"] and offered(m.state, "shadow") == []
    act(m, "free", "decline")
    assert acting(m) == "shadow" and m.state["hands"]["free"] == ["fps_02"]
    m = ents_match("fpc_20", None, "fangorn")
    play(m, "free", "fpc_20", "character")
    assert acting(m) == "shadow"


def test_eagles_send_the_nazgul_inside_a_sauron_stronghold_under_siege() -> None:
    """Dol Guldur is besieged by the Elves: it is still an unconquered Sauron Stronghold, and the
    surviving Nazgûl sent there join its garrison, not the besiegers' region in the open."""
    armies = {
        "osgiliath": {"gondor": "2R"},
        "north_ithilien": {"sauron": "2R 2L"},
        "dol_guldur": {"elves": "2R"},
    }
    m = card_match(
        "free",
        "fpc_18",
        armies,
        face="character",
        characters={"strider": "osgiliath"},
        garrisons={"dol_guldur": {"sauron": "1R"}},
    )
    with scripted(*die("fpc_18", 1, 2)):
        play(m, "free", "fpc_18", "character")
    act(m, "free", "to dol_guldur")
    assert m.state["garrisons"]["dol_guldur"]["sauron"] == {"regular": 1, "leader": 2}
    assert "sauron" not in m.state["armies"]["dol_guldur"]


def test_faramirs_rangers_bring_a_leader_alone_when_no_gondor_unit_is_left() -> None:
    """Nothing to strike in Ithilien and no Gondor unit in reinforcements: the Leader still joins
    the Free Peoples Army in Osgiliath, so the card is offered and does that."""
    m = card_match(
        "free",
        "fps_06",
        {"osgiliath": {"gondor": "1R"}, "minas_tirith": {"gondor": "2R"}},
        face="army_muster",
        reinforcements={"gondor": "1L"},
    )
    play(m, "free", "fps_06", "army_muster")
    assert army_of(m.state, "osgiliath", "gondor") == {"regular": 1, "leader": 1}
    assert acting(m) == "shadow"


def test_mithril_is_not_offered_when_no_second_tile_can_be_drawn() -> None:
    """The only tile left is drawn and nothing could refill the pool: Mithril Coat could only be
    wasted, so it is not offered and stays on the table."""
    m = match(
        dice={"free": ["character"], "shadow": ["army"]},
        table={"free": ["fpc_05"], "shadow": []},
        fellowship=HOLLIN,
        hunt_box={"shadow": 1},
        hunt={"drawn": [], "removed": [], "waiting": [], "pool": ["3_1"]},
    )
    with scripted(("hunt_die", 6), ("hunt_tile", "3_1"), others="random"):
        act(m, "free", "move-fellowship character")
    assert step(m.state) == "hunt_damage" and "use fpc_05" not in offered(m.state, "free")
    assert m.state["table"]["free"] == ["fpc_05"]


def test_the_shadows_dispel_always_asks_both_cards_so_the_wait_hides_his_hand() -> None:
    """Asking only when the Shadow holds several cards of a deck would show the Free Peoples (by
    the wait) that his hand holds two Strategy or two Character cards: he is always asked."""
    m = card_match(
        "shadow",
        "shc_01",
        {"bree": {"sauron": "2R"}, "buckland": {"north": "1R"}},
        table={"free": ["fps_03"]},
        dice={"shadow": ["event"], "free": ["muster"]},
        hand=["shs_01"],
    )
    act(m, "shadow", "dispel event")
    assert offered(m.state, "shadow") == ["discard shs_01"] and offered(m.state, "free") == []
    act(m, "shadow", "discard shs_01")
    assert offered(m.state, "shadow") == ["discard shc_01"]
    act(m, "shadow", "discard shc_01")
    assert m.state["table"]["free"] == [] and m.state["hands"]["shadow"] == []
    assert acting(m) == "free"


def test_card_fps_02_a_power_too_great_in_the_free_hand_is_never_named_by_the_shadows_dispel() -> None:
    """The dispel's words name only the barring card on the table: the rules text names both,
    and the other (A Power too Great) may be in the Free Peoples' hand."""
    m = card_match(
        "shadow",
        "shc_01",
        {"bree": {"sauron": "2R"}, "buckland": {"north": "1R"}},
        table={"free": ["fps_03"]},
        dice={"shadow": ["event"], "free": ["muster"]},
        hand=["shs_01"],
        other_hand=["fps_02"],
    )
    dispel = next(a for a in R.prompt(m.state, "shadow").actions if a.verb == "dispel")
    words = R.explain(m.state, "shadow", dispel) + R.describe(m.state, "shadow", dispel)
    assert "The Power of Tom Bombadil" in words and "A Power too Great" not in words
