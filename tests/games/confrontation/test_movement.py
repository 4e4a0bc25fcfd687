"""Movement rules: forward moves, capacity, mountains, the Anduin, the Tunnel and movement abilities."""

from __future__ import annotations

from .helpers import AMBUSH, COMBAT_CARD, MOVE, R, act, defeated, legal, position, step, where, winner


def moves_of(state: dict, role: str, char: str) -> set[str]:
    return {a.split(" ")[2] for a in legal(state, role) if a.startswith(f"move {char} ")}


def test_normal_move_is_one_region_forward() -> None:
    state = position({"frodo": "shire"}, {"orcs": "mordor"}, turn="fellowship")
    assert moves_of(state, "fellowship", "frodo") == {"arthedain", "cardolan"}
    assert moves_of(state, "sauron", "orcs") == set()  # not Sauron's turn
    state = position({"frodo": "shire"}, {"orcs": "mordor"}, turn="sauron")
    assert moves_of(state, "sauron", "orcs") == {"dagorlad", "gondor"}


def test_capacity_blocks_a_move_into_a_full_region() -> None:
    state = position(
        {"frodo": "shire", "sam": "eregion", "pippin": "eregion", "merry": "arthedain"},
        {"orcs": "mordor"},
        turn="fellowship",
    )
    assert moves_of(state, "fellowship", "merry") == {"rhudaur"}


def test_mountains_hold_one_character_per_side() -> None:
    state = position({"frodo": "rhudaur", "sam": "misty_mountains"}, {"orcs": "mordor"}, turn="fellowship")
    assert moves_of(state, "fellowship", "frodo") == {"high_pass"}


def test_anduin_downstream_is_for_the_fellowship_only() -> None:
    state = position({"frodo": "mirkwood", "sam": "fangorn"}, {"orcs": "rohan"}, turn="fellowship")
    assert moves_of(state, "fellowship", "frodo") == {"dagorlad", "fangorn"}
    assert "rohan" in moves_of(state, "fellowship", "sam")  # downstream attack
    assert "mirkwood" not in moves_of(state, "fellowship", "sam")  # never upstream
    state = position({"frodo": "shire"}, {"orcs": "mirkwood"}, turn="sauron")
    assert moves_of(state, "sauron", "orcs") == {"high_pass", "misty_mountains"}


def test_tunnel_of_moria_leads_from_eregion_to_fangorn_for_the_fellowship_only() -> None:
    state = position({"gimli": "eregion", "frodo": "shire"}, {"orcs": "mordor"}, turn="fellowship")
    assert moves_of(state, "fellowship", "gimli") == {"misty_mountains", "caradhras", "fangorn"}
    state = act(state, "fellowship", "move gimli fangorn")
    assert where(state, "gimli") == "fangorn"
    assert step(state) == MOVE
    state = position({"frodo": "shire"}, {"orcs": "fangorn"}, turn="sauron")
    assert "eregion" not in moves_of(state, "sauron", "orcs")


def test_balrog_ambush_defeats_a_tunnel_traveller() -> None:
    state = position({"gimli": "eregion", "frodo": "shire"}, {"balrog": "caradhras"}, turn="fellowship")
    state = act(state, "fellowship", "move gimli fangorn")
    assert step(state) == AMBUSH
    assert legal(state, "sauron") == {"ability balrog", "decline"}
    state = act(state, "sauron", "ability balrog")
    assert defeated(state, "gimli")
    assert state["turn"]["side"] == "sauron"


def test_balrog_ambush_is_optional() -> None:
    state = position({"gimli": "eregion", "frodo": "shire"}, {"balrog": "caradhras"}, turn="fellowship")
    state = act(state, "fellowship", "move gimli fangorn")
    state = act(state, "sauron", "decline")
    assert where(state, "gimli") == "fangorn"


def test_ambush_question_is_asked_whenever_the_balrog_may_hold_caradhras() -> None:
    """Asking only when the Balrog is there would tell the Fellowship where the Balrog is."""
    state = position(
        {"gimli": "eregion", "frodo": "shire"}, {"orcs": "caradhras", "balrog": "mordor"}, turn="fellowship"
    )
    state = act(state, "fellowship", "move gimli fangorn")
    assert legal(state, "sauron") == {"decline"}
    state = act(state, "sauron", "decline")
    assert where(state, "gimli") == "fangorn"


def test_no_ambush_question_when_everyone_can_see_the_balrog_is_not_there() -> None:
    for sauron, revealed in (
        ({"orcs": "caradhras"}, []),  # the Balrog has fallen
        ({"orcs": "caradhras", "balrog": "mordor"}, ["orcs"]),  # Caradhras holds the known Orcs
        ({"orcs": "caradhras", "balrog": "mordor"}, ["balrog"]),  # the Balrog is seen elsewhere
    ):
        state = position({"gimli": "eregion", "frodo": "shire"}, sauron, turn="fellowship", revealed=revealed)
        state = act(state, "fellowship", "move gimli fangorn")
        assert step(state) == MOVE and where(state, "gimli") == "fangorn", sauron


def test_balrog_ambush_on_frodo_wins_for_sauron() -> None:
    state = position({"frodo": "eregion"}, {"balrog": "caradhras"}, turn="fellowship")
    state = act(
        state,
        "fellowship",
        "move frodo fangorn",
    )
    state = act(state, "sauron", "ability balrog")
    assert winner(state) == "sauron"


