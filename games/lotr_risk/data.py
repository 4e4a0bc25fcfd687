"""Static content of Risk: The Lord of the Rings, loaded once at import from ``data/lotr_risk``.

Two editions share one data set: ``middle-earth`` (the 2002 board, 42 territories) and ``trilogy``
(64 territories). Every record lists the editions it belongs to; :func:`board` cuts out one edition
and precomputes its tables so that rules code is plain dict look-ups.

Card ids:

- A **territory card** is named by its territory id (``"the_shire"``); the two wild cards are
  ``"wild-1"`` and ``"wild-2"``.
- An **adventure card** kind has a slug id (``"ambush"``, ``"mission_hobbiton"``). Each *physical*
  card has its own id: the slug itself when the kind has one copy, ``"<slug>-1"`` ... ``"<slug>-<n>"``
  when it has ``n`` copies. Slugs never contain ``-``, so :func:`card_of` maps a physical id back.

>>> TERRITORIES["the_shire"].name, TERRITORIES["the_shire"].site
('The Shire', 'Hobbiton')
>>> len(board("middle-earth").territories), len(board("trilogy").territories)
(42, 64)
>>> board("middle-earth").neighbours["dead_marshes"]
('brown_lands', 'emyn_muil')
>>> board("trilogy").neighbours["dead_marshes"]
('brown_lands', 'emyn_muil', 'ithilien', 'udun_vale')
>>> board("trilogy").adventure_deck[:5]
('mission_hobbiton', 'mission_grey_havens', 'mission_harlond', 'mission_bree', 'mission_weathertop')
>>> [c for c in board("middle-earth").adventure_deck if c.startswith("appoint")][-2:]
['appoint_a_second_leader-3', 'appoint_a_second_leader-4']
>>> len(board("middle-earth").adventure_deck), len(board("trilogy").adventure_deck)
(48, 60)
>>> SETUP.battalions("trilogy", "lotr", 3), SETUP.editions["middle-earth"].die_threshold
(52, 3)
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from games.core.content import data_dir, load_json

log = logging.getLogger(__name__)

EDITIONS = ("middle-earth", "trilogy")
MIDDLE_EARTH, TRILOGY = EDITIONS
#: Game modes: the LOTR game (leaders, adventure cards, the Fellowship) and plain world conquest.
MODES = ("lotr", "plain")
#: Allegiances of the players; the neutral army (2 players) is neither.
SIDES = ("good", "evil")
#: Territory-card frames (they matter only for the starting deal).
FRAMES = ("good", "evil", "neutral")
#: Territory-card symbols, cheapest first.
SYMBOLS = ("infantry", "cavalry", "creature")
#: Region-bonus tables: the seed's (2002 rules) and the public / Trilogy one.
TABLES = ("seed", "public")
KINDS = ("mission", "event", "power")
WILD_CARDS = ("wild-1", "wild-2")


DATA_DIR = data_dir("lotr_risk", "territories.json", __file__)


def _load(name: str) -> Any:
    return load_json(DATA_DIR, name)


@dataclass(frozen=True, slots=True)
class Territory:
    id: str
    name: str
    region: str
    editions: tuple[str, ...]
    #: Frame of its territory card: ``good``, ``evil`` or ``neutral``.
    frame: str
    #: Symbol of its territory card: ``infantry``, ``cavalry`` or ``creature``.
    symbol: str
    #: The stronghold's name, if the territory has one.
    stronghold: str | None
    #: The site of power's name, if the territory has one.
    site: str | None
    #: An end of a sea route.
    port: bool
    note: str | None = None


@dataclass(frozen=True, slots=True)
class Region:
    id: str
    name: str
    colour: str
    editions: tuple[str, ...]
    bonus_seed: int
    bonus_public: int
    confidence: str
    note: str | None = None

    def bonus(self, table: str) -> int:
        """The reinforcement bonus and end-of-game points in table ``seed`` or ``public``."""
        if table == "seed":
            return self.bonus_seed
        if table == "public":
            return self.bonus_public
        raise ValueError(f"unknown bonus table {table!r}")


@dataclass(frozen=True, slots=True)
class Edge:
    a: str
    b: str
    sea: bool
    bridge: bool
    editions: tuple[str, ...]
    #: How many of the five map sources have the edge (4 or 5).
    sources: int


@dataclass(frozen=True, slots=True)
class Range:
    """A mountain range (placeholder data) for The Way Is Under the Mountains."""

    id: str
    name: str
    territories: tuple[str, ...]
    editions: tuple[str, ...]
    confidence: str
    note: str | None = None


@dataclass(frozen=True, slots=True)
class PathSpace:
    territory: str
    #: The place printed on the path there (``"Bree"``), if any.
    place: str | None
    #: The Ring needs a roll to leave this space.
    die: bool
    #: The last space: middle-earth ends when the Ring leaves it; on Mount Doom the roll destroys the Ring.
    final: bool


@dataclass(frozen=True, slots=True)
class Reward:
    """A mission's reward: battalions per side, or extra territory cards."""

    good: int = 0
    evil: int = 0
    extra_territory_cards: int = 0

    def battalions(self, side: str) -> int:
        """
        >>> Reward(good=2, evil=6).battalions("evil"), Reward(extra_territory_cards=1).battalions("good")
        (6, 0)
        """
        return self.good if side == "good" else self.evil if side == "evil" else 0


