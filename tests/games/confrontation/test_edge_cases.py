"""Edge cases of the rules reference (§12) not covered by the ability and card suites."""

from __future__ import annotations

from .helpers import R, act, legal, position, step, where


def test_edge_2_sam_substitution_and_balrog_ambush_are_optional() -> None:
    state = position(
        {"sam": "eregion", "frodo": "eregion"}, {"balrog": "misty_mountains"}, revealed=["frodo"]
    )
    state = act(state, "sauron", "move balrog eregion", "target frodo")
    assert {"ability sam", "decline"} <= legal(state, "fellowship")
    state = act(state, "fellowship", "decline")
    assert state["stack"][-1]["fight"]["f"] == "frodo"
    state = position({"gimli": "eregion", "frodo": "shire"}, {"balrog": "caradhras"}, turn="fellowship")
    state = act(
        state,
        "fellowship",
        "move gimli fangorn",
    )
    assert "decline" in legal(state, "sauron")


def test_edge_3_sideways_retreat_goes_either_way_along_the_river_row() -> None:
    state = position({"frodo": "fangorn"}, {"balrog": "dagorlad"})
    state = act(state, "sauron", "move balrog fangorn")
    assert legal(state, "fellowship") == {"retreat mirkwood", "retreat rohan", "decline"}


def test_edge_3_the_river_adds_no_retreat_route() -> None:
    state = position(
        {"gimli": "rohan", "frodo": "shire"},
        {"balrog": "gondor", "orcs": "caradhras", "warg": "gap_of_rohan"},
    )
    state = act(state, "sauron", "move balrog rohan")
    state = act(act(state, "fellowship", "card retreat"), "sauron", "card 1")
    assert where(state, "gimli") is None  # no backward region free: upstream Fangorn is not a retreat


def test_edge_5_treebeard_is_placed_in_fangorn_whatever_lies_between() -> None:
    state = position(
        {"treebeard": "shire", "frodo_v": "arthedain"},
        {"uruk_hai": "fangorn", "gollum": "cardolan", "watcher": "eregion"},
        variant="deluxe-variant",
        turn="fellowship",
    )
    assert "move treebeard fangorn" in legal(state, "fellowship")


def test_edge_19_no_sideways_attack_or_retreat_in_the_mountains() -> None:
    state = position({"frodo": "caradhras"}, {"witch_king": "misty_mountains"})
    assert "move witch_king caradhras" not in legal(state, "sauron")
    state = position({"sam": "caradhras", "frodo": "shire"}, {"balrog": "fangorn"})
    state = act(state, "sauron", "move balrog caradhras")
    assert step(state) == "b_cards"  # alone in a mountain: no Frodo beside Sam


def test_edge_20_revealed_survivors_are_hidden_again_after_the_turn() -> None:
    state = position(
        {"gimli": "eregion", "legolas": "eregion", "frodo": "shire"}, {"balrog": "misty_mountains"}
    )
    state = act(state, "sauron", "move balrog eregion")
    state = act(act(state, "fellowship", "card 5"), "sauron", "card 1")  # first defender wins 3+5 > 5+1
    assert state["turn"]["side"] == "fellowship"
    view = R.view(state, "sauron")
    eregion = next(r for r in view["regions"] if r["id"] == "eregion")
    assert [p["character"] for p in eregion["pieces"]["fellowship"]] == [None, None]


def test_decision_caradhras_is_also_called_moria() -> None:
    from games.confrontation.data import _board

    names = {r["id"]: r["aliases"] for r in _board["regions"]}
    assert "moria" in names["caradhras"]
