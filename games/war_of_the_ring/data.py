"""Static content of War of the Ring (2nd edition), loaded once at import from ``data/war_of_the_ring``.

The map has 105 land regions. Seas, lakes and the Mordor Track are not regions, and impassable
borders are left out of the neighbour lists. Eight Nations: the Free Peoples (``free``) have the
Dwarves, Elves, Gondor, The North and Rohan; the Shadow (``shadow``) has Isengard, Sauron and the
Southrons & Easterlings (``southrons``).

Ids:

- Regions, Nations and characters have slug ids (``"minas_tirith"``, ``"southrons"``, ``"witch_king"``).
- An Event card is named by its deck and number: ``fpc_`` Free Peoples Character, ``fps_`` Free
  Peoples Strategy, ``shc_`` Shadow Character, ``shs_`` Shadow Strategy (``"fpc_01"`` ... ``"shs_24"``).
- Each physical standard Hunt tile has its own id, ``"<face>_<n>"``: faces ``eye`` (Eye and Reveal),
  ``3``, ``2``, ``2r``, ``1``, ``1r`` and ``0r`` (``r``: with Reveal). Special tiles have slugs
  (``"shelobs_lair"``).

Values:

- ``Region.settlement``: ``town``, ``city``, ``stronghold``, ``fortification`` or None. A Fortification
  is not a Settlement.
- ``Units.leader`` counts Leaders; for Sauron it counts Nazgûl (the Witch-king is a Minion).
- ``Character.level``: None for the Witch-king, who moves like a Nazgûl; 0 means he cannot move.
- ``Character.activates``: ``("any",)``, some Nation ids, or ``()``.
- ``HuntTile.value``: the damage, ``"eye"`` (the number of successes) or ``"die"`` (a die roll);
  negative values heal Corruption.
- ``Card.icon``: the play icons found in the reference are ``character``, ``army`` and ``muster``
  (every Character card has ``character``; Strategy cards have ``army`` or ``muster``).
- ``Card.initiative``: the initiative of the Combat half; two numbers for the two effects of Mûmakil.

>>> len(REGIONS), len(NATIONS), len(BASE_CARDS), len(TILES), len(TWILIGHT_CARDS)
(105, 8, 96, 26, 11)
>>> REGIONS["osgiliath"].nation is None, REGIONS["osgiliath"].is_fortification, owner_of("osgiliath")
(True, True, None)
>>> REGIONS["minas_tirith"].is_stronghold, REGIONS["minas_tirith"].vp, owner_of("minas_tirith")
(True, 2, 'free')
>>> REGIONS["minas_tirith"].neighbours
('druadan_forest', 'lossarnach', 'osgiliath')
>>> REGIONS["barad_dur"].start["sauron"]
Units(regular=4, elite=1, leader=1)
>>> NATIONS["southrons"].name, side_of_nation("southrons"), NATIONS_OF[FREE]
('Southrons & Easterlings', 'shadow', ('dwarves', 'elves', 'gondor', 'north', 'rohan'))
>>> len(DECKS["free_character"]), DECKS["shadow_strategy"][0], CARDS["shs_01"].name
(24, 'shs_01', 'Return to Valinor')
>>> CHARACTERS["strider"].activates, CHARACTERS["witch_king"].level, COMPANIONS[0]
(('north',), None, 'gandalf_grey')
>>> SPECIAL_TILES["phial"].value, SPECIAL_TILES["phial"].card, TILES["eye_1"].label
(-2, 'fpc_03', 'Eye, Reveal')
>>> distance("rivendell", "minas_tirith"), sorted(within("rivendell", 1))
(8, ['fords_of_bruinen', 'rivendell', 'trollshaws'])
"""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType
from typing import Any

from games.core.content import data_dir, load_json

log = logging.getLogger(__name__)

SIDES = ("free", "shadow")
FREE, SHADOW = SIDES
SETTLEMENTS = ("town", "city", "stronghold", "fortification")
#: Character kinds.
KINDS = ("ring-bearers", "companion", "minion", "gollum", "ally")  # ally: Galadriel (Twilight)
#: Event-card play icons, as found in the reference data.
ICONS = ("character", "army", "muster")
DECK_KINDS = ("character", "strategy")
#: Hunt-tile values that are not numbers.
TILE_SYMBOLS = ("eye", "die")

