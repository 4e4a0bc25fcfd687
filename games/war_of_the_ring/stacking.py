"""The stacking limit (§10.2, §12.2): at most 10 Army units of a side in a region, 5 inside a
besieged Stronghold (Leaders, Nazgûl and characters never count). The owner chooses which units
over the limit go back to his reinforcements (Free Peoples' units too: they are not casualties).

Two ways in, one step:

- :func:`call_stacking` after figures arrived (a retreat into a friendly Army, a siege lifted):
  the region is over the limit while the owner chooses.
- :func:`call_arrival` *before* figures arrive (a move, a recruit): the owner chooses among the
  units already there and those coming (``incoming``), so the board is never over the limit
  between two actions. The procedure returns the incoming units that still come; the caller
  moves or places those, and sends the others back to reinforcements (from where they stood).

Units of one Nation and kind are alike, so taking one from those already there or from those
coming ends in the same position; the step takes from those already there first.

Frame ``stacking``: ``region``, ``side``, ``inside``, ``incoming`` (``{nation: {kind: n}}``).
"""

from __future__ import annotations

from typing import Any

from games.core import Action, Amount, State, emit
from games.core.flow import Frame, Step, call, ret

from .board import UNIT_KINDS, army, remove
from .data import DUNLENDINGS, MAX_GARRISON, MAX_STACK
from .i18n import ntr, region_title, tr
from .movement_words import figure_words
from .step_text import side_words

Counts = dict[str, dict[str, int]]


def limit(inside: bool) -> int:
    return MAX_GARRISON if inside else MAX_STACK


def combined(state: State, region: str, side: str, inside: bool, incoming: Counts) -> Counts:
    """``{nation: {kind: n}}`` of the units there plus those coming (units only)."""
    found: Counts = {}
    for source in (army(state, region, side, inside), incoming):
        for nation, counts in source.items():
            for kind in UNIT_KINDS:
                if counts.get(kind, 0):
                    here = found.setdefault(nation, {})
                    here[kind] = here.get(kind, 0) + counts[kind]
    return found


def excess(state: State, region: str, side: str, inside: bool, incoming: Counts) -> int:
    total = sum(sum(c.values()) for c in combined(state, region, side, inside, incoming).values())
    return max(0, total - limit(inside))


def call_stacking(state: State, region: str, side: str, inside: bool = False) -> bool:
    """After figures arrived: if ``side`` is over the limit there, let him remove the excess.
    Returns False if nothing is left to choose (a single kind of unit is removed at once)."""
    return _start(state, region, side, inside, {})


def call_arrival(state: State, region: str, side: str, incoming: Counts, inside: bool = False) -> bool:
    """Before ``incoming`` units arrive: if they would take ``side`` over the limit, let him
    choose what goes back. False if nothing is left to choose: ``incoming`` (changed in place
    when only one kind could go back) is what arrives. True: the procedure returns the units
    that still come."""
    return _start(state, region, side, inside, incoming)


def _start(state: State, region: str, side: str, inside: bool, incoming: Counts) -> bool:
    if not excess(state, region, side, inside, incoming):
        return False
    frame = {"region": region, "side": side, "inside": inside, "incoming": incoming}
    if _forced(state, frame):
        return False
    call(state, "stacking", region=region, side=side, inside=inside, incoming=_copy(incoming))
    return True


def _copy(counts: Counts) -> Counts:
    return {nation: dict(kinds) for nation, kinds in counts.items() if any(kinds.values())}


def choices(state: State, frame: Frame) -> Counts:
    return combined(state, frame["region"], frame["side"], frame["inside"], frame["incoming"])


def _forced(state: State, frame: Frame) -> bool:
    """With one kind of unit left to choose from, remove the excess at once; whether it was
    settled so (or nothing was over)."""
    over = excess(state, frame["region"], frame["side"], frame["inside"], frame["incoming"])
    if not over:
        return True
    pairs = [(n, k) for n, kinds in choices(state, frame).items() for k in kinds]
    if len(pairs) != 1:
        return False
    send_back(state, frame, pairs[0][0], pairs[0][1], over)
    return True


