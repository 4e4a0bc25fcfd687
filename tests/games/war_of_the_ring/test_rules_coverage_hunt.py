"""Rule coverage: the Fellowship moving and hiding (§14.4, §14.6), the Hunt (§15) and the Mordor
Track (§16), with §19 items 10, 12, 15, 20-22. Each test is named after the rule it checks (see
docs/dev/war_of_the_ring_rule_coverage.md)."""

from __future__ import annotations

from games.core import Action
from games.core.chance import scripted
from games.war_of_the_ring.data import MODULE_TILES, TILES
from games.war_of_the_ring.ruleset import WAR_OF_THE_RING as R

from .helpers import act, events, forbidden, match, offered, step

MOVE = {"free": ["character", "muster"], "shadow": ["army", "army"]}
HOLLIN = {"region": "hollin", "progress": 0}
STANDARD = sorted(t for t, tile in TILES.items() if tile.side is None and t not in MODULE_TILES)


# -- §14.4 / §14.6 moving and hiding ------------------------------------------------------------------
def test_hiding_takes_a_character_die_moves_nothing_and_the_die_stays_out_of_the_hunt_box() -> None:
    m = match(dice=MOVE, fellowship={"region": "hollin", "progress": 0, "revealed": True})
    forbidden(m, "free", "move-fellowship character")
    forbidden(m, "free", "hide muster")  # Gandalf guides: only a Character die hides
    act(m, "free", "hide character")
    fs = m.state["fellowship"]
    assert not fs["revealed"] and fs["region"] == "hollin" and fs["progress"] == 0
    assert m.state["hunt_box"]["free"] == 0 and m.state["dice"]["free"]["used"] == ["character"]
    assert not events(m.state, "hunt_rolled")


def test_strider_as_guide_hides_a_revealed_fellowship_with_any_die() -> None:
    m = match(
        dice={"free": ["muster", "event"], "shadow": ["army"]},
        fellowship={"region": "hollin", "progress": 0, "revealed": True, "guide": "strider"},
    )
    assert {"hide-strider muster", "hide-strider event"} <= set(offered(m.state, "free"))
    act(m, "free", "hide-strider muster")
    assert not m.state["fellowship"]["revealed"] and m.state["hunt_box"]["free"] == 0


def test_a_hidden_fellowship_cannot_be_hidden_again() -> None:
    m = match(dice=MOVE, fellowship=HOLLIN)
    forbidden(m, "free", "hide character")


def test_moving_adds_one_progress_keeps_the_figure_and_puts_the_die_in_the_hunt_box() -> None:
    m = match(dice=MOVE, hunt_box={"shadow": 1}, fellowship={"region": "hollin", "progress": 2})
    with scripted(("hunt_die", 3)):
        act(m, "free", "move-fellowship character")
    fs = m.state["fellowship"]
    assert (fs["region"], fs["progress"], fs["revealed"]) == ("hollin", 3, False)
    assert m.state["hunt_box"] == {"shadow": 1, "free": 1}


# -- §15.2 the Hunt roll (§19 items 10, 12) -------------------------------------------------------------
def test_no_shadow_die_in_the_hunt_box_means_no_hunt_roll() -> None:
    m = match(dice=MOVE, hunt_box={"shadow": 0, "free": 2}, fellowship=HOLLIN)
    act(m, "free", "move-fellowship character")
    assert not events(m.state, "hunt_rolled") and not events(m.state, "hunt_tile")


def test_hunt_rerolls_get_the_same_bonus_per_free_peoples_die_in_the_box() -> None:
    m = match(
        dice=MOVE,
        hunt_box={"shadow": 1, "free": 1},
        fellowship={"region": "moria", "progress": 0},
    )
    with scripted(("hunt_die", 2), ("hunt_reroll", 5), ("hunt_tile", "0r_1")):
        act(m, "free", "move-fellowship character")
    rolled = events(m.state, "hunt_rolled")[0]
    assert rolled["rerolls"] == [5] and rolled["successes"] == 1  # 5 + 1 hits on a re-roll too


