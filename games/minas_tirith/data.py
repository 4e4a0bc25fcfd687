"""Static content of the Minas Tirith two-player game, loaded once at import from ``data/minas_tirith``
and validated there (a broken file fails at import with a message naming the record and the field).

The printed board and cards are lost; most of this content is our documented reconstruction
(``reconstructed`` flags, docs/rules/minas_tirith.md). Ids:

- Spaces have slug ids (``"minas_tirith"``, ``"wall_gate"``, ``"pelennor"``); kinds ``city``, ``wall``,
  ``rammas_echor`` (the outer wall's territories) and ``field``.
- Links join two spaces and have a kind: ``border``, ``ladder`` (city-wall), ``climb`` (wall-the
  territory below it) or ``gate`` (city-Before the Great Gate). Every link is one step for ranges.
- Unit kinds: good ``infantry``, ``archers``, ``cavalry``, ``cavalry_archers``; evil ``orcs``,
  ``crossbows``, ``wargs``, ``black_riders``, ``trolls``, ``oliphaunts``. Leaders have slug ids.
- Reinforcement cards are named by the Risk territory slug (``"the_shire"``) or ``wild_1``/``wild_2``.
- Minas Tirith cards have slug ids (``"siege_tower"``).

>>> len(SPACES), len(TERRITORY_IDS), len(RAMMAS_ECHOR), WALLS, CITY
(36, 32, 7, ('wall_north', 'wall_gate', 'wall_south'), 'minas_tirith')
>>> SPACES["before_the_gate"].grond, SPACES["road_fort"].fort, SPACES["wall_gate"].climb_from
(True, True, ('before_the_gate',))
>>> UNITS["crossbows"].unit_class, UNITS["crossbows"].shooter, UNITS["trolls"].points
('infantry', True, 3)
>>> LEADERS["witch_king"].colour, [u for u in UNIT_ORDER if UNITS[u].side == "good"]
('red', ['infantry', 'archers', 'cavalry', 'cavalry_archers'])
>>> len(REINFORCEMENTS), REINFORCEMENTS["wild_1"].figure, len(MT_CARDS)
(66, 'wild', 16)
>>> dict(MT_CARDS["theoden"].holds), MT_CARDS["theoden"].entry
({'cavalry': ('cavalry',)}, ('druadan_road', 'rammas_north_gate'))
>>> SETUP[0].space, dict(SETUP[0].units), SETUP[0].leaders
('northern_camps', {'orcs': 4, 'wargs': 3}, ('gothmog',))
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Protocol, TypeVar

from games.core.content import data_dir, load_json

log = logging.getLogger(__name__)

SIDES = ("good", "evil")
GOOD, EVIL = SIDES
SPACE_KINDS = ("field", "rammas_echor", "wall", "city")
LINK_KINDS = ("border", "ladder", "climb", "gate")
UNIT_CLASSES = ("infantry", "cavalry", "creature")
#: Reinforcement-card figures (``wild`` stands for any of the three classes).
FIGURES = ("infantry", "cavalry", "creature", "wild")
SWORDS = ("good", "evil", "none")
CARD_SIDES = ("good", "evil", "both")
CARD_KINDS = ("holder", "lasting", "event", "reaction")
LEADER_COLOURS = {GOOD: ("green", "yellow"), EVIL: ("black", "red")}
#: What the rules print (S); the tests hold the data to it.
PRINTED_COUNTS = {"territories": 32, "walls": 3, "cities": 1, "reinforcements": 66, "mt_cards": 16}

DATA_DIR = data_dir("minas_tirith", "board.json", __file__)


def _load(name: str) -> Any:
    return load_json(DATA_DIR, name)


@dataclass(frozen=True, slots=True)
class Space:
    id: str
    name: str
    kind: str
    #: Map position: columns 0-5 (A-F) west to east, rows 0-4 north to south; off-grid spaces use
    #: other (possibly half) values.
    col: float
    row: float
    #: The grid label (``"B2"``), None off the grid.
    grid: str | None
    fort: bool
    gondor_banner: bool
    grond: bool
    catapult: bool
    #: On the main road from the gate to Osgiliath.
    road: bool
    #: For a territory: the wall sections above it.
    below_walls: tuple[str, ...]
    #: For a wall section: the territories below it.
    climb_from: tuple[str, ...]
    evil_retreat_to: tuple[str, ...]
    good_retreat_to: tuple[str, ...]
    board_edge: bool
    #: Minas Tirith card ids whose battalions may enter here.
    entry_for: tuple[str, ...]
    reconstructed: bool
    note: str | None = None

    @property
    def is_territory(self) -> bool:
        """One of the 32 territories (a field or a Rammas Echor territory)."""
        return self.kind in ("field", "rammas_echor")

    def retreat_to(self, side: str) -> tuple[str, ...]:
        return self.good_retreat_to if side == GOOD else self.evil_retreat_to


@dataclass(frozen=True, slots=True)
class Link:
    a: str
    b: str
    kind: str

    def other(self, space: str) -> str:
        return self.b if space == self.a else self.a


@dataclass(frozen=True, slots=True)
class UnitKind:
    id: str
    name: str
    side: str
    #: ``infantry``, ``cavalry`` or ``creature``.
    unit_class: str
    #: Makes ranged attacks (archers, mounted archers, crossbowmen).
    shooter: bool
    colour: str
    #: How many the side has in all (the supply).
    count: int
    #: What its capture scores.
    points: int
    source: str
    note: str | None = None


@dataclass(frozen=True, slots=True)
class Leader:
    id: str
    name: str
    side: str
    colour: str
    source: str
    reconstructed: bool
    note: str | None = None


@dataclass(frozen=True, slots=True)
class Scoring:
    leader: int
    wall_section: int
    gate_broken: int
    #: Who wins a tie on points.
    tie_winner: str


@dataclass(frozen=True, slots=True)
class Placement:
    """A side's starting figures in one space."""

    side: str
    space: str
    #: The evil area number (1-3) of the rules' set-up picture, None for Good.
    area: int | None
    units: Mapping[str, int]
    leaders: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ReinforcementCard:
    id: str
    #: The Risk territory on the card (no meaning in this game).
    name: str
    figure: str
    sword: str


