"""Pure geometry of the Minas Tirith board: neighbours by link kind, distances and ranges, retreat
arrows, walls and the spaces below them, entries, edges, banners, forts and Grond's space.

Nothing here knows who stands where: the rules ask these tables and apply occupancy themselves.
Every table is built once from :mod:`.data`.

>>> neighbours("minas_tirith")
('wall_north', 'wall_gate', 'wall_south', 'before_the_gate')
>>> neighbours("minas_tirith", ("gate",)), link_kind("wall_gate", "before_the_gate")
(('before_the_gate',), 'climb')
>>> distance("wall_gate", "osgiliath"), distance("minas_tirith", "minas_tirith")
(6, 0)
>>> sorted(within("minas_tirith", 1))
['before_the_gate', 'minas_tirith', 'wall_gate', 'wall_north', 'wall_south']
>>> retreat_to("pelennor", "evil"), retreat_to("pelennor", "good"), retreat_to("osgiliath", "evil")
(('road_fort',), ('before_the_gate',), ())
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping
from functools import cache
from types import MappingProxyType

from .data import CITY, EVIL, GOOD, LINK_KINDS, LINKS, MT_CARDS, SPACE_ORDER, SPACES, WALLS

#: Link kinds good / evil units may ever cross (the rules add conditions: cards, the gate, unit class).
GOOD_LINKS = ("border", "ladder", "gate")
EVIL_LINKS = LINK_KINDS

_INDEX: Mapping[str, int] = MappingProxyType({s: i for i, s in enumerate(SPACE_ORDER)})


def _in_order(ids: Iterable[str]) -> tuple[str, ...]:
    return tuple(sorted(set(ids), key=_INDEX.__getitem__))


def _check_space(space: str) -> None:
    if space not in SPACES:
        raise ValueError(f"unknown space {space!r}")


def _check_kinds(kinds: Iterable[str]) -> tuple[str, ...]:
    found = set(kinds)
    unknown = found - set(LINK_KINDS)
    if unknown:
        raise ValueError(f"unknown link kind {min(unknown)!r}")
    return tuple(sorted(found, key=LINK_KINDS.index))


def _link_table() -> Mapping[frozenset[str], str]:
    return MappingProxyType({frozenset((link.a, link.b)): link.kind for link in LINKS})


_LINK_KIND = _link_table()


def link_kind(a: str, b: str) -> str | None:
    """The kind of the link joining ``a`` and ``b``, or None when they are not joined.

    >>> link_kind("pelennor", "road_fort"), link_kind("minas_tirith", "wall_north")
    ('border', 'ladder')
    >>> link_kind("pelennor", "osgiliath") is None
    True
    """
    return _LINK_KIND.get(frozenset((a, b)))


@cache
def _neighbours(space: str, kinds: tuple[str, ...]) -> tuple[str, ...]:
    _check_space(space)
    return _in_order(link.other(space) for link in LINKS if space in (link.a, link.b) and link.kind in kinds)


def neighbours(space: str, kinds: Iterable[str] = LINK_KINDS) -> tuple[str, ...]:
    """The spaces joined to ``space`` by a link of one of ``kinds`` (all kinds by default), in board order.

    >>> neighbours("before_the_gate", ("border",))
    ('townlands_north', 'townlands_south', 'pelennor')
    >>> neighbours("wall_north", ("climb",)), neighbours("wall_north", ("border",))
    (('mindolluin_north', 'townlands_north'), ())
    """
    return _neighbours(space, _check_kinds(kinds))


@cache
def _distances(space: str, kinds: tuple[str, ...]) -> Mapping[str, int]:
    found = {space: 0}
    todo = deque([space])
    while todo:
        here = todo.popleft()
        for there in _neighbours(here, kinds):
            if there not in found:
                found[there] = found[here] + 1
                todo.append(there)
    return MappingProxyType(found)


def distances(space: str, kinds: Iterable[str] = LINK_KINDS) -> Mapping[str, int]:
    """Steps from ``space`` to every space reachable over links of ``kinds`` (all by default).

    >>> distances("minas_tirith", ("border",))
    mappingproxy({'minas_tirith': 0})
    """
    _check_space(space)
    return _distances(space, _check_kinds(kinds))


def distance(a: str, b: str, kinds: Iterable[str] = LINK_KINDS) -> int | None:
    """The fewest steps from ``a`` to ``b`` over links of ``kinds`` (all kinds by default: the
    range of ranged attacks, which pass over walls and occupied spaces); None if unreachable.

    >>> distance("minas_tirith", "pelennor"), distance("wall_north", "townlands_south")
    (2, 3)
    >>> distance("minas_tirith", "pelennor", ("border",)) is None
    True
    """
    _check_space(b)
    return distances(a, kinds).get(b)


def within(space: str, steps: int, kinds: Iterable[str] = LINK_KINDS) -> frozenset[str]:
    """The spaces at most ``steps`` steps from ``space`` (itself included).

    >>> sorted(within("osgiliath", 1))
    ['causeway', 'osgiliath', 'osgiliath_north', 'osgiliath_south']
    """
    if steps < 0:
        raise ValueError(f"steps must be >= 0, not {steps}")
    return frozenset(s for s, d in distances(space, kinds).items() if d <= steps)


def in_range(space: str, low: int, high: int) -> tuple[str, ...]:
    """The spaces whose distance (over all links) from ``space`` is ``low`` to ``high``, in board order.

    >>> in_range("wall_gate", 1, 1)
    ('minas_tirith', 'before_the_gate')
    >>> len(in_range("wall_gate", 1, 3)), "wall_north" in in_range("wall_gate", 2, 2)
    (12, True)
    """
    return _in_order(s for s, d in distances(space).items() if low <= d <= high)


def retreat_to(space: str, side: str) -> tuple[str, ...]:
    """The printed retreat arrows (our reconstruction) out of ``space`` for ``side``; empty at an end.

    >>> retreat_to("wall_north", "evil"), retreat_to("wall_north", "good")
    (('townlands_north',), ('minas_tirith',))
    >>> retreat_to("townlands_south", "good")
    ('before_the_gate',)
    """
    _check_space(space)
    return SPACES[space].retreat_to(side)


def walls_above(space: str) -> tuple[str, ...]:
    """The wall sections whose territories below include ``space``.

    >>> walls_above("townlands_north"), walls_above("pelennor")
    (('wall_north',), ())
    """
    _check_space(space)
    return SPACES[space].below_walls


def below_wall(wall: str) -> tuple[str, ...]:
    """The territories just below a wall section (evil climbs from them with Siege Tower or Storm Ladders).

    >>> below_wall("wall_south")
    ('townlands_south', 'mindolluin_south')
    """
    if wall not in WALLS:
        raise ValueError(f"{wall!r} is not a wall section")
    return SPACES[wall].climb_from


def entries(card: str) -> tuple[str, ...]:
    """Where a holder card's battalions (and leader) enter the board.

    >>> entries("mordor_reinforcements"), entries("forced_march")
    (('osgiliath', 'cair_andros_road'), ())
    """
    if card not in MT_CARDS:
        raise ValueError(f"unknown Minas Tirith card {card!r}")
    return MT_CARDS[card].entry


#: Spaces on an edge of the board (an evil retreat off them is blocked where no arrow leads on).
BOARD_EDGE: tuple[str, ...] = tuple(s for s in SPACE_ORDER if SPACES[s].board_edge)
#: Spaces showing one of Gondor's banners.
BANNERS: tuple[str, ...] = tuple(s for s in SPACE_ORDER if SPACES[s].gondor_banner)
FORTS: tuple[str, ...] = tuple(s for s in SPACE_ORDER if SPACES[s].fort)
#: Wall sections with a catapult of Gondor.
CATAPULTS: tuple[str, ...] = tuple(s for s in SPACE_ORDER if SPACES[s].catapult)
#: The main road from the gate to Osgiliath, west to east.
ROAD: tuple[str, ...] = tuple(sorted((s for s in SPACE_ORDER if SPACES[s].road), key=lambda s: SPACES[s].col))
#: The space showing Grond's silhouette (the gate link joins it to the city).
GROND_SPACE: str = next(s for s in SPACE_ORDER if SPACES[s].grond)
GATE: tuple[str, str] = (CITY, GROND_SPACE)
#: Each side's own end of the battlefield: the city (west) and Osgiliath (east).
ENDS: Mapping[str, str] = MappingProxyType({GOOD: CITY, EVIL: "osgiliath"})


def has_banner(space: str) -> bool:
    """
    >>> has_banner("wall_gate"), has_banner("before_the_gate"), BANNERS[:4]
    (True, False, ('minas_tirith', 'wall_north', 'wall_gate', 'wall_south'))
    """
    return SPACES[space].gondor_banner


def is_wall(space: str) -> bool:
    return SPACES[space].kind == "wall"


def toward_end(space: str, side: str) -> int | None:
    """Steps from ``space`` to the side's own end: Osgiliath for Evil, the city for Good, over the
    links that side may cross; the retreat arrows always lead strictly closer.

    >>> toward_end("osgiliath_north", EVIL), toward_end("mindolluin_north", GOOD)
    (1, 3)
    >>> toward_end("wall_gate", GOOD), toward_end("wall_gate", EVIL)
    (1, 6)
    """
    return distance(space, ENDS[side], GOOD_LINKS if side == GOOD else EVIL_LINKS)
