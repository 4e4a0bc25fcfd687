"""A player's turn: move one character (or play a special card), and the Balrog's ambush.

The ``turn`` frame holds ``side`` and optional restrictions set by special cards:
``only`` (Shadowfax: that character must make the move), ``exclude`` (Dark of Mordor:
another character must move) and ``pre`` (a before-the-move special was already played).
"""

from __future__ import annotations

import logging

from games.core import Action, State, emit
from games.core.flow import Frame, Step, barrier, pop, push

from . import battle, specials
from .board import count, counts, hide_turn_reveals, move_to, remove, reveal, ring_bearer, who
from .common import cap_title, check_ring_bearer_fell, check_ring_in_mordor, check_shire, title, win
from .data import (
    CHARS,
    FELLOWSHIP,
    REGION_ORDER,
    SAURON,
    TUNNEL_FROM,
    TUNNEL_TO,
    TUNNEL_UNDER,
    char_name,
    other,
    region_name,
)
from .moves import Counts, all_moves, destinations

log = logging.getLogger(__name__)


#: Every ``move <character> <region>`` action, built once (prompts are rebuilt after each action).
MOVE: dict[str, dict[str, Action]] = {c: {r: Action("move", (c, r)) for r in REGION_ORDER} for c in CHARS}


def move_actions(state: State, frame: Frame, cnt: Counts | None = None) -> list[Action]:
    """Every legal ``move`` of the side in ``frame``, honouring special-card restrictions."""
    side = frame["side"]
    moves = all_moves(state, side, cnt)
    only = frame.get("only")
    if only:
        moves = [m for m in moves if m[0] == only]
    exclude = frame.get("exclude")
    if exclude:
        moves = [m for m in moves if m[0] != exclude]
    king = state.get("king")
    if side == SAURON and king and not frame.get("pre"):
        forced = [m for m in moves if m[0] == king]
        if forced:
            moves = forced
    return [MOVE[c][r] for c, r, _ in moves]


class Turn(Step):
    """Move one character forward (or as an ability allows), or play a special card."""

    name = "turn"

    def active(self, state: State, frame: Frame) -> frozenset[str]:
        return frozenset({frame["side"]})

    def actions(self, state: State, frame: Frame, role: str) -> tuple[Action, ...]:
        cnt = counts(state)
        return (*move_actions(state, frame, cnt), *specials.turn_actions(state, frame, cnt))

    def instruction(self, state: State, frame: Frame, role: str) -> str:
        if frame.get("only"):
            return f"Now move {char_name(frame['only'])} again (your normal move)."
        if frame.get("exclude"):
            return f"Now make your normal move with a character other than {char_name(frame['exclude'])}."
        text = "Your turn: move one character one region forward (`move <character> <region>`)."
        king = state.get("king")
        if role == SAURON and king:
            if king in state["pos"]:
                text += f" A King Revealed: you must move {char_name(king)} if it can move."
            else:
                text += f" A King Revealed named {char_name(king)}, who is not in your army: move freely."
            text += " No special card may replace this move."
        if state["specials"][role]["held"]:
            text += " Special cards you can play now are listed as `special ...` actions."
        return text

    def waiting(self, state: State, frame: Frame) -> str:
        return f"Waiting for {title(frame['side'])} to move."

    def apply(self, state: State, frame: Frame, role: str, action: Action) -> None:
        if action.verb == "special":
            specials.apply_turn_special(state, frame, role, action)
            return
        char, dest = action.args
        if role == SAURON and state.get("king") == char:
            reveal(state, char)
            emit(state, f"A King Revealed: {char_name(char)} must move.")
        start_move(state, char, dest, then="end")


def start_move(state: State, char: str, dest: str, *, then: str) -> None:
    """Move ``char`` to ``dest`` (already checked legal). ``then``: ``end`` the turn or ``stay``."""
    side = CHARS[char].side
    origin = state["pos"][char]
    # The kind of move matters only for the Uruk-hai's march and Eregion -> Fangorn.
    geometry = char == "uruk_hai" or (origin == TUNNEL_FROM and dest == TUNNEL_TO)
    kind = destinations(state, char).get(dest) if geometry else None
    if kind == "uruk":
        reveal(state, char)
    mover = who(state, char, None)
    public = f"{cap_first(mover)} moves from {region_name(origin)} to {region_name(dest)}"
    own = f"{char_name(char)} moves from {region_name(origin)} to {region_name(dest)}"
    tunnel = is_tunnel(side, origin, dest, kind)
    if tunnel:
        public += " through the Tunnel of Moria"
        own += " through the Tunnel of Moria"
    emit(state, public + ".", {side: own + "."})
    state["last_move"] = {
        "side": side,
        "from": origin,
        "to": dest,
        "text": public + ".",
        "for": {side: own + "."},
    }
    if tunnel and count(state, TUNNEL_UNDER, SAURON) > 0:
        push(state, "ambush", char=char, origin=origin, then=then)
        return
    land(state, char, dest, then=then)


