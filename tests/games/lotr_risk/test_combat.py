"""Combat scenarios, one per rule: positions from the public API, dice from ``chance.scripted``.

Attack dice are drawn first (``attack die`` for each attacking battalion), then the defence dice
(``defence die``); the game sorts them, so the scripted order does not matter.
"""

from __future__ import annotations

from contextlib import AbstractContextManager
from typing import Any

import pytest

from games.core import IllegalAction, clone, submit
from games.core.chance import scripted

from .helpers import R, act, allowed, asked, events, kind, legal, position, winners

GREEN_VS_BLACK = {"old_forest": "green", "buckland": "green"}


def dice(attack: list[int], defence: list[int]) -> AbstractContextManager[Any]:
    return scripted(*[("attack die", d) for d in attack], *[("defence die", d) for d in defence])


def fight(state: dict, attack: list[int], defence: list[int], *, defend: int | None = None) -> dict:
    """Roll ``len(attack)`` dice (the defender answers ``defend`` dice when asked)."""
    with dice(attack, defence):
        state = act(state, "green", f"roll {len(attack)}")
        if kind(state) == "defend":
            state = act(state, asked(state) or "", f"defend {defend or len(defence)}")
    return state


def attacking(troops: dict[str, int], **more: Any) -> dict:
    state = position(GREEN_VS_BLACK, troops=troops, **more)
    return act(state, "green", "attack old_forest south_downs")


def test_the_defender_wins_ties() -> None:
    state = fight(attacking({"old_forest": 5, "south_downs": 3}), [6, 5, 2], [6, 5])
    assert state["troops"]["old_forest"] == 3 and state["troops"]["south_downs"] == 3


def test_highest_against_highest_then_second_against_second() -> None:
    state = fight(attacking({"old_forest": 5, "south_downs": 3}), [5, 2, 1], [4, 2])
    # the seed's own example: 5 beats 4, the twos tie: each side loses one
    assert state["troops"]["old_forest"] == 4 and state["troops"]["south_downs"] == 2


def test_a_leader_adds_one_to_the_attackers_highest_die() -> None:
    state = attacking({"old_forest": 5, "south_downs": 3}, leaders={"green": ["old_forest"]})
    state = fight(state, [4, 1, 1], [4, 3])
    assert state["troops"]["south_downs"] == 2  # 4+1 beats 4
    assert events(state, "rolled")[-1]["attack_bonus"] == 1


def test_a_defending_leader_adds_one_to_the_defenders_highest_die() -> None:
    state = attacking({"old_forest": 5, "south_downs": 3}, leaders={"black": ["south_downs"]})
    state = fight(state, [5, 1, 1], [4, 3])
    assert state["troops"]["south_downs"] == 3 and state["troops"]["old_forest"] == 3  # 5 against 4+1


def test_a_stronghold_adds_one_to_the_defender() -> None:
    state = position({"eregion": "green"}, troops={"eregion": 5, "moria": 2})
    state = act(state, "green", "attack eregion moria")
    state = fight(state, [5, 1], [4, 1])
    assert state["troops"]["moria"] == 2 and state["troops"]["eregion"] == 3
    assert events(state, "rolled")[-1]["defence_bonus"] == 1


def test_leader_and_stronghold_add_two_and_modified_dice_may_exceed_six() -> None:
    state = position({"eregion": "green"}, troops={"eregion": 5, "moria": 2}, leaders={"black": ["moria"]})
    state = act(state, "green", "attack eregion moria")
    state = fight(state, [6, 4], [6, 4])
    # 6 against 6+2 = 8 and 4 against 4: the defender wins both
    assert state["troops"]["eregion"] == 3 and state["troops"]["moria"] == 2
    roll = events(state, "rolled")[-1]
    assert roll["defence"][0] + roll["defence_bonus"] == 8
    assert "6+2" in R.event_text(state["log"][-1], None)


def test_strongholds_count_for_nothing_in_plain_mode() -> None:
    state = position({"eregion": "green"}, mode="plain", troops={"eregion": 5, "moria": 2})
    state = act(state, "green", "attack eregion moria")
    state = fight(state, [5, 1], [4, 1])
    assert events(state, "rolled")[-1]["defence_bonus"] == 0
    assert state["troops"]["moria"] == 1


def test_one_attacking_battalion_lets_the_defender_use_only_one_die() -> None:
    state = attacking({"old_forest": 5, "south_downs": 3})
    with dice([6], [2]):
        state = act(state, "green", "roll 1")  # no question for the defender
    assert kind(state) == "attack_roll"
    assert events(state, "rolled")[-1]["defence"] == [2]


