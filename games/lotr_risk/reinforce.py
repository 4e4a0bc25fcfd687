"""Phase 1, reinforcement: count the battalions, trade territory cards, place them all.

The count (:func:`reinforcements`): a third of the territories held, at least 3, plus the bonus
of every whole region. In the Trilogy one more battalion goes at once into each stronghold held.
Trades: :mod:`games.lotr_risk.cards` (at most three cards a phase; in the Trilogy a player
holding five or more must trade before anything else until he has spent three or holds fewer
than five). Powers played "at the start of your turn" are offered here until the first trade or
placement. The phase ends by itself once everything is placed and no trade is left, or with
``done`` when a trade is still possible.

Frame ``reinforce``: ``role``, ``pool`` (battalions still to place), ``traded`` (cards spent),
``started``, and for the summary ``base``, ``regions``, ``strongholds``, ``placed``, ``trades``.
"""

from __future__ import annotations

import logging
from functools import cache
from typing import Any

from games.core import Action, Amount, State, emit
from games.core.flow import Frame, Step, barrier, call, ret

from . import powers
from .cards import find_trade, spend, trade_options
from .data import SETUP
from .i18n import ntr, tr
from .options import bonus, geo, rules
from .roles import hand, owned, regions_held, role_title

log = logging.getLogger(__name__)

DONE = Action("done")


@cache
def _place(territory: str, count: int) -> Action:
    return Action("place", (territory, str(count)))


def base_reinforcements(state: State, role: str) -> tuple[int, list[str]]:
    """Battalions for territories and whole regions, and those regions."""
    held = len(owned(state, role))
    regions = regions_held(state, role)
    return SETUP.reinforcements(held) + sum(bonus(state, r) for r in regions), regions


def stronghold_reinforcements(state: State, role: str) -> list[str]:
    """The strongholds that get their Trilogy battalion (none in the 2002 rules or plain mode)."""
    if not rules(state).stronghold_reinforcement or state["options"]["mode"] != "lotr":
        return []
    owner = state["owner"]
    return [t for t in geo(state).territories if t in geo(state).strongholds and owner[t] == role]


def reinforcements(state: State, role: str) -> int:
    """What ``role`` would receive at the start of a turn now (cards not counted)."""
    base, _ = base_reinforcements(state, role)
    return base + len(stronghold_reinforcements(state, role)) * rules(state).stronghold_reinforcement


def start(state: State, role: str) -> bool:
    """Begin the phase (a procedure the turn calls): always waits for the player."""
    base, regions = base_reinforcements(state, role)
    strongholds = stronghold_reinforcements(state, role)
    each = rules(state).stronghold_reinforcement
    for territory in strongholds:
        state["troops"][territory] += each
    if strongholds:
        emit(state, "stronghold_battalions", {"role": role, "territories": strongholds, "each": each})
    call(
        state,
        "reinforce",
        role=role,
        pool=base,
        traded=0,
        started=False,
        base=base,
        regions=regions,
        strongholds=strongholds,
        placed={},
        trades=[],
    )
    return True


def forced(state: State, frame: Frame) -> bool:
    """The Trilogy's forced trade: five or more cards and fewer than three spent."""
    limit = rules(state).forced_trade_at
    cards = hand(state, frame["role"])["territory"]
    return limit is not None and len(cards) >= limit and int(frame["traded"]) < SETUP.max_cards_per_phase


def _finished(state: State, frame: Frame) -> bool:
    if frame["pool"] or forced(state, frame):
        return False
    if trade_options(state, frame["role"], frame["traded"]):
        return False
    return not powers.timing_actions(state, frame["role"], frame)


def finish(state: State, frame: Frame) -> None:
    log_summary(state, frame)
    ret(state, {"phase": "reinforce"})


def log_summary(state: State, frame: Frame) -> None:
    """Log the phase's summary (the post for the table) and mark what it changed."""
    emit(
        state,
        "reinforced",
        {
            "role": frame["role"],
            "base": frame["base"],
            "regions": list(frame["regions"]),
            "strongholds": list(frame["strongholds"]),
            "trades": [dict(t) for t in frame["trades"]],
            "placed": dict(frame["placed"]),
        },
    )
    state["last"] = {
        "kind": "reinforce",
        "role": frame["role"],
        "from": None,
        "to": None,
        "territories": sorted(set(frame["placed"]) | set(frame["strongholds"])),
    }


