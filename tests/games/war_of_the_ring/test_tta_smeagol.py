"""Twilight of the Third Age: Sméagol / Gollum (R-4), one test per rule — the set-up, the Sméagol
tiles, Sneak, Sacrifice, the piece as Guide — through positions, dice and tiles scripted."""

from __future__ import annotations

from typing import Any

from games.core import Action, Match
from games.core.chance import scripted
from games.war_of_the_ring.hunt import rerolls
from games.war_of_the_ring.labels import describe as label
from games.war_of_the_ring.ruleset import WAR_OF_THE_RING as R

from .helpers import act, events, match, offered, position, step
from .test_battle import texts

SWITCH = ["smeagol"]
HOLLIN = {"region": "hollin", "progress": 0}


def hunted(fellowship: dict[str, Any] | None = None, **more: Any) -> Match:
    return match(
        switches=more.pop("switches", SWITCH),
        dice={"free": ["character", "character"], "shadow": ["army"]},
        hunt_box={"shadow": more.pop("hunt", 1)},
        fellowship=fellowship or HOLLIN,
        **more,
    )


def hunt_move(m: Match, *draws: tuple[str, Any]) -> None:
    """Move the Fellowship with these Hunt draws (Sméagol does not sneak when asked)."""
    with scripted(*draws):
        act(m, "free", "move-fellowship character")
        if step(m.state) == "sneak":
            act(m, "free", "no-sneak")


# -- set-up (R-4) -------------------------------------------------------------------------------------


def test_r4_setup_sets_smeagol_aside_with_his_tiles_in_the_pool_and_we_shall_get_it_aside() -> None:
    state = position(switches=SWITCH)
    assert {"smeagol_1", "smeagol_2"} <= set(state["hunt"]["pool"]) and len(state["hunt"]["pool"]) == 18
    assert state["tta"]["smeagol"] == "smeagol" and state["tta"]["cards_aside"] == ["we_shall_get_it"]
    assert "gollum" not in state["characters"] and "gollum" not in state["fellowship"]["companions"]
    assert R.check_invariants(state) == []


# -- the Sméagol tiles (R-4) --------------------------------------------------------------------------


def test_r4_a_smeagol_tile_deals_nothing_and_goes_back_into_the_pool() -> None:
    m = hunted()
    hunt_move(m, ("hunt_die", 6), ("hunt_tile", "smeagol_1"))
    assert events(m.state, "hunt_tile") == [{"tile": "smeagol_1", "damage": 0, "why": "hunt"}]
    assert "smeagol_1" in m.state["hunt"]["pool"] and "smeagol_1" not in m.state["hunt"]["drawn"]
    assert not m.state["fellowship"]["revealed"] and m.state["fellowship"]["corruption"] == 0
    assert "The Sméagol tile goes back into the Hunt Pool." in texts(m.state)


def test_r4_a_smeagol_tile_leaves_the_game_once_the_piece_shows_gollum() -> None:
    m = hunted(tta={"smeagol": "gollum"})
    with scripted(("hunt_die", 6), ("hunt_tile", "smeagol_2")):
        act(m, "free", "move-fellowship character")
    assert "smeagol_2" in m.state["hunt"]["removed"] and "smeagol_2" not in m.state["hunt"]["pool"]
    assert R.check_invariants(m.state) == []


# -- Sneak (R-4) --------------------------------------------------------------------------------------


def test_r4_sneak_declares_the_fellowship_before_the_hunt_roll() -> None:
    m = hunted(
        fellowship={"region": "moria", "progress": 0},
        armies={"moria": {"sauron": "2R"}},
        characters={"witch_king": "moria"},
        hunt=2,
    )
    act(m, "free", "move-fellowship character")  # Progress 1: Dimrill Dale or Hollin is in reach
    assert step(m.state) == "sneak"
    assert {"sneak hollin", "sneak dimrill_dale", "no-sneak"} <= set(offered(m.state, "free"))
    assert label(m.state, "free", Action("sneak", ("hollin",))) == "Sméagol leads the Fellowship to Hollin"
    assert rerolls(m.state, "moria") == 3
    with scripted(("hunt_die", 2), ("hunt_die", 2)):  # no re-roll in Hollin
        act(m, "free", "sneak hollin")
    fs = m.state["fellowship"]
    assert (fs["region"], fs["progress"], fs["revealed"]) == ("hollin", 0, False)
    assert events(m.state, "hunt_rolled")[0]["rerolls"] == []
    assert "Sméagol leads the Fellowship on before the Hunt: it is declared in Hollin." in texts(m.state)
    assert m.state["turn"]["sneak"] is True