def test_the_defender_is_not_asked_when_he_has_one_battalion() -> None:
    state = attacking({"old_forest": 5, "south_downs": 1})
    with dice([1, 1, 1], [6]):
        state = act(state, "green", "roll 3")
    assert events(state, "rolled")[-1]["defence"] == [6]


def test_the_defender_chooses_one_or_two_dice_and_is_pinged_only_once_an_attack() -> None:
    state = act(attacking({"old_forest": 6, "south_downs": 4}), "green", "roll 3")
    assert kind(state) == "defend" and asked(state) == "black"
    assert legal(state, "black") == {"defend 1", "defend 2"}
    assert R.prompt(state, "black").ping
    with dice([1, 1, 1], [6]):
        state = act(state, "black", "defend 1")
    state = act(state, "green", "roll 2")
    assert kind(state) == "defend" and not R.prompt(state, "black").ping
    assert R.prompt(state, "black").title == "Defend South Downs (4) against 2 dice from Old Forest"


def test_the_neutral_armys_dice_are_chosen_by_the_player_who_is_not_attacking() -> None:
    state = position(GREEN_VS_BLACK | {"south_downs": "neutral"}, troops={"old_forest": 5, "south_downs": 2})
    state = act(state, "green", "attack old_forest south_downs", "roll 2")
    assert kind(state) == "defend" and asked(state) == "black"
    with dice([6, 6], [1, 1]):
        state = act(state, "black", "defend 2")
    assert state["owner"]["south_downs"] == "green"


def test_an_attack_needs_two_battalions_and_an_adjacent_enemy() -> None:
    state = position(GREEN_VS_BLACK, troops={"old_forest": 1, "buckland": 3})
    assert "attack old_forest south_downs" not in legal(state, "green")
    assert "attack buckland south_downs" in legal(state, "green")
    assert not allowed(state, "green", "attack buckland weather_hills")  # not adjacent
    assert not allowed(state, "green", "attack buckland old_forest")  # his own
    with pytest.raises(IllegalAction):
        submit(R, state, "green", "attack old_forest south_downs")


def test_sea_routes_join_ports_for_attacks() -> None:
    state = position({"mithlond": "green"}, troops={"mithlond": 4})
    assert {"attack mithlond forodwaith", "attack mithlond minhiriath"} <= legal(state, "green")


def test_at_most_three_dice_and_one_battalion_stays_behind() -> None:
    state = attacking({"old_forest": 3, "south_downs": 3})
    assert legal(state, "green") == {"roll 2", "roll 1", "until 1", "stop"}
    state = attacking({"old_forest": 9, "south_downs": 3})
    assert legal(state, "green") == {"roll 3", "roll 2", "roll 1", "until 1", "stop"}


def test_survivors_stay_home_when_an_attack_stops() -> None:
    state = fight(attacking({"old_forest": 6, "south_downs": 3}), [6, 1, 1], [5, 4])
    state = act(state, "green", "stop")
    assert state["troops"]["old_forest"] == 5 and state["owner"]["south_downs"] == "black"
    assert kind(state) == "attack"
    summary = events(state, "attack")[-1]
    assert summary["ended"] == "stopped" and len(summary["rolls"]) == 1


def test_an_attack_ends_by_itself_when_one_battalion_is_left() -> None:
    state = fight(attacking({"old_forest": 2, "south_downs": 3}), [1], [6])
    assert kind(state) != "attack_roll"
    assert events(state, "attack")[-1]["ended"] == "spent"


def test_the_conquest_moves_in_at_least_the_survivors_of_the_last_roll() -> None:
    state = fight(attacking({"old_forest": 8, "south_downs": 1}), [6, 6, 1], [2])
    assert state["owner"]["south_downs"] == "green"
    assert kind(state) == "advance"
    prompt = R.prompt(state, "green")
    (amount,) = prompt.amounts
    assert (amount.low, amount.high) == (3, 7)
    assert not allowed(state, "green", "advance 2") and allowed(state, "green", "advance 5")
    state = act(state, "green", "advance 5")
    assert state["troops"]["south_downs"] == 5 and state["troops"]["old_forest"] == 3
    assert events(state, "attack")[-1]["moved"] == 5


def test_the_whole_attack_is_one_summary_with_every_roll() -> None:
    state = fight(attacking({"old_forest": 8, "south_downs": 2}), [6, 1, 1], [5, 4])
    state = fight(state, [6, 6, 6], [1])
    state = act(state, "green", "advance 3")
    text = R.event_text(state["log"][-1], None)
    assert text.startswith("Green attacks South Downs (Black) from Old Forest: 6 1 1 against 5 4")
    assert "Green conquers South Downs and moves in 3." in text
    assert "attack" not in R.quiet_events and "rolled" in R.quiet_events


