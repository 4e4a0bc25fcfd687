"""Audit of phase 3 (§7.3): no question with a single answer -- after loading a holder card or
discarding with nothing else to do, and a special trade that can only draw."""

from __future__ import annotations

from .helpers import CARD, legal, match, play

GOOD_CARDS = [
    "theoden", "aragorn", "imrahil", "white_rider", "muster_of_gondor", "courage_of_gondor",
    "fortunes_of_war", "forced_march", "hidden_reserves",
]  # fmt: skip
EVIL_CARDS = [
    "mordor_reinforcements", "haradrim", "siege_tower", "storm_ladders", "grond",
    "catapults_of_mordor", "black_breath",
]  # fmt: skip


def test_loading_the_last_card_goes_on_to_the_actions_without_asking() -> None:
    game = match(
        {"road_fort": {"infantry": 1}},
        phase="trade",
        hands={"good": CARD["cavalry"][:1]},
        mt_cards={"good": ["theoden"]},
    )
    play(game, "good", "load theoden cavalry cavalry")
    assert game.state["stack"][-1]["step"] == "act"


def test_a_special_trade_that_can_only_draw_asks_nothing() -> None:
    # Gondor's creature set with his silver sword: no creature to place, the Minas Tirith deck is
    # empty and no card of his lies put aside -- "draw" is the only answer, so it is not asked.
    game = match(
        {"road_fort": {"infantry": 1}},
        phase="trade",
        hands={"good": CARD["creature"][:2] + CARD["creature-silver"][:1]},
        mt_cards={"good": GOOD_CARDS},
        decks={"mt": [], "aside": EVIL_CARDS},
    )
    play(game, "good", "trade creature creature creature creature-silver")
    assert game.state["stack"][-1]["step"] == "act"
    assert not game.state["turn"]["special_used"]


def test_a_hand_of_exactly_six_cards_need_not_trade() -> None:
    # "You may have only 6 reinforcement cards in front of you. If you have 7 or more, you must
    # trade": six is allowed, so the player may go on with a set in hand.
    hand = CARD["infantry"][:3] + CARD["cavalry"][:2] + CARD["creature"][:1]
    game = match({"road_fort": {"infantry": 1}}, phase="trade", hands={"good": hand})
    assert {"done", "trade infantry infantry infantry infantry"} <= legal(game, "good")
