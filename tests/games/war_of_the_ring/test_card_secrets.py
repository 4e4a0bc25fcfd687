"""Audit of the cards' secrets (issue 19): what a curious opponent could learn of a hand through
the engine, beyond the views (the no-leak properties of the views are in
``test_combat_cards.py`` and ``test_view.py``)."""

from __future__ import annotations

import pytest

from games.core import NothingToUndo, project
from games.war_of_the_ring.data import CARDS
from games.war_of_the_ring.ruleset import WAR_OF_THE_RING as R

from .helpers import act, match, offered
from .test_cards_armies import ents_match, play


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


def test_another_card_at_no_cost_is_asked_whether_or_not_the_hand_holds_one() -> None:
    """The Ents Awake lets the Free Peoples play another Character card at no die cost. Asking
    only when they hold one they may play would tell the Shadow so (or that they hold none):
    they are asked whenever their hand holds a card, with only ``decline`` when none is playable,
    and the Shadow sees the same wait either way."""
    waits = []
    for held in ("fpc_12", "fps_14"):  # a Character card they may play; a Strategy card
        m = ents_match("fpc_20", None, "fangorn", hand=[held])
        play(m, "free", "fpc_20", "character")  # Saruman alone in Orthanc: no roll, he dies
        assert R.active(m.state) == {"free"}
        playable = {f"play free {held}", "decline"} if held == "fpc_12" else {"decline"}
        assert set(offered(m.state, "free")) == playable
        waits.append(R.prompt(m.state, "shadow").text)
        act(m, "free", "decline")
        assert R.active(m.state) == {"shadow"} and m.state["hands"]["free"] == [held]
    assert waits[0] == waits[1]
    # An empty hand (its size is public) is not asked.
    m = ents_match("fpc_20", None, "fangorn", hand=[])
    play(m, "free", "fpc_20", "character")
    assert R.active(m.state) == {"shadow"}
