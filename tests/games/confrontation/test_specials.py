"""Special cards: the 2002 set (instead of the move) and the eight Deluxe cards (rules §10, §11.2)."""

from __future__ import annotations

from .helpers import (
    AMBUSH,
    COMBAT_CARD,
    R,
    act,
    defeated,
    legal,
    log_text,
    position,
    step,
    where,
    winner,
)

S2002 = {"specials": "2002"}
DLX = {"specials": "deluxe-4"}


def specials(state: dict, role: str) -> set[str]:
    return {a for a in legal(state, role) if a.startswith("special ")}


def test_2002_shadowfax_moves_one_character_twice() -> None:
    state = position({"frodo": "shire", "sam": "eregion"}, {"orcs": "mordor"}, turn="fellowship", **S2002)
    state = act(state, "fellowship", "special shadowfax frodo arthedain")
    assert where(state, "frodo") == "arthedain" and state["turn"]["side"] == "fellowship"
    assert {a.split()[1] for a in legal(state, "fellowship")} == {"frodo"}
    state = act(state, "fellowship", "move frodo rhudaur")
    assert where(state, "frodo") == "rhudaur" and state["turn"]["side"] == "sauron"
    assert state["specials"]["fellowship"]["used"] == ["shadowfax"]


def test_shadowfax_first_move_must_avoid_sauron_and_full_regions() -> None:
    state = position(
        {"frodo": "shire", "sam": "cardolan", "gimli": "cardolan"},
        {"orcs": "arthedain"},
        turn="fellowship",
        **S2002,
    )
    assert not any(a.startswith("special shadowfax frodo") for a in specials(state, "fellowship"))


def test_shadowfax_through_the_tunnel_meets_the_balrog() -> None:
    state = position(
        {"frodo": "shire", "gimli": "eregion"}, {"balrog": "caradhras"}, turn="fellowship", **S2002
    )
    state = act(state, "fellowship", "special shadowfax gimli fangorn")
    assert step(state) == AMBUSH
    state = act(state, "sauron", "ability balrog")
    assert defeated(state, "gimli") and state["turn"]["side"] == "sauron"


def test_2002_gandalf_the_white_returns_gandalf_in_fangorn() -> None:
    state = position({"frodo": "shire"}, {"orcs": "mordor"}, turn="fellowship", **S2002)
    assert "gandalf" in state["defeated"]["fellowship"]
    state = act(state, "fellowship", "special gandalf_the_white")
    assert where(state, "gandalf") == "fangorn" and not defeated(state, "gandalf")
    assert state["turn"]["side"] == "sauron"


def test_gandalf_the_white_is_blocked_by_sauron_in_fangorn_or_two_friends() -> None:
    state = position({"frodo": "shire"}, {"orcs": "fangorn"}, turn="fellowship", **S2002)
    assert "special gandalf_the_white" not in specials(state, "fellowship")
    state = position(
        {"frodo": "shire", "sam": "fangorn", "pippin": "fangorn"},
        {"orcs": "mordor"},
        turn="fellowship",
        **S2002,
    )
    assert "special gandalf_the_white" not in specials(state, "fellowship")
    state = position({"frodo": "shire", "gandalf": "rohan"}, {"orcs": "mordor"}, turn="fellowship", **S2002)
    assert "special gandalf_the_white" not in specials(state, "fellowship")


def test_2002_palantir_reveals_a_region_instead_of_the_move() -> None:
    state = position({"frodo": "eregion", "sam": "eregion", "pippin": "shire"}, {"orcs": "mordor"}, **S2002)
    assert "special palantir shire" not in specials(state, "sauron")
    state = act(state, "sauron", "special palantir eregion")
    assert "Frodo" in log_text(state, None) and "Sam" in log_text(state, None)
    assert state["turn"]["side"] == "fellowship"  # the move was spent


def test_recall_to_mordor_puts_a_character_back_home() -> None:
    state = position({"frodo": "shire"}, {"orcs": "eregion", "warg": "mordor"}, **S2002)
    state = act(state, "sauron", "special recall_to_mordor orcs")
    assert where(state, "orcs") == "mordor" and state["turn"]["side"] == "fellowship"
    assert "Orcs" not in log_text(state, "fellowship")  # the recalled character stays hidden


def test_recall_to_mordor_is_blocked_by_a_fellowship_character_in_mordor() -> None:
    state = position({"frodo": "shire", "sam": "mordor"}, {"orcs": "eregion"}, **S2002)
    assert not any(a.startswith("special recall") for a in specials(state, "sauron"))


