"""What a match is played by, read from its state: the rules revision it began with."""

from __future__ import annotations

from games.core import State

#: The revision of the rules new matches are played by (``state["rules"]``; a state without it
#: is revision 1). A match goes on by the revision it began with, so that its stored actions
#: replay exactly: revision 2 asks where a Hobbit leaving in the Hunt goes, and who guides the
#: Fellowship after it changed with Companions tied for its highest Level (§14.3); revision 3
#: no longer asks a question with one answer about the board (:mod:`.one_answer`) and offers an
#: Event card only with a die its whole Event allows (the Mirror of Galadriel).
RULES_REVISION = 3

#: The revision from which a card's need of the die that plays it is checked
#: (``EventCard.die_allows``).
DIE_AWARE = 3


def revision(state: State) -> int:
    """The rules revision this match is played by."""
    return int(state.get("rules", 1))
