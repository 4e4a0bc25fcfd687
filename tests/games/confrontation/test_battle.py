"""Battle procedure and the classic characters' abilities (rules §5, §8, §9)."""

from __future__ import annotations

from .helpers import (
    COMBAT_CARD,
    MAGIC,
    RETREAT,
    act,
    defeated,
    fighters,
    legal,
    log_text,
    options,
    position,
    step,
    where,
    winner,
)

ALL_F = ["1", "2", "3", "4", "5", "magic", "noble_sacrifice", "elven_cloak", "retreat"]
ALL_S = ["1", "2", "3", "4", "5", "6", "magic", "eye", "retreat"]


def fight(state: dict, fcard: str, scard: str) -> dict:
    assert step(state) == COMBAT_CARD, step(state)
    return act(act(state, "fellowship", f"card {fcard}"), "sauron", f"card {scard}")


def test_battle_higher_total_wins() -> None:
    state = position({"gimli": "eregion", "frodo": "shire"}, {"balrog": "misty_mountains"})
    state = act(state, "sauron", "move balrog eregion")
    state = fight(state, "1", "1")  # Gimli 3+1 against Balrog 5+1
    assert defeated(state, "gimli") and where(state, "balrog") == "eregion"
    assert state["turn"]["side"] == "fellowship"


def test_battle_tie_defeats_both() -> None:
    state = position({"gimli": "eregion", "frodo": "shire"}, {"balrog": "misty_mountains"})
    state = act(state, "sauron", "move balrog eregion")
    state = fight(state, "3", "1")
    assert defeated(state, "gimli") and defeated(state, "balrog")


def test_played_cards_are_discarded_and_cannot_be_replayed() -> None:
    state = position({"gimli": "eregion", "frodo": "shire"}, {"balrog": "misty_mountains"})
    state = act(state, "sauron", "move balrog eregion")
    state = fight(state, "1", "1")
    assert state["cards"]["fellowship"]["discard"] == ["1"]
    assert "1" not in state["cards"]["sauron"]["hand"]


def test_edge_1_blind_target_is_random_among_hidden_defenders() -> None:
    picked = set()
    for seed in range(12):
        state = position(
            {"gimli": "eregion", "legolas": "eregion", "frodo": "shire"},
            {"balrog": "misty_mountains"},
            seed=seed,
        )
        state = act(state, "sauron", "move balrog eregion")
        assert step(state) == COMBAT_CARD  # no choice offered: all defenders hidden
        picked.add(fighters(state)["fellowship"])
    assert picked == {"gimli", "legolas"}


def test_edge_1_revealed_defender_may_be_named() -> None:
    state = position(
        {"gimli": "eregion", "legolas": "eregion", "frodo": "shire"},
        {"balrog": "misty_mountains"},
        revealed=["legolas"],
    )
    state = act(state, "sauron", "move balrog eregion")
    assert legal(state, "sauron") == {"target legolas", "target hidden"}
    state = act(state, "sauron", "target legolas")
    assert fighters(state)["fellowship"] == "legolas"


def test_battle_continues_against_the_next_defender() -> None:
    state = position(
        {"gimli": "eregion", "legolas": "eregion", "frodo": "shire"}, {"balrog": "misty_mountains"}
    )
    state = act(state, "sauron", "move balrog eregion")
    state = fight(state, "1", "6")
    assert step(state) == COMBAT_CARD  # the second defender fights at once
    state = fight(state, "2", "5")
    assert defeated(state, "gimli") and defeated(state, "legolas")
    assert where(state, "balrog") == "eregion"


def test_frodo_may_retreat_sideways_when_attacked() -> None:
    state = position({"frodo": "eregion"}, {"balrog": "misty_mountains"})
    state = act(state, "sauron", "move balrog eregion")
    assert options(state, "fellowship") == {"retreat rhudaur", "retreat enedwaith"}
    assert step(state) == COMBAT_CARD  # or his combat card, chosen in the same prompt
    state = act(state, "fellowship", "retreat enedwaith")
    assert where(state, "frodo") == "enedwaith" and state["result"] is None
    assert state["cards"]["fellowship"]["discard"] == []  # no cards played


