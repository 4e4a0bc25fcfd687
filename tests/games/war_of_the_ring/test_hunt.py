"""The Hunt for the Ring (§15) and the Mordor Track (§16), on positions with scripted dice."""

from __future__ import annotations

from games.core.chance import scripted
from games.war_of_the_ring.characters import reach
from games.war_of_the_ring.ruleset import WAR_OF_THE_RING as R

from .helpers import act, events, match, offered, step

HOLLIN = {"region": "hollin", "progress": 0}


def test_a_hunt_die_hits_on_six_with_one_more_per_free_peoples_die_in_the_box() -> None:
    m = match(
        dice={"free": ["character"], "shadow": ["army"]}, hunt_box={"shadow": 2, "free": 1}, fellowship=HOLLIN
    )
    with scripted(("hunt_die", 5), ("hunt_die", 2), ("hunt_tile", "2_1")):
        act(m, "free", "move-fellowship character")
    (rolled,) = events(m.state, "hunt_rolled")
    assert rolled["successes"] == 1 and rolled["bonus"] == 1
    assert m.state["fellowship"]["progress"] == 1
    assert events(m.state, "hunt_tile")[0]["damage"] == 2


def test_a_natural_one_always_fails_the_hunt() -> None:
    m = match(
        dice={"free": ["character"], "shadow": ["army"]}, hunt_box={"shadow": 1, "free": 4}, fellowship=HOLLIN
    )
    with scripted(("hunt_die", 1)):
        act(m, "free", "move-fellowship character")
    assert events(m.state, "hunt_rolled")[0]["successes"] == 0
    assert not events(m.state, "hunt_tile")
    assert m.state["hunt_box"]["free"] == 5  # the moving die joined the box


def test_the_hunt_rolls_at_most_five_dice() -> None:
    m = match(dice={"free": ["character"], "shadow": ["army"]}, hunt_box={"shadow": 7}, fellowship=HOLLIN)
    with scripted(*[("hunt_die", 2)] * 5):
        act(m, "free", "move-fellowship character")
    assert len(events(m.state, "hunt_rolled")[0]["dice"]) == 5


def test_rerolls_for_a_shadow_stronghold_units_and_nazgul_in_the_fellowships_region() -> None:
    # Moria: a Shadow Stronghold with 2 Regulars; add a Nazgûl: three re-rolls.
    m = match(
        dice={"free": ["character"], "shadow": ["army"]},
        hunt_box={"shadow": 3},
        fellowship={"region": "moria", "progress": 0},
        add={"moria": {"sauron": "1L"}},
    )
    with scripted(
        *[("hunt_die", 2)] * 3,
        ("hunt_reroll", 6),
        ("hunt_reroll", 3),
        ("hunt_reroll", 4),
        ("hunt_tile", "1_1"),
    ):
        act(m, "free", "move-fellowship character")
    rolled = events(m.state, "hunt_rolled")[0]
    assert len(rolled["rerolls"]) == 3 and rolled["successes"] == 1


def test_an_eye_tile_deals_one_damage_per_success() -> None:
    m = match(dice={"free": ["character"], "shadow": ["army"]}, hunt_box={"shadow": 3}, fellowship=HOLLIN)
    with scripted(("hunt_die", 6), ("hunt_die", 6), ("hunt_die", 3), ("hunt_tile", "eye_1")):
        act(m, "free", "move-fellowship character")
    assert events(m.state, "hunt_tile")[0]["damage"] == 2
    assert step(m.state) == "hunt_damage"
    act(m, "free", "corruption 2")
    assert m.state["fellowship"]["corruption"] == 2
    assert m.state["fellowship"]["revealed"]  # the Eye tile has the Reveal icon


def test_the_guide_as_casualty_absorbs_his_level() -> None:
    m = match(dice={"free": ["character"], "shadow": ["army"]}, hunt_box={"shadow": 1}, fellowship=HOLLIN)
    with scripted(("hunt_die", 6), ("hunt_tile", "3_1")):
        act(m, "free", "move-fellowship character")
    assert "casualty guide" in offered(m.state, "free") and "casualty random" in offered(m.state, "free")
    act(m, "free", "casualty guide")
    fs = m.state["fellowship"]
    assert "gandalf_grey" in m.state["eliminated"] and "gandalf_grey" not in fs["companions"]
    assert fs["corruption"] == 0 and fs["guide"] == "strider"  # level 3 took the 3 damage
    assert step(m.state) == "act"


