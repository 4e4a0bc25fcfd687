"""The two Twilight of the Third Age cards that use the Corsair Ships (:mod:`..corsairs`): *The
Corsairs are Upon Us!* (``shs_10t``, replaces Corsairs of Umbar with the Corsairs on) and the
Event of *Threats to the Fiefs of the South* (``fps_26``; its Combat card, Last Defences, belongs
with the other Twilight cards).

- **The Corsairs are Upon Us!** (Corsairs in play): the Shadow sails any or all fleets, each up to
  2 coastal steps (``fleet <region>``, ``sail <region> <n>``, ``done``); then he may carry one
  Army from a region with a Ship to another region with a Ship that is free for Army movement (the
  card sets no distance: any such region); that Army may then move one region or attack
  (``army <region>`` / ``attack <from> <to>`` / ``done``), and in a battle it starts the Free
  Peoples play no Combat card in the first round.
- **Threats to the Fiefs of the South** (Corsairs in play): 1 Gondor Regular in each of Pelargir,
  Lossarnach and Lamedon that is free (D34), then a die for each Ship in a coastal region of Gondor
  (D25), one Ship at a time: on 4+ it sinks.

The cards enter the decks with the Twilight cards (``cards`` switch); their handlers join the
registry as soon as the card table knows them (:data:`CARDS`).
"""

from __future__ import annotations

from typing import Any

from games.core import Action, State, emit
from games.core.chance import roll
from games.core.flow import Frame

from .. import corsairs
from ..battle_actions import card_attack, targets
from ..data import CARDS as CARD_DATA
from ..data import SHADOW
from ..i18n import mark
from .base import EventCard, ask
from .builders import data
from .marching import Staged, may_move, move_from, wait
from .recruiting import Recruiting, group, regulars
from .words import ntr, tr
from .words import region as region_words

UPON_US = "shs_10t"
FIEFS = "fps_26"
SEA_TITLE = mark("The Corsairs are Upon Us!: an Army by sea")
ON_TITLE = mark("The Corsairs are Upon Us!: the Army moves on")
FIEFS_REGIONS = ("pelargir", "lossarnach", "lamedon")
#: A Ship rolled for by Threats to the Fiefs of the South sinks on this or more.
SINKS_ON = 4


def _ship_regions(state: State) -> list[str]:
    return list(corsairs.view(state))


class CorsairsAreUponUs(Staged):
    card = UPON_US

    def can_play(self, state: State, side: str) -> bool:
        return corsairs.in_play(state)

    def _origins(self, state: State) -> list[str]:
        dests = _ship_regions(state)
        return [r for r in dests if may_move(state, SHADOW, 1, SEA_TITLE, dests=dests, only=[r])]

    def next(self, state: State, side: str, frame: Frame, stage: str, value: Any) -> bool:
        notes = data(frame)
        came: dict[str, int] = notes.setdefault("came", {})
        if stage == "fleet" and value.verb == "fleet":
            notes["from"] = value.args[0]
            options = [
                (
                    a,
                    ntr(
                        "Sail {count} to {region}",
                        "Sail {count} to {region}",
                        int(a.args[1]),
                        region=region_words(a.args[0]),
                    ),
                )
                for a in corsairs.sail_choices(state, value.args[0], came)
            ]
            return ask(
                frame, side, "sail", options, tr("the fleet"), tr("Where do the Ships sail, and how many?")
            )
        if stage == "sail":
            corsairs.sail(state, notes["from"], value.args[0], int(value.args[1]), came)
        if stage == "fleet" and value.verb == "done":
            notes["fleets_done"] = True
        if stage in ("start", "fleet", "sail") and not notes.get("fleets_done"):
            fleets = corsairs.fleets(state, SHADOW, came)
            if fleets:
                options = [
                    (Action("fleet", (r,)), tr("Sail the Ships in {region}", region=region_words(r)))
                    for r in fleets
                ]
                options.append((Action("done"), tr("No more Ships: on to the Army")))
                return ask(
                    frame,
                    side,
                    "fleet",
                    options,
                    tr("the fleets"),
                    tr("Sail a fleet up to 2 coastal regions, or go on."),
                )
        if stage in ("start", "fleet", "sail"):
            origins = self._origins(state)
            if not origins:
                return False
            options = [
                (Action("army", (r,)), tr("Carry the Army in {region} by sea", region=region_words(r)))
                for r in origins
            ]
            options.append((Action("done"), tr("No Army goes by sea")))
            return ask(
                frame, side, "army", options, tr("the landing"), tr("Carry an Army to a region with a Ship?")
            )
        if stage == "army" and value.verb == "army":
            notes["log_at"] = len(state["log"])
            move_from(state, SHADOW, value.args[0], 1, SEA_TITLE, dests=_ship_regions(state))
            return wait(frame, "landed")
        if stage == "landed":
            return self._then(state, side, frame)
        if stage == "then" and value.verb == "army":
            move_from(state, SHADOW, value.args[0], 1, ON_TITLE)
            return wait(frame, "over")
        if stage == "then" and value.verb == "attack":
            card_attack(state, SHADOW, value.args[0], value.args[1], {"free_cards_barred_first": True})
            return wait(frame, "over")
        return False

    def _then(self, state: State, side: str, frame: Frame) -> bool:
        """The Army that landed may move on or attack."""
        landed = [e["args"]["to"] for e in state["log"][data(frame)["log_at"] :] if e["kind"] == "army_moved"]
        if not landed:
            return False
        where = landed[-1]
        options: list[tuple[Action, str]] = []
        if may_move(state, SHADOW, 1, ON_TITLE, only=[where]):
            options.append(
                (Action("army", (where,)), tr("Move the Army in {region} on", region=region_words(where)))
            )
        options += [
            (
                Action("attack", (where, t)),
                tr("Attack {target} from {region}", target=region_words(t), region=region_words(where)),
            )
            for t in targets(state, SHADOW, where, False)
        ]
        if not options:
            return False
        options.append((Action("done"), tr("Neither move nor attack")))
        return ask(frame, side, "then", options, tr("then"), tr("The Army may move on or attack."))


class ThreatsToTheFiefs(Recruiting):
    """Recruit the three Gondor Regulars (the recruiting builder), then roll for the Ships."""

    def __init__(self) -> None:
        super().__init__(
            FIEFS,
            *(group(region, regulars("gondor", 1)) for region in FIEFS_REGIONS),
            condition=lambda state, side: corsairs.in_play(state),
            before_possible=lambda state, side: self._ships(state) > 0,
        )

    @staticmethod
    def _ships(state: State) -> int:
        return sum(corsairs.ships_at(state, r) for r in corsairs.GONDOR_COAST)

    def _finish(self, state: State, side: str, frame: Frame) -> bool:
        for region in corsairs.GONDOR_COAST:
            for _ in range(corsairs.ships_at(state, region)):
                die = roll(state, f"{FIEFS}_ship")
                emit(state, "ship_rolled", {"region": region, "die": die, "sunk": die >= SINKS_ON})
                if die >= SINKS_ON:
                    corsairs.sink(state, region, 1)
        return super()._finish(state, side, frame)


#: The handlers of the cards the card table knows (both come with the Twilight cards).
CARDS: tuple[EventCard, ...] = tuple(
    make() for card, make in ((UPON_US, CorsairsAreUponUs), (FIEFS, ThreatsToTheFiefs)) if card in CARD_DATA
)
HANDLER_TYPES = {UPON_US: CorsairsAreUponUs, FIEFS: ThreatsToTheFiefs}