def test_frodo_cannot_retreat_when_attacking_or_against_the_warg() -> None:
    state = position({"frodo": "eregion"}, {"balrog": "caradhras"}, turn="fellowship")
    state = act(state, "fellowship", "move frodo caradhras")
    assert step(state) == COMBAT_CARD
    state = position({"frodo": "eregion"}, {"warg": "misty_mountains"})
    state = act(state, "sauron", "move warg eregion")
    assert step(state) == COMBAT_CARD


def test_frodo_never_retreats_sideways_in_the_mountains() -> None:
    state = position({"frodo": "caradhras"}, {"balrog": "fangorn"})
    state = act(state, "sauron", "move balrog caradhras")
    assert step(state) == COMBAT_CARD


def test_edge_10_witch_king_sideways_frodo_retreats_into_origin() -> None:
    state = position({"frodo": "eregion"}, {"witch_king": "enedwaith", "orcs": "rhudaur"})
    state = act(state, "sauron", "move witch_king eregion")
    assert options(state, "fellowship") == {"retreat enedwaith"}
    state = act(state, "fellowship", "retreat enedwaith")
    assert where(state, "frodo") == "enedwaith"


def test_sam_has_strength_5_with_frodo_and_reveals_him() -> None:
    state = position({"sam": "eregion", "frodo": "eregion"}, {"balrog": "misty_mountains"}, revealed=["sam"])
    state = act(
        state,
        "sauron",
        "move balrog eregion",
        "target sam",
    )
    state = act(state, "fellowship", "ability sam")
    assert "frodo" in state["revealed"]
    state = fight(state, "1", "1")  # Sam 5+1 against Balrog 5+1: both fall
    assert defeated(state, "sam") and defeated(state, "balrog")


def test_sam_may_take_frodos_place() -> None:
    state = position(
        {"sam": "eregion", "frodo": "eregion"}, {"balrog": "misty_mountains"}, revealed=["frodo"]
    )
    state = act(state, "sauron", "move balrog eregion", "target frodo")
    assert "ability sam" in legal(state, "fellowship")
    state = act(state, "fellowship", "ability sam")
    assert fighters(state)["fellowship"] == "sam"
    state = fight(state, "2", "1")  # Sam 5+2 beats Balrog 5+1
    assert defeated(state, "balrog") and not defeated(state, "sam")


def test_edge_7_orcs_defeat_sam_when_he_replaces_frodo() -> None:
    state = position({"sam": "eregion", "frodo": "eregion"}, {"orcs": "misty_mountains"}, revealed=["frodo"])
    state = act(
        state,
        "sauron",
        "move orcs eregion",
        "target frodo",
    )
    state = act(state, "fellowship", "ability sam")
    assert defeated(state, "sam") and not defeated(state, "frodo")
    # The Orcs' one use is spent: Frodo now fights normally (and may still retreat).
    assert "retreat rhudaur" in legal(state, "fellowship")


def test_pippin_may_retreat_backward_when_attacking() -> None:
    state = position(
        {"pippin": "eregion", "frodo": "shire"}, {"balrog": "misty_mountains"}, turn="fellowship"
    )
    state = act(state, "fellowship", "move pippin misty_mountains")
    assert options(state, "fellowship") == {"retreat rhudaur", "retreat eregion"}
    state = act(state, "fellowship", "retreat rhudaur")
    assert where(state, "pippin") == "rhudaur"


def test_pippin_cannot_retreat_when_attacked() -> None:
    state = position({"pippin": "eregion", "frodo": "shire"}, {"balrog": "misty_mountains"})
    state = act(state, "sauron", "move balrog eregion")
    assert step(state) == COMBAT_CARD


def test_merry_defeats_the_witch_king() -> None:
    state = position({"merry": "eregion", "frodo": "shire"}, {"witch_king": "misty_mountains"})
    state = act(state, "sauron", "move witch_king eregion")
    assert defeated(state, "witch_king") and not defeated(state, "merry")


def test_legolas_defeats_the_flying_nazgul() -> None:
    state = position({"legolas": "eregion", "frodo": "shire"}, {"flying_nazgul": "mordor"})
    state = act(state, "sauron", "move flying_nazgul eregion")
    assert defeated(state, "flying_nazgul")


