"""A fleet's move as one of the two moves of an Army die (Twilight of the Third Age, D21).

In the Army move (:mod:`.armies`), ``fleet <region>`` picks the Ships of a region instead of an
Army; this step then asks ``sail <region> <n>``: all or some of them sail up to 2 steps along the
coastal chain, whatever stands there (Ships ignore enemy units). That spends one of the die's
moves; Ships that sailed do not sail again in the same action. The frame is the Army move's, with
``ships_came`` (Ships arrived, per region) and ``sailed`` (regions sailed from).
"""

from __future__ import annotations

from typing import Any

from games.core import Action, State
from games.core.flow import Frame, Step, ret

from . import corsairs
from .armies import any_army_to_move
from .grammar import region_words
from .i18n import tr


class FleetSail(Step):
    name = "fleet_sail"
    kind = "army_move"

    def active(self, state: State, frame: Frame) -> frozenset[str]:
        return frozenset({frame["side"]})

    def actions(self, state: State, frame: Frame, role: str) -> tuple[Action, ...]:
        return tuple(corsairs.sail_choices(state, frame["from"], frame.get("ships_came") or {}))

    def legal(self, state: State, frame: Frame, role: str, action: Action) -> bool:
        return corsairs.sail_legal(state, frame["from"], action, frame.get("ships_came") or {})

    def title(self, state: State, frame: Frame, role: str) -> str:
        return tr("Sail the Ships in {region}", region=region_words(frame["from"]))

    def instruction(self, state: State, frame: Frame, role: str) -> str:
        return tr(
            "Sail Ships from {region} up to 2 coastal regions away (`sail <region> <how many>`).",
            region=region_words(frame["from"]),
        )

    def waiting(self, state: State, frame: Frame) -> str:
        return tr("Waiting for the Shadow to sail the Corsairs.")

    def apply(self, state: State, frame: Frame, role: str, action: Action) -> None:
        dest, count = action.args
        came: dict[str, Any] = frame.setdefault("ships_came", {})
        corsairs.sail(state, frame["from"], dest, int(count), came)
        frame.setdefault("sailed", []).append(frame["from"])
        frame["from"] = None
        frame["left"] -= 1
        if frame["left"] > 0 and any_army_to_move(state, frame):
            frame["step"] = "army_choose"
        else:
            ret(state)


STEPS: tuple[Step, ...] = (FleetSail(),)
