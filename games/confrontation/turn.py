"""A player's turn: move one character (or play a special card), and the Balrog's ambush.

The ``turn`` frame holds ``side`` and optional restrictions set by special cards:
``only`` (Shadowfax: that character must make the move), ``exclude`` (Dark of Mordor:
another character must move) and ``pre`` (a before-the-move special was already played).
While a move is resolved it holds ``then``: ``end`` the turn afterwards, or ``stay`` for the
normal move that follows a before-the-move card. The Balrog's ambush and the battle are
procedures the turn calls (:func:`games.core.flow.call`); they return to
:meth:`Turn.resume`.
"""

from __future__ import annotations

import logging
from typing import Any

from games.core import Action, State, emit
from games.core.flow import Frame, Step, barrier, call, pop, push, ret
from games.core.i18n import Sentences, Words

from . import battle, specials
from .board import SIDE_OF, counts, hide_turn_reveals, move_to, remove, reveal, ring_bearer
from .data import (
    CHARS,
    FELLOWSHIP,
    SAURON,
    TUNNEL_FROM,
    TUNNEL_TO,
    TUNNEL_UNDER,
    other,
)
from .moves import _PLAIN_TABLE, Counts, _from, all_moves, destinations
from .roles import ONLY
from .victory import check_ring_bearer_fell, check_ring_in_mordor, check_shire, win
from .words import char_msg, msg, region_msg, side_msg

log = logging.getLogger(__name__)


def move_actions(state: State, frame: Frame, cnt: Counts | None = None) -> list[Action]:
    """Every legal ``move`` of the side in ``frame``, honouring special-card restrictions."""
    side = frame["side"]
    only, exclude = frame.get("only"), frame.get("exclude")
    roster = state["chars"][side]
    if only:
        roster = [only]
    elif exclude:
        roster = [c for c in roster if c != exclude]
    moves = all_moves(state, side, cnt, roster)
    king = state.get("king")
    if side == SAURON and king and not frame.get("pre"):
        forced = [m for m in moves if m.args[0] == king]
        if forced:
            moves = forced
    return moves


def _move_is_legal(state: State, frame: Frame, args: tuple[str, ...]) -> bool:
    """``move <character> <region>`` without listing every move of the side."""
    if len(args) != 2:
        return False
    char, dest = args
    side = frame["side"]
    if char not in state["chars"][side] or char not in state["pos"]:
        return False
    if frame.get("only") and char != frame["only"]:
        return False
    if frame.get("exclude") and char == frame["exclude"]:
        return False
    if dest not in destinations(state, char):
        return False
    king = state.get("king")
    if side == SAURON and king and not frame.get("pre") and char != king:
        # A King Revealed forces the named character to move whenever it can.
        return not (king in state["pos"] and king in state["chars"][SAURON] and _can_move(state, frame, king))
    return True


def _can_move(state: State, frame: Frame, char: str) -> bool:
    if frame.get("only") and char != frame["only"]:
        return False
    if frame.get("exclude") and char == frame["exclude"]:
        return False
    return bool(destinations(state, char))


