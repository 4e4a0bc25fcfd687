"""Views per audience, exactly in the shape of ``docs/dev/contracts.md`` (Confrontation view).

A piece is shown by name only to its owner, or to everyone while it is revealed. Hidden
pieces come after the known ones and are identical placeholders, so their order says
nothing about who they are.
"""

from __future__ import annotations

from typing import Any

from games.core import State
from games.core.ruleset import Ruleset

from .data import (
    CARDS,
    CHARS,
    REGION_ORDER,
    REGIONS,
    SIDES,
    SPECIALS,
    card_name,
)

LOG_LINES = 12

Piece = dict[str, Any]


def piece(state: State, char: str, audience: str | None, *, everything: bool = False) -> Piece:
    revealed = char in state["revealed"]
    if everything or revealed or audience == CHARS[char].side:
        c = CHARS[char]
        return {"character": char, "name": c.name, "strength": c.strength, "revealed": revealed}
    return {"character": None, "name": None, "strength": None, "revealed": False}


def _pieces(state: State, chars: list[str], audience: str | None, everything: bool) -> list[Piece]:
    known = [piece(state, c, audience, everything=everything) for c in chars]
    shown = [p for p in known if p["character"] is not None]
    hidden = [p for p in known if p["character"] is None]
    return shown + hidden


def _board(state: State, audience: str | None, everything: bool) -> dict[str, dict[str, list[str]]]:
    """``{region: {side: [characters]}}`` as ``audience`` may know the position."""
    board: dict[str, dict[str, list[str]]] = {r: {s: [] for s in SIDES} for r in REGION_ORDER}
    setup = state.get("setup")
    if setup is not None:
        for side in SIDES:
            if everything or audience == side:
                for char in state["chars"][side]:
                    region = setup[side]["placed"].get(char)
                    if region:
                        board[region][side].append(char)
        return board
    for side in SIDES:
        for char in state["chars"][side]:
            region = state["pos"].get(char)
            if region:
                board[region][side].append(char)
    return board


def _card(side: str, card: str) -> dict[str, str]:
    return {"id": card, "name": card_name(side, card)}


def _special(card: str) -> dict[str, str]:
    return {"id": card, "name": SPECIALS[card].name}


def _cards(state: State, audience: str | None, everything: bool) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for side in SIDES:
        own = everything or audience == side
        hand = state["cards"][side]["hand"]
        held = state["specials"][side]["held"]
        result[side] = {
            "hand": [_card(side, c) for c in sorted(hand, key=list(CARDS[side]).index)] if own else None,
            "hand_count": len(hand),
            "discard": [_card(side, c) for c in state["cards"][side]["discard"]],
            "specials": [_special(c) for c in held] if own else None,
            "specials_count": len(held),
            "specials_used": [_special(c) for c in state["specials"][side]["used"]],
        }
    return result


def _battle(state: State, audience: str | None, everything: bool) -> dict[str, Any] | None:
    frame = next((f for f in reversed(state["stack"]) if "phase" in f), None)
    if frame is None:
        return None
    aside = frame["attacking_side"]
    dside = SIDES[1 - SIDES.index(aside)]
    fight = frame.get("fight")
    result: dict[str, Any] = {
        "region": frame["region"],
        "attacker": {
            "side": aside,
            "piece": piece(state, frame["attacker"], audience, everything=everything),
        },
        "defender": None,
        "played": dict.fromkeys(SIDES),
        "chosen": dict.fromkeys(SIDES, False),
    }
    if fight:
        defender = fight["fellowship"] if dside == SIDES[0] else fight["sauron"]
        result["defender"] = {"side": dside, "piece": piece(state, defender, audience, everything=everything)}
        for side in SIDES:
            card = fight["cards"][side]
            result["chosen"][side] = card is not None
            if card is not None and (fight["shown"][side] or everything):
                result["played"][side] = _card(side, card)
    return result


def build_view(
    ruleset: Ruleset, state: State, audience: str | None, *, everything: bool = False
) -> dict[str, Any]:
    board = _board(state, audience, everything)
    regions = []
    for r in REGION_ORDER:
        reg = REGIONS[r]
        regions.append(
            {
                "id": r,
                "name": reg.name,
                "capacity": reg.capacity,
                "mountain": reg.mountain,
                "pieces": {s: _pieces(state, board[r][s], audience, everything) for s in SIDES},
            }
        )
    active = sorted(ruleset.active(state))
    if audience is not None and audience in active:
        prompt = ruleset.prompt(state, audience).text
    elif state["result"] is not None:
        prompt = "The game is over."
    else:
        prompt = ruleset.prompt(state, audience or "").text
    last = state.get("last_move")
    last_move = None
    if last:
        last_move = {
            "side": last["side"],
            "from": last["from"],
            "to": last["to"],
            "text": ruleset.event_text(last["event"], audience),
        }
    return {
        "game": "confrontation",
        "audience": audience,
        "seq": state["seq"],
        "options": dict(state["options"]),
        "active": active,
        "prompt": prompt,
        "result": state["result"],
        "turn": dict(state["turn"]),
        "regions": regions,
        "defeated": {
            s: [{"character": c, "name": CHARS[c].name} for c in state["defeated"][s]] for s in SIDES
        },
        "cards": _cards(state, audience, everything),
        "battle": _battle(state, audience, everything),
        "last_move": last_move,
        "log": [ruleset.event_text(e, audience) for e in state["log"][-LOG_LINES:]],
    }
