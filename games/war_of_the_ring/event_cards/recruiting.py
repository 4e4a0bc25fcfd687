"""Recruitment by Event card (§7.2, §10.3): the builder of the recruiting cards.

A card recruits one or more :class:`Group` s, in order; each group's figures all go to one
region, chosen among the group's candidate regions where recruitment by card is possible
(:func:`games.war_of_the_ring.recruit.card_target`: At War or not, inside one's own besieged
Stronghold too, otherwise a region free for the player). Cards that say "different" regions
(``distinct``) never use a region twice. Applied as far as possible: a figure missing from the
reinforcements is left out, a group with no region or no figure left is skipped, and a Free
Peoples Leader is recruited only beside Free Peoples units (alone he would be lost at once).

Questions (legal-only, asked only when there is a real choice): ``place <region> <kind>`` — the
region of a group together with its first figure (a "Regular or Elite" unit: its kind), then
``place <region> regular|elite`` for each further unit of the group. The group lands at once
with the stacking limit (:func:`games.war_of_the_ring.stacking.call_arrival`) settled first;
then the card may draw Strategy cards (hand limit after).

The handler's notes (``frame["data"]``): ``group`` (index), ``region`` / ``inside`` (of the
group under way), ``slots`` (``[nation, kind]`` still to decide), ``chosen`` (``[nation, kind]``
decided), ``used`` (regions of earlier groups), ``wait`` (``stacking`` / ``discard``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from games.core import Action, State, emit
from games.core.flow import Frame
from games.core.words import join_words

from .. import stacking
from ..board import REGION_INDEX, add, characters_at, take_reinforcement, units
from ..data import CHARACTERS, FREE, NATIONS
from ..grammar import plural
from ..i18n import english
from ..recruit import card_target
from ..roles import nation_adjective
from .base import EventCard, ask
from .builders import Condition, always, data, draw_cards, hand_limit
from .words import Said, figures, listed, ntr, tr
from .words import card as card_words
from .words import nation as nation_words
from .words import region as region_words

#: A figure whose kind the player chooses: a Regular or an Elite.
UNIT = "unit"
CHOICES = ("regular", "elite")

Regions = Callable[[State, str], Iterable[str]]
Effect = Callable[[State, str], None]


@dataclass(frozen=True)
class Figures:
    """``count`` figures of ``nation``: ``regular``, ``elite``, ``leader`` (Nazgûl) or :data:`UNIT`."""

    nation: str
    kind: str
    count: int = 1


@dataclass(frozen=True)
class Group:
    """Figures recruited together in one of ``regions`` (candidates, before the free check)."""

    figures: tuple[Figures, ...]
    regions: Regions


def at(*regions: str) -> Regions:
    """Fixed candidate regions."""
    return lambda state, side: regions


def unit(nation: str, count: int = 1) -> Figures:
    return Figures(nation, UNIT, count)


def regulars(nation: str, count: int) -> Figures:
    return Figures(nation, "regular", count)


def leader(nation: str) -> Figures:
    return Figures(nation, "leader")


def group(regions: Regions | str, *figures: Figures) -> Group:
    return Group(figures, at(regions) if isinstance(regions, str) else regions)


def companions_in(state: State, region: str) -> bool:
    """Whether a Companion stands in ``region`` (in the open or inside its Stronghold)."""
    return any(
        CHARACTERS[c].kind == "companion"
        for inside in (False, True)
        for c in characters_at(state, region, FREE, inside)
    )


# -- what may still be recruited -----------------------------------------------------------------
def _slots(spec: Group) -> list[list[str]]:
    return [[f.nation, f.kind] for f in spec.figures for _ in range(f.count)]


def _left(state: State, nation: str, kind: str, chosen: Sequence[Sequence[str]]) -> int:
    pending = sum(1 for n, k in chosen if n == nation and k == kind)
    return int(state["reinforcements"][nation].get(kind, 0)) - pending


def _kinds(state: State, nation: str, kind: str, chosen: Sequence[Sequence[str]]) -> list[str]:
    """The kinds one slot may take now (none: the figure is left out)."""
    options = CHOICES if kind == UNIT else (kind,)
    return [k for k in options if _left(state, nation, k, chosen) > 0]


def _fits(state: State, side: str, spec: Group, region: str, inside: bool) -> bool:
    """Whether some figure of the group may go there (a Free Peoples Leader only beside units)."""
    lone = side == FREE and not units(state, region, FREE, inside)
    return any(
        kind != "leader" or not lone
        for nation, slot in _slots(spec)
        for kind in _kinds(state, nation, slot, [])
    )


def _legal(
    state: State, side: str, spec: Group, used: Sequence[str], regions: Iterable[str]
) -> Iterator[str]:
    for region in regions:
        inside = card_target(state, side, region)
        if region not in used and inside is not None and _fits(state, side, spec, region, inside):
            yield region


def regions_for(state: State, side: str, spec: Group, used: Sequence[str]) -> list[str]:
    """Where the group may go now, in board order."""
    candidates = sorted(set(spec.regions(state, side)), key=REGION_INDEX.__getitem__)
    return list(_legal(state, side, spec, used, candidates))


def possible(state: State, side: str, spec: Group) -> bool:
    """Whether the group may go somewhere now (the first legal region found is enough)."""
    return any(_kinds(state, n, k, []) for n, k in _slots(spec)) and (
        next(_legal(state, side, spec, (), spec.regions(state, side)), None) is not None
    )


# -- the builder ---------------------------------------------------------------------------------
class Recruiting(EventCard):
    """A card that recruits its groups, after an optional first effect, then draws cards."""

    def __init__(
        self,
        card: str,
        *groups: Group,
        distinct: bool = False,
        draw: int = 0,
        condition: Condition = always,
        before: Effect | None = None,
        before_possible: Condition | None = None,
    ) -> None:
        super().__init__(card)
        self.groups, self.distinct, self.draw = groups, distinct, draw
        self.condition, self.before, self.before_possible = condition, before, before_possible

    # the card may be played when its condition holds and something of its effect can happen
    def can_play(self, state: State, side: str) -> bool:
        if not self.condition(state, side):
            return False
        if self.before_possible is not None and self.before_possible(state, side):
            return True
        if self.draw and state["decks"][f"{side}_strategy"]:
            return True
        return any(possible(state, side, spec) for spec in self.groups)

    def start(self, state: State, side: str, frame: Frame) -> bool:
        if self.before is not None:
            self.before(state, side)
        data(frame).update(group=0, region=None, inside=False, slots=[], chosen=[], used=[], wait="")
        return self._go(state, side, frame)

    def choose(self, state: State, side: str, frame: Frame, action: Action) -> bool:
        notes = data(frame)
        region, kind = action.args
        if notes["region"] is None:
            notes["region"], notes["inside"] = region, bool(card_target(state, side, region))
        nation = notes["slots"].pop(0)[0]
        notes["chosen"].append([nation, kind])
        return self._go(state, side, frame)

    def resume(self, state: State, side: str, frame: Frame, value: Any) -> bool:
        notes = data(frame)
        if notes["wait"] == "stacking":
            notes["wait"] = ""
            self._land(state, side, frame, value or {})
            return self._go(state, side, frame)
        return False  # the hand limit was settled: the card is done

    # the groups one after the other
    def _go(self, state: State, side: str, frame: Frame) -> bool:
        notes = data(frame)
        while notes["group"] < len(self.groups):
            spec = self.groups[notes["group"]]
            if notes["region"] is None:
                if self._ask_region(state, side, frame, spec):
                    return True
                if notes["region"] is None:  # nothing of this group can be recruited
                    notes["group"] += 1
                    continue
            if self._ask_units(state, side, frame):
                return True
            if self._arrive(state, side, frame):
                return True
        return self._finish(state, side, frame)

    def _ask_region(self, state: State, side: str, frame: Frame, spec: Group) -> bool:
        """Where the group goes, with its first figure's kind; asked only if there is a choice."""
        notes = data(frame)
        regions = regions_for(state, side, spec, notes["used"] if self.distinct else [])
        slots = _slots(spec)
        while slots and not _kinds(state, slots[0][0], slots[0][1], []):
            slots.pop(0)  # left out: none in reinforcements
        if not regions or not slots:
            return False
        notes["slots"], notes["chosen"] = slots, []
        kinds = _kinds(state, slots[0][0], slots[0][1], [])
        options = [
            (
                Action("place", (r, k)),
                tr("{figures} in {region}", figures=group_words(spec, k), region=region_words(r)),
            )
            for r in regions
            for k in kinds
        ]
        if len(options) > 1:
            return ask(frame, side, "place", options, tr("where to recruit?"), _place_text(self.card))
        notes["region"], notes["inside"] = regions[0], bool(card_target(state, side, regions[0]))
        nation = notes["slots"].pop(0)[0]
        notes["chosen"].append([nation, kinds[0]])
        return False

    def _ask_units(self, state: State, side: str, frame: Frame) -> bool:
        """Regular or Elite for each further unit of the group (a kind left out if none remain)."""
        notes = data(frame)
        region = notes["region"]
        while notes["slots"]:
            nation, kind = notes["slots"][0]
            kinds = _kinds(state, nation, kind, notes["chosen"])
            if len(kinds) > 1:
                options = [
                    (
                        Action("place", (region, k)),
                        tr(
                            "{figures} in {region}",
                            figures=figures(nation, k, 1),
                            region=region_words(region),
                        ),
                    )
                    for k in kinds
                ]
                return ask(frame, side, "unit", options, tr("Regular or Elite?"), _unit_text(self.card))
            notes["slots"].pop(0)
            if kinds:
                notes["chosen"].append([nation, kinds[0]])
        return False

    def _arrive(self, state: State, side: str, frame: Frame) -> bool:
        """The group lands (the stacking limit settled first); True while the owner chooses."""
        notes = data(frame)
        incoming: dict[str, dict[str, int]] = {}
        for nation, kind in notes["chosen"]:
            if kind in CHOICES:
                here = incoming.setdefault(nation, {})
                here[kind] = here.get(kind, 0) + 1
        if incoming and stacking.call_arrival(state, notes["region"], side, incoming, notes["inside"]):
            notes["wait"] = "stacking"
            return True
        self._land(state, side, frame, incoming)
        return False

    def _land(self, state: State, side: str, frame: Frame, kept: dict[str, dict[str, int]]) -> None:
        notes = data(frame)
        region, inside = notes["region"], notes["inside"]
        placed: dict[tuple[str, str], int] = {}
        for nation, counts in kept.items():
            for kind, n in counts.items():
                placed[(nation, kind)] = take_reinforcement(state, nation, kind, n)
        for nation, kind in notes["chosen"]:
            if kind != "leader" or (side == FREE and not _with_units(state, region, inside, placed)):
                continue
            placed[(nation, kind)] = placed.get((nation, kind), 0) + take_reinforcement(state, nation, kind)
        for (nation, kind), n in placed.items():
            if n:
                add(state, region, nation, kind, n, inside)
                emit(
                    state,
                    "card_recruited",
                    {
                        "side": side,
                        "region": region,
                        "nation": nation,
                        "kind": kind,
                        "count": n,
                        "card": self.card,
                    },
                )
        notes["used"].append(region)
        notes.update(group=notes["group"] + 1, region=None, inside=False, slots=[], chosen=[])

    def _finish(self, state: State, side: str, frame: Frame) -> bool:
        if self.draw:
            data(frame)["wait"] = "discard"
            draw_cards(state, side, "strategy", self.draw)
            return hand_limit(state, side)
        return False


