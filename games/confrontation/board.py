"""Reading and changing the position: where characters stand, who is revealed, who fell.

State keys used here (all JSON-pure, keyed by slugs):

``chars``     ``{side: [character, ...]}`` the nine characters each side plays with
``pos``       ``{character: region}`` for every character on the board
``defeated``  ``{side: [character, ...]}`` in the order they fell
``revealed``  ``{character: "turn" | "perm"}`` identities the opponent can see now
``public``    characters whose identity has ever been shown to everyone (sorted)
``last_seen`` ``{character: {"region": region, "turn": n}}`` where each character on the board
              was last shown to everyone, and in which turn (created by the first reveal;
              updated while it stays revealed and moves; dropped when it falls)
"""

from __future__ import annotations

from operator import countOf

from games.core import State
from games.core.flow import barrier

from . import words
from .data import CAPACITY, CHARS, FELLOWSHIP, REGION_ORDER, SAURON

#: Each character's side, for hot loops.
SIDE_OF: dict[str, str] = {c: ch.side for c, ch in CHARS.items()}


def side_of(char: str) -> str:
    return SIDE_OF[char]


def occupants(state: State, region: str, side: str) -> list[str]:
    """The characters of ``side`` in ``region`` (in the side's roster order)."""
    pos = state["pos"]
    return [c for c in state["chars"][side] if pos.get(c) == region]


def counts(state: State) -> dict[str, dict[str, int]]:
    """``{side: {region: number of that side's characters}}`` for every region (read only).

    A turn asks for the counts of one position several times (can the side move at all, then
    its prompt): the last position's counts are kept (one entry, replaced atomically, keyed by
    a copy of the positions themselves, so any state with the same pieces in the same places
    shares it).
    """
    global _last
    pos = state["pos"]
    last = _last
    if last[0] == pos:  # a C-level comparison of the two mappings
        return last[1]
    result = {FELLOWSHIP: _ZERO.copy(), SAURON: _ZERO.copy()}
    side_of = SIDE_OF
    for char, region in pos.items():
        result[side_of[char]][region] += 1
    _last = (dict(pos), result)  # a copy: the position it counts, whatever happens to ``pos``
    return result


_ZERO = dict.fromkeys(REGION_ORDER, 0)
#: ``(positions, counts)`` of the last position counted; ``None`` matches no position.
_last: tuple[dict[str, str] | None, dict[str, dict[str, int]]] = (None, {})


def count(state: State, region: str, side: str) -> int:
    """How many of ``side``'s characters stand in ``region`` (a C-level scan: a hot path)."""
    return countOf(map(state["pos"].get, state["chars"][side]), region)


def has_room(state: State, region: str, side: str) -> bool:
    return count(state, region, side) < CAPACITY[region]


def can_retreat_into(state: State, region: str, side: str) -> bool:
    """A retreat needs a region free of enemies and below the side's capacity."""
    enemy = SAURON if side == FELLOWSHIP else FELLOWSHIP
    get = state["pos"].get  # count(), has_room(), inlined
    if region in map(get, state["chars"][enemy]):
        return False
    return countOf(map(get, state["chars"][side]), region) < CAPACITY[region]


def is_empty(state: State, region: str) -> bool:
    return region not in state["pos"].values()


def in_play(state: State, char: str) -> bool:
    """Whether ``char`` is one of the characters chosen for this game."""
    return char in state["chars"][CHARS[char].side]


def reveal(state: State, char: str, *, permanent: bool = False) -> None:
    """Show ``char`` to the opponent (until the turn ends unless ``permanent``).

    A reveal can never be undone, so it marks the action as an undo barrier.
    """
    barrier(state)
    revealed = state["revealed"]
    if permanent or char == "watcher":
        revealed[char] = "perm"
    elif revealed.get(char) != "perm":
        revealed[char] = "turn"
    public = state["public"]
    if char not in public:
        public.append(char)
        public.sort()
    _seen(state, char)


def _seen(state: State, char: str) -> None:
    """Remember where ``char`` is shown now, and in which turn (for the "last seen" notes)."""
    region = state["pos"].get(char)
    if region is None:
        return
    seen = state.get("last_seen")
    if seen is None:
        seen = state.setdefault("last_seen", {})
    turn = int(state["turn"]["number"])
    entry = seen.get(char)
    if entry is None or entry.get("region") != region or entry.get("turn") != turn:
        seen[char] = {"region": region, "turn": turn}


def hide_turn_reveals(state: State) -> None:
    """At the end of a turn, characters shown during it are hidden again (not permanent ones)."""
    revealed = state["revealed"]
    if revealed and countOf(revealed.values(), "perm") != len(revealed):  # else it stays
        state["revealed"] = {c: k for c, k in revealed.items() if k == "perm"}


def move_to(state: State, char: str, region: str) -> None:
    global _last
    pos = state["pos"]
    before = pos.get(char)
    snapshot, counted = _last
    if before is not None and before != region and region in _ZERO and snapshot == pos:
        # The last position counted is this one: count the new one from it (the next turn's
        # prompt asks for it), in new dicts, so counts already handed out never change.
        side = SIDE_OF[char]
        moved = dict(counted[side])
        moved[before] -= 1
        moved[region] += 1
        after = dict(pos)
        after[char] = region
        pos[char] = region
        if side == FELLOWSHIP:
            _last = (after, {FELLOWSHIP: moved, SAURON: counted[SAURON]})  # (never changed: shared)
        else:
            _last = (after, {FELLOWSHIP: counted[FELLOWSHIP], SAURON: moved})
    else:
        pos[char] = region
    if char in state["revealed"]:  # everyone watches it go: it is last seen there
        _seen(state, char)


def remove(state: State, char: str) -> None:
    """Take ``char`` off the board as defeated."""
    global _last
    pos = state["pos"]
    region = pos.get(char)
    snapshot, counted = _last
    if region is not None and snapshot == pos:
        # As in move_to(): the counts of the position without it, in new dicts.
        side = SIDE_OF[char]
        fewer = dict(counted[side])
        fewer[region] -= 1
        after = dict(pos)
        del after[char]
        if side == FELLOWSHIP:
            _last = (after, {FELLOWSHIP: fewer, SAURON: counted[SAURON]})
        else:
            _last = (after, {FELLOWSHIP: counted[FELLOWSHIP], SAURON: fewer})
    pos.pop(char, None)
    state["revealed"].pop(char, None)
    seen = state.get("last_seen")
    if seen and char in seen:
        del seen[char]
    side = CHARS[char].side
    if char not in state["defeated"][side]:
        state["defeated"][side].append(char)
    if char not in state["public"]:
        state["public"].append(char)
        state["public"].sort()


def who(state: State, char: str, audience: str | None, lang: str = "en") -> str:
    """The name of ``char`` if ``audience`` may know it, else a neutral description.

    >>> st = {"revealed": {}, "pos": {"balrog": "caradhras"}}
    >>> who(st, "balrog", "fellowship")
    'a Sauron character'
    >>> who(st, "balrog", "sauron")
    'Balrog'
    """
    if audience == CHARS[char].side or char in state["revealed"]:
        return words.char_name(char, lang)
    if CHARS[char].side == SAURON:
        return words.t(lang, "a Sauron character")
    return words.t(lang, "a Fellowship character")


def ring_bearer(state: State) -> str | None:
    """The character whose arrival in Mordor wins (Frodo, or the variant Sam after him)."""
    bearer = state.get("ring_bearer")
    return str(bearer) if bearer else None
