"""Reinforcement and territory-card scenarios, one per rule."""

from __future__ import annotations

from games.core import clone
from games.lotr_risk.board import geometry

from .helpers import R, act, allowed, events, kind, legal, pass_turn, position

ERIADOR = ("the_shire", "evendim_hills", "mithlond", "lune_valley", "tower_hills", "harlindon", "forlindon")
MIRKWOOD = ("eastern_mirkwood", "south_mirkwood", "carrock", "anduin_valley", "north_mirkwood")
SCATTERED = (
    "old_forest", "buckland", "weather_hills", "angmar", "esgaroth", "north_rhun",
    "brown_lands", "dead_marshes", "moria", "eregion", "dunland", "west_rohan", "lorien", "fornost",
)  # fmt: skip


def reinforcing(owned: tuple[str, ...], cards: list[str] | None = None, **more: object) -> dict:
    hands = {"green": {"territory": cards or [], "adventure": []}}
    return position(dict.fromkeys(owned, "green"), phase="reinforce", hands=hands, **more)


def pool(state: dict) -> int:
    return int(state["stack"][-1]["pool"])


def test_territories_count_a_third_at_least_three() -> None:
    assert pool(reinforcing(SCATTERED)) == 4  # 14 // 3
    assert pool(reinforcing(SCATTERED[:5])) == 3  # at least three
    assert pool(reinforcing(SCATTERED[:12])) == 4


def test_region_bonuses_per_table() -> None:
    assert pool(reinforcing(ERIADOR)) == 3 + 4  # the seed: Eriador 4
    assert pool(reinforcing(ERIADOR, options={"bonuses": "public"})) == 3 + 3
    assert pool(reinforcing(MIRKWOOD)) == 3 + 3
    assert pool(reinforcing(MIRKWOOD, options={"bonuses": "public"})) == 3 + 4
    assert pool(reinforcing(ERIADOR, edition="trilogy")) == 3 + 3  # the Trilogy table by default


def test_trilogy_strongholds_give_one_battalion_each_where_they_stand() -> None:
    owners = {"minas_tirith": "green", "moria": "green", "lebennin": "green"}
    state = position(owners, edition="trilogy", role="black", phase="attack")
    state = pass_turn(state)
    assert state["turn"]["role"] == "green"
    assert state["troops"]["minas_tirith"] == 2 and state["troops"]["moria"] == 2
    assert state["troops"]["lebennin"] == 1
    assert pool(state) == 3  # the stronghold battalions come on top of the count
    state = act(state, "green", "place lebennin 3")
    assert events(state, "reinforced")[-1]["strongholds"] == ["moria", "minas_tirith"]


def test_no_stronghold_battalions_in_the_2002_rules() -> None:
    state = pass_turn(position({"moria": "green", "eregion": "green"}, role="black"))
    assert state["troops"]["moria"] == 1


def test_all_reinforcements_are_placed_then_the_phase_ends_by_itself() -> None:
    state = reinforcing(SCATTERED)
    assert "done" not in legal(state, "green")
    (amount,) = [a for a in R.prompt(state, "green").amounts if a.args == ("moria",)]
    assert (amount.low, amount.high) == (1, 4)
    state = act(state, "green", "place moria 1", "place lorien 3")
    assert kind(state) == "attack"
    summary = events(state, "reinforced")[-1]
    assert summary["placed"] == {"moria": 1, "lorien": 3} and summary["base"] == 4


def test_single_cards_are_worth_their_symbol_and_a_wild_card_five() -> None:
    cards = ["card:harlindon", "card:the_shire", "card:mithlond", "card:wild-1"]
    state = reinforcing(SCATTERED, cards)
    for card, value in zip(cards, (1, 3, 5, 5), strict=True):
        after = act(clone(state), "green", f"trade {card}")
        assert pool(after) == 4 + value, card


