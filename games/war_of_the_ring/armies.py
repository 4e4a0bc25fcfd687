"""Army movement (§10.4, §8.4, §9.1): the die actions that move Armies one region.

- ``move-armies`` (Army or Army/Muster die; the Free Peoples' die has no pure Army face): up to
  two *different* Armies, one region each; the player may stop after the first (``done``).
- ``move-army`` (Character die): one Army with a Leader, Nazgûl or Character (with Saruman in
  play an Isengard Elite counts as a Leader); one of them goes with the moving part.
- ``messenger-move-armies`` (Shadow Muster die, once per turn while the Mouth of Sauron is in
  play: Messenger of the Dark Tower, §9.2): ``move-armies`` paid with a Muster die.

One procedure, one frame, three small prompts (the frame's ``step`` changes as it goes):

1. ``army_choose``: ``army <region>`` (``done`` before a second Army),
2. ``army_to``: ``to <region>``,
3. ``army_units``: what moves, starting with every figure allowed: ``units <nation> <kind> <n>``
   (a count), ``with <character>`` / ``without <character>``, then ``go``; ``all`` moves every
   figure allowed at once.

Every Army and destination offered can be completed. Rules applied: the destination is free
for Army movement (a siege the mover holds may be reinforced); units and Leaders of a Nation
not At War never enter another Nation's region (:func:`board.may_enter`, which also makes a unit
that retreated into another Nation leave it with its next move); no figure moves twice in one
action (figures that arrived are told apart from those that were there); Level-0 characters
never move; Free Peoples Leaders left without units follow the move (a move they could not
follow is not offered). The stacking limit is settled as the figures arrive
(:func:`stacking.call_arrival`), so the board is never over it between actions.

Our rulings: only figures in the open move (a besieged garrison leaves only by a sortie); an
Army is moved for its units or Leaders (characters go along; a lone character moves with the
character actions); only a moving part with Army units captures a Settlement or rouses a
Nation (:func:`occupation.arrive`); the rest of an Army that moved part of itself is the same
Army and cannot be the second Army of the die.

Frame: ``side``, ``face``, ``mode`` (``armies`` or ``army``), ``left`` (moves left), ``from``,
``to``, ``pick`` (``{nation: {kind: n}}``), ``with`` (characters), ``origins``, ``arrived``
(``{region: {nation: {kind: n}}}`` moved in this action), ``came`` (characters moved).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from games.core import Action, Amount, State, emit
from games.core.flow import Frame, Step, call, ret

from . import actions, occupation, politics, stacking
from .board import add, army, characters_at, free_for_army_move, may_enter, remove, units
from .common import side_title
from .data import CHARACTERS, FREE, NATIONS, REGIONS, SHADOW
from .movement_words import KIND_WORDS, figure_words, figures_phrase, moved_args

Counts = dict[str, dict[str, int]]
UNIT = ("regular", "elite")


# -- what may move --------------------------------------------------------------------------------
def new_frame(side: str, face: str, mode: str) -> dict[str, Any]:
    return {
        "side": side,
        "face": face,
        "mode": mode,
        "left": 2 if mode == "armies" else 1,
        "from": None,
        "to": None,
        "pick": {},
        "with": [],
        "origins": [],
        "arrived": {},
        "came": [],
    }


def fresh(state: State, frame: Frame, region: str) -> Counts:
    """``side``'s figures in the open at ``region`` that have not moved in this action."""
    came = frame["arrived"].get(region, {})
    found: Counts = {}
    for nation, counts in army(state, region, frame["side"]).items():
        for kind, n in counts.items():
            left = n - came.get(nation, {}).get(kind, 0)
            if left > 0:
                found.setdefault(nation, {})[kind] = left
    return found


def movable(state: State, frame: Frame, region: str, dest: str) -> Counts:
    """The fresh figures that may enter ``dest`` (§8.4)."""
    found: Counts = {}
    for nation, counts in fresh(state, frame, region).items():
        for kind, n in counts.items():
            if may_enter(state, nation, kind, dest):
                found.setdefault(nation, {})[kind] = n
    return found


