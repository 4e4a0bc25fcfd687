"""What the Twilight fuzz and the reading of its end-to-end match's thread found, each pinned by
a scenario (issue 21's "Tests and numbers")."""

from __future__ import annotations

from games.core import Match
from games.core.rng import randbelow
from games.war_of_the_ring.ruleset import WAR_OF_THE_RING as R


def waiting_texts_of_diplomacy(seed: int) -> dict[str, str]:
    """The other side's waiting text while each side makes its diplomacy step (random play)."""
    match = Match.new(R, seed, {}, 2)
    chooser = {"rng": seed}
    found: dict[str, str] = {}
    while match.state["result"] is None and len(found) < 2:
        stack = match.state["stack"]
        if stack and stack[-1]["step"] == "diplomacy":
            side = stack[-1]["side"]
            found[side] = R.prompt(match.state, "shadow" if side == "free" else "free").text
        role = sorted(R.active(match.state))[0]
        actions = R.prompt(match.state, role).actions
        match.submit(role, actions[randbelow(chooser, len(actions))])
    return found


def test_the_table_waits_for_the_free_peoples_diplomacy_in_good_english() -> None:
    texts = waiting_texts_of_diplomacy(5)
    assert texts["free"] == "Waiting for the Free Peoples' diplomacy."  # not "Free Peoples's"
    assert texts["shadow"] == "Waiting for the Shadow's diplomacy."