class Turn(Step):
    """Move one character forward (or as an ability allows), or play a special card."""

    name = "turn"
    kind = "move"

    def active(self, state: State, frame: Frame) -> frozenset[str]:
        return ONLY.get(frame["side"]) or frozenset({frame["side"]})

    def actions(self, state: State, frame: Frame, role: str) -> tuple[Action, ...]:
        cnt = counts(state)
        side = frame["side"]
        if frame.get("only") or frame.get("exclude") or state.get("king"):
            moves = move_actions(state, frame, cnt)
        else:  # move_actions() without restrictions: every move of the side
            moves = all_moves(state, side, cnt)
        if state["specials"][side]["held"]:
            moves += specials.turn_actions(state, frame, cnt)
        return tuple(moves)

    def legal(self, state: State, frame: Frame, role: str, action: Action) -> bool:
        if action.verb == "move":
            return _move_is_legal(state, frame, action.args)
        return action.verb == "special" and action in specials.turn_actions(state, frame)

    def title(self, state: State, frame: Frame, role: str) -> str | Words:
        if frame.get("only"):
            return msg("Your normal move: {char} again", char=char_msg(frame["only"]))
        if frame.get("exclude"):
            return msg("Your normal move (not {char})", char=char_msg(frame["exclude"]))
        return msg("Your turn {number}: move a character", number=state["turn"]["number"])

    def instruction(self, state: State, frame: Frame, role: str) -> str | Words:
        if frame.get("only"):
            return msg("Now move {char} again (your normal move).", char=char_msg(frame["only"]))
        if frame.get("exclude"):
            return msg(
                "Now make your normal move with a character other than {char}.",
                char=char_msg(frame["exclude"]),
            )
        said: list[Words] = [
            msg("Your turn: move one character one region forward (or as its ability allows).")
        ]
        king = state.get("king")
        if role == SAURON and king:
            if king in state["pos"]:
                said.append(msg("A King Revealed: you must move {char} if it can move.", char=char_msg(king)))
            else:
                said.append(
                    msg(
                        "A King Revealed named {char}, who is not in your army: move freely.",
                        char=char_msg(king),
                    )
                )
            said.append(msg("No special card may replace this move."))
        if state["specials"][role]["held"]:
            said.append(msg("Your special cards are among the choices whenever they can be played."))
        return Sentences(tuple(said))

    def waiting(self, state: State, frame: Frame) -> str | Words:
        return msg("Waiting for {side} to move.", side=side_msg(frame["side"]))

    def apply(self, state: State, frame: Frame, role: str, action: Action) -> None:
        if action.verb == "special":
            outcome = specials.apply_turn_special(state, frame, role, action)
            if isinstance(outcome, tuple):
                start_move(state, frame, *outcome, then="stay")
            elif outcome == specials.END_TURN:
                end_turn(state)
            elif not move_actions(state, frame) and not specials.turn_actions(state, frame):
                emit(state, "nothing_left")
                end_turn(state)
            return
        char, dest = action.args
        if role == SAURON and state.get("king") == char:
            reveal(state, char)
            emit(state, "king_must_move", {"char": char})
        start_move(state, frame, char, dest, then="end")

    def resume(self, state: State, frame: Frame, value: Any) -> None:
        """The Balrog's ambush or a battle is over."""
        if value.get("procedure") == "ambush":
            if not value["destroyed"]:
                land(state, frame, value["char"], TUNNEL_TO)
                return
            frame["then"] = "end"  # the mover fell: nothing more happens this turn
        after_move(state, frame)


def start_move(state: State, frame: Frame, char: str, dest: str, *, then: str) -> None:
    """Move ``char`` to ``dest`` (already checked legal). ``then``: ``end`` the turn or ``stay``."""
    side = SIDE_OF[char]
    origin = state["pos"][char]
    # The kind of move matters only for the Uruk-hai's march and Eregion -> Fangorn.
    if char == "uruk_hai" or (origin == TUNNEL_FROM and dest == TUNNEL_TO):
        kind = destinations(state, char).get(dest)
        if kind == "uruk":
            reveal(state, char)
        tunnel = is_tunnel(side, origin, dest, kind)
    else:
        tunnel = False  # is_tunnel() needs Eregion -> Fangorn
    known = {"char": char, "from": origin, "to": dest, "route": "tunnel" if tunnel else "step"}
    if char in state["revealed"]:
        event = emit(state, "moved", known)
    else:
        hidden = {"side": side, "from": origin, "to": dest, "route": known["route"]}
        event = emit(state, "hidden_moved", hidden, {side: ("moved", known)})
    state["last_move"] = {"side": side, "from": origin, "to": dest, "event": dict(event)}
    frame["then"] = then
    if tunnel and balrog_may_lurk(state):
        call(state, "ambush", char=char, origin=origin)
        return
    land(state, frame, char, dest)


def balrog_may_lurk(state: State) -> bool:
    """Whether, as the Fellowship can tell, the Balrog may stand in Caradhras now.

    Sauron is asked about the ambush exactly then (even if it is another character), so the
    question tells nothing; when everyone can see it is impossible, nobody is asked.
    """
    here: list[str] = [c for c in state["chars"][SAURON] if state["pos"].get(c) == TUNNEL_UNDER]
    if not here:
        return False
    if here[0] in state["revealed"]:
        return here[0] == "balrog"
    if "balrog" in state["revealed"] or "balrog" in state["defeated"][SAURON]:
        return False
    if state["options"].get("variant") == "draft":
        tile = CHARS["balrog"].tile
        return not any(CHARS[c].tile == tile for c in state["defeated"][SAURON])
    return "balrog" in state["chars"][SAURON]


def is_tunnel(side: str, origin: str | None, dest: str, kind: str | None) -> bool:
    """Whether a move goes through the Tunnel of Moria (Treebeard's placement never does).

    ``kind`` comes from :func:`destinations`; ``None`` (a special card's move) is a Tunnel move.
    """
    return side == FELLOWSHIP and origin == TUNNEL_FROM and dest == TUNNEL_TO and kind != "treebeard"


