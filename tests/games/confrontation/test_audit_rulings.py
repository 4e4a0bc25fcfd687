"""Regression tests for the rules audit: each test is named after the rule it protects."""

from __future__ import annotations

from games.confrontation.secrets import log_leaks
from games.core import Match, submit

from .helpers import (
    AMBUSH,
    COMBAT_CARD,
    RETREAT,
    SAURON_ABILITY,
    TARGET,
    R,
    act,
    legal,
    options,
    position,
    step,
    winner,
)

DLX = {"specials": "deluxe-4"}


# -- undo never crosses a reveal (rules §10.16) ---------------------------------------------


def test_undo_never_crosses_the_reveal_of_a_lone_defender_sauron_side() -> None:
    state = position({"gimli": "rohan", "frodo": "shire"}, {"saruman": "gondor"})
    match = Match(R, state)
    state = match.state  # the match plays on its own tracked copy of a plain state
    match.submit("sauron", "move saruman rohan", check=True)
    assert step(state) == SAURON_ABILITY and R.active(state) == frozenset({"sauron"})
    assert not match.can_undo("sauron")


def test_undo_never_crosses_the_reveal_before_a_gwaihir_decision() -> None:
    state = position(
        {"gimli": "eregion", "frodo": "shire"},
        {"cave_troll": "misty_mountains", "orcs": "mordor"},
        turn="fellowship",
        held={"fellowship": ["gwaihir"], "sauron": []},
        **DLX,
    )
    match = Match(R, state)
    state = match.state  # the match plays on its own tracked copy of a plain state
    match.submit("fellowship", "move gimli misty_mountains", check=True)
    assert "special gwaihir eregion" in legal(state, "fellowship")
    assert not match.can_undo("fellowship")


# -- no legal move loses; the Deluxe Palantír does not replace the move (rules §4, Decision 2)


def test_no_legal_move_loses_even_holding_the_deluxe_palantir() -> None:
    state = position(
        {"frodo_v": "shire", "sam_v": "rohan"},
        {"watcher": "gondor"},
        turn="fellowship",
        variant="deluxe-variant",
        held={"fellowship": [], "sauron": ["palantir"]},
        revealed={"watcher": "perm"},
        **DLX,
    )
    state = act(state, "fellowship", "move frodo_v arthedain")
    assert winner(state) == "fellowship"
    assert R.result_text(state["result"]) == "Sauron had no legal move"


def test_an_instead_of_turn_special_still_saves_a_player_without_moves() -> None:
    state = position(
        {"frodo_v": "shire", "sam_v": "rohan"},
        {"watcher": "gondor"},
        turn="fellowship",
        variant="deluxe-variant",
        held={"fellowship": [], "sauron": ["palantir", "crebain"]},
        revealed={"watcher": "perm"},
        **DLX,
    )
    state = act(state, "fellowship", "move frodo_v arthedain")
    assert winner(state) is None
    assert "special crebain rohan" in legal(state, "sauron")


# -- A King Revealed in a Draft never tells which tile side Sauron drafted (rules §10.10) ----


def _king_draft(named: str) -> list[str]:
    state = position(
        {"aragorn": "rohan", "frodo": "shire"},
        {"uruk_hai": "mordor", "orcs": "gondor"},
        turn="fellowship",
        variant="draft",
        held={"fellowship": ["a_king_revealed"], "sauron": []},
        **DLX,
    )
    out = submit(R, state, "fellowship", f"special a_king_revealed {named}", check=True)
    assert not log_leaks(out.state, None) and not log_leaks(out.state, "fellowship")
    lines = R.log_lines(out.state, None)
    return [line.replace(named.title(), "X").replace("Uruk-hai", "X") for line in lines]


def test_a_king_revealed_in_a_draft_says_the_same_whether_the_named_side_was_drafted() -> None:
    assert _king_draft("balrog") == _king_draft("uruk_hai")


def test_a_king_revealed_naming_an_undrafted_side_still_blocks_specials_instead_of_the_move() -> None:
    state = position(
        {"aragorn": "rohan", "frodo": "shire"},
        {"uruk_hai": "mordor", "orcs": "gondor"},
        turn="fellowship",
        variant="draft",
        held={"fellowship": ["a_king_revealed"], "sauron": ["recall_to_mordor"]},
        **DLX,
    )
    state = act(state, "fellowship", "special a_king_revealed balrog")
    assert not any(a.startswith("special recall_to_mordor") for a in legal(state, "sauron"))
    assert "move orcs rohan" in legal(state, "sauron")


# -- undo never crosses a battle decision or a finished turn (rules §10.16) ------------------


