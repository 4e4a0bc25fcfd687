"""Setup, Draft, options, the view contract, labels and typed commands."""

from __future__ import annotations

import pytest

from games.core import IllegalAction, InvalidAction, find, submit

from .helpers import R, act, legal, position

VIEW_KEYS = {
    "game",
    "audience",
    "options",
    "active",
    "prompt",
    "result",
    "turn",
    "regions",
    "defeated",
    "cards",
    "battle",
    "last_move",
    "log",
}


def test_registered_under_its_name() -> None:
    ruleset = find("confrontation")
    assert ruleset.title == "The Lord of the Rings: The Confrontation"
    assert ruleset.roles(ruleset.resolve_options({}), 2) == ("fellowship", "sauron")


def test_setup_places_four_at_home_and_one_in_each_front_region() -> None:
    state = R.setup(1, R.resolve_options({}), 2)
    regions = {a.split()[2] for a in legal(state, "fellowship") if a.startswith("place frodo ")}
    assert regions == {"shire", "arthedain", "cardolan", "rhudaur", "eregion", "enedwaith"}
    state = act(state, "fellowship", "place frodo eregion")
    assert not any(a.startswith("place ") and a.endswith(" eregion") for a in legal(state, "fellowship"))
    assert "ready" not in legal(state, "fellowship")
    state = act(state, "fellowship", "unplace frodo", "autoplace")
    assert "ready" in legal(state, "fellowship")
    placed = state["setup"]["fellowship"]["placed"]
    assert sorted(placed.values()).count("shire") == 4 and len(set(placed.values())) == 6


def test_setup_is_hidden_from_the_opponent_until_both_are_ready() -> None:
    state = R.setup(1, R.resolve_options({}), 2)
    state = act(state, "fellowship", "autoplace", "ready")
    sauron_view = R.view(state, "sauron")
    assert all(not r["pieces"]["fellowship"] for r in sauron_view["regions"])
    own = R.view(state, "fellowship")
    assert sum(len(r["pieces"]["fellowship"]) for r in own["regions"]) == 9
    state = act(state, "sauron", "autoplace", "ready")
    public = R.view(state, None)
    assert sum(len(r["pieces"]["fellowship"]) for r in public["regions"]) == 9
    assert all(p["character"] is None for r in public["regions"] for p in r["pieces"]["fellowship"])


def test_draft_each_player_picks_one_side_of_each_tile() -> None:
    state = R.setup(2, R.resolve_options({"variant": "draft"}), 2)
    assert {"draft pippin", "draft smeagol", "draft frodo", "draft frodo_v"} <= legal(state, "fellowship")
    state = act(state, "fellowship", "draft frodo_v")
    assert "draft frodo" not in legal(state, "fellowship")
    for char in ("sam", "smeagol", "merry", "gandalf_v", "aragorn", "elrond", "gimli", "treebeard"):
        state = act(state, "fellowship", f"draft {char}")
    assert state["chars"]["fellowship"][0] == "frodo_v" and state["ring_bearer"] == "frodo_v"
    assert any(a.startswith("place frodo_v ") for a in legal(state, "fellowship"))
    assert "Sméagol" not in str(R.view(state, "sauron")) and "Sméagol" not in str(R.view(state, None))


def test_options_are_validated() -> None:
    with pytest.raises(InvalidAction):
        R.resolve_options({"variant": "variant-2002", "specials": "deluxe-4"})
    with pytest.raises(InvalidAction):
        R.resolve_options({"handicap": "sauron"})
    with pytest.raises(InvalidAction):
        R.resolve_options({"variant": "nope"})
    assert R.resolve_options({}) == {"variant": "classic", "specials": "none", "handicap": "none"}


def test_view_has_exactly_the_contract_shape() -> None:
    state = position({"frodo": "eregion", "sam": "shire"}, {"balrog": "misty_mountains"}, revealed=["sam"])
    state = act(state, "sauron", "move balrog eregion")
    state = act(state, "fellowship", "card 1")  # Frodo stays: his card is chosen
    for audience in (None, "fellowship", "sauron"):
        view = R.view(state, audience)
        assert set(view) == VIEW_KEYS
        assert view["game"] == "confrontation" and view["audience"] == audience
        assert view["regions"][0]["id"] == "shire" and len(view["regions"]) == 16
        for region in view["regions"]:
            assert set(region) == {"id", "name", "capacity", "mountain", "pieces"}
            for pieces in region["pieces"].values():
                for piece in pieces:
                    assert set(piece) == {"character", "name", "strength", "revealed"}
        battle = view["battle"]
        assert battle is not None and battle["region"] == "eregion"
        assert set(battle) == {"region", "attacker", "defender", "played", "chosen"}
        assert battle["defender"]["piece"]["character"] == "frodo"  # revealed in battle
        for side in ("fellowship", "sauron"):
            cards = view["cards"][side]
            assert set(cards) == {
                "hand",
                "hand_count",
                "discard",
                "specials",
                "specials_count",
                "specials_used",
            }
            assert (cards["hand"] is None) == (audience != side)
    assert R.view(state, "sauron")["prompt"].startswith("Choose a combat card")
    assert R.view(state, None)["prompt"].startswith("Waiting for")