@dataclass(frozen=True, slots=True)
class AdventureCard:
    """One kind of adventure card (``copies`` physical cards share it)."""

    id: str
    name: str
    kind: str
    copies: int
    decks: tuple[str, ...]
    #: Our own player-facing wording.
    effect: str
    points: int
    points_verified: bool
    confidence: str
    note: str | None = None
    #: Missions: the territory of the site of power.
    site: str | None = None
    reward: Reward | None = None
    #: Powers: when the card may be played (a key of :data:`TIMINGS`).
    timing: str | None = None
    #: Events: the territory concerned, the allegiance its holder needs, what he gains, else what he loses.
    territory: str | None = None
    needs: str | None = None
    gain: int | None = None
    loss: int | None = None


@dataclass(frozen=True, slots=True)
class Draw:
    """``count`` territory cards of one frame, drawn at set-up."""

    frame: str
    count: int


@dataclass(frozen=True, slots=True)
class Seat:
    side: str
    draws: tuple[Draw, ...]

    @property
    def cards(self) -> int:
        return sum(d.count for d in self.draws)


@dataclass(frozen=True, slots=True)
class Deal:
    """The starting deal of one edition and player count, seats in allegiance (placement) order."""

    seats: tuple[Seat, ...]
    #: The neutral army's draws (2 players only; empty otherwise).
    neutral: tuple[Draw, ...]
    confidence: str
    note: str | None = None

    @property
    def neutral_cards(self) -> int:
        return sum(d.count for d in self.neutral)

    @property
    def dealt(self) -> int:
        """Cards dealt to the seats and the neutral army."""
        return sum(s.cards for s in self.seats) + self.neutral_cards

    def by_frame(self) -> dict[str, int]:
        """Cards dealt per frame, neutral army included."""
        totals = dict.fromkeys(FRAMES, 0)
        for draw in (*(d for s in self.seats for d in s.draws), *self.neutral):
            totals[draw.frame] += draw.count
        return totals


@dataclass(frozen=True, slots=True)
class EditionSetup:
    #: Starting battalions per mode (``lotr`` / ``plain``) and player count.
    battalions: dict[str, dict[int, int]]
    deals: dict[int, Deal]
    #: Territory cards each player draws once the deck is rebuilt.
    opening_territory_cards: dict[int, int]
    adventure_hand: int
    adventure_hand_limit: int
    #: The Ring leaves a die space on this roll or higher.
    die_threshold: int
    #: The default region-bonus table (``seed`` / ``public``).
    bonus_table: str
    #: A player holding this many territory cards must spend (None: never forced).
    forced_trade_at: int | None
    #: Battalions added in each held stronghold at the start of a turn.
    stronghold_reinforcement: int
    #: ``free`` (move any armies along chains) or ``one_move`` (one redeployment a turn).
    fortify: str


