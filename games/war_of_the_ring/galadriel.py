"""Galadriel (Twilight of the Third Age R-1), behind the switch ``galadriel``: a Free Peoples
character with a figure of her own (``galadriel`` in ``characters``, kind ``ally``: never a
Companion, never in the Fellowship; her stats in ``tta_characters.json``).

- **Entry** (reconstructed): a Will of the West (``bring-galadriel will``) while the Elves are At
  War and Lórien is the Free Peoples': she enters in Lórien (inside it when it is besieged).
- **Figure**: Level 0 (she never leaves Lórien), Leadership 2 (official), +1 Action die (official;
  the Free Peoples may then roll 7, :func:`.dice.pool_size`).
- **Nenya**: once a turn, right after the Shadow draws a Hunt tile, the Free Peoples may spend an
  unused Elven Ring to cancel it (set aside as drawn, no effect); the Ring goes to the Shadow and
  is their Ring of the turn (step ``nenya``: ``nenya`` / ``no-nenya``;
  :func:`.tta_characters.offer_nenya`, called by the Hunt's draw).
- **Lady of the Golden Wood**: Muster dice recruit in Lórien while it is besieged, inside it
  (:func:`.tta_characters.golden_wood`, read by :mod:`.recruit`).
- **Leaving play**: eliminated with her Army (as any character in a battle), or as soon as Lórien
  is captured (:func:`settle`, after every action).
"""

from __future__ import annotations

from typing import Any

from games.core import Action, State, emit
from games.core.flow import Frame, Step, ret

from . import actions, politics
from .board import besieged, controller
from .data import FREE
from .events import tile_name
from .hunt import kept_tile
from .i18n import mark, tr
from .tta.state import part
from .tta_characters import GALADRIEL, LORIEN


def may_enter(state: State) -> bool:
    aside = GALADRIEL in part(state).get("characters_aside", ())
    return aside and politics.at_war(state, "elves") and controller(state, LORIEN) == FREE


def enter(state: State) -> None:
    """Galadriel enters play in Lórien."""
    part(state)["characters_aside"].remove(GALADRIEL)
    state["characters"][GALADRIEL] = {"region": LORIEN, "inside": besieged(state, LORIEN)}
    emit(state, "character_entered", {"character": GALADRIEL, "region": LORIEN, "replaces": None})


def _possible(state: State, side: str) -> bool:
    return may_enter(state)


def _run(state: State, side: str, face: str) -> bool:
    enter(state)
    return False


def settle(state: State) -> None:
    """After every action: Galadriel leaves play once Lórien is captured."""
    if GALADRIEL in state["characters"] and controller(state, LORIEN) != FREE:
        del state["characters"][GALADRIEL]
        state["eliminated"].append(GALADRIEL)
        emit(state, "galadriel_departs", {"region": LORIEN})


def use_nenya(state: State, tile: str) -> None:
    """The tile drawn is cancelled with an Elven Ring (it stays among the tiles drawn)."""
    held = state["rings"]
    held[FREE] -= 1
    held["used"].append(FREE)
    held["shadow"] += 1
    state["turn"]["nenya"] = True
    emit(state, "nenya_used", {"tile": tile})


class Nenya(Step):
    """*Nenya*: the tile just drawn is cancelled (``nenya``) or kept (``no-nenya``: the Hunt goes
    on with it). Frame: the draw's ``tile``, ``why``, ``eye`` and ``rules``."""

    name = "nenya"
    kind = "nenya"

    def active(self, state: State, frame: Frame) -> frozenset[str]:
        return frozenset({FREE})

    def actions(self, state: State, frame: Frame, role: str) -> tuple[Action, ...]:
        return (Action("nenya"), Action("no-nenya"))

    def title(self, state: State, frame: Frame, role: str) -> str:
        return tr("The Hunt draws the tile “{tile}”", tile=tile_name(frame["tile"]))

    def instruction(self, state: State, frame: Frame, role: str) -> str:
        return tr(
            "The Shadow drew “{tile}”: Galadriel may cancel it with Nenya, spending one of your Elven Rings "
            "(`nenya`), or let it be (`no-nenya`).",
            tile=tile_name(frame["tile"]),
        )

    def waiting(self, state: State, frame: Frame) -> str:
        return tr("Waiting for the Free Peoples (Galadriel's Nenya).")

    def apply(self, state: State, frame: Frame, role: str, action: Action) -> None:
        if action.verb == "nenya":
            use_nenya(state, frame["tile"])
            ret(state)
            return
        if not kept_tile(state, frame["tile"], frame["why"], frame["eye"], frame["rules"]):
            ret(state)

    def resume(self, state: State, frame: Frame, value: Any) -> None:
        ret(state)


DIE_ACTIONS: tuple[actions.DieAction, ...] = (
    actions.DieAction(
        "bring-galadriel",
        mark("Bring Galadriel into play"),
        mark("Will of the West, the Elves At War and Lórien yours: Galadriel enters in Lórien."),
        (),
        FREE,
        _possible,
        _run,
    ),
)
STEPS: tuple[Step, ...] = (Nenya(),)
VERBS = frozenset({"nenya", "no-nenya"})


def label(state: State, role: str, action: Action) -> str | None:
    """Button words for Nenya (``None``: not its actions)."""
    if action.verb == "nenya":
        return tr("Nenya: cancel the tile (an Elven Ring)")
    return tr("Keep the Ring: the tile stands") if action.verb == "no-nenya" else None
