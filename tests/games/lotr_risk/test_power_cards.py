"""The power cards, one scenario per card kind (named after what the card does), plus the edge
cases that matter and the secrecy of armed reactions.

Positions come from the public API (``position``), actions go through the runner with the
invariants checked (``act``), and every die is scripted (attack dice first, then defence dice).
"""

from __future__ import annotations

from contextlib import AbstractContextManager
from typing import Any

import pytest

from games.core import Action, clone, dump
from games.core.chance import scripted
from games.lotr_risk import power_cards
from games.lotr_risk.board import geometry
from games.lotr_risk.data import CARDS, board
from games.lotr_risk.victory import score

from .helpers import R, act, allowed, asked, events, kind, legal, log_text, pass_turn, position, winners

ME = geometry("middle-earth")
TRILOGY = geometry("trilogy")


def holding(role: str, *cards: str) -> dict[str, dict[str, list[str]]]:
    return {role: {"territory": [], "adventure": list(cards)}}


def dice(attack: list[int], defence: list[int]) -> AbstractContextManager[Any]:
    return scripted(*[("attack die", d) for d in attack], *[("defence die", d) for d in defence])


def fight(state: dict, attack: list[int], defence: list[int]) -> dict:
    """Green rolls ``len(attack)`` dice; the defender answers with ``len(defence)`` when asked."""
    with dice(attack, defence):
        state = act(state, "green", f"roll {len(attack)}")
        if kind(state) == "defend":
            state = act(state, asked(state) or "", f"defend {len(defence)}")
    return state


def armed(role: str, card: str, *when: str) -> dict[str, list[dict[str, Any]]]:
    return {role: [{"card": card, "when": list(when)}]}


def ring_turn_ends(state: dict, roll: int | None) -> dict:
    """Green ends his fortify; the Fellowship moves (``roll``: its die, if it rolls one)."""
    if roll is None:
        return act(state, "green", "done")
    with scripted(("fellowship die", roll)):
        return act(state, "green", "done")


def ring_at(territory: str, card: str, *when: str, edition: str = "middle-earth", **more: Any) -> dict:
    """Green fortifies (the Ring moves when he is done); Black has ``card`` armed."""
    path = geometry(edition).path
    return position(
        {"old_forest": "green", "buckland": "green"},
        edition=edition,
        phase="fortify",
        hands=holding("black", card),
        armed=armed("black", card, *when),
        leaders={"green": ["buckland"]},
        ring=path.index(territory),
        **more,
    )


def ring_step(state: dict) -> str:
    return geometry(state["options"]["edition"]).path[state["ring"]["step"]]


# -- Gríma Wormtongue --------------------------------------------------------------------------
def test_grima_wormtongue_turns_up_to_two_defenders_into_attackers_one_always_staying() -> None:
    hands = holding("green", "grima_wormtongue-1", "grima_wormtongue-2")
    state = position({"old_forest": "green"}, troops={"old_forest": 4, "south_downs": 5}, hands=hands)
    state = act(state, "green", "attack old_forest south_downs", "power grima_wormtongue-1")
    assert state["troops"]["south_downs"] == 3 and state["troops"]["old_forest"] == 6
    assert events(state, "power_deserted") == [
        {"role": "green", "from": "south_downs", "to": "old_forest", "count": 2, "defender": "black"}
    ]
    state = act(state, "green", "power grima_wormtongue-2")  # 3 defenders: 2 go, 1 stays
    state = act(state, "green", "stop", "attack old_forest south_downs")
    assert state["troops"]["south_downs"] == 1 and state["troops"]["old_forest"] == 8
    assert kind(state) == "attack_roll"


def test_grima_wormtongue_against_a_lone_defender_moves_nobody_but_still_scores() -> None:
    hands = holding("green", "grima_wormtongue-1")
    state = position({"old_forest": "green"}, troops={"old_forest": 4}, hands=hands)
    state = act(state, "green", "attack old_forest south_downs")
    label = R.describe(state, "green", Action.from_text("power grima_wormtongue-1"))
    assert label == "Play Gríma Wormtongue: nobody deserts South Downs (one battalion always stays)"
    state = act(state, "green", "power grima_wormtongue-1")
    assert state["troops"]["south_downs"] == 1 and state["troops"]["old_forest"] == 4
    assert score(state, "green")["cards"] == 1
    assert "Nobody deserts South Downs" in log_text(state)


