"""Builders for the Event cards that strike, move and attack Armies (issue 19): the pieces the
handlers of :mod:`.army_cards_free` and :mod:`.army_cards_shadow` are made of.

- A **strike** (:func:`strike`): the card rolls dice against an Army (chance ``<card>_die``,
  e.g. ``fps_05_die``); its hits are taken as in a battle, through :mod:`..casualties` (the
  owner chooses); then :func:`after_strike` settles what is left (a garrison lost, a siege
  lifted, Free Peoples Leaders alone; and for the cards that say so, the Nazgûl and Minions of
  a destroyed Army die with it).
- A **move** (:func:`move_armies`): the procedure of :mod:`..armies` with the card's range and
  limits (:func:`..armies.card_frame`).
- An **attack** (:func:`..battle_actions.card_attack`): the battle procedure with the card's rules.
- A **recruitment on the spot** (:func:`recruit_here`): figures from reinforcements into one
  region, the stacking limit settled first.

Each builder that calls a procedure returns ``True`` (the card waits; its ``resume`` follows).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.core import Action, State, emit
from games.core.chance import roll
from games.core.flow import Frame, call

from .. import casualties, occupation, stacking
from ..armies import any_army_to_move, card_frame
from ..battle import settle_siege
from ..board import (
    add,
    army,
    back_to_reinforcements,
    besieged,
    characters_at,
    controller,
    remove,
    take_reinforcement,
    units,
)
from ..data import DUNLENDINGS, FREE, REGIONS, SHADOW, STRONGHOLDS
from ..roles import other
from .base import EventCard
from .words import place, tr

Counts = dict[str, dict[str, int]]
UNIT = ("regular", "elite")

#: Regions the Army cards of both sides name.
ROHAN = tuple(r for r, info in REGIONS.items() if info.nation == "rohan")
ELVEN_STRONGHOLDS = tuple(r for r in STRONGHOLDS[FREE] if REGIONS[r].nation == "elves")
SAURON_STRONGHOLDS = tuple(r for r in STRONGHOLDS[SHADOW] if REGIONS[r].nation == "sauron")
#: Corsairs of Umbar: the coastal regions of Gondor (the rules do not list them; see the docs).
GONDOR_COAST = ("anfalas", "dol_amroth", "lamedon", "pelargir")
ITHILIEN = ("osgiliath", "north_ithilien", "south_ithilien")
DEAD_MEN_DESTINATIONS = ("erech", "lamedon", "pelargir")


def where_army(state: State, region: str, side: str) -> bool | None:
    """Whether ``side``'s Army units in ``region`` are inside its Stronghold (``True``), in the
    open (``False``), or absent (``None``)."""
    if units(state, region, side):
        return False
    if besieged(state, region) and controller(state, region) == side and units(state, region, side, True):
        return True
    return None


def nazgul_count(state: State, region: str, witch_king: bool = True) -> int:
    """The Nazgûl with the Shadow's Army there, in the open or besieged in its Stronghold (the
    Witch-king too, if counted)."""
    inside = where_army(state, region, SHADOW) is True
    table = state["garrisons"] if inside else state["armies"]
    found: int = table.get(region, {}).get("sauron", {}).get("leader", 0)
    if witch_king and "witch_king" in characters_at(state, region, SHADOW, inside):
        found += 1
    return found


def roll_dice(state: State, card: str, count: int) -> list[int]:
    return [roll(state, f"{card}_die") for _ in range(count)]


def strike(state: State, card: str, region: str, side: str, count: int, target: int) -> bool:
    """Roll ``count`` dice (at most 5) against ``side``'s Army in ``region``, a hit on ``target``
    or more; the owner takes the hits. Whether the ``casualties`` procedure was called."""
    inside = where_army(state, region, side)
    dice = roll_dice(state, card, min(5, count))
    hits = sum(1 for d in dice if d >= target)
    emit(state, "card_roll", {"card": card, "region": region, "dice": dice, "target": target, "hits": hits})
    if inside is None or not hits:
        return False
    group = casualties.group(side, region, inside, army(state, region, side, inside), hits)
    return casualties.take(state, [group])


def strike_many(state: State, card: str, targets: Sequence[tuple[str, int]], side: str, target: int) -> bool:
    """:func:`strike` on several Armies at once (``(region, dice)``); one casualties procedure."""
    groups = []
    for region, count in targets:
        inside = where_army(state, region, side)
        dice = roll_dice(state, card, min(5, count))
        hits = sum(1 for d in dice if d >= target)
        emit(
            state, "card_roll", {"card": card, "region": region, "dice": dice, "target": target, "hits": hits}
        )
        if inside is not None and hits:
            groups.append(casualties.group(side, region, inside, army(state, region, side, inside), hits))
    return bool(groups) and casualties.take(state, groups)


def after_strike(state: State, region: str, side: str, lethal: bool = False) -> None:
    """After a card's hits on ``side``'s Army in ``region``: with ``lethal`` (the card says so),
    an Army without units loses its Nazgûl, Leaders and Minions as in a battle (§11.6); a
    garrison without units is lost and a siege without besiegers lifted (§12.2); Free Peoples
    Leaders alone are removed (§9.1)."""
    if lethal:
        for inside in (False, True):
            if units(state, region, side, inside):
                continue
            leaders = {n: c for n, c in army(state, region, side, inside).items() if c.get("leader")}
            chars = characters_at(state, region, side, inside)
            if leaders or chars:
                casualties.fall_with_army(state, region, side, inside, leaders, chars)
    # A garrison the hits wiped out is gone from the siege table already: in a Stronghold's region
    # the besiegers (the only enemy units that may stand there) then take it.
    settle_siege(state, region, was_besieged=REGIONS[region].is_stronghold)
    occupation.lone_leaders(state, region)


def move_armies(state: State, side: str, left: int, title: str, **card: Any) -> bool:
    """Call the Army movement procedure for a move by card (see :func:`..armies.card_frame`)."""
    call(state, "army_choose", **card_frame(side, left, title, **card))
    return True


def may_move(state: State, side: str, left: int, title: str, **card: Any) -> bool:
    """Whether :func:`move_armies` has an Army to move."""
    return any_army_to_move(state, card_frame(side, left, title, **card))


def move_from(state: State, side: str, region: str, left: int, title: str, **card: Any) -> bool:
    """:func:`move_armies` with the first Army chosen already (the card asked for it)."""
    frame = card_frame(side, left, title, **card)
    frame["from"] = region
    call(state, "army_to", **frame)
    return True


def recruit_here(state: State, side: str, region: str, figures: Mapping[str, Mapping[str, int]]) -> bool:
    """Recruit ``figures`` (``{nation: {kind: n}}``, as many as reinforcements hold) in ``region``
    by card (At War ignored). The units first face the stacking limit there; whether the
    ``stacking`` procedure was called (then :func:`land` with what it returns)."""
    wanted: Counts = {}
    for nation, kinds in figures.items():
        for kind, n in kinds.items():
            have = min(n, state["reinforcements"][nation].get(kind, 0))
            if have:
                wanted.setdefault(nation, {})[kind] = have
    incoming = {n: {k: c for k, c in kinds.items() if k in UNIT} for n, kinds in wanted.items()}
    incoming = {n: kinds for n, kinds in incoming.items() if kinds}
    leaders = {n: kinds["leader"] for n, kinds in wanted.items() if kinds.get("leader")}
    land(state, side, region, {}, leaders)
    inside = where_army(state, region, side) is True  # a besieged Stronghold: its limit of 5
    if incoming and stacking.call_arrival(state, region, side, incoming, inside):
        return True
    land(state, side, region, incoming, {})
    return False


def land(
    state: State, side: str, region: str, kept: Mapping[str, Mapping[str, int]], leaders: Mapping[str, int]
) -> None:
    """The recruits arrive: ``kept`` units (after the stacking limit) and ``leaders`` per Nation."""
    inside = where_army(state, region, side) is True
    arriving = [(n, k, c) for n, kinds in kept.items() for k, c in kinds.items()]
    arriving += [(n, "leader", c) for n, c in leaders.items()]
    for nation, kind, count in arriving:
        taken = take_reinforcement(state, nation, kind, count)
        if taken:
            add(state, region, nation, kind, taken, inside)
            emit(
                state,
                "units_recruited",
                {"side": side, "region": region, "nation": nation, "kind": kind, "count": taken},
            )


def region_words(region: str) -> str:
    return REGIONS[region].name


def region_choices(verb: str, regions: Sequence[str], msgid: str) -> list[tuple[Action, str]]:
    """Options ``<verb> <region>`` with words: ``msgid`` (marked) holds ``{region}``, the region as
    printed on the board."""
    return [(Action(verb, (r,)), tr(msgid, region=place(r))) for r in regions]


def enemy(side: str) -> str:
    return other(side)


class Staged(EventCard):
    """A card of several stages: ``frame["data"]["stage"]`` names what it waits for, and
    :meth:`next` carries on from it (after an answer or a procedure)."""

    def start(self, state: State, side: str, frame: Frame) -> bool:
        return self.next(state, side, frame, "start", None)

    def choose(self, state: State, side: str, frame: Frame, action: Action) -> bool:
        stage = frame["ask"]["stage"]
        frame["ask"] = None
        return self.next(state, side, frame, stage, action)

    def resume(self, state: State, side: str, frame: Frame, value: Any) -> bool:
        return self.next(state, side, frame, str(frame["data"].get("stage", "")), value)

    def next(self, state: State, side: str, frame: Frame, stage: str, value: Any) -> bool:
        raise NotImplementedError


def wait(frame: Frame, stage: str) -> bool:
    """The card waits for a procedure; ``stage`` names where it resumes."""
    frame["data"]["stage"] = stage
    return True


def shadow_armies(state: State) -> list[str]:
    """Regions with Shadow Army units (in the open or in a garrison), board order."""
    return [r for r in REGIONS if where_army(state, r, SHADOW) is not None]


def nations_in(state: State, region: str, side: str) -> set[str]:
    """The Nations of ``side``'s Army units there (never the Dunlendings: no Nation, D15)."""
    inside = where_army(state, region, side)
    if inside is None:
        return set()
    found = army(state, region, side, inside).items()
    return {n for n, c in found if (c.get("regular") or c.get("elite")) and n != DUNLENDINGS}


def shift(state: State, side: str, origin: str, dest: str, kept: Any) -> None:
    """Every figure of ``side`` in the open at ``origin`` goes to ``dest``: the units ``kept``
    after the stacking limit (the others back to reinforcements), Leaders and characters all."""
    for nation, counts in army(state, origin, side).items():
        for kind, n in counts.items():
            remove(state, origin, nation, kind, n)
            come = n if kind == "leader" else min(n, kept.get(nation, {}).get(kind, 0))
            if come:
                add(state, dest, nation, kind, come)
            back_to_reinforcements(state, nation, kind, n - come)
    for character in characters_at(state, origin, side):
        state["characters"][character] = {"region": dest, "inside": False}
    occupation.arrive(state, dest, side)