def test_gimli_defeats_the_orcs_even_when_they_attack() -> None:
    state = position({"gimli": "eregion", "frodo": "shire"}, {"orcs": "misty_mountains"})
    state = act(state, "sauron", "move orcs eregion")
    assert defeated(state, "orcs") and not defeated(state, "gimli")


def test_boromir_defeats_both_when_attacked() -> None:
    state = position({"boromir": "eregion", "frodo": "shire"}, {"balrog": "misty_mountains"})
    state = act(state, "sauron", "move balrog eregion")
    assert defeated(state, "boromir") and defeated(state, "balrog")


def test_boromir_defeats_both_when_attacking() -> None:
    state = position({"boromir": "eregion", "frodo": "shire"}, {"cave_troll": "caradhras"}, turn="fellowship")
    state = act(state, "fellowship", "move boromir caradhras")
    assert defeated(state, "boromir") and defeated(state, "cave_troll")


def test_warg_cancels_boromir_and_a_normal_battle_is_fought() -> None:
    state = position({"boromir": "eregion", "frodo": "shire"}, {"warg": "misty_mountains"})
    state = act(state, "sauron", "move warg eregion")
    assert step(state) == COMBAT_CARD
    state = fight(state, "1", "1")
    assert defeated(state, "boromir") and not defeated(state, "warg")


def test_warg_cancels_sams_strength() -> None:
    state = position({"sam": "eregion", "frodo": "eregion"}, {"warg": "misty_mountains"}, revealed=["sam"])
    state = act(state, "sauron", "move warg eregion", "target sam")
    assert "frodo" not in state["revealed"]
    state = fight(state, "1", "1")  # Sam 2+1 against Warg 2+1: both fall
    assert defeated(state, "sam") and defeated(state, "warg")


def test_aragorn_keeps_his_move_against_the_warg() -> None:
    state = position({"aragorn": "eregion", "frodo": "shire"}, {"warg": "enedwaith"}, turn="fellowship")
    assert "move aragorn enedwaith" in legal(state, "fellowship")


def test_gandalf_makes_sauron_choose_and_show_his_card_first() -> None:
    state = position({"gandalf": "eregion", "frodo": "shire"}, {"balrog": "misty_mountains"})
    state = act(state, "sauron", "move balrog eregion")
    assert legal(state, "fellowship") == set()
    assert "card 6" in legal(state, "sauron")
    state = act(state, "sauron", "card 6")
    assert "Sauron plays 6" in log_text(state, None)
    assert state["stack"][-1]["fight"]["shown"]["sauron"]
    assert "card 5" in legal(state, "fellowship")
    state = act(state, "fellowship", "card 5")
    assert defeated(state, "gandalf") and not defeated(state, "balrog")  # 5+5 against 5+6


def test_edge_15_gandalf_sauron_resolves_magic_before_the_fellowship_chooses() -> None:
    state = position(
        {"gandalf": "eregion", "frodo": "shire"},
        {"balrog": "misty_mountains"},
        hands={"sauron": ["magic", "1"]},
    )
    state = act(state, "sauron", "move balrog eregion", "card magic")
    assert step(state) == MAGIC and legal(state, "fellowship") == set()
    state = act(state, "sauron", "card 6")
    assert "Magic becomes 6" in log_text(state, "fellowship")
    state = act(state, "fellowship", "card 2")
    assert defeated(state, "gandalf")  # 5+2 against 5+6


def test_gandalf_must_play_a_card_even_against_a_retreat() -> None:
    state = position({"gandalf": "eregion", "frodo": "shire"}, {"balrog": "misty_mountains"})
    state = act(state, "sauron", "move balrog eregion", "card retreat")
    assert {a.split()[0] for a in legal(state, "fellowship")} == {"card"}
    state = act(state, "fellowship", "card 1")
    assert where(state, "balrog") in {"rhudaur", "enedwaith"} or step(state) == RETREAT


def test_orcs_defeat_the_first_character_they_fight_then_fight_normally() -> None:
    state = position({"merry": "eregion", "pippin": "eregion", "frodo": "shire"}, {"orcs": "misty_mountains"})
    state = act(state, "sauron", "move orcs eregion")
    first = [c for c in ("merry", "pippin") if defeated(state, c)]
    assert len(first) == 1
    assert step(state) == COMBAT_CARD  # the second defender gets a normal battle