@dataclass(frozen=True, slots=True)
class MtCard:
    id: str
    name: str
    side: str
    kind: str
    #: Reinforcement-card figure -> the unit kinds one such card may put on this holder.
    holds: Mapping[str, tuple[str, ...]]
    #: Most battalions on the card (holders; 0 otherwise).
    capacity: int
    #: The leader who enters with the battalions (holders), if any.
    leader: str | None
    #: Where the battalions may enter (holders).
    entry: tuple[str, ...]
    #: Action points to play or use it.
    cost: int
    #: Card-specific numbers and switches the engine reads.
    params: Mapping[str, Any]
    #: Our plain-words effect.
    effect: str
    #: The name is printed in the rules (only the five named cards).
    name_printed: bool
    reconstructed: bool

    def usable_by(self, side: str) -> bool:
        """
        >>> MT_CARDS["forced_march"].usable_by("evil"), MT_CARDS["grond"].usable_by("good")
        (True, False)
        """
        return self.side in (side, "both")


# --- validation -----------------------------------------------------------------------------------


def _check_member(value: object, allowed: Iterable[object], what: str) -> None:
    allowed = tuple(allowed)
    if value not in allowed:
        raise ValueError(f"{what}: {value!r} is not one of {', '.join(map(repr, allowed))}")


def _check_unique(ids: Iterable[str], what: str) -> None:
    repeated = sorted(i for i, n in Counter(ids).items() if n > 1)
    if repeated:
        raise ValueError(f"duplicate {what} ids: {', '.join(repeated)}")


