"""Phase 3, fortify (redeployment), in two small steps: ``from <territory>``, then ``to
<territory> <count>`` (battalions) or ``to-leader <territory> <count>`` (the leader with
``count`` battalions, 0 for the leader alone), or ``back``; ``done`` ends the phase.

- middle-earth (the seed): any number of moves, each along a chain of one's own territories
  (land, bridges, sea routes);
- Trilogy: one move a turn along such a chain (``moves_left``, which a power may raise);
- plain mode: one-step moves by land into a neighbouring territory of one's own, each
  battalion at most once (``arrived`` counts the battalions that came in this phase).

Every territory keeps at least one battalion. A leader may move alone here (only here); a
leader that completed a mission this turn stays put; two leaders never end in one territory.
Powers of the timing ``after_last_attack`` are offered before the first move.

Frame ``fortify`` (its ``step`` switches between ``fortify`` and ``fortify_to``): ``role``,
``moves`` (made so far), ``source``, ``moves_left`` (``None``: no limit), ``arrived``.
"""

from __future__ import annotations

import logging
from functools import cache
from typing import Any

from games.core import Action, Amount, State, emit
from games.core.flow import Frame, Step, call, ret

from . import missions, powers
from .board import chain
from .effects import move_blocked
from .grammar import place_name
from .i18n import ntr, tr
from .options import geo, is_lotr, rules
from .roles import leader_at, own_leader_at, owned, role_title

log = logging.getLogger(__name__)

DONE = Action("done")
BACK = Action("back")


@cache
def _act(verb: str, *args: str) -> Action:
    return Action(verb, args)


def one_step(state: State) -> bool:
    return not is_lotr(state)


def movable(state: State, frame: Frame, territory: str) -> int:
    """Battalions that may leave ``territory`` now."""
    troops: int = state["troops"][territory]
    if one_step(state):
        return max(0, min(troops - 1, troops - int(frame["arrived"].get(territory, 0))))
    return troops - 1


def free_leader(state: State, role: str, territory: str) -> dict[str, Any] | None:
    leader = own_leader_at(state, role, territory)
    return leader if leader is not None and not leader["stays"] else None


def _reach(state: State, role: str, source: str, leader: bool) -> set[str]:
    """Own territories a group from ``source`` may reach (``source`` included)."""
    g = geo(state)
    owner = state["owner"]
    if one_step(state):
        nearby = {n for n in g.land_neighbours[source] if owner[n] == role}
        if state["effects"]:
            nearby = {n for n in nearby if not move_blocked(state, role, source, n, leader)}
        return {source, *nearby}
    if not state["effects"]:
        return chain(owner, g.neighbours, role, source)
    seen, todo = {source}, [source]
    while todo:
        here = todo.pop()
        for near in g.neighbours[here]:
            if near in seen or owner[near] != role or move_blocked(state, role, here, near, leader):
                continue
            seen.add(near)
            todo.append(near)
    return seen


class _Reach:
    """Reachable sets for one prompt, computed once per component when no effect applies."""

    def __init__(self, state: State, role: str) -> None:
        self.state, self.role = state, role
        self.cache: dict[tuple[str, bool], set[str]] = {}
        self.shared = not state["effects"] and not one_step(state)

    def of(self, source: str, leader: bool) -> set[str]:
        key = (source, leader)
        found = self.cache.get(key)
        if found is None:
            found = _reach(self.state, self.role, source, leader)
            if self.shared:
                for member in found:
                    self.cache[(member, False)] = found
                    self.cache[(member, True)] = found
            else:
                self.cache[key] = found
        return found


def destinations(
    state: State, frame: Frame, source: str, reach: _Reach | None = None
) -> list[tuple[str, bool, bool]]:
    """``(territory, battalions may go there alone, the leader may go there)`` for a move from
    ``source`` (an effect may let battalions cross somewhere only with a leader)."""
    role = frame["role"]
    reach = reach or _Reach(state, role)
    count = movable(state, frame, source)
    leader = free_leader(state, role, source) is not None
    group = reach.of(source, False) if count else set()
    escort = reach.of(source, True) if leader else set()
    found: list[tuple[str, bool, bool]] = []
    for territory in sorted(group | escort, key=geo(state).index.__getitem__):
        if territory == source:
            continue
        leader_ok = territory in escort and leader_at(state, territory) is None
        if territory in group or leader_ok:
            found.append((territory, territory in group, leader_ok))
    return found