@dataclass(frozen=True, slots=True)
class Setup:
    editions: dict[str, EditionSetup]
    neutral_battalions_per_territory: int
    #: Battalions for one territory card spent alone, per symbol.
    single_values: dict[str, int]
    #: Battalions for a set of three, keyed by its symbols sorted as in :data:`SYMBOLS`.
    set_values: dict[tuple[str, ...], int]
    max_cards_per_phase: int
    territory_bonus: int
    stronghold_points: int
    wild_cards: tuple[str, ...]
    reinforcement_divisor: int
    reinforcement_minimum: int
    attack_dice: int
    defence_dice: int

    def battalions(self, edition: str, mode: str, players: int) -> int:
        """Starting battalions of each player.

        >>> SETUP.battalions("middle-earth", "plain", 4)
        30
        """
        return self.editions[edition].battalions[mode][players]

    def deal(self, edition: str, players: int) -> Deal:
        """The LOTR-mode starting deal (also plain mode's for 2 players).

        >>> [s.side for s in SETUP.deal("middle-earth", 3).seats]
        ['evil', 'good', 'evil']
        """
        return self.editions[edition].deals[players]

    def opening_territory_cards(self, edition: str, players: int) -> int:
        return self.editions[edition].opening_territory_cards[players]

    def plain_deal(self, edition: str, players: int) -> tuple[int, ...]:
        """Cards per seat when plain mode deals every territory card round-robin (3 or 4 players).

        >>> SETUP.plain_deal("middle-earth", 4), SETUP.plain_deal("trilogy", 3)
        ((11, 11, 10, 10), (22, 21, 21))
        """
        if players == 2:
            raise ValueError("2-player plain mode uses the neutral-army deal: SETUP.deal(edition, 2)")
        count, extra = divmod(len(board(edition).territories), players)
        return tuple(count + (seat < extra) for seat in range(players))

    def set_value(self, symbols: Iterable[str]) -> int | None:
        """Battalions for three cards with these symbols (wild cards already resolved), or None.

        >>> SETUP.set_value(["creature", "infantry", "cavalry"]), SETUP.set_value(["cavalry"] * 3)
        (10, 6)
        >>> SETUP.set_value(["infantry", "infantry", "cavalry"]) is None
        True
        """
        return self.set_values.get(_sorted_symbols(symbols))

    def reinforcements(self, territories: int) -> int:
        """Battalions for the territories held: ``max(3, territories // 3)``.

        >>> SETUP.reinforcements(8), SETUP.reinforcements(14)
        (3, 4)
        """
        return max(self.reinforcement_minimum, territories // self.reinforcement_divisor)


def _sorted_symbols(symbols: Iterable[str]) -> tuple[str, ...]:
    return tuple(sorted(symbols, key=SYMBOLS.index))


def _opt(record: dict[str, Any], key: str) -> Any:
    return record.get(key)


_territories = _load("territories.json")["territories"]
TERRITORIES: dict[str, Territory] = {
    t["id"]: Territory(
        t["id"],
        t["name"],
        t["region"],
        tuple(t["editions"]),
        t["card"]["frame"],
        t["card"]["symbol"],
        t["stronghold"],
        t["site"],
        t["port"],
        _opt(t, "note"),
    )
    for t in _territories
}
TERRITORY_ORDER: tuple[str, ...] = tuple(t["id"] for t in _territories)

_regions = _load("regions.json")["regions"]
REGIONS: dict[str, Region] = {
    r["id"]: Region(
        r["id"],
        r["name"],
        r["colour"],
        tuple(r["editions"]),
        r["bonus"]["seed"],
        r["bonus"]["public"],
        r["confidence"],
        _opt(r, "note"),
    )
    for r in _regions
}

EDGES: tuple[Edge, ...] = tuple(
    Edge(e["a"], e["b"], e["sea"], e["bridge"], tuple(e["editions"]), e["sources"])
    for e in _load("adjacency.json")["edges"]
)

RANGES: dict[str, Range] = {
    r["id"]: Range(
        r["id"], r["name"], tuple(r["territories"]), tuple(r["editions"]), r["confidence"], _opt(r, "note")
    )
    for r in _load("mountains.json")["ranges"]
}

_path = _load("path.json")
PATHS: dict[str, tuple[PathSpace, ...]] = {
    edition: tuple(PathSpace(s["territory"], s["place"], s["die"], s["final"]) for s in _path[edition])
    for edition in EDITIONS
}


def _reward(raw: dict[str, int] | None) -> Reward | None:
    if raw is None:
        return None
    return Reward(raw.get("good", 0), raw.get("evil", 0), raw.get("extra_territory_card", 0))


_adventure = _load("adventure.json")
#: Power timings: id -> when the card may be played.
TIMINGS: dict[str, str] = dict(_adventure["timings"])
CARDS: dict[str, AdventureCard] = {
    c["id"]: AdventureCard(
        id=c["id"],
        name=c["name"],
        kind=c["kind"],
        copies=c["copies"],
        decks=tuple(c["decks"]),
        effect=c["effect"],
        points=c["points"],
        points_verified=c["points_verified"],
        confidence=c["confidence"],
        note=_opt(c, "note"),
        site=_opt(c, "site"),
        reward=_reward(_opt(c, "reward")),
        timing=_opt(c, "timing"),
        territory=_opt(c, "territory"),
        needs=_opt(c, "needs"),
        gain=_opt(c, "gain"),
        loss=_opt(c, "loss"),
    )
    for c in _adventure["cards"]
}
CARD_ORDER: tuple[str, ...] = tuple(c["id"] for c in _adventure["cards"])


def physical_ids(card_id: str) -> tuple[str, ...]:
    """The ids of the physical copies of an adventure card.

    >>> physical_ids("ambush"), physical_ids("grima_wormtongue")
    (('ambush',), ('grima_wormtongue-1', 'grima_wormtongue-2'))
    """
    copies = CARDS[card_id].copies
    return (card_id,) if copies == 1 else tuple(f"{card_id}-{n}" for n in range(1, copies + 1))


def card_of(physical_id: str) -> AdventureCard:
    """The adventure card a physical id stands for.

    >>> card_of("you_shall_not_pass-2").name, card_of("gollum").kind
    ('You Shall Not Pass!', 'power')
    """
    card = CARDS[physical_id.partition("-")[0]]
    if physical_id not in physical_ids(card.id):
        raise KeyError(physical_id)
    return card


def is_wild(card_id: str) -> bool:
    """
    >>> is_wild("wild-2"), is_wild("moria")
    (True, False)
    """
    return card_id in WILD_CARDS


def card_symbol(card_id: str) -> str | None:
    """The symbol of a territory card; None for a wild card (it stands for any symbol).

    >>> card_symbol("the_shire"), card_symbol("wild-1")
    ('cavalry', None)
    """
    if is_wild(card_id):
        return None
    return TERRITORIES[card_id].symbol


def region_bonus(region: str, table: str) -> int:
    """A region's bonus (reinforcements and end-of-game points) in table ``seed`` or ``public``.

    >>> region_bonus("eriador", "seed"), region_bonus("eriador", "public"), region_bonus("gondor", "seed")
    (4, 3, 7)
    """
    return REGIONS[region].bonus(table)


@dataclass(frozen=True, slots=True)
class Board:
    """The tables of one edition; ids are in data order throughout."""

    edition: str
    territories: tuple[str, ...]
    #: Region id -> its territories.
    regions: dict[str, tuple[str, ...]]
    edges: tuple[Edge, ...]
    #: Land and sea neighbours.
    neighbours: dict[str, tuple[str, ...]]
    land_neighbours: dict[str, tuple[str, ...]]
    sea_routes: frozenset[frozenset[str]]
    bridges: frozenset[frozenset[str]]
    #: Territories with a stronghold / a site of power / a port.
    strongholds: tuple[str, ...]
    sites: tuple[str, ...]
    ports: tuple[str, ...]
    #: Mountain range id -> the territories touching it (placeholder data).
    ranges: dict[str, tuple[str, ...]]
    path: tuple[PathSpace, ...]
    #: Physical adventure-card ids (see the module docstring).
    adventure_deck: tuple[str, ...]
    #: Territory ids plus the wild cards.
    territory_cards: tuple[str, ...]
    #: The region-bonus table this edition uses by default.
    bonus_table: str

    def region_bonus(self, region: str) -> int:
        """
        >>> board("middle-earth").region_bonus("mirkwood"), board("trilogy").region_bonus("mirkwood")
        (3, 4)
        """
        return region_bonus(region, self.bonus_table)

    def adjacent(self, a: str, b: str) -> bool:
        """Joined by land or by a sea route.

        >>> board("trilogy").adjacent("mithlond", "forodwaith"), board("trilogy").adjacent("moria", "lorien")
        (True, False)
        """
        return b in self.neighbours.get(a, ())


def _in_order(ids: Iterable[str]) -> tuple[str, ...]:
    return tuple(sorted(set(ids), key=TERRITORY_ORDER.index))


def _neighbour_table(territories: Sequence[str], edges: Iterable[Edge]) -> dict[str, tuple[str, ...]]:
    near: dict[str, set[str]] = {t: set() for t in territories}
    for edge in edges:
        near[edge.a].add(edge.b)
        near[edge.b].add(edge.a)
    return {t: _in_order(near[t]) for t in territories}


@cache
def board(edition: str) -> Board:
    """The board of ``middle-earth`` or ``trilogy`` (built once per edition)."""
    if edition not in EDITIONS:
        raise ValueError(f"unknown edition {edition!r}")
    territories = tuple(t for t in TERRITORY_ORDER if edition in TERRITORIES[t].editions)
    edges = tuple(e for e in EDGES if edition in e.editions)
    return Board(
        edition=edition,
        territories=territories,
        regions={
            r.id: tuple(t for t in territories if TERRITORIES[t].region == r.id)
            for r in REGIONS.values()
            if edition in r.editions
        },
        edges=edges,
        neighbours=_neighbour_table(territories, edges),
        land_neighbours=_neighbour_table(territories, (e for e in edges if not e.sea)),
        sea_routes=frozenset(frozenset((e.a, e.b)) for e in edges if e.sea),
        bridges=frozenset(frozenset((e.a, e.b)) for e in edges if e.bridge),
        strongholds=tuple(t for t in territories if TERRITORIES[t].stronghold),
        sites=tuple(t for t in territories if TERRITORIES[t].site),
        ports=tuple(t for t in territories if TERRITORIES[t].port),
        ranges={r.id: r.territories for r in RANGES.values() if edition in r.editions},
        path=PATHS[edition],
        adventure_deck=tuple(p for c in CARD_ORDER if edition in CARDS[c].decks for p in physical_ids(c)),
        territory_cards=(*territories, *WILD_CARDS),
        bonus_table=SETUP.editions[edition].bonus_table,
    )


def _deal(raw: dict[str, Any]) -> Deal:
    return Deal(
        seats=tuple(
            Seat(s["side"], tuple(Draw(d["frame"], d["count"]) for d in s["draws"])) for s in raw["seats"]
        ),
        neutral=tuple(Draw(d["frame"], d["count"]) for d in raw["neutral"]),
        confidence=raw["confidence"],
        note=_opt(raw, "note"),
    )


def _by_players(raw: dict[str, Any]) -> dict[int, Any]:
    return {int(players): value for players, value in raw.items()}


_setup = _load("setup.json")
SETUP = Setup(
    editions={
        edition: EditionSetup(
            battalions={mode: _by_players(e["battalions"][mode]) for mode in MODES},
            deals={players: _deal(d) for players, d in _by_players(e["deals"]).items()},
            opening_territory_cards=_by_players(e["opening_territory_cards"]),
            adventure_hand=e["adventure_hand"],
            adventure_hand_limit=e["adventure_hand_limit"],
            die_threshold=e["die_threshold"],
            bonus_table=e["bonus_table"],
            forced_trade_at=e["forced_trade_at"],
            stronghold_reinforcement=e["stronghold_reinforcement"],
            fortify=e["fortify"],
        )
        for edition, e in ((ed, _setup["editions"][ed]) for ed in EDITIONS)
    },
    neutral_battalions_per_territory=_setup["neutral_battalions_per_territory"],
    single_values=dict(_setup["card_values"]["single"]),
    set_values={_sorted_symbols(s["symbols"]): s["battalions"] for s in _setup["card_values"]["sets"]},
    max_cards_per_phase=_setup["max_cards_per_phase"],
    territory_bonus=_setup["territory_bonus"],
    stronghold_points=_setup["stronghold_points"],
    wild_cards=tuple(_setup["wild_cards"]),
    reinforcement_divisor=_setup["reinforcement"]["divisor"],
    reinforcement_minimum=_setup["reinforcement"]["minimum"],
    attack_dice=_setup["dice"]["attack_max"],
    defence_dice=_setup["dice"]["defend_max"],
)


def territory_name(territory: str) -> str:
    return TERRITORIES[territory].name


def region_name(region: str) -> str:
    return REGIONS[region].name


log.debug("loaded %d territories, %d regions, %d adventure cards", len(TERRITORIES), len(REGIONS), len(CARDS))
