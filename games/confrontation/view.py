"""Views per audience, exactly in the shape of ``docs/dev/contracts.md`` (Confrontation view).

A piece is shown by name only to its owner, or to everyone while it is revealed. Hidden
pieces come after the known ones and are identical placeholders, so their order says
nothing about who they are.

Beyond the contract's keys (optional keys appear only when they hold something):

- ``result.text``: why the game ended, in words.
- ``last_move.gone``: the moved piece no longer stands in ``to`` (it fell or retreated in the
  battle its move started, or the Balrog took it on the way); ``last_move.results``: what that
  battle (or ambush) did, ``[{"kind": "defeated" | "retreated", "side", "character", "name",
  "region", "to"}]``. Both come from public events only: every piece named there was shown.
- ``last_seen`` (optional): the enemy's pieces (both sides' for the public) that stand hidden
  now but were shown earlier, ``[{"side", "character", "name", "region", "turn"}]``, most
  recent first. It names them as history, never attached to a hidden piece on the board.
- ``setup`` (optional, during the secret set-up only): ``{"ready": {side: bool}, "stage":
  "draft" | "specials" | "place" | "confirm" | "ready" | None, "to_place": [piece] | None}``;
  ``stage`` and ``to_place`` (the audience's own pieces not placed yet) only for that side.
"""

from __future__ import annotations

from typing import Any

from games.core import State
from games.core.i18n import SOURCE, best
from games.core.ruleset import CORE_PHRASES, Ruleset

from .data import CARDS, CHARS, REGION_ORDER, REGIONS, SIDES
from .setup import needs_draft, needs_picks
from .words import card_name, char_name, region_name, special_name

LOG_LINES = 12

Piece = dict[str, Any]


def piece(
    state: State, char: str, audience: str | None, *, everything: bool = False, lang: str = SOURCE
) -> Piece:
    revealed = char in state["revealed"]
    if everything or revealed or audience == CHARS[char].side:
        c = CHARS[char]
        return {
            "character": char,
            "name": char_name(char, lang),
            "strength": c.strength,
            "revealed": revealed,
        }
    return {"character": None, "name": None, "strength": None, "revealed": False}


def _pieces(state: State, chars: list[str], audience: str | None, everything: bool, lang: str) -> list[Piece]:
    known = [piece(state, c, audience, everything=everything, lang=lang) for c in chars]
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


def _card(side: str, card: str, lang: str) -> dict[str, str]:
    return {"id": card, "name": card_name(side, card, lang)}


def _special(card: str, lang: str) -> dict[str, str]:
    return {"id": card, "name": special_name(card, lang)}


def _cards(state: State, audience: str | None, everything: bool, lang: str) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for side in SIDES:
        own = everything or audience == side
        hand = state["cards"][side]["hand"]
        held = state["specials"][side]["held"]
        result[side] = {
            "hand": [_card(side, c, lang) for c in sorted(hand, key=list(CARDS[side]).index)]
            if own
            else None,
            "hand_count": len(hand),
            "discard": [_card(side, c, lang) for c in state["cards"][side]["discard"]],
            "specials": [_special(c, lang) for c in held] if own else None,
            "specials_count": len(held),
            "specials_used": [_special(c, lang) for c in state["specials"][side]["used"]],
        }
    return result


def _battle(state: State, audience: str | None, everything: bool, lang: str) -> dict[str, Any] | None:
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
            "piece": piece(state, frame["attacker"], audience, everything=everything, lang=lang),
        },
        "defender": None,
        "played": dict.fromkeys(SIDES),
        "chosen": dict.fromkeys(SIDES, False),
    }
    if fight:
        defender = fight["fellowship"] if dside == SIDES[0] else fight["sauron"]
        result["defender"] = {
            "side": dside,
            "piece": piece(state, defender, audience, everything=everything, lang=lang),
        }
        for side in SIDES:
            card = fight["cards"][side]
            result["chosen"][side] = card is not None
            if card is not None and (fight["shown"][side] or everything):
                result["played"][side] = _card(side, card, lang)
    return result


#: Public events that take a piece out of the region it fought in, and how.
_RESULTS = {"defeated": "defeated", "balrog_ambush": "defeated", "retreated": "retreated"}


def _mover(last: dict[str, Any]) -> str | None:
    """The character the last move moved (named in the event or in its owner's projection)."""
    event = last.get("event") or {}
    char = (event.get("args") or {}).get("char")
    if char is None:
        own = (event.get("for") or {}).get(last.get("side")) or {}
        char = (own.get("args") or {}).get("char")
    return str(char) if char in CHARS else None


def _results(state: State, last: dict[str, Any], lang: str) -> list[dict[str, Any]]:
    """What the battle (or the Balrog's ambush) that the last move started did: the pieces it
    defeated or sent elsewhere, read from public events logged since the move."""
    log = state["log"]
    event = last.get("event")
    start = next((i for i in range(len(log) - 1, -1, -1) if log[i] == event), None)
    if start is None:
        return []
    region = last.get("to")
    found: list[dict[str, Any]] = []
    for entry in log[start + 1 :]:
        kind, args = entry["kind"], entry.get("args") or {}
        if kind == "battle":
            region = args.get("region", region)
            continue
        char, where, to = args.get("char"), region, args.get("to")
        if kind == "balrog_ambush":
            where = last.get("from")
        elif kind == "wormtongue_escapes":
            kind, char = "retreated", "wormtongue"
        elif kind == "shelob_returns":
            kind, char, to = "retreated", "shelob", "gondor"
        elif kind == "shelob_lost":
            kind, char = "defeated", "shelob"
        if kind not in _RESULTS or char not in CHARS or char not in state["public"]:
            continue
        if _RESULTS[kind] == "defeated" and char in state["pos"]:
            continue  # back on the board since (Gandalf the White)
        found.append(
            {
                "kind": _RESULTS[kind],
                "side": CHARS[char].side,
                "character": char,
                "name": char_name(char, lang),
                "region": where,
                "to": to if _RESULTS[kind] == "retreated" else None,
            }
        )
    return found


