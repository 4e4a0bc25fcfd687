"""Rule coverage: set-up (§3), the turn (§4), action dice (§5), Elven Rings (§6), drawing and the
hand limit (§7.1), the Fellowship phase (§14.5, §14.7) and victory (§17), with §19 items 1-10,
13, 16 and 54. Each test is named after the rule it checks (see
docs/dev/war_of_the_ring_rule_coverage.md)."""

from __future__ import annotations

from typing import Any

from games.core import Action, Match, State, dump
from games.core.chance import scripted
from games.war_of_the_ring import dice
from games.war_of_the_ring.board import vp
from games.war_of_the_ring.data import BASE_CARDS, TILES
from games.war_of_the_ring.ruleset import WAR_OF_THE_RING as R
from games.war_of_the_ring.turn import next_phase

from .helpers import act, events, forbidden, match, offered, position, step
from .test_battle import attack, battle_match, combat


def in_phase(done: str, **described: Any) -> State:
    """A position (no dice left) moved on to the phase after ``done``."""
    state = position(**described)
    state["turn"]["phase"] = done
    next_phase(state, done)
    return state


# -- §3 set-up --------------------------------------------------------------------------------------
def test_setup_puts_the_hidden_ring_bearers_in_rivendell_with_gandalf_guiding_seven_companions() -> None:
    state = R.setup(3, {}, 2)
    fs = state["fellowship"]
    assert (fs["region"], fs["progress"], fs["revealed"], fs["corruption"], fs["mordor"]) == (
        "rivendell",
        0,
        False,
        0,
        None,
    )
    assert len(fs["companions"]) == 7 and fs["guide"] == "gandalf_grey"
    assert state["characters"] == {}  # Minions, Aragorn, Gandalf the White and Gollum set aside
    assert state["rings"]["free"] == 3 and state["rings"]["shadow"] == 0
    pool = state["hunt"]["pool"]
    assert len(pool) == 16 and all(TILES[t].side is None for t in pool)  # standard tiles only
    assert vp(state, "free") == 0 and vp(state, "shadow") == 0


def test_the_free_peoples_start_with_four_dice_and_the_shadow_with_seven() -> None:
    state = R.setup(3, {}, 2)
    assert dice.pool_size(state, "free") == 4 and dice.pool_size(state, "shadow") == 7


# -- §5.1 dice pools ----------------------------------------------------------------------------------
def test_each_minion_in_play_gives_the_shadow_a_die_up_to_ten() -> None:
    state = position(
        characters={"saruman": "orthanc", "witch_king": "minas_morgul", "mouth_of_sauron": "barad_dur"}
    )
    assert dice.pool_size(state, "shadow") == 10


def test_aragorn_and_gandalf_the_white_each_give_the_free_peoples_a_die() -> None:
    state = position(characters={"aragorn": "minas_tirith", "gandalf_white": "fangorn"})
    assert dice.pool_size(state, "free") == 6


def test_the_extra_die_is_lost_with_the_character_who_gave_it() -> None:
    state = position(characters={"gandalf_white": "fangorn"}, eliminated=["aragorn", "witch_king"])
    assert dice.pool_size(state, "free") == 5  # Aragorn is gone, the White still gives his die
    assert dice.pool_size(state, "shadow") == 7


def test_a_die_lost_in_the_turn_is_kept_until_the_next_recovery() -> None:
    # The Witch-king dies in battle: the Shadow's dice of this turn stay; from now on he rolls 7.
    m = battle_match(
        {"osgiliath": {"gondor": "4R"}, "dead_marshes": {"sauron": "1R"}},
        acting="free",
        dice={"free": ["army_muster"], "shadow": ["muster", "muster"]},
        characters={"witch_king": "dead_marshes"},
    )
    with scripted(*combat((5, 1, 1, 1), (1,), defender_rerolls=(1,), attacking="free")):
        attack(m, "free", "osgiliath", "dead_marshes", "go")
    assert "witch_king" in m.state["eliminated"]
    assert m.state["dice"]["shadow"]["rolled"] == ["muster", "muster"]
    assert dice.pool_size(m.state, "shadow") == 7


# -- §5.2 die faces -----------------------------------------------------------------------------------
def test_the_free_peoples_die_has_two_character_faces_and_no_pure_army_face() -> None:
    free, shadow = dice.FACES["free"], dice.FACES["shadow"]
    assert sorted(free) == sorted(["character", "character", "muster", "army_muster", "event", "will"])
    assert sorted(shadow) == sorted(["character", "army", "muster", "army_muster", "event", "eye"])


