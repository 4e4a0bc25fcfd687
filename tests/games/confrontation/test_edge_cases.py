"""Edge cases of the rules reference (§12) not covered by the ability and card suites."""

from __future__ import annotations

from .helpers import COMBAT_CARD, R, act, fighters, legal, options, position, step, where


def test_edge_2_sam_substitution_and_balrog_ambush_are_optional() -> None:
    state = position(
        {"sam": "eregion", "frodo": "eregion"}, {"balrog": "misty_mountains"}, revealed=["frodo"]
    )
    state = act(state, "sauron", "move balrog eregion", "target frodo")
    assert options(state, "fellowship") >= {"ability sam"} and "card 1" in legal(state, "fellowship")
    state = act(state, "fellowship", "card 1")  # Sam stays out: Frodo fights
    assert fighters(state)["fellowship"] == "frodo"
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
    assert options(state, "fellowship") == {"retreat mirkwood", "retreat rohan"}


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
    assert step(state) == COMBAT_CARD  # alone in a mountain: no Frodo beside Sam


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


def test_black_rider_may_pass_through_a_friendly_region_that_is_not_full() -> None:
    state = position({"frodo": "fangorn"}, {"black_rider": "mordor", "orcs": "gondor"})
    moves = {a for a in legal(state, "sauron") if a.startswith("move black_rider")}
    assert "move black_rider fangorn" in moves  # through Gondor (one Sauron character) or Dagorlad


def test_named_and_hidden_targets_mix() -> None:
    state = position(
        {"gimli": "eregion", "legolas": "eregion", "frodo": "shire"},
        {"balrog": "misty_mountains"},
        revealed=["gimli"],
    )
    state = act(state, "sauron", "move balrog eregion", "target hidden")
    assert fighters(state)["fellowship"] == "legolas"  # the only hidden defender


def test_wormtongue_may_decline_his_escape() -> None:
    state = position(
        {"elrond": "eregion", "frodo_v": "shire"},
        {"wormtongue": "misty_mountains", "gollum": "caradhras"},
        variant="deluxe-variant",
    )
    state = act(state, "sauron", "move wormtongue eregion")
    state = act(act(state, "fellowship", "card 1"), "sauron", "card 1")
    # Misty Mountains is empty again once he has left it, so he can flee there.
    assert "retreat misty_mountains" in legal(state, "sauron")
    state = act(state, "sauron", "decline")
    assert "wormtongue" in state["defeated"]["sauron"]


def test_mouth_of_sauron_takes_the_4_from_the_discards() -> None:
    state = position(
        {"elrond": "eregion", "frodo_v": "shire"},
        {"mouth_of_sauron": "misty_mountains"},
        variant="deluxe-variant",
        hands={"sauron": ["1", "2"]},
    )
    state = act(state, "sauron", "move mouth_of_sauron eregion")
    state = act(act(state, "fellowship", "card 3"), "sauron", "card 1")
    state = act(state, "sauron", "ability mouth")  # 3+3 against 3+4
    assert "elrond" in state["defeated"]["fellowship"]
    assert "1" in state["cards"]["sauron"]["discard"] and "1" not in state["cards"]["sauron"]["hand"]


def test_gwaihir_never_flies_sideways_in_the_mountains() -> None:
    state = position({"gimli": "caradhras", "frodo": "shire"}, {"balrog": "fangorn"}, specials="deluxe-4")
    state = act(state, "sauron", "move balrog caradhras")
    assert {a for a in legal(state, "fellowship") if a.startswith("special gwaihir")} == {
        "special gwaihir eregion",
        "special gwaihir enedwaith",
    }


def test_palantir_never_looks_into_the_shire() -> None:
    state = position({"frodo": "shire", "sam": "eregion"}, {"orcs": "mordor"}, specials="deluxe-4")
    regions = {a.split()[2] for a in legal(state, "sauron") if a.startswith("special palantir")}
    assert regions == {"eregion"}


def test_wormtongue_without_an_empty_region_behind_him_is_defeated() -> None:
    state = position(
        {"elrond": "arthedain", "frodo_v": "shire"},
        {"wormtongue": "eregion", "gollum": "misty_mountains", "watcher": "caradhras"},
        variant="deluxe-variant",
        turn="fellowship",
    )
    state = act(state, "fellowship", "move elrond eregion")
    state = act(act(state, "fellowship", "card 1"), "sauron", "card 1")  # 3+1 against -1+1
    assert "wormtongue" in state["defeated"]["sauron"] and state["turn"]["side"] == "sauron"