FELLOWSHIP_START = "rivendell"
MORDOR_ENTRIES = ("minas_morgul", "morannon")
#: Army units in one region (Leaders and Characters do not count).
MAX_STACK = 10
#: Army units inside a besieged Stronghold.
MAX_GARRISON = 5


DATA_DIR = data_dir("war_of_the_ring", "regions.json", __file__)


def _load(name: str) -> Any:
    return load_json(DATA_DIR, name)


@dataclass(frozen=True, slots=True)
class Units:
    """Army figures of one Nation: Regulars, Elites and Leaders (Nazgûl for Sauron)."""

    regular: int = 0
    elite: int = 0
    leader: int = 0

    def __add__(self, other: Units) -> Units:
        """
        >>> Units(1, 2, 0) + Units(3, 0, 1)
        Units(regular=4, elite=2, leader=1)
        """
        return Units(self.regular + other.regular, self.elite + other.elite, self.leader + other.leader)

    @property
    def army(self) -> int:
        """Army units (Regulars and Elites), the figures that count for stacking."""
        return self.regular + self.elite


@dataclass(frozen=True, slots=True)
class Region:
    id: str
    name: str
    aliases: tuple[str, ...]
    #: The Nation whose border holds the region, or None.
    nation: str | None
    #: ``town``, ``city``, ``stronghold``, ``fortification`` or None.
    settlement: str | None
    #: Victory Points the opponent scores while he controls it.
    vp: int
    #: Sorted ids of the regions across a passable border.
    neighbours: tuple[str, ...]
    #: Starting figures per Nation (only Nations with some).
    start: dict[str, Units]

    @property
    def is_stronghold(self) -> bool:
        return self.settlement == "stronghold"

    @property
    def is_city(self) -> bool:
        return self.settlement == "city"

    @property
    def is_town(self) -> bool:
        return self.settlement == "town"

    @property
    def is_fortification(self) -> bool:
        return self.settlement == "fortification"

    @property
    def is_settlement(self) -> bool:
        """A Town, City or Stronghold (a Fortification is not a Settlement).

        >>> REGIONS["fords_of_isen"].is_settlement, REGIONS["bree"].is_settlement
        (False, True)
        """
        return self.settlement in ("town", "city", "stronghold")


@dataclass(frozen=True, slots=True)
class Nation:
    id: str
    name: str
    side: str
    #: Every figure the Nation has (a hard cap on the map).
    pool: Units
    #: Figures off the map at the start.
    reinforcements: Units
    #: Start position on the Political Track: steps from At War (3, 2 or 1).
    steps: int
    #: Whether the political counter starts Active.
    active: bool


@dataclass(frozen=True, slots=True)
class Ability:
    id: str
    name: str
    text: str


@dataclass(frozen=True, slots=True)
class Character:
    id: str
    name: str
    title: str
    side: str
    #: ``ring-bearers``, ``companion``, ``minion`` or ``gollum``.
    kind: str
    #: Movement; None: moves like a Nazgûl (the Witch-king); 0: cannot move.
    level: int | None
    leadership: int
    #: FP Nations his card icon activates: ``("any",)``, Nation ids, or ``()``.
    activates: tuple[str, ...]
    #: Extra Action die while he is in play.
    die_bonus: int
    #: The Nation of a Minion (None for the Free Peoples).
    nation: str | None
    starts_in_fellowship: bool
    #: His ability while he is the Guide.
    guide: str | None
    abilities: tuple[Ability, ...]
    #: How a set-aside character enters play.
    entry: str | None

    def can_activate(self, nation: str) -> bool:
        """Whether his card icon activates ``nation``.

        >>> CHARACTERS["gimli"].can_activate("dwarves"), CHARACTERS["gimli"].can_activate("rohan")
        (True, False)
        >>> CHARACTERS["meriadoc"].can_activate("rohan"), CHARACTERS["saruman"].can_activate("rohan")
        (True, False)
        """
        return side_of_nation(nation) == FREE and ("any" in self.activates or nation in self.activates)


