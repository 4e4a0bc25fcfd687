"""Advances (§8): battalions into an adjacent space, cavalry two spaces, a leader alone, and who
may use which link (MT_DESIGN §1).

* ``advance <from> <to>`` (1 point): battalions of one space into an adjacent space, never one
  holding enemy battalions; the player then chooses what goes (``send <kind> <n>``, ``lead
  <leader>``, ``go``). Splitting an army costs one advance per space entered.
* ``ride <from> <to>`` (1 point): cavalry (with leaders) two spaces, through a space holding
  battalions of its own side.
* ``leader <leader> <to>`` (1 point): a leader alone through 1 to 3 spaces, each holding
  battalions of its own side.

Links: borders for everyone; ladders (city - wall) for Gondor's infantry and leaders both ways
and Mordor's infantry and leaders down into the city (option ``city_entry``); climbing (wall -
the space below) only for Mordor's infantry and leaders, with the Siege Tower or Storm Ladders;
the gate for Gondor always, for Mordor once broken (option ``city_entry``). Cavalry and
creatures never stand on a wall.
"""

from __future__ import annotations

from collections.abc import Iterable

from games.core import Action, Amount, State, emit
from games.core.flow import Frame, Step, pop, push

from . import cards, forces
from .facts import ADJACENT, CITY, EVIL, GOOD, KINDS, LEADERS, LINK_OF, SPACE_IDS, UNITS
from .options import evil_down_ladders, evil_through_gate
from .roles import ONLY
from .words import Said, side_title, space_word, t

LEADER = "leader"


def may_cross(state: State, side: str, cls: str, a: str, b: str) -> bool:
    """Whether a piece of ``side`` and class ``cls`` (infantry, cavalry, creature or leader) may
    go from ``a`` to the linked space ``b`` (occupancy aside)."""
    link = LINK_OF[(a, b)]
    if link == "border":
        return True
    foot = cls in ("infantry", LEADER)
    if link == "ladder":
        if side == GOOD:
            return foot
        return foot and b == CITY and evil_down_ladders(state)
    if link == "climb":
        return side == EVIL and foot and cards.climbing(state)
    # the gate
    if side == GOOD:
        return True
    return bool(state["gate"]["broken"]) and evil_through_gate(state)


def movers(state: State, side: str, a: str, b: str, only: Iterable[str] | None = None) -> list[str]:
    """The kinds of ``side`` in ``a`` that may go to ``b`` (of ``only`` those classes)."""
    here = forces.units_at(state, a)
    classes = set(only) if only is not None else None
    return [
        k
        for k in KINDS[side]
        if here.get(k)
        and (classes is None or UNITS[k].cls in classes)
        and may_cross(state, side, UNITS[k].cls, a, b)
    ]


def advance_targets(state: State, side: str, a: str) -> list[str]:
    return [b for b in ADJACENT[a] if not forces.enemy_in(state, side, b) and movers(state, side, a, b)]


CAVALRY = ("cavalry",)


def ride_targets(state: State, side: str, a: str) -> list[str]:
    if not movers_any(state, side, a, CAVALRY):
        return []
    near = set(ADJACENT[a])
    found: set[str] = set()
    for mid in ADJACENT[a]:
        if forces.enemy_in(state, side, mid) or not movers(state, side, a, mid, CAVALRY):
            continue
        for b in ADJACENT[mid]:
            if b == a or b in near or forces.enemy_in(state, side, b):
                continue
            if may_cross(state, side, "cavalry", mid, b):
                found.add(b)
    return [s for s in SPACE_IDS if s in found]


def movers_any(state: State, side: str, a: str, classes: Iterable[str]) -> bool:
    here = forces.units_at(state, a)
    wanted = set(classes)
    return any(UNITS[k].cls in wanted for k in here)


def leader_targets(state: State, leader: str) -> list[str]:
    """Spaces a leader may reach alone: 1-3 steps, every space entered held by its side, the
    last without another leader of its colour."""
    side, colour = LEADERS[leader].side, LEADERS[leader].colour
    start = state["leaders"][leader]
    seen = {start}
    frontier = [start]
    found: set[str] = set()
    for _ in range(3):
        nxt = []
        for here in frontier:
            for there in ADJACENT[here]:
                if there in seen or not forces.holds(state, side, there):
                    continue
                if not may_cross(state, side, LEADER, here, there):
                    continue
                seen.add(there)
                nxt.append(there)
                if not forces.colour_at(state, there, colour, but=(leader,)):
                    found.add(there)
        frontier = nxt
    return [s for s in SPACE_IDS if s in found]


def move_actions(state: State, side: str) -> list[Action]:
    found: list[Action] = []
    for a in forces.spaces_of(state, side):
        found += [Action("advance", (a, b)) for b in advance_targets(state, side, a)]
        found += [Action("ride", (a, b)) for b in ride_targets(state, side, a)]
    for leader in forces.on_board_leaders(state, side):
        found += [Action("leader", (leader, b)) for b in leader_targets(state, leader)]
    return found