def check_board(spaces: Mapping[str, Space], links: Iterable[Link]) -> None:
    """Raise ValueError unless every id a space or link names exists and the flags agree.

    >>> check_board(SPACES, (*LINKS, Link("minas_tirith", "mordor", "border")))
    Traceback (most recent call last):
    ...
    ValueError: link minas_tirith-mordor: unknown space 'mordor'
    """
    seen: set[frozenset[str]] = set()
    for link in links:
        what = f"link {link.a}-{link.b}"
        _check_member(link.kind, LINK_KINDS, f"{what} kind")
        for end in (link.a, link.b):
            if end not in spaces:
                raise ValueError(f"{what}: unknown space {end!r}")
        if link.a == link.b:
            raise ValueError(f"{what}: joins a space to itself")
        pair = frozenset((link.a, link.b))
        if pair in seen:
            raise ValueError(f"{what}: listed twice")
        seen.add(pair)
    for space in spaces.values():
        what = f"space {space.id!r}"
        _check_member(space.kind, SPACE_KINDS, f"{what} kind")
        named = (*space.below_walls, *space.climb_from, *space.evil_retreat_to, *space.good_retreat_to)
        for other in named:
            if other not in spaces:
                raise ValueError(f"{what}: unknown space {other!r}")
        for wall in space.below_walls:
            if spaces[wall].kind != "wall" or space.id not in spaces[wall].climb_from:
                raise ValueError(f"{what}: below {wall!r}, but that wall does not list it in climb_from")
        for below in space.climb_from:
            if space.kind != "wall" or space.id not in spaces[below].below_walls:
                raise ValueError(f"{what}: climb_from {below!r}, which does not list it in below_walls")
        if space.catapult and space.kind != "wall":
            raise ValueError(f"{what}: only wall sections have catapults")


def check_content(
    spaces: Mapping[str, Space],
    units: Mapping[str, UnitKind],
    leaders: Mapping[str, Leader],
    setup: Iterable[Placement],
    reinforcements: Mapping[str, ReinforcementCard],
    mt_cards: Mapping[str, MtCard],
) -> None:
    """Raise ValueError unless the supply, set-up and cards name only known ids and values.

    >>> bad = Placement("good", "pelennor", None, {"orcs": 1}, ())
    >>> check_content(SPACES, UNITS, LEADERS, [bad], REINFORCEMENTS, MT_CARDS)
    Traceback (most recent call last):
    ...
    ValueError: set-up in 'pelennor': 'orcs' is not a unit kind of good
    """
    for unit in units.values():
        _check_member(unit.side, SIDES, f"unit {unit.id!r} side")
        _check_member(unit.unit_class, UNIT_CLASSES, f"unit {unit.id!r} class")
    for leader in leaders.values():
        _check_member(leader.side, SIDES, f"leader {leader.id!r} side")
        _check_member(leader.colour, LEADER_COLOURS[leader.side], f"leader {leader.id!r} colour")
    for placement in setup:
        what = f"set-up in {placement.space!r}"
        _check_member(placement.side, SIDES, f"{what} side")
        if placement.space not in spaces:
            raise ValueError(f"{what}: unknown space")
        for kind, n in placement.units.items():
            if kind not in units or units[kind].side != placement.side:
                raise ValueError(f"{what}: {kind!r} is not a unit kind of {placement.side}")
            if n <= 0:
                raise ValueError(f"{what}: {n} {kind}")
        for leader_id in placement.leaders:
            if leader_id not in leaders or leaders[leader_id].side != placement.side:
                raise ValueError(f"{what}: {leader_id!r} is not a leader of {placement.side}")
    for card in reinforcements.values():
        _check_member(card.figure, FIGURES, f"reinforcement card {card.id!r} figure")
        _check_member(card.sword, SWORDS, f"reinforcement card {card.id!r} sword")
    for mt in mt_cards.values():
        _check_mt_card(mt, spaces, units, leaders)