# -- Ambush --------------------------------------------------------------------------------------
def test_ambush_adds_three_battalions_to_the_territory_attacked_from() -> None:
    state = position({"old_forest": "green"}, troops={"old_forest": 2}, hands=holding("green", "ambush"))
    state = act(state, "green", "attack old_forest south_downs")
    assert legal(state, "green") >= {"roll 1", "power ambush"}
    state = act(state, "green", "power ambush")
    assert state["troops"]["old_forest"] == 5 and "roll 3" in legal(state, "green")
    assert events(state, "power_battalions") == [{"role": "green", "territory": "old_forest", "count": 3}]


# -- The Enemy Is At Hand, Siege Machines ------------------------------------------------------
@pytest.mark.parametrize("card", ["the_enemy_is_at_hand", "siege_machines"])
def test_the_enemy_is_at_hand_and_siege_machines_take_the_strongholds_plus_one_for_this_attack(
    card: str,
) -> None:
    state = position({"eregion": "green"}, troops={"eregion": 8, "moria": 4}, hands=holding("green", card))
    state = act(state, "green", "attack eregion moria", f"power {card}")
    assert "the stronghold of Moria gives no +1" in R.view(state, None)["effects"][0]["text"]
    state = fight(state, [5], [4])
    assert events(state, "rolled")[-1]["defence_bonus"] == 0 and state["troops"]["moria"] == 3  # 5 beats 4
    state = act(state, "green", "stop")
    assert state["effects"] == []
    state = fight(act(state, "green", "attack eregion moria"), [5], [4])
    assert events(state, "rolled")[-1]["defence_bonus"] == 1 and state["troops"]["moria"] == 3  # 5 vs 4+1


def test_stronghold_powers_are_not_offered_against_a_territory_without_one() -> None:
    state = position(
        {"old_forest": "green"}, troops={"old_forest": 4}, hands=holding("green", "siege_machines")
    )
    state = act(state, "green", "attack old_forest south_downs")
    assert "power siege_machines" not in legal(state, "green")


# -- Black Sails ---------------------------------------------------------------------------------
def test_black_sails_adds_one_to_the_attackers_highest_die_in_every_roll_of_a_seaborne_invasion() -> None:
    state = position(
        {"mithlond": "green"}, troops={"mithlond": 8, "minhiriath": 4}, hands=holding("green", "black_sails")
    )
    assert not allowed(act(clone(state), "green", "attack mithlond harlindon"), "green", "power black_sails")
    state = act(state, "green", "attack mithlond minhiriath", "power black_sails")
    state = fight(fight(state, [4], [4]), [3], [3])
    assert [r["attack_bonus"] for r in events(state, "rolled")] == [1, 1]
    assert state["troops"]["minhiriath"] == 2  # 4+1 beats 4, 3+1 beats 3
    state = act(state, "green", "stop", "attack mithlond harlindon")
    state = fight(state, [3], [3])
    assert events(state, "rolled")[-1]["attack_bonus"] == 0  # the invasion is over


# -- The Way Is Under the Mountains --------------------------------------------------------------
def test_the_way_is_under_the_mountains_attacks_between_two_territories_of_one_range() -> None:
    assert not ME.adjacent("moria", "lorien")
    assert {"moria", "lorien"} <= set(board("middle-earth").ranges["misty_mountains_south"])
    state = position(
        {"moria": "green"},
        troops={"moria": 6, "lorien": 1},
        hands=holding("green", "the_way_is_under_the_mountains-1"),
    )
    offered = {a for a in legal(state, "green") if a.startswith("power")}
    assert "power the_way_is_under_the_mountains-1 moria lorien" in offered
    assert "power the_way_is_under_the_mountains-1 moria the_shire" not in offered  # no shared range
    state = act(state, "green", "power the_way_is_under_the_mountains-1 moria lorien")
    assert kind(state) == "attack_roll" and R.view(state, None)["battle"]["to"] == "lorien"
    assert events(state, "power_mountain_attack")[0]["range"] == "misty_mountains_south"
    state = act(fight(state, [6, 1, 1], [1]), "green", "advance 5")
    assert state["owner"]["lorien"] == "green" and state["troops"]["lorien"] == 5
    assert "goes under the Misty Mountains (south) from Moria to attack Lorien" in log_text(state)


