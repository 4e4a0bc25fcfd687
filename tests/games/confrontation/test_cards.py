"""Combat cards (rules §6) and the card edge cases of §12."""

from __future__ import annotations

from .helpers import MAGIC, RETREAT, act, asked, defeated, legal, log_text, position, step, where

ALL_F = ["1", "2", "3", "4", "5", "magic", "noble_sacrifice", "elven_cloak", "retreat"]


def attack(state: dict) -> dict:
    """Sauron's Balrog attacks Gimli in Eregion from the Misty Mountains."""
    return act(state, "sauron", "move balrog eregion")


def gimli_vs_balrog(**kw: object) -> dict:
    return attack(position({"gimli": "eregion", "frodo": "shire"}, {"balrog": "misty_mountains"}, **kw))  # type: ignore[arg-type]


def play(state: dict, fcard: str, scard: str) -> dict:
    return act(act(state, "fellowship", f"card {fcard}"), "sauron", f"card {scard}")


def test_magic_uses_a_card_from_the_discards() -> None:
    state = gimli_vs_balrog(hands={"fellowship": ["magic", "1"]})
    state = play(state, "magic", "1")
    assert step(state) == MAGIC
    assert legal(state, "fellowship") == {f"card {c}" for c in ALL_F if c not in ("magic", "1")}
    state = act(state, "fellowship", "card 5")  # Gimli 3+5 beats Balrog 5+1
    assert defeated(state, "balrog")
    assert "magic" in state["cards"]["fellowship"]["discard"]


def test_edge_14_magic_with_an_empty_discard_counts_zero() -> None:
    state = gimli_vs_balrog()
    state = play(state, "magic", "1")
    assert defeated(state, "gimli")  # 3+0 against 5+1
    assert "finds no discarded card" in log_text(state, None)


def test_edge_13_both_magic_sauron_chooses_first_and_eye_cancels_a_fetched_text_card() -> None:
    state = gimli_vs_balrog(hands={"fellowship": ["magic", "1"], "sauron": ["magic", "1"]})
    state = play(state, "magic", "magic")
    assert step(state) == MAGIC and legal(state, "fellowship") == set()
    state = act(state, "sauron", "card eye")
    state = act(state, "fellowship", "card elven_cloak")
    assert "cancels Elven Cloak" in log_text(state, None)
    assert defeated(state, "gimli")


def test_elven_cloak_cancels_a_strength_card_fetched_by_magic() -> None:
    state = gimli_vs_balrog(hands={"sauron": ["magic", "1"]})
    state = play(state, "elven_cloak", "magic")
    state = act(state, "sauron", "card 6")
    assert defeated(state, "gimli")  # 3+0 against 5+0: the Balrog still wins
    assert "Magic becomes 6" in log_text(state, None)


def test_noble_sacrifice_defeats_both() -> None:
    state = play(gimli_vs_balrog(), "noble_sacrifice", "6")
    assert defeated(state, "gimli") and defeated(state, "balrog")


def test_edge_11_noble_sacrifice_against_a_successful_retreat_defeats_nobody() -> None:
    state = play(gimli_vs_balrog(), "noble_sacrifice", "retreat")
    if step(state) == RETREAT:
        state = act(state, "sauron", "retreat rhudaur")
    assert not defeated(state, "gimli") and not defeated(state, "balrog")
    assert where(state, "balrog") in {"rhudaur", "enedwaith"}


def test_edge_11_noble_sacrifice_against_a_failed_retreat_defeats_both() -> None:
    state = position({"gimli": "caradhras", "frodo": "shire"}, {"balrog": "fangorn"})
    state = act(state, "sauron", "move balrog caradhras")  # no sideways retreat in the mountains
    state = play(state, "noble_sacrifice", "retreat")
    assert defeated(state, "gimli") and defeated(state, "balrog")


def test_elven_cloak_makes_sauron_strength_card_count_zero() -> None:
    state = play(gimli_vs_balrog(), "elven_cloak", "6")  # 3 against 5+0
    assert defeated(state, "gimli")
    state = position({"aragorn": "eregion", "frodo": "shire"}, {"saruman": "misty_mountains"})
    state = act(state, "sauron", "move saruman eregion", "decline")
    state = play(state, "elven_cloak", "6")  # 4 against 4+0: both fall
    assert defeated(state, "aragorn") and defeated(state, "saruman")


def test_fellowship_retreat_card_moves_back_toward_the_shire() -> None:
    state = play(gimli_vs_balrog(), "retreat", "6")
    assert step(state) == RETREAT
    assert legal(state, "fellowship") == {"retreat arthedain", "retreat cardolan"}
    state = act(state, "fellowship", "retreat cardolan")
    assert where(state, "gimli") == "cardolan" and not defeated(state, "gimli")


def test_edge_18_failed_retreat_card_counts_zero_and_the_fight_goes_on() -> None:
    state = position(
        {"gimli": "eregion", "frodo": "shire"},
        {"balrog": "misty_mountains", "orcs": "arthedain", "warg": "cardolan"},
    )
    state = attack(state)
    state = play(state, "retreat", "1")
    assert where(state, "gimli") is None and defeated(state, "gimli")  # 3+0 against 5+1


def test_eye_of_sauron_cancels_a_text_card() -> None:
    state = play(gimli_vs_balrog(), "noble_sacrifice", "eye")
    assert defeated(state, "gimli") and not defeated(state, "balrog")  # 3+0 against 5+0


def test_edge_17_eye_of_sauron_does_nothing_against_a_strength_card() -> None:
    state = play(gimli_vs_balrog(), "3", "eye")  # 3+3 against 5+0
    assert defeated(state, "balrog") and not defeated(state, "gimli")


def test_sauron_retreat_card_moves_sideways() -> None:
    state = position(
        {"gimli": "eregion", "frodo": "shire"},
        {"balrog": "misty_mountains", "orcs": "rhudaur", "warg": "rhudaur"},
    )
    state = attack(state)
    state = play(state, "1", "retreat")  # Rhudaur is full: Enedwaith is the only way
    assert where(state, "balrog") == "enedwaith"
    assert not defeated(state, "gimli")


def test_sauron_retreat_card_never_works_in_the_mountains() -> None:
    state = position({"gimli": "caradhras", "frodo": "shire"}, {"balrog": "fangorn"})
    state = act(state, "sauron", "move balrog caradhras")
    state = play(state, "1", "retreat")  # 3+1 against 5+0
    assert where(state, "balrog") == "caradhras" and defeated(state, "gimli")


def test_edge_12_both_retreats_resolve_sauron_first() -> None:
    state = play(gimli_vs_balrog(), "retreat", "retreat")
    assert step(state) == RETREAT and asked(state) == "sauron"
    state = act(state, "sauron", "retreat rhudaur")
    assert step(state) == RETREAT and asked(state) == "fellowship"
    state = act(state, "fellowship", "retreat cardolan")
    assert where(state, "balrog") == "rhudaur" and where(state, "gimli") == "cardolan"
    assert state["turn"]["side"] == "fellowship"


def test_card_cycling_returns_all_nine_cards_when_the_hand_is_empty() -> None:
    state = gimli_vs_balrog(hands={"fellowship": ["5"]})
    state = play(state, "5", "1")  # Gimli 3+5 beats Balrog 5+1
    assert sorted(state["cards"]["fellowship"]["hand"]) == sorted(ALL_F)
    assert state["cards"]["fellowship"]["discard"] == []
    assert "takes all nine combat cards back" in log_text(state, None)