def _check_mt_card(
    card: MtCard, spaces: Mapping[str, Space], units: Mapping[str, UnitKind], leaders: Mapping[str, Leader]
) -> None:
    what = f"Minas Tirith card {card.id!r}"
    _check_member(card.side, CARD_SIDES, f"{what} side")
    _check_member(card.kind, CARD_KINDS, f"{what} kind")
    if (card.kind == "holder") != bool(card.holds and card.capacity > 0 and card.entry):
        raise ValueError(f"{what}: holders (and only they) need holds, a capacity and entry spaces")
    for figure, kinds in card.holds.items():
        _check_member(figure, UNIT_CLASSES, f"{what} holds")
        for kind in kinds:
            if kind not in units or units[kind].side != card.side:
                raise ValueError(f"{what}: holds {kind!r}, not a unit kind of {card.side}")
    if card.leader is not None and (card.leader not in leaders or leaders[card.leader].side != card.side):
        raise ValueError(f"{what}: {card.leader!r} is not a leader of {card.side}")
    for space in card.entry:
        if space not in spaces:
            raise ValueError(f"{what}: unknown entry space {space!r}")
        if card.id not in spaces[space].entry_for:
            raise ValueError(f"{what}: enters {space!r}, but that space's entry_for does not list it")
    if card.cost < 0:
        raise ValueError(f"{what}: negative cost")


class _HasId(Protocol):
    @property
    def id(self) -> str: ...


_Record = TypeVar("_Record", bound=_HasId)


# --- loading --------------------------------------------------------------------------------------


def _space(raw: Mapping[str, Any]) -> Space:
    return Space(
        id=raw["id"],
        name=raw["name"],
        kind=raw["kind"],
        col=float(raw["col"]),
        row=float(raw["row"]),
        grid=raw["grid"],
        fort=raw["fort"],
        gondor_banner=raw["gondor_banner"],
        grond=raw["grond"],
        catapult=raw["catapult"],
        road=raw["road"],
        below_walls=tuple(raw["below_walls"]),
        climb_from=tuple(raw["climb_from"]),
        evil_retreat_to=tuple(raw["evil_retreat_to"]),
        good_retreat_to=tuple(raw["good_retreat_to"]),
        board_edge=raw["board_edge"],
        entry_for=tuple(raw["entry_for"]),
        reconstructed=raw["reconstructed"],
        note=raw.get("note"),
    )


def _mt_card(raw: Mapping[str, Any]) -> MtCard:
    return MtCard(
        id=raw["id"],
        name=raw["name"],
        side=raw["side"],
        kind=raw["kind"],
        holds=MappingProxyType({figure: tuple(kinds) for figure, kinds in raw["holds"].items()}),
        capacity=raw["capacity"],
        leader=raw["leader"],
        entry=tuple(raw["entry"]),
        cost=raw["cost"],
        params=MappingProxyType(dict(raw["params"])),
        effect=raw["effect"],
        name_printed=raw["name_printed"],
        reconstructed=raw["reconstructed"],
    )


def _by_id(records: Iterable[_Record], what: str) -> dict[str, _Record]:
    items = list(records)
    ids = [r.id for r in items]
    _check_unique(ids, what)
    return dict(zip(ids, items, strict=True))


_board = _load("board.json")
SPACES: dict[str, Space] = _by_id((_space(s) for s in _board["spaces"]), "space")
#: Space ids in data order (the city, the walls, the two roads, then the grid column by column).
SPACE_ORDER: tuple[str, ...] = tuple(SPACES)
LINKS: tuple[Link, ...] = tuple(Link(e["a"], e["b"], e["kind"]) for e in _board["links"])
check_board(SPACES, LINKS)

