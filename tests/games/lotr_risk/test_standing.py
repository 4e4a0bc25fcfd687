"""What `/game status` and `/game log` tell: standing lines in public words, a log without repeats."""

from __future__ import annotations

from games.lotr_risk.standing import standing_lines

from .helpers import R, act
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


def test_the_log_sums_up_the_printed_placement_instead_of_listing_every_battalion() -> None:
    state = settle(new("middle-earth", 3, setup="printed"))
    lines = R.log_lines(state, "green")
    assert not any(line.endswith("places a battalion in the Shire.") for line in lines)
    assert sum(line.startswith("All starting battalions are placed") for line in lines) == 1
    # While the placement goes on, each battalion is still told.
    during = R.log_lines(settle_claims_then(state=new("middle-earth", 3, setup="printed")), "green")
    assert any("places a battalion" in line for line in during)


def settle_claims_then(state: dict) -> dict:
    from .test_setup import settle_claims

    state = settle_claims(state)
    role = sorted(R.active(state))[0]
    return act(state, role, sorted(a.text for a in R.prompt(state, role).actions)[0])
