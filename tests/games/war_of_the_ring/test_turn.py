"""The turn (§4), action dice (§5), Elven Rings (§6), the Fellowship phase (§14.3, §14.5, §16)
and military victory (§17)."""

from __future__ import annotations

import pytest

from games.core import IllegalAction, Match
from games.core.chance import scripted
from games.war_of_the_ring.ruleset import WAR_OF_THE_RING as R

from .helpers import act, events, match, offered, position, step


def test_the_game_starts_with_both_hands_dealt_and_the_fellowship_phase() -> None:
    state = R.setup(7, {}, 2)
    assert len(state["hands"]["free"]) == 2 and len(state["hands"]["shadow"]) == 2
    assert {c[:3] for c in state["hands"]["free"]} == {"fpc", "fps"}
    assert step(state) == "fellowship_phase"  # Strider may take over as Guide
    assert offered(state, "free") == ["guide strider", "done"]


def test_the_shadow_allocates_to_the_hunt_then_both_roll_and_eyes_join_the_box() -> None:
    state = R.setup(7, {}, 2)
    m = Match(R, state)
    act(m, "free", "done")
    assert step(m.state) == "allocate_hunt"
    assert offered(m.state, "shadow") == [f"hunt {n}" for n in range(0, 8)]  # 7 Companions
    faces_free = ["character", "will", "muster", "event"]
    faces_shadow = ["eye", "army", "muster", "eye", "character"]
    with scripted(
        *[("free_action_die", f) for f in faces_free], *[("shadow_action_die", f) for f in faces_shadow]
    ):
        act(m, "shadow", "hunt 2")
    assert m.state["hunt_box"]["shadow"] == 4
    assert m.state["dice"]["shadow"]["rolled"] == ["army", "muster", "character"]
    assert step(m.state) == "act" and m.state["stack"][-1]["side"] == "free"


def test_the_shadow_must_hunt_with_a_die_after_the_free_peoples_took_dice_back() -> None:
    m = match(
        dice={"free": ["character"], "shadow": []}, hunt_box={"shadow": 0}, fellowship={"region": "hollin"}
    )
    act(m, "free", "move-fellowship character")  # no Hunt dice: no roll; the die goes to the box
    # The turn is over (nobody has a die): turn 2 begins with the die taken back from the box.
    assert m.state["turn"]["number"] == 2 and m.state["turn"]["returned"]
    assert m.state["hunt_box"] == {"shadow": 0, "free": 0}
    act(m, "free", "done")  # the Fellowship phase: Strider may guide
    assert step(m.state) == "allocate_hunt"
    assert offered(m.state, "shadow")[0] == "hunt 1"


def test_a_player_may_pass_only_with_fewer_unused_dice() -> None:
    m = match(dice={"free": ["character"], "shadow": ["army", "muster"]}, fellowship={"region": "hollin"})
    assert "pass" in offered(m.state, "free")
    m2 = match(dice={"free": ["character", "muster"], "shadow": ["army", "muster"]})
    assert "pass" not in offered(m2.state, "free")
    with pytest.raises(IllegalAction):
        m2.submit("free", "pass")
    act(m, "free", "pass")
    assert m.state["stack"][-1]["side"] == "shadow"


def test_a_player_out_of_dice_lets_the_other_act_again_and_again() -> None:
    m = match(dice={"free": ["muster"], "shadow": ["army", "muster", "event"]})
    act(m, "free", "skip muster")
    act(m, "shadow", "skip army")
    assert m.state["stack"][-1]["side"] == "shadow"
    act(m, "shadow", "skip muster")
    assert m.state["stack"][-1]["side"] == "shadow"


def test_an_elven_ring_changes_a_die_and_passes_to_the_shadow() -> None:
    m = match(dice={"free": ["muster"], "shadow": ["army"]}, fellowship={"region": "hollin"})
    assert "ring muster will" not in offered(m.state, "free")  # never a Will of the West
    act(m, "free", "ring muster character")
    assert m.state["dice"]["free"]["rolled"] == ["character"]
    assert m.state["rings"] == {"free": 2, "shadow": 1, "used": ["free"]}
    assert not any(a.startswith("ring ") for a in offered(m.state, "free"))  # one per turn
    assert step(m.state) == "act" and m.state["stack"][-1]["side"] == "free"  # still his action