def shift(state: State, a: str, b: str, kind: str, n: int) -> None:
    """Move ``n`` battalions of ``kind``; shooters that shot this turn go first (a battalion
    shoots once per turn wherever it goes)."""
    forces.remove_units(state, a, kind, n)
    forces.add_units(state, b, kind, n)
    if not UNITS[kind].shooter:
        return
    shot: dict[str, int] = state["turn"]["shot"]
    spent = min(shot.get(a, 0), n)
    if spent:
        left = shot[a] - spent
        if left:
            shot[a] = left
        else:
            del shot[a]
        shot[b] = shot.get(b, 0) + spent
    shooters_left = sum(c for k, c in forces.units_at(state, a).items() if UNITS[k].shooter)
    if shot.get(a, 0) > shooters_left:
        shot[a] = shooters_left


def begin(state: State, role: str, mode: str, a: str, b: str) -> None:
    push(state, "advance", mode=mode, start=a, to=b, send={}, lead=[])


def classes_of(frame: Frame) -> tuple[str, ...] | None:
    return CAVALRY if frame["mode"] == "ride" else None


def sendable(state: State, frame: Frame, role: str) -> list[str]:
    a, b = frame["start"], frame["to"]
    if frame["mode"] == "ride":
        return [k for k in KINDS[role] if forces.units_at(state, a).get(k) and UNITS[k].cls == "cavalry"]
    return movers(state, role, a, b)


def leadable(state: State, frame: Frame, role: str) -> list[str]:
    a, b = frame["start"], frame["to"]
    found = []
    for leader in forces.leaders_at(state, a, role):
        if leader in frame["lead"]:
            continue
        if frame["mode"] == "advance" and not may_cross(state, role, LEADER, a, b):
            continue
        colour = LEADERS[leader].colour
        going = [x for x in frame["lead"] if LEADERS[x].colour == colour]
        if going or forces.colour_at(state, b, colour):
            continue
        found.append(leader)
    return found


class Advance(Step):
    """What goes on an advance or a ride: battalions by kind and count, leaders with them."""

    name = "advance"
    kind = "advance"

    def active(self, state: State, frame: Frame) -> frozenset[str]:
        return ONLY[state["turn"]["role"]]

    def amounts(self, state: State, frame: Frame, role: str) -> tuple[Amount, ...]:
        here = forces.units_at(state, frame["start"])
        return tuple(
            Amount("send", (k,), 1, here[k]) for k in sendable(state, frame, role) if k not in frame["send"]
        )

    def actions(self, state: State, frame: Frame, role: str) -> tuple[Action, ...]:
        found: list[Action] = []
        for amount in self.amounts(state, frame, role):
            found += [Action("send", (*amount.args, str(n))) for n in sorted({amount.low, amount.high})]
        found += [Action("lead", (x,)) for x in leadable(state, frame, role)]
        if frame["send"]:
            found.append(Action("go"))
        found.append(Action("cancel"))
        return tuple(found)

    def instruction(self, state: State, frame: Frame, role: str) -> Said:
        ride, more = frame["mode"] == "ride", bool(frame["send"])
        start, to = frame["start"], frame["to"]

        def say(lang: str) -> str:
            where = {"start": space_word(start, lang), "to": space_word(to, lang)}
            if more and ride:
                return t(lang, "Choose more to ride from {start} to {to}, or go (1 action point).", **where)
            if more:
                return t(
                    lang, "Choose more to advance from {start} to {to}, or go (1 action point).", **where
                )
            if ride:
                return t(
                    lang,
                    "Choose the battalions that ride from {start} to {to} (and leaders with them).",
                    **where,
                )
            return t(
                lang,
                "Choose the battalions that advance from {start} to {to} (and leaders with them).",
                **where,
            )

        return Said(say)

    def title(self, state: State, frame: Frame, role: str) -> Said:
        ride, to = frame["mode"] == "ride", frame["to"]
        if ride:
            return Said(lambda lang: t(lang, "Ride to {space}", space=space_word(to, lang)))
        return Said(lambda lang: t(lang, "Advance to {space}", space=space_word(to, lang)))

    def waiting(self, state: State, frame: Frame) -> Said:
        side = state["turn"]["role"]
        return Said(lambda lang: t(lang, "Waiting for {side} to advance.", side=side_title(side, lang)))

    def apply(self, state: State, frame: Frame, role: str, action: Action) -> None:
        verb = action.verb
        if verb == "send":
            frame["send"][action.args[0]] = int(action.args[1])
        elif verb == "lead":
            frame["lead"].append(action.args[0])
        elif verb == "cancel":
            pop(state)
        else:
            a, b = frame["start"], frame["to"]
            units = {k: n for k, n in frame["send"].items()}
            for kind, n in units.items():
                shift(state, a, b, kind, n)
            for leader in frame["lead"]:
                state["leaders"][leader] = b
            kind = "rode" if frame["mode"] == "ride" else "advanced"
            emit(
                state,
                kind,
                {"role": role, "from": a, "to": b, "units": units, "leaders": list(frame["lead"])},
            )
            state["last"] = {"kind": frame["mode"], "role": role, "from": a, "to": b}
            pop(state)
            state["turn"]["points"] -= 1


def move_leader(state: State, role: str, leader: str, to: str) -> None:
    start = state["leaders"][leader]
    state["leaders"][leader] = to
    state["turn"]["points"] -= 1
    emit(state, "leader_moved", {"role": role, "leader": leader, "from": start, "to": to})
    state["last"] = {"kind": "leader", "role": role, "from": start, "to": to}