@dataclass(frozen=True, slots=True)
class HuntTile:
    id: str
    #: Damage, ``"eye"`` or ``"die"``; a negative number heals Corruption.
    value: int | str
    reveal: bool
    stop: bool
    #: None for a standard tile; the side whose card puts a special tile in play.
    side: str | None
    #: Special tiles only.
    name: str | None = None
    #: Special tiles only: the Event card that puts it in play.
    card: str | None = None

    @property
    def is_special(self) -> bool:
        return self.side is not None

    @property
    def is_eye(self) -> bool:
        return self.value == "eye"

    @property
    def label(self) -> str:
        """The face of the tile.

        >>> TILES["1r_2"].label, TILES["3_1"].label, TILES["shelobs_lair"].label
        ('1, Reveal', '3', 'die, Stop')
        """
        face = "Eye" if self.value == "eye" else str(self.value)
        return ", ".join((face, *(["Reveal"] if self.reveal else []), *(["Stop"] if self.stop else [])))


@dataclass(frozen=True, slots=True)
class CombatCard:
    name: str
    condition: str | None
    effect: str


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    side: str
    #: ``character`` or ``strategy``; ``None`` for a card of no deck (Twilight of the Third Age:
    #: We Shall Get It, set aside until Sméagol is sacrificed).
    deck: str | None
    #: Its number in its deck (``None``: no deck).
    number: int | None
    name: str
    #: ``character``, ``army`` or ``muster``.
    icon: str
    #: Initiative of the Combat half (two numbers for Mûmakil's two effects).
    initiative: tuple[int, ...]
    condition: str | None
    on_table: bool
    event: str
    discard: str | None
    #: The Combat half (``None``: a card that cannot be played as a Combat card, We Shall Get It).
    combat: CombatCard | None

    @property
    def deck_id(self) -> str:
        """The key of its deck in :data:`DECKS`.

        >>> CARDS["fps_07"].deck_id, CARDS["shc_11"].deck_id
        ('free_strategy', 'shadow_character')
        """
        return f"{self.side}_{self.deck}"

    @property
    def kind(self) -> str:
        """The kind of card its face shows: its deck's, or a card of no deck's play icon.

        >>> CARDS["fps_07"].kind, CARDS["we_shall_get_it"].kind
        ('strategy', 'character')
        """
        return self.deck or ("character" if self.icon == "character" else "strategy")


def _units(raw: Mapping[str, int]) -> Units:
    return Units(raw["regular"], raw["elite"], raw["leader"])


def _check_side(side: str, what: str) -> None:
    if side not in SIDES:
        raise ValueError(f"{what}: unknown side {side!r}")


def _check_nation(nation: str | None, nations: Iterable[str], what: str) -> None:
    if nation is not None and nation not in nations:
        raise ValueError(f"{what}: unknown nation {nation!r}")


def check_regions(regions: Mapping[str, Region], nations: Iterable[str]) -> None:
    """Raise ValueError unless every neighbour and nation id is known and adjacency is symmetric.

    >>> lonely = Region("a", "A", (), None, None, 0, ("b",), {})
    >>> check_regions({"a": lonely}, NATIONS)
    Traceback (most recent call last):
    ...
    ValueError: region 'a': unknown neighbour 'b'
    """
    nations = frozenset(nations)
    for region in regions.values():
        _check_nation(region.nation, nations, f"region {region.id!r}")
        for nation in region.start:
            _check_nation(nation, nations, f"region {region.id!r} start")
        if region.settlement is not None and region.settlement not in SETTLEMENTS:
            raise ValueError(f"region {region.id!r}: unknown settlement {region.settlement!r}")
        if len(set(region.neighbours)) != len(region.neighbours):
            raise ValueError(f"region {region.id!r}: duplicate neighbours")
        for other in region.neighbours:
            if other == region.id:
                raise ValueError(f"region {region.id!r} is its own neighbour")
            if other not in regions:
                raise ValueError(f"region {region.id!r}: unknown neighbour {other!r}")
            if region.id not in regions[other].neighbours:
                raise ValueError(f"adjacency not symmetric: {region.id!r} -> {other!r} but not back")