def test_a_shadow_ring_may_make_an_eye_that_goes_to_the_hunt_box() -> None:
    m = match(
        dice={"free": ["muster"], "shadow": ["army", "muster"]},
        rings={"free": 2, "shadow": 1},
        acting="shadow",
    )
    act(m, "shadow", "ring army eye")
    assert m.state["dice"]["shadow"]["rolled"] == ["muster"] and m.state["hunt_box"]["shadow"] == 1
    assert m.state["rings"]["shadow"] == 0


def test_declaring_in_a_free_refuge_heals_and_rouses_its_nation() -> None:
    state = position(fellowship={"region": "westemnet", "progress": 1, "corruption": 3})
    from games.war_of_the_ring.turn import next_phase

    state["turn"]["phase"] = "recover"
    next_phase(state, "recover")
    assert step(state) == "fellowship_phase"
    assert "declare edoras" in offered(state, "free")
    m = Match(R, state)
    act(m, "free", "declare edoras")
    assert m.state["fellowship"]["region"] == "edoras" and m.state["fellowship"]["corruption"] == 2
    assert m.state["politics"]["rohan"]["active"]
    assert not any(a.startswith("declare") for a in offered(m.state, "free"))  # once a turn


def test_entering_mordor_puts_the_eye_tiles_back_and_the_figure_on_step_zero() -> None:
    state = position(fellowship={"region": "morannon", "progress": 0})
    state["hunt"]["pool"].remove("eye_1")
    state["hunt"]["drawn"].append("eye_1")
    state["hunt"]["waiting"].append("elven_cloaks")
    from games.war_of_the_ring.turn import next_phase

    next_phase(state, "recover")
    m = Match(R, state)
    act(m, "free", "mordor")
    fs = m.state["fellowship"]
    assert fs["region"] is None and fs["mordor"] == 0
    assert "eye_1" in m.state["hunt"]["pool"] and "elven_cloaks" in m.state["hunt"]["pool"]


def test_idle_on_the_mordor_track_costs_one_corruption() -> None:
    m = match(dice={"free": ["muster"], "shadow": []}, fellowship={"region": None, "mordor": 1})
    act(m, "free", "skip muster")
    assert events(m.state, "corrupted")[0]["why"] == "idle_in_mordor"
    assert m.state["fellowship"]["corruption"] == 1


def test_the_shadow_wins_at_ten_victory_points_in_the_victory_check() -> None:
    taken = {r: "shadow" for r in ("minas_tirith", "helms_deep", "lorien", "rivendell", "dol_amroth")}
    m = match(dice={"free": ["muster"], "shadow": []}, control=taken)
    act(m, "free", "skip muster")
    assert m.state["result"] == {
        "winners": ["shadow"],
        "reason": "military_victory",
        "args": {"side": "shadow", "vp": 10},
    }


def test_both_military_thresholds_at_once_go_to_the_shadow() -> None:
    taken = {r: "shadow" for r in ("minas_tirith", "helms_deep", "lorien", "rivendell", "dol_amroth")}
    taken.update({"orthanc": "free", "barad_dur": "free"})
    m = match(dice={"free": ["muster"], "shadow": []}, control=taken)
    act(m, "free", "skip muster")
    assert m.state["result"]["winners"] == ["shadow"]


def test_an_event_die_draws_a_card_from_the_chosen_deck() -> None:
    m = match(dice={"free": ["event"], "shadow": ["army"]})
    act(m, "free", "draw event")
    assert offered(m.state, "free") == ["deck character", "deck strategy"]
    with scripted(("free_strategy_card", "fps_05")):
        act(m, "free", "deck strategy")
    assert m.state["hands"]["free"] == ["fps_05"]
    drawn = [e for e in m.state["log"] if e["kind"] == "card_drawn"][-1]
    assert "fps_05" not in str(drawn["args"]) and drawn["for"]["free"]["args"]["card"] == "fps_05"