def movable_characters(state: State, frame: Frame, region: str) -> list[str]:
    """Characters who may go along (never a Level-0 one, never one who moved already)."""
    return [
        c
        for c in characters_at(state, region, frame["side"])
        if c not in frame["came"] and CHARACTERS[c].level != 0
    ]


def total(counts: Counts, kinds: tuple[str, ...]) -> int:
    return sum(c.get(k, 0) for c in counts.values() for k in kinds)


def followers(state: State, frame: Frame, region: str, dest: str, pick: Counts) -> Counts | None:
    """§9.1: Free Peoples Leaders who would be left without units must follow; ``None`` if one
    of them cannot (he moved already, or his Nation may not enter ``dest``)."""
    if frame["side"] != FREE:
        return {}
    here = army(state, region, FREE)
    if total(here, UNIT) - total(pick, UNIT) > 0:
        return {}
    spare = fresh(state, frame, region)
    found: Counts = {}
    for nation, counts in here.items():
        chosen = pick.get(nation, {}).get("leader", 0)
        stay = counts.get("leader", 0) - chosen
        if stay <= 0:
            continue
        if spare.get(nation, {}).get("leader", 0) - chosen < stay or not may_enter(
            state, nation, "leader", dest
        ):
            return None
        found[nation] = {"leader": stay}
    return found


def with_followers(pick: Counts, extra: Counts) -> Counts:
    merged = {n: dict(k) for n, k in pick.items()}
    for nation, kinds in extra.items():
        for kind, n in kinds.items():
            merged.setdefault(nation, {})[kind] = merged.get(nation, {}).get(kind, 0) + n
    return merged


def leads(state: State, pick: Counts, chars: list[str]) -> bool:
    """A Character-die move needs a Leader, Nazgûl or Character (or, with Saruman in play, an
    Isengard Elite: Servants of the White Hand)."""
    if total(pick, ("leader",)) or chars:
        return True
    return "saruman" in state["characters"] and pick.get("isengard", {}).get("elite", 0) > 0


def valid(state: State, frame: Frame, region: str, dest: str, pick: Counts, chars: list[str]) -> bool:
    """Whether moving ``pick`` (units and Leaders) and ``chars`` from ``region`` to ``dest`` is
    allowed (the counts are within what may move)."""
    allowed = movable(state, frame, region, dest)
    for nation, kinds in pick.items():
        for kind, n in kinds.items():
            if n < 0 or n > allowed.get(nation, {}).get(kind, 0):
                return False
    if not set(chars) <= set(movable_characters(state, frame, region)):
        return False
    extra = followers(state, frame, region, dest, pick)
    if extra is None:
        return False
    moving = with_followers(pick, extra)
    if not total(moving, ("regular", "elite", "leader")):
        return False
    if frame["mode"] == "army" and not leads(state, moving, chars):
        return False
    side = frame["side"]
    return not (
        side == FREE
        and total(moving, ("leader",))
        and not total(moving, UNIT)
        and not units(state, dest, FREE)
    )


def candidates(state: State, frame: Frame, region: str, dest: str) -> list[tuple[Counts, list[str]]]:
    """Every figure allowed, then the same less one unit of each kind: if any move is allowed,
    one of these is (fewer figures only matter for the Leaders left with a unit)."""
    top = movable(state, frame, region, dest)
    chars = movable_characters(state, frame, region)
    found = [(top, chars)]
    for nation, kinds in top.items():
        for kind in UNIT:
            if kinds.get(kind, 0):
                fewer = {n: dict(k) for n, k in top.items()}
                fewer[nation][kind] -= 1
                found.append((fewer, chars))
    return found


def best_pick(state: State, frame: Frame, region: str, dest: str) -> tuple[Counts, list[str]] | None:
    for pick, chars in candidates(state, frame, region, dest):
        if valid(state, frame, region, dest, pick, chars):
            return pick, chars
    return None


