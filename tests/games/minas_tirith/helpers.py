"""Minas Tirith positions for scenario tests, built through the public position API, and play
through the match runner (invariants checked after every action)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core import Action, Match, State
from games.minas_tirith import MINAS_TIRITH

R = MINAS_TIRITH
#: One reinforcement card of each type, by figure and sword (ids of data/minas_tirith).
CARD = {
    "infantry": ["lune_valley", "harlindon", "old_forest", "weather_hills"],
    "infantry-silver": ["evendim_hills", "rhudaur", "west_rohan", "lebennin"],
    "infantry-black": ["eastern_angmar", "withered_heath", "emyn_muil", "udun_vale"],
    "cavalry": ["buckland", "south_downs", "forodwaith", "north_downs"],
    "cavalry-silver": ["the_shire", "north_mirkwood", "the_wold", "lorien"],
    "cavalry-black": ["eastern_mirkwood", "dead_marshes", "fangorn", "barad_dur"],
    "creature": ["mithlond", "tower_hills", "forlindon", "angmar"],
    "creature-silver": ["fornost", "gap_of_rohan", "belfalas", "andrast"],
    "creature-black": ["south_mirkwood", "brown_lands", "moria", "deep_harad"],
    "wild": ["wild_1", "wild_2"],
}


def position(
    units: Mapping[str, Mapping[str, int]],
    *,
    role: str = "good",
    phase: str = "act",
    die: int | None = 3,
    points: int | None = None,
    leaders: Mapping[str, str] | None = None,
    **more: Any,
) -> State:
    """A state in ``role``'s turn (turn 1 of round 1 for Gondor, turn 1 of round 2 for Mordor)."""
    turn: dict[str, Any] = {"in_round": 1, "phase": phase, "die": None if phase == "die" else die}
    if points is not None:
        turn["points"] = points
    turn.update(more.pop("turn", {}))
    return R.from_position(
        {
            "round": 1 if role == "good" else 2,
            "turn": turn,
            "units": units,
            "leaders": dict(leaders or {}),
            **more,
        }
    )


def match(units: Mapping[str, Mapping[str, int]], **kwargs: Any) -> Match:
    return Match(R, position(units, **kwargs))


def play(game: Match, role: str, *actions: str) -> None:
    for text in actions:
        game.submit(role, Action.from_text(text), check=True)


def legal(game: Match, role: str) -> set[str]:
    return {a.text for a in R.prompt(game.state, role).actions}


def units(game: Match, space: str) -> dict[str, int]:
    here: dict[str, int] = game.state["units"][space]
    return dict(here)


def events(game: Match, since: int = 0) -> list[str]:
    return [e["kind"] for e in game.state["log"][since:]]
