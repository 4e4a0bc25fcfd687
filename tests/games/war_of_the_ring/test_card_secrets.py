"""Audit of the cards' secrets (issue 19): what a curious opponent could learn of a hand through
the engine, beyond the views (the no-leak properties of the views are in
``test_combat_cards.py`` and ``test_view.py``)."""

from __future__ import annotations

import pytest

from games.core import NothingToUndo, project
from games.war_of_the_ring.data import CARDS
from games.war_of_the_ring.ruleset import WAR_OF_THE_RING as R

from .helpers import match


@pytest.mark.parametrize(("side", "card"), [("shadow", "shs_17"), ("free", "fps_14"), ("free", "fpc_11")])
def test_a_card_played_face_up_is_never_taken_back_into_the_hand(side: str, card: str) -> None:
    """Playing an Event card shows it to the opponent: taking the play back would put a card he
    has seen back into a hand (he would know it is there), so a play is an undo barrier, even
    when the card's Event asks its player something next."""
    other = "free" if side == "shadow" else "shadow"
    m = match(dice={side: ["event"], other: ["event"]}, acting=side, hands={side: [card]})
    out = m.submit(side, f"play event {card}")
    told = [R.narrate(*project(e, None)) for e in out.events]
    assert any(CARDS[card].name in line for line in told), "the play is public"
    assert R.active(m.state) == {side}, "the card's Event asks its player something next"
    assert not m.can_undo(side)
    with pytest.raises(NothingToUndo):
        m.undo(side)
    assert card not in m.state["hands"][side]
