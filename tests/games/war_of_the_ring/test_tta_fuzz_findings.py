"""What the Twilight fuzz and the reading of its end-to-end match's thread found, each pinned by
a scenario (issue 21's "Tests and numbers")."""

from __future__ import annotations

from games.core import Match
from games.core.rng import randbelow
from games.war_of_the_ring.event_cards.marching import recruit_here
from games.war_of_the_ring.ruleset import WAR_OF_THE_RING as R

from .helpers import act
from .test_cards_twilight import twilight


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


def test_shadow_of_dol_guldur_recruits_inside_a_besieged_dol_guldur_within_its_five() -> None:
    """Fuzz seed 105 (the whole module): the card put a sixth unit in the besieged garrison —
    the recruits faced the limit of an Army in the open (10), then stood inside (5)."""
    m = twilight(
        "shadow",
        "shs_26",
        "army",
        armies={"dol_guldur": {"elves": "1R 1L"}},
        garrisons={"dol_guldur": {"sauron": "5R 1L"}},
    )
    act(m, "shadow", "play army shs_26")
    assert m.state["garrisons"]["dol_guldur"]["sauron"] == {"regular": 5, "leader": 1}
    assert R.check_invariants(m.state) == []
    besieged = twilight(
        "shadow",
        "shs_26",
        "army",
        armies={"dol_guldur": {"elves": "1R 1L"}},
        garrisons={"dol_guldur": {"sauron": "3R 2L"}},
    )
    act(besieged, "shadow", "play army shs_26")  # 2 Nazgûl: 2 Regulars, and room for them
    assert besieged.state["garrisons"]["dol_guldur"]["sauron"] == {"regular": 5, "leader": 2}
    assert R.check_invariants(besieged.state) == []


def test_a_card_recruiting_inside_a_besieged_stronghold_meets_its_limit_of_five() -> None:
    """The same defect for every card (``recruit_here``): the recruits faced an open Army's limit
    (10), then stood inside (5). Shadow of Dol Guldur now recruits only what fits; the others go
    through here."""
    m = twilight(
        "shadow",
        None,
        "army",
        armies={"dol_guldur": {"elves": "1R 1L"}},
        garrisons={"dol_guldur": {"sauron": "4R 1L"}},
    )
    assert not recruit_here(m.state, "shadow", "dol_guldur", {"sauron": {"regular": 3}})
    assert m.state["garrisons"]["dol_guldur"]["sauron"] == {"regular": 5, "leader": 1}
    assert R.check_invariants(m.state) == []
