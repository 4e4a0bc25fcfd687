"""Leaving a game of three or four (running out of time, or resigning from rules revision 2 on):
the player is dropped and the others play on.

With two players the core's default applies (the other player wins; the neutral army is not a
player). With three or four (our ruling; the rules know no clocks and no resignation), a player
whose time bank runs out, or who resigns, is **dropped** (:func:`drop`):

- every territory he holds turns neutral with the battalions on it (strongholds and sites of
  power go with the territory); his leaders leave the board;
- his territory cards go to the territory discard pile, his adventure cards and the cards set
  aside for him to their discard piles; his armed reactions and his lasting effects end; the
  cards he played stay in front of him, but he scores nothing and cannot win;
- he leaves the turn order like an eliminated player (``state["eliminated"]``, and
  ``state["dropped"]`` to tell him apart, ``state["resigned"]`` too if he resigned), but nobody
  conquered him: no card is taken, nothing is earned;
- when a single player is left, he wins at once (``last_standing``).

Otherwise the game goes on from where it waited:

- in his own turn, the phase under way is closed (its summary logged: the attack so far, the
  placements, the moves) and his turn ends as if he had ended it: the Fellowship still moves,
  the engine rolling its die in his name; nothing is drawn or replaced for him
  (:func:`games.lotr_risk.turn.end_early`);
- an attack against him goes on against the neutral army, which now holds the territory; if the
  game waited for his defence dice, the engine rolls the most allowed for the neutral army
  (:func:`games.lotr_risk.battle.defender_dropped`), as it does for every later attack on the
  neutral army of a game of three or four;
- in the set-up, his territories simply turn neutral with what stands on them: his battalions
  still to place, and a secret placement not revealed yet, never come onto the board; the claims
  and placements go on without him (:func:`games.lotr_risk.setup.drop`).
"""

from __future__ import annotations

import logging

from games.core import State, emit
from games.core.flow import pop

from . import battle, fortify, reinforce, setup, turn
from .common import NEUTRAL, dropped, hand, in_game, owned, resigned
from .effects import expire
from .victory import clear_player, win

log = logging.getLogger(__name__)

BATTLE_STEPS = ("battle", "defend", "advance")


def drop(state: State, role: str, *, resigning: bool = False) -> None:
    """``role`` ran out of time, or resigned (``resigning``), in a game of three or four (see
    the module docstring)."""
    if role not in in_game(state):
        return  # out of the game already: nothing is waiting for him
    in_setup = state.get("setup") is not None
    stack = state["stack"]
    own_turn = not in_setup and bool(stack) and stack[0]["step"] == "turn" and stack[0]["role"] == role
    if own_turn:
        close_phases(state, "resigned" if resigning else "dropped")
    territories = release(state, role)
    if resigning:
        state["resigned"] = [*resigned(state), role]
    kind = "player_resigned" if resigning else "player_dropped"
    emit(state, kind, {"role": role, "territories": territories})
    log.debug("%s leaves (%s): %d territories turn neutral", role, kind, territories)
    left = in_game(state)
    if len(left) == 1:
        win(state, left, "last_standing", role=left[0])
        return
    if in_setup:
        setup.drop(state, role)
    elif own_turn:
        turn.end_early(state, state["stack"][0])
    else:
        for frame in list(state["stack"]):
            if frame["step"] in ("battle", "defend") and frame["defender"] == role:
                battle.defender_dropped(state, frame)
                break


def close_phases(state: State, ended: str = "dropped") -> None:
    """Close every procedure above the turn frame, logging what it did so far (the attack with
    its rolls, ending as ``ended`` unless it conquered; the placements of a reinforcement, the
    fortify moves)."""
    stack = state["stack"]
    while len(stack) > 1:
        frame = stack[-1]
        step = frame["step"]
        if step in BATTLE_STEPS:
            battle.log_attack(state, frame, "conquered" if frame["conquered"] else ended)
            expire(state, "attack")
        elif step == "reinforce" and (frame["placed"] or frame["trades"]):
            reinforce.log_summary(state, frame)
        elif step in ("fortify", "fortify_to") and frame["moves"]:
            fortify.log_moves(state, frame)
        pop(state)


def release(state: State, role: str) -> int:
    """Take ``role`` out of the game: his territories turn neutral, his cards are discarded,
    his leaders and effects leave. Returns how many territories turned neutral."""
    held = owned(state, role)
    owner = state["owner"]
    for territory in held:
        owner[territory] = NEUTRAL
    cards = hand(state, role)
    state["decks"]["territory_discard"].extend(cards["territory"])
    cards["territory"] = []
    clear_player(state, role)
    state["eliminated"].append(role)
    state["dropped"] = [*dropped(state), role]
    return len(held)