_nations_raw = _load("nations.json")["nations"]
NATIONS: dict[str, Nation] = {
    n["id"]: Nation(
        n["id"],
        n["name"],
        n["side"],
        _units(n["pool"]),
        _units(n["reinforcements"]),
        n["politics"]["steps"],
        n["politics"]["active"],
    )
    for n in _nations_raw
}
for _nation in NATIONS.values():
    _check_side(_nation.side, f"nation {_nation.id!r}")
NATIONS_OF: dict[str, tuple[str, ...]] = {
    side: tuple(n.id for n in NATIONS.values() if n.side == side) for side in SIDES
}
#: Twilight of the Third Age: the Dunlendings are Shadow Army units of no Nation (D15). In the
#: Armies they stand under this pseudo-nation key, which no Nation table (politics, pools) has.
DUNLENDINGS = "dunlendings"
#: The keys of an Army's figures, in order: the Nations, then the Dunlendings.
ARMY_NATIONS: tuple[str, ...] = (*NATIONS, DUNLENDINGS)
#: The side of each key of :data:`ARMY_NATIONS`.
ARMY_SIDES: dict[str, str] = {**{n.id: n.side for n in NATIONS.values()}, DUNLENDINGS: SHADOW}


def side_of_nation(nation: str) -> str:
    """``free`` or ``shadow``.

    >>> side_of_nation("rohan"), side_of_nation("isengard")
    ('free', 'shadow')
    """
    try:
        return NATIONS[nation].side
    except KeyError:
        raise ValueError(f"unknown nation {nation!r}") from None


_regions_raw = _load("regions.json")["regions"]
REGIONS: dict[str, Region] = {
    r["id"]: Region(
        r["id"],
        r["name"],
        tuple(r["aliases"]),
        r["nation"],
        r["settlement"],
        r["vp"],
        tuple(r["neighbours"]),
        {nation: _units(u) for nation, u in r["start"].items()},
    )
    for r in _regions_raw
}
if len(REGIONS) != len(_regions_raw):
    raise ValueError("duplicate region ids in regions.json")
check_regions(REGIONS, NATIONS)
NEIGHBOURS: dict[str, frozenset[str]] = {r.id: frozenset(r.neighbours) for r in REGIONS.values()}
#: Strongholds by the side of their Nation, in file order.
STRONGHOLDS: dict[str, tuple[str, ...]] = {
    side: tuple(
        r.id for r in REGIONS.values() if r.is_stronghold and r.nation and side_of_nation(r.nation) == side
    )
    for side in SIDES
}


def owner_of(region: str) -> str | None:
    """The side of the region's Nation (a Settlement's original controller), or None.

    >>> owner_of("fords_of_isen"), owner_of("moria"), owner_of("fangorn")
    ('free', 'shadow', None)
    """
    nation = REGIONS[region].nation
    return None if nation is None else side_of_nation(nation)


@cache
def _distances_from(region: str) -> Mapping[str, int]:
    if region not in NEIGHBOURS:
        raise ValueError(f"unknown region {region!r}")
    found = {region: 0}
    todo = deque([region])
    while todo:
        here = todo.popleft()
        for there in sorted(NEIGHBOURS[here]):
            if there not in found:
                found[there] = found[here] + 1
                todo.append(there)
    return MappingProxyType(found)


@cache
def distance(a: str, b: str) -> int:
    """The fewest region-to-region steps from ``a`` to ``b`` (the map is connected).

    >>> distance("rivendell", "rivendell"), distance("minas_morgul", "barad_dur")
    (0, 2)
    """
    if b not in NEIGHBOURS:
        raise ValueError(f"unknown region {b!r}")
    return _distances_from(a)[b]


@cache
def within(region: str, steps: int) -> frozenset[str]:
    """The regions at most ``steps`` steps from ``region``, itself included.

    >>> within("barad_dur", 0), sorted(within("barad_dur", 1))
    (frozenset({'barad_dur'}), ['barad_dur', 'gorgoroth'])
    """
    if steps < 0:
        raise ValueError(f"steps must be >= 0, not {steps}")
    return frozenset(r for r, d in _distances_from(region).items() if d <= steps)


