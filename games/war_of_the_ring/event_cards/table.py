"""Table cards leaving the table (§7.3): the discard conditions that happen by themselves,
checked after every action (:func:`settle`), and the die actions that discard an enemy table
card (the Free Peoples against The Palantír of Orthanc)."""

from __future__ import annotations

from collections.abc import Callable

from games.core import State, emit

from .. import actions, rings
from ..card_piles import discard_from_table, on_table, seen
from ..card_rules import DENETHORS_FOLLY, LAST_BATTLE, aragorn_abroad, minas_tirith_besieged
from ..data import FREE, SHADOW
from ..i18n import mark
from ..politics import WORMTONGUE
from ..roles import ROLES
from ..tta_card_rules import GONE_WHEN as TTA_GONE_WHEN
from .after_play import PALANTIR

#: ``{card: test}``: the table card is discarded at once when its test holds.
GONE_WHEN: dict[str, Callable[[State], bool]] = {
    PALANTIR: lambda state: "saruman" not in state["characters"],
    WORMTONGUE: lambda state: "saruman" not in state["characters"] or state["politics"]["rohan"]["active"],
    LAST_BATTLE: lambda state: not aragorn_abroad(state),
    DENETHORS_FOLLY: lambda state: not minas_tirith_besieged(state),
    **TTA_GONE_WHEN,
}


def settle(state: State) -> None:
    """Discard every table card whose discard condition now holds."""
    for side in ROLES:
        for card in seen(state, "table", side):
            test = GONE_WHEN.get(card)
            if test is not None and test(state):
                discard_from_table(state, side, card)
                emit(state, "table_card_discarded", {"side": side, "card": card, "why": "no_longer_in_force"})


def _palantir_up(state: State, side: str) -> bool:
    return on_table(state, PALANTIR)


def _palantir_with_ring(state: State, side: str) -> bool:
    return on_table(state, PALANTIR) and rings.can_use(state, FREE)


def _dismiss(state: State, side: str, face: str) -> bool:
    discard_from_table(state, SHADOW, PALANTIR)
    emit(state, "table_card_discarded", {"side": SHADOW, "card": PALANTIR, "why": "will_of_the_west"})
    return False


def _dismiss_with_ring(state: State, side: str, face: str) -> bool:
    """Any die and an Elven Ring, used as a Ring is (it goes to the Shadow; his Ring this turn)."""
    held = state["rings"]
    held[FREE] -= 1
    held["used"].append(FREE)
    held[SHADOW] += 1
    discard_from_table(state, SHADOW, PALANTIR)
    emit(state, "table_card_discarded", {"side": SHADOW, "card": PALANTIR, "why": "elven_ring"})
    return False


DIE_ACTIONS: tuple[actions.DieAction, ...] = (
    actions.DieAction(
        "dismiss-palantir",
        mark("Discard The Palantír of Orthanc"),
        mark("Will of the West: discard the Shadow's Palantír of Orthanc from the table."),
        (),
        FREE,
        _palantir_up,
        _dismiss,
    ),
    actions.DieAction(
        "ring-palantir",
        mark("Discard The Palantír of Orthanc with an Elven Ring"),
        mark(
            "Any die and one of your Elven Rings (your Ring this turn; it goes to the Shadow): discard "
            "the Palantír of Orthanc."
        ),
        ("character", "muster", "army_muster", "event"),
        FREE,
        _palantir_with_ring,
        _dismiss_with_ring,
    ),
)
