"""A tiny game for testing the core and the bot without any real game's rules.

"Pebbles": a pile of 7 pebbles. On a turn the active player takes pebbles one at a
time (``take``), at least one and at most three, then ``end``s the turn. Taking the
last pebble wins. Before play both players secretly and simultaneously ``bid`` 1-3;
the higher bid starts (ties: a random player). Bids are secrets until both are in.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core import Action, OptionSpec, State, emit, finish, new_state
from games.core.flow import Frame, Step, StepRuleset, barrier, pop, push
from games.core.rng import choice

ROLES = ("north", "south")


def other(role: str) -> str:
    return ROLES[1 - ROLES.index(role)]


class Bid(Step):
    name = "bid"

    def active(self, state: State, frame: Frame) -> frozenset[str]:
        return frozenset(r for r in ROLES if r not in state["bids"])

    def actions(self, state: State, frame: Frame, role: str) -> tuple[Action, ...]:
        return tuple(Action("bid", (str(n),)) for n in (1, 2, 3))

    def instruction(self, state: State, frame: Frame, role: str) -> str:
        return "Bid secretly: the higher bid starts."

    def waiting(self, state: State, frame: Frame) -> str:
        waiting = " and ".join(r.title() for r in ROLES if r not in state["bids"])
        return f"Waiting for {waiting} to bid."

    def apply(self, state: State, frame: Frame, role: str, action: Action) -> None:
        barrier(state)
        state["bids"][role] = int(action.args[0])
        emit(state, f"{role.title()} made a secret bid.", {role: f"You bid {action.args[0]}."})
        if len(state["bids"]) < 2:
            return
        north, south = state["bids"]["north"], state["bids"]["south"]
        first = "north" if north > south else "south" if south > north else choice(state, list(ROLES))
        emit(state, f"Bids revealed: North {north}, South {south}. {first.title()} starts.")
        pop(state)
        push(state, "take", player=first, taken=0)


class Take(Step):
    name = "take"

    def active(self, state: State, frame: Frame) -> frozenset[str]:
        return frozenset({frame["player"]})

    def actions(self, state: State, frame: Frame, role: str) -> tuple[Action, ...]:
        acts = []
        if frame["taken"] < 3 and state["pile"] > 0:
            acts.append(Action("take"))
        if frame["taken"] >= 1:
            acts.append(Action("end"))
        return tuple(acts)

    def instruction(self, state: State, frame: Frame, role: str) -> str:
        return f"Take 1-3 pebbles ({state['pile']} left), then end your turn."

    def waiting(self, state: State, frame: Frame) -> str:
        return f"Waiting for {frame['player'].title()} to take pebbles."

    def apply(self, state: State, frame: Frame, role: str, action: Action) -> None:
        if action.verb == "take":
            state["pile"] -= 1
            frame["taken"] += 1
            emit(state, f"{role.title()} took a pebble.")
            if state["pile"] == 0:
                emit(state, f"{role.title()} took the last pebble and wins.")
                finish(state, [role], "took the last pebble")
            return
        pop(state)
        push(state, "take", player=other(role), taken=0)


class Pebbles(StepRuleset):
    name = "pebbles"
    title = "Pebbles"
    options = (OptionSpec("pile", ("7", "10"), "7", "How many pebbles to start with."),)
    steps = {s.name: s for s in (Bid(), Take())}

    def roles(self, options: Mapping[str, str], players: int) -> tuple[str, ...]:
        return ROLES

    def setup(self, seed: int, options: Mapping[str, str], players: int) -> State:
        state = new_state(self.name, seed, options, ROLES)
        state["pile"] = int(options.get("pile", "7"))
        state["bids"] = {}
        push(state, "bid")
        return state

    def verbs(self) -> frozenset[str]:
        return frozenset({"bid", "take", "end"})

    def describe(self, state: State, role: str, action: Action) -> str:
        return {"bid": f"Bid {action.args[0] if action.args else ''}", "take": "Take a pebble"}.get(
            action.verb, "End my turn"
        )

    def view(self, state: State, role: str | None) -> dict[str, Any]:
        bids = state["bids"]
        shown = bids if len(bids) == 2 else {r: v for r, v in bids.items() if r == role}
        return {
            "game": self.name,
            "seq": state["seq"],
            "pile": state["pile"],
            "bids": dict(shown),
            "result": state["result"],
        }

    def check_invariants(self, state: State) -> list[str]:
        return [] if 0 <= state["pile"] <= 10 else [f"pile out of range: {state['pile']}"]


PEBBLES = Pebbles()
