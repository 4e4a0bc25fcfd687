"""Positions that start at the beginning of a turn or a phase: the engine applies what happens
there (reinforcements, the Trilogy's stronghold battalions, effects ending, fresh leaders, the
draw), never the test."""

from __future__ import annotations

from typing import Any

import pytest

from games.core import InvalidPosition, Match
from games.core.chance import scripted
from games.lotr_risk import LOTR_RISK as R
from games.lotr_risk.board import geometry
from games.lotr_risk.reinforce import base_reinforcements

TRILOGY = geometry("trilogy")
STRONGHOLDS = sorted(TRILOGY.strongholds)
GREEN_LAND = [*TRILOGY.territories[:10], STRONGHOLDS[0]]  # eriador and one stronghold


def trilogy(**more: Any) -> dict[str, Any]:
    owners = {t: "black" for t in TRILOGY.territories}
    owners.update(dict.fromkeys(GREEN_LAND, "green"))
    return {
        "options": {"edition": "trilogy", "mode": "lotr", "players": "2"},
        "owners": owners,
        "troops": {STRONGHOLDS[0]: 2},
        **more,
    }


def kinds(state: dict[str, Any]) -> list[str]:
    return [e["kind"] for e in state["log"]]


def test_a_turn_start_position_gives_the_reinforcements_and_the_trilogy_stronghold_battalions() -> None:
    state = R.from_position(trilogy(turn={"role": "green", "number": 4}, start="turn"))
    held = [t for t in STRONGHOLDS if t in GREEN_LAND]
    frame = state["stack"][-1]
    assert frame["step"] == "reinforce" and frame["role"] == "green"
    expected, _ = base_reinforcements(state, "green")
    assert frame["pool"] == expected and sorted(frame["strongholds"]) == held
    assert state["troops"][STRONGHOLDS[0]] == 3  # 2 + the stronghold's battalion, put by the engine
    assert state["turn"]["number"] == 4 and state["turn"]["phase"] == "reinforce"
    assert kinds(state) == ["turn_started", "stronghold_battalions"]
    assert state["log"][0]["args"] == {"role": "green", "number": 4}


def test_a_turn_start_ends_the_players_effects_and_freshens_his_leaders() -> None:
    effects = [
        {"kind": "winter_storms", "by": "green", "until": "next_turn"},
        {"kind": "winter_storms", "by": "black", "until": "next_turn"},
    ]
    leaders = {"green": [{"at": GREEN_LAND[0], "spent": True, "stays": True}]}
    state = R.from_position(trilogy(turn={"role": "green"}, effects=effects, leaders=leaders, start="turn"))
    assert [e["by"] for e in state["effects"]] == ["black"]
    assert state["leaders"]["green"] == [{"at": GREEN_LAND[0], "spent": False, "stays": False}]
    assert "effect_ended" in kinds(state)
    middle = R.from_position(trilogy(turn={"role": "green", "phase": "reinforce"}, effects=effects))
    assert len(middle["effects"]) == 2  # without start, the position is the turn under way


def test_the_engine_plays_on_from_the_start_of_a_phase() -> None:
    """At the start of the draw phase after a conquest the engine draws the territory card,
    moves the Ring (its die scripted by name, nothing else) and begins the next turn."""
    position = trilogy(turn={"role": "green", "conquered": True}, start="phase:draw", ring=8)
    position["leaders"] = {"green": [GREEN_LAND[1]], "black": [TRILOGY.territories[-1]]}
    position["decks"] = {"territory": ["card:" + TRILOGY.territories[0]]}
    with scripted(("fellowship die", 1), others="random"):
        state = R.from_position(position)
    assert state["hands"]["green"]["territory"] == ["card:" + TRILOGY.territories[0]]
    assert "drew_territory_card" in kinds(state) and "ring_stays" in kinds(state)
    assert state["turn"]["role"] == "black" and state["stack"][-1]["step"] == "reinforce"
    match = Match(R, state)
    assert match.state["turn"]["number"] == 2 and R.active(match.state) == {"black"}


def test_a_phase_start_in_plain_mode_begins_the_attack_phase() -> None:
    owners = {t: "black" for t in TRILOGY.territories}
    owners.update(dict.fromkeys(GREEN_LAND, "green"))
    state = R.from_position(
        {
            "options": {"edition": "trilogy", "mode": "plain", "players": "2"},
            "owners": owners,
            "troops": {t: 3 for t in GREEN_LAND},
            "turn": {"role": "green", "number": 2},
            "start": "phase:attack",
        }
    )
    assert state["stack"][-1]["step"] == "attack" and state["turn"]["phase"] == "attack"


@pytest.mark.parametrize(
    ("start", "turn", "message"),
    [
        ("phase:lunch", {}, "no phase 'lunch'"),
        ("phase:leader", {}, "no phase 'leader'"),  # plain mode has no leaders
        ("round", {}, "not understood"),
        (3, {}, "not understood"),
        ("turn", {"phase": "attack"}, "start of the turn has no turn phase"),
        ("turn", {"conquered": True}, "start of the turn has no turn conquered"),
        ("phase:fortify", {"moves_left": 1}, "start of the fortify phase has no turn moves_left"),
    ],
)
def test_a_bad_start_is_refused_with_what_is_wrong(start: Any, turn: dict[str, Any], message: str) -> None:
    position = trilogy(turn={"role": "green", **turn}, start=start)
    position["options"] = {"edition": "trilogy", "mode": "plain", "players": "2"}
    position["troops"] = {}
    with pytest.raises(InvalidPosition, match=message):
        R.from_position(position)
