"""The table cards that change the Hunt (issue 19): who may use which, and when each is discarded.

The Free Peoples' Mithril Coat and Sting (draw a second tile instead), Axe and Bow and Horn of
Gondor (one damage less), Wizard's Staff (no tile drawn); the Shadow's Worn with Sorrow and Toil
(a Free Peoples Character card lost with each Companion), Flocks of Crebain (+1 to the Hunt dice)
and Balrog of Moria (an extra tile on a path through Moria). :mod:`.hunt` asks the owner of such
a card at its moment (the step ``hunt_card``) only when it is on the table and may be used; the
table is public, so the question tells the opponent nothing he does not know.
"""

from __future__ import annotations

from games.core import State, emit
from games.core.flow import call

from . import tta_characters
from .card_piles import discard_from_table, on_table, seen
from .data import FREE, NEIGHBOURS, REGIONS, SHADOW
from .tta_card_rules import CAPTAIN_OF_DESPAIR, GATES_ARE_CLOSED, gates_apply

MITHRIL = "fpc_05"
AXE_AND_BOW = "fpc_06"
HORN = "fpc_07"
STAFF = "fpc_08"
WORN = "shc_15"
CREBAIN = "shc_16"
BALROG = "shc_17"
#: The two cards that take one point off the Hunt's damage.
LESSEN = (AXE_AND_BOW, HORN)

#: While on the table, each of these needs one of its Companions in the Fellowship.
NEEDS: dict[str, tuple[str, ...]] = {
    AXE_AND_BOW: ("gimli", "legolas"),
    HORN: ("boromir",),
    STAFF: ("gandalf_grey",),
}
#: Discarded when the Fellowship is declared in an unconquered Free Peoples City or Stronghold.
GONE_ON_REFUGE = (WORN, CREBAIN)


def owner(card: str) -> str:
    return FREE if card.startswith("fp") else SHADOW


def companions_present(state: State, card: str) -> bool:
    """The play condition of Axe and Bow, Horn of Gondor and Wizard's Staff."""
    return any(c in state["fellowship"]["companions"] for c in NEEDS[card])


def use(state: State, card: str) -> None:
    """The owner uses ``card``: it says so, and the card is discarded (Worn with Sorrow stays)."""
    side = owner(card)
    emit(state, "table_card_used", {"side": side, "card": card})
    if card != WORN:
        discard_from_table(state, side, card)


def lose(state: State, card: str, why: str) -> None:
    """``card``'s discard condition happened."""
    if card in seen(state, "table", owner(card)):
        discard_from_table(state, owner(card), card)
        emit(state, "table_card_discarded", {"side": owner(card), "card": card, "why": why})


def check_companions(state: State) -> None:
    """After the Fellowship changed: a card whose Companions all left it is discarded at once."""
    for card in NEEDS:
        if on_table(state, card) and not companions_present(state, card):
            lose(state, card, "companion_left")


def declared_in_refuge(state: State) -> None:
    """The Fellowship was declared in an unconquered Free Peoples City or Stronghold."""
    for card in GONE_ON_REFUGE:
        if on_table(state, card):
            lose(state, card, "declared")
    if REGIONS[state["fellowship"]["region"]].is_stronghold and on_table(state, CAPTAIN_OF_DESPAIR):
        lose(state, CAPTAIN_OF_DESPAIR, "declared")  # Twilight: only in a Stronghold


MORIA = "moria"


def through_moria(start: str, end: str, steps: int) -> bool:
    """Whether the Fellowship's path from ``start`` to ``end`` (at most ``steps`` regions) goes
    into, out of or through Moria: it starts or ends there, or no path that long avoids it (the
    Free Peoples trace the path, and would avoid Moria if they could)."""
    if MORIA in (start, end):
        return True
    reached, frontier = {start}, {start}
    for _ in range(steps):
        frontier = {n for r in frontier for n in NEIGHBOURS[r] if n != MORIA and n not in reached}
        reached |= frontier
    return end not in reached


def offer_balrog(state: State, start: str, end: str, steps: int, no_reveal: bool) -> bool:
    """A declaration or a reveal traced the Fellowship's path from ``start`` to ``end``: with
    Balrog of Moria on the table and the path through Moria, the Shadow is asked whether he
    uses it (the step ``hunt_card``, which returns to the caller). Whether he is asked.
    Twilight of the Third Age: The Gates are Closed, on a path meeting a Shadow Stronghold, is
    offered the same way (after the Balrog when both apply: ``more``); its tile ignores Reveal."""
    if state["result"] is not None:
        return False
    moria = through_moria(start, end, steps)
    balrog_there = moria and tta_characters.shadow_of_moria(state)  # Twilight: the Balrog in Moria
    cards = [BALROG] if on_table(state, BALROG) and moria and not balrog_there else []
    if gates_apply(state, start, end, steps):
        cards.append(GATES_ARE_CLOSED)
    if balrog_there:  # his tile takes Balrog of Moria's place, then the cards
        return tta_characters.offer_shadow_of_moria(state, no_reveal, cards)
    if not cards:
        return False
    call(state, "hunt_card", side=SHADOW, card=cards[0], moment="balrog", no_reveal=no_reveal, more=cards[1:])
    return True
