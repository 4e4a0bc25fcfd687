"""Geometry on top of :mod:`games.lotr_risk.data`: one :class:`Geometry` per edition, card ids,
and the chains of own territories that fortify moves follow.

Territory cards have ids of their own, ``card:<territory>`` and ``card:wild-1`` /
``card:wild-2``, so that a hidden card id can never equal a public string (a territory slug or
name). Adventure cards keep the physical ids of the data (``ambush``, ``grima_wormtongue-2``).

>>> territory_card("the_shire"), card_territory("card:the_shire"), card_territory("card:wild-1")
('card:the_shire', 'the_shire', None)
>>> geometry("middle-earth").adjacent("mithlond", "forodwaith")
True
>>> sorted(chain({"a": "green", "b": "green", "c": "black", "d": "green"},
...              {"a": ("b", "c"), "b": ("a",), "c": ("a", "d"), "d": ("c",)}, "green", "a"))
['a', 'b']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache

from games.core import Action

from .data import CARDS, SETUP, SYMBOLS, TERRITORIES, WILD_CARDS, board, card_of
from .i18n import card_title, territory_title, tr

CARD_PREFIX = "card:"
#: The two wild territory cards.
WILDS: tuple[str, ...] = tuple(CARD_PREFIX + w for w in WILD_CARDS)


def territory_card(territory: str) -> str:
    """The id of the territory card that names ``territory``."""
    return CARD_PREFIX + territory


def card_territory(card: str) -> str | None:
    """The territory a territory card names; ``None`` for a wild card."""
    if card in WILDS:
        return None
    return card[len(CARD_PREFIX) :]


def is_territory_card(card: str) -> bool:
    return card.startswith(CARD_PREFIX)


def card_symbol(card: str) -> str | None:
    """``infantry``, ``cavalry`` or ``creature``; ``None`` for a wild card."""
    territory = card_territory(card)
    return None if territory is None else TERRITORIES[territory].symbol


def card_name(card: str) -> str:
    """A card in words: "the card of The Shire", "a wild card", or an adventure card's name.

    >>> card_name("card:moria"), card_name("card:wild-2"), card_name("ambush"), card_name("mission_bree")
    ('the card of Moria', 'a wild card', 'Ambush', 'the Bree mission')
    """
    if is_territory_card(card):
        territory = card_territory(card)
        if territory is None:
            return tr("a wild card")
        return tr("the card of {territory}", territory=territory_title(territory))
    data = card_of(card)
    if data.kind == "mission":
        return tr("the {mission} mission", mission=card_title(data.name))
    return card_title(data.name)


def adventure_kind(card: str) -> str:
    """``mission``, ``event`` or ``power`` of a physical adventure card."""
    return card_of(card).kind


def card_slug(card: str) -> str:
    """The card kind of a physical adventure id (``grima_wormtongue-2`` -> ``grima_wormtongue``)."""
    return card.partition("-")[0]


@dataclass(frozen=True, slots=True)
class Geometry:
    """The tables of one edition the rules look up (plain dicts and sets)."""

    edition: str
    territories: tuple[str, ...]
    #: Territory -> its position in board order (for sorting).
    index: Mapping[str, int]
    neighbours: Mapping[str, tuple[str, ...]]
    land_neighbours: Mapping[str, tuple[str, ...]]
    sea: frozenset[frozenset[str]]
    bridges: frozenset[frozenset[str]]
    region_of: Mapping[str, str]
    regions: Mapping[str, tuple[str, ...]]
    strongholds: frozenset[str]
    sites: frozenset[str]
    #: The Fellowship's path: territories, die spaces and the final space's index.
    path: tuple[str, ...]
    die_steps: frozenset[int]
    #: Every territory card id (wild cards last) and every physical adventure card.
    territory_cards: tuple[str, ...]
    adventure_deck: tuple[str, ...]
    #: The same as sets, for membership tests (every sampled position checks each card).
    territory_card_set: frozenset[str]
    adventure_card_set: frozenset[str]
    #: ``{site territory: mission card}`` for the missions of this edition's deck.
    missions: Mapping[str, str]
    #: Shared action objects (prompts are rebuilt after every action).
    attack: Mapping[tuple[str, str], Action]

    def adjacent(self, a: str, b: str) -> bool:
        return b in self.neighbours.get(a, ())

    def is_sea(self, a: str, b: str) -> bool:
        """Whether ``a`` and ``b`` are joined by a sea route."""
        return frozenset((a, b)) in self.sea

    @property
    def final_step(self) -> int:
        return len(self.path) - 1


@cache
def geometry(edition: str) -> Geometry:
    """The geometry of ``middle-earth`` or ``trilogy`` (built once)."""
    b = board(edition)
    deck = tuple(territory_card(t) for t in b.territories) + WILDS
    missions = {
        CARDS[c.partition("-")[0]].site or "": c
        for c in b.adventure_deck
        if CARDS[c.partition("-")[0]].kind == "mission"
    }
    return Geometry(
        edition=edition,
        territories=b.territories,
        index={t: i for i, t in enumerate(b.territories)},
        neighbours=b.neighbours,
        land_neighbours=b.land_neighbours,
        sea=b.sea_routes,
        bridges=b.bridges,
        region_of={t: TERRITORIES[t].region for t in b.territories},
        regions=b.regions,
        strongholds=frozenset(b.strongholds),
        sites=frozenset(b.sites),
        path=tuple(s.territory for s in b.path),
        die_steps=frozenset(i for i, s in enumerate(b.path) if s.die),
        territory_cards=deck,
        adventure_deck=b.adventure_deck,
        territory_card_set=frozenset(deck),
        adventure_card_set=frozenset(b.adventure_deck),
        missions=missions,
        attack={(a, n): Action("attack", (a, n)) for a in b.territories for n in b.neighbours[a]},
    )


def chain(
    owner: Mapping[str, str | None],
    neighbours: Mapping[str, Sequence[str]],
    role: str,
    start: str,
) -> set[str]:
    """Every territory of ``role`` joined to ``start`` by a chain of ``role``'s territories."""
    seen = {start}
    todo = [start]
    while todo:
        here = todo.pop()
        for near in neighbours[here]:
            if near not in seen and owner[near] == role:
                seen.add(near)
                todo.append(near)
    return seen


