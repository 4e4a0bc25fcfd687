"""The content of Twilight of the Third Age, loaded once from ``data/war_of_the_ring/tta_*.json``.

Every piece of content carries where it comes from (:data:`SOURCES`): ``official`` (the module's
components, cards, the seed text or the FAQ), ``reference`` (a decision or reconstruction of the
module reference, adopted) or ``reconstructed`` (our own).

>>> ENGINES["shadow"].plural, ENGINES["free"].count, ENGINES_PER_REGION
('Siege Towers', 6, 2)
>>> FACTIONS["ents"].count, FACTIONS["corsairs"].side, COASTAL_CHAIN[0], len(COASTAL_CHAIN)
(8, 'shadow', 'umbar', 14)
>>> sorted(CARDS)[:3], CARDS["shs_25"].number_source, REPLACEMENTS["shc_17"].needs
(['fpc_25', 'fpc_26', 'fps_25'], 'official', 'balrog')
>>> TTA_CHARACTERS["galadriel"].leadership, TTA_CHARACTERS["galadriel"].sources["leadership"]
(2, 'official')
>>> [t.id for t in SMEAGOL_TILES]
['smeagol_1', 'smeagol_2']
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from games.core.content import load_json

from ..data import DATA_DIR, SIDES

SOURCES = ("official", "reference", "reconstructed")


def _load(name: str) -> Any:
    return load_json(DATA_DIR, name)


@dataclass(frozen=True, slots=True)
class Engine:
    """One side's siege engines: Trebuchets (Free Peoples) or Siege Towers (Shadow)."""

    side: str
    name: str
    plural: str
    count: int


@dataclass(frozen=True, slots=True)
class Faction:
    id: str
    name: str
    piece: str
    side: str
    count: int
    source: str


@dataclass(frozen=True, slots=True)
class Ability:
    name: str
    text: str


@dataclass(frozen=True, slots=True)
class TtaCharacter:
    id: str
    name: str
    title: str
    side: str
    kind: str
    level: int | None
    leadership: int
    die_bonus: int
    activates: tuple[str, ...]
    entry: str
    abilities: tuple[Ability, ...]
    leaves: str
    #: Where each value comes from: field name -> ``official``, ``reference`` or ``reconstructed``.
    sources: MappingProxyType[str, str]


@dataclass(frozen=True, slots=True)
class SmeagolTile:
    id: str
    value: int
    reveal: bool
    stop: bool
    source: str


@dataclass(frozen=True, slots=True)
class CombatHalf:
    name: str
    condition: str | None
    effect: str


@dataclass(frozen=True, slots=True)
class TtaCard:
    """A card of the module: new (numbers 25-26), a replacement (``replaces`` a base card when
    the switch ``needs`` is on) or set aside (We Shall Get It: no deck, no combat half)."""

    id: str
    side: str
    deck: str | None
    number: int | None
    name: str
    icon: str
    initiative: tuple[int, ...]
    condition: str | None
    on_table: bool
    event: str
    discard: str | None
    combat: CombatHalf | None
    source: str
    number_source: str
    replaces: str | None = None
    needs: str | None = None


def _card(raw: dict[str, Any]) -> TtaCard:
    combat = raw["combat"]
    return TtaCard(
        id=raw["id"],
        side=raw["side"],
        deck=raw["deck"],
        number=raw["number"],
        name=raw["name"],
        icon=raw["icon"],
        initiative=tuple(raw["initiative"] or ()),
        condition=raw["condition"],
        on_table=raw["on_table"],
        event=raw["event"],
        discard=raw["discard"],
        combat=None if combat is None else CombatHalf(combat["name"], combat["condition"], combat["effect"]),
        source=raw["source"],
        number_source=raw.get("number_source", raw["source"]),
        replaces=raw.get("replaces"),
        needs=raw.get("needs"),
    )


_PIECES = _load("tta_pieces.json")
ENGINES: MappingProxyType[str, Engine] = MappingProxyType(
    {side: Engine(side, **_PIECES["engines"][side]) for side in SIDES}
)
#: Engines of one side in one region at most.
ENGINES_PER_REGION: int = _PIECES["engines"]["per_region"]
FACTIONS: MappingProxyType[str, Faction] = MappingProxyType(
    {key: Faction(key, **raw) for key, raw in _PIECES["factions"].items()}
)
#: The coastal regions from Umbar to Forlindon, each next to the following (D20).
COASTAL_CHAIN: tuple[str, ...] = tuple(_PIECES["coastal_chain"]["regions"])
CORSAIR_TRANSPORT_RANGE: int = _PIECES["constants"]["corsair_transport_range"]["value"]
ENTS_PER_ENTS_AWAKE: int = _PIECES["constants"]["ents_per_ents_awake"]["value"]

_CHARACTERS = _load("tta_characters.json")["characters"]
TTA_CHARACTERS: MappingProxyType[str, TtaCharacter] = MappingProxyType(
    {
        raw["id"]: TtaCharacter(
            **{k: v for k, v in raw.items() if k not in ("abilities", "activates", "sources")},
            activates=tuple(raw["activates"]),
            abilities=tuple(Ability(a["name"], a["text"]) for a in raw["abilities"]),
            sources=MappingProxyType(dict(raw["sources"])),
        )
        for raw in _CHARACTERS
    }
)

SMEAGOL_TILES: tuple[SmeagolTile, ...] = tuple(SmeagolTile(**t) for t in _load("tta_tiles.json")["tiles"])

_CARDS = _load("tta_cards.json")
#: The 8 new cards, by id.
CARDS: MappingProxyType[str, TtaCard] = MappingProxyType({c["id"]: _card(c) for c in _CARDS["new"]})
#: The replacement cards, by the id of the base card each replaces.
REPLACEMENTS: MappingProxyType[str, TtaCard] = MappingProxyType(
    {c["replaces"]: _card(c) for c in _CARDS["replacements"]}
)
#: Cards set aside outside the decks (We Shall Get It), by id.
SET_ASIDE_CARDS: MappingProxyType[str, TtaCard] = MappingProxyType(
    {c["id"]: _card(c) for c in _CARDS["extra"]}
)
#: The Ents Awake replacements whose text is unknown: listed, never used (D3).
UNUSED_REPLACEMENTS: tuple[dict[str, Any], ...] = tuple(_CARDS["unused_replacements"])
