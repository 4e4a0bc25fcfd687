"""The counts kept for speed (``board.counts``) never go stale, however the position changes."""

from __future__ import annotations

from typing import Any

from games.confrontation.board import SIDE_OF, counts, move_to, remove
from games.confrontation.data import REGION_ORDER, SIDES
from games.core.rng import randbelow

from .helpers import R, position


def fresh(state: dict[str, Any]) -> dict[str, dict[str, int]]:
    """The counts of ``state``'s position, counted from scratch."""
    result = {s: dict.fromkeys(REGION_ORDER, 0) for s in SIDES}
    for char, region in state["pos"].items():
        result[SIDE_OF[char]][region] += 1
    return result


def test_a_move_counts_the_new_position_and_leaves_old_counts_alone() -> None:
    state = position({"frodo": "shire", "sam": "shire"}, {"orcs": "mordor"}, turn="fellowship")
    before = counts(state)
    kept = {s: dict(v) for s, v in before.items()}
    move_to(state, "sam", "arthedain")
    assert counts(state) == fresh(state)
    assert counts(state)["fellowship"]["arthedain"] == 1 and counts(state)["fellowship"]["shire"] == 1
    assert before == kept  # counts handed out before the move never change
    move_to(state, "orcs", "gondor")
    assert counts(state) == fresh(state) and counts(state)["sauron"]["mordor"] == 0


def test_a_move_in_another_state_does_not_touch_the_counts_kept() -> None:
    state = position({"frodo": "shire"}, {"orcs": "mordor"}, turn="fellowship")
    other = position({"frodo": "shire"}, {"orcs": "cardolan"}, turn="fellowship")
    assert counts(state)["sauron"]["mordor"] == 1
    move_to(other, "orcs", "arthedain")  # the counts kept are not this position's
    assert counts(state) == fresh(state) and counts(other) == fresh(other)
    move_to(state, "frodo", "shire")  # a move to where it stands already
    assert counts(state) == fresh(state)


def test_a_removal_or_a_direct_change_after_a_move_is_counted() -> None:
    state = position({"frodo": "shire", "sam": "shire"}, {"orcs": "mordor"}, turn="fellowship")
    counts(state)
    move_to(state, "sam", "arthedain")
    remove(state, "sam")
    assert counts(state) == fresh(state) and counts(state)["fellowship"]["arthedain"] == 0
    counts(state)
    move_to(state, "frodo", "arthedain")
    state["pos"]["orcs"] = "arthedain"  # the position changed outside move_to
    assert counts(state) == fresh(state) and counts(state)["sauron"]["arthedain"] == 1


def test_counts_match_a_fresh_count_through_random_games() -> None:
    options = R.resolve_options({"variant": "deluxe-variant", "specials": "deluxe-4"})
    for seed in range(20):
        state = R.setup(seed, options, 2)
        chooser = {"rng": seed + 1}
        while state["result"] is None:
            roles = sorted(R.active(state))
            role = roles[randbelow(chooser, len(roles))]
            actions = R.legal_actions(state, role)
            R.apply(state, role, actions[randbelow(chooser, len(actions))])
            state["seq"] += 1
            if state["setup"] is None:
                assert counts(state) == fresh(state)
