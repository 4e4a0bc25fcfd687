"""The Free Peoples' care of the Ring-bearers (:mod:`games.war_of_the_ring.computer_ring`): the
hidden Fellowship waits for a weaker Hunt, less and less as the Shadow nears a military victory."""

from __future__ import annotations

from typing import Any

from games.core import View
from games.war_of_the_ring.computer_ring import RingCare
from games.war_of_the_ring.data import FREE
from games.war_of_the_ring.ruleset import WAR_OF_THE_RING as WOTR


def _view(shadow_vp: int, free_vp: int = 0) -> View:
    view: dict[str, Any] = dict(WOTR.view(WOTR.setup(1, WOTR.resolve_options({}), 2), FREE))
    view["hunt"] = {**view["hunt"], "box": {"shadow": 3, "free": 0}}
    view["vp"] = {"free": free_vp, "shadow": shadow_vp}
    return view


def test_the_fellowship_hurries_as_the_shadow_nears_a_military_victory() -> None:
    calm, pressed = RingCare(_view(0), hurry=True), RingCare(_view(6), hurry=True)
    assert pressed.patience < calm.patience
    assert pressed.move_score() > calm.move_score()


def test_one_victory_point_of_the_shadow_is_no_hurry() -> None:
    assert RingCare(_view(1), hurry=True).patience == RingCare(_view(0), hurry=True).patience


def test_the_first_version_never_hurries() -> None:
    assert RingCare(_view(6)).patience == RingCare(_view(0)).patience


def test_the_free_peoples_own_conquests_calm_the_fellowship() -> None:
    """Against random play the Shadow gathers a few points over a long war while the Free Peoples
    take as many: hurrying then only corrupted the Ring-bearers (2 games in 100)."""
    matched, led = RingCare(_view(4, free_vp=2), hurry=True), RingCare(_view(4), hurry=True)
    assert matched.patience > led.patience
    assert RingCare(_view(4, free_vp=3), hurry=True).patience == RingCare(_view(0), hurry=True).patience