def test_the_fellowships_location_is_the_ring_bearers_figure_not_its_progress() -> None:
    # Two regions away from Moria by Progress, the figure still stands there: Moria's re-rolls.
    m = match(dice=MOVE, hunt_box={"shadow": 2}, fellowship={"region": "moria", "progress": 2})
    with scripted(("hunt_die", 2), ("hunt_die", 2), ("hunt_reroll", 2), ("hunt_reroll", 2)):
        act(m, "free", "move-fellowship character")
    assert len(events(m.state, "hunt_rolled")[0]["rerolls"]) == 2  # Stronghold + Shadow units
    plain = match(dice=MOVE, hunt_box={"shadow": 2}, fellowship={"region": "hollin", "progress": 2})
    with scripted(("hunt_die", 2), ("hunt_die", 2)):
        act(plain, "free", "move-fellowship character")
    assert events(plain.state, "hunt_rolled")[0]["rerolls"] == []


def test_free_peoples_dice_in_the_hunt_box_come_back_in_phase_one() -> None:
    m = match(dice={"free": ["character"], "shadow": []}, hunt_box={"shadow": 0, "free": 2})
    act(m, "free", "move-fellowship character")
    assert m.state["turn"]["number"] == 2 and m.state["hunt_box"]["free"] == 0
    assert m.state["turn"]["returned"]


# -- §15.1 the Hunt Pool ------------------------------------------------------------------------------
def test_an_empty_pool_is_refilled_with_the_standard_tiles_not_removed_for_good() -> None:
    m = match(
        dice=MOVE,
        hunt_box={"shadow": 1},
        fellowship=HOLLIN,
        hunt={"pool": [], "drawn": STANDARD, "removed": ["3_1"]},
    )
    with scripted(("hunt_die", 6), ("hunt_tile", "0r_1")):
        act(m, "free", "move-fellowship character")
    assert events(m.state, "hunt_pool_refilled") == [{"tiles": 15}]
    assert "3_1" not in m.state["hunt"]["pool"] and "0r_1" in m.state["hunt"]["drawn"]


def test_a_drawn_tile_is_set_aside_out_of_the_pool() -> None:
    m = match(dice=MOVE, hunt_box={"shadow": 1}, fellowship=HOLLIN)
    with scripted(("hunt_die", 6), ("hunt_tile", "1_2")):
        act(m, "free", "move-fellowship character")
    assert "1_2" in m.state["hunt"]["drawn"] and "1_2" not in m.state["hunt"]["pool"]
    assert len(m.state["hunt"]["pool"]) == 15


def test_a_negative_special_tile_heals_corruption_and_deals_no_damage() -> None:
    m = match(
        dice=MOVE,
        fellowship={"region": None, "mordor": 1, "corruption": 3},
        hunt={"pool": ["phial", "3_1"]},
    )
    with scripted(("hunt_tile", "phial")):
        act(m, "free", "move-fellowship character")
    fs = m.state["fellowship"]
    assert fs["corruption"] == 1 and fs["mordor"] == 2 and step(m.state) == "act"


def test_shelobs_lair_deals_a_die_roll_and_stops_the_fellowship() -> None:
    m = match(
        dice=MOVE,
        fellowship={"region": None, "mordor": 2, "companions": []},
        hunt={"pool": ["shelobs_lair"]},
    )
    with scripted(("hunt_tile", "shelobs_lair"), ("shelob_die", 4)):
        act(m, "free", "move-fellowship character")
    assert events(m.state, "hunt_tile")[0]["damage"] == 4 and m.state["fellowship"]["mordor"] == 2


# -- §15.3 / §15.4 damage --------------------------------------------------------------------------------
def test_a_companion_is_eliminated_even_when_his_level_exceeds_the_damage() -> None:
    m = match(dice=MOVE, hunt_box={"shadow": 1}, fellowship=HOLLIN)
    with scripted(("hunt_die", 6), ("hunt_tile", "1_1")):
        act(m, "free", "move-fellowship character")
    act(m, "free", "casualty guide")
    assert "gandalf_grey" in m.state["eliminated"] and m.state["fellowship"]["corruption"] == 0
    assert step(m.state) == "act"


