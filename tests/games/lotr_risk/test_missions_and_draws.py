"""Missions, sites of power, the draws and leader replacement."""

from __future__ import annotations

from typing import Any

import pytest

from games.core import clone
from games.core.chance import scripted
from games.lotr_risk import event_cards

from .helpers import act, events, kind, legal, pass_turn, position

OWNERS = {"old_forest": "green", "buckland": "green"}


def conquer_fornost(state: dict, *, leader: bool = True) -> dict:
    state = act(state, "green", "attack old_forest fornost")
    with scripted(("attack die", 6), ("attack die", 1), ("attack die", 1), ("defence die", 2)):
        state = act(state, "green", "roll 3")
    high = state["troops"]["old_forest"] - 1 + 3
    return act(state, "green", f"{'advance-leader' if leader else 'advance'} {high - 1}")


def with_mission(card: str = "mission_bree", **more: Any) -> dict:
    hands = {"green": {"territory": [], "adventure": [card]}}
    return position(OWNERS, troops={"old_forest": 6}, leaders={"green": ["old_forest"]}, hands=hands, **more)


def test_a_mission_may_be_declared_when_a_leader_arrives_at_its_site_by_conquest() -> None:
    state = conquer_fornost(with_mission())
    assert not events(state, "mission_completed")  # a choice, not automatic
    assert "complete mission_bree" in legal(state, "green")
    state = act(state, "green", "complete mission_bree")
    done = events(state, "mission_completed")[-1]
    assert done == {
        "role": "green",
        "card": "mission_bree",
        "territory": "fornost",
        "battalions": 2,
        "cards": 0,
    }
    assert state["played"]["green"] == ["mission_bree"] and not state["hands"]["green"]["adventure"]
    assert state["troops"]["fornost"] == 4 + 2  # the reward goes on the site's territory


def test_evil_receives_the_evil_reward() -> None:
    hands = {"black": {"territory": [], "adventure": ["mission_bree"]}}
    owners = {"old_forest": "black", "buckland": "black", "fornost": "green"}
    state = position(
        owners,
        default="green",
        role="black",
        troops={"old_forest": 6},
        leaders={"black": ["old_forest"]},
        hands=hands,
    )
    state = act(state, "black", "attack old_forest fornost")
    with scripted(("attack die", 6), ("attack die", 1), ("attack die", 1), ("defence die", 2)):
        state = act(state, "black", "roll 3")
    state = act(state, "black", "advance-leader 3", "complete mission_bree")
    assert events(state, "mission_completed")[-1]["battalions"] == 6


def test_a_mission_may_be_declared_when_a_leader_ends_a_fortify_move_at_its_site() -> None:
    hands = {"green": {"territory": [], "adventure": ["mission_bree"]}}
    state = position(
        OWNERS | {"fornost": "green"}, phase="fortify", leaders={"green": ["old_forest"]}, hands=hands
    )
    state = act(state, "green", "from old_forest", "to-leader fornost 0")
    assert not events(state, "mission_completed") and "complete mission_bree" in legal(state, "green")
    state = act(state, "green", "complete mission_bree")
    assert events(state, "mission_completed")


def test_a_leader_already_on_the_site_must_leave_and_come_back() -> None:
    hands = {"green": {"territory": [], "adventure": ["mission_bree"]}}
    state = position(
        OWNERS | {"fornost": "green"}, phase="fortify", leaders={"green": ["fornost"]}, hands=hands
    )
    assert "complete mission_bree" not in legal(state, "green")
    state = act(state, "green", "from fornost", "to-leader old_forest 0")
    assert "complete mission_bree" not in legal(state, "green")
    state = act(state, "green", "from old_forest", "to-leader fornost 0")
    assert "complete mission_bree" in legal(state, "green")


def test_the_leader_stays_on_a_completed_missions_site_until_the_next_turn() -> None:
    state = act(conquer_fornost(with_mission()), "green", "complete mission_bree", "end")
    assert "from fornost" in legal(state, "green")
    moved = act(clone(state), "green", "from fornost")
    assert not [a for a in legal(moved, "green") if a.startswith("to-leader")]
    state = pass_turn(pass_turn(state))
    assert state["turn"]["role"] == "green" and not state["leaders"]["green"][0]["stays"]


def test_an_extra_territory_card_reward_is_drawn_at_once() -> None:
    hands = {"green": {"territory": [], "adventure": ["mission_harlond"]}}
    owners = {"mithlond": "green"}
    state = position(
        owners,
        troops={"mithlond": 5},
        leaders={"green": ["mithlond"]},
        hands=hands,
        decks={"territory": ["card:moria"]},
    )
    state = act(state, "green", "attack mithlond harlindon")
    with scripted(("attack die", 6), ("attack die", 1), ("attack die", 1), ("defence die", 2)):
        state = act(state, "green", "roll 3")
    state = act(state, "green", "advance-leader 3", "complete mission_harlond")
    assert events(state, "mission_completed")[-1]["cards"] == 1
    assert state["hands"]["green"]["territory"] == ["card:moria"]
    assert events(state, "drew_territory_card")[-1] == {"role": "green", "why": "mission"}