def has_destination(state: State, frame: Frame, source: str, reach: _Reach) -> bool:
    role = frame["role"]
    if movable(state, frame, source) and len(reach.of(source, False)) > 1:
        return True
    if free_leader(state, role, source) is None:
        return False
    return any(t != source and leader_at(state, t) is None for t in reach.of(source, True))


def sources(state: State, frame: Frame) -> list[str]:
    reach = _Reach(state, frame["role"])
    return [t for t in owned(state, frame["role"]) if has_destination(state, frame, t, reach)]


def moves_done(frame: Frame) -> bool:
    """No move is left this turn (Trilogy: one move, unless a power gave more)."""
    return frame["moves_left"] is not None and frame["moves_left"] <= 0


def _choices(state: State, frame: Frame) -> list[Action]:
    role = frame["role"]
    offered = missions.offers(state, role)
    if moves_done(frame):
        return offered
    acts = [_act("from", t) for t in sources(state, frame)]
    return offered + acts + powers.timing_actions(state, role, frame)


def _stays_open(state: State, frame: Frame) -> bool:
    """Something to choose, judged on public facts only (a mission to declare is among the
    private choices: the phase waits for it whenever one might be, see
    :func:`missions.could_complete`)."""
    role = frame["role"]
    if missions.could_complete(state, role):
        return True
    return not moves_done(frame) and bool(sources(state, frame) or powers.timing_actions(state, role, frame))


def start(state: State, role: str) -> bool:
    """Begin the phase; skipped (False) when nothing can move."""
    moves_left = 1 if is_lotr(state) and rules(state).fortify == "one_move" else None
    frame: Frame = {
        "step": "fortify",
        "role": role,
        "moves": [],
        "source": None,
        "moves_left": moves_left,
        "arrived": {},
    }
    if (
        not sources(state, frame)
        and not powers.could_play_in(state, role, "fortify")
        and not missions.could_complete(state, role)
    ):
        return False  # judged on public facts only: a card held must not keep the phase open
    call(state, "fortify", **{k: v for k, v in frame.items() if k != "step"})
    return True


def finish(state: State, frame: Frame) -> None:
    log_moves(state, frame)
    ret(state, {"phase": "fortify"})


def log_moves(state: State, frame: Frame) -> None:
    """Log the phase's summary (every move: the post for the table) and mark what moved."""
    moves = [dict(m) for m in frame["moves"]]
    emit(state, "fortified", {"role": frame["role"], "moves": moves})
    if moves:
        state["last"] = {
            "kind": "fortify",
            "role": frame["role"],
            "from": moves[-1]["from"],
            "to": moves[-1]["to"],
            "territories": sorted({m["from"] for m in moves} | {m["to"] for m in moves}),
        }


def _after_move(state: State, frame: Frame) -> None:
    frame["step"] = "fortify"
    frame["source"] = None
    if not _stays_open(state, frame):
        finish(state, frame)


class ChooseSource(Step):
    name = "fortify"
    kind = "fortify"

    def active(self, state: State, frame: Frame) -> frozenset[str]:
        return frozenset((frame["role"],))

    def actions(self, state: State, frame: Frame, role: str) -> tuple[Action, ...]:
        return (*_choices(state, frame), DONE)

    def legal(self, state: State, frame: Frame, role: str, action: Action) -> bool:
        if action.verb == "from":
            args = action.args
            return (
                len(args) == 1
                and not moves_done(frame)
                and state["owner"].get(args[0]) == role
                and has_destination(state, frame, args[0], _Reach(state, role))
            )
        if action.verb == "done":
            return not action.args
        return action in self.actions(state, frame, role)

    def title(self, state: State, frame: Frame, role: str) -> str:
        left = frame["moves_left"]
        if left is None:
            return tr("Fortify: move from where?")
        return ntr(
            "Fortify: move from where? ({count} move left)",
            "Fortify: move from where? ({count} moves left)",
            left,
        )

    def instruction(self, state: State, frame: Frame, role: str) -> str:
        if one_step(state):
            how = tr("one step by land into a neighbouring territory of yours, each battalion once")
        elif frame["moves_left"] is not None:
            how = tr("one move along a chain of your own territories")
        else:
            how = tr("along chains of your own territories, as often as you like")
        mission = missions.offers(state, role)
        if moves_done(frame) and mission:
            return tr("Your moves are made: declare your mission complete, or `done` to end your turn.")
        if moves_done(frame):
            return tr("Your moves are made: `done` to end your turn.")
        if mission:
            return tr(
                "Fortify: declare your mission complete, or choose a territory to move from ({how}), or "
                "`done` to end your turn.",
                how=how,
            )
        return tr("Fortify: choose a territory to move from ({how}), or `done` to end your turn.", how=how)

    def waiting(self, state: State, frame: Frame) -> str:
        return tr("Waiting for {role} to fortify.", role=role_title(frame["role"]))

    def apply(self, state: State, frame: Frame, role: str, action: Action) -> None:
        if action.verb == "done":
            finish(state, frame)
            return
        if action.verb in ("power", missions.VERB):
            if action.verb == "power":
                powers.play(state, role, action)
            else:
                missions.declare(state, role, action.args[0])
            if state["result"] is None and state["stack"][-1] is frame:
                self.resume(state, frame, None)
            return
        frame["source"] = action.args[0]
        frame["step"] = "fortify_to"

    def resume(self, state: State, frame: Frame, value: Any) -> None:
        if state["result"] is None and frame["step"] == "fortify" and not _stays_open(state, frame):
            finish(state, frame)


