"""The Free Peoples' discard of The Gates are Closed (§2.3): with a Will of the West die
(``dismiss-gates will``), or with a Character die while Gandalf or Gollum is the Guide
(``guide-gates character``; D34: either Gandalf, and Sméagol's piece as Gollum)."""

from __future__ import annotations

from games.core import State, emit

from .. import actions
from ..card_piles import discard_from_table, on_table
from ..data import FREE, SHADOW
from ..i18n import mark
from ..tta_card_rules import GATES_ARE_CLOSED, GATES_GUIDES


def _gates_up(state: State, side: str) -> bool:
    return on_table(state, GATES_ARE_CLOSED)


def _gates_up_with_guide(state: State, side: str) -> bool:
    return on_table(state, GATES_ARE_CLOSED) and state["fellowship"]["guide"] in GATES_GUIDES


def _dismiss(state: State, side: str, face: str) -> bool:
    discard_from_table(state, SHADOW, GATES_ARE_CLOSED)
    why = "will_of_the_west" if face == "will" else "character_die"
    emit(state, "table_card_discarded", {"side": SHADOW, "card": GATES_ARE_CLOSED, "why": why})
    return False


DIE_ACTIONS: tuple[actions.DieAction, ...] = (
    actions.DieAction(
        "dismiss-gates",
        mark("Discard The Gates are Closed"),
        mark("Will of the West: discard the Shadow's The Gates are Closed from the table."),
        (),
        FREE,
        _gates_up,
        _dismiss,
    ),
    actions.DieAction(
        "guide-gates",
        mark("Discard The Gates are Closed (Guide)"),
        mark("Character die, with Gandalf or Gollum as the Guide: discard The Gates are Closed."),
        ("character",),
        FREE,
        _gates_up_with_guide,
        _dismiss,
    ),
)
