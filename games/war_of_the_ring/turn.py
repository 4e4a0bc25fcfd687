"""The turn (§4): six phases, always in order. The ``turn`` frame lies at the bottom of the flow
stack; a phase either runs by itself or calls a step that waits for a player (``flow.call``), and
that step ends with ``flow.ret``: the turn frame then resumes with the next phase
(:meth:`Turn.resume` -> :func:`next_phase`). No phase's step knows what follows it.

1. ``recover``: dice back, the Free Peoples' Hunt Box dice back, one card from each deck (a
   hand over six discards at once, in secret: :class:`Discard`).
2. ``fellowship``: declare, enter Mordor, change the Guide (:mod:`.fellowship`).
3. ``hunt``: the Shadow allocates dice to the Hunt Box (:class:`AllocateHunt`).
4. ``roll``: both sides roll; Shadow Eyes go to the Hunt Box.
5. ``actions``: alternate actions, Free Peoples first (:mod:`.actions`).
6. ``victory``: the military victory check (§17); Ring victories are checked at every moment.
"""

from __future__ import annotations

from typing import Any

from games.core import Action, IllegalAction, State, emit
from games.core.chance import draw
from games.core.flow import Frame, Step, barrier, call, ret
from games.core.words import join_words, the

from . import actions, dice, fellowship, victory
from .data import FREE, SHADOW
from .grammar import plural
from .i18n import english, listed, ntr, tr
from .last_action import mark
from .roles import ROLES, side_title
from .step_text import side_words

PHASES = ("recover", "fellowship", "hunt", "roll", "actions", "victory")
HAND_LIMIT = 6
#: The bottom frame of the stack during play: the turn, which runs the phases.
TURN_FRAME = {"step": "turn"}


def on_turn_frame(state: State) -> None:
    """The phases run on the turn frame alone: whatever a phase left above it is over."""
    stack = state["stack"]
    if stack != [TURN_FRAME]:
        stack.clear()
        stack.append(dict(TURN_FRAME))


def begin_turn(state: State) -> None:
    number = state["turn"]["number"] + 1
    state["turn"] = {"number": number, "phase": "recover", "returned": state["hunt_box"]["free"] > 0}
    emit(state, "turn_started", {"number": number})
    recover(state)


def recover(state: State) -> None:
    """Phase 1: every die back (the pool sizes of this turn are fixed now), one card from each deck."""
    on_turn_frame(state)
    for side in ROLES:
        state["dice"][side] = {"rolled": [], "used": []}
    state["hunt_box"] = {"shadow": 0, "free": 0}
    state["rings"]["used"] = []
    state["fellowship"]["moved"] = False
    state["fellowship"]["declared"] = False
    for side in ROLES:
        drawn = [card for deck in ("character", "strategy") if (card := draw_card(state, side, deck))]
        if drawn:
            emit(
                state,
                "cards_drawn",
                {"side": side, "count": len(drawn)},
                private={side: ("own_cards_drawn", {"side": side, "cards": drawn})},
            )
    over = [side for side in ROLES if len(state["hands"][side]) > HAND_LIMIT]
    if over:
        call(state, "discard", sides=over)
        return
    next_phase(state, "recover")


def draw_card(state: State, side: str, deck: str) -> str | None:
    """Draw the top card of ``side``'s ``deck`` (a blind draw from what is left); ``None`` if empty."""
    cards = state["decks"][f"{side}_{deck}"]
    if not cards:
        return None
    card: str = draw(state, f"{side}_{deck}_card", list(cards))
    cards.remove(card)
    state["hands"][side].append(card)
    barrier(state)
    return card


def draw_one(state: State, side: str, deck: str) -> None:
    """Draw one card during the actions (an Event die, an Event card), told in secret to its owner."""
    card = draw_card(state, side, deck)
    if card is not None:
        emit(
            state,
            "card_drawn",
            {"side": side, "deck": deck},
            private={side: ("own_card_drawn", {"side": side, "deck": deck, "card": card})},
        )


def next_phase(state: State, done: str) -> None:
    """The phase ``done`` is over: run the following ones until one waits for a player."""
    if state["result"] is not None:
        return
    on_turn_frame(state)
    index = PHASES.index(done) + 1
    while index < len(PHASES) and state["result"] is None:
        phase = PHASES[index]
        state["turn"]["phase"] = phase
        if START[phase](state):
            return
        index += 1
    if state["result"] is None:
        begin_turn(state)


def _fellowship(state: State) -> bool:
    return fellowship.start_phase(state)


def _hunt(state: State) -> bool:
    low, high = allocation_range(state)
    if low == high:
        allocate(state, low)
        return False
    call(state, "allocate_hunt")
    return True


def allocation_range(state: State) -> tuple[int, int]:
    """§4 phase 3: up to the Companions in the Fellowship (at least 1 may always go); at least 1
    if the Free Peoples took dice back from the Hunt Box."""
    high = max(1, len(state["fellowship"]["companions"]))
    high = min(high, dice.pool_size(state, SHADOW))
    low = min(high, 1 if state["turn"].get("returned") else 0)
    return low, high


def allocate(state: State, count: int) -> None:
    state["hunt_box"]["shadow"] = count
    state["turn"]["allocated"] = count
    emit(state, "hunt_allocated", {"count": count})