def test_r4_no_sneak_the_hunt_rolls_where_it_is_and_sneak_only_on_the_smeagol_side() -> None:
    m = hunted(fellowship={"region": "hollin", "progress": 0})
    act(m, "free", "move-fellowship character")
    with scripted(("hunt_die", 2)):
        act(m, "free", "no-sneak")
    assert m.state["fellowship"]["region"] == "hollin" and events(m.state, "hunt_rolled")
    gollum = hunted(tta={"smeagol": "gollum"})
    with scripted(("hunt_die", 2)):
        act(gollum, "free", "move-fellowship character")
    assert step(gollum.state) != "sneak"
    base = hunted(switches=[])
    with scripted(("hunt_die", 2)):
        act(base, "free", "move-fellowship character")
    assert step(base.state) != "sneak"


# -- Sacrifice (R-4) ----------------------------------------------------------------------------------


def test_r4_sacrifice_cancels_the_damage_flips_to_gollum_and_gives_the_shadow_we_shall_get_it() -> None:
    m = hunted()
    hunt_move(m, ("hunt_die", 6), ("hunt_tile", "3_1"))
    assert "sacrifice smeagol" in offered(m.state, "free")
    act(m, "free", "sacrifice smeagol")
    assert m.state["fellowship"]["corruption"] == 0 and m.state["tta"]["smeagol"] == "gollum"
    assert m.state["tta"]["cards_aside"] == [] and m.state["tta"]["we_shall_get_it"] == "shadow"
    told = texts(m.state)
    assert "Sméagol takes the Hunt's blow: no damage, and the piece turns to Gollum." in told
    assert "The Shadow takes We Shall Get It." in told
    assert R.check_invariants(m.state) == []


def test_r4_no_sacrifice_once_the_piece_shows_gollum() -> None:
    m = hunted(tta={"smeagol": "gollum"})
    with scripted(("hunt_die", 6), ("hunt_tile", "3_1")):
        act(m, "free", "move-fellowship character")
    assert "sacrifice smeagol" not in offered(m.state, "free")


# -- the Guide (R-4) ----------------------------------------------------------------------------------


def test_r4_the_piece_guides_with_the_base_gollums_ability_on_either_side() -> None:
    for side in ("smeagol", "gollum"):
        m = hunted(fellowship={**HOLLIN, "companions": [], "guide": "gollum"}, tta={"smeagol": side})
        hunt_move(m, ("hunt_die", 6), ("hunt_tile", "1r_1"))
        assert not m.state["fellowship"]["revealed"]  # a numbered tile does not reveal with Gollum


# -- We Shall Get It (official card; its entry R-4) ---------------------------------------------------


def test_r4_we_shall_get_it_is_played_on_the_table_with_a_character_or_event_die() -> None:
    m = match(
        switches=SWITCH,
        tta={"smeagol": "gollum", "cards_aside": [], "we_shall_get_it": "shadow"},
        dice={"shadow": ["event", "muster"], "free": ["muster"]},
        acting="shadow",
    )
    assert "play-we-shall-get-it event" in offered(m.state, "shadow")
    assert "play-we-shall-get-it muster" not in offered(m.state, "shadow")
    act(m, "shadow", "play-we-shall-get-it event")
    assert m.state["tta"]["we_shall_get_it"] == "table"
    assert "The Shadow plays We Shall Get It on the table." in texts(m.state)


def test_r4_we_shall_get_it_with_gollum_the_guide_puts_the_tile_back_and_draws_another() -> None:
    m = hunted(
        fellowship={**HOLLIN, "companions": [], "guide": "gollum"},
        tta={"smeagol": "gollum", "cards_aside": [], "we_shall_get_it": "table"},
    )
    with scripted(("hunt_die", 6), ("hunt_tile", "0r_1"), ("hunt_tile", "2_1")):
        act(m, "free", "move-fellowship character")
        assert step(m.state) == "we_shall_get_it" and R.active(m.state) == frozenset({"shadow"})
        act(m, "shadow", "we-shall-get-it")
    assert "0r_1" in m.state["hunt"]["pool"] and m.state["tta"]["we_shall_get_it"] == "gone"
    assert [e["tile"] for e in events(m.state, "hunt_tile")] == ["2_1"]
    kept = hunted(
        fellowship={**HOLLIN, "companions": [], "guide": "gollum"},
        tta={"smeagol": "gollum", "cards_aside": [], "we_shall_get_it": "table"},
    )
    with scripted(("hunt_die", 6), ("hunt_tile", "0r_1")):
        act(kept, "free", "move-fellowship character")
        act(kept, "shadow", "keep-card")
    assert kept.state["tta"]["we_shall_get_it"] == "table"
    assert [e["tile"] for e in events(kept.state, "hunt_tile")] == ["0r_1"]


def test_r4_we_shall_get_it_waits_while_gollum_is_not_the_guide() -> None:
    m = hunted(tta={"smeagol": "gollum", "cards_aside": [], "we_shall_get_it": "table"})
    with scripted(("hunt_die", 6), ("hunt_tile", "1_1")):
        act(m, "free", "move-fellowship character")
    assert step(m.state) != "we_shall_get_it"