def test_undo_never_takes_back_an_announced_magic_replacement() -> None:
    state = position(
        {"gimli": "eregion", "frodo": "shire"},
        {"orcs": "mordor", "cave_troll": "caradhras"},
        hands={"fellowship": ["magic", "1", "2"], "sauron": ["1", "2", "3"]},
    )
    state = act(state, "sauron", "move cave_troll eregion", "card 1")
    state = act(state, "fellowship", "card magic")
    match = Match(R, state)
    state = match.state  # the match plays on its own tracked copy of a plain state
    match.submit("fellowship", "card retreat", check=True)
    assert step(state) == RETREAT and R.active(state) == frozenset({"fellowship"})
    assert not match.can_undo("fellowship")


def test_undo_never_takes_back_a_finished_turn_when_the_same_player_acts_next() -> None:
    state = position(
        {"gimli": "eregion", "frodo": "shire"}, {"balrog": "caradhras", "warg": "mordor"}, turn="fellowship"
    )
    state = act(state, "fellowship", "move gimli fangorn")
    assert step(state) == AMBUSH
    match = Match(R, state)
    state = match.state  # the match plays on its own tracked copy of a plain state
    match.submit("sauron", "decline", check=True)
    assert state["turn"]["side"] == "sauron" and R.active(state) == frozenset({"sauron"})
    assert not match.can_undo("sauron")


# -- Treebeard's move to Fangorn is a placement, not a Tunnel move (rules §11.1, §12 #5) -----


def test_treebeard_placed_in_fangorn_from_eregion_never_meets_the_balrog() -> None:
    state = position(
        {"treebeard": "eregion", "frodo": "shire"},
        {"balrog": "caradhras", "orcs": "fangorn"},
        turn="fellowship",
        variant="draft",
    )
    label = R.describe(state, "fellowship", R.parse(state, "fellowship", "move treebeard fangorn"))
    assert "Tunnel" not in label
    state = act(state, "fellowship", "move treebeard fangorn")
    assert step(state) != "ambush"
    assert "Tunnel" not in "\n".join(R.log_lines(state, None))
    assert "treebeard" in state["revealed"] and state["pos"]["treebeard"] == "fangorn"


def test_treebeard_into_an_empty_fangorn_from_eregion_still_uses_the_tunnel() -> None:
    state = position(
        {"treebeard": "eregion", "frodo": "shire"},
        {"balrog": "caradhras", "orcs": "mordor"},
        turn="fellowship",
        variant="draft",
    )
    state = act(state, "fellowship", "move treebeard fangorn")
    assert step(state) == AMBUSH


# -- Sam's strength 5 is optional and needs Frodo revealed (rules §8.1 Sam, §12 #2) ----------


def _sam_attacked(others: dict[str, str]) -> dict:
    state = position(
        {"sam": "shire", **others}, {"cave_troll": "arthedain", "orcs": "mordor"}, revealed=["sam"]
    )
    state = act(state, "sauron", "move cave_troll shire", "target sam")
    assert step(state) == COMBAT_CARD and R.active(state) == frozenset({"fellowship"})
    return state


def test_sam_strength_5_is_optional_so_frodo_may_stay_hidden() -> None:
    state = _sam_attacked({"frodo": "shire", "merry": "shire"})
    assert step(state) == COMBAT_CARD and options(state, "fellowship") == {"ability sam"}
    label = R.describe(state, "fellowship", R.parse(state, "fellowship", "ability sam"))
    assert "strength 5" in label
    state = act(state, "fellowship", "card 1")  # choosing the card keeps Frodo hidden
    assert "frodo" not in state["revealed"]
    state = act(state, "sauron", "card 1")
    assert "Sam 2+1 = 3" in "\n".join(R.log_lines(state, None))
    assert "target frodo" not in legal(state, "sauron")


def test_sam_strength_5_claimed_reveals_frodo() -> None:
    state = act(_sam_attacked({"frodo": "shire", "merry": "shire"}), "fellowship", "ability sam")
    assert state["revealed"].get("frodo") == "turn"
    state = act(act(state, "sauron", "card 1"), "fellowship", "card 1")
    assert "Sam 5+1 = 6" in "\n".join(R.log_lines(state, None))


def test_sam_strength_question_is_asked_without_frodo_too_so_it_tells_nothing() -> None:
    state = _sam_attacked({"frodo": "rohan", "merry": "shire"})
    assert step(state) == COMBAT_CARD and options(state, "fellowship") == set()  # a real choice: the card
    sauron_sees = R.prompt(state, "sauron").text
    with_frodo = _sam_attacked({"frodo": "shire", "merry": "rohan"})
    assert R.prompt(with_frodo, "sauron").text == sauron_sees


def test_gwaihir_question_is_asked_while_the_fellowship_may_secretly_hold_it() -> None:
    for held in (["gwaihir"], ["shadowfax"]):
        state = position(
            {"gimli": "eregion", "frodo": "shire"},
            {"cave_troll": "misty_mountains", "orcs": "mordor"},
            turn="fellowship",
            specials="deluxe-2",
            held={"fellowship": held, "sauron": []},
        )
        state = act(state, "fellowship", "move gimli misty_mountains")
        assert step(state) == COMBAT_CARD and "card 1" in legal(state, "fellowship"), held
        assert ("special gwaihir eregion" in legal(state, "fellowship")) == (held == ["gwaihir"])