def test_orcs_have_no_ability_when_attacked() -> None:
    state = position({"merry": "eregion", "frodo": "shire"}, {"orcs": "misty_mountains"}, turn="fellowship")
    state = act(state, "fellowship", "move merry misty_mountains")
    assert step(state) == COMBAT_CARD


def test_edge_6_orcs_use_is_spent_when_frodo_retreats() -> None:
    state = position(
        {"frodo": "eregion", "merry": "eregion"}, {"orcs": "misty_mountains"}, revealed=["frodo"]
    )
    state = act(state, "sauron", "move orcs eregion", "target frodo")
    state = act(state, "fellowship", "retreat rhudaur")
    assert step(state) == COMBAT_CARD  # Merry now fights a normal battle
    assert not defeated(state, "merry")


def test_saruman_may_declare_no_cards() -> None:
    state = position({"gimli": "eregion", "frodo": "shire"}, {"saruman": "misty_mountains"})
    state = act(state, "sauron", "move saruman eregion")
    assert legal(state, "sauron") == {"ability saruman", "decline"}
    state = act(state, "sauron", "ability saruman")
    assert defeated(state, "gimli")  # 3 against 4, strength alone
    assert state["cards"]["sauron"]["discard"] == [] and state["cards"]["fellowship"]["discard"] == []


def test_edge_16_cave_troll_card_has_no_effect_but_is_discarded() -> None:
    state = position({"gimli": "eregion", "frodo": "shire"}, {"cave_troll": "misty_mountains"})
    state = act(state, "sauron", "move cave_troll eregion")
    state = fight(state, "5", "retreat")  # no retreat for the Troll: 9+0 against 3+5
    assert where(state, "cave_troll") == "eregion" and defeated(state, "gimli")
    assert "retreat" in state["cards"]["sauron"]["discard"]


def test_cave_troll_strength_card_counts_zero() -> None:
    state = position({"aragorn": "eregion", "frodo": "shire"}, {"cave_troll": "misty_mountains"})
    state = act(state, "sauron", "move cave_troll eregion")
    state = fight(state, "5", "6")  # 9+0 against 4+5: tie
    assert defeated(state, "cave_troll") and defeated(state, "aragorn")


def test_shelob_returns_to_gondor_after_a_victory() -> None:
    state = position({"gimli": "misty_mountains", "frodo": "shire"}, {"shelob": "fangorn"})
    state = act(state, "sauron", "move shelob misty_mountains")
    state = fight(state, "1", "1")
    assert defeated(state, "gimli") and where(state, "shelob") == "gondor"


def test_shelob_is_defeated_when_gondor_is_full() -> None:
    state = position(
        {"gimli": "misty_mountains", "frodo": "shire"},
        {"shelob": "fangorn", "orcs": "gondor", "warg": "gondor"},
    )
    state = act(state, "sauron", "move shelob misty_mountains")
    state = fight(state, "1", "1")
    assert defeated(state, "gimli") and defeated(state, "shelob")


def test_frodo_defeated_wins_for_sauron() -> None:
    state = position({"frodo": "caradhras"}, {"balrog": "fangorn"})
    state = act(state, "sauron", "move balrog caradhras")
    state = fight(state, "1", "1")
    assert winner(state) == "sauron"


def test_edge_22_three_sauron_characters_in_the_shire_win_after_the_battle() -> None:
    # A battle leaves one side in a region, so the third Sauron character walks into a Shire that
    # the first two already hold; the win is checked once the move is over.
    state = position(
        {"merry": "cardolan", "frodo": "eregion"},
        {"orcs": "shire", "warg": "shire", "balrog": "arthedain"},
        turn="sauron",
    )
    state = act(state, "sauron", "move balrog shire")
    assert winner(state) == "sauron"


def test_two_sauron_characters_in_the_shire_are_not_enough() -> None:
    state = position({"gimli": "cardolan", "frodo": "eregion"}, {"orcs": "shire", "balrog": "arthedain"})
    state = act(state, "sauron", "move balrog shire")
    assert winner(state) is None and state["turn"]["side"] == "fellowship"
