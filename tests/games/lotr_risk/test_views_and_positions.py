"""The view the renderer reads, the words of the log, and positions refused with a reason."""

from __future__ import annotations

from typing import Any

import pytest

from games.core import InvalidPosition
from games.core.chance import scripted
from games.lotr_risk.board import geometry
from games.lotr_risk.victory import end_by_score

from .helpers import R, act, position

VIEW_KEYS = {
    "game", "audience", "options", "edition", "mode", "active", "prompt", "result", "players",
    "neutral", "order", "turn", "territories", "regions", "ring", "battle", "last", "hand", "armed",
    "effects", "log", "decks",
}  # fmt: skip
PLAYER_KEYS = {
    "role", "name", "allegiance", "colour", "territories", "battalions", "reinforcements", "cards",
    "adventure_cards", "score", "eliminated", "dropped", "resigned", "played", "leaders",
}  # fmt: skip


def test_the_view_has_the_designed_keys() -> None:
    hands = {"green": {"territory": ["card:moria"], "adventure": ["ambush"]}}
    state = position({"old_forest": "green"}, hands=hands, leaders={"green": ["old_forest"]})
    view = R.view(state, "green")
    assert set(view) == VIEW_KEYS
    assert view["game"] == "lotr-risk" and view["edition"] == "middle-earth" and view["mode"] == "lotr"
    assert set(view["players"][0]) == PLAYER_KEYS
    green = view["players"][0]
    assert green["allegiance"] == "good" and green["colour"].startswith("#") and green["territories"] == 1
    assert green["reinforcements"] == 3 and green["cards"] == 1 and green["adventure_cards"] == 1
    territory = next(t for t in view["territories"] if t["id"] == "old_forest")
    assert territory == {
        "id": "old_forest", "name": "Old Forest", "region": "arnor", "owner": "green", "troops": 1,
        "leaders": 1, "stronghold": False, "site": False,
    }  # fmt: skip
    assert view["ring"]["territory"] == "the_shire" and view["ring"]["steps"] == 14
    assert view["neutral"] == {"territories": 0, "battalions": 0}
    assert view["hand"]["territory"] == [
        {"id": "card:moria", "name": "the card of Moria", "territory": "moria", "symbol": "creature"}
    ]
    assert view["hand"]["adventure"][0]["name"] == "Ambush"
    assert R.view(state, "black")["hand"]["adventure"] == [] and R.view(state, None)["hand"] is None


def test_the_battle_and_the_last_attack_are_in_the_view() -> None:
    state = position({"old_forest": "green", "buckland": "green"}, troops={"old_forest": 5, "south_downs": 2})
    state = act(state, "green", "attack old_forest south_downs")
    with scripted(("attack die", 6), ("defence die", 1)):
        state = act(state, "green", "roll 1")
    battle = R.view(state, None)["battle"]
    assert battle["from"] == "old_forest" and battle["defender"] == "black" and battle["phase"] == "roll"
    assert battle["last_roll"] == {
        "attack": [6],
        "defence": [1],
        "attack_bonus": 0,
        "defence_bonus": 0,
        "lost": {"attack": 0, "defence": 1},
    }
    with scripted(("attack die", 6), ("defence die", 1)):
        state = act(state, "green", "roll 1")
    state = act(state, "green", "advance 2")
    view = R.view(state, None)
    assert view["battle"] is None
    assert view["last"]["kind"] == "attack" and view["last"]["conquered"] == ["south_downs"]
    assert view["log"][-1].startswith("Green attacks South Downs (Black) from Old Forest: 6 against 1")


def test_the_deck_sizes_are_public_counts_in_a_battle_and_after_the_end() -> None:
    """Every audience reads how many cards each deck and discard pile holds, at every moment
    (a battle under way, the end of the game), and never which cards nor their order."""
    hands = {"green": {"territory": ["card:moria"], "adventure": ["ambush"]}}
    state = position({"old_forest": "green"}, troops={"old_forest": 5, "south_downs": 2}, hands=hands)
    state = act(state, "green", "attack old_forest south_downs")
    with scripted(("attack die", 6), ("defence die", 1)):
        state = act(state, "green", "roll 1")
    decks = state["decks"]
    names = ("territory", "territory_discard", "adventure", "adventure_discard")
    expected = {name: len(decks[name]) for name in names}
    for audience in (None, "green", "black"):
        view = R.view(state, audience)
        assert view["battle"] is not None and view["decks"] == expected
        assert all(isinstance(count, int) for count in view["decks"].values())  # counts, never cards
    told = f"Decks: {expected['territory']} territory cards ("
    assert any(line.startswith(told) for line in R.standing(state))
    end_by_score(state, "ring_left")
    assert state["result"] is not None
    assert R.view(state, None)["decks"] == expected == R.final_reveal(state)["decks"]
    plain = R.view(position({"old_forest": "green"}, mode="plain"), None)
    assert set(plain["decks"]) == {"territory", "territory_discard"}  # no adventure deck in plain mode


