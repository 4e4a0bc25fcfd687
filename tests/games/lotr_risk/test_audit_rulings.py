"""Rules found by the independent audit: each test names the rule it holds the engine to."""

from __future__ import annotations

from games.core import Match
from games.core.chance import scripted
from games.lotr_risk.board import geometry
from games.lotr_risk.common import die_threshold
from games.lotr_risk.fellowship import ring_context

from .helpers import R, act, events, legal, position

BREE_APPROACH = {"old_forest": "green", "buckland": "green"}
SCATTERED = ("old_forest", "buckland", "weather_hills", "angmar", "esgaroth", "north_rhun", "brown_lands",
             "dead_marshes", "moria", "eregion", "dunland", "west_rohan", "lorien", "fornost")  # fmt: skip


def test_a_leader_whose_battle_conquers_a_site_of_power_earns_a_card_though_he_stays_behind() -> None:
    state = position(BREE_APPROACH, troops={"old_forest": 6}, leaders={"green": ["old_forest"]})
    state = act(state, "green", "attack old_forest fornost")  # Fornost holds Bree, a site of power
    with scripted(("attack die", 6), ("attack die", 1), ("attack die", 1), ("defence die", 2)):
        state = act(state, "green", "roll 3")
    assert events(state, "rolled")[-1]["attack_bonus"] == 1  # the leader fought
    state = act(state, "green", "advance 3")  # and stays in Old Forest
    assert state["turn"]["sites"]


def test_a_conquest_of_a_site_without_the_leader_fighting_earns_nothing() -> None:
    state = position(BREE_APPROACH, troops={"old_forest": 6}, leaders={"green": ["buckland"]})
    state = act(state, "green", "attack old_forest fornost")
    with scripted(("attack die", 6), ("attack die", 1), ("attack die", 1), ("defence die", 2)):
        state = act(state, "green", "roll 3")
    state = act(state, "green", "advance 3")
    assert not state["turn"]["sites"]


def test_a_set_of_three_is_the_same_set_in_any_order() -> None:
    cards = ["card:harlindon", "card:the_shire", "card:mithlond"]  # infantry, cavalry, creature
    state = position(
        dict.fromkeys(SCATTERED, "green"),
        phase="reinforce",
        hands={"green": {"territory": cards, "adventure": []}},
    )
    listed = "trade card:harlindon card:mithlond card:the_shire"
    assert listed in legal(state, "green")
    for typed in (
        "trade card:harlindon card:the_shire card:mithlond",
        "trade card:the_shire card:mithlond card:harlindon",
    ):
        assert R.parse(state, "green", typed).text == listed


def test_the_view_shows_the_mount_doom_roll_of_four_whatever_the_die_space_option() -> None:
    doom = geometry("trilogy").path.index("mount_doom")
    state = position(BREE_APPROACH, phase="fortify", edition="trilogy", ring=doom, options={"die_space": "3"})
    assert R.view(state, "green")["ring"]["threshold"] == 4 == ring_context(state, "green")["threshold"]
    assert R.view(state, "green")["ring"]["threshold"] != die_threshold(state)


def test_plain_mode_four_players_start_with_30_or_the_printed_40() -> None:
    for chosen, battalions in (("30", 30), ("40", 40)):
        options = {"mode": "plain", "players": "4", "plain_start": chosen}
        state = Match.new(R, 1, options, 4).state
        placed = {r: sum(1 for o in state["owner"].values() if o == r) for r in state["roles"]}
        assert {r: state["setup"]["left"][r] + placed[r] for r in state["roles"]} == dict.fromkeys(
            state["roles"], battalions
        )


def test_a_resignation_from_three_players_ends_the_game_on_the_others_scores_in_revision_1() -> None:
    """The ruling of matches begun before rules revision 2 (see test_resignation.py for today's)."""
    match = Match.new(R, 3, {"players": "3"}, 3)
    del match.state["rules"]
    match.resign("red")
    result = match.state["result"]
    assert result["reason"] == "resignation" and "red" not in result["winners"]
    assert events(match.state, "final_scores")[-1]["winners"] == result["winners"]
    assert set(events(match.state, "final_scores")[-1]["scores"]) == {"green", "black"}


def test_a_resignation_from_two_players_gives_the_other_the_win() -> None:
    match = Match.new(R, 3, {"players": "2"}, 2)
    match.resign("green")
    assert match.state["result"]["winners"] == ["black"] and match.state["result"]["reason"] == "resigned"