def test_the_way_is_under_the_mountains_needs_two_battalions_to_attack_from() -> None:
    state = position({"moria": "green"}, hands=holding("green", "the_way_is_under_the_mountains-1"))
    assert not [a for a in legal(state, "green") if a.startswith("power")]


# -- Move by Night -------------------------------------------------------------------------------
def test_move_by_night_gives_three_more_redeployment_moves_where_fortify_is_one_move() -> None:
    owners = {"old_forest": "green", "buckland": "green", "fornost": "green"}
    state = position(
        owners,
        edition="trilogy",
        phase="fortify",
        troops={"old_forest": 9},
        leaders={"green": ["fornost"]},
        hands=holding("green", "move_by_night"),
    )
    state = act(state, "green", "power move_by_night")
    assert state["stack"][-1]["moves_left"] == 4
    for _ in range(4):
        assert kind(state) == "fortify"
        state = act(state, "green", "from old_forest", "to buckland 1")
    assert state["turn"]["role"] == "black"  # the fourth move was the last


def test_move_by_night_is_not_in_the_2002_deck_where_redeployment_is_unlimited() -> None:
    assert "move_by_night" not in geometry("middle-earth").adventure_deck
    assert "move_by_night" in geometry("trilogy").adventure_deck


# -- You Shall Not Pass! -------------------------------------------------------------------------
SHIRE_BRIDGE = next(pair for pair in power_cards.bridges("middle-earth") if "the_shire" in pair)
HELD_BRIDGE = {
    "kind": "you_shall_not_pass",
    "by": "green",
    "until": "next_turn",
    "territories": ["the_shire", "buckland"],
}


def test_you_shall_not_pass_is_played_on_a_bridge_at_the_start_of_the_turn_until_the_next() -> None:
    assert set(SHIRE_BRIDGE) == {"the_shire", "buckland"}
    state = position(
        {"old_forest": "green"}, phase="reinforce", hands=holding("green", "you_shall_not_pass-1")
    )
    offered = {a for a in legal(state, "green") if a.startswith("power")}
    assert len(offered) == len(ME.bridges) == 15
    state = act(state, "green", f"power you_shall_not_pass-1 {' '.join(SHIRE_BRIDGE)}")
    assert [(e["kind"], sorted(e["territories"])) for e in state["effects"]] == [
        ("you_shall_not_pass", ["buckland", "the_shire"])
    ]
    state = pass_turn(pass_turn(state))  # Black's turn, then Green's next begins
    assert state["turn"]["role"] == "green" and state["effects"] == []


def test_you_shall_not_pass_lets_an_attack_cross_the_bridge_only_with_a_leader_who_goes_in() -> None:
    owners = {"buckland": "black", "tower_hills": "black"}
    troops = {"buckland": 5, "tower_hills": 5}
    state = position(owners, default="green", role="black", troops=troops, effects=[HELD_BRIDGE])
    assert "attack buckland the_shire" not in legal(state, "black")
    assert "attack tower_hills the_shire" in legal(state, "black")  # no bridge there
    state = position(
        owners,
        default="green",
        role="black",
        troops=troops,
        effects=[HELD_BRIDGE],
        leaders={"black": ["buckland"]},
        hands=holding("black", "mission_hobbiton"),
    )
    state = act(state, "black", "attack buckland the_shire")
    with dice([6, 1, 1], [1]):
        state = act(state, "black", "roll 3")
    assert state["owner"]["the_shire"] == "black"
    assert state["leaders"]["black"][0]["at"] == "the_shire"  # he crossed with them
    assert legal(state, "black") == {"advance 4"}  # he is across already
    state = act(state, "black", "advance 3")
    assert "complete mission_hobbiton" in legal(state, "black")  # he arrived there
    state = act(state, "black", "complete mission_hobbiton")
    assert events(state, "mission_completed")[0]["territory"] == "the_shire"
    assert state["troops"]["the_shire"] == 3 + 2  # the Hobbiton reward
    assert events(state, "attack")[-1]["leader_moved"] and "and the leader" in log_text(state)


