"""Static content of The Confrontation, loaded once at import from ``data/confrontation``.

The tables below are precomputed so that move generation is plain dict look-ups.

>>> FORWARD["fellowship"]["shire"]
('arthedain', 'cardolan')
>>> FORWARD["sauron"]["arthedain"]
('shire',)
>>> SIDEWAYS["fangorn"]
('mirkwood', 'rohan')
>>> CHARS["balrog"].strength
5
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from games.core.content import data_dir, load_json

log = logging.getLogger(__name__)

SIDES = ("fellowship", "sauron")
FELLOWSHIP, SAURON = SIDES


DATA_DIR = data_dir("confrontation", "board.json", __file__)


def _load(name: str) -> Any:
    return load_json(DATA_DIR, name)


@dataclass(frozen=True, slots=True)
class Region:
    id: str
    name: str
    capacity: int
    mountain: bool
    row: int
    home: str | None


@dataclass(frozen=True, slots=True)
class Character:
    id: str
    name: str
    side: str
    set: str
    tile: str
    strength: int
    ability: str
    #: A plural name ("Orcs"): verbs agree with it.
    plural: bool = False


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    name: str
    value: int | None
    text: str


@dataclass(frozen=True, slots=True)
class Special:
    id: str
    name: str
    side: str
    sets: tuple[str, ...]
    timing: str
    text: str
    text_2002: str | None = None

    def text_for(self, card_set: str) -> str:
        """The player-facing text in the ``2002`` or ``deluxe`` set."""
        return self.text_2002 if card_set == "2002" and self.text_2002 else self.text


def other(side: str) -> str:
    """The opposing side.

    >>> other("sauron")
    'fellowship'
    """
    return SAURON if side == FELLOWSHIP else FELLOWSHIP


_board = _load("board.json")
REGIONS: dict[str, Region] = {
    r["id"]: Region(r["id"], r["name"], r["capacity"], r["mountain"], r["row"], r["home"])
    for r in _board["regions"]
}
REGION_ORDER: tuple[str, ...] = tuple(r["id"] for r in _board["regions"])
CAPACITY: dict[str, int] = {r: REGIONS[r].capacity for r in REGION_ORDER}
MOUNTAINS: frozenset[str] = frozenset(r for r in REGION_ORDER if REGIONS[r].mountain)

_fwd: dict[str, tuple[str, ...]] = {r: tuple(_board["forward_fellowship"][r]) for r in REGION_ORDER}
_back: dict[str, list[str]] = {r: [] for r in REGION_ORDER}
for _src, _dsts in _fwd.items():
    for _dst in _dsts:
        _back[_dst].append(_src)
#: Forward neighbours per side: toward Mordor for the Fellowship, toward the Shire for Sauron.
FORWARD: dict[str, dict[str, tuple[str, ...]]] = {
    FELLOWSHIP: _fwd,
    SAURON: {r: tuple(sorted(_back[r], key=REGION_ORDER.index)) for r in REGION_ORDER},
}
#: Backward neighbours per side.
BACKWARD: dict[str, dict[str, tuple[str, ...]]] = {FELLOWSHIP: FORWARD[SAURON], SAURON: FORWARD[FELLOWSHIP]}

_side: dict[str, list[str]] = {r: [] for r in REGION_ORDER}
for _a, _b in _board["sideways"]:
    _side[_a].append(_b)
    _side[_b].append(_a)
#: Sideways neighbours (never inside the mountain row).
SIDEWAYS: dict[str, tuple[str, ...]] = {r: tuple(sorted(v, key=REGION_ORDER.index)) for r, v in _side.items()}
MOUNTAIN_ROW: tuple[str, ...] = tuple(_board["mountain_row"])
_near: dict[str, set[str]] = {
    r: set(FORWARD[FELLOWSHIP][r]) | set(BACKWARD[FELLOWSHIP][r]) for r in REGION_ORDER
}
for _r in REGION_ORDER:
    _near[_r] |= set(SIDEWAYS[_r])
for _i in range(len(MOUNTAIN_ROW) - 1):
    _near[MOUNTAIN_ROW[_i]].add(MOUNTAIN_ROW[_i + 1])
    _near[MOUNTAIN_ROW[_i + 1]].add(MOUNTAIN_ROW[_i])
#: Every region touching another, mountain row included (for "adjacent" range effects).
NEAR: dict[str, frozenset[str]] = {r: frozenset(v) for r, v in _near.items()}
#: Fellowship-only downstream steps along the Anduin.
RIVER: dict[str, tuple[str, ...]] = {r: () for r in REGION_ORDER}
for _a, _b in _board["river_fellowship"]:
    RIVER[_a] = (*RIVER[_a], _b)
TUNNEL_FROM: str = _board["tunnel"]["from"]
TUNNEL_TO: str = _board["tunnel"]["to"]
TUNNEL_UNDER: str = _board["tunnel"]["under"]
HOME: dict[str, str] = {s: _board["setup"][s]["home"] for s in SIDES}
HOME_COUNT: dict[str, int] = {s: _board["setup"][s]["home_count"] for s in SIDES}
FRONT: dict[str, tuple[str, ...]] = {s: tuple(_board["setup"][s]["front"]) for s in SIDES}
#: Setup slots per side and region.
SETUP_SLOTS: dict[str, dict[str, int]] = {
    s: {HOME[s]: HOME_COUNT[s], **{r: 1 for r in FRONT[s]}} for s in SIDES
}

_chars = _load("characters.json")
CHARS: dict[str, Character] = {
    c["id"]: Character(
        c["id"],
        c["name"],
        c["side"],
        c["set"],
        c["tile"],
        c["strength"],
        c["ability"],
        c.get("plural", False),
    )
    for c in _chars["characters"]
}
CHAR_ORDER: tuple[str, ...] = tuple(c["id"] for c in _chars["characters"])
TILES: dict[str, tuple[str, ...]] = {s: tuple(_chars["tiles"][s]) for s in SIDES}
#: Tile -> (classic character, variant character).
TILE_SIDES: dict[str, tuple[str, str]] = {}
for _tile in (*TILES[FELLOWSHIP], *TILES[SAURON]):
    _pair = [c for c in CHAR_ORDER if CHARS[c].tile == _tile]
    _pair.sort(key=lambda c: CHARS[c].set != "classic")
    TILE_SIDES[_tile] = (_pair[0], _pair[1])
CLASSIC: dict[str, tuple[str, ...]] = {s: tuple(TILE_SIDES[t][0] for t in TILES[s]) for s in SIDES}
VARIANT: dict[str, tuple[str, ...]] = {s: tuple(TILE_SIDES[t][1] for t in TILES[s]) for s in SIDES}

_cards = _load("cards.json")
CARDS: dict[str, dict[str, Card]] = {
    s: {c["id"]: Card(c["id"], c["name"], c["value"], c["text"]) for c in _cards["combat"][s]} for s in SIDES
}
CARD_ORDER: dict[str, tuple[str, ...]] = {s: tuple(c["id"] for c in _cards["combat"][s]) for s in SIDES}
SPECIALS: dict[str, Special] = {
    c["id"]: Special(
        c["id"], c["name"], c["side"], tuple(c["sets"]), c["timing"], c["text"], c.get("text_2002")
    )
    for c in _cards["specials"]
}
SPECIAL_ORDER: tuple[str, ...] = tuple(c["id"] for c in _cards["specials"])


def specials_of(side: str, card_set: str) -> tuple[str, ...]:
    """The special cards a side owns in ``card_set`` (``2002`` or ``deluxe``)."""
    return tuple(s for s in SPECIAL_ORDER if SPECIALS[s].side == side and card_set in SPECIALS[s].sets)


def region_name(slug: str) -> str:
    return REGIONS[slug].name


def char_name(slug: str) -> str:
    return CHARS[slug].name


#: Names borne by both sides of a tile (Gandalf, Orcs...): lists that show both say which.
_SHARED_NAMES = {n for n in {c.name for c in CHARS.values()} if sum(c.name == n for c in CHARS.values()) > 1}


def char_label(slug: str) -> str:
    """The name, with "(Deluxe)" for the Deluxe side of a name both sides bear: for the lists
    where both can appear (a Draft, A King Revealed in a Draft, the rules).

    >>> char_label("gandalf_v"), char_label("gandalf"), char_label("treebeard")
    ('Gandalf (Deluxe)', 'Gandalf', 'Treebeard')
    """
    char = CHARS[slug]
    return f"{char.name} (Deluxe)" if char.name in _SHARED_NAMES and char.set != "classic" else char.name


def card_name(side: str, slug: str) -> str:
    return CARDS[side][slug].name


log.debug("loaded %d regions, %d characters", len(REGIONS), len(CHARS))