def test_a_random_casualty_is_drawn_from_every_companion_the_guide_included() -> None:
    m = match(dice=MOVE, hunt_box={"shadow": 1}, fellowship=HOLLIN)
    with scripted(("hunt_die", 6), ("hunt_tile", "2_1")):
        act(m, "free", "move-fellowship character")
    with scripted(("random_hunt_casualty", "gandalf_grey")):
        act(m, "free", "casualty random")
    fs = m.state["fellowship"]
    assert "gandalf_grey" in m.state["eliminated"] and fs["guide"] == "strider" and fs["corruption"] == 0


def test_a_new_guide_may_use_his_ability_at_once_after_the_casualty() -> None:
    m = match(
        dice=MOVE,
        hunt_box={"shadow": 1},
        fellowship={**HOLLIN, "companions": ["boromir", "meriadoc"], "guide": "boromir"},
    )
    with scripted(("hunt_die", 6), ("hunt_tile", "3_1")):
        act(m, "free", "move-fellowship character")
    act(m, "free", "casualty guide")  # Boromir takes 2 of the 3
    assert m.state["fellowship"]["guide"] == "meriadoc"
    menu = offered(m.state, "free")
    assert "ability meriadoc" in menu and not any(a.startswith("casualty") for a in menu)
    act(m, "free", "ability meriadoc")
    assert m.state["fellowship"]["corruption"] == 0 and m.state["fellowship"]["companions"] == []


def test_the_reveal_icon_reveals_the_fellowship_after_the_damage() -> None:
    m = match(dice=MOVE, hunt_box={"shadow": 1}, fellowship=HOLLIN)
    with scripted(("hunt_die", 6), ("hunt_tile", "1r_1")):
        act(m, "free", "move-fellowship character")
    assert not m.state["fellowship"]["revealed"]  # damage first
    act(m, "free", "corruption 1")
    assert m.state["fellowship"]["revealed"] and m.state["fellowship"]["corruption"] == 1


def test_a_revealed_fellowship_may_end_in_a_town_but_not_in_a_free_city_or_stronghold() -> None:
    m = match(dice=MOVE, hunt_box={"shadow": 1}, fellowship={"region": "buckland", "progress": 0})
    with scripted(("hunt_die", 6), ("hunt_tile", "0r_1")):
        act(m, "free", "move-fellowship character")
    menu = offered(m.state, "free")
    assert "reveal-to bree" in menu  # a Town
    assert "reveal-to the_shire" not in menu  # a Free Peoples City
    assert not R.is_legal(m.state, "free", Action("reveal-to", ("the_shire",)))


def test_a_revealed_fellowship_may_end_in_a_free_city_the_shadow_holds() -> None:
    m = match(
        dice=MOVE,
        hunt_box={"shadow": 1},
        fellowship={"region": "buckland", "progress": 0},
        control={"the_shire": "shadow"},
    )
    with scripted(("hunt_die", 6), ("hunt_tile", "0r_1")):
        act(m, "free", "move-fellowship character")
    assert "reveal-to the_shire" in offered(m.state, "free")


# -- Gollum (§9.2, §19 item 21) -------------------------------------------------------------------------
def test_with_gollum_guiding_a_numbered_standard_tile_does_not_reveal() -> None:
    m = match(dice=MOVE, hunt_box={"shadow": 1}, fellowship={**HOLLIN, "companions": []})
    with scripted(("hunt_die", 6), ("hunt_tile", "1r_1")):
        act(m, "free", "move-fellowship character")
    act(m, "free", "corruption 1")
    assert not m.state["fellowship"]["revealed"]


def test_with_gollum_guiding_an_eye_tile_still_reveals() -> None:
    m = match(dice=MOVE, hunt_box={"shadow": 1}, fellowship={**HOLLIN, "companions": []})
    with scripted(("hunt_die", 6), ("hunt_tile", "eye_2")):
        act(m, "free", "move-fellowship character")
    assert "ability gollum" not in offered(m.state, "free")  # it reveals already
    assert m.state["fellowship"]["revealed"] and m.state["fellowship"]["corruption"] == 1


