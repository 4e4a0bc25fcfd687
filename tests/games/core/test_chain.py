"""Several steps of one decision in one line (games.core.chain), on War of the Ring's small steps:
rehearsed whole, a refused step named and nothing changed, chance only as the last step."""

from __future__ import annotations

import pytest

from games.core import IllegalAction, Match, dump
from games.core.chain import MOST_STEPS, prefix_state, rehearse, split_steps
from games.war_of_the_ring.ruleset import WAR_OF_THE_RING as R

MOVE = ["move-armies army", "army gorgoroth", "to nurn", "go", "done"]


def _state(**position: object) -> dict[str, object]:
    return R.from_position({"dice": {"free": ["character"], "shadow": ["army"]}, **position})


def test_a_line_splits_on_semicolons_and_new_lines_dropping_empty_steps() -> None:
    assert split_steps(" a b ;c\nd ;; ") == ["a b", "c", "d"]


def test_a_whole_army_move_in_one_line_is_rehearsed_without_changing_the_state() -> None:
    state = _state(acting="shadow")
    before = dump(state)
    actions = rehearse(R, state, "shadow", MOVE)
    assert [a.text for a in actions] == MOVE
    assert dump(state) == before
    # made for real, the steps do what the rehearsal did
    match = Match(R, state)
    for action in actions:
        match.submit("shadow", action)
    assert "nurn" in match.state["armies"] and "sauron" not in match.state["armies"].get("gorgoroth", {})


def test_a_refused_step_is_named_and_nothing_is_done() -> None:
    state = _state(acting="shadow")
    before = dump(state)
    with pytest.raises(
        IllegalAction, match=r"Step 3, `to minas_tirith` \(after 2 good steps\).*Nothing was done"
    ):
        rehearse(R, state, "shadow", ["move-armies army", "army gorgoroth", "to minas_tirith", "go"])
    assert dump(state) == before


def test_a_step_that_rolls_dice_must_be_the_last_one() -> None:
    state = _state(hunt_box={"shadow": 2}, fellowship={"region": "hollin", "progress": 0})
    with pytest.raises(IllegalAction, match="Step 1, `move-fellowship character`, can never be taken back"):
        rehearse(R, state, "free", ["move-fellowship character", "pass"])
    assert [a.text for a in rehearse(R, state, "free", ["move-fellowship character"])] == [
        "move-fellowship character"
    ]
    # and the autocomplete offers nothing after it: the Hunt's outcome must not show
    assert prefix_state(R, state, "free", ["move-fellowship character"]) is None
    assert prefix_state(R, _state(acting="shadow"), "shadow", MOVE[:2]) is not None


def test_an_empty_or_overlong_line_is_refused() -> None:
    state = _state(acting="shadow")
    with pytest.raises(IllegalAction, match="Nothing to do"):
        rehearse(R, state, "shadow", [])
    with pytest.raises(IllegalAction, match="at most"):
        rehearse(R, state, "shadow", ["done"] * (MOST_STEPS + 1))


def test_a_refused_line_is_said_in_its_readers_language() -> None:
    from games.core.i18n import Words

    with pytest.raises(IllegalAction) as refused:
        rehearse(
            R, _state(acting="shadow"), "shadow", ["move-armies army", "army gorgoroth", "to minas_tirith"]
        )
    said = refused.value.args[0]
    assert isinstance(said, Words)
    assert said.render("da").startswith("Trin 3, `to minas_tirith` (efter 2 gyldige trin)")
    assert said.render("ja").endswith("何も行われませんでした。")
    assert str(said).startswith("Step 3, `to minas_tirith` (after 2 good steps)")
