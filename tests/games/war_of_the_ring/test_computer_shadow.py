"""The rule-based Shadow's plan (:mod:`games.war_of_the_ring.computer_shadow`): it marches on
the Free Peoples' Settlements worth most for the fewest defenders, musters nearest them, gives
the battles it wins and sizes its Hunt by the Fellowship's way."""

from __future__ import annotations

from typing import Any

from games.core import Action, View
from games.core.players import Budget, Seat
from games.war_of_the_ring.computer import RuleBasedPlayer
from games.war_of_the_ring.computer_shadow import ODDS, ShadowPlan
from games.war_of_the_ring.data import FREE, NATIONS, REGIONS, SHADOW, distance, side_of_nation
from games.war_of_the_ring.ruleset import WAR_OF_THE_RING as WOTR


def _view(**changes: Any) -> View:
    view = dict(WOTR.view(WOTR.setup(1, WOTR.resolve_options({}), 2), SHADOW))
    view.update(changes)
    return view


def _plan(view: View) -> ShadowPlan:
    regions = {r["id"]: r for r in view["regions"]}

    def strength(region: str, side: str) -> float:
        units = regions.get(region, {}).get("units", {})
        return float(sum(sum(u.values()) for n, u in units.items() if side_of_nation(n) == side))

    return ShadowPlan(view, strength)


def test_an_undefended_settlement_pulls_harder_than_a_defended_one() -> None:
    view = _view()
    plan = _plan(view)
    # Minas Tirith (a Stronghold with five figures) against Dol Amroth (a Stronghold, three).
    assert plan.targets["dol_amroth"] > plan.targets["minas_tirith"]
    for target in plan.targets:
        nation = REGIONS[target].nation
        assert REGIONS[target].vp and nation is not None and NATIONS[nation].side == FREE


def test_an_army_moves_toward_its_targets_and_the_shadow_musters_nearest_them() -> None:
    view = _view()
    plan = _plan(view)
    near, far = "minas_morgul", "mount_gundabad"
    nearest = min(plan.targets, key=lambda t: distance(near, t))
    assert distance(near, nearest) <= min(distance(far, t) for t in plan.targets)
    assert plan.place(near) >= plan.place(far)
    # From Umbar the Shadow goes on to West Harondor, next to Pelargir (a City).
    assert plan.to("west_harondor") > plan.to("east_harondor")


def test_the_shadow_hunts_with_two_dice_where_the_first_version_began_with_one() -> None:
    view = _view(fellowship={**_view()["fellowship"], "progress": 0, "mordor": None})
    actions = tuple(Action.from_text(f"hunt {n}") for n in range(4))
    chosen = {
        plan: RuleBasedPlayer(plan=plan).decide(Seat(WOTR.name, SHADOW, view, actions, 1, Budget(1))).text
        for plan in (True, False)
    }
    assert chosen == {True: "hunt 2", False: "hunt 1"}


def test_the_shadow_attacks_where_it_wins() -> None:
    view = _view()
    regions = [dict(r) for r in view["regions"]]
    regions.append({"id": "west_harondor", "units": {"southrons": {"regular": 8}}, "characters": []})
    view = _view(regions=regions)
    plan = _plan(view)
    # Eight Southrons next to Pelargir (a City, held by one regular at most) and Dol Amroth.
    assert plan.attack("west_harondor", "pelargir") > plan.attack("minas_morgul", "osgiliath")


def _barred_by(card: str) -> View:
    view = _view()
    cards = {**view["cards"], FREE: {**view["cards"][FREE], "table": [card]}}
    return _view(cards=cards)


def test_the_shadow_marches_on_no_settlement_a_table_card_closes_and_dispels_it() -> None:
    open_plan, barred = _plan(_view()), _plan(_barred_by("fps_02"))  # A Power too Great
    assert {"rivendell", "grey_havens", "lorien"} <= set(open_plan.targets)
    assert not {"rivendell", "grey_havens", "lorien"} & set(barred.targets)
    # The stall of seeds 9 and 19: armies pulled forever toward Settlements they may not enter.
    assert barred.pull("fords_of_bruinen") < open_plan.pull("fords_of_bruinen")
    assert barred.dispel() > 3.0 > open_plan.dispel()
    assert barred.discard("fps_02") > barred.discard("fps_03")


def test_a_long_war_presses_on_at_lower_odds() -> None:
    regions = [dict(r) for r in _view()["regions"]]
    regions.append({"id": "west_harondor", "units": {"southrons": {"regular": 5}}, "characters": []})
    early, late = _plan(_view(regions=regions, turn=5)), _plan(_view(regions=regions, turn=60))
    assert early.odds == ODDS > late.odds
    # Five Southrons against Dol Amroth's garrison (a Stronghold): short of the usual odds.
    assert late.odds <= early.attack_odds("west_harondor", "dol_amroth") < early.odds
    assert late.attack("west_harondor", "dol_amroth") > early.attack("west_harondor", "dol_amroth") + 3
