"""The 18 Deluxe variant characters (rules §11.1) and their edge cases."""

from __future__ import annotations

from .helpers import RETREAT, act, defeated, fighters, legal, log_text, position, step, where, winner

V = {"variant": "deluxe-variant"}


def play(state: dict, fcard: str, scard: str) -> dict:
    return act(act(state, "fellowship", f"card {fcard}"), "sauron", f"card {scard}")


def maybe_decline(state: dict, role: str = "fellowship") -> dict:
    """Decline the variant Gandalf's offer (asked whenever he is alive)."""
    if "decline" in legal(state, role):
        return act(state, role, "decline")
    return state


def test_variant_frodo_voids_sauron_text_cards() -> None:
    state = position({"frodo_v": "eregion", "sam_v": "shire"}, {"uruk_hai": "misty_mountains"}, **V)
    state = act(state, "sauron", "move uruk_hai eregion")
    state = play(state, "5", "eye")  # 1+5 against 4+0
    assert defeated(state, "uruk_hai")
    assert "has no effect against Frodo" in log_text(state, None)


def test_variant_sam_becomes_ring_bearer_when_frodo_falls() -> None:
    state = position({"frodo_v": "caradhras", "sam_v": "gondor"}, {"uruk_hai": "fangorn"}, **V)
    state = act(state, "sauron", "move uruk_hai caradhras")
    state = play(state, "1", "1")
    assert defeated(state, "frodo_v") and winner(state) is None
    assert state["ring_bearer"] == "sam_v"
    state = act(state, "fellowship", "move sam_v mordor")
    assert winner(state) == "fellowship"


def test_variant_frodo_falling_without_sam_wins_for_sauron() -> None:
    state = position({"frodo_v": "caradhras"}, {"uruk_hai": "fangorn"}, **V)
    state = act(state, "sauron", "move uruk_hai caradhras")
    state = play(state, "1", "1")
    assert winner(state) == "sauron"


def test_variant_frodo_defeated_by_the_warg_wins_for_sauron_even_with_sam() -> None:
    state = position({"frodo_v": "caradhras", "sam": "shire"}, {"warg": "fangorn"}, variant="draft")
    state = act(state, "sauron", "move warg caradhras")
    state = maybe_decline(state)
    state = play(state, "1", "1")
    assert winner(state) == "sauron"


def test_variant_sam_has_the_attackers_strength_when_attacked() -> None:
    state = position({"sam_v": "eregion", "frodo_v": "shire"}, {"uruk_hai": "misty_mountains"}, **V)
    state = act(state, "sauron", "move uruk_hai eregion")
    state = play(state, "2", "1")  # Sam 4+2 against Uruk-hai 4+1
    assert defeated(state, "uruk_hai") and not defeated(state, "sam_v")


def test_variant_sam_against_attacking_variant_orcs_has_strength_6() -> None:
    state = position({"sam_v": "eregion", "frodo_v": "shire"}, {"orcs_v": "misty_mountains"}, **V)
    state = act(state, "sauron", "move orcs_v eregion")
    state = play(state, "1", "1")  # 6+1 against 6+1
    assert defeated(state, "sam_v") and defeated(state, "orcs_v")


def test_elrond_ignores_eye_and_magic_but_not_retreat() -> None:
    state = position({"elrond": "eregion", "frodo_v": "shire"}, {"uruk_hai": "misty_mountains"}, **V)
    state = act(state, "sauron", "move uruk_hai eregion")
    state = play(state, "elven_cloak", "eye")  # the Eye is ignored, the Cloak works: 3 against 4
    assert "has no effect against Elrond" in log_text(state, None)
    state = position({"elrond": "eregion", "frodo_v": "shire"}, {"uruk_hai": "misty_mountains"}, **V)
    state = act(state, "sauron", "move uruk_hai eregion")
    state = play(state, "1", "retreat")
    if step(state) == RETREAT:
        state = act(state, "sauron", "retreat rhudaur")
    assert where(state, "uruk_hai") in {"rhudaur", "enedwaith"}


def test_variant_gandalf_lends_plus_one_to_a_nearby_battle() -> None:
    state = position(
        {"gandalf_v": "arthedain", "theoden": "eregion", "frodo_v": "shire"},
        {"uruk_hai": "misty_mountains"},
        **V,
    )
    state = act(state, "sauron", "move uruk_hai eregion")
    state = play(state, "2", "1")  # Théoden 2+2 (+1) against 4+1
    assert legal(state, "fellowship") == {"ability gandalf", "decline"}
    state = act(state, "fellowship", "ability gandalf")
    assert "Gandalf lends his strength" in log_text(state, "sauron")
    assert defeated(state, "uruk_hai") and defeated(state, "theoden")


def test_variant_gandalf_out_of_range_can_only_decline() -> None:
    state = position(
        {"gandalf_v": "gondor", "theoden": "eregion", "frodo_v": "shire"},
        {"uruk_hai": "misty_mountains"},
        **V,
    )
    state = act(state, "sauron", "move uruk_hai eregion")
    state = play(state, "2", "1")
    assert legal(state, "fellowship") == {"decline"}