class ChooseDestination(Step):
    name = "fortify_to"
    kind = "fortify_to"

    def active(self, state: State, frame: Frame) -> frozenset[str]:
        return frozenset((frame["role"],))

    def actions(self, state: State, frame: Frame, role: str) -> tuple[Action, ...]:
        source = frame["source"]
        count = movable(state, frame, source)
        acts: list[Action] = []
        for territory, alone, leader_ok in destinations(state, frame, source):
            if count and alone:
                acts.append(_act("to", territory, str(count)))
            if leader_ok:
                acts.append(_act("to-leader", territory, str(count)))
        acts.append(BACK)
        return tuple(acts)

    def amounts(self, state: State, frame: Frame, role: str) -> tuple[Amount, ...]:
        source = frame["source"]
        count = movable(state, frame, source)
        found: list[Amount] = []
        for territory, alone, leader_ok in destinations(state, frame, source):
            if count and alone:
                found.append(Amount("to", (territory,), 1, count))
            if leader_ok:
                found.append(Amount("to-leader", (territory,), 0, count))
        return tuple(found)

    def legal(self, state: State, frame: Frame, role: str, action: Action) -> bool:
        if action.verb == "back":
            return not action.args
        if action.verb not in ("to", "to-leader") or len(action.args) != 2:
            return False
        return any(a.admits(action) for a in self.amounts(state, frame, role))

    def title(self, state: State, frame: Frame, role: str) -> str:
        source = frame["source"]
        return tr(
            "Fortify from {territory} ({battalions}): move to where?",
            territory=place_name(source),
            battalions=state["troops"][source],
        )

    def instruction(self, state: State, frame: Frame, role: str) -> str:
        source = frame["source"]
        count = movable(state, frame, source)
        if free_leader(state, role, source) is not None:
            return ntr(
                "Move up to {count} battalion from {territory} (with your leader, or the leader "
                "alone), or go `back`.",
                "Move up to {count} battalions from {territory} (with your leader, or the leader "
                "alone), or go `back`.",
                count,
                territory=place_name(source),
            )
        return ntr(
            "Move up to {count} battalion from {territory}, or go `back`.",
            "Move up to {count} battalions from {territory}, or go `back`.",
            count,
            territory=place_name(source),
        )

    def waiting(self, state: State, frame: Frame) -> str:
        return tr("Waiting for {role} to fortify.", role=role_title(frame["role"]))

    def apply(self, state: State, frame: Frame, role: str, action: Action) -> None:
        if action.verb == "back":
            frame["step"] = "fortify"
            frame["source"] = None
            return
        source = frame["source"]
        target, count = action.args[0], int(action.args[1])
        troops = state["troops"]
        troops[source] -= count
        troops[target] += count
        if one_step(state):
            frame["arrived"][target] = frame["arrived"].get(target, 0) + count
        with_leader = action.verb == "to-leader"
        move = {"from": source, "to": target, "count": count, "leader": with_leader}
        frame["moves"].append(move)
        if frame["moves_left"] is not None:
            frame["moves_left"] -= 1
        emit(state, "moved", {"role": role, **move})
        if with_leader:
            leader = free_leader(state, role, source)
            assert leader is not None
            leader["at"] = target
            missions.arrive(state, role, leader, target)
        _after_move(state, frame)


STEPS = (ChooseSource(), ChooseDestination())