def test_one_territory_card_however_many_conquests() -> None:
    state = conquer_fornost(position(OWNERS, troops={"old_forest": 9}), leader=False)
    state = act(state, "green", "attack fornost north_downs")
    with scripted(("attack die", 6), ("attack die", 1), ("attack die", 1), ("defence die", 2)):
        state = act(state, "green", "roll 3")
    state = act(state, "green", "advance 3")
    assert state["turn"]["conquests"] == ["fornost", "north_downs"]
    state = pass_turn(state)
    assert len(state["hands"]["green"]["territory"]) == 1
    assert len(events(state, "drew_territory_card")) == 1
    assert events(state, "own_territory_card", "green") and not events(state, "own_territory_card", "black")


def test_no_territory_card_without_a_conquest() -> None:
    state = pass_turn(position(OWNERS))
    assert state["hands"]["green"]["territory"] == []


def test_an_adventure_card_for_a_leader_reaching_a_site_of_power() -> None:
    state = conquer_fornost(
        position(
            OWNERS,
            troops={"old_forest": 6},
            leaders={"green": ["old_forest"]},
            decks={"adventure": ["ambush"]},
        )
    )
    assert state["turn"]["sites"]
    state = pass_turn(state)
    assert state["hands"]["green"]["adventure"] == ["ambush"]
    assert events(state, "drew_adventure_card") == [{"role": "green"}]
    assert events(state, "own_adventure_card", "green") == [{"card": "ambush"}]


def test_no_adventure_card_when_no_leader_conquers_or_arrives_at_a_site() -> None:
    state = conquer_fornost(
        position(OWNERS, troops={"old_forest": 6}, leaders={"green": ["buckland"]}), leader=False
    )
    state = pass_turn(state)
    assert state["hands"]["green"]["adventure"] == []


def test_the_hand_limit_makes_you_discard() -> None:
    hands = {"green": {"territory": [], "adventure": ["gollum", "smeagol", "ambush"]}}
    state = position(
        OWNERS,
        troops={"old_forest": 6},
        leaders={"green": ["old_forest"]},
        hands=hands,
        decks={"adventure": ["black_sails"]},
    )
    state = act(conquer_fornost(state), "green", "end")
    state = act(state, "green", "done")
    assert kind(state) == "discard"
    assert legal(state, "green") == {
        "discard gollum",
        "discard smeagol",
        "discard ambush",
        "discard black_sails",
    }
    state = act(state, "green", "discard smeagol")
    assert "smeagol" in state["decks"]["adventure_discard"] and "smeagol" not in state["played"]["green"]
    assert state["turn"]["role"] == "black"


def test_an_event_drawn_is_revealed_resolved_and_another_card_drawn(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[tuple[str, str]] = []
    monkeypatch.setitem(event_cards.RESOLVERS, "raiders", lambda state, role, card: seen.append((role, card)))
    state = position(
        OWNERS,
        troops={"old_forest": 6},
        leaders={"green": ["old_forest"]},
        decks={"adventure": ["ambush", "winter_storms", "raiders"]},
    )
    state = pass_turn(conquer_fornost(state))
    assert seen == [("green", "raiders")]
    assert events(state, "event_revealed") == [
        {"role": "green", "card": "raiders"},
        {"role": "green", "card": "winter_storms"},
    ]
    assert events(state, "winter_storms_fell")
    assert state["hands"]["green"]["adventure"] == ["ambush"]
    assert {"raiders", "winter_storms"} <= set(state["decks"]["adventure_discard"])


def test_middle_earth_replaces_a_lost_leader_before_the_draws() -> None:
    state = position(OWNERS, phase="fortify", turn={"conquered": True})
    assert state["spare_leaders"]["green"] == 1
    state = act(state, "green", "done")
    assert kind(state) == "replace_leader" and not events(state, "drew_territory_card")
    state = act(state, "green", "leader buckland")
    kinds = [e["kind"] for e in state["log"]]
    assert kinds.index("leader_replaced") < kinds.index("drew_territory_card")


def test_the_trilogy_replaces_a_lost_leader_after_the_draws() -> None:
    state = position(OWNERS, edition="trilogy", phase="fortify", turn={"conquered": True})
    state = act(state, "green", "done")
    assert kind(state) == "replace_leader" and events(state, "drew_territory_card")
    state = act(state, "green", "leader buckland")
    assert state["leaders"]["green"] == [{"at": "buckland", "spent": False, "stays": False}]


def test_no_replacement_while_a_leader_is_on_the_board() -> None:
    state = position(OWNERS, phase="fortify", leaders={"green": ["buckland"]})
    state = act(state, "green", "done")
    assert state["turn"]["role"] == "black"
