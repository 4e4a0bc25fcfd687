"""An impossible position is refused with what is wrong in it (the checks the determinized
samples of a search go through as well)."""

from __future__ import annotations

import pytest

from games.confrontation.data import VARIANT
from games.core import InvalidPosition

from .helpers import position


def test_a_crowded_region_is_named_with_its_count() -> None:
    with pytest.raises(InvalidPosition, match=r"^3 sauron characters in arthedain \(room for 2\)$"):
        position({"frodo": "shire"}, {"orcs": "arthedain", "warg": "arthedain", "balrog": "arthedain"})


def test_the_first_crowded_region_of_the_fellowship_is_named_first() -> None:
    with pytest.raises(InvalidPosition, match=r"^2 fellowship characters in caradhras \(room for 1\)$"):
        position(
            {"frodo": "shire", "sam": "caradhras", "gimli": "caradhras"},
            {"orcs": "gondor", "warg": "gondor", "balrog": "gondor"},
        )


def test_both_sides_in_a_region_need_a_battle() -> None:
    with pytest.raises(InvalidPosition, match=r"^both sides stand in eregion: say who attacked"):
        position({"frodo": "shire", "gimli": "eregion"}, {"orcs": "eregion"})


def test_a_battle_needs_someone_to_fight_and_no_other_meeting() -> None:
    with pytest.raises(InvalidPosition, match=r"^there is nobody to fight in eregion$"):
        position({"frodo": "shire"}, {"orcs": "eregion"}, battle={"attacker": "orcs", "region": "eregion"})
    with pytest.raises(InvalidPosition, match=r"^both sides stand in cardolan outside the battle$"):
        position(
            {"frodo": "shire", "gimli": "eregion", "sam": "cardolan"},
            {"orcs": "eregion", "warg": "cardolan"},
            battle={"attacker": "orcs", "region": "eregion"},
        )


def test_a_battle_in_the_attackers_region_starts() -> None:
    state = position(
        {"frodo": "shire", "gimli": "eregion"},
        {"black_rider": "eregion"},
        battle={"attacker": "black_rider", "region": "eregion"},
    )
    assert state["stack"][-1]["phase"] == "combat_cards"


def test_a_piece_must_be_a_character_of_its_side_and_set_on_one_tile() -> None:
    with pytest.raises(InvalidPosition, match=r"^there is no character 'nobody'$"):
        position({"frodo": "shire", "nobody": "shire"}, {"orcs": "mordor"})
    with pytest.raises(InvalidPosition, match=r"^orcs is not a fellowship character$"):
        position({"frodo": "shire", "orcs": "shire"}, {"warg": "mordor"})
    with pytest.raises(InvalidPosition, match=r"^frodo_v is not in the classic set$"):
        position({"frodo_v": "shire"}, {"orcs": "mordor"})
    with pytest.raises(InvalidPosition, match=r"^frodo is not in the deluxe-variant set$"):
        position({"frodo": "shire"}, {"orcs": "mordor"}, variant="deluxe-variant")
    with pytest.raises(InvalidPosition, match=r"^frodo_v and frodo are the two sides of one tile$"):
        position({"frodo": "shire", "frodo_v": "arthedain"}, {"orcs": "mordor"}, variant="draft")


def test_each_side_plays_its_sets_characters_and_the_missing_ones_fell() -> None:
    state = position(
        {"frodo_v": "shire", "sam_v": "arthedain"}, {"orcs_v": "mordor"}, variant="deluxe-variant"
    )
    assert state["chars"] == {side: list(VARIANT[side]) for side in ("fellowship", "sauron")}
    assert state["defeated"]["fellowship"] == [
        c for c in VARIANT["fellowship"] if c not in ("frodo_v", "sam_v")
    ]


def test_a_fallen_character_and_one_on_the_board_cannot_share_a_tile() -> None:
    with pytest.raises(
        InvalidPosition, match=r"^two fellowship characters share a tile: \['frodo', 'frodo_v'\]$"
    ):
        position({"frodo": "shire"}, {"orcs": "mordor"}, variant="draft", defeated=["frodo_v"])
    with pytest.raises(InvalidPosition, match=r"^frodo cannot stand on the board and be defeated$"):
        position({"frodo": "shire"}, {"orcs": "mordor"}, defeated=["frodo"])


def test_only_a_character_in_play_can_have_been_shown() -> None:
    with pytest.raises(InvalidPosition, match=r"^frodo_v is shown but not in play$"):
        position({"frodo": "shire"}, {"orcs": "mordor"}, shown=["orcs", "frodo_v"])
