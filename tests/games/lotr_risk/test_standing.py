"""``/game status``'s standing lines: each player's holdings and score and the Ring, in public words."""

from __future__ import annotations

from games.lotr_risk.standing import standing_lines

from .helpers import R
from .test_setup import new, settle


def test_the_standing_tells_each_players_holdings_score_and_the_ring() -> None:
    state = settle(new("middle-earth", 3))
    view = R.view(state, None)
    lines = R.standing(state)
    for player, line in zip(view["players"], lines, strict=False):
        assert line.startswith(f"{player['name']} ({player['allegiance'].title()}): ")
        assert f"{player['territories']} territories" in line and f"{player['battalions']} battalions" in line
        assert f"**{player['score']}** points" in line
    assert lines[-1].startswith("The Ring: in ") and f"of {view['ring']['steps']}" in lines[-1]


def test_the_standing_of_a_two_player_game_counts_the_neutral_army_and_no_hand() -> None:
    state = settle(new("middle-earth", 2, mode="plain"))
    lines = R.standing(state)
    neutral = R.view(state, None)["neutral"]
    assert f"Neutral: {neutral['territories']} territories, {neutral['battalions']} battalions" in lines
    # Plain Risk: no score, no Ring, no adventure cards.
    assert not any("points" in line or "Ring" in line or "adventure" in line for line in lines)
    for role in state["roles"]:  # nothing from anyone's hand
        hand = state["hands"][role]
        for card in hand["territory"] + hand["adventure"]:
            assert all(card not in line for line in lines)


def test_the_standing_says_when_a_player_is_out() -> None:
    state = settle(new("middle-earth", 3))
    view = R.view(state, None)
    view["players"][0]["eliminated"] = True
    first = view["players"][0]
    assert standing_lines(view)[0] == f"{first['name']} ({first['allegiance'].title()}): eliminated"
