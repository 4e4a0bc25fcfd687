"""The Witch-king, Chief of the Ringwraiths (Twilight of the Third Age R-3), behind the switch
``witch_king_chief``: the Witch-king's second card, same figure.

- **Choice** (R-3, seed rule 5): the Shadow brings the Witch-king in either with the base card
  (``bring-witch-king``: the Black Captain) or with this one (``bring-witch-king-chief``, then
  ``place <region>`` when there is a choice); only one card is ever used, and once the Witch-king
  is eliminated neither brings him back.
- **Entry** (reconstructed, as the base card): a Muster die, once Sauron and a Free Peoples Nation
  are At War, into a region with a Shadow Army holding a Sauron unit; every Free Peoples Nation is
  activated. Leadership 2 (official), +1 Action die, Nazgûl movement: all as the base figure.
- **Lord of the Nazgûl**: with him in the Ring-bearers' region the Nazgûl give 2 Hunt re-rolls
  (:func:`.tta_characters.nazgul_rerolls`, read by :func:`.hunt.rerolls`).
- **Pursuit**: right after the Fellowship is declared, the Shadow may fly him there at no cost
  (``pursue`` / ``no-pursuit``; :func:`.tta_characters.offer_pursuit`, called by the Fellowship
  phase).
- No *Sorcerer* (:func:`.tta_characters.sorcerer`, read by :func:`.combat_round.sorcerer`).
"""

from __future__ import annotations

from typing import Any

from games.core import Action, State, emit
from games.core.flow import Frame, Step, call, ret

from . import actions
from .characters import Bring, enter, entry_places
from .data import SHADOW
from .grammar import region_words
from .i18n import mark, tr
from .tta.state import part
from .tta_characters import CHIEF, WITCH_KING, choosing, pursuit_target

MUSTER = ("muster", "army_muster")


def _choose_chief(state: State) -> None:
    part(state)["witch_king_card"] = CHIEF


def _possible(state: State, side: str) -> bool:
    return choosing(state) and bool(entry_places(state, WITCH_KING))


def _run(state: State, side: str, face: str) -> bool:
    places = entry_places(state, WITCH_KING)
    if len(places) == 1:
        _choose_chief(state)
        enter(state, WITCH_KING, *places[0])
        return False
    call(state, "bring_chief", character=WITCH_KING)
    return True


class BringChief(Bring):
    """Where the Chief of the Ringwraiths enters (``place <region>``): the card is chosen with
    the region, so that nothing is decided before the place is."""

    name = "bring_chief"

    def title(self, state: State, frame: Frame, role: str) -> str:
        return tr("The Witch-king, Chief of the Ringwraiths, enters play")

    def apply(self, state: State, frame: Frame, role: str, action: Action) -> None:
        _choose_chief(state)
        super().apply(state, frame, role, action)


class Pursuit(Step):
    """*Pursuit* (R-3): the Fellowship was just declared; the Shadow flies the Chief of the
    Ringwraiths to it (``pursue``) or not (``no-pursuit``)."""

    name = "pursuit"
    kind = "pursuit"

    def active(self, state: State, frame: Frame) -> frozenset[str]:
        return frozenset({SHADOW})

    def actions(self, state: State, frame: Frame, role: str) -> tuple[Action, ...]:
        return (Action("pursue"), Action("no-pursuit"))

    def title(self, state: State, frame: Frame, role: str) -> str:
        return tr("Pursuit: the Chief of the Ringwraiths")

    def instruction(self, state: State, frame: Frame, role: str) -> str:
        target = pursuit_target(state) or ""
        return tr(
            "The Fellowship was declared in {region}: fly the Witch-king there at no cost (`pursue`), or "
            "leave him where he is (`no-pursuit`)?",
            region=region_words(target),
        )

    def waiting(self, state: State, frame: Frame) -> str:
        return tr("Waiting for the Shadow (Pursuit: the Chief of the Ringwraiths).")

    def apply(self, state: State, frame: Frame, role: str, action: Action) -> None:
        target = pursuit_target(state)
        if action.verb == "pursue" and target is not None:
            start = state["characters"][WITCH_KING]["region"]
            state["characters"][WITCH_KING] = {"region": target, "inside": False}
            emit(state, "witch_king_pursues", {"from": start, "to": target})
        ret(state)

    def resume(self, state: State, frame: Frame, value: Any) -> None:
        """A Hunt card asked after the declaration (Balrog of Moria) is answered: ask now, unless
        the game ended or the Pursuit can no longer be made."""
        if state["result"] is not None or pursuit_target(state) is None:
            ret(state)


DIE_ACTIONS: tuple[actions.DieAction, ...] = (
    actions.DieAction(
        "bring-witch-king-chief",
        mark("Bring the Witch-king into play as the Chief of the Ringwraiths"),
        mark(
            "Muster die, as the Black Captain's entry, but with the Chief of the Ringwraiths' card: 2 "
            "Hunt re-rolls with the Fellowship, a free flight to it when it is declared, no Sorcerer."
        ),
        MUSTER,
        SHADOW,
        _possible,
        _run,
    ),
)
STEPS: tuple[Step, ...] = (BringChief(), Pursuit())
VERBS = frozenset({"pursue", "no-pursuit"})


def label(state: State, role: str, action: Action) -> str | None:
    """Button words for the Pursuit (``None``: not one of its actions)."""
    top = state["stack"][-1] if state["stack"] else None
    if top is not None and top["step"] == "bring_chief" and action.verb == "place":
        return tr("The Chief of the Ringwraiths enters play in {region}", region=region_words(action.args[0]))
    if top is None or top["step"] != "pursuit":
        return None
    if action.verb == "pursue":
        return tr(
            "Pursue: the Witch-king flies to {region}", region=region_words(pursuit_target(state) or "")
        )
    return tr("No pursuit: he stays") if action.verb == "no-pursuit" else None
