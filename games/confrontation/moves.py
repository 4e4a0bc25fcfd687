"""Where a character may move this turn: normal steps plus every movement ability.

``destinations(state, char)`` maps each reachable region to the kind of move that gets
there. A region reachable by a normal step is always reported as ``"step"`` so that the
destination alone decides the move (the action is ``move <character> <region>``).
"""

from __future__ import annotations

from collections.abc import Iterable

from games.core import Action, State

from .board import SIDE_OF, counts
from .data import (
    BACKWARD,
    CAPACITY,
    CHARS,
    FELLOWSHIP,
    FORWARD,
    REGION_ORDER,
    RIVER,
    SAURON,
    SIDEWAYS,
    TUNNEL_FROM,
    TUNNEL_TO,
)

Counts = dict[str, dict[str, int]]

#: Every ``move <character> <region>`` action, built once (prompts are rebuilt after each action).
MOVE: dict[str, dict[str, Action]] = {c: {r: Action("move", (c, r)) for r in REGION_ORDER} for c in CHARS}


#: Plain steps per side and region: forward, plus the Anduin downstream for the Fellowship.
_STEPS: dict[str, dict[str, tuple[str, ...]]] = {
    FELLOWSHIP: {r: tuple(dict.fromkeys((*FORWARD[FELLOWSHIP][r], *RIVER[r]))) for r in REGION_ORDER},
    SAURON: FORWARD[SAURON],
}
_FOE = {FELLOWSHIP: SAURON, SAURON: FELLOWSHIP}
#: For :func:`all_moves`, per side, character and region: the plain moves (its steps, then the
#: Tunnel for the Fellowship) as ``(region, action)`` pairs.
_PLAIN: dict[str, dict[str, tuple[str, ...]]] = {
    side: {
        r: (*steps, TUNNEL_TO)
        if side == FELLOWSHIP and r == TUNNEL_FROM and TUNNEL_TO not in steps
        else steps
        for r, steps in _STEPS[side].items()
    }
    for side in _STEPS
}
_PLAIN_PAIRS: dict[str, dict[str, dict[str, tuple[tuple[str, Action], ...]]]] = {
    side: {
        c: {r: tuple((n, MOVE[c][n]) for n in _PLAIN[side][r]) for r in REGION_ORDER}
        for c in CHARS
        if CHARS[c].side == side
    }
    for side in _STEPS
}
#: The hot loop's table: per side and character, ``None`` if the character needs the full
#: route (a movement ability, or the Watcher, who never moves once revealed), else per region
#: its plain moves as ``(region, capacity, action)``.
_PLAIN_TABLE: dict[str, dict[str, dict[str, tuple[tuple[str, int, Action], ...]] | None]] = {}


def destinations(state: State, char: str, cnt: Counts | None = None) -> dict[str, str]:
    """``{region: kind}`` for every legal move of ``char`` (empty if it cannot move)."""
    here = state["pos"].get(char)
    if here is None:
        return {}
    if char == "watcher" and char in state["revealed"]:
        return {}
    return _from(state, char, here, cnt if cnt is not None else counts(state))


def _from(state: State, char: str, here: str, cnt: Counts) -> dict[str, str]:
    """:func:`destinations` of ``char`` standing in ``here`` (able to move)."""
    side = SIDE_OF[char]
    own, foe = cnt[side], cnt[_FOE[side]]
    result = {n: "step" for n in _STEPS[side][here] if foe[n] or own[n] < CAPACITY[n]}
    extra = _ABILITY_MOVES.get(char)
    if extra is not None:
        for n, kind in extra(state, char, here, cnt).items():
            result.setdefault(n, kind)
    # After the abilities: Treebeard's placement in Fangorn never passes through the Tunnel.
    tunnel = TUNNEL_TO
    if here == TUNNEL_FROM and side == FELLOWSHIP and (foe[tunnel] or own[tunnel] < CAPACITY[tunnel]):
        result.setdefault(tunnel, "tunnel")
    return result


def _aragorn(state: State, char: str, here: str, cnt: Counts) -> dict[str, str]:
    near = (*FORWARD[FELLOWSHIP][here], *BACKWARD[FELLOWSHIP][here], *SIDEWAYS[here])
    return {n: "aragorn" for n in near if cnt[SAURON][n] > 0}


def _witch_king(state: State, char: str, here: str, cnt: Counts) -> dict[str, str]:
    return {n: "witch" for n in SIDEWAYS[here] if cnt[FELLOWSHIP][n] > 0}


def _charge(here: str, cnt: Counts) -> tuple[list[str], list[str]]:
    """Sauron's forward charge from ``here``: the regions passed through (no Fellowship
    character, not full of Sauron's) and the Fellowship-held regions reached from them."""
    passable: list[str] = []
    enemy: list[str] = []
    frontier = [here]
    seen = {here}
    forward, fellowship, sauron, capacity = FORWARD[SAURON], cnt[FELLOWSHIP], cnt[SAURON], CAPACITY
    while frontier:
        nxt: list[str] = []
        for region in frontier:
            for n in forward[region]:
                if n in seen:
                    continue
                seen.add(n)
                if fellowship[n] > 0:
                    enemy.append(n)
                elif sauron[n] < capacity[n]:
                    passable.append(n)
                    nxt.append(n)
        frontier = nxt
    return passable, enemy