def destinations(state: State, frame: Frame, region: str) -> list[str]:
    side = frame["side"]
    return [
        d
        for d in REGIONS[region].neighbours
        if free_for_army_move(state, d, side) and best_pick(state, frame, region, d) is not None
    ]


def _armies(state: State, frame: Frame) -> Iterator[str]:
    for region in REGIONS:
        if region in frame["origins"] or not state["armies"].get(region):
            continue
        if total(fresh(state, frame, region), ("regular", "elite", "leader")) and destinations(
            state, frame, region
        ):
            yield region


def armies_to_move(state: State, frame: Frame) -> list[str]:
    """Regions whose Army may still move in this action, in board order."""
    return list(_armies(state, frame))


def any_army_to_move(state: State, frame: Frame) -> bool:
    return next(_armies(state, frame), None) is not None


# -- the move -------------------------------------------------------------------------------------
def go(state: State, frame: Frame, pick: Counts, chars: list[str]) -> None:
    """Move the selection (its Leaders left alone follow), settling the stacking limit first."""
    region, dest = frame["from"], frame["to"]
    extra = followers(state, frame, region, dest, pick) or {}
    moving = with_followers(pick, extra)
    frame["pick"] = moving
    frame["with"] = list(chars)
    incoming = {n: {k: c for k, c in kinds.items() if k in UNIT and c} for n, kinds in moving.items()}
    incoming = {n: kinds for n, kinds in incoming.items() if kinds}
    if stacking.call_arrival(state, dest, frame["side"], incoming):
        return  # resumes with the units that still come
    arrive(state, frame, incoming)


def arrive(state: State, frame: Frame, kept: Counts) -> None:
    """Carry out the move with the units ``kept`` after the stacking limit; units that did not
    come go back to reinforcements from where they stood."""
    side, region, dest = frame["side"], frame["from"], frame["to"]
    moved: Counts = {}
    for nation, kinds in frame["pick"].items():
        for kind, n in kinds.items():
            come = kept.get(nation, {}).get(kind, 0) if kind in UNIT else n
            if n - come:
                remove(state, region, nation, kind, n - come)
                pool = state["reinforcements"][nation]
                pool[kind] = pool.get(kind, 0) + n - come
            if come:
                remove(state, region, nation, kind, come)
                add(state, dest, nation, kind, come)
                here = frame["arrived"].setdefault(dest, {}).setdefault(nation, {})
                here[kind] = here.get(kind, 0) + come
                moved.setdefault(nation, {})[kind] = come
    for char in frame["with"]:
        state["characters"][char] = {"region": dest, "inside": False}
        frame["came"].append(char)
    emit(state, "army_moved", {"side": side, "from": region, "to": dest, **moved_args(moved, frame["with"])})
    if total(moved, UNIT):
        occupation.arrive(state, dest, side)
    for char in frame["with"]:
        politics.companion_arrives(state, char, dest)
    occupation.lone_leaders(state, region)
    occupation.lift_siege(state, region)
    frame["origins"].append(region)
    frame["left"] -= 1
    frame.update({"from": None, "to": None, "pick": {}, "with": []})
    if frame["left"] > 0 and any_army_to_move(state, frame):
        frame["step"] = "army_choose"
    else:
        ret(state)


# -- the steps ------------------------------------------------------------------------------------
class _ArmyStep(Step):
    kind = "army_move"

    def active(self, state: State, frame: Frame) -> frozenset[str]:
        return frozenset({frame["side"]})

    def title(self, state: State, frame: Frame, role: str) -> str:
        what = "two Armies" if frame["mode"] == "armies" else "an Army with a Leader or Character"
        second = " (second Army)" if frame["origins"] else ""
        return f"Move {what}{second}"

    def waiting(self, state: State, frame: Frame) -> str:
        return f"Waiting for the {side_title(frame['side'])} to move an Army."

    def resume(self, state: State, frame: Frame, value: Any) -> None:
        arrive(state, frame, value or {})