def symbols_value(symbols: Sequence[str | None]) -> int | None:
    """Battalions for three cards whose symbols are given (``None``: wild), the best reading.

    >>> symbols_value(["infantry", None, None]), symbols_value(["cavalry", "cavalry", None])
    (10, 6)
    >>> symbols_value(["infantry", "infantry", "cavalry"]) is None
    True
    """
    natural = [s for s in symbols if s is not None]
    wilds = len(symbols) - len(natural)
    best: int | None = None
    for wanted, value in SETUP.set_values.items():
        rest = list(wanted)
        fits = True
        for symbol in natural:
            if symbol in rest:
                rest.remove(symbol)
            else:
                fits = False
                break
        if fits and len(rest) == wilds and (best is None or value > best):
            best = value
    return best


def single_value(card: str) -> int:
    """Battalions for one territory card spent alone (a wild card counts as a creature).

    >>> single_value("card:the_shire"), single_value("card:wild-1")
    (3, 5)
    """
    symbol = card_symbol(card)
    if symbol is None:
        return max(SETUP.single_values.values())
    return SETUP.single_values[symbol]


__all__ = [
    "SYMBOLS",
    "WILDS",
    "Geometry",
    "adventure_kind",
    "card_name",
    "card_slug",
    "card_symbol",
    "card_territory",
    "chain",
    "geometry",
    "is_territory_card",
    "single_value",
    "symbols_value",
    "territory_card",
]