def group_words(spec: Group, kind: str) -> str:
    """``1 Rohan Elite and 1 Rohan Leader``: the group, its first unit of ``kind``."""
    parts: list[str] = []
    first = True
    for group in spec.figures:
        nation, count = group.nation, group.count
        if group.kind != UNIT:
            parts.append(figures(nation, group.kind, count))
            continue
        if first:
            parts.append(figures(nation, kind, 1))
            count, first = count - 1, False
        if count:
            parts.append(_units_words(nation, count, more=bool(parts)))
    said = listed(parts)
    return Said(join_words(parts), said.words) if english() else said


def _units_words(nation: str, count: int, more: bool) -> Said:
    """``2 more Elven units`` (after other figures) or ``2 Elven units``."""
    if more:
        said = ntr(
            "{count} more {nation} unit", "{count} more {nation} units", count, nation=nation_words(nation)
        )
    else:
        said = ntr("{count} {nation} unit", "{count} {nation} units", count, nation=nation_words(nation))
    if english():  # the Nation as its figures are named ("Elven")
        return Said(plural(count, f"{'more ' if more else ''}{nation_adjective(nation)} unit"), said.words)
    return said


def _with_units(state: State, region: str, inside: bool, placed: dict[tuple[str, str], int]) -> bool:
    """Whether Free Peoples units stand (or just arrived) where a Leader would go."""
    arrived = any(
        n for (nation, kind), n in placed.items() if kind in CHOICES and NATIONS[nation].side == FREE
    )
    return arrived or bool(units(state, region, FREE, inside))


def _place_text(card: str) -> str:
    return tr("{card}: choose where the figures go (`place <region> <kind>`).", card=card_words(card))


def _unit_text(card: str) -> str:
    return tr("{card}: recruit a Regular or an Elite (`place <region> <kind>`).", card=card_words(card))
