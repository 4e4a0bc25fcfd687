"""Completing a mission is a choice (the seed: the player *may* declare it complete and take
its reward): offered while the leader who arrived at its site this turn stands there, in the
combat and fortify menus; a player may pass through the site instead. Matches of rules
revision 1 complete it at once on arrival."""

from __future__ import annotations

from typing import Any

from games.core import Match, State
from games.core.chance import scripted

from .helpers import R, act, events, kind, legal, pass_turn, position

OWNERS = {"old_forest": "green", "buckland": "green"}
BREE = {"green": {"territory": [], "adventure": ["mission_bree"]}}
AMBUSH = {"green": {"territory": [], "adventure": ["ambush"]}}


def fortifying(hands: dict[str, Any] = BREE, **more: Any) -> State:
    """Green fortifies with his leader in the Old Forest; Fornost (Bree's site) and Weather
    Hills are his too."""
    owners = OWNERS | {"fornost": "green", "weather_hills": "green"}
    return position(owners, phase="fortify", leaders={"green": ["old_forest"]}, hands=hands, **more)


def test_declaring_a_mission_is_offered_with_its_reward_in_the_description() -> None:
    state = act(fortifying(), "green", "from old_forest", "to-leader fornost 0")
    offered = [a for a in R.prompt(state, "green").actions if a.verb == "complete"]
    assert [a.text for a in offered] == ["complete mission_bree"]
    label = R.describe(state, "green", offered[0])
    assert label == "Complete the Bree mission: +2 battalions in Fornost"
    assert "+2 battalions in Fornost" in R.explain(state, "green", offered[0])
    assert "stay in Fornost until your next turn" in R.explain(state, "green", offered[0])


def test_a_leader_may_pass_through_a_mission_site_without_completing_it() -> None:
    state = act(fortifying(), "green", "from old_forest", "to-leader fornost 0")
    state = act(state, "green", "from fornost", "to-leader weather_hills 0")  # he goes on
    assert state["leaders"]["green"][0]["at"] == "weather_hills"
    assert "mission_bree" in state["hands"]["green"]["adventure"] and not events(state, "mission_completed")
    assert "complete mission_bree" not in legal(state, "green")  # he left the site


def test_a_mission_declared_keeps_the_leader_on_its_site() -> None:
    state = act(fortifying(), "green", "from old_forest", "to-leader fornost 0", "complete mission_bree")
    assert state["played"]["green"] == ["mission_bree"] and state["troops"]["fornost"] == 1 + 2
    assert state["leaders"]["green"][0]["stays"]
    assert "complete mission_bree" not in legal(state, "green")
    state = act(state, "green", "from fornost")
    assert not [a for a in legal(state, "green") if a.startswith("to-leader")]


def test_a_leader_passing_through_a_site_by_conquest_may_attack_on_with_the_battalions() -> None:
    hands = BREE
    state = position(OWNERS, troops={"old_forest": 6}, leaders={"green": ["old_forest"]}, hands=hands)
    state = act(state, "green", "attack old_forest fornost")
    with scripted(("attack die", 6), ("attack die", 1), ("attack die", 1), ("defence die", 2)):
        state = act(state, "green", "roll 3")
    state = act(state, "green", "advance-leader 5")
    assert kind(state) == "attack" and "complete mission_bree" in legal(state, "green")
    assert any(a.startswith("attack fornost ") for a in legal(state, "green"))  # not pinned there
    target = next(a for a in sorted(legal(state, "green")) if a.startswith("attack fornost "))
    state = act(state, "green", target)
    assert "mission_bree" in state["hands"]["green"]["adventure"]


def test_a_mission_arrived_at_in_combat_may_be_declared_in_fortify() -> None:
    state = position(OWNERS, troops={"old_forest": 6}, leaders={"green": ["old_forest"]}, hands=BREE)
    state = act(state, "green", "attack old_forest fornost")
    with scripted(("attack die", 6), ("attack die", 1), ("attack die", 1), ("defence die", 2)):
        state = act(state, "green", "roll 3")
    state = act(state, "green", "advance-leader 5", "end")
    assert kind(state) == "fortify" and "complete mission_bree" in legal(state, "green")


def test_a_mission_not_declared_in_that_turn_waits_for_another_arrival() -> None:
    state = act(fortifying(), "green", "from old_forest", "to-leader fornost 0", "done")
    while state["result"] is None and state["turn"]["role"] != "green":
        state = pass_turn(state)
    assert "arrived" not in state["leaders"]["green"][0]
    assert state["leaders"]["green"][0]["at"] == "fornost"  # he stands there, but did not arrive
    assert "mission_bree" in state["hands"]["green"]["adventure"]


def test_the_phase_waits_for_a_mission_on_public_facts_only() -> None:
    """After a leader's move into a site, fortify goes on in the same way whether the card held
    is the mission or not: nobody can tell from the game waiting what the player holds."""
    for hands, offered in ((BREE, True), (AMBUSH, False)):
        state = fortifying(hands)
        state = act(state, "green", "from old_forest", "to-leader fornost 0")
        assert R.active(state) == {"green"} and kind(state) == "fortify"
        assert ("complete mission_bree" in legal(state, "green")) is offered
        assert R.prompt(state, "black").text == "Waiting for Green to fortify."


def test_after_the_trilogy_s_one_move_only_the_mission_or_done_is_left() -> None:
    owners = {"the_shire": "green", "buckland": "green", "old_forest": "green"}
    hands = {"green": {"territory": [], "adventure": ["mission_hobbiton"]}}
    state = position(owners, edition="trilogy", phase="fortify", leaders={"green": ["buckland"]}, hands=hands)
    state = act(state, "green", "from buckland", "to-leader the_shire 0")
    assert legal(state, "green") == {"complete mission_hobbiton", "done"}
    state = act(state, "green", "complete mission_hobbiton")
    assert events(state, "mission_completed") and kind(state) != "fortify"


def test_without_adventure_cards_nothing_waits_for_a_mission() -> None:
    state = fortifying({"green": {"territory": [], "adventure": []}})
    moved = act(state, "green", "from old_forest", "to-leader fornost 0")
    assert "complete" not in " ".join(legal(moved, "green"))


def test_a_match_of_rules_revision_1_completes_the_mission_on_arrival() -> None:
    state = fortifying()
    del state["rules"]
    match = Match(R, state)
    for text in ("from old_forest", "to-leader fornost 0"):
        match.submit("green", text, check=True)
    assert events(match.state, "mission_completed")[-1]["card"] == "mission_bree"
    assert "complete mission_bree" not in legal(match.state, "green")
