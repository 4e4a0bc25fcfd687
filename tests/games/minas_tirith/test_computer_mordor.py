"""Mordor's plan (games/minas_tirith/computer_mordor.py): the dice it counts on, the attacks it
makes and refuses, its leaders marching with the army, its playouts, and complete games on both
sides for the plan and for the paired search that uses it (strength is measured in bench/)."""

from __future__ import annotations

import pytest

from games.core import Action, State, find
from games.core.players import Budget, Generator, Policy, RandomPlayer, Seat, play, seat_of
from games.minas_tirith.computer import RuleBasedPlayer
from games.minas_tirith.computer_mordor import (
    MordorPlanner,
    battle,
    playout_action,
    ranked,
    strong,
    strongest,
)

MT = find("minas-tirith")
SIDES = ("good", "evil")


def _midgame(kind: str) -> State:
    """A state of the third round or later where Mordor is asked a question of ``kind``."""
    players: dict[str, Policy] = {"evil": MordorPlanner(), "good": RuleBasedPlayer()}
    state = MT.setup(3, MT.resolve_options({}), 2)
    count = 0
    while not (state["round"] >= 3 and "evil" in MT.active(state) and MT.prompt(state, "evil").kind == kind):
        role = min(MT.active(state))
        MT.apply(state, role, players[role].decide(seat_of(MT, state, role, count)))
        count += 1
        assert state["result"] is None, "the game ended before the wanted moment: pick another seed"
    return state


def _front(
    state: State,
    evil: dict[str, int],
    leaders: list[str],
    good: dict[str, int],
    target: str = "causeway_forts",
) -> dict[str, object]:
    """Mordor's view of ``state`` with the Causeway and ``target`` next to it (the Causeway
    Forts: a banner of Gondor) set as given."""
    view = MT.view(state, "evil")
    view["spaces"]["causeway"] = {"side": "evil", "units": evil, "leaders": leaders}
    view["spaces"][target] = {"side": "good", "units": good, "leaders": []}
    view["leaders"] = {
        leader: ("elsewhere" if where in ("causeway", target) else where)
        for leader, where in view["leaders"].items()
    } | dict.fromkeys(leaders, "causeway")
    view["points_left"] = 3
    return view


def test_the_battle_odds_are_the_exact_dice() -> None:
    lost_att, lost_def, defender_six, attacker_sixes = battle(3, 2, 0, 0)
    # Risk's classic three dice against two: both lost 2275 throws in 7776, both won 2890, split 2611
    assert (lost_att, lost_def) == pytest.approx(((2 * 2275 + 2611) / 7776, (2 * 2890 + 2611) / 7776))
    assert defender_six == pytest.approx(11 / 36) and attacker_sixes == pytest.approx(0.5)
    assert battle(3, 2, 1, 0)[1] > lost_def > battle(3, 2, 0, 1)[1], "a leader helps, a banner hinders"


def test_the_plan_attacks_with_a_leader_and_every_die_where_the_odds_are_good() -> None:
    state = _midgame("action")
    view = _front(state, {"orcs": 8}, ["witch_king"], {"infantry": 2}, "northern_camps")
    attacks = tuple(Action("attack", ("causeway", "northern_camps", str(n))) for n in (1, 2, 3))
    seats = [Seat("minas-tirith", "evil", view, (*attacks, Action("end")), seed) for seed in range(6)]
    assert {MordorPlanner().decide(seat) for seat in seats} == {attacks[-1]}


def test_the_plan_does_not_storm_a_banner_without_a_leader() -> None:
    """Three orcs against two infantry behind Gondor's banner: the rule-based player's odds
    say attack, the dice say a loss."""
    state = _midgame("action")
    view = _front(state, {"orcs": 5}, [], {"infantry": 2})
    attack = Action("attack", ("causeway", "causeway_forts", "3"))
    seats = [Seat("minas-tirith", "evil", view, (attack, Action("end")), seed) for seed in range(6)]
    assert {RuleBasedPlayer().decide(seat) for seat in seats} == {attack}
    assert {MordorPlanner().decide(seat) for seat in seats} == {Action("end")}


@pytest.mark.parametrize(
    ("units", "offered", "follows"),
    [
        ({"orcs": 6, "wargs": 2}, ("orcs", "wargs"), True),  # the whole army advances
        ({"orcs": 6, "wargs": 2}, ("wargs",), False),  # two riders leave the orcs
        ({"wargs": 3}, ("wargs",), True),  # he would stay alone
    ],
)
def test_a_leader_goes_with_the_larger_part_of_his_army(
    units: dict[str, int], offered: tuple[str, ...], follows: bool
) -> None:
    state = _midgame("action")
    view = _front(state, units, ["witch_king"], {"infantry": 1})
    lead = Action("lead", ("witch_king",))
    actions = (*(Action("send", (kind, str(units[kind]))) for kind in offered), lead, Action("cancel"))
    chosen = MordorPlanner().decide(Seat("minas-tirith", "evil", view, actions, 0))
    assert (chosen == lead) is follows


def test_a_search_weighs_each_attack_with_every_die_only() -> None:
    actions = [Action("attack", ("a", "b", str(n))) for n in (1, 2, 3)] + [Action("shoot", ("a", "c", "1"))]
    assert strongest(actions) == [actions[2], actions[3]]


@pytest.mark.parametrize("kind", ["action", "die"])
def test_the_playouts_move_mordor_as_the_plan_would(kind: str) -> None:
    state = _midgame(kind)
    actions = MT.legal_actions(state, "evil")
    for seed in range(6):
        from_view = MordorPlanner().decide(seat_of(MT, state, "evil", seed))
        assert playout_action(state, "evil", actions, Generator(seed)) == from_view


def test_the_search_weighs_the_plans_favourites() -> None:
    state = _midgame("action")
    seat = seat_of(MT, state, "evil", 0, Budget(iterations=8))
    favourites = [action for _, action in ranked(seat, seat.actions)[:4]]
    assert strong().decide(seat) in favourites


@pytest.mark.parametrize("seat", SIDES)
def test_the_plan_and_its_search_finish_games_on_both_sides(seat: str) -> None:
    tiny = Budget(iterations=2)  # a complete game in a few seconds
    for player in (MordorPlanner(), strong()):
        seats = {r: (player, tiny) if r == seat else (RandomPlayer(), Budget(1)) for r in SIDES}
        played = play(MT, seats, seed=5)
        assert played.reason != "stopped" and played.winners