def test_special_cards_are_used_once() -> None:
    state = position({"frodo": "shire"}, {"orcs": "eregion", "warg": "gondor"}, **S2002)
    state = act(
        state,
        "sauron",
        "special recall_to_mordor orcs",
    )
    state = act(state, "fellowship", "move frodo cardolan")
    assert not any(a.startswith("special recall") for a in specials(state, "sauron"))


def test_deluxe_palantir_is_played_in_addition_to_the_move() -> None:
    state = position({"frodo": "eregion", "sam": "shire"}, {"orcs": "misty_mountains"}, **DLX)
    state = act(state, "sauron", "special palantir eregion")
    assert state["turn"]["side"] == "sauron" and "frodo" in state["revealed"]
    assert any(a.startswith("move ") for a in legal(state, "sauron"))


def test_deluxe_palantir_during_target_choice_lets_sauron_name_a_defender() -> None:
    state = position(
        {"frodo": "eregion", "gimli": "eregion", "sam": "shire"},
        {"balrog": "misty_mountains"},
        revealed=["gimli"],
        **DLX,
    )
    state = act(state, "sauron", "move balrog eregion")
    assert "special palantir eregion" in legal(state, "sauron")
    state = act(state, "sauron", "special palantir eregion")
    assert "target frodo" in legal(state, "sauron")


def test_deluxe_dark_of_mordor_then_a_different_character_moves() -> None:
    state = position({"frodo": "shire"}, {"orcs": "gondor", "warg": "mordor"}, **DLX)
    state = act(state, "sauron", "special dark_of_mordor orcs rohan")
    assert where(state, "orcs") == "rohan"
    assert {a.split()[1] for a in legal(state, "sauron") if a.startswith("move")} == {"warg"}


def test_deluxe_dark_of_mordor_cannot_move_a_revealed_watcher() -> None:
    state = position(
        {"frodo_v": "shire"},
        {"watcher": "gondor", "gollum": "mordor"},
        variant="deluxe-variant",
        revealed={"watcher": "perm"},
        **DLX,
    )
    assert not any(a.startswith("special dark_of_mordor watcher") for a in specials(state, "sauron"))


def test_deluxe_crebain_reveals_a_character_for_the_rest_of_the_game() -> None:
    state = position({"frodo": "eregion", "sam": "shire"}, {"orcs": "mordor"}, **DLX)
    state = act(state, "sauron", "special crebain eregion")
    assert state["revealed"].get("frodo") == "perm" and state["turn"]["side"] == "fellowship"
    state = act(state, "fellowship", "move sam cardolan")
    assert state["revealed"].get("frodo") == "perm"


def test_deluxe_gandalf_the_white_ends_a_crebain_reveal() -> None:
    state = position({"frodo": "shire"}, {"orcs": "mordor"}, turn="fellowship", **DLX)
    state["revealed"]["gandalf"] = "perm"  # spied by the Crebain before he fell
    state = act(state, "fellowship", "special gandalf_the_white")
    assert state["revealed"].get("gandalf") != "perm"
    assert where(state, "gandalf") == "fangorn"


def test_deluxe_a_king_revealed_forces_sauron_to_move_the_named_character() -> None:
    state = position(
        {"frodo": "shire", "aragorn": "cardolan"},
        {"orcs": "mordor", "warg": "gondor"},
        turn="fellowship",
        **DLX,
    )
    state = act(state, "fellowship", "special a_king_revealed warg")
    assert "aragorn" in state["public"]
    assert state["turn"]["side"] == "sauron"
    assert {a.split()[1] for a in legal(state, "sauron") if a.startswith("move")} == {"warg"}
    assert not specials(state, "sauron") - {a for a in specials(state, "sauron") if "palantir" in a}
    state = act(state, "sauron", "move warg rohan")
    assert state["king"] is None


def test_a_king_revealed_needs_aragorn_and_never_names_a_revealed_watcher() -> None:
    state = position({"frodo": "shire"}, {"orcs": "mordor"}, turn="fellowship", **DLX)
    assert not any("a_king_revealed" in a for a in specials(state, "fellowship"))
    state = position(
        {"frodo_v": "shire", "aragorn_v": "cardolan"},
        {"watcher": "gondor", "gollum": "mordor"},
        variant="deluxe-variant",
        turn="fellowship",
        revealed={"watcher": "perm"},
        **DLX,
    )
    names = {a.split()[2] for a in specials(state, "fellowship") if "a_king_revealed" in a}
    assert names == {"gollum"}