class Reinforce(Step):
    name = "reinforce"
    kind = "reinforce"

    def active(self, state: State, frame: Frame) -> frozenset[str]:
        return frozenset((frame["role"],))

    def actions(self, state: State, frame: Frame, role: str) -> tuple[Action, ...]:
        acts: list[Action] = []
        if not frame["started"]:
            acts += powers.timing_actions(state, role, frame)
        acts += [t.action for t in trade_options(state, role, frame["traded"])]
        if not forced(state, frame):
            pool = frame["pool"]
            if pool:
                acts += [_place(t, pool) for t in owned(state, role)]
            else:
                acts.append(DONE)
        return tuple(acts)

    def amounts(self, state: State, frame: Frame, role: str) -> tuple[Amount, ...]:
        pool = frame["pool"]
        if not pool or forced(state, frame):
            return ()
        return tuple(Amount("place", (t,), 1, pool) for t in owned(state, role))

    def legal(self, state: State, frame: Frame, role: str, action: Action) -> bool:
        verb, args = action.verb, action.args
        if verb == "place":
            if len(args) != 2 or not args[1].isdigit() or forced(state, frame):
                return False
            return bool(state["owner"].get(args[0]) == role and 1 <= int(args[1]) <= int(frame["pool"]))
        if verb == "trade":
            return find_trade(state, role, frame["traded"], args) is not None
        if verb == "done":
            return not args and not frame["pool"] and not forced(state, frame)
        return action in self.actions(state, frame, role)

    def title(self, state: State, frame: Frame, role: str) -> str:
        if forced(state, frame):
            return tr("Reinforcement: you hold five cards or more and must trade")
        if frame["pool"]:
            return ntr(
                "Reinforcement: {count} battalion to place",
                "Reinforcement: {count} battalions to place",
                frame["pool"],
            )
        return tr("Reinforcement: all placed")

    def instruction(self, state: State, frame: Frame, role: str) -> str:
        if forced(state, frame):
            return tr("You hold five territory cards or more: trade cards (a set or single cards) first.")
        pool = frame["pool"]
        can_trade = bool(trade_options(state, role, frame["traded"]))
        if pool and can_trade:
            return ntr(
                "Place {count} battalion on your territories; you may trade territory cards for more "
                "(at most three cards this phase).",
                "Place {count} battalions on your territories; you may trade territory cards for more "
                "(at most three cards this phase).",
                pool,
            )
        if pool:
            return ntr(
                "Place {count} battalion on your territories.",
                "Place {count} battalions on your territories.",
                pool,
            )
        if can_trade:
            return tr(
                "All are placed; you may trade territory cards for more (at most three cards this phase): "
                "trade more cards or go on to combat with `done`."
            )
        return tr("All are placed: trade more cards or go on to combat with `done`.")

    def waiting(self, state: State, frame: Frame) -> str:
        return tr("Waiting for {role} to reinforce.", role=role_title(frame["role"]))

    def apply(self, state: State, frame: Frame, role: str, action: Action) -> None:
        verb, args = action.verb, action.args
        if verb == "place":
            territory, count = args[0], int(args[1])
            state["troops"][territory] += count
            frame["pool"] -= count
            frame["placed"][territory] = frame["placed"].get(territory, 0) + count
            frame["started"] = True
            emit(state, "placed", {"role": role, "territory": territory, "count": count})
        elif verb == "trade":
            trade = find_trade(state, role, frame["traded"], args)
            assert trade is not None
            barrier(state)  # the cards are shown to all: a trade is never taken back into the hand
            spend(state, role, trade)
            frame["pool"] += trade.total
            frame["traded"] += len(trade.cards)
            frame["started"] = True
            frame["trades"].append(
                {"cards": list(trade.cards), "battalions": trade.battalions, "bonus": trade.bonus}
            )
        elif verb == "done":
            finish(state, frame)
            return
        elif verb == "power":
            powers.play(state, role, action)
            if state["stack"] and state["stack"][-1] is not frame:
                return  # the card asks a decision first; resume() carries on
        if _finished(state, frame):
            finish(state, frame)

    def resume(self, state: State, frame: Frame, value: Any) -> None:
        if _finished(state, frame):
            finish(state, frame)