def test_only_one_companion_is_lost_to_one_hunt() -> None:
    m = match(dice={"free": ["character"], "shadow": ["army"]}, hunt_box={"shadow": 1}, fellowship=HOLLIN)
    with scripted(("hunt_die", 6), ("hunt_tile", "3_1")):
        act(m, "free", "move-fellowship character")
    with scripted(("random_hunt_casualty", "peregrin")):
        act(m, "free", "casualty random")
    # Take Them Alive!: Pippin is placed as if separated, not killed; 2 damage remain.
    assert m.state["characters"]["peregrin"]["region"] == "hollin"
    assert not any(a.startswith("casualty") for a in offered(m.state, "free"))


def test_a_hobbit_guide_may_leave_to_reduce_the_damage_by_one() -> None:
    m = match(
        dice={"free": ["character"], "shadow": ["army"]},
        hunt_box={"shadow": 1},
        fellowship={**HOLLIN, "companions": ["meriadoc", "peregrin"], "guide": "meriadoc"},
    )
    with scripted(("hunt_die", 6), ("hunt_tile", "1_1")):
        act(m, "free", "move-fellowship character")
    act(m, "free", "ability meriadoc")
    assert m.state["fellowship"]["corruption"] == 0
    assert m.state["characters"]["meriadoc"]["region"] == "hollin"
    assert m.state["fellowship"]["guide"] == "peregrin"


def test_a_hobbit_who_leaves_moves_on_as_if_separated_up_to_progress_plus_one() -> None:
    m = match(
        dice={"free": ["character"], "shadow": ["army"]},
        hunt_box={"shadow": 1},
        fellowship={**HOLLIN, "companions": ["meriadoc", "peregrin", "gimli"], "guide": "meriadoc"},
    )
    with scripted(("hunt_die", 6), ("hunt_tile", "2_1")):
        act(m, "free", "move-fellowship character")
    act(m, "free", "ability meriadoc")
    # Progress 1 + Level 1: he stays in Hollin or goes up to two regions, before the rest of the damage
    menu = offered(m.state, "free")
    assert set(menu) == {"hobbit-to hollin", *(f"hobbit-to {r}" for r in reach(m.state, "hollin", 2, "free"))}
    assert "hobbit-to bree" in menu and "hobbit-to edoras" not in menu
    assert R.prompt(m.state, "free").title == "The Hunt: where does Meriadoc Brandybuck go?"
    act(m, "free", "hobbit-to bree")
    assert m.state["characters"]["meriadoc"] == {"region": "bree", "inside": False}
    assert events(m.state, "companions_moved")[-1] == {
        "companions": ["meriadoc"],
        "from": "hollin",
        "to": "bree",
    }
    assert "corruption 1" in offered(m.state, "free")  # one damage is still to take


def test_take_them_alive_lets_the_hobbit_move_on_too() -> None:
    m = match(dice={"free": ["character"], "shadow": ["army"]}, hunt_box={"shadow": 1}, fellowship=HOLLIN)
    with scripted(("hunt_die", 6), ("hunt_tile", "3_1")):
        act(m, "free", "move-fellowship character")
    with scripted(("random_hunt_casualty", "peregrin")):
        act(m, "free", "casualty random")
    assert "hobbit-to south_downs" in offered(m.state, "free")
    act(m, "free", "hobbit-to south_downs")
    assert m.state["characters"]["peregrin"]["region"] == "south_downs"
    # the Fellowship changed, and Gandalf and Strider share its highest Level: who guides it now?
    assert offered(m.state, "free") == ["guide gandalf_grey", "guide strider"]
    act(m, "free", "guide strider")
    assert m.state["fellowship"]["corruption"] == 2  # the rest, with no other way to take it
    assert R.active(m.state) == {"shadow"}  # asked once: not again when the action ends


def test_a_revealed_fellowship_moves_up_to_its_progress_but_never_into_a_free_refuge() -> None:
    m = match(
        dice={"free": ["character"], "shadow": ["army"]},
        hunt_box={"shadow": 1},
        fellowship={"region": "trollshaws", "progress": 1},
    )
    with scripted(("hunt_die", 6), ("hunt_tile", "0r_1")):
        act(m, "free", "move-fellowship character")  # progress 2, 0 damage, Reveal
    choices = offered(m.state, "free")
    assert "reveal-to rivendell" not in choices  # a Free Peoples Stronghold
    assert "reveal-to hollin" in choices and "reveal-to trollshaws" in choices
    act(m, "free", "reveal-to hollin")
    fs = m.state["fellowship"]
    assert fs["region"] == "hollin" and fs["progress"] == 0 and fs["revealed"]
    assert "move-fellowship character" not in offered(m.state, "free")