def test_plain_mode_views_have_no_ring_scores_or_allegiance() -> None:
    view = R.view(position({"old_forest": "green"}, mode="plain"), None)
    assert view["ring"] is None and view["players"][0]["score"] is None
    assert view["players"][0]["allegiance"] is None
    assert not any(t["stronghold"] or t["site"] for t in view["territories"])


def described(**changes: Any) -> dict[str, Any]:
    every = dict.fromkeys(geometry("middle-earth").territories, "black")
    every["old_forest"] = "green"
    return {"owners": every, "turn": {"role": "green", "phase": "attack"}, **changes}


@pytest.mark.parametrize(
    ("changes", "reason"),
    [
        ({"troops": {"old_forest": 0}}, "the battalions in old_forest"),
        ({"troops": {"gondor": 3}}, "no territory gondor"),
        ({"owners": {"old_forest": "green"}}, "every territory needs an owner"),
        ({"leaders": {"green": ["moria"]}}, "held by black"),
        ({"leaders": {"green": ["old_forest"], "black": ["old_forest"]}}, "held by green"),
        ({"hands": {"green": {"territory": ["moria"]}}}, "not a territory card"),
        ({"hands": {"green": {"adventure": ["ambush", "gollum", "smeagol", "raiders"]}}}, "the limit is 3"),
        ({"hands": {"green": {"adventure": ["mission_erech"]}}}, "not an adventure card of this edition"),
        (
            {"hands": {"green": {"territory": ["card:moria"]}}, "decks": {"removed": ["card:moria"]}},
            "two places",
        ),
        ({"ring": 20}, "the Ring's step"),
        ({"turn": {"role": "red"}}, "still in the game"),
        ({"turn": {"role": "green", "phase": "draw"}}, "reinforce, attack or fortify"),
        ({"eliminated": ["green"]}, "holds territories"),
        ({"options": {"hunt": "on"}}, "Trilogy"),
        ({"pile": 3}, "no pile"),
    ],
)  # fmt: skip
def test_an_impossible_position_is_refused_with_a_reason(changes: dict[str, Any], reason: str) -> None:
    with pytest.raises(InvalidPosition, match=reason):
        R.from_position(described(**changes))


def test_a_position_already_won_is_refused() -> None:
    every = dict.fromkeys(geometry("middle-earth").territories, "green")
    with pytest.raises(InvalidPosition):
        R.from_position({"owners": every, "turn": {"role": "green"}})


def test_positions_outside_a_phase_are_not_described() -> None:
    state = position({"old_forest": "green"}, troops={"old_forest": 5})
    state = act(state, "green", "attack old_forest south_downs")
    with pytest.raises(InvalidPosition):
        R.to_position(state)
    setup = R.setup(1, {}, 2)
    with pytest.raises(InvalidPosition):
        R.to_position(setup)


def test_rules_help_covers_every_adventure_card_and_the_main_rules() -> None:
    topics = {t.slug: t for t in R.rules_topics()}
    for slug in ("reinforcement", "cards", "combat", "leaders", "strongholds", "missions", "fortify",
                 "fellowship", "scoring", "plain", "neutral", "reactions"):  # fmt: skip
        assert slug in topics
    from games.lotr_risk.data import CARDS

    assert set(CARDS) <= set(topics)
    assert "armed in advance" in topics["reactions"].title


def test_the_view_gives_each_region_its_bonus_in_the_chosen_table() -> None:
    from games.core import Match

    def bonuses(**options: str) -> dict[str, int]:
        state = Match.new(R, 1, options, 2).state
        return {r["id"]: r["bonus"] for r in R.view(state, None)["regions"]}

    assert bonuses()["eriador"] == 4 and bonuses()["mirkwood"] == 3  # the 2002 table
    assert bonuses(edition="trilogy")["eriador"] == 3 and bonuses(edition="trilogy")["gondor"] == 7
    assert bonuses(bonuses="public")["eriador"] == 3