CITY: str = next(s.id for s in SPACES.values() if s.kind == "city")
WALLS: tuple[str, ...] = tuple(s.id for s in SPACES.values() if s.kind == "wall")
TERRITORY_IDS: tuple[str, ...] = tuple(s.id for s in SPACES.values() if s.is_territory)
RAMMAS_ECHOR: tuple[str, ...] = tuple(s.id for s in SPACES.values() if s.kind == "rammas_echor")
GROND_SPACE: str = next(s.id for s in SPACES.values() if s.grond)

_supply = _load("supply.json")
UNITS: dict[str, UnitKind] = _by_id(
    (
        UnitKind(
            u["id"],
            u["name"],
            u["side"],
            u["class"],
            u["shooter"],
            u["colour"],
            u["count"],
            u["points"],
            u["source"],
            u.get("note"),
        )
        for u in _supply["units"]
    ),
    "unit",
)
UNIT_ORDER: tuple[str, ...] = tuple(UNITS)
LEADERS: dict[str, Leader] = _by_id(
    (
        Leader(r["id"], r["name"], r["side"], r["colour"], r["source"], r["reconstructed"], r.get("note"))
        for r in _supply["leaders"]
    ),
    "leader",
)
LEADER_ORDER: tuple[str, ...] = tuple(LEADERS)
_scoring = _supply["scoring"]
SCORING = Scoring(
    _scoring["leader"], _scoring["wall_section"], _scoring["gate_broken"], _scoring["tie_winner"]
)
_check_member(SCORING.tie_winner, SIDES, "scoring tie_winner")

_setup = _load("setup.json")
SETUP: tuple[Placement, ...] = tuple(
    Placement(p["side"], p["space"], p["area"], MappingProxyType(dict(p["units"])), tuple(p["leaders"]))
    for p in _setup["placements"]
)

REINFORCEMENTS: dict[str, ReinforcementCard] = _by_id(
    (
        ReinforcementCard(c["id"], c["name"], c["figure"], c["sword"])
        for c in _load("reinforcements.json")["cards"]
    ),
    "reinforcement card",
)
#: The reinforcement deck in data order (shuffled by the engine).
REINFORCEMENT_ORDER: tuple[str, ...] = tuple(REINFORCEMENTS)

MT_CARDS: dict[str, MtCard] = _by_id(
    (_mt_card(c) for c in _load("mt_cards.json")["cards"]), "Minas Tirith card"
)
MT_CARD_ORDER: tuple[str, ...] = tuple(MT_CARDS)

check_content(SPACES, UNITS, LEADERS, SETUP, REINFORCEMENTS, MT_CARDS)


def units_of(side: str) -> tuple[str, ...]:
    """A side's unit kinds in supply order.

    >>> units_of("evil")
    ('orcs', 'crossbows', 'wargs', 'black_riders', 'trolls', 'oliphaunts')
    """
    return tuple(u for u in UNIT_ORDER if UNITS[u].side == side)


def leaders_of(side: str) -> tuple[str, ...]:
    """
    >>> leaders_of("good")
    ('gandalf', 'aragorn', 'faramir', 'theoden', 'imrahil')
    """
    return tuple(leader for leader in LEADER_ORDER if LEADERS[leader].side == side)


def space_name(space: str) -> str:
    return SPACES[space].name


def unit_class(kind: str) -> str:
    """``infantry``, ``cavalry`` or ``creature``.

    >>> unit_class("wargs"), unit_class("archers"), unit_class("oliphaunts")
    ('cavalry', 'infantry', 'creature')
    """
    return UNITS[kind].unit_class


def is_wild(card: str) -> bool:
    """
    >>> is_wild("wild_2"), is_wild("the_shire")
    (True, False)
    """
    return REINFORCEMENTS[card].figure == "wild"


log.debug(
    "loaded %d spaces, %d links, %d reinforcement cards, %d Minas Tirith cards",
    len(SPACES),
    len(LINKS),
    len(REINFORCEMENTS),
    len(MT_CARDS),
)