def _black_rider(state: State, char: str, here: str, cnt: Counts) -> dict[str, str]:
    """Charge forward through free regions; the charge must end in an attack."""
    return {n: "rider" for n in _charge(here, cnt)[1]}


def _flying_nazgul(state: State, char: str, here: str, cnt: Counts) -> dict[str, str]:
    return {n: "flyer" for n in REGION_ORDER if n != here and cnt[FELLOWSHIP][n] == 1}


def _treebeard(state: State, char: str, here: str, cnt: Counts) -> dict[str, str]:
    if here != "fangorn" and cnt[SAURON]["fangorn"] == 1:
        return {"fangorn": "treebeard"}
    return {}


def _uruk_hai(state: State, char: str, here: str, cnt: Counts) -> dict[str, str]:
    """March forward through regions free of enemies and not full, ending in an empty one."""
    sauron = cnt[SAURON]
    return {n: "uruk" for n in _charge(here, cnt)[0] if sauron[n] == 0}


def _leap(state: State, char: str, here: str, cnt: Counts) -> dict[str, str]:
    found: dict[str, str] = {}
    forward, fellowship = FORWARD[SAURON], cnt[FELLOWSHIP]
    for mid in forward[here]:
        for n in forward[mid]:
            if fellowship[n] > 0:
                found[n] = "leap"
    return found


_ABILITY_MOVES = {
    "aragorn": _aragorn,
    "witch_king": _witch_king,
    "black_rider": _black_rider,
    "flying_nazgul": _flying_nazgul,
    "treebeard": _treebeard,
    "uruk_hai": _uruk_hai,
    "flying_nazgul_v": _leap,
}

_PLAIN_TABLE.update(
    {
        side: {
            c: None
            if c in _ABILITY_MOVES or c == "watcher"
            else {r: tuple((n, CAPACITY[n], move) for n, move in pairs) for r, pairs in by_region.items()}
            for c, by_region in _PLAIN_PAIRS[side].items()
        }
        for side in _STEPS
    }
)


def all_moves(
    state: State, side: str, cnt: Counts | None = None, chars: Iterable[str] | None = None
) -> list[Action]:
    """``move <character> <region>`` for every legal move of ``side``, in the order of
    :func:`destinations` (plain steps, then ability moves, then the Tunnel).

    The hot path of every turn's prompt: plain steps are listed without building a dict per
    character, straight as the actions built once in :data:`MOVE`; only characters with a
    movement ability take the full route.
    """
    cnt = cnt if cnt is not None else counts(state)
    pos = state["pos"]
    own, foe = cnt[side], cnt[_FOE[side]]
    table = _PLAIN_TABLE[side]
    if chars is None:
        roster: Iterable[str] = state["chars"][side]
    else:
        roster = chars
    result: list[Action] = []
    append = result.append
    for char in roster:
        here = pos.get(char)
        if here is None:
            continue
        plain = table[char]
        if plain is not None:
            for n, room, move in plain[here]:  # (a loop: one to three steps, no comprehension)
                if own[n] < room or foe[n]:
                    append(move)
        elif char == "watcher":
            if char not in state["revealed"]:
                result += map(MOVE[char].__getitem__, _from(state, char, here, cnt))
        else:
            # What ``_from`` lists, without its dict: plain steps, new ability moves, the Tunnel.
            regions: list[str] = []
            capacity = CAPACITY
            for n in _STEPS[side][here]:
                if foe[n] or own[n] < capacity[n]:
                    regions.append(n)
            for n in _ABILITY_MOVES[char](state, char, here, cnt):
                if n not in regions:
                    regions.append(n)
            if (
                here == TUNNEL_FROM
                and side == FELLOWSHIP
                and (foe[TUNNEL_TO] or own[TUNNEL_TO] < capacity[TUNNEL_TO])
                and TUNNEL_TO not in regions
            ):
                regions.append(TUNNEL_TO)
            result += map(MOVE[char].__getitem__, regions)
    return result


#: Forward steps per side and region for the before-the-move cards (Anduin and Tunnel included).
FORWARD_OPTIONS: dict[str, dict[str, tuple[str, ...]]] = {
    side: {
        r: tuple(
            dict.fromkeys(
                (*FORWARD[side][r], *RIVER[r], *((TUNNEL_TO,) if r == TUNNEL_FROM else ()))
                if side == FELLOWSHIP
                else FORWARD[side][r]
            )
        )
        for r in REGION_ORDER
    }
    for side in (FELLOWSHIP, SAURON)
}


def forward_free(state: State, char: str, cnt: Counts | None = None) -> list[str]:
    """Forward regions free of enemies with room (Shadowfax, Dark of Mordor); Anduin and Tunnel included."""
    cnt = cnt if cnt is not None else counts(state)
    here = state["pos"].get(char)
    if here is None:
        return []
    side = SIDE_OF[char]
    own, foe = cnt[side], cnt[_FOE[side]]
    return [n for n in FORWARD_OPTIONS[side][here] if foe[n] == 0 and own[n] < CAPACITY[n]]