_characters_raw = _load("characters.json")["characters"]
CHARACTERS: dict[str, Character] = {
    c["id"]: Character(
        id=c["id"],
        name=c["name"],
        title=c["title"],
        side=c["side"],
        kind=c["kind"],
        level=c["level"],
        leadership=c["leadership"],
        activates=tuple(c["activates"]),
        die_bonus=c["die_bonus"],
        nation=c["nation"],
        starts_in_fellowship=c["starts_in_fellowship"],
        guide=c["guide"],
        abilities=tuple(Ability(a["id"], a["name"], a["text"]) for a in c["abilities"]),
        entry=c["entry"],
    )
    for c in _characters_raw
}


def _slug(name: str) -> str:
    """``"A Balrog is Come!"`` -> ``"a_balrog_is_come"``."""
    kept = "".join(ch if ch.isalnum() else " " for ch in name.casefold().replace("'", ""))
    return "_".join(kept.split())


#: Twilight of the Third Age characters with a figure of their own (``tta_characters.json``): in
#: the table so that every rule reads them as it reads the base ones; only a game with their
#: switch ever places them (the module's other characters use a base figure).
MODULE_FIGURES: tuple[str, ...] = ("galadriel", "balrog")
for _raw in _load("tta_characters.json")["characters"]:
    if _raw["id"] in MODULE_FIGURES:
        CHARACTERS[_raw["id"]] = Character(
            id=_raw["id"],
            name=_raw["name"],
            title=_raw["title"],
            side=_raw["side"],
            kind=_raw["kind"],
            level=_raw["level"],
            leadership=_raw["leadership"],
            activates=tuple(_raw["activates"]),
            die_bonus=_raw["die_bonus"],
            nation=None,
            starts_in_fellowship=False,
            guide=None,
            abilities=tuple(Ability(_slug(a["name"]), a["name"], a["text"]) for a in _raw["abilities"]),
            entry=_raw["entry"],
        )
for _character in CHARACTERS.values():
    _what = f"character {_character.id!r}"
    _check_side(_character.side, _what)
    _check_nation(_character.nation, NATIONS, _what)
    for _nation_id in _character.activates:
        if _nation_id != "any":
            _check_nation(_nation_id, NATIONS, _what)
    if _character.kind not in KINDS:
        raise ValueError(f"{_what}: unknown kind {_character.kind!r}")
#: The seven Companions who start in the Fellowship, in Fellowship order (Gandalf the Grey, the first Guide).
COMPANIONS: tuple[str, ...] = tuple(
    c.id for c in CHARACTERS.values() if c.kind == "companion" and c.starts_in_fellowship
)
#: The base game's Minions (the module's figures are not among them).
MINIONS: tuple[str, ...] = tuple(
    c.id for c in CHARACTERS.values() if c.kind == "minion" and c.id not in MODULE_FIGURES
)


def _tile(raw: Mapping[str, Any]) -> HuntTile:
    tile = HuntTile(
        raw["id"], raw["value"], raw["reveal"], raw["stop"], raw["side"], raw.get("name"), raw.get("card")
    )
    if isinstance(tile.value, str) and tile.value not in TILE_SYMBOLS:
        raise ValueError(f"hunt tile {tile.id!r}: unknown value {tile.value!r}")
    if tile.side is not None:
        _check_side(tile.side, f"hunt tile {tile.id!r}")
    return tile


_tiles_raw = _load("hunt_tiles.json")
#: The 16 standard tiles that start in the Hunt Pool, one per physical tile.
STANDARD_TILES: tuple[HuntTile, ...] = tuple(_tile(t) for t in _tiles_raw["standard"])
SPECIAL_TILES: dict[str, HuntTile] = {t["id"]: _tile(t) for t in _tiles_raw["special"]}
TILES: dict[str, HuntTile] = {**{t.id: t for t in STANDARD_TILES}, **SPECIAL_TILES}
if len(TILES) != len(_tiles_raw["standard"]) + len(_tiles_raw["special"]):
    raise ValueError("duplicate hunt tile ids in hunt_tiles.json")