def test_deluxe_gwaihir_flies_the_fighter_away_at_the_start_of_a_battle() -> None:
    state = position({"gimli": "eregion", "frodo": "shire"}, {"balrog": "misty_mountains"}, **DLX)
    state = act(state, "sauron", "move balrog eregion")
    assert {"special gwaihir rhudaur", "special gwaihir arthedain"} <= legal(state, "fellowship")
    state = act(state, "fellowship", "special gwaihir arthedain")
    assert where(state, "gimli") == "arthedain" and "gwaihir" in state["specials"]["fellowship"]["used"]


def test_gwaihir_is_not_allowed_against_the_warg() -> None:
    state = position({"gimli": "eregion", "frodo": "shire"}, {"warg": "misty_mountains"}, **DLX)
    state = act(state, "sauron", "move warg eregion")
    assert step(state) == COMBAT_CARD


def test_deluxe_2_each_player_secretly_keeps_two_specials() -> None:
    state = R.setup(5, R.resolve_options({"specials": "deluxe-2"}), 2)
    assert legal(state, "fellowship") == {
        "pick-special shadowfax",
        "pick-special gandalf_the_white",
        "pick-special a_king_revealed",
        "pick-special gwaihir",
    }
    state = act(state, "fellowship", "pick-special gwaihir", "pick-special shadowfax")
    assert state["specials"]["fellowship"]["held"] == ["gwaihir", "shadowfax"]
    assert any(a.startswith("place ") for a in legal(state, "fellowship"))
    view = R.view(state, "sauron")
    assert view["cards"]["fellowship"]["specials"] is None
    assert view["cards"]["fellowship"]["specials_count"] == 2
    assert "Gwaihir" not in str(view)


def test_handicap_gives_special_cards_to_one_side_only() -> None:
    state = R.setup(5, R.resolve_options({"specials": "2002", "handicap": "fellowship"}), 2)
    assert state["specials"]["fellowship"]["held"] == ["shadowfax", "gandalf_the_white"]
    assert state["specials"]["sauron"]["held"] == []


def test_variant_2002_option_brings_the_2002_special_cards() -> None:
    options = R.resolve_options({"variant": "variant-2002"})
    assert options["specials"] == "2002"
    state = R.setup(5, options, 2)
    assert state["specials"]["sauron"]["held"] == ["palantir", "recall_to_mordor"]


def test_a_turn_replacing_special_counts_as_a_legal_move() -> None:
    state = position(
        {"frodo": "misty_mountains"},
        {"watcher": "shire"},
        variant="draft",
        revealed={"watcher": "perm"},
        turn="fellowship",
        **S2002,
    )
    state = act(state, "fellowship", "move frodo fangorn")
    # The Watcher cannot move, but Recall to Mordor is a legal action: no loss.
    assert winner(state) is None
    assert "special recall_to_mordor watcher" in legal(state, "sauron")


def test_deluxe_shadowfax_comes_before_the_normal_move_of_the_same_character() -> None:
    state = position({"frodo": "shire", "sam": "eregion"}, {"orcs": "mordor"}, turn="fellowship", **DLX)
    state = act(state, "fellowship", "special shadowfax sam caradhras")
    assert {a.split()[1] for a in legal(state, "fellowship")} == {"sam"}
    state = act(state, "fellowship", "move sam rohan")
    assert where(state, "sam") == "rohan" and state["turn"]["side"] == "sauron"


def test_deluxe_recall_to_mordor_replaces_the_whole_turn() -> None:
    state = position({"frodo": "shire"}, {"orcs": "rohan", "warg": "gondor"}, **DLX)
    state = act(state, "sauron", "special recall_to_mordor orcs")
    assert where(state, "orcs") == "mordor" and state["turn"]["side"] == "fellowship"


def test_special_cards_have_2002_texts_where_the_timing_differs() -> None:
    from games.confrontation.data import SPECIALS

    assert SPECIALS["palantir"].text_for("2002").startswith("Instead of your move")
    assert not SPECIALS["palantir"].text_for("deluxe").startswith("Instead of your move")
    assert SPECIALS["crebain"].text_for("2002") == SPECIALS["crebain"].text