def test_variant_gandalf_cannot_help_against_the_warg() -> None:
    state = position(
        {"gandalf_v": "arthedain", "theoden": "eregion", "frodo_v": "shire"},
        {"warg": "misty_mountains"},
        variant="draft",
    )
    state = act(state, "sauron", "move warg eregion")
    state = play(state, "1", "1")
    assert defeated(state, "theoden") and defeated(state, "warg")


def test_variant_aragorn_may_declare_no_cards_when_attacked() -> None:
    state = position({"aragorn_v": "eregion", "frodo_v": "shire"}, {"uruk_hai": "misty_mountains"}, **V)
    state = act(state, "sauron", "move uruk_hai eregion")
    assert "ability aragorn" in legal(state, "fellowship")
    state = act(state, "fellowship", "ability aragorn")
    assert defeated(state, "aragorn_v") and defeated(state, "uruk_hai")  # 4 against 4
    assert state["cards"]["fellowship"]["discard"] == []


def test_treebeard_has_strength_6_in_fangorn_and_goes_there_from_anywhere() -> None:
    state = position(
        {"treebeard": "cardolan", "frodo_v": "shire"}, {"uruk_hai": "fangorn"}, turn="fellowship", **V
    )
    assert "move treebeard fangorn" in legal(state, "fellowship")
    state = act(state, "fellowship", "move treebeard fangorn")
    state = maybe_decline(state)
    state = play(state, "1", "2")  # 6+1 against 4+2
    assert defeated(state, "uruk_hai") and where(state, "treebeard") == "fangorn"


def test_treebeard_cannot_go_to_fangorn_when_two_sauron_characters_are_there() -> None:
    state = position(
        {"treebeard": "cardolan", "frodo_v": "shire"},
        {"uruk_hai": "fangorn", "gollum": "fangorn"},
        turn="fellowship",
        **V,
    )
    assert "move treebeard fangorn" not in legal(state, "fellowship")


def test_faramir_may_retreat_sideways_when_attacking() -> None:
    state = position(
        {"faramir": "eregion", "frodo_v": "shire"}, {"uruk_hai": "fangorn"}, turn="fellowship", **V
    )
    state = position(
        {"faramir": "mirkwood", "frodo_v": "shire"}, {"uruk_hai": "dagorlad"}, turn="fellowship", **V
    )
    state = act(state, "fellowship", "move faramir dagorlad")
    assert "retreat gondor" in legal(state, "fellowship")
    state = act(state, "fellowship", "retreat gondor")
    assert where(state, "faramir") == "gondor"


def test_theoden_has_strength_4_in_rohan_and_gondor() -> None:
    state = position({"theoden": "rohan", "frodo_v": "shire"}, {"uruk_hai": "gondor"}, **V)
    state = act(state, "sauron", "move uruk_hai rohan")
    state = play(state, "1", "1")  # 4+1 against 4+1
    assert defeated(state, "theoden") and defeated(state, "uruk_hai")


def test_smeagol_swaps_with_a_neighbour_who_fights_as_if_attacked() -> None:
    state = position({"smeagol": "eregion", "frodo_v": "arthedain"}, {"uruk_hai": "misty_mountains"}, **V)
    state = act(state, "sauron", "move uruk_hai eregion")
    assert "ability smeagol frodo_v" in legal(state, "fellowship")
    state = act(state, "fellowship", "ability smeagol frodo_v")
    assert where(state, "smeagol") == "arthedain" and where(state, "frodo_v") == "eregion"
    assert fighters(state)["fellowship"] == "frodo_v"


def test_smeagol_cannot_swap_when_not_alone() -> None:
    state = position(
        {"smeagol": "eregion", "elrond": "eregion", "frodo_v": "arthedain"},
        {"uruk_hai": "misty_mountains"},
        revealed=["smeagol"],
        **V,
    )
    state = act(state, "sauron", "move uruk_hai eregion", "target smeagol")
    assert not any(a.startswith("ability smeagol") for a in legal(state, "fellowship"))


def test_uruk_hai_march_forward_to_an_empty_region_and_are_revealed() -> None:
    state = position({"frodo_v": "shire"}, {"uruk_hai": "mordor"}, **V)
    assert {"move uruk_hai eregion", "move uruk_hai arthedain"} <= legal(state, "sauron")
    state = act(state, "sauron", "move uruk_hai eregion")
    assert where(state, "uruk_hai") == "eregion"
    assert "Uruk-hai" in log_text(state, "fellowship")


def test_uruk_hai_cannot_pass_through_the_fellowship() -> None:
    state = position(
        {"frodo_v": "shire", "elrond": "dagorlad", "faramir": "gondor"}, {"uruk_hai": "mordor"}, **V
    )
    assert {a for a in legal(state, "sauron") if a.startswith("move uruk_hai")} == {
        "move uruk_hai dagorlad",
        "move uruk_hai gondor",
    }


