"""A described position's piles hold only this game's cards, each in a pile of its kind (the
checks every sampled position of a search goes through)."""

from __future__ import annotations

import pytest

from games.core import InvalidPosition
from games.lotr_risk.board import geometry

from .helpers import position

ADVENTURE = geometry("middle-earth").adventure_deck[0]


@pytest.mark.parametrize(
    ("decks", "mode", "reason"),
    [
        ({"territory": ["nonsense"]}, "lotr", r"^'nonsense' in the territory pile is no card of this game$"),
        ({"territory_discard": [ADVENTURE]}, "lotr", rf"^'{ADVENTURE}' is not a territory card$"),
        ({"adventure": ["card:moria"]}, "lotr", r"^'card:moria' is not an adventure card$"),
        ({"adventure_discard": [ADVENTURE]}, "plain", r"adventure_discard pile is no card of this game$"),
    ],
)  # fmt: skip
def test_a_card_out_of_place_in_the_piles_is_refused(
    decks: dict[str, list[str]], mode: str, reason: str
) -> None:
    with pytest.raises(InvalidPosition, match=reason):
        position({"old_forest": "green"}, mode=mode, decks=decks)


def test_the_cards_placed_nowhere_go_to_the_bottom_of_their_decks() -> None:
    state = position({"old_forest": "green"}, decks={"territory": ["card:moria"], "removed": [ADVENTURE]})
    g = geometry("middle-earth")
    assert state["decks"]["territory"] == [c for c in g.territory_cards if c != "card:moria"] + ["card:moria"]
    assert state["decks"]["adventure"] == [c for c in g.adventure_deck if c != ADVENTURE]
