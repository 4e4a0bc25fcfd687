"""A Confrontation position may start at the beginning of a turn: the engine starts the turn
(a side with no legal move loses there), never the test."""

from __future__ import annotations

import pytest

from games.core import InvalidPosition, dump

from .helpers import R, position, winner


def test_a_turn_start_position_where_the_side_cannot_move_loses_at_once() -> None:
    state = position(
        {"frodo_v": "fangorn"},
        {"watcher": "shire"},
        variant="deluxe-variant",
        turn="sauron",
        revealed={"watcher": "perm"},
        start="turn",
    )
    # Sauron's only character is the revealed Watcher, which may never move forward.
    assert winner(state) == "fellowship"
    assert [e["kind"] for e in state["log"]] == ["no_legal_move", "won"]
    assert R.result_text(state["result"]) == "Sauron had no legal move"


def test_a_turn_start_position_waits_for_the_side_to_move_like_the_turn_under_way() -> None:
    pieces = ({"frodo": "shire", "gimli": "eregion"}, {"orcs": "mirkwood", "balrog": "misty_mountains"})
    started = position(*pieces, turn="fellowship", start="turn")
    under_way = position(*pieces, turn="fellowship")
    assert R.active(started) == {"fellowship"} and started["log"] == []
    assert dump(started) == dump(under_way)


@pytest.mark.parametrize(
    ("more", "message"),
    [
        ({"start": "phase:move"}, "has no phases"),
        ({"start": "beginning"}, "not understood"),
        ({"start": "turn", "must_move": "frodo"}, "start of the turn has no must_move"),
        ({"start": "turn", "revealed": {"gimli": "turn"}}, "revealed for a turn that has not begun"),
    ],
)
def test_a_bad_start_is_refused_with_what_is_wrong(more: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidPosition, match=message):
        position({"frodo": "shire", "gimli": "eregion"}, {"orcs": "mirkwood"}, turn="fellowship", **more)