# -- §16 the Mordor Track (§19 item 22) -------------------------------------------------------------------
def test_on_the_mordor_track_a_hobbit_guide_leaving_for_minus_one_is_eliminated() -> None:
    m = match(
        dice=MOVE,
        fellowship={"region": None, "mordor": 1, "companions": ["meriadoc"], "guide": "meriadoc"},
    )
    with scripted(("hunt_tile", "2_1")):
        act(m, "free", "move-fellowship character")
    act(m, "free", "ability meriadoc")
    assert "meriadoc" in m.state["eliminated"] and "meriadoc" not in m.state["characters"]
    assert m.state["fellowship"]["corruption"] == 1 and m.state["fellowship"]["guide"] == "gollum"


def test_take_them_alive_does_not_save_a_hobbit_lost_on_the_mordor_track() -> None:
    m = match(
        dice=MOVE,
        fellowship={"region": None, "mordor": 1, "companions": ["meriadoc", "peregrin"], "guide": "peregrin"},
    )
    with scripted(("hunt_tile", "1_1")):
        act(m, "free", "move-fellowship character")
    act(m, "free", "casualty guide")
    assert "peregrin" in m.state["eliminated"] and "peregrin" not in m.state["characters"]


def test_the_mordor_eye_counts_every_die_in_the_box_with_no_five_dice_cap() -> None:
    m = match(dice=MOVE, hunt_box={"shadow": 6, "free": 1}, fellowship={"region": None, "mordor": 0})
    with scripted(("hunt_tile", "eye_1")):
        act(m, "free", "move-fellowship character")
    assert events(m.state, "hunt_tile")[0]["damage"] == 7
    assert m.state["fellowship"]["progress"] == 0  # Progress is no longer counted


def test_on_the_mordor_track_a_revealed_fellowship_must_hide_before_moving() -> None:
    m = match(dice=MOVE, fellowship={"region": None, "mordor": 2, "revealed": True})
    forbidden(m, "free", "move-fellowship character")
    act(m, "free", "hide character")
    assert "move-fellowship muster" not in offered(m.state, "free")


def test_a_reveal_on_the_mordor_track_only_flips_the_counter() -> None:
    m = match(dice=MOVE, fellowship={"region": None, "mordor": 2})
    with scripted(("hunt_tile", "0r_2")):
        act(m, "free", "move-fellowship character")
    fs = m.state["fellowship"]
    assert fs["revealed"] and fs["mordor"] == 3 and fs["region"] is None and step(m.state) == "act"


def test_trying_to_hide_on_the_mordor_track_spares_the_idle_corruption() -> None:
    m = match(
        dice={"free": ["character"], "shadow": []}, fellowship={"region": None, "mordor": 1, "revealed": True}
    )
    act(m, "free", "hide character")
    assert m.state["turn"]["number"] == 2
    assert not events(m.state, "corrupted") and m.state["fellowship"]["corruption"] == 0


def test_moving_on_the_mordor_track_spares_the_idle_corruption() -> None:
    m = match(dice={"free": ["character"], "shadow": ["army"]}, fellowship={"region": None, "mordor": 1})
    with scripted(("hunt_tile", "0r_1")):
        act(m, "free", "move-fellowship character")
    act(m, "shadow", "skip army")
    assert m.state["turn"]["number"] == 2
    assert not [e for e in events(m.state, "corrupted") if e["why"] == "idle_in_mordor"]


def test_the_fellowship_on_the_mordor_track_is_in_no_region() -> None:
    from games.war_of_the_ring.hunt import rerolls

    m = match(
        dice=MOVE,
        fellowship={"region": None, "mordor": 0},
        armies={"gorgoroth": {"sauron": "3R 1L"}},
    )
    assert rerolls(m.state, "gorgoroth") == 2  # Gorgoroth has them...
    with scripted(("hunt_tile", "1_1")):
        act(m, "free", "move-fellowship character")
    assert not events(m.state, "hunt_rolled")  # ...but no Hunt roll, no re-roll on the track
