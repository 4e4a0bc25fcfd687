"""The Free Peoples' care of the Ring-bearers (:mod:`games.war_of_the_ring.computer_ring`): the
hidden Fellowship waits for a weaker Hunt, less and less as the Shadow nears a military victory."""

from __future__ import annotations

from typing import Any

from games.core import View
from games.war_of_the_ring.computer_ring import RingCare
from games.war_of_the_ring.data import FREE
from games.war_of_the_ring.ruleset import WAR_OF_THE_RING as WOTR


def _view(shadow_vp: int) -> View:
    view: dict[str, Any] = dict(WOTR.view(WOTR.setup(1, WOTR.resolve_options({}), 2), FREE))
    view["hunt"] = {**view["hunt"], "box": {"shadow": 3, "free": 0}}
    view["vp"] = {"free": 0, "shadow": shadow_vp}
    return view


def test_the_fellowship_hurries_as_the_shadow_nears_a_military_victory() -> None:
    calm, pressed = RingCare(_view(0), hurry=True), RingCare(_view(6), hurry=True)
    assert pressed.patience < calm.patience
    assert pressed.move_score() > calm.move_score()


def test_one_victory_point_of_the_shadow_is_no_hurry() -> None:
    assert RingCare(_view(1), hurry=True).patience == RingCare(_view(0), hurry=True).patience


def test_the_first_version_never_hurries() -> None:
    assert RingCare(_view(6)).patience == RingCare(_view(0)).patience
