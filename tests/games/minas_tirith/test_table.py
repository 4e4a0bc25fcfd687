"""Minas Tirith at the table: what the lobby and the living status show before anyone sits down."""

from __future__ import annotations

from collections import Counter

from games.core import find
from games.minas_tirith.rules_help import NOTICE


def test_the_lobby_notice_is_the_reconstruction_notice_for_every_option() -> None:
    ruleset = find("minas-tirith")
    for options in ({}, {"deckout": "at-once"}, {"city_entry": "gate-only"}):
        assert ruleset.notice(options) == NOTICE


def test_a_battle_and_an_advance_name_their_spaces_mid_sentence_as_the_words_do() -> None:
    """ "Waiting for Mordor in the battle for the Causeway", "Choose more to advance from the
    Causeway to Osgiliath", never "… for The Causeway"."""
    from games.core import Match
    from games.core.rng import randbelow
    from games.minas_tirith.advances import Advance
    from games.minas_tirith.fight import Fight

    steps = {"fight": Fight(), "advance": Advance()}
    asked: Counter[str] = Counter()
    match = Match.new(find("minas-tirith"), 11, {}, 2)
    ruleset, chooser = match.ruleset, {"rng": 5}
    while match.state["result"] is None and min(asked["fight"], asked["advance"]) < 20:
        frame = match.state["stack"][-1] if match.state["stack"] else None
        role = sorted(ruleset.active(match.state))[0]
        if frame is not None and frame["step"] in steps:
            step = steps[frame["step"]]
            asked[frame["step"]] += 1
            said = [step.title(match.state, frame, role), step.waiting(match.state, frame)]
            said.append(step.instruction(match.state, frame, role))
            texts = [str(words) for words in said]  # (in English)
            assert not any(" The " in t for t in texts), texts
        actions = ruleset.prompt(match.state, role).actions
        wanted = ("attack", "advance", "ride", "send", "lose", "decline", "react", "die", "done")
        pool = [a for a in actions if a.verb in wanted] or [a for a in actions if a.verb != "cancel"]
        match.submit(role, pool[randbelow(chooser, len(pool))])
    assert asked["fight"] and asked["advance"], asked


def test_the_end_post_says_hidden_pieces_are_shown_only_when_something_was_hidden() -> None:
    from bot.texts import reveals_anything
    from games.core import Match

    for game, hidden in (("minas-tirith", False), ("lotr-risk", True), ("war-of-the-ring", True)):
        ruleset = find(game)
        match = Match.new(ruleset, 3, ruleset.resolve_options({}), ruleset.min_players)
        assert reveals_anything(ruleset, match.state) is hidden, game


def test_a_holder_card_brought_in_is_told_in_the_plural_its_name_takes() -> None:
    from games.minas_tirith.events import PRESENTER

    line = PRESENTER.text(
        "entered", {"card": "theoden", "space": "druadan_road", "role": "good", "units": {"cavalry": 2}}
    )
    assert line.startswith("Théoden and the Riders of Rohan enter the Drúadan Road"), line


def test_a_hand_over_the_limit_with_one_set_to_trade_is_traded_without_asking() -> None:
    """Seven cards and a single set that can be traded (nothing to load): the trade is forced,
    so the engine makes it (it is told) instead of asking a question with one answer."""
    from tests.games.minas_tirith.helpers import CARD, match, play

    draws = [CARD["cavalry-silver"][0], CARD["creature-silver"][0]]  # (top last)
    game = match(
        {"road_fort": {"infantry": 1}},
        phase="die",
        dice={"rolled": [4, 3, 3], "taken": [], "left": [4, 3, 3]},
        hands={"good": [*CARD["infantry"][:3], CARD["cavalry"][0], CARD["creature"][0]]},
        decks={"reinforcements": draws},
    )
    play(game, "good", "die 4")
    kinds = [e["kind"] for e in game.state["log"]]
    assert "set_traded" in kinds, kinds
    assert len(game.state["hands"]["good"]) == 4
    prompt = find("minas-tirith").prompt(game.state, "good")
    assert len(prompt.actions) > 1, [a.text for a in prompt.actions]