def land(state: State, frame: Frame, char: str, dest: str) -> None:
    """``char`` arrives in ``dest``: immediate wins, a battle, or the end of the move."""
    move_to(state, char, dest)
    side = SIDE_OF[char]
    if dest == "mordor" and side == FELLOWSHIP and char == ring_bearer(state):
        reveal(state, char)
        win(state, FELLOWSHIP, "ring_in_mordor", char=char)
        return
    if char == "witch_king_v" and dest == "shire":
        reveal(state, char)
        win(state, SAURON, "witch_king_in_shire")
        return
    # count(), from the counts move_to() has usually kept for the next prompt already
    if counts(state)[FELLOWSHIP if side == SAURON else SAURON][dest] > 0:
        battle.start(state, char, dest)
        return
    after_move(state, frame)


def after_move(state: State, frame: Frame) -> None:
    """The move (and any battle) is over: end the turn unless a special card continues it."""
    if state["result"] is not None:
        return
    check_ring_in_mordor(state)
    if state["result"] is not None:
        return
    if frame.pop("then", "end") == "stay":
        check_shire(state)
        if state["result"] is None and not move_actions(state, frame):
            emit(state, "no_normal_move")
            end_turn(state)
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
    if side == SAURON and state.get("king", 0) is not None:  # (no write when it is None already)
        state["king"] = None
    hide_turn_reveals(state)
    nxt = FELLOWSHIP if side == SAURON else SAURON
    state["turn"] = {"number": state["turn"]["number"] + 1, "side": nxt}
    start_turn(state, nxt)


def can_act(state: State, frame: Frame) -> bool:
    """Whether the side in ``frame`` can make its turn: a move, or a special card played in
    place of the move (a Deluxe Palantír is played besides the move, so it does not count)."""
    side = frame["side"]
    cnt = counts(state)
    pos = state["pos"]
    own, foe = cnt[side], cnt[FELLOWSHIP if side == SAURON else SAURON]
    table = _PLAIN_TABLE[side]
    for char in state["chars"][side]:
        # destinations(state, char, cnt), inlined: its first test is whether char is on the board
        here = pos.get(char)
        if here is None:
            continue
        plain = table[char]
        if plain is None:  # a movement ability, or the Watcher
            if not (char == "watcher" and char in state["revealed"]) and _from(state, char, here, cnt):
                return True
            continue
        # _from() of a character without a movement ability: is one of its plain moves open?
        for n, room, _ in plain[here]:
            if own[n] < room or foe[n]:
                return True
    acts = specials.turn_actions(state, frame, cnt)
    return any(specials.replaces_move(state, a.args[0]) for a in acts)


def start_turn(state: State, side: str) -> None:
    frame = push(state, "turn", side=side)
    if not can_act(state, frame):
        emit(state, "no_legal_move", {"side": side})
        win(state, other(side), "had_no_legal_move", side=side)


class Ambush(Step):
    """The Balrog in Caradhras may defeat a Fellowship character using the Tunnel of Moria."""

    name = "ambush"
    kind = "balrog_ambush"

    def active(self, state: State, frame: Frame) -> frozenset[str]:
        return ONLY[SAURON]

    def actions(self, state: State, frame: Frame, role: str) -> tuple[Action, ...]:
        acts = [Action("decline")]
        if state["pos"].get("balrog") == TUNNEL_UNDER:
            acts.insert(0, Action("ability", ("balrog",)))
        return tuple(acts)

    def title(self, state: State, frame: Frame, role: str) -> str | Words:
        return msg("Someone takes the Tunnel of Moria from {region}", region=region_msg(frame["origin"]))

    def instruction(self, state: State, frame: Frame, role: str) -> str | Words:
        if state["pos"].get("balrog") == TUNNEL_UNDER:
            return msg(
                "A Fellowship character takes the Tunnel of Moria: reveal the Balrog to destroy it, "
                "or let it pass."
            )
        return msg(
            "A Fellowship character takes the Tunnel of Moria; the Balrog is not in Caradhras: let it pass."
        )

    def waiting(self, state: State, frame: Frame) -> str | Words:
        return msg("Waiting for Sauron: something may stir under Caradhras.")

    def apply(self, state: State, frame: Frame, role: str, action: Action) -> None:
        char = frame["char"]
        if action.verb == "ability":
            reveal(state, "balrog")
            reveal(state, char)
            emit(state, "balrog_ambush", {"char": char})
            remove(state, char)
            check_ring_bearer_fell(state, "balrog")
            ret(state, {"procedure": "ambush", "destroyed": True})
            return
        emit(state, "no_ambush")
        ret(state, {"procedure": "ambush", "destroyed": False, "char": char})
