"""The lasting effects of the Army table cards (issue 19), checked where the rule they change is
applied, and their discard conditions. A leaf module: the engine's procedures import it, it
imports none of them.

- The Last Battle (``fps_01``): a die that moved the Fellowship is set aside instead of going
  into the Hunt Box (:mod:`.fellowship_actions`); discarded when the Fellowship is declared or
  revealed, or when Aragorn no longer stands with a Free Peoples Army outside the Free Peoples'
  Nations.
- A Power too Great (``fps_02``), The Power of Tom Bombadil (``fps_03``): no Shadow Army moves
  into, or attacks, their three regions (:mod:`.armies`, :mod:`.battle_actions`); the Shadow
  may discard them as an action (``dispel``, :mod:`.event_cards.dispel`).
- Denethor's Folly (``shs_03``): no Free Peoples Combat card in a battle in Minas Tirith
  (:func:`combat_cards_forbidden`, for the Combat-card stage of a battle); discarded when Minas
  Tirith is no longer besieged by the Shadow.

Every check here also tests the card's play condition, so a card whose condition lapsed in the
middle of an action has no effect even before it is discarded (the lapse tests are in
:data:`.event_cards.table.GONE_WHEN`, checked after every action).
"""

from __future__ import annotations

from typing import Any

from games.core import State, emit

from .board import besieged, controller, units
from .card_piles import discard_from_table, on_table, seen
from .data import CARDS, CHARACTERS, FREE, NATIONS, REGIONS

LAST_BATTLE = "fps_01"
DENETHORS_FOLLY = "shs_03"
MINAS_TIRITH = "minas_tirith"
#: The regions each card closes to the Shadow's Armies.
BARRED: dict[str, frozenset[str]] = {
    "fps_02": frozenset({"lorien", "rivendell", "grey_havens"}),
    "fps_03": frozenset({"old_forest", "the_shire", "buckland"}),
}
BARRED_REGIONS = frozenset().union(*BARRED.values())
#: Every Companion figure, the upgraded ones too (Aragorn, Gandalf the White), in data order.
COMPANION_FIGURES = tuple(c for c, info in CHARACTERS.items() if info.kind == "companion")


# -- conditions ---------------------------------------------------------------------------------
def aragorn_abroad(state: State) -> bool:
    """The Last Battle: Aragorn (not Strider) with a Free Peoples Army (units) in a region of no
    Free Peoples Nation."""
    where = state["characters"].get("aragorn")
    if where is None:
        return False
    region = where["region"]
    nation = REGIONS[region].nation
    if nation is not None and NATIONS[nation].side == FREE:
        return False
    return units(state, region, FREE, bool(where.get("inside"))) > 0


def minas_tirith_besieged(state: State) -> bool:
    """Denethor's Folly: a Shadow Army besieges Minas Tirith."""
    return besieged(state, MINAS_TIRITH) and controller(state, MINAS_TIRITH) == FREE


# -- lasting effects ----------------------------------------------------------------------------
def free_table(state: State) -> list[str]:
    """The Free Peoples' table cards (read in the innermost loops: no copy)."""
    table: dict[str, list[str]] = state.get("table") or {}
    return table.get(FREE, [])


def barring(state: State) -> bool:
    """Whether a card closing regions to the Shadow's Armies is on the table (the Free Peoples')."""
    cards = free_table(state)
    return bool(cards) and ("fps_02" in cards or "fps_03" in cards)


def shadow_barred(state: State, region: str) -> bool:
    """Whether a Shadow Army may neither move into nor attack ``region`` (fps_02, fps_03)."""
    if region not in BARRED_REGIONS:
        return False
    return any(region in BARRED.get(card, ()) for card in free_table(state))


def sets_die_aside(state: State) -> bool:
    """The Last Battle: the die that moved the Fellowship is set aside, not put in the Hunt Box."""
    return on_table(state, LAST_BATTLE) and aragorn_abroad(state) and not state["fellowship"]["revealed"]


def combat_cards_forbidden(state: State, side: str) -> bool:
    """Whether ``side`` may play no Combat card in the round being fought: Denethor's Folly (the
    Free Peoples, in Minas Tirith), The Fighting Uruk-hai and Grond (the Free Peoples in the first
    round, unless a Companion takes part). For the Combat-card stage of :mod:`.battle`."""
    b: dict[str, Any] | None = state.get("battle")
    if b is None or side != FREE:
        return False
    if b["region"] == MINAS_TIRITH and on_table(state, DENETHORS_FOLLY) and minas_tirith_besieged(state):
        return True
    rules = b.get("rules") or {}
    if rules.get("free_cards_barred_first") and b["round"] <= 1:
        return True  # The Corsairs are Upon Us! (Twilight of the Third Age)
    if rules.get("card_lock") and b["round"] <= 1:
        region = b["region"] if b["defender"] == FREE else b["from"]
        inside = b["siege"] if b["defender"] == FREE else b["sortie"]
        fighting = [
            c
            for c, where in state["characters"].items()
            if c in COMPANION_FIGURES
            and where["region"] == region
            and bool(where.get("inside")) == bool(inside)
        ]
        return not fighting
    return False


# -- discards -----------------------------------------------------------------------------------
def discard(state: State, card: str, why: str) -> None:
    """``card`` leaves the table for the played pile (public)."""
    side = CARDS[card].side
    if card in seen(state, "table", side):
        discard_from_table(state, side, card)
        emit(state, "table_card_discarded", {"side": side, "card": card, "why": why})


def fellowship_found(state: State) -> None:
    """The Fellowship was declared or revealed: The Last Battle is discarded."""
    if on_table(state, LAST_BATTLE):
        discard(state, LAST_BATTLE, "fellowship_found")