# -- §4 phase 1: recover and draw (§7.1) ------------------------------------------------------------------
def test_phase_one_draws_one_card_from_each_deck_and_a_hand_over_six_is_cut_at_once() -> None:
    six = ["fpc_01", "fpc_02", "fpc_03", "fps_01", "fps_02", "fps_03"]
    m = match(dice={"free": ["muster"], "shadow": []}, hands={"free": six})
    act(m, "free", "skip muster")  # the turn ends: turn 2, phase 1
    assert m.state["turn"]["number"] == 2
    hand = m.state["hands"]["free"]
    assert len(hand) == 8 and {c[:3] for c in hand[6:]} == {"fpc", "fps"}
    assert len(m.state["hands"]["shadow"]) == 2
    assert step(m.state) == "discard" and R.prompt(m.state, "free").kind == "discard"
    assert R.prompt(m.state, "shadow").kind != "discard"  # only the player over the limit
    act(m, "free", "discard fpc_01")
    assert step(m.state) == "discard"
    act(m, "free", "discard fps_01")
    assert len(m.state["hands"]["free"]) == 6
    assert {"fpc_01", "fps_01"} <= set(m.state["discards"]["free"])
    assert step(m.state) != "discard"


def test_an_empty_deck_is_not_reshuffled_and_the_other_deck_still_draws() -> None:
    characters = sorted(c for c in BASE_CARDS if c.startswith("fpc"))
    m = match(dice={"free": ["muster"], "shadow": []}, discards={"free": characters})
    act(m, "free", "skip muster")
    hand = m.state["hands"]["free"]
    assert len(hand) == 1 and hand[0].startswith("fps")
    assert m.state["decks"]["free_character"] == [] and len(m.state["discards"]["free"]) == 24


# -- §4 phase 3: Hunt allocation (§19 items 8, 9) -----------------------------------------------------------
def test_the_shadow_may_always_allocate_one_die_even_with_no_companion_left() -> None:
    state = in_phase("fellowship", fellowship={"companions": [], "guide": "gollum"})
    assert step(state) == "allocate_hunt"
    assert offered(state, "shadow") == ["hunt 0", "hunt 1"]


def test_the_ring_bearers_are_not_a_companion_for_the_allocation_limit() -> None:
    state = in_phase("fellowship", fellowship={"companions": ["gimli", "legolas"], "guide": "gimli"})
    assert offered(state, "shadow") == ["hunt 0", "hunt 1", "hunt 2"]
    m = Match(R, state)
    forbidden(m, "shadow", "hunt 3")


# -- §6 Elven Rings (§19 items 1-3) -------------------------------------------------------------------
def test_a_ring_changes_one_die_and_then_any_die_may_take_the_action() -> None:
    m = match(dice={"free": ["muster", "event"], "shadow": ["army", "army"]})
    act(m, "free", "ring muster character")
    assert sorted(m.state["dice"]["free"]["rolled"]) == ["character", "event"]
    assert "skip event" in offered(m.state, "free")  # not necessarily the changed die
    act(m, "free", "skip event")
    assert m.state["stack"][-1]["side"] == "shadow"


def test_a_ring_never_turns_a_will_of_the_west() -> None:
    m = match(dice={"free": ["will"], "shadow": ["army"]})
    assert not any(a.startswith("ring will") for a in offered(m.state, "free"))
    forbidden(m, "free", "ring will character")


def test_a_free_peoples_ring_can_never_make_a_will_of_the_west() -> None:
    m = match(dice={"free": ["muster", "event"], "shadow": ["army"]})
    for face in ("muster", "event"):
        forbidden(m, "free", f"ring {face} will")


def test_a_shadow_ring_eye_goes_to_the_hunt_box_and_is_not_his_action() -> None:
    m = match(
        dice={"free": ["muster"], "shadow": ["army", "muster"]},
        rings={"free": 2, "shadow": 1},
        acting="shadow",
    )
    act(m, "shadow", "ring army eye")
    assert m.state["hunt_box"]["shadow"] == 1
    assert step(m.state) == "act" and m.state["stack"][-1]["side"] == "shadow"  # he acts now
    assert "skip muster" in offered(m.state, "shadow")


def test_the_shadow_too_uses_only_one_ring_a_turn_and_it_is_then_gone() -> None:
    m = match(
        dice={"free": ["muster"], "shadow": ["army", "muster"]},
        rings={"free": 1, "shadow": 2},
        acting="shadow",
    )
    act(m, "shadow", "ring army character")
    assert m.state["rings"] == {"free": 1, "shadow": 1, "used": ["shadow"]}  # not handed back
    assert not any(a.startswith("ring ") for a in offered(m.state, "shadow"))
    forbidden(m, "shadow", "ring muster event")