def test_chosen_card_stays_hidden_until_both_are_revealed() -> None:
    state = position({"gimli": "eregion", "frodo": "shire"}, {"balrog": "misty_mountains"})
    state = act(state, "sauron", "move balrog eregion", "card 6")
    for audience in (None, "fellowship"):
        view = R.view(state, audience)
        assert view["battle"]["chosen"]["sauron"] is True
        assert view["battle"]["played"]["sauron"] is None
        assert "6" not in [c["id"] for c in view["cards"]["sauron"]["discard"]]
    assert "You chose 6" in R.view(state, "sauron")["log"][-1]


def test_hidden_pieces_follow_known_ones_in_the_opponents_view() -> None:
    state = position(
        {"frodo": "shire", "sam": "shire", "pippin": "shire"}, {"orcs": "mordor"}, revealed=["sam"]
    )
    pieces = next(r for r in R.view(state, "sauron")["regions"] if r["id"] == "shire")["pieces"]["fellowship"]
    assert [p["character"] for p in pieces] == ["sam", None, None]


def test_final_reveal_shows_every_identity() -> None:
    state = position({"frodo": "shire", "sam": "shire"}, {"orcs": "mordor"})
    view = R.final_reveal(state)
    names = {p["character"] for r in view["regions"] for s in r["pieces"].values() for p in s}
    assert names == {"frodo", "sam", "orcs"}


def test_describe_labels_moves_cards_and_specials() -> None:
    state = position({"frodo": "shire"}, {"orcs": "arthedain"}, turn="fellowship", specials="2002")
    labels = {a.text: R.describe(state, "fellowship", a) for a in R.prompt(state, "fellowship").actions}
    assert labels["move frodo arthedain"] == "Frodo: The Shire → Arthedain (attack)"
    assert labels["special shadowfax frodo cardolan"] == "Play Shadowfax: Frodo → Cardolan"
    assert R.describe_arg(state, "fellowship", "move", 1, "gap_of_rohan") == "Gap of Rohan"
    assert R.describe_arg(state, "fellowship", "card", 0, "elven_cloak") == "Elven Cloak"


def test_typed_commands_cover_every_verb_and_are_parsed() -> None:
    verbs = {c.verb for c in R.commands}
    assert verbs == set(R.verbs())
    state = position({"frodo": "shire"}, {"orcs": "mordor"}, turn="fellowship")
    with pytest.raises(IllegalAction):
        submit(R, state, "fellowship", "move frodo mordor")
    with pytest.raises(InvalidAction):
        submit(R, state, "fellowship", "dance")
    assert submit(R, state, "fellowship", "Move Frodo Arthedain").action.text == "move frodo arthedain"


def test_undo_works_inside_setup_but_never_after_a_card_choice_or_reveal() -> None:
    from games.core import Match, NothingToUndo

    match = Match(R, R.setup(4, R.resolve_options({}), 2))
    match.submit("fellowship", "place frodo eregion")
    assert match.can_undo("fellowship") and not match.can_undo("sauron")
    match.undo("fellowship")
    assert "frodo" not in match.state["setup"]["fellowship"]["placed"]
    battle = Match(R, position({"gimli": "eregion", "frodo": "shire"}, {"balrog": "misty_mountains"}))
    battle.submit("sauron", "move balrog eregion")
    battle.submit("sauron", "card 6")
    assert not battle.can_undo("sauron")
    with pytest.raises(NothingToUndo):
        battle.undo("sauron")


def test_ability_arguments_have_readable_labels() -> None:
    state = position({"frodo": "shire"}, {"orcs": "mordor"})
    assert R.describe_arg(state, "sauron", "ability", 0, "balrog").startswith("Reveal the Balrog")
    assert R.describe_arg(state, "fellowship", "ability", 1, "frodo_v") == "Frodo"
    assert R.describe_arg(state, "fellowship", "target", 0, "hidden") == "a hidden character"
    assert R.describe_arg(state, "sauron", "special", 0, "recall_to_mordor") == "Recall to Mordor"
