"""An impossible position is refused with what is wrong in it (the checks the determinized
samples of a search go through as well)."""

from __future__ import annotations

import pytest

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