class ArmyChoose(_ArmyStep):
    name = "army_choose"

    def actions(self, state: State, frame: Frame, role: str) -> tuple[Action, ...]:
        found = [Action("army", (r,)) for r in armies_to_move(state, frame)]
        if frame["origins"]:
            found.append(Action("done"))
        return tuple(found)

    def instruction(self, state: State, frame: Frame, role: str) -> str:
        if frame["origins"]:
            return "Choose a second, different Army to move one region (`army <region>`), or `done`."
        return "Choose the Army to move one region (`army <region>`)."

    def apply(self, state: State, frame: Frame, role: str, action: Action) -> None:
        if action.verb == "done":
            ret(state)
            return
        frame["from"] = action.args[0]
        frame["step"] = "army_to"


class ArmyTo(_ArmyStep):
    name = "army_to"

    def actions(self, state: State, frame: Frame, role: str) -> tuple[Action, ...]:
        return tuple(Action("to", (d,)) for d in destinations(state, frame, frame["from"]))

    def instruction(self, state: State, frame: Frame, role: str) -> str:
        return f"Move the Army in {REGIONS[frame['from']].name} to which adjacent region (`to <region>`)?"

    def apply(self, state: State, frame: Frame, role: str, action: Action) -> None:
        dest = action.args[0]
        best = best_pick(state, frame, frame["from"], dest)
        assert best is not None  # only destinations with a legal move are offered
        frame["to"] = dest
        frame["pick"] = best[0]
        frame["with"] = list(best[1])
        frame["step"] = "army_units"


class ArmyUnits(_ArmyStep):
    name = "army_units"

    def _top(self, state: State, frame: Frame) -> tuple[Counts, list[str]]:
        return movable(state, frame, frame["from"], frame["to"]), movable_characters(
            state, frame, frame["from"]
        )

    def _ready(self, state: State, frame: Frame) -> bool:
        return valid(state, frame, frame["from"], frame["to"], frame["pick"], frame["with"])

    def amounts(self, state: State, frame: Frame, role: str) -> tuple[Amount, ...]:
        top, _ = self._top(state, frame)
        return tuple(
            Amount("units", (nation, kind), 0, n)
            for nation, kinds in top.items()
            for kind, n in kinds.items()
        )

    def actions(self, state: State, frame: Frame, role: str) -> tuple[Action, ...]:
        top, chars = self._top(state, frame)
        found: list[Action] = []
        if self._ready(state, frame):
            found.append(Action("go"))
        if valid(state, frame, frame["from"], frame["to"], top, chars) and not self._is_top(
            frame, top, chars
        ):
            found.append(Action("all"))
        for amount in self.amounts(state, frame, role):
            now = frame["pick"].get(amount.args[0], {}).get(amount.args[1], 0)
            for n in sorted({0, 1, amount.high - 1, amount.high} - {now}):
                if 0 <= n <= amount.high:
                    found.append(Action("units", (*amount.args, str(n))))
        for char in chars:
            found.append(Action("without" if char in frame["with"] else "with", (char,)))
        return tuple(found)

    @staticmethod
    def _is_top(frame: Frame, top: Counts, chars: list[str]) -> bool:
        pick = {n: {k: c for k, c in kinds.items() if c} for n, kinds in frame["pick"].items()}
        return {n: k for n, k in pick.items() if k} == top and sorted(frame["with"]) == sorted(chars)

    def instruction(self, state: State, frame: Frame, role: str) -> str:
        moving = figures_phrase(frame["pick"], frame["with"])
        where = f"{REGIONS[frame['from']].name} to {REGIONS[frame['to']].name}"
        ready = "`go` to move them" if self._ready(state, frame) else "this choice cannot move as it is"
        need = " One Leader or Character must go with them." if frame["mode"] == "army" else ""
        return (
            f"From {where}: moving {moving}. Change a count (`units <nation> <kind> <n>`), take a "
            f"character `with` or `without` you, then {ready} (`all`: every figure allowed).{need}"
        )

    def apply(self, state: State, frame: Frame, role: str, action: Action) -> None:
        if action.verb == "units":
            nation, kind, count = action.args
            frame["pick"].setdefault(nation, {})[kind] = int(count)
            return
        if action.verb == "with":
            frame["with"].append(action.args[0])
            return
        if action.verb == "without":
            frame["with"].remove(action.args[0])
            return
        if action.verb == "all":
            top, chars = self._top(state, frame)
            go(state, frame, top, chars)
            return
        pick = {n: {k: c for k, c in kinds.items() if c} for n, kinds in frame["pick"].items()}
        go(state, frame, {n: k for n, k in pick.items() if k}, list(frame["with"]))