def test_edge_23_variant_witch_king_entering_the_shire_wins() -> None:
    state = position({"frodo_v": "shire", "elrond": "shire"}, {"witch_king_v": "arthedain"}, **V)
    state = act(state, "sauron", "move witch_king_v shire")
    assert winner(state) == "sauron"


def test_variant_saruman_defeats_gandalf_before_cards() -> None:
    state = position({"gandalf_v": "eregion", "frodo_v": "shire"}, {"saruman_v": "misty_mountains"}, **V)
    state = act(state, "sauron", "move saruman_v eregion")
    assert defeated(state, "gandalf_v") and not defeated(state, "saruman_v")


def test_variant_saruman_forces_a_different_card() -> None:
    state = position({"elrond": "eregion", "frodo_v": "shire"}, {"saruman_v": "misty_mountains"}, **V)
    state = act(state, "sauron", "move saruman_v eregion")
    state = play(state, "5", "1")
    assert legal(state, "sauron") == {"ability saruman", "decline"}
    state = act(state, "sauron", "ability saruman")
    assert "card 5" not in legal(state, "fellowship") and "5" in state["cards"]["fellowship"]["hand"]
    state = act(state, "fellowship", "card 1")
    assert defeated(state, "elrond")  # 3+1 against 3+1: both fall
    assert defeated(state, "saruman_v")


def test_variant_orcs_have_strength_6_when_attacking() -> None:
    state = position({"elrond": "eregion", "frodo_v": "shire"}, {"orcs_v": "misty_mountains"}, **V)
    state = act(state, "sauron", "move orcs_v eregion")
    state = play(state, "3", "1")  # 3+3 against 6+1
    assert defeated(state, "elrond")


def test_edge_24_wormtongue_escapes_backward_into_an_empty_region_when_defeated() -> None:
    state = position({"elrond": "eregion", "frodo_v": "shire"}, {"wormtongue": "misty_mountains"}, **V)
    state = act(state, "sauron", "move wormtongue eregion")
    state = play(state, "1", "1")
    assert step(state) == RETREAT
    assert legal(state, "sauron") == {"retreat misty_mountains", "retreat caradhras", "decline"}
    state = act(state, "sauron", "retreat caradhras")
    assert where(state, "wormtongue") == "caradhras" and not defeated(state, "wormtongue")


def test_edge_24_wormtongue_escapes_even_noble_sacrifice() -> None:
    state = position({"elrond": "eregion", "frodo_v": "shire"}, {"wormtongue": "misty_mountains"}, **V)
    state = act(state, "sauron", "move wormtongue eregion")
    state = play(state, "noble_sacrifice", "1")
    state = act(state, "sauron", "retreat caradhras")
    assert defeated(state, "elrond") and where(state, "wormtongue") == "caradhras"


def test_mouth_of_sauron_exchanges_his_card_for_the_4() -> None:
    state = position({"elrond": "eregion", "frodo_v": "shire"}, {"mouth_of_sauron": "misty_mountains"}, **V)
    state = act(state, "sauron", "move mouth_of_sauron eregion")
    state = play(state, "3", "1")
    assert legal(state, "sauron") == {"ability mouth", "decline"}
    state = act(state, "sauron", "ability mouth")  # 3+3 against 3+4
    assert defeated(state, "elrond")
    assert "1" in state["cards"]["sauron"]["hand"] and "4" in state["cards"]["sauron"]["discard"]


def test_edge_25_watcher_stays_revealed_and_never_moves_forward() -> None:
    state = position(
        {"elrond": "eregion", "frodo_v": "shire"}, {"watcher": "misty_mountains", "gollum": "mordor"}, **V
    )
    state = act(state, "sauron", "move watcher eregion")
    state = play(state, "1", "1")  # 3+1 against 6+1
    assert state["revealed"].get("watcher") == "perm"
    state = act(state, "fellowship", "move frodo_v cardolan")
    assert state["revealed"].get("watcher") == "perm"
    assert not any(a.startswith("move watcher") for a in legal(state, "sauron"))


def test_variant_flying_nazgul_leaps_two_rows_to_attack() -> None:
    state = position({"frodo_v": "shire", "elrond": "caradhras"}, {"flying_nazgul_v": "gondor"}, **V)
    moves = {a for a in legal(state, "sauron") if a.startswith("move flying_nazgul_v")}
    assert "move flying_nazgul_v caradhras" in moves
    assert "move flying_nazgul_v misty_mountains" not in moves  # nobody to attack there


def test_gollum_may_retreat_forward_at_the_start_of_a_battle() -> None:
    state = position(
        {"elrond": "misty_mountains", "frodo_v": "shire"}, {"gollum": "fangorn"}, turn="fellowship", **V
    )
    state = act(state, "fellowship", "move elrond fangorn")
    assert "retreat caradhras" in legal(state, "sauron")
    state = act(state, "sauron", "retreat caradhras")
    assert where(state, "gollum") == "caradhras" and where(state, "elrond") == "fangorn"