def test_two_more_battalions_for_a_spent_card_whose_territory_you_hold() -> None:
    state = reinforcing(SCATTERED, ["card:moria", "card:mithlond"])
    assert pool(act(clone(state), "green", "trade card:moria")) == 4 + 5 + 2
    assert pool(act(clone(state), "green", "trade card:mithlond")) == 4 + 5


def test_sets_of_three_and_the_best_cards_for_each_set() -> None:
    cards = ["card:old_forest", "card:harlindon", "card:weather_hills", "card:lune_valley", "card:wild-2"]
    state = reinforcing(SCATTERED, cards)
    sets = sorted(a for a in legal(state, "green") if a.count(" ") == 3)
    # three infantry, held territories first (Old Forest, Weather Hills), no wild card needed
    assert "trade card:harlindon card:old_forest card:weather_hills" in sets
    assert (
        pool(act(clone(state), "green", "trade card:harlindon card:old_forest card:weather_hills"))
        == 4 + 4 + 4
    )
    # a non-canonical set of the same kind is not offered, so not legal
    assert not allowed(state, "green", "trade card:harlindon card:lune_valley card:old_forest")


def test_a_wild_card_completes_any_set() -> None:
    state = reinforcing(SCATTERED, ["card:the_shire", "card:mithlond", "card:wild-1"])
    assert legal(state, "green") >= {"trade card:mithlond card:the_shire card:wild-1"}
    after = act(state, "green", "trade card:mithlond card:the_shire card:wild-1")
    assert pool(after) == 4 + 10  # infantry, cavalry and creature: 10


def test_at_most_three_cards_are_spent_in_a_phase() -> None:
    cards = ["card:moria", "card:lorien", "card:fornost", "card:eregion"]
    state = act(reinforcing(SCATTERED, cards), "green", "trade card:moria", "trade card:lorien")
    trades = {a for a in legal(state, "green") if a.startswith("trade")}
    assert trades == {"trade card:fornost", "trade card:eregion"}  # singles only now
    state = act(state, "green", "trade card:fornost")
    assert not [a for a in legal(state, "green") if a.startswith("trade")]
    set_first = act(
        reinforcing(SCATTERED, [*cards, "card:wild-1"]), "green", "trade card:eregion card:lorien card:moria"
    )
    assert not [a for a in legal(set_first, "green") if a.startswith("trade")]


def test_done_is_offered_when_a_trade_is_still_possible() -> None:
    state = act(reinforcing(SCATTERED, ["card:moria"]), "green", "place moria 4")
    assert legal(state, "green") == {"trade card:moria", "done"}
    assert kind(act(state, "green", "done")) == "attack"


def test_the_trilogy_forces_a_trade_at_five_cards() -> None:
    cards = ["card:moria", "card:lorien", "card:fornost", "card:eregion", "card:buckland"]
    state = reinforcing(SCATTERED, cards, edition="trilogy")
    assert all(a.startswith("trade") for a in legal(state, "green"))
    assert not allowed(state, "green", "place moria 1")
    state = act(state, "green", "trade card:moria")
    assert "place moria 1" not in legal(state, "green") and allowed(state, "green", "place moria 1")
    free = reinforcing(SCATTERED, cards)  # the 2002 rules force nothing
    assert allowed(free, "green", "place moria 1")


def test_spent_cards_go_to_the_discard_pile() -> None:
    state = act(reinforcing(SCATTERED, ["card:moria"]), "green", "trade card:moria")
    assert state["decks"]["territory_discard"] == ["card:moria"]
    assert state["hands"]["green"]["territory"] == []


def test_the_deck_is_rebuilt_from_the_discard_pile_when_empty() -> None:
    everything = list(geometry("middle-earth").territory_cards)
    state = position(
        {"old_forest": "green", "buckland": "green"},
        decks={"territory": [], "territory_discard": everything},
        turn={"conquered": True, "conquests": ["buckland"]},
    )
    state = pass_turn(state)
    assert events(state, "territory_deck_shuffled")
    assert len(state["hands"]["green"]["territory"]) == 1
    assert state["decks"]["territory_discard"] == []
