"""Shared helpers for War of the Ring tests: positions, acting, what is offered."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from games.core import Action, ActionError, Match, State, dump
from games.war_of_the_ring.ruleset import WAR_OF_THE_RING as R


def position(**described: Any) -> State:
    return R.from_position(described)


def match(**described: Any) -> Match:
    return Match(R, position(**described))


def offered(state: State, role: str) -> list[str]:
    return [a.text for a in R.prompt(state, role).actions]


def act(m: Match, role: str, *actions: str) -> None:
    for action in actions:
        m.submit(role, action)


def events(state: State, kind: str) -> list[Mapping[str, Any]]:
    return [e["args"] for e in state["log"] if e["kind"] == kind]


def step(state: State) -> str:
    return str(state["stack"][-1]["step"]) if state["stack"] else ""


def forbidden(m: Match, role: str, text: str) -> None:
    """``text`` is neither listed nor legal, and typing it changes nothing."""
    assert text not in offered(m.state, role)
    assert not R.is_legal(m.state, role, Action.from_text(text))
    before = dump(m.state)
    with pytest.raises(ActionError):
        m.submit(role, text)
    assert dump(m.state) == before