#: Twilight of the Third Age: the 2 Sméagol tiles (``tta_tiles.json``), known to every rule of the
#: Hunt as "0" tiles of no side; only a game with Sméagol puts them in the pool.
MODULE_TILES: tuple[str, ...] = tuple(t["id"] for t in _load("tta_tiles.json")["tiles"])
TILES.update(
    {
        t["id"]: HuntTile(t["id"], t["value"], t["reveal"], t["stop"], None, "Sméagol", None)
        for t in _load("tta_tiles.json")["tiles"]
    }
)

_cards_raw = _load("cards.json")["cards"]
CARDS: dict[str, Card] = {
    c["id"]: Card(
        id=c["id"],
        side=c["side"],
        deck=c["deck"],
        number=c["number"],
        name=c["name"],
        icon=c["icon"],
        initiative=tuple(c["initiative"]),
        condition=c["condition"],
        on_table=c["on_table"],
        event=c["event"],
        discard=c["discard"],
        combat=CombatCard(c["combat"]["name"], c["combat"]["condition"], c["combat"]["effect"]),
    )
    for c in _cards_raw
}
for _card in CARDS.values():
    _check_side(_card.side, f"card {_card.id!r}")
    if _card.deck not in DECK_KINDS or _card.icon not in ICONS:
        raise ValueError(f"card {_card.id!r}: unknown deck {_card.deck!r} or icon {_card.icon!r}")
for _special in SPECIAL_TILES.values():
    if _special.card not in CARDS:
        raise ValueError(f"hunt tile {_special.id!r}: unknown card {_special.card!r}")
#: The four decks, keyed ``<side>_<deck>``, card ids in number order.
DECKS: dict[str, tuple[str, ...]] = {
    f"{side}_{deck}": tuple(
        c.id for c in sorted(CARDS.values(), key=lambda c: c.number or 0) if c.side == side and c.deck == deck
    )
    for side in SIDES
    for deck in DECK_KINDS
}

#: Twilight of the Third Age: the new and replacement Event cards (``data/war_of_the_ring/
#: tta_cards.json``), known to the engine as Event cards like the base ones but never in
#: :data:`DECKS` (the module's set-up puts them in the decks when its switch is on).
_tta_cards_raw = _load("tta_cards.json")
TWILIGHT_CARDS: frozenset[str] = frozenset(
    c["id"] for c in [*_tta_cards_raw["new"], *_tta_cards_raw["replacements"]]
)
#: Twilight of the Third Age: the cards of no deck, set aside at the start (We Shall Get It,
#: which comes with Sméagol, not with the Twilight cards: D35): an Event card with no Combat
#: half, which reaches the Shadow's hand when Sméagol is sacrificed.
SET_ASIDE_CARDS: frozenset[str] = frozenset(c["id"] for c in _tta_cards_raw["extra"])


def _combat_half(raw: Mapping[str, Any] | None) -> CombatCard | None:
    return None if raw is None else CombatCard(raw["name"], raw["condition"], raw["effect"])


CARDS.update(
    {
        c["id"]: Card(
            id=c["id"],
            side=c["side"],
            deck=c["deck"],
            number=c["number"],
            name=c["name"],
            icon=c["icon"],
            initiative=tuple(c["initiative"] or ()),
            condition=c["condition"],
            on_table=c["on_table"],
            event=c["event"],
            discard=c["discard"],
            combat=_combat_half(c["combat"]),
        )
        for c in [*_tta_cards_raw["new"], *_tta_cards_raw["replacements"], *_tta_cards_raw["extra"]]
    }
)
#: The base game's Event cards alone (the /rules topics and Combat cards of the base game).
BASE_CARDS: frozenset[str] = frozenset(CARDS) - TWILIGHT_CARDS - SET_ASIDE_CARDS


log.debug(
    "loaded %d regions, %d characters, %d hunt tiles, %d event cards",
    len(REGIONS),
    len(CHARACTERS),
    len(TILES),
    len(BASE_CARDS),
)
