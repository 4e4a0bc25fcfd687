"""What :func:`~.computer.determinize` samples beyond the Classic game: the enemy's characters
in a Draft, and both sides' special cards (2002 set, Deluxe set, a handicap).

Everything is read from the seat's view: the enemy's tiles whose side the seat has seen (a
piece shown, fallen or last seen) keep that side, every other tile gets one of its two sides at
random; the enemy's special cards are those of his set not used, all of them when his hand of
special cards is known (2002, "Deluxe, all 4"), else ("Deluxe, choose 2") as many as the view
says he holds, dealt at random among those he has not used.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from games.core import View
from games.core.players import Generator

from .data import CHARS, FELLOWSHIP, TILE_SIDES, TILES, specials_of

#: The Ring-bearer's tile: its Deluxe side hands the Ring to Sam when it falls (not to the Warg).
_BEARER_TILE = TILES[FELLOWSHIP][0]


def unseen_characters(
    view: View, roster: tuple[str, ...] | None, foe: str, known: Iterable[str], rng: Generator
) -> list[str]:
    """The enemy's characters the seat has not placed: every one of ``roster`` (his fixed
    characters) not in ``known`` (shown on the board or fallen), or in a Draft (``roster``
    ``None``) the side of each tile not accounted for, a tile seen before keeping its side."""
    known = set(known)
    if roster is not None:
        return [c for c in roster if c not in known]
    seen = {e["character"] for e in view.get("last_seen", ()) if e["side"] == foe}
    by_tile = {CHARS[c].tile: c for c in (*known, *seen) if CHARS[c].side == foe}
    unseen = []
    for tile in TILES[foe]:
        char = by_tile.get(tile)
        if char is None:
            char = rng.choice(TILE_SIDES[tile])
        if char not in known:
            unseen.append(char)
    return unseen


def specials(view: View, foe: str, rng: Generator) -> dict[str, dict[str, list[str]]]:
    """Both sides' special cards for the sample's position: the seat's own as its view lists
    them, the enemy's drawn among the cards he may still hold."""
    me = view["audience"]
    cards = view["cards"]
    chosen = view["options"]["specials"]
    card_set = "2002" if chosen == "2002" else "deluxe"
    used = [c["id"] for c in cards[foe]["specials_used"]]
    pool = [c for c in specials_of(foe, card_set) if c not in used]
    count = cards[foe]["specials_count"]
    held = pool if count == len(pool) else rng.sample(pool, min(count, len(pool)))
    own = {
        "held": [c["id"] for c in cards[me]["specials"]],
        "used": [c["id"] for c in cards[me]["specials_used"]],
    }
    return {me: own, foe: {"held": held, "used": used}}


def turn_and_bearer(view: View, position: dict[str, Any]) -> None:
    """Copy into ``position`` what its turn is bound by (A King Revealed, the seat's own
    before-the-move card) and, when the Deluxe Frodo has fallen, Sam as the Ring-bearer (the
    game went on, so Sam took the Ring: the one on the board)."""
    turn = view["turn"]
    for key in ("king", "must_move", "may_not_move"):
        if turn.get(key):
            position[key] = turn[key]
    fallen = {d["character"] for d in view["defeated"][FELLOWSHIP]}
    if any(CHARS[c].tile == _BEARER_TILE for c in fallen):
        position["ring_bearer"] = next(
            (c for c in position[FELLOWSHIP] if c.startswith("sam")), TILE_SIDES[_BEARER_TILE][1]
        )