def test_you_shall_not_pass_lets_a_fortify_move_cross_the_bridge_only_with_a_leader() -> None:
    owners = {"buckland": "black", "the_shire": "black"}
    state = position(
        owners, default="green", role="black", phase="fortify", troops={"buckland": 5}, effects=[HELD_BRIDGE]
    )
    assert "from buckland" not in legal(state, "black")  # the bridge is its only way out
    state = position(
        owners,
        default="green",
        role="black",
        phase="fortify",
        troops={"buckland": 5},
        effects=[HELD_BRIDGE],
        leaders={"black": ["buckland"]},
    )
    state = act(state, "black", "from buckland")
    assert "to-leader the_shire 4" in legal(state, "black") and not allowed(state, "black", "to the_shire 4")
    state = act(state, "black", "to-leader the_shire 4")
    assert state["troops"]["the_shire"] == 5 and state["leaders"]["black"][0]["at"] == "the_shire"


# -- Borne to Another Place ----------------------------------------------------------------------
def test_borne_to_another_place_moves_a_leader_to_any_territory_held_who_then_acts_as_usual() -> None:
    owners = {"old_forest": "green", "the_wold": "green"}
    state = position(
        owners,
        phase="reinforce",
        troops={"the_wold": 5},
        leaders={"green": ["old_forest"]},
        hands=holding("green", "borne_to_another_place", "mission_rauros"),
    )
    assert "power borne_to_another_place old_forest the_wold" in legal(state, "green")
    state = act(state, "green", "power borne_to_another_place old_forest the_wold")
    assert state["leaders"]["green"][0]["at"] == "the_wold"
    assert "mission_rauros" in state["hands"]["green"]["adventure"]  # borne, not arriving
    assert not state["turn"]["sites"]
    state = act(state, "green", f"place the_wold {state['stack'][-1]['pool']}", "attack the_wold lorien")
    state = fight(state, [4, 1, 1], [4])
    assert events(state, "rolled")[-1]["attack_bonus"] == 1  # he fights as usual


def test_borne_to_another_place_needs_a_leader_on_the_board() -> None:
    state = position(
        {"old_forest": "green"}, phase="reinforce", hands=holding("green", "borne_to_another_place")
    )
    assert not [a for a in legal(state, "green") if a.startswith("power")]


# -- Hunt for the Ringbearer ---------------------------------------------------------------------
def test_hunt_for_the_ringbearer_adds_four_where_the_fellowship_stands_if_held() -> None:
    state = position(
        {"buckland": "green"}, phase="reinforce", ring=1, hands=holding("green", "hunt_for_the_ringbearer")
    )
    state = act(state, "green", "power hunt_for_the_ringbearer")
    assert state["troops"]["buckland"] == 5 and state["ring"]["step"] == 1


def test_hunt_for_the_ringbearer_otherwise_hurries_the_fellowship_on_one_space_without_a_roll() -> None:
    moria = ME.path.index("moria")
    state = position(
        {"buckland": "green"},
        phase="reinforce",
        ring=moria,
        hands=holding("green", "hunt_for_the_ringbearer"),
    )
    state = act(state, "green", "power hunt_for_the_ringbearer")  # no die is scripted: none is rolled
    assert ring_step(state) == "gladden_fields"
    assert "Green hurries the Fellowship on from Moria to Gladden Fields without a roll." in log_text(state)


def test_hunt_for_the_ringbearer_from_the_dead_marshes_takes_the_ring_out_of_middle_earth() -> None:
    state = position(
        {"buckland": "green"},
        phase="reinforce",
        ring=ME.final_step,
        hands=holding("green", "hunt_for_the_ringbearer"),
    )
    state = act(state, "green", "power hunt_for_the_ringbearer")
    assert state["result"] is not None and state["result"]["reason"] == "ring_left"
    assert winners(state) == ["black"]


def test_hunt_for_the_ringbearer_cannot_take_the_ring_beyond_mount_doom() -> None:
    state = position(
        {"buckland": "green"},
        edition="trilogy",
        phase="reinforce",
        ring=TRILOGY.final_step,
        hands=holding("green", "hunt_for_the_ringbearer"),
    )
    state = act(state, "green", "power hunt_for_the_ringbearer")
    assert state["result"] is None and state["ring"]["step"] == TRILOGY.final_step
    assert events(state, "power_ring_no_further")


