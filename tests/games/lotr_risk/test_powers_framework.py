"""The framework the power and event cards plug into: timings, hooks, arming, firing, effects.

The cards' own effects are not written yet: each test registers a stand-in hook.
"""

from __future__ import annotations

from typing import Any

import pytest

from games.core import Action
from games.core.chance import scripted
from games.lotr_risk import effects, powers
from games.lotr_risk.board import geometry
from games.lotr_risk.victory import score

from .helpers import R, act, events, kind, legal, pass_turn, position

OWNERS = {"old_forest": "green", "buckland": "green"}


def holding(cards: list[str], role: str = "green", **more: Any) -> dict:
    hands = {role: {"territory": [], "adventure": cards}}
    return position(OWNERS, hands=hands, leaders={"green": ["buckland"]}, **more)


def offer(played: list[Any]) -> powers.PowerHooks:
    """A stand-in power: always playable, records what was played."""
    return powers.PowerHooks(
        power_actions=lambda state, role, card: [Action("power", (card,))],
        play_power=lambda state, role, action: played.append((role, action.text)),
    )


def test_every_timing_of_the_data_is_offered_by_a_step_or_fires_as_a_reaction() -> None:
    assert powers.all_timings_known()


def test_a_power_without_hooks_is_never_offered(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(powers.POWERS, "ambush")
    monkeypatch.delitem(powers.POWERS, "hunt_for_the_ringbearer")
    state = holding(["ambush", "hunt_for_the_ringbearer"], phase="reinforce")
    assert not [a for a in legal(state, "green") if a.startswith("power")]


def test_a_start_of_turn_power_is_offered_in_reinforcement_until_the_first_placement(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    played: list[Any] = []
    monkeypatch.setitem(powers.POWERS, "hunt_for_the_ringbearer", offer(played))
    state = holding(["hunt_for_the_ringbearer"], phase="reinforce")
    assert "power hunt_for_the_ringbearer" in legal(state, "green")
    placed = act(holding(["hunt_for_the_ringbearer"], phase="reinforce"), "green", "place old_forest 1")
    assert "power hunt_for_the_ringbearer" not in legal(placed, "green")
    state = act(state, "green", "power hunt_for_the_ringbearer")
    assert played == [("green", "power hunt_for_the_ringbearer")]
    assert (
        state["played"]["green"] == ["hunt_for_the_ringbearer"] and not state["hands"]["green"]["adventure"]
    )
    assert events(state, "power_played") == [{"role": "green", "card": "hunt_for_the_ringbearer"}]
    assert score(state, "green")["cards"] == 1  # a played power scores


def test_before_attack_powers_are_offered_before_the_first_roll_only(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(powers.POWERS, "ambush", offer([]))
    monkeypatch.setitem(powers.POWERS, "siege_machines", offer([]))
    state = holding(["ambush", "siege_machines"], troops={"old_forest": 6})
    assert "power ambush" not in legal(state, "green")  # not in the attack menu itself
    state = act(state, "green", "attack old_forest south_downs")
    assert "power ambush" in legal(state, "green")
    assert "power siege_machines" not in legal(state, "green")  # South Downs has no stronghold
    with scripted(("attack die", 1), ("defence die", 6)):
        state = act(state, "green", "roll 1")
    assert "power ambush" not in legal(state, "green")


def test_stronghold_powers_are_offered_against_a_stronghold(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(powers.POWERS, "siege_machines", offer([]))
    hands = {"green": {"territory": [], "adventure": ["siege_machines"]}}
    state = position({"eregion": "green"}, troops={"eregion": 4}, hands=hands)
    state = act(state, "green", "attack eregion moria")
    assert "power siege_machines" in legal(state, "green")


def test_after_last_attack_powers_are_offered_in_fortify_before_any_move(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def more_moves(state: dict, role: str, action: Action) -> None:
        state["stack"][-1]["moves_left"] += 3

    monkeypatch.setitem(
        powers.POWERS,
        "move_by_night",
        powers.PowerHooks(lambda state, role, card: [Action("power", (card,))], more_moves),
    )
    state = holding(["move_by_night"], edition="trilogy", phase="fortify", troops={"old_forest": 5})
    assert "power move_by_night" in legal(state, "green")
    state = act(state, "green", "power move_by_night")
    assert state["stack"][-1]["moves_left"] == 4 and kind(state) == "fortify"


def test_after_declaring_attack_powers_are_offered_in_the_attack_menu(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(powers.POWERS, "the_way_is_under_the_mountains", offer([]))
    state = holding(["the_way_is_under_the_mountains-1"], troops={"old_forest": 3})
    assert "power the_way_is_under_the_mountains-1" in legal(state, "green")


def courage(fired: list[Any]) -> powers.ReactionHooks:
    def fire(state: dict, role: str, armed: dict, moment: str, context: dict) -> None:
        state["troops"][context["to"]] += 4
        fired.append((role, moment, context["to"]))

    return powers.ReactionHooks(
        conditions=lambda state, role, card: [(), ("south_downs",)],
        fires=lambda state, role, armed, moment, context: (
            not armed["when"] or armed["when"][0] == context["to"]
        ),
        fire=fire,
    )


def test_reaction_powers_are_armed_in_secret_in_ones_own_combat_phase(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(powers.REACTIONS, "courage_alone_will_not_save_you", courage([]))
    state = holding(["courage_alone_will_not_save_you"])
    card = "courage_alone_will_not_save_you"
    assert {f"arm {card}", f"arm {card} south_downs"} <= legal(state, "green")
    before = len(state["log"])
    state = act(state, "green", f"arm {card} south_downs")
    assert len(state["log"]) == before  # no event at all: nothing tells anyone
    assert state["armed"]["green"] == [{"card": card, "when": ["south_downs"]}]
    assert R.view(state, "green")["armed"][0]["when"] == ["south_downs"]
    assert R.view(state, "black")["armed"] == [] and R.view(state, None)["armed"] is None
    assert card in R.secrets(state, "green")
    assert f"disarm {card}" in legal(state, "green")
    state = act(state, "green", f"disarm {card}")
    assert state["armed"]["green"] == []


def test_an_armed_reaction_fires_by_itself_when_its_moment_comes(monkeypatch: pytest.MonkeyPatch) -> None:
    fired: list[Any] = []
    monkeypatch.setitem(powers.REACTIONS, "courage_alone_will_not_save_you", courage(fired))
    card = "courage_alone_will_not_save_you"
    hands = {"black": {"territory": [], "adventure": [card]}}
    armed = {"black": [{"card": card, "when": ["south_downs"]}]}
    state = position(OWNERS, troops={"old_forest": 5}, hands=hands, armed=armed)
    state = act(state, "green", "attack old_forest weather_hills")
    assert not fired  # armed for South Downs only
    state = act(state, "green", "stop", "attack old_forest south_downs")
    assert fired == [("black", "attack_declared", "south_downs")]
    assert state["troops"]["south_downs"] == 5 and state["played"]["black"] == [card]
    assert events(state, "reaction_played") == [{"role": "black", "card": card}]
    assert state["armed"]["black"] == [] and kind(state) == "attack_roll"


def test_ring_reactions_fire_before_and_after_the_roll(monkeypatch: pytest.MonkeyPatch) -> None:
    def force_roll(state: dict, role: str, armed: dict, moment: str, context: dict) -> None:
        context["needs_roll"], context["threshold"] = True, 4

    def hold(state: dict, role: str, armed: dict, moment: str, context: dict) -> None:
        context["stays"] = True

    always = lambda state, role, armed, moment, context: True  # noqa: E731
    monkeypatch.setitem(powers.REACTIONS, "gollum", powers.ReactionHooks(fires=always, fire=force_roll))
    monkeypatch.setitem(
        powers.REACTIONS, "boromir_tries_to_seize_the_one_ring", powers.ReactionHooks(fires=always, fire=hold)
    )
    hands = {"black": {"territory": [], "adventure": ["gollum"]}}
    state = position(
        OWNERS,
        phase="fortify",
        hands=hands,
        armed={"black": [{"card": "gollum", "when": []}]},
        leaders={"green": ["buckland"]},
        ring=0,
    )
    with scripted(("fellowship die", 3)):
        state = act(state, "green", "done")
    assert state["ring"]["step"] == 0  # The Shire shows no die, but Gollum asks 4+
    card = "boromir_tries_to_seize_the_one_ring"
    hands = {"black": {"territory": [], "adventure": [card]}}
    state = position(
        OWNERS,
        phase="fortify",
        hands=hands,
        armed={"black": [{"card": card, "when": []}]},
        leaders={"green": ["buckland"]},
        ring=geometry("middle-earth").path.index("moria"),
    )
    with scripted(("fellowship die", 6)):
        state = act(state, "green", "done")
    assert state["ring"]["step"] == geometry("middle-earth").path.index("moria")


class NoAttackInto(effects.EffectKind):
    def blocks_attack(self, state: dict, effect: dict, role: str, source: str, target: str) -> bool:
        return target in effect["territories"]

    def dice_bonus(self, state: dict, effect: dict, battle: Any, side: str) -> int:
        return 2 if side == "defence" else 0


def test_effects_are_consulted_by_attack_legality_and_the_dice_and_end_on_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(effects.EFFECT_KINDS, "test_storm", NoAttackInto())
    storm = {"kind": "test_storm", "by": "black", "until": "next_turn", "territories": ["south_downs"]}
    state = position(OWNERS, troops={"old_forest": 5}, effects=[storm])
    assert "attack old_forest south_downs" not in legal(state, "green")
    state = act(state, "green", "attack old_forest weather_hills")
    with scripted(("attack die", 6), ("defence die", 5)):
        state = act(state, "green", "roll 1")
    assert events(state, "rolled")[-1]["defence_bonus"] == 2  # 5+2 beats 6
    assert R.view(state, None)["effects"][0]["territories"] == ["south_downs"]
    state = pass_turn(act(state, "green", "stop"))  # black's turn begins: his effect ends
    assert state["effects"] == [] and events(state, "effect_ended")


def test_an_attack_long_effect_ends_with_the_attack(monkeypatch: pytest.MonkeyPatch) -> None:
    state = position(OWNERS, troops={"old_forest": 5})
    state = act(state, "green", "attack old_forest south_downs")
    effects.add_effect(state, "siege", "green", "attack")
    state = act(state, "green", "stop")
    assert state["effects"] == []