def test_the_ring_limit_is_per_player_the_free_peoples_ring_leaves_the_shadow_his() -> None:
    m = match(dice={"free": ["muster"], "shadow": ["army", "muster"]}, rings={"free": 1, "shadow": 1})
    act(m, "free", "ring muster character")
    act(m, "free", "skip character")
    assert "ring army character" in offered(m.state, "shadow")


def test_a_ring_is_offered_again_in_the_next_turn() -> None:
    m = match(dice={"free": ["muster"], "shadow": []}, rings={"free": 2, "shadow": 0, "used": ["free"]})
    act(m, "free", "skip muster")
    assert m.state["rings"]["used"] == []


# -- §5.4 passing and skipping (§19 item 4) ------------------------------------------------------------
def test_a_die_may_be_skipped_with_no_effect_as_an_action() -> None:
    m = match(dice={"free": ["muster", "event"], "shadow": ["army"]})
    before = dump({k: m.state[k] for k in ("armies", "politics", "hands", "fellowship")})
    act(m, "free", "skip event")
    assert m.state["dice"]["free"]["rolled"] == ["muster"] and m.state["dice"]["free"]["used"] == ["event"]
    assert dump({k: m.state[k] for k in ("armies", "politics", "hands", "fellowship")}) == before
    assert m.state["stack"][-1]["side"] == "shadow"


def test_passing_is_refused_with_as_many_dice_as_the_opponent_or_more() -> None:
    m = match(dice={"free": ["muster", "event", "character"], "shadow": ["army", "muster"]})
    forbidden(m, "free", "pass")


# -- §4 phase 2: the Fellowship phase (§14.5, §14.7; §19 items 13, 16) ------------------------------------
def test_declaring_does_not_end_the_fellowship_phase_mordor_and_the_guide_may_follow() -> None:
    state = in_phase("recover", fellowship={"region": "dagorlad", "progress": 1})
    assert step(state) == "fellowship_phase"
    m = Match(R, state)
    act(m, "free", "declare morannon")
    assert step(m.state) == "fellowship_phase"
    menu = offered(m.state, "free")
    assert "mordor" in menu and "guide strider" in menu
    assert not any(a.startswith("declare") for a in menu)  # one declaration a turn
    act(m, "free", "mordor")
    assert m.state["fellowship"]["mordor"] == 0 and m.state["fellowship"]["region"] is None


def test_a_revealed_fellowship_cannot_be_declared() -> None:
    state = in_phase("recover", fellowship={"region": "hollin", "progress": 0, "revealed": True})
    m = Match(R, state)
    assert not any(a.startswith("declare") for a in offered(m.state, "free"))
    assert not R.is_legal(m.state, "free", Action("declare", ("hollin",)))


def test_declared_with_progress_zero_the_figure_stays_where_it_is() -> None:
    state = in_phase("recover", fellowship={"region": "rivendell", "progress": 0, "corruption": 2})
    m = Match(R, state)
    assert [a for a in offered(m.state, "free") if a.startswith("declare")] == ["declare rivendell"]
    assert not R.is_legal(m.state, "free", Action("declare", ("trollshaws",)))
    act(m, "free", "declare rivendell")
    assert m.state["fellowship"]["region"] == "rivendell" and m.state["fellowship"]["corruption"] == 1


def test_a_declaration_moves_the_figure_up_to_progress_and_draws_no_hunt_tile() -> None:
    state = in_phase("recover", fellowship={"region": "hollin", "progress": 2})
    m = Match(R, state)
    declared = {a.split()[1] for a in offered(m.state, "free") if a.startswith("declare")}
    assert "dimrill_dale" in declared and "moria" in declared and "lorien" not in declared  # 3 away
    pool = list(m.state["hunt"]["pool"])
    act(m, "free", "declare moria")  # a Shadow Stronghold: no tile for a declaration
    fs = m.state["fellowship"]
    assert (fs["region"], fs["progress"], fs["revealed"]) == ("moria", 0, False)
    assert not events(m.state, "hunt_tile") and m.state["hunt"]["pool"] == pool


def test_the_fellowship_may_declare_in_a_besieged_free_stronghold_and_heal_there() -> None:
    state = in_phase(
        "recover",
        fellowship={"region": "osgiliath", "progress": 1, "corruption": 2},
        armies={"minas_tirith": {"sauron": "4R"}},
        garrisons={"minas_tirith": {"gondor": "3R"}},
    )
    m = Match(R, state)
    act(m, "free", "declare minas_tirith")
    assert m.state["fellowship"]["region"] == "minas_tirith" and m.state["fellowship"]["corruption"] == 1
    assert m.state["politics"]["gondor"]["active"]