# -- Courage Alone Will Not Save You ---------------------------------------------------------
def test_courage_alone_will_not_save_you_adds_four_to_the_territory_attacked() -> None:
    card = "courage_alone_will_not_save_you"
    state = position(
        {"old_forest": "green"},
        troops={"old_forest": 6},
        hands=holding("black", card),
        armed=armed("black", card, "south_downs"),
    )
    state = act(state, "green", "attack old_forest weather_hills")
    assert state["troops"]["weather_hills"] == 1 and state["armed"]["black"]  # armed for South Downs
    state = act(state, "green", "stop", "attack old_forest south_downs")
    assert state["troops"]["south_downs"] == 5 and state["played"]["black"] == [card]
    assert events(state, "reaction_played") == [{"role": "black", "card": card}]


def test_courage_armed_for_any_territory_fires_at_the_first_attack() -> None:
    card = "courage_alone_will_not_save_you"
    state = position(
        {"old_forest": "green"},
        troops={"old_forest": 6},
        hands=holding("black", card),
        armed=armed("black", card),
    )
    state = act(state, "green", "attack old_forest fornost")
    assert state["troops"]["fornost"] == 5 and not state["armed"]["black"]


# -- Strategic Withdrawal ------------------------------------------------------------------------
def test_strategic_withdrawal_moves_all_but_one_battalion_to_the_neighbour_named() -> None:
    card = "strategic_withdrawal"
    state = position(
        {"old_forest": "green"},
        troops={"old_forest": 6, "south_downs": 5, "buckland": 9},
        hands=holding("black", card),
        armed=armed("black", card, "south_downs", "weather_hills"),
    )
    state = act(state, "green", "attack old_forest south_downs")
    assert state["troops"]["south_downs"] == 1 and state["troops"]["weather_hills"] == 5
    assert events(state, "power_withdrawal") == [
        {"role": "black", "from": "south_downs", "to": "weather_hills", "count": 4}
    ]


def test_strategic_withdrawal_without_a_destination_goes_to_the_strongest_neighbour_held() -> None:
    card = "strategic_withdrawal"
    state = position(
        {"old_forest": "green"},
        troops={"old_forest": 6, "south_downs": 5, "buckland": 9, "minhiriath": 3},
        hands=holding("black", card),
        armed=armed("black", card),
    )
    state = act(state, "green", "attack old_forest south_downs")
    assert state["troops"]["south_downs"] == 1 and state["troops"]["buckland"] == 13


def test_strategic_withdrawal_waits_while_the_attacked_territory_has_one_battalion() -> None:
    card = "strategic_withdrawal"
    state = position(
        {"old_forest": "green"},
        troops={"old_forest": 6},
        hands=holding("black", card),
        armed=armed("black", card),
    )
    state = act(state, "green", "attack old_forest south_downs")
    assert state["armed"]["black"] and not events(state, "reaction_played")


def test_strategic_withdrawal_never_crosses_a_bridge_held_by_you_shall_not_pass() -> None:
    card = "strategic_withdrawal"
    state = position(
        {"old_forest": "green"},
        troops={"old_forest": 6, "buckland": 5, "the_shire": 9, "fornost": 3},
        hands=holding("black", card),
        armed=armed("black", card, "buckland"),
        effects=[HELD_BRIDGE],
    )
    state = act(state, "green", "attack old_forest buckland")
    assert state["troops"]["the_shire"] == 9 and state["troops"]["fornost"] == 7  # the next strongest


# -- Violent Storms ------------------------------------------------------------------------------
def test_violent_storms_sinks_the_battalions_of_one_battle_of_a_seaborne_attack_on_a_port() -> None:
    card = "violent_storms"
    state = position(
        {"mithlond": "green"},
        troops={"mithlond": 8},
        hands=holding("black", card),
        armed=armed("black", card),
    )
    state = act(state, "green", "attack mithlond harlindon")
    assert state["troops"]["mithlond"] == 8 and state["armed"]["black"]  # a land attack: no storm
    state = act(state, "green", "stop", "attack mithlond minhiriath")
    assert state["troops"]["mithlond"] == 5 and kind(state) == "attack_roll"  # 3 sunk; may go on
    sunk = "Black's violent storm sinks 3 battalions of Green's fleet sailing from Mithlond."
    assert sunk in log_text(state)


def test_violent_storms_on_a_small_fleet_leaves_one_battalion_and_ends_the_attack() -> None:
    card = "violent_storms"
    state = position(
        {"mithlond": "green", "old_forest": "green"},
        troops={"mithlond": 3, "old_forest": 3},
        hands=holding("black", card),
        armed=armed("black", card, "minhiriath"),
    )
    state = act(state, "green", "attack mithlond minhiriath")
    assert state["troops"]["mithlond"] == 1 and kind(state) == "attack"