def _roll(state: State) -> bool:
    """Phase 4: both sides roll; every Shadow Eye goes to the Hunt Box at once."""
    state["turn"]["pool"] = {side: dice.pool_size(state, side) for side in ROLES}
    for side in ROLES:
        count = dice.pool_size(state, side) - (state["turn"].get("allocated", 0) if side == SHADOW else 0)
        rolled = dice.roll_dice(state, side, count)
        eyes = rolled.count("eye")
        state["dice"][side]["rolled"] = [face for face in rolled if face != "eye"]
        state["hunt_box"]["shadow"] += eyes
        emit(state, "dice_rolled", {"side": side, "faces": rolled, "eyes": eyes})
    barrier(state)
    return False


def _actions(state: State) -> bool:
    return actions.first_to_act(state)


def _victory(state: State) -> bool:
    fellowship.end_of_actions(state)
    if state["result"] is None:
        victory.military_check(state)
    return False


def _recover_phase(state: State) -> bool:  # pragma: no cover - phase 1 runs from begin_turn
    return False


START = {
    "recover": _recover_phase,
    "fellowship": _fellowship,
    "hunt": _hunt,
    "roll": _roll,
    "actions": _actions,
    "victory": _victory,
}


class Discard(Step):
    """Phase 1 with a hand over six: each such player discards one card at a time (in secret)."""

    name = "discard"
    kind = "discard"

    def active(self, state: State, frame: Frame) -> frozenset[str]:
        return frozenset(s for s in frame["sides"] if len(state["hands"][s]) > HAND_LIMIT)

    def actions(self, state: State, frame: Frame, role: str) -> tuple[Action, ...]:
        return tuple(Action("discard", (card,)) for card in sorted(state["hands"][role]))

    def title(self, state: State, frame: Frame, role: str) -> str:
        return tr("Hand limit: discard down to {limit}", limit=HAND_LIMIT)

    def instruction(self, state: State, frame: Frame, role: str) -> str:
        extra = len(state["hands"][role]) - HAND_LIMIT
        if english():
            return f"You hold more than {HAND_LIMIT} cards: discard {plural(extra, 'card')} (face down)."
        return ntr(
            "You hold more than {limit} cards: discard {count} card (face down).",
            "You hold more than {limit} cards: discard {count} cards (face down).",
            extra,
            limit=HAND_LIMIT,
        )

    def waiting(self, state: State, frame: Frame) -> str:
        sides = sorted(self.active(state, frame))
        if english():
            who = join_words(the(side_title(s)) for s in sides)
            return f"Waiting for {who} to discard down to {HAND_LIMIT} cards."
        return tr(
            "Waiting for {sides} to discard down to {limit} cards.",
            sides=listed(side_words(s) for s in sides),
            limit=HAND_LIMIT,
        )

    def apply(self, state: State, frame: Frame, role: str, action: Action) -> None:
        card = action.args[0]
        state["hands"][role].remove(card)
        state["discards"][role].append(card)
        emit(
            state,
            "card_discarded",
            {"side": role},
            private={role: ("own_card_discarded", {"side": role, "card": card})},
        )
        if not self.active(state, frame):
            ret(state)


class AllocateHunt(Step):
    """Phase 3: every number is its own choice (at most eight: a row of buttons)."""

    name = "allocate_hunt"
    kind = "hunt_allocation"

    def active(self, state: State, frame: Frame) -> frozenset[str]:
        return frozenset({SHADOW})

    def actions(self, state: State, frame: Frame, role: str) -> tuple[Action, ...]:
        low, high = allocation_range(state)
        return tuple(Action("hunt", (str(n),)) for n in range(low, high + 1))

    def title(self, state: State, frame: Frame, role: str) -> str:
        return tr("Turn {number}: dice to the Hunt Box", number=state["turn"]["number"])

    def instruction(self, state: State, frame: Frame, role: str) -> str:
        low, high = allocation_range(state)
        if low:
            return tr(
                "Put {low} to {high} of your dice in the Hunt Box before rolling (at least 1: the Free "
                "Peoples took dice back from it).",
                low=low,
                high=high,
            )
        return tr("Put {low} to {high} of your dice in the Hunt Box before rolling.", low=low, high=high)

    def waiting(self, state: State, frame: Frame) -> str:
        return tr("Waiting for the Shadow to allocate dice to the Hunt.")

    def apply(self, state: State, frame: Frame, role: str, action: Action) -> None:
        mark(state, SHADOW)
        allocate(state, int(action.args[0]))
        ret(state)


class Turn(Step):
    """The bottom frame: it never waits for anyone; when the step a phase called returns, the
    turn goes on with the next phase."""

    name = "turn"

    def active(self, state: State, frame: Frame) -> frozenset[str]:
        return frozenset()

    def actions(self, state: State, frame: Frame, role: str) -> tuple[Action, ...]:
        return ()

    def instruction(self, state: State, frame: Frame, role: str) -> str:
        return ""

    def waiting(self, state: State, frame: Frame) -> str:
        return tr("The turn goes on.")

    def apply(self, state: State, frame: Frame, role: str, action: Action) -> None:
        raise IllegalAction("Nobody acts between two phases.")

    def resume(self, state: State, frame: Frame, value: Any) -> None:
        next_phase(state, state["turn"]["phase"])


STEPS: tuple[Step, ...] = (Turn(), Discard(), AllocateHunt())
__all__ = ["FREE", "PHASES", "STEPS", "allocation_range", "begin_turn", "draw_card", "next_phase"]