def is_tunnel(side: str, origin: str | None, dest: str, kind: str | None) -> bool:
    """Whether a move goes through the Tunnel of Moria (Treebeard's placement never does).

    ``kind`` comes from :func:`destinations`; ``None`` (a special card's move) is a Tunnel move.
    """
    return side == FELLOWSHIP and origin == TUNNEL_FROM and dest == TUNNEL_TO and kind != "treebeard"


def cap_first(text: str) -> str:
    return text[0].upper() + text[1:]


def land(state: State, char: str, dest: str, *, then: str) -> None:
    """``char`` arrives in ``dest``: immediate wins, a battle, or the end of the move."""
    move_to(state, char, dest)
    side = CHARS[char].side
    if side == FELLOWSHIP and char == ring_bearer(state) and dest == "mordor":
        reveal(state, char)
        win(state, FELLOWSHIP, f"{char_name(char)} carried the Ring into Mordor")
        return
    if char == "witch_king_v" and dest == "shire":
        reveal(state, char)
        win(state, SAURON, "the Witch-king entered the Shire")
        return
    if count(state, dest, other(side)) > 0:
        battle.start(state, char, dest, then=then)
        return
    after_move(state, then)


def after_move(state: State, then: str) -> None:
    """The move (and any battle) is over: end the turn unless a special card continues it."""
    if state["result"] is not None:
        return
    check_ring_in_mordor(state)
    if state["result"] is not None:
        return
    if then == "stay":
        check_shire(state)
        if state["result"] is None:
            specials.after_pre_move(state)
        return
    end_turn(state)  # checks the Shire first


def end_turn(state: State) -> None:
    """Pass the turn; the next player loses at once if he has no legal action."""
    if state["result"] is not None:
        return
    check_shire(state)
    if state["result"] is not None:
        return
    barrier(state)  # a finished turn is never taken back, even if the same player acts next
    frame = pop(state)
    side = frame["side"]
    if side == SAURON:
        state["king"] = None
    hide_turn_reveals(state)
    nxt = other(side)
    state["turn"] = {"number": state["turn"]["number"] + 1, "side": nxt}
    start_turn(state, nxt)


def can_act(state: State, frame: Frame) -> bool:
    """Whether the side in ``frame`` can make its turn: a move, or a special card played in
    place of the move (a Deluxe Palantír is played besides the move, so it does not count)."""
    side = frame["side"]
    cnt = counts(state)
    pos = state["pos"]
    for char in state["chars"][side]:
        if char in pos and destinations(state, char, cnt):
            return True
    acts = specials.turn_actions(state, frame, cnt)
    return any(specials.replaces_move(state, a.args[0]) for a in acts)


def start_turn(state: State, side: str) -> None:
    frame = push(state, "turn", side=side)
    if not can_act(state, frame):
        emit(state, f"{cap_title(side)} has no legal move.")
        win(state, other(side), f"{title(side)} had no legal move")


class Ambush(Step):
    """The Balrog in Caradhras may defeat a Fellowship character using the Tunnel of Moria."""

    name = "ambush"

    def active(self, state: State, frame: Frame) -> frozenset[str]:
        return frozenset({SAURON})

    def actions(self, state: State, frame: Frame, role: str) -> tuple[Action, ...]:
        acts = [Action("decline")]
        if state["pos"].get("balrog") == TUNNEL_UNDER:
            acts.insert(0, Action("ability", ("balrog",)))
        return tuple(acts)

    def instruction(self, state: State, frame: Frame, role: str) -> str:
        if state["pos"].get("balrog") == TUNNEL_UNDER:
            return "Someone takes the Tunnel of Moria: reveal the Balrog (`ability balrog`) or `decline`."
        return "A Fellowship character takes the Tunnel of Moria; the Balrog is not in Caradhras: `decline`."

    def waiting(self, state: State, frame: Frame) -> str:
        return "Waiting for Sauron: something may stir under Caradhras."

    def apply(self, state: State, frame: Frame, role: str, action: Action) -> None:
        pop(state)
        char = frame["char"]
        if action.verb == "ability":
            reveal(state, "balrog")
            reveal(state, char)
            emit(state, f"The Balrog rises in the Tunnel of Moria and destroys {char_name(char)}!")
            remove(state, char)
            check_ring_bearer_fell(state, "balrog")
            if state["result"] is None:
                after_move(state, "end" if frame["then"] == "stay" else frame["then"])
            return
        emit(state, "Nothing stirs in the Tunnel of Moria.")
        land(state, char, TUNNEL_TO, then=frame["then"])