# -- A Balrog Is Come, Boromir -------------------------------------------------------------------
def test_a_balrog_is_come_keeps_the_fellowship_in_moria_whatever_the_roll() -> None:
    state = ring_turn_ends(ring_at("moria", "a_balrog_is_come"), 6)
    assert ring_step(state) == "moria" and state["played"]["black"] == ["a_balrog_is_come"]
    assert "Black holds the Fellowship in Moria until the next turn." in log_text(state)


def test_a_balrog_armed_decisive_waits_for_a_roll_that_would_let_the_fellowship_leave() -> None:
    state = ring_turn_ends(ring_at("moria", "a_balrog_is_come", "decisive"), 1)
    assert ring_step(state) == "moria" and state["armed"]["black"]  # the roll failed by itself


def test_boromir_tries_to_seize_the_one_ring_holds_the_fellowship_where_it_is() -> None:
    card = "boromir_tries_to_seize_the_one_ring"
    state = ring_turn_ends(ring_at("buckland", card, "old_forest"), None)
    assert ring_step(state) == "old_forest" and state["armed"]["black"]  # armed for Old Forest
    state = pass_turn(state)  # Black's turn ends: the Fellowship tries to leave Old Forest
    assert ring_step(state) == "old_forest" and state["played"]["black"] == [card]


# -- Knife in the Dark, Dangerous Crossing, Gollum ----------------------------------------------
@pytest.mark.parametrize("card", ["knife_in_the_dark", "dangerous_crossing", "gollum"])
def test_knife_in_the_dark_dangerous_crossing_and_gollum_ask_a_four_to_leave_a_space_without_a_die(
    card: str,
) -> None:
    state = ring_turn_ends(ring_at("buckland", card), 3)  # 3 would leave a 2002 die space
    assert ring_step(state) == "buckland"
    assert "Black forces the Fellowship to roll 4 or more to leave Buckland." in log_text(state)
    state = ring_turn_ends(ring_at("buckland", card), 4)
    assert ring_step(state) == "old_forest"


def test_knife_in_the_dark_does_not_fire_on_a_die_space() -> None:
    state = ring_turn_ends(ring_at("moria", "knife_in_the_dark"), 3)
    assert ring_step(state) == "gladden_fields" and state["armed"]["black"]


# -- Faramir, Sméagol, Captured by Orcs, Shelob's Lair --------------------------------------------
def test_faramir_finds_the_ringbearer_adds_two_to_the_fellowships_roll() -> None:
    state = ring_turn_ends(ring_at("moria", "faramir_finds_the_ringbearer", "plus", "decisive"), 1)
    assert ring_step(state) == "gladden_fields"  # 1+2 reaches 3
    assert events(state, "power_ring_roll_changed") == [
        {"role": "black", "territory": "moria", "before": 1, "after": 3}
    ]


def test_faramir_finds_the_ringbearer_takes_two_from_the_fellowships_roll() -> None:
    state = ring_turn_ends(ring_at("moria", "faramir_finds_the_ringbearer", "minus"), 4)
    assert ring_step(state) == "moria"  # 4-2 misses 3


def test_faramir_armed_decisive_waits_for_a_roll_it_changes() -> None:
    state = ring_turn_ends(ring_at("moria", "faramir_finds_the_ringbearer", "minus", "decisive"), 6)
    assert ring_step(state) == "gladden_fields" and state["armed"]["black"]  # 6-2 would still leave


def test_smeagol_adds_two_to_the_fellowships_roll() -> None:
    state = ring_turn_ends(ring_at("lorien", "smeagol", "lorien"), 1)
    assert ring_step(state) == "the_wold" and state["played"]["black"] == ["smeagol"]  # 1+2 reaches 3


def test_captured_by_orcs_takes_one_from_the_roll_to_leave_gorgoroth() -> None:
    state = ring_turn_ends(ring_at("gorgoroth", "captured_by_orcs", edition="trilogy"), 4)
    assert ring_step(state) == "gorgoroth"  # 4-1 misses the Trilogy's 4
    state = ring_turn_ends(ring_at("minas_morgul", "captured_by_orcs", edition="trilogy"), 4)
    assert ring_step(state) == "gorgoroth" and state["armed"]["black"]  # not its place


