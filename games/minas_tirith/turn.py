"""Rounds of three turns (§6), the die chosen (§7.1), the reinforcement draw (§7.2) and the turn's
end (leaders, the deck-out end).

A round: one side rolls the three action dice (Gondor in odd rounds, Mordor in even ones) and
plays turns 1 and 3; the other side plays turn 2. Each turn's player takes one die of those
left: its pips are his action points, and he draws ``6 - pips`` reinforcement cards.

State keys: ``round``; ``dice`` ``{"rolled", "taken": [{"role", "pips"}], "left"}``; ``turn``
``{"role", "in_round", "die", "points", "special_used", "no_fight": [sides], "shot": {space: n},
"catapults": [walls], "end_after": bool}``; ``deck_out`` (the last reinforcement card is drawn).
"""

from __future__ import annotations

from typing import Any

from games.core import Action, State, emit
from games.core.chance import roll
from games.core.flow import Frame, Step

from . import leaders, victory
from .facts import EVIL, GOOD, other
from .options import ends_at_once
from .roles import ONLY
from .words import Said, side_title, t

#: Cards drawn per die pips (§7.2).
CARDS_FOR = {pips: 6 - pips for pips in range(1, 7)}


def roller(round_number: int) -> str:
    """Who rolls and opens round ``round_number``: Gondor in odd rounds, Mordor in even ones."""
    return GOOD if round_number % 2 else EVIL


def player_of(round_number: int, in_round: int) -> str:
    """Whose turn ``in_round`` (1-3) of the round is: the roller's, the other's, the roller's."""
    first = roller(round_number)
    return first if in_round != 2 else other(first)


def fresh_turn(role: str, in_round: int) -> dict[str, Any]:
    return {
        "role": role,
        "in_round": in_round,
        "die": None,
        "points": 0,
        "special_used": False,
        "no_fight": [],
        "shot": {},
        "catapults": [],
        "end_after": False,
    }


def start_round(state: State) -> None:
    state["round"] += 1
    first = roller(state["round"])
    dice = sorted((roll(state, "action die") for _ in range(3)), reverse=True)
    state["dice"] = {"rolled": list(dice), "taken": [], "left": list(dice)}
    emit(state, "dice_rolled", {"role": first, "round": state["round"], "dice": list(dice)})
    start_turn(state, 1)


def start_turn(state: State, in_round: int) -> None:
    role = player_of(state["round"], in_round)
    state["turn"] = fresh_turn(role, in_round)
    state["stack"] = [{"step": "die"}]
    if len(set(state["dice"]["left"])) == 1:  # nothing to choose: the die is taken for him
        take_die(state, state["dice"]["left"][0])


def take_die(state: State, pips: int) -> None:
    turn = state["turn"]
    role = turn["role"]
    state["dice"]["left"].remove(pips)
    state["dice"]["taken"].append({"role": role, "pips": pips})
    turn["die"] = pips
    turn["points"] = pips
    emit(state, "die_taken", {"role": role, "pips": pips, "cards": CARDS_FOR[pips]})
    draw_reinforcements(state, role, CARDS_FOR[pips])
    if state["result"] is None:
        state["stack"] = [{"step": "trade"}]  # the question is skipped when only `done` is left


def draw_reinforcements(state: State, role: str, wanted: int) -> None:
    deck: list[str] = state["decks"]["reinforcements"]
    drawn = [deck.pop() for _ in range(min(wanted, len(deck)))]
    state["hands"][role].extend(drawn)
    if drawn:
        emit(state, "cards_drawn", {"role": role, "cards": drawn})
    if wanted and not deck and not state["deck_out"]:
        state["deck_out"] = True
        emit(state, "deck_out", {"role": role})
        if ends_at_once(state):
            victory.finish_on_points(state)


def end_turn(state: State) -> None:
    """The turn's end: the player's own lone and doubled leaders leave ("when your turn is over",
    §10), the deck-out end, then the next turn."""
    leaders.end_of_turn(state, state["turn"]["role"])
    if state["result"] is not None:
        return
    if state["deck_out"]:
        victory.finish_on_points(state)
        return
    in_round = state["turn"]["in_round"]
    if in_round < 3:
        start_turn(state, in_round + 1)
    else:
        start_round(state)


class ChooseDie(Step):
    name = "die"
    kind = "die"

    def active(self, state: State, frame: Frame) -> frozenset[str]:
        return ONLY[state["turn"]["role"]]

    def actions(self, state: State, frame: Frame, role: str) -> tuple[Action, ...]:
        left = sorted(set(state["dice"]["left"]), reverse=True)
        return tuple(Action("die", (str(pips),)) for pips in left)

    def instruction(self, state: State, frame: Frame, role: str) -> Said:
        return Said(
            lambda lang: t(
                lang,
                "Choose an action die: its pips are your action points, and you draw six minus that "
                "many reinforcement cards.",
            )
        )

    def title(self, state: State, frame: Frame, role: str) -> Said:
        number, turn = state["round"], state["turn"]["in_round"]
        return Said(lambda lang: t(lang, "Round {round}, turn {turn}: choose a die", round=number, turn=turn))

    def waiting(self, state: State, frame: Frame) -> Said:
        side = state["turn"]["role"]
        return Said(
            lambda lang: t(lang, "Waiting for {side} to choose an action die.", side=side_title(side, lang))
        )

    def apply(self, state: State, frame: Frame, role: str, action: Action) -> None:
        take_die(state, int(action.args[0]))
