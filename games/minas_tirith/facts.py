"""The facts the rules read, as plain look-up tables built once from :mod:`.data` and :mod:`.board`.

:mod:`.data` loads and validates ``data/minas_tirith``; :mod:`.board` holds the geometry. This
module cuts both into the small tables the rules code consults on every action (dicts and
frozensets of slugs), so that the rules never walk dataclasses in a hot loop.

>>> UNITS["orcs"].side, UNITS["crossbows"].shooter, UNITS["wargs"].cls, UNITS["trolls"].points
('evil', True, 'cavalry', 3)
>>> LEADERS["witch_king"].colour, LEADERS["gandalf"].side
('red', 'good')
>>> distance("minas_tirith", "before_the_gate"), distance("wall_gate", "pelennor")
(1, 2)
>>> sorted(linked("wall_north", "climb"))
['mindolluin_north', 'townlands_north']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from . import board, data

SIDES = data.SIDES
GOOD, EVIL = SIDES
LINK_KINDS = data.LINK_KINDS
FIGURES = ("infantry", "cavalry", "creature")
WILD = "wild"


@dataclass(frozen=True, slots=True)
class Unit:
    id: str
    side: str
    cls: str  # infantry / cavalry / creature
    shooter: bool
    total: int
    points: int


@dataclass(frozen=True, slots=True)
class Leader:
    id: str
    name: str
    side: str
    colour: str


@dataclass(frozen=True, slots=True)
class Space:
    id: str
    name: str
    kind: str  # field / rammas_echor / wall / city
    banner: bool
    catapult: bool
    grond: bool
    fort: bool
    edge: bool
    evil_retreat: tuple[str, ...]
    good_retreat: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class MtCard:
    id: str
    name: str
    side: str  # good / evil / both
    kind: str  # holder / lasting / event / reaction
    holds: dict[str, tuple[str, ...]]  # card figure -> unit kinds it may give
    capacity: int
    leader: str | None
    entry: tuple[str, ...]
    cost: int
    params: dict[str, Any]
    effect: str


@dataclass(frozen=True, slots=True)
class Reinforcement:
    id: str
    name: str
    figure: str  # infantry / cavalry / creature / wild
    sword: str  # good / evil / none


UNITS: dict[str, Unit] = {
    u.id: Unit(u.id, u.side, u.unit_class, u.shooter, u.count, u.points) for u in data.UNITS.values()
}
#: Unit kinds per side, in data order (the order every list of kinds is shown in).
KINDS: dict[str, tuple[str, ...]] = {s: tuple(k for k, u in UNITS.items() if u.side == s) for s in SIDES}
LEADERS: dict[str, Leader] = {x.id: Leader(x.id, x.name, x.side, x.colour) for x in data.LEADERS.values()}
LEADER_POINTS = data.SCORING.leader
WALL_POINTS = data.SCORING.wall_section
GATE_POINTS = data.SCORING.gate_broken

SPACES: dict[str, Space] = {
    s.id: Space(
        s.id,
        s.name,
        s.kind,
        s.gondor_banner,
        s.catapult,
        s.grond,
        s.fort,
        s.board_edge,
        s.evil_retreat_to,
        s.good_retreat_to,
    )
    for s in data.SPACES.values()
}
SPACE_IDS: tuple[str, ...] = data.SPACE_ORDER
CITY = data.CITY
GATE_SPACE = data.GROND_SPACE
WALLS: tuple[str, ...] = data.WALLS

#: ``LINKS[kind][space]``: the spaces linked to ``space`` by a link of ``kind``.
LINKS: dict[str, dict[str, frozenset[str]]] = {
    k: {s: frozenset(board.neighbours(s, (k,))) for s in SPACES} for k in LINK_KINDS
}
#: ``LINK_OF[(a, b)]``: the kind of the link between two linked spaces.
LINK_OF: dict[tuple[str, str], str] = {
    (a, b): kind for kind, table in LINKS.items() for a, bs in table.items() for b in bs
}
#: Every space linked to a space, by any link, in board order.
ADJACENT: dict[str, tuple[str, ...]] = {s: tuple(board.neighbours(s)) for s in SPACES}
#: Shortest distance over all links, through any occupancy (ranges of ranged attacks).
DISTANCES: dict[str, dict[str, int]] = {s: dict(board.distances(s)) for s in SPACES}


def distance(a: str, b: str) -> int:
    return DISTANCES[a][b]


def linked(space: str, kind: str) -> frozenset[str]:
    return LINKS[kind][space]


def within(space: str, low: int, high: int) -> tuple[str, ...]:
    """Spaces at a distance from ``low`` to ``high`` of ``space``, in board order."""
    near = DISTANCES[space]
    return tuple(s for s in SPACE_IDS if low <= near.get(s, 99) <= high)


MT_CARDS: dict[str, MtCard] = {
    c.id: MtCard(
        c.id,
        c.name,
        c.side,
        c.kind,
        {figure: tuple(kinds) for figure, kinds in c.holds.items()},
        c.capacity,
        c.leader,
        tuple(c.entry),
        c.cost,
        dict(c.params),
        c.effect,
    )
    for c in data.MT_CARDS.values()
}
MT_DECK: tuple[str, ...] = data.MT_CARD_ORDER
#: Leaders that wait on a holder card until it brings them in.
LEADER_CARDS: dict[str, str] = {c.leader: c.id for c in MT_CARDS.values() if c.leader}

REINFORCEMENTS: dict[str, Reinforcement] = {
    c.id: Reinforcement(c.id, c.name, c.figure, c.sword) for c in data.REINFORCEMENTS.values()
}
REINFORCEMENT_DECK: tuple[str, ...] = data.REINFORCEMENT_ORDER

#: ``(side, space, {kind: n}, [leaders])`` of the starting set-up.
SETUP: tuple[tuple[str, str, dict[str, int], tuple[str, ...]], ...] = tuple(
    (p.side, p.space, dict(p.units), tuple(p.leaders)) for p in data.SETUP
)


def usable_by(card: str, side: str) -> bool:
    """Whether ``side`` may use Minas Tirith card ``card`` (its own side's or both)."""
    owner = MT_CARDS[card].side
    return owner == side or owner == "both"


def other(side: str) -> str:
    return EVIL if side == GOOD else GOOD