def test_shelobs_lair_takes_two_from_the_roll_to_leave_minas_morgul() -> None:
    state = ring_turn_ends(ring_at("minas_morgul", "shelobs_lair", edition="trilogy"), 5)
    assert ring_step(state) == "minas_morgul"


def test_the_gondor_and_mordor_cards_are_only_in_the_trilogy_deck() -> None:
    for slug in ("captured_by_orcs", "shelobs_lair"):
        assert CARDS[slug].decks == ("trilogy",)
        assert slug in TRILOGY.adventure_deck and slug not in ME.adventure_deck


# -- arming: conditions in words, and secrecy ---------------------------------------------------
def test_reaction_conditions_are_offered_in_words_with_territory_names() -> None:
    cards = ("strategic_withdrawal", "faramir_finds_the_ringbearer", "violent_storms")
    owners = {"old_forest": "green", "buckland": "green", "mithlond": "green"}
    state = position(owners, hands=holding("green", *cards))
    labels = {
        a.text: R.describe(state, "green", a) for a in R.prompt(state, "green").actions if a.verb == "arm"
    }
    assert labels["arm strategic_withdrawal old_forest buckland"] == (
        "Arm Strategic Withdrawal: when Old Forest is attacked: to Buckland"
    )
    assert labels["arm faramir_finds_the_ringbearer minus dead_marshes decisive"] == (
        "Arm Faramir Finds the Ringbearer: take 2 from a roll in Dead Marshes if that keeps the Ring"
    )
    assert (
        labels["arm violent_storms mithlond"] == "Arm Violent Storms: when Mithlond is attacked from the sea"
    )
    for text, label in labels.items():
        assert "_" not in label and len(label) <= 100, (text, label)


def test_every_power_menu_label_names_territories_never_slugs() -> None:
    state = position(
        {"moria": "green", "old_forest": "green"},
        phase="reinforce",
        troops={"moria": 5},
        leaders={"green": ["old_forest"]},
        hands=holding("green", "you_shall_not_pass-1", "borne_to_another_place", "hunt_for_the_ringbearer"),
    )
    powers = [a for a in R.prompt(state, "green").actions if a.verb == "power"]
    assert powers
    for action in powers:
        label = R.describe(state, "green", action)
        assert "_" not in label and len(label) <= 100, label


def test_an_armed_reaction_stays_secret_until_it_fires() -> None:
    card = "courage_alone_will_not_save_you"

    def table(with_card: bool) -> dict:
        hands = holding("black", card if with_card else "mission_bree")
        return position(
            {"old_forest": "green"},
            troops={"old_forest": 6},
            hands=hands,
            armed=armed("black", card, "south_downs") if with_card else {},
        )

    armed_state, plain = table(True), table(False)
    for viewer in (None, "green"):
        assert dump(R.view(armed_state, viewer)) == dump(R.view(plain, viewer))
    assert R.prompt(armed_state, "green").actions == R.prompt(plain, "green").actions
    assert R.view(armed_state, "black")["armed"][0]["text"] == "when South Downs is attacked"
    armed_state = act(armed_state, "green", "attack old_forest weather_hills", "stop")
    plain = act(plain, "green", "attack old_forest weather_hills", "stop")
    for viewer in (None, "green"):
        assert log_text(armed_state, viewer) == log_text(plain, viewer)
        assert dump(R.view(armed_state, viewer)) == dump(R.view(plain, viewer))
    fired = act(armed_state, "green", "attack old_forest south_downs")
    assert "Black reveals Courage Alone Will Not Save You!" in log_text(fired)


def test_an_armed_ring_card_that_does_not_fire_leaves_no_trace() -> None:
    def table(with_card: bool) -> dict:
        card = "knife_in_the_dark" if with_card else "mission_bree"
        return position(
            {"old_forest": "green", "buckland": "green"},
            phase="fortify",
            hands=holding("black", card),
            armed=armed("black", card, "fornost") if with_card else {},
            leaders={"green": ["buckland"]},
            ring=ME.path.index("buckland"),
        )

    moved, plain = ring_turn_ends(table(True), None), ring_turn_ends(table(False), None)
    assert ring_step(moved) == ring_step(plain) == "old_forest"
    for viewer in (None, "green"):
        assert log_text(moved, viewer) == log_text(plain, viewer)