def test_on_the_mordor_track_a_tile_is_drawn_at_once_and_the_eye_counts_every_die_in_the_box() -> None:
    m = match(
        dice={"free": ["character"], "shadow": ["army"]},
        hunt_box={"shadow": 2, "free": 1},
        fellowship={"region": None, "mordor": 1, "progress": 0},
    )
    with scripted(("hunt_tile", "eye_2")):
        act(m, "free", "move-fellowship character")
    assert not events(m.state, "hunt_rolled")
    assert events(m.state, "hunt_tile")[0]["damage"] == 3
    assert m.state["fellowship"]["mordor"] == 2


def test_a_stop_tile_holds_the_fellowship_on_its_mordor_step() -> None:
    m = match(dice={"free": ["character"], "shadow": ["army"]}, fellowship={"region": None, "mordor": 2})
    m.state["hunt"]["pool"].append("on_on_they_went")
    with scripted(("hunt_tile", "on_on_they_went")):
        act(m, "free", "move-fellowship character")
    assert m.state["fellowship"]["mordor"] == 2


def test_the_ring_is_destroyed_after_the_fifth_mordor_step() -> None:
    m = match(
        dice={"free": ["character"], "shadow": ["army"]},
        fellowship={"region": None, "mordor": 4, "corruption": 5},
    )
    with scripted(("hunt_tile", "1_1")):
        act(m, "free", "move-fellowship character")
    act(m, "free", "corruption 1")
    assert m.state["result"]["winners"] == ["free"] and m.state["result"]["reason"] == "ring_destroyed"


def test_twelve_corruption_loses_even_on_the_last_step() -> None:
    m = match(
        dice={"free": ["character"], "shadow": ["army"]},
        fellowship={"region": None, "mordor": 4, "corruption": 10, "companions": []},
    )
    with scripted(("hunt_tile", "2_1")):
        act(m, "free", "move-fellowship character")
    assert offered(m.state, "free") == ["ability gollum", "corruption 2"]  # Gollum guides now
    act(m, "free", "corruption 2")
    assert m.state["result"]["winners"] == ["shadow"]


def test_gollum_may_reveal_the_fellowship_to_reduce_the_damage_by_one() -> None:
    m = match(
        dice={"free": ["character"], "shadow": ["army"]},
        hunt_box={"shadow": 1},
        fellowship={**HOLLIN, "companions": []},
    )
    with scripted(("hunt_die", 6), ("hunt_tile", "2_1")):
        act(m, "free", "move-fellowship character")
    act(m, "free", "ability gollum")
    assert m.state["fellowship"]["corruption"] == 1 and m.state["fellowship"]["revealed"]


def test_a_reveal_in_a_shadow_stronghold_draws_one_more_tile_worth_no_eye() -> None:
    m = match(
        dice={"free": ["character"], "shadow": ["army"]},
        hunt_box={"shadow": 1},
        fellowship={"region": "moria", "progress": 0},
    )
    # Progress 1 after the move; the reveal sends the figure into (or keeps it in) Moria.
    with scripted(("hunt_die", 6), ("hunt_tile", "0r_1")):
        act(m, "free", "move-fellowship character")
    with scripted(("hunt_tile", "eye_1")):
        act(m, "free", "reveal-to moria")
    tiles = events(m.state, "hunt_tile")
    assert [t["tile"] for t in tiles] == ["0r_1", "eye_1"] and tiles[1]["damage"] == 0
    assert step(m.state) == "act" and m.state["hunt_box"]["free"] == 1


def test_the_reveal_path_avoids_shadow_strongholds_when_it_can() -> None:
    from games.war_of_the_ring.hunt import fewest_strongholds

    state = match().state
    assert fewest_strongholds(state, "hollin", "dimrill_dale", 2) == 1  # only through Moria
    assert fewest_strongholds(state, "hollin", "trollshaws", 1) == 0
    assert fewest_strongholds(state, "hollin", "trollshaws", 3) == 0  # never needs Moria
    state["control"]["rivendell"] = "shadow"
    assert fewest_strongholds(state, "trollshaws", "fords_of_bruinen", 2) == 0  # not via Rivendell
    assert fewest_strongholds(state, "trollshaws", "rivendell", 1) == 1
    assert fewest_strongholds(state, "moria", "moria", 0) == 1
    assert fewest_strongholds(state, "hollin", "moria", 1) == 1
