"""The Fellowship's journey, the end of the game and the scores."""

from __future__ import annotations

from typing import Any

from games.core.chance import scripted
from games.lotr_risk.board import geometry
from games.lotr_risk.victory import score, winners_by_score

from .helpers import R, act, events, pass_turn, position, winners

OWNERS = {"old_forest": "green", "buckland": "green"}


def ending(ring: int, *, edition: str = "middle-earth", roll: int | None = None, **more: Any) -> dict:
    """Green ends his turn with the Ring at step ``ring`` (and ``roll`` on the fellowship die)."""
    state = position(
        OWNERS, phase="fortify", edition=edition, ring=ring, leaders={"green": ["old_forest"]}, **more
    )
    if roll is None:
        return act(state, "green", "done")
    with scripted(("fellowship die", roll)):
        return act(state, "green", "done")


def test_the_ring_moves_at_the_end_of_every_players_turn_but_not_the_neutrals() -> None:
    owners = OWNERS | {"moria": "neutral", "eregion": "neutral"}
    state = position(owners, leaders={"green": ["old_forest"], "black": ["fornost"]}, ring=0)
    state = pass_turn(state)
    assert state["ring"]["step"] == 1 and state["turn"]["role"] == "black"
    state = pass_turn(state)
    assert state["ring"]["step"] == 2 and state["turn"]["role"] == "green"
    assert [e["to"] for e in events(state, "ring_moved")] == ["buckland", "old_forest"]


def test_a_die_space_holds_the_ring_below_the_threshold() -> None:
    moria = geometry("middle-earth").path.index("moria")
    assert ending(moria, roll=2)["ring"]["step"] == moria
    assert ending(moria, roll=3)["ring"]["step"] == moria + 1  # the seed: 3 or more
    assert ending(moria, roll=3, options={"die_space": "4"})["ring"]["step"] == moria
    stays = events(ending(moria, roll=2), "ring_stays")[-1]
    assert stays == {"role": "green", "territory": "moria", "roll": 2, "threshold": 3}


def test_the_trilogy_die_spaces_need_four() -> None:
    lorien = geometry("trilogy").path.index("lorien")
    assert ending(lorien, edition="trilogy", roll=3)["ring"]["step"] == lorien
    assert ending(lorien, edition="trilogy", roll=4)["ring"]["step"] == lorien + 1


def test_entering_a_die_space_needs_no_roll() -> None:
    state = ending(geometry("middle-earth").path.index("eregion"))
    assert state["ring"]["step"] == geometry("middle-earth").path.index("moria")


def test_the_game_ends_when_the_ring_leaves_the_dead_marshes() -> None:
    marshes = geometry("middle-earth").path.index("dead_marshes")
    assert ending(marshes, roll=2)["result"] is None
    state = ending(marshes, roll=3)
    assert state["result"]["reason"] == "ring_left" and state["ring"]["done"]
    assert winners(state) == ["black"]  # black holds 40 territories to green's 2
    assert events(state, "final_scores")[-1]["winners"] == ["black"]
    assert R.result_text(state["result"]).startswith("the Ring left Middle-earth (")


def test_the_trilogy_ring_goes_on_past_the_dead_marshes() -> None:
    marshes = geometry("trilogy").path.index("dead_marshes")
    state = ending(marshes, edition="trilogy", roll=6)
    assert state["result"] is None and state["ring"]["step"] == marshes + 1


def test_the_ring_is_destroyed_on_a_mount_doom_roll_of_four_or_more() -> None:
    doom = geometry("trilogy").path.index("mount_doom")
    assert ending(doom, edition="trilogy", roll=3)["result"] is None
    state = ending(doom, edition="trilogy", roll=4)
    assert state["result"]["reason"] == "ring_destroyed"
    doom_three = ending(doom, edition="trilogy", roll=3, options={"die_space": "3"})
    assert doom_three["result"] is None  # the Mount Doom roll is always 4 or more