# -- the die actions ------------------------------------------------------------------------------
def _possible(mode: str) -> actions.Possible:
    def possible(state: State, side: str) -> bool:
        return any_army_to_move(state, new_frame(side, "", mode))

    return possible


def _run(mode: str) -> actions.Run:
    def run(state: State, side: str, face: str) -> bool:
        call(state, "army_choose", **new_frame(side, face, mode))
        return True

    return run


def messenger_ready(state: State, side: str) -> bool:
    """Messenger of the Dark Tower: once per turn while the Mouth of Sauron is in play."""
    return side == SHADOW and "mouth_of_sauron" in state["characters"] and not state["turn"].get("messenger")


def _messenger_possible(state: State, side: str) -> bool:
    return messenger_ready(state, side) and _possible("armies")(state, side)


def _messenger_run(state: State, side: str, face: str) -> bool:
    state["turn"]["messenger"] = True
    emit(state, "messenger_used", {})
    return _run("armies")(state, side, face)


actions.register(
    actions.DieAction(
        "move-armies",
        "Move up to two Armies",
        "Move up to two different Armies one region each.",
        ("army", "army_muster"),
        None,
        _possible("armies"),
        _run("armies"),
    ),
    actions.DieAction(
        "move-army",
        "Move an Army with a Leader or Character",
        "Move one Army that has a Leader, Nazgûl or Character one region; one of them goes along.",
        ("character",),
        None,
        _possible("army"),
        _run("army"),
    ),
    actions.DieAction(
        "messenger-move-armies",
        "Messenger of the Dark Tower: move up to two Armies",
        "Once per turn, with the Mouth of Sauron in play, a Muster die moves Armies like an Army die.",
        ("muster",),
        SHADOW,
        _messenger_possible,
        _messenger_run,
    ),
)

STEPS: tuple[Step, ...] = (ArmyChoose(), ArmyTo(), ArmyUnits())
VERBS = frozenset({"army", "to", "units", "with", "without", "all", "go", "done"})


def label(state: State, role: str, action: Action) -> str | None:
    """Button words for the Army-movement prompts (``None``: not one of them)."""
    top = state["stack"][-1] if state["stack"] else None
    if top is None or top["step"] not in ("army_choose", "army_to", "army_units"):
        return None
    verb, args = action.verb, action.args
    if verb == "army":
        return f"Move the Army in {REGIONS[args[0]].name}"
    if verb == "to":
        return f"Move it to {REGIONS[args[0]].name}"
    if verb == "units":
        count = int(args[2])
        if count == 0:
            return f"Leave every {NATIONS[args[0]].name} {KIND_WORDS[args[1]]} behind"
        return f"Move {figure_words(args[0], args[1], count)}"
    if verb in ("with", "without"):
        name = CHARACTERS[args[0]].name
        return f"Take {name} along" if verb == "with" else f"Leave {name} behind"
    if verb == "go":
        text = f"Go: move {figures_phrase(top['pick'], top['with'])}"
        return text if len(text) <= 100 else "Go: move the figures chosen"
    return {"all": "Move every figure allowed", "done": "Done: no second Army"}.get(verb)