def send_back(state: State, frame: Frame, nation: str, kind: str, count: int) -> None:
    """``count`` units go back to reinforcements: those already there first, then those coming."""
    region, side, inside = frame["region"], frame["side"], frame["inside"]
    there = army(state, region, side, inside).get(nation, {}).get(kind, 0)
    taken = min(there, count)
    if taken:
        remove(state, region, nation, kind, taken, inside)
        if nation != DUNLENDINGS:  # Dunlendings go back to their faction's pool (off the map)
            reinforcements = state["reinforcements"][nation]
            reinforcements[kind] = reinforcements.get(kind, 0) + taken
    rest = count - taken
    if rest:
        coming = frame["incoming"][nation]
        coming[kind] -= rest
    emit(
        state,
        "units_returned",
        {"side": side, "region": region, "nation": nation, "kind": kind, "count": count},
    )


class Stacking(Step):
    """The owner sends units over the limit back to reinforcements, some at a time."""

    name = "stacking"
    kind = "stacking"

    def active(self, state: State, frame: Frame) -> frozenset[str]:
        return frozenset({frame["side"]})

    def _over(self, state: State, frame: Frame) -> int:
        return excess(state, frame["region"], frame["side"], frame["inside"], frame["incoming"])

    def amounts(self, state: State, frame: Frame, role: str) -> tuple[Amount, ...]:
        over = self._over(state, frame)
        return tuple(
            Amount("remove", (nation, kind), 1, min(n, over))
            for nation, kinds in choices(state, frame).items()
            for kind, n in kinds.items()
        )

    def actions(self, state: State, frame: Frame, role: str) -> tuple[Action, ...]:
        found: list[Action] = []
        for amount in self.amounts(state, frame, role):  # one count per choice: the menu asks how many
            found.append(Action(amount.verb, (*amount.args, str(amount.high))))
        return tuple(found)

    def title(self, state: State, frame: Frame, role: str) -> str:
        where = region_title(frame["region"])
        if frame["inside"]:
            return tr("Stacking limit in {region} (inside the Stronghold)", region=where)
        return tr("Stacking limit in {region}", region=where)

    def instruction(self, state: State, frame: Frame, role: str) -> str:
        over = self._over(state, frame)
        most = limit(frame["inside"])
        if DUNLENDINGS in choices(state, frame):
            return ntr(
                "At most {most} Army units may stand there: send {count} unit back to your reinforcements "
                "(Dunlendings to their own pool) (`remove <nation> <kind> <n>`).",
                "At most {most} Army units may stand there: send {count} units back to your reinforcements "
                "(Dunlendings to their own pool) (`remove <nation> <kind> <n>`).",
                over,
                most=most,
            )
        return ntr(
            "At most {most} Army units may stand there: send {count} unit back to your reinforcements "
            "(`remove <nation> <kind> <n>`).",
            "At most {most} Army units may stand there: send {count} units back to your reinforcements "
            "(`remove <nation> <kind> <n>`).",
            over,
            most=most,
        )

    def waiting(self, state: State, frame: Frame) -> str:
        return tr("Waiting for {side} to keep within the stacking limit.", side=side_words(frame["side"]))

    def apply(self, state: State, frame: Frame, role: str, action: Action) -> None:
        nation, kind, count = action.args
        send_back(state, frame, nation, kind, int(count))
        if _forced(state, frame):
            ret(state, _copy(frame["incoming"]))

    def resume(self, state: State, frame: Frame, value: Any) -> None:  # pragma: no cover
        raise AssertionError("stacking calls nothing")


STEPS: tuple[Step, ...] = (Stacking(),)
VERBS = frozenset({"remove"})


def label(state: State, role: str, action: Action) -> str | None:
    """Button words for the stacking prompt (``None``: not one of its actions)."""
    top = state["stack"][-1] if state["stack"] else None
    if top is None or top["step"] != "stacking" or action.verb != "remove":
        return None
    nation, kind, count = action.args
    figures = figure_words(nation, kind, int(count))
    if nation == DUNLENDINGS:
        return tr("Send {figures} back to the Dunlendings' pool", figures=figures)
    return tr("Send {figures} back to reinforcements", figures=figures)