# -- the Deluxe Palantír "at any time during your turn" (rules §11.2) -------------------------


def test_deluxe_palantir_may_be_played_before_a_blind_target_draw() -> None:
    state = position(
        {"frodo": "rohan", "gimli": "rohan", "merry": "shire"},
        {"cave_troll": "gondor", "orcs": "mordor"},
        held={"fellowship": [], "sauron": ["palantir"]},
        **DLX,
    )
    state = act(state, "sauron", "move cave_troll rohan")
    assert step(state) == TARGET
    assert legal(state, "sauron") == {"target hidden", "special palantir rohan"}
    state = act(state, "sauron", "special palantir rohan")
    assert {"target frodo", "target gimli"} <= legal(state, "sauron")


def test_blind_target_question_in_deluxe_2_does_not_show_whether_sauron_kept_the_palantir() -> None:
    seen = []
    for held in (["palantir"], ["crebain"]):
        state = position(
            {"frodo": "rohan", "gimli": "rohan", "merry": "shire"},
            {"cave_troll": "gondor", "orcs": "mordor"},
            specials="deluxe-2",
            held={"fellowship": [], "sauron": held},
        )
        state = act(state, "sauron", "move cave_troll rohan")
        seen.append((step(state), R.prompt(state, "fellowship").text))
    assert seen[0] == seen[1] and seen[0][0] == TARGET


# -- Crebain of Dunland chooses a character (rules §11.2) -----------------------------------


def test_crebain_after_the_palantir_chooses_the_character_sauron_sees() -> None:
    for target in ("frodo", "gimli"):
        state = position(
            {"frodo": "rohan", "gimli": "rohan", "merry": "shire"},
            {"orcs": "mordor"},
            held={"fellowship": [], "sauron": ["palantir", "crebain"]},
            **DLX,
        )
        state = act(state, "sauron", "special palantir rohan")
        assert "special crebain rohan" not in legal(state, "sauron")
        state = act(state, "sauron", f"special crebain {target}")
        assert state["revealed"] == {target: "perm"}


def test_sam_substitution_question_is_asked_whenever_frodo_has_company() -> None:
    seen = []
    for sam_at in ("shire", "rohan"):
        state = position(
            {"frodo": "shire", "gimli": "shire", "merry": "cardolan", "sam": sam_at},
            {"cave_troll": "arthedain"},
            revealed=["frodo"],
        )
        state = act(state, "sauron", "move cave_troll shire", "target frodo")
        seen.append((step(state), R.prompt(state, "sauron").text))
        assert ("ability sam" in legal(state, "fellowship")) == (sam_at == "shire")
    assert seen[0] == seen[1] and seen[0][0] == COMBAT_CARD


# -- second audit ------------------------------------------------------------------------------


def test_undo_never_takes_back_an_announced_attack_with_a_target_choice() -> None:
    state = position(
        {"frodo": "shire", "merry": "shire", "pippin": "shire"},
        {"orcs": "arthedain", "warg": "mordor"},
        specials="deluxe-2",
        held={"fellowship": [], "sauron": ["crebain", "recall_to_mordor"]},
    )
    match = Match(R, state)
    state = match.state  # the match plays on its own tracked copy of a plain state
    match.submit("sauron", "move orcs shire", check=True)
    assert step(state) == TARGET and R.active(state) == frozenset({"sauron"})
    assert not match.can_undo("sauron")


def test_sam_inheriting_the_ring_in_mordor_wins_for_the_fellowship() -> None:
    state = position(
        {"frodo_v": "rohan", "sam_v": "mordor"},
        {"orcs_v": "gondor", "watcher": "dagorlad"},
        variant="deluxe-variant",
        hands={"sauron": ["6"], "fellowship": ["1"]},
    )
    state = act(state, "sauron", "move orcs_v rohan", "card 6")
    state = act(state, "fellowship", "card 1")
    assert winner(state) == "fellowship"
    assert R.result_text(state["result"]) == "Sam carried the Ring into Mordor"


def test_frodo_swapped_into_mordor_by_smeagol_wins_if_he_survives() -> None:
    state = position(
        {"frodo": "dagorlad", "smeagol": "mordor"},
        {"flying_nazgul": "rohan", "orcs": "gap_of_rohan"},
        variant="draft",
        hands={"sauron": ["1"], "fellowship": ["5"]},
    )
    state = act(state, "sauron", "move flying_nazgul mordor")
    state = act(state, "fellowship", "ability smeagol frodo")
    while state["result"] is None and R.active(state):
        role = sorted(R.active(state))[0]
        options = legal(state, role)
        choice = next((a for a in options if a.startswith("card")), None) or (
            "decline" if "decline" in options else options[0]
        )
        state = act(state, role, choice)
    assert winner(state) == "fellowship"
    assert "Mordor" in R.result_text(state["result"])
