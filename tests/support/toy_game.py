"""A tiny game for testing the core and the bot without any real game's rules.

"Pebbles": a pile of 7 pebbles. On a turn the active player takes pebbles one at a
time (``take``), at least one and at most three, then ``end``s the turn. Taking the
last pebble wins. Before play both players secretly and simultaneously ``bid`` 1-3;
the higher bid starts (ties: a random player). Bids are secrets until both are in.

Positions: ``{"pile": int, "bids": {role: n}, "player": role, "taken": n, "seed": n}``;
without ``player`` the bidding is still going on.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core import Action, InvalidPosition, OptionSpec, Presenter, State, emit, finish, new_state
from games.core.chance import draw
from games.core.flow import Frame, Step, StepRuleset, barrier, pop, push

ROLES = ("north", "south")


def other(role: str) -> str:
    return ROLES[1 - ROLES.index(role)]


PRESENTER = Presenter(
    kinds={
        "bid_made": {"role": "role"},
        "own_bid": {"bid": "number"},
        "bids_shown": {"north": "number", "south": "number", "first": "role"},
        "took": {"role": "role"},
        "took_last": {"role": "role"},
        "last_pebble": {},
    },
    templates={
        "en": {
            "bid_made": "{role:cap} made a secret bid.",
            "own_bid": "You bid {bid}.",
            "bids_shown": "Bids revealed: North {north}, South {south}. {first:cap} starts.",
            "took": "{role:cap} took a pebble.",
            "took_last": "{role:cap} took the last pebble and wins.",
            "last_pebble": "took the last pebble",
        }
    },
    formats={"role": lambda value, lang: str(value)},
)


class Bid(Step):
    name = "bid"

    def active(self, state: State, frame: Frame) -> frozenset[str]:
        return frozenset(r for r in ROLES if r not in state["bids"])

    def actions(self, state: State, frame: Frame, role: str) -> tuple[Action, ...]:
        return tuple(Action("bid", (str(n),)) for n in (1, 2, 3))

    def instruction(self, state: State, frame: Frame, role: str) -> str:
        return "Bid secretly: the higher bid starts."

    def title(self, state: State, frame: Frame, role: str) -> str:
        return "Your secret bid"

    def waiting(self, state: State, frame: Frame) -> str:
        waiting = " and ".join(r.title() for r in ROLES if r not in state["bids"])
        return f"Waiting for {waiting} to bid."

    def apply(self, state: State, frame: Frame, role: str, action: Action) -> None:
        barrier(state)
        state["bids"][role] = int(action.args[0])
        emit(state, "bid_made", {"role": role}, {role: ("own_bid", {"bid": int(action.args[0])})})
        if len(state["bids"]) < 2:
            return
        north, south = state["bids"]["north"], state["bids"]["south"]
        first = "north" if north > south else "south" if south > north else draw(state, "first player", ROLES)
        emit(state, "bids_shown", {"north": north, "south": south, "first": first})
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
            emit(state, "took", {"role": role})
            if state["pile"] == 0:
                emit(state, "took_last", {"role": role})
                finish(state, [role], "last_pebble")
            return
        pop(state)
        push(state, "take", player=other(role), taken=0)


class Pebbles(StepRuleset):
    name = "pebbles"
    title = "Pebbles"
    options = (OptionSpec("pile", ("7", "10"), "7", "How many pebbles to start with."),)
    steps = {s.name: s for s in (Bid(), Take())}
    presenter = PRESENTER

    def notice(self, options: Mapping[str, str], lang: str = "en") -> str:
        return "A pile of 10 is our own variant." if options.get("pile") == "10" else ""

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

    def describe(self, state: State, role: str, action: Action, lang: str = "en") -> str:
        return {"bid": f"Bid {action.args[0] if action.args else ''}", "take": "Take a pebble"}.get(
            action.verb, "End my turn"
        )

    def explain(self, state: State, role: str, action: Action, lang: str = "en") -> str:
        return "The higher bid starts." if action.verb == "bid" else ""

    def view(self, state: State, role: str | None, lang: str = "en") -> dict[str, Any]:
        bids = state["bids"]
        shown = bids if len(bids) == 2 else {r: v for r, v in bids.items() if r == role}
        return {
            "game": self.name,
            "seq": state["seq"],
            "pile": state["pile"],
            "bids": dict(shown),
            "result": state["result"],
            "log": self.log_lines(state, role)[-5:],
        }

    def secrets(self, state: State, role: str) -> set[str]:
        return set()  # a bid is a number: the views and the bid test check it instead

    def check_invariants(self, state: State) -> list[str]:
        return [] if 0 <= state["pile"] <= 10 else [f"pile out of range: {state['pile']}"]

    def from_position(self, position: Mapping[str, Any]) -> State:
        pile = position.get("pile", 7)
        if not isinstance(pile, int) or not 1 <= pile <= 10:
            raise InvalidPosition(f"the pile must hold 1 to 10 pebbles, not {pile!r}")
        bids = dict(position.get("bids", {}))
        if any(r not in ROLES or v not in (1, 2, 3) for r, v in bids.items()):
            raise InvalidPosition(f"bids are 1, 2 or 3 by north or south: {bids!r}")
        state = new_state(self.name, int(position.get("seed", 1)), {"pile": "7"}, ROLES)
        state["pile"] = pile
        state["bids"] = bids
        player = position.get("player")
        if player is None:
            if len(bids) == 2:
                raise InvalidPosition("both bids are in: say who is to take pebbles (`player`)")
            push(state, "bid")
        else:
            if player not in ROLES or len(bids) != 2:
                raise InvalidPosition("a player takes pebbles only after both bids, as north or south")
            taken = position.get("taken", 0)
            if taken not in (0, 1, 2, 3):
                raise InvalidPosition(f"a player takes 0 to 3 pebbles in a turn, not {taken!r}")
            push(state, "take", player=player, taken=taken)
        return state

    def to_position(self, state: State) -> dict[str, Any]:
        position: dict[str, Any] = {"pile": state["pile"], "bids": dict(state["bids"])}
        frame = state["stack"][-1] if state["stack"] else None
        if frame is not None and frame["step"] == "take":
            position.update(player=frame["player"], taken=frame["taken"])
        return position


PEBBLES = Pebbles()