def test_edge_8_balrog_ambush_on_boromir_kills_only_boromir_and_reveals_nothing_in_fangorn() -> None:
    state = position(
        {"boromir": "eregion", "frodo": "shire"},
        {"balrog": "caradhras", "orcs": "fangorn"},
        turn="fellowship",
    )
    state = act(
        state,
        "fellowship",
        "move boromir fangorn",
    )
    state = act(state, "sauron", "ability balrog")
    assert defeated(state, "boromir")
    assert not defeated(state, "balrog")
    assert where(state, "orcs") == "fangorn"
    assert "orcs" not in state["revealed"]


def test_tunnel_into_sauron_held_fangorn_is_an_attack() -> None:
    state = position({"gimli": "eregion", "frodo": "shire"}, {"warg": "fangorn"}, turn="fellowship")
    state = act(state, "fellowship", "move gimli fangorn")
    assert step(state) == COMBAT_CARD


def test_aragorn_may_move_sideways_or_backward_to_attack() -> None:
    state = position(
        {"aragorn": "eregion", "frodo": "shire"},
        {"orcs": "enedwaith", "warg": "arthedain"},
        turn="fellowship",
    )
    assert moves_of(state, "fellowship", "aragorn") == {
        "misty_mountains",
        "caradhras",
        "fangorn",
        "enedwaith",
        "arthedain",
    }


def test_aragorn_never_moves_sideways_in_the_mountains() -> None:
    state = position(
        {"aragorn": "caradhras", "frodo": "shire"}, {"orcs": "misty_mountains"}, turn="fellowship"
    )
    assert "misty_mountains" not in moves_of(state, "fellowship", "aragorn")


def test_witch_king_moves_sideways_only_to_attack() -> None:
    state = position({"frodo": "rohan"}, {"witch_king": "fangorn"}, turn="sauron")
    assert moves_of(state, "sauron", "witch_king") == {"misty_mountains", "caradhras", "rohan"}
    state = position({"frodo": "shire"}, {"witch_king": "fangorn"}, turn="sauron")
    assert moves_of(state, "sauron", "witch_king") == {"misty_mountains", "caradhras"}


def test_black_rider_charges_forward_to_an_attack() -> None:
    state = position({"frodo": "arthedain"}, {"black_rider": "mordor"}, turn="sauron")
    assert moves_of(state, "sauron", "black_rider") == {"dagorlad", "gondor", "arthedain"}


def test_edge_9_black_rider_cannot_pass_through_enemies_or_full_regions() -> None:
    state = position(
        {"frodo": "arthedain", "sam": "mirkwood"},
        {"black_rider": "dagorlad", "orcs": "fangorn", "warg": "fangorn"},
        turn="sauron",
    )
    # Through Mirkwood (enemy: stop there) and Fangorn (full): only the Mirkwood attack.
    assert moves_of(state, "sauron", "black_rider") == {"mirkwood"}


def test_edge_4_flying_nazgul_flies_anywhere_to_a_lone_character() -> None:
    state = position(
        {"frodo": "shire", "sam": "shire", "gimli": "high_pass", "legolas": "eregion"},
        {"flying_nazgul": "caradhras"},
        turn="sauron",
    )
    got = moves_of(state, "sauron", "flying_nazgul")
    assert {"high_pass", "eregion"} <= got  # mountain to mountain, and backward
    assert "shire" not in got  # two Fellowship characters there


def test_edge_21_frodo_entering_an_occupied_mordor_wins_without_battle() -> None:
    state = position({"frodo": "gondor"}, {"orcs": "mordor", "warg": "mordor"}, turn="fellowship")
    state = act(state, "fellowship", "move frodo mordor")
    assert winner(state) == "fellowship"
    assert not defeated(state, "frodo")


def test_no_legal_move_loses_at_the_start_of_the_turn() -> None:
    state = position(
        {"frodo_v": "misty_mountains"},
        {"watcher": "shire"},
        variant="deluxe-variant",
        turn="fellowship",
        revealed={"watcher": "perm"},
    )
    state = act(state, "fellowship", "move frodo_v fangorn")
    # Sauron's only character is the revealed Watcher, which may never move forward.
    assert winner(state) == "fellowship"
    assert "no legal move" in R.result_text(state["result"])


def test_sauron_moves_first_after_setup() -> None:
    from .helpers import R

    state = R.setup(3, R.resolve_options({}), 2)
    assert R.active(state) == {"fellowship", "sauron"}
    state = act(state, "fellowship", "autoplace", "ready")
    state = act(state, "sauron", "autoplace", "ready")
    assert R.active(state) == {"sauron"}
    assert state["turn"] == {"number": 1, "side": "sauron"}


def test_counts_follow_every_change_of_position() -> None:
    """The counts of the last position are kept: a move, or another state, counts afresh."""
    from games.confrontation.board import counts

    state = position({"frodo": "shire", "sam": "shire"}, {"orcs": "mordor"}, turn="fellowship")
    assert counts(state)["fellowship"]["shire"] == 2
    assert counts(state) is counts(state)  # the same position: counted once
    state["pos"]["sam"] = "arthedain"
    assert counts(state)["fellowship"]["shire"] == 1 and counts(state)["fellowship"]["arthedain"] == 1
    other = position({"frodo": "shire"}, {"orcs": "cardolan"}, turn="fellowship")
    assert counts(other)["sauron"]["cardolan"] == 1 and counts(other)["fellowship"]["arthedain"] == 0
    assert counts(state)["sauron"]["cardolan"] == 0 and counts(state)["sauron"]["mordor"] == 1