def test_declaring_in_a_captured_free_city_neither_heals_nor_rouses() -> None:
    state = in_phase(
        "recover",
        fellowship={"region": "westemnet", "progress": 1, "corruption": 2},
        control={"edoras": "shadow"},
    )
    m = Match(R, state)
    act(m, "free", "declare edoras")
    assert m.state["fellowship"]["corruption"] == 2 and not m.state["politics"]["rohan"]["active"]


def test_mordor_is_entered_only_from_minas_morgul_or_morannon() -> None:
    for region, ok in (("minas_morgul", True), ("morannon", True), ("gorgoroth", False), ("dagorlad", False)):
        state = in_phase("recover", fellowship={"region": region, "progress": 0})
        found = step(state) == "fellowship_phase" and "mordor" in offered(state, "free")
        assert found is ok, region
        if step(state) == "fellowship_phase":
            assert R.is_legal(state, "free", Action("mordor")) is ok


# -- §17 victory (§19 item 54) ------------------------------------------------------------------------
def test_the_free_peoples_win_at_four_victory_points_in_the_victory_check() -> None:
    m = match(dice={"free": ["muster"], "shadow": []}, control={"orthanc": "free", "barad_dur": "free"})
    act(m, "free", "skip muster")
    assert m.state["result"] == {
        "winners": ["free"],
        "reason": "military_victory",
        "args": {"side": "free", "vp": 4},
    }


def test_military_victory_is_checked_only_in_the_victory_phase() -> None:
    taken = {r: "shadow" for r in ("minas_tirith", "helms_deep", "lorien", "rivendell", "edoras")}
    m = match(
        dice={"free": ["muster", "muster"], "shadow": ["army"]},
        control=taken,
        armies={"west_harondor": {"sauron": "3R"}},
        politics={"sauron": {"steps": 0}},
    )
    act(m, "free", "skip muster")
    act(m, "shadow", "move-armies army", "to pelargir")  # its one Army is taken
    if step(m.state) != "act":
        act(m, "shadow", "go")
    assert vp(m.state, "shadow") == 10 and m.state["result"] is None  # not yet: phase 5 goes on
    act(m, "free", "skip muster")
    assert m.state["result"] is not None and m.state["result"]["winners"] == ["shadow"]


def test_a_ring_victory_ends_the_game_at_once_in_the_middle_of_the_actions() -> None:
    m = match(
        dice={"free": ["character", "muster"], "shadow": ["army", "army"]},
        hunt_box={"shadow": 1},
        fellowship={"region": "hollin", "progress": 0, "corruption": 10, "companions": []},
    )
    with scripted(("hunt_die", 6), ("hunt_tile", "2_1")):
        act(m, "free", "move-fellowship character")
    act(m, "free", "corruption 2")
    assert m.state["result"] is not None and m.state["result"]["reason"] == "ring_corrupted"
    assert m.state["dice"]["shadow"]["rolled"] == ["army", "army"]  # unused: the game is over


# -- §5.3 / §7.1 drawing with an Event die and the hand limit at all times ---------------------------------
def test_an_event_die_draws_from_the_other_deck_when_one_is_empty() -> None:
    characters = sorted(c for c in BASE_CARDS if c.startswith("fpc"))
    m = match(dice={"free": ["event"], "shadow": ["army"]}, discards={"free": characters})
    with scripted(("free_strategy_card", "fps_02")):
        act(m, "free", "draw event")  # nothing to choose: the Strategy deck
    assert m.state["hands"]["free"] == ["fps_02"] and m.state["stack"][-1]["side"] == "shadow"


def test_an_event_die_cannot_draw_when_both_decks_are_empty() -> None:
    every = sorted(c for c in BASE_CARDS if c.startswith(("fpc", "fps")))
    m = match(dice={"free": ["event"], "shadow": ["army"]}, discards={"free": every})
    forbidden(m, "free", "draw event")


def test_the_hand_limit_is_checked_at_once_when_an_event_die_draws_a_seventh_card() -> None:
    six = ["fpc_01", "fpc_02", "fpc_03", "fps_01", "fps_02", "fps_03"]
    m = match(dice={"free": ["event"], "shadow": ["army"]}, hands={"free": six})
    act(m, "free", "draw event")
    with scripted(("free_strategy_card", "fps_04")):
        act(m, "free", "deck strategy")
    assert R.prompt(m.state, "free").kind == "discard" and R.active(m.state) == {"free"}
    act(m, "free", "discard fps_04")
    assert m.state["hands"]["free"] == six and "fps_04" in m.state["discards"]["free"]
    assert step(m.state) == "act" and m.state["stack"][-1]["side"] == "shadow"
