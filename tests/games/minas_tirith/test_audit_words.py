"""Audit of the words a player reads on the buttons: nothing he would misread."""

from __future__ import annotations

from games.core import Action
from games.core.chance import scripted
from games.minas_tirith.events import PRESENTER
from games.minas_tirith.facts import MT_DECK

from .helpers import CARD, R, match, play


def test_a_sets_label_names_the_sword_not_a_black_creature() -> None:
    # "creature (black)" reads as a black troll; the card shows Mordor's black sword.
    game = match(
        {"causeway": {"orcs": 1}},
        role="evil",
        phase="trade",
        hands={"evil": CARD["creature"][:1] + CARD["creature-black"][:2]},
    )
    label = R.describe(
        game.state, "evil", Action.from_text("trade creature creature creature-black creature-black")
    )
    assert label == "Trade a creature set: creature, creature (black sword), creature (black sword)"


def test_a_re_roll_names_the_dice_by_their_pips() -> None:
    # "re-roll die 2, 3" leaves the player guessing which of his dice are meant.
    game = match(
        {"road_fort": {"infantry": 3}, "causeway_forts": {"orcs": 3}},
        mt_cards={"good": ["courage_of_gondor"]},
    )
    with scripted(
        ("attack die", 5), ("attack die", 2), ("attack die", 1), ("defence die", 4), ("defence die", 3)
    ):
        play(game, "good", "attack road_fort causeway_forts 3")
    label = R.describe(game.state, "good", Action.from_text("react courage_of_gondor 2-3"))
    assert label == "Play the Courage of Gondor: re-roll your 2 and 1"


def test_the_plain_draw_of_an_empty_deck_says_it_draws_nothing() -> None:
    game = match(
        {"road_fort": {"infantry": 1}},
        phase="trade",
        hands={"good": CARD["infantry"][:2] + CARD["infantry-silver"][:1]},
        decks={"mt": [], "aside": list(MT_DECK)},
    )
    play(game, "good", "trade infantry infantry infantry infantry-silver")
    label = R.describe(game.state, "good", Action.from_text("reward draw"))
    assert label == "No card (the Minas Tirith deck is empty): keep your special trade for later"


def test_a_leader_leaving_the_board_says_why_and_that_he_is_not_captured() -> None:
    # "Faramir leaves the board" reads like a loss the opponent scores; it is neither.
    game = match({"road_fort": {"infantry": 1}, "causeway": {"orcs": 1}}, leaders={"faramir": "pelennor"})
    play(game, "good", "end")
    (event,) = [e for e in game.state["log"] if e["kind"] == "leader_removed"]
    assert PRESENTER.text("leader_removed", event["args"]) == (
        "Faramir leaves the board from the Fields of the Pelennor, not captured: "
        "no battalion of his side stands with him."
    )


def test_an_attacks_label_says_what_its_count_in_brackets_counts() -> None:
    # "Attack the Causeway Forts (3) ..." -- 3 dice? 3 points? It is the battalions defending there.
    game = match({"road_fort": {"infantry": 3}, "causeway_forts": {"orcs": 3}})
    label = R.describe(game.state, "good", Action.from_text("attack road_fort causeway_forts 2"))
    assert label == "Attack the Causeway Forts from the Fort of the Road: 2 battalions against 3"
    longest = R.describe(game.state, "good", Action.from_text("attack rammas_north_gate mindolluin_north 3"))
    assert not longest.endswith("…")