def test_the_hunt_finds_the_ring_on_twelve_or_more() -> None:
    options = {"hunt": "on"}
    owners = {"old_forest": "green", "the_shire": "green"}
    base = {"edition": "trilogy", "options": options, "ring": 0, "phase": "fortify"}
    found = position(owners, leaders={"green": ["old_forest"], "black": ["buckland"]}, **base)
    with scripted(("hunt die", 6), ("hunt die", 5)):
        found = act(found, "green", "done")
    assert found["result"]["reason"] == "ring_found" and winners(found) == ["black"]
    assert events(found, "hunt")[-1] == {
        "role": "black",
        "territory": "buckland",
        "dice": [6, 5],
        "bonus": 1,
        "found": True,
    }
    missed = position(owners, leaders={"green": ["old_forest"]}, **base)
    with scripted(("hunt die", 6), ("hunt die", 5)):
        missed = act(missed, "green", "done")
    assert missed["result"] is None  # 11 without a leader there: Arnor is not all Evil


def test_no_hunt_in_a_good_territory_or_without_the_option() -> None:
    owners = {"old_forest": "green", "buckland": "green"}
    state = position(
        owners,
        edition="trilogy",
        ring=0,
        phase="fortify",
        options={"hunt": "on"},
        leaders={"green": ["old_forest"]},
    )
    state = act(state, "green", "done")
    assert not events(state, "hunt")


GREEN = ("the_shire", "old_forest", "esgaroth", "carrock", "the_wold", "eregion", "mithlond")
BLACK = ("buckland", "weather_hills", "north_rhun", "anduin_valley", "lorien", "dunland", "tower_hills")


def scored(green: tuple[str, ...], black: tuple[str, ...], **more: Any) -> dict:
    """Green and Black hold these territories, the neutral army the rest."""
    owners = dict.fromkeys(green, "green") | dict.fromkeys(black, "black")
    return position(owners, default="neutral", **more)


def outcome(state: dict) -> list[str]:
    return sorted(winners_by_score(state)[0])


def test_score_counts_territories_regions_strongholds_and_played_cards() -> None:
    eriador = geometry("middle-earth").regions["eriador"]
    state = scored(eriador, BLACK[:1], played={"green": ["mission_hobbiton", "ambush"]})
    parts = score(state, "green")
    assert parts["territories"] == 7 and parts["regions"] == 4 and parts["strongholds"] == 2
    assert parts["cards"] == 2 and parts["total"] == 7 + 4 + 2 + 2


def test_ties_are_broken_by_territories() -> None:
    state = scored(GREEN, (*BLACK[:4], "moria"))  # 7 against 5 + 2 for the stronghold
    assert score(state, "green")["total"] == score(state, "black")["total"] == 7
    assert outcome(state) == ["green"]


def test_then_by_strongholds() -> None:
    state = scored(
        (*GREEN[:3], "moria", "fangorn"), (*BLACK[:4], "rhudaur"), played={"black": ["ambush", "gollum"]}
    )
    assert score(state, "green")["total"] == score(state, "black")["total"] == 9
    assert outcome(state) == ["green"]


def test_then_by_card_points() -> None:
    eriador = geometry("middle-earth").regions["eriador"]
    cards = ["mission_bree", "ambush", "gollum", "smeagol"]
    state = scored(
        eriador, (*BLACK[:2], "north_rhun", "lorien", "carrock", "eregion", "moria"), played={"black": cards}
    )
    assert score(state, "green")["total"] == score(state, "black")["total"] == 13
    assert outcome(state) == ["black"]


def test_still_tied_the_win_is_shared() -> None:
    state = scored(GREEN[:5], BLACK[:5])
    assert outcome(state) == ["black", "green"]
    marshes = geometry("middle-earth").path.index("dead_marshes")
    owners = dict.fromkeys(GREEN[:5], "green") | dict.fromkeys(BLACK[:5], "black")
    end = position(owners, default="neutral", phase="fortify", ring=marshes, leaders={"green": ["the_shire"]})
    with scripted(("fellowship die", 6)):
        end = act(end, "green", "done")
    assert sorted(winners(end) or []) == ["black", "green"]
    assert "share the win" in R.event_text(end["log"][-1], None)


def test_the_expansion_bonus_adds_four_points_per_key_territory() -> None:
    owners = {"mount_doom": "green", "minas_tirith": "green", "barad_dur": "black"}
    on = position(owners, edition="trilogy", options={"expansion_bonus": "on"})
    off = position(owners, edition="trilogy")
    assert score(on, "green")["expansion"] == 8 and score(on, "black")["expansion"] == 4
    assert score(off, "green")["expansion"] == 0