def test_the_leader_moves_in_or_stays_behind() -> None:
    state = attacking({"old_forest": 5, "south_downs": 1}, leaders={"green": ["old_forest"]})
    state = fight(state, [6, 1, 1], [2])
    assert {"advance 4", "advance-leader 4"} == legal(state, "green")
    moved = act(clone(state), "green", "advance-leader 3")
    assert moved["leaders"]["green"][0]["at"] == "south_downs"
    stayed = act(state, "green", "advance 3")
    assert stayed["leaders"]["green"][0]["at"] == "old_forest"


def test_a_leader_that_has_won_a_conquest_gives_no_more_attack_bonus_this_turn() -> None:
    state = attacking({"old_forest": 9, "south_downs": 1}, leaders={"green": ["old_forest"]})
    state = fight(state, [6, 1, 1], [2])
    state = act(state, "green", "advance-leader 3", "attack south_downs weather_hills")
    state = fight(state, [4, 1], [4])
    assert events(state, "rolled")[-1]["attack_bonus"] == 0
    assert state["troops"]["south_downs"] == 2  # 4 against 4: the defender wins


def test_a_leader_falls_with_the_last_battalion_of_his_territory() -> None:
    state = attacking({"old_forest": 5, "south_downs": 1}, leaders={"black": ["south_downs"]})
    state = fight(state, [6, 1, 1], [2])
    assert state["leaders"]["black"] == [] and state["spare_leaders"]["black"] == 1
    state = act(state, "green", "advance 3")
    assert events(state, "attack")[-1]["leader_lost"]


def test_a_leader_in_the_attacking_territory_is_never_lost_in_attack() -> None:
    state = attacking({"old_forest": 2, "south_downs": 3}, leaders={"green": ["old_forest"]})
    state = fight(state, [1], [6])
    assert state["leaders"]["green"][0]["at"] == "old_forest" and state["troops"]["old_forest"] == 1


def three_players(**more: Any) -> dict:
    owners = {"old_forest": "green", "south_downs": "red", "buckland": "green"}
    return position(owners, players=3, **more)


def test_elimination_gives_the_territory_cards_to_the_eliminator() -> None:
    hands = {
        "red": {"territory": ["card:moria", "card:wild-1"], "adventure": ["ambush"]},
        "green": {"territory": ["card:fangorn"], "adventure": []},
    }
    state = three_players(troops={"old_forest": 5, "south_downs": 1}, hands=hands)
    state = act(state, "green", "attack old_forest south_downs")
    state = fight(state, [6, 1, 1], [2])
    assert state["eliminated"] == ["red"]
    assert state["hands"]["green"]["territory"] == ["card:fangorn", "card:moria", "card:wild-1"]
    assert state["hands"]["red"] == {"territory": [], "adventure": []}
    assert "ambush" in state["decks"]["adventure_discard"]
    public = events(state, "eliminated")[-1]
    assert public == {"role": "red", "by": "green", "cards": 2}
    assert events(state, "own_cards_taken", "green")[-1]["cards"] == ["card:moria", "card:wild-1"]


def test_an_eliminated_player_has_no_more_turns() -> None:
    state = three_players(troops={"old_forest": 5, "south_downs": 1}, order=["green", "red", "black"])
    state = act(state, "green", "attack old_forest south_downs")
    state = fight(state, [6, 1, 1], [2])
    state = act(state, "green", "advance 4", "end", "done")
    while state["turn"]["role"] == "green":
        state = act(state, asked(state) or "", sorted(legal(state, asked(state) or ""))[0])
    assert state["turn"]["role"] == "black"


def test_total_conquest_wins_at_once() -> None:
    state = position({"south_downs": "black"}, default="green", troops={"old_forest": 4})
    state = act(state, "green", "attack old_forest south_downs")
    state = fight(state, [6, 1, 1], [2])
    assert winners(state) == ["green"] and state["result"]["reason"] == "total_conquest"
    assert R.result_text(state["result"]) == "Green holds every territory"
    assert events(state, "attack")[-1]["conquered"]  # the winning attack is told too


def test_the_last_player_standing_wins_even_with_neutral_territories_left() -> None:
    owners = {"old_forest": "green", "south_downs": "black", "buckland": "green"}
    state = position(owners, default="neutral", troops={"old_forest": 5, "south_downs": 1})
    state = act(state, "green", "attack old_forest south_downs")
    state = fight(state, [6, 1, 1], [2])
    assert winners(state) == ["green"] and state["result"]["reason"] == "last_standing"


def test_world_conquest_wins_plain_mode() -> None:
    state = position({"south_downs": "black"}, default="green", mode="plain", troops={"old_forest": 4})
    state = act(state, "green", "attack old_forest south_downs")
    state = fight(state, [6, 1, 1], [2])
    assert state["result"]["reason"] == "world_conquest"