def _last_move(ruleset: Ruleset, state: State, audience: str | None, lang: str) -> dict[str, Any] | None:
    last = state.get("last_move")
    if not last:
        return None
    results = _results(state, last, lang)
    mover = _mover(last)
    # Only public facts: the mover is "gone" when a public result names it (it attacked, so
    # it was shown), never because a hidden piece was moved again in secret.
    gone = mover is not None and any(r["character"] == mover for r in results)
    return {
        "side": last["side"],
        "from": last["from"],
        "to": last["to"],
        "text": ruleset.event_text(last["event"], audience, lang),
        "gone": gone,
        "results": results,
    }


def _last_seen(state: State, audience: str | None, everything: bool, lang: str) -> list[dict[str, Any]]:
    """Enemy pieces (both sides' for the public) hidden now but shown earlier: where and when
    they were last seen. Every one of them is in ``public``, so naming it gives nothing away."""
    if everything:
        return []
    seen = state.get("last_seen") or {}
    public = set(state["public"])
    notes = []
    for side in SIDES:
        if side == audience:
            continue
        for char in state["chars"][side]:
            entry = seen.get(char)
            if entry is None or char not in state["pos"] or char in state["revealed"] or char not in public:
                continue
            notes.append(
                {
                    "side": side,
                    "character": char,
                    "name": char_name(char, lang),
                    "region": entry["region"],
                    "turn": int(entry["turn"]),
                }
            )
    # (by the English name: the same order in every language)
    notes.sort(key=lambda n: (-n["turn"], REGION_ORDER.index(n["region"]), CHARS[n["character"]].name))
    return notes


def _setup_stage(state: State, side: str) -> str:
    mine = state["setup"][side]
    if mine["ready"]:
        return "ready"
    if needs_draft(state, side):
        return "draft"
    if needs_picks(state, side):
        return "specials"
    return "confirm" if len(mine["placed"]) == len(state["chars"][side]) else "place"


def _setup(state: State, audience: str | None, lang: str) -> dict[str, Any] | None:
    """The secret set-up as ``audience`` may know it: who is ready (public), and for a side its
    own stage and the pieces it has still to place."""
    setup = state.get("setup")
    if setup is None:
        return None
    result: dict[str, Any] = {
        "ready": {s: bool(setup[s]["ready"]) for s in SIDES},
        "stage": None,
        "to_place": None,
    }
    if audience in SIDES:
        placed = setup[audience]["placed"]
        result["stage"] = _setup_stage(state, audience)
        result["to_place"] = [
            {"character": c, "name": char_name(c, lang), "strength": CHARS[c].strength, "revealed": False}
            for c in state["chars"][audience]
            if c not in placed
        ]
    return result


def _turn(state: State, audience: str | None, everything: bool) -> dict[str, Any]:
    """Whose turn and its number; ``king``: the Sauron character A King Revealed named (public,
    until Sauron's turn ends); for the side to move itself, ``must_move`` / ``may_not_move``: the
    character its before-the-move special card binds for the normal move."""
    turn: dict[str, Any] = dict(state["turn"])
    if state.get("king"):
        turn["king"] = state["king"]
    frame = state["stack"][0] if state["stack"] else {}
    if frame.get("step") == "turn" and (everything or audience == frame["side"]):
        for key, slot in (("must_move", "only"), ("may_not_move", "exclude")):
            if frame.get(slot):
                turn[key] = frame[slot]
    return turn


def build_view(
    ruleset: Ruleset, state: State, audience: str | None, *, everything: bool = False, lang: str = SOURCE
) -> dict[str, Any]:
    """What ``audience`` may know, its names and sentences in ``lang`` (the slugs the same in
    every language)."""
    board = _board(state, audience, everything)
    regions = []
    for r in REGION_ORDER:
        reg = REGIONS[r]
        regions.append(
            {
                "id": r,
                "name": region_name(r, lang),
                "capacity": reg.capacity,
                "mountain": reg.mountain,
                "pieces": {s: _pieces(state, board[r][s], audience, everything, lang) for s in SIDES},
            }
        )
    active = sorted(ruleset.active(state))
    if audience is not None and audience in active:
        prompt = ruleset.prompt(state, audience, lang).text
    elif state["result"] is not None:
        prompt = CORE_PHRASES[best(lang)]["over"]
    else:
        prompt = ruleset.prompt(state, audience or "", lang).text
    result = state["result"]
    if result is not None:
        result = {**result, "text": ruleset.result_text(result, lang)}
    view: dict[str, Any] = {
        "game": "confrontation",
        "audience": audience,
        "options": dict(state["options"]),
        "active": active,
        "prompt": prompt,
        "result": result,
        "turn": _turn(state, audience, everything),
        "regions": regions,
        "defeated": {
            s: [{"character": c, "name": char_name(c, lang)} for c in state["defeated"][s]] for s in SIDES
        },
        "cards": _cards(state, audience, everything, lang),
        "battle": _battle(state, audience, everything, lang),
        "last_move": _last_move(ruleset, state, audience, lang),
        "log": [ruleset.event_text(e, audience, lang) for e in state["log"][-LOG_LINES:]],
    }
    seen = _last_seen(state, audience, everything, lang)
    if seen:
        view["last_seen"] = seen
    setup = _setup(state, audience if not everything else None, lang)
    if setup is not None:
        view["setup"] = setup
    return view
