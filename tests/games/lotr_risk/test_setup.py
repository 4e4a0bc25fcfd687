"""The set-up: deals by frame per player count and edition, claims, the starting placement (quick
and printed), leaders, the cards, the Ring and the turn-order roll."""

from __future__ import annotations

import itertools

import pytest

from games.core import Action, Match
from games.lotr_risk.board import adventure_kind, geometry
from games.lotr_risk.data import SETUP, TERRITORIES

from .helpers import R, act, asked, events, kind, legal


def new(edition: str = "middle-earth", players: int = 2, seed: int = 3, **options: str) -> dict:
    return Match.new(R, seed, {"edition": edition, "players": str(players), **options}, players).state


def settle(state: dict) -> dict:
    """Claim and place with the first choices until the first turn begins."""
    while state["setup"] is not None:
        role = sorted(R.active(state))[0]
        options = [a.text for a in R.prompt(state, role).actions]
        choice = "ready" if "ready" in options else options[0]
        state = act(state, role, choice)
    return state


@pytest.mark.parametrize("edition", ["middle-earth", "trilogy"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_deals_by_frame_per_player_count_and_edition(edition: str, players: int) -> None:
    state = new(edition, players)
    (dealt,) = events(state, "dealt")
    table = SETUP.deal(edition, players)
    for role, seat in zip(state["roles"], table.seats, strict=True):
        frames = [TERRITORIES[t].frame for t in dealt["territories"][role]]
        for draw in seat.draws:
            assert frames.count(draw.frame) == draw.count, (role, draw)
        assert all(state["owner"][t] == role and state["troops"][t] == 1 for t in dealt["territories"][role])
    assert len(dealt["neutral"]) == table.neutral_cards
    assert all(state["troops"][t] == 2 and state["owner"][t] == "neutral" for t in dealt["neutral"])
    empty = [t for t, o in state["owner"].items() if o is None]
    assert len(empty) == len(geometry(edition).territories) - table.dealt
    assert kind(state) == ("claim" if empty else "place_start")


def test_allegiance_order_of_the_roles() -> None:
    assert R.roles({}, 2) == ("green", "black")
    assert R.roles({}, 3) == ("black", "green", "red")
    assert R.roles({}, 4) == ("green", "black", "yellow", "red")
    assert R.seats({"players": "3"}) == (3, 3)


def test_the_unclaimed_territories_are_claimed_in_turn() -> None:
    state = new("middle-earth", 3)
    order = state["setup"]["order"]
    assert order == ["black", "green", "red"]
    seen = []
    while kind(state) == "claim":
        role = asked(state) or ""
        seen.append(role)
        state = act(state, role, sorted(legal(state, role))[0])
    assert len(seen) == 15 and seen[:4] == ["black", "green", "red", "black"]
    assert all(o is not None for o in state["owner"].values())
    assert events(state, "claims_done")


def roll_offs(name: str, players: int, seeds: range) -> list[tuple[dict, dict]]:
    """``(state, event)`` of games whose roll-off ``name`` needed a second round."""
    found = []
    for seed in seeds:
        state = settle(new("middle-earth", players, seed=seed)) if name == "turn_order" else new(seed=seed)
        (event,) = events(state, name)
        if len(event["rolls"]) > 1:
            found.append((state, event))
    return found


def check_roll_off(event: dict, winner: str) -> None:
    rounds = event["rolls"]
    for before, after in itertools.pairwise(rounds):
        best = max(before.values())
        assert sorted(after) == sorted(r for r, n in before.items() if n == best)  # only the tied roll again
    last = rounds[-1]
    assert max(last.values()) == last[winner] and list(last.values()).count(last[winner]) == 1


def test_two_players_roll_for_who_places_first_and_ties_roll_again() -> None:
    tied = roll_offs("placement_roll", 2, range(40))
    assert tied
    for state, event in tied:
        check_roll_off(event, event["first"])
        assert state["setup"]["order"][0] == event["first"]


def test_the_turn_order_roll_rerolls_ties() -> None:
    tied = roll_offs("turn_order", 3, range(30))
    assert tied
    for state, event in tied:
        check_roll_off(event, event["order"][0])
        first = event["order"][0]
        roles = list(state["roles"])
        at = roles.index(first)
        assert state["order"] == roles[at:] + roles[:at]  # play passes to the left from the winner


def test_quick_placement_is_secret_until_everyone_has_confirmed() -> None:
    state = settle_claims(new("middle-earth", 2))
    assert R.active(state) == {"green", "black"}
    left = state["setup"]["left"]["green"]
    mine = next(t for t, o in state["owner"].items() if o == "green")
    state = act(state, "green", f"place {mine} {left}", f"leader {mine}")
    assert state["troops"][mine] == 1  # nothing on the board yet
    assert R.view(state, "green")["setup"]["pending"] == {mine: left}
    assert R.view(state, "black")["setup"]["pending"] == {}
    assert R.view(state, None)["setup"]["pending"] is None
    state = act(state, "green", "ready")
    assert R.active(state) == {"black"} and state["troops"][mine] == 1
    theirs = next(t for t, o in state["owner"].items() if o == "black")
    state = act(
        state, "black", f"place {theirs} {state['setup']['left']['black']}", f"leader {theirs}", "ready"
    )
    assert state["setup"] is None and state["troops"][mine] == 1 + left
    assert events(state, "placement_revealed")[-1]["leaders"] == {"green": mine, "black": theirs}


def settle_claims(state: dict) -> dict:
    while kind(state) == "claim":
        role = asked(state) or ""
        state = act(state, role, sorted(legal(state, role))[0])
    return state


def test_quick_placement_may_be_taken_back_before_confirming() -> None:
    state = settle_claims(new("middle-earth", 2))
    left = state["setup"]["left"]["green"]
    mine = next(t for t, o in state["owner"].items() if o == "green")
    state = act(state, "green", f"place {mine} 2", f"leader {mine}")
    assert f"unplace {mine}" in legal(state, "green") and "ready" not in legal(state, "green")
    state = act(state, "green", f"unplace {mine}")
    assert state["setup"]["pending"]["green"] == {} and state["setup"]["leader"]["green"] is None
    assert R.prompt(state, "green").amounts[0].high == left


def test_quick_placement_can_place_the_rest_at_random() -> None:
    state = settle_claims(new("middle-earth", 2))
    left = state["setup"]["left"]["green"]
    mine = [t for t, o in state["owner"].items() if o == "green"]
    assert "autoplace" in legal(state, "green") and "autoplace" in R.verbs()
    assert R.describe(state, "green", Action("autoplace")) == "Place the rest at random"
    logged = len(state["log"])
    state = act(state, "green", f"place {mine[0]} 2", "autoplace")
    pending = state["setup"]["pending"]["green"]
    assert sum(pending.values()) == left and set(pending) <= set(mine) and pending[mine[0]] >= 2
    assert state["setup"]["leader"]["green"] in mine  # the leader too, at random
    assert len(state["log"]) == logged, "a secret placement tells nobody anything"
    assert R.view(state, "black")["setup"]["pending"] == {}
    now = legal(state, "green")
    assert now >= {"ready", f"unplace {mine[0]}"} and "autoplace" not in now
    state = act(state, "green", "ready")
    assert R.active(state) == {"black"} and all(state["troops"][t] == 1 for t in mine)


def test_a_claim_says_what_it_places() -> None:
    state = new("middle-earth", 3)
    role = asked(state) or ""
    claim = Action.from_text(sorted(legal(state, role))[0])
    assert R.describe(state, role, claim).endswith("(place 1 battalion)")


def test_printed_placement_is_one_battalion_at_a_time_in_turn() -> None:
    state = settle_claims(new("middle-earth", 3, setup="printed"))
    turns = []
    while kind(state) == "place_start":
        role = asked(state) or ""
        turns.append(role)
        actions = sorted(legal(state, role))
        assert all(a.endswith(" 1") for a in actions)
        state = act(state, role, actions[0])
    assert turns[:6] == ["black", "green", "red"] * 2
    assert kind(state) == "place_leader"
    for role in ("black", "green", "red"):
        assert asked(state) == role
        state = act(state, role, sorted(legal(state, role))[0])
    assert state["setup"] is None
    for role in ("black", "green", "red"):
        held = [t for t, o in state["owner"].items() if o == role]
        assert sum(state["troops"][t] for t in held) == 35


def test_after_the_placement_the_deck_is_rebuilt_and_the_cards_dealt() -> None:
    state = settle(new("middle-earth", 4))
    hands = state["hands"]
    assert all(len(h["territory"]) == 2 for h in hands.values())  # 4 players: 2 each
    assert all(len(h["adventure"]) == 3 for h in hands.values())
    assert not any(adventure_kind(c) == "event" for h in hands.values() for c in h["adventure"])
    deck = state["decks"]["territory"]
    assert len(deck) + 8 == 44 and {"card:wild-1", "card:wild-2"} <= set(deck) | {
        c for h in hands.values() for c in h["territory"]
    }
    assert any(adventure_kind(c) == "event" for c in state["decks"]["adventure"])
    assert state["ring"] == {"step": 0, "done": False} and geometry("middle-earth").path[0] == "the_shire"
    assert all(len(state["leaders"][r]) == 1 for r in state["roles"])
    assert events(state, "own_cards_dealt", "green") and not events(state, "own_cards_dealt", None)


@pytest.mark.parametrize(("edition", "players", "opening", "adventure"), [
    ("middle-earth", 2, 0, 3), ("middle-earth", 3, 1, 3), ("trilogy", 2, 1, 4), ("trilogy", 4, 1, 4),
])  # fmt: skip
def test_opening_cards_per_table(edition: str, players: int, opening: int, adventure: int) -> None:
    state = settle(new(edition, players))
    assert all(len(h["territory"]) == opening for h in state["hands"].values())
    assert all(len(h["adventure"]) == adventure for h in state["hands"].values())


def test_plain_mode_deals_every_territory_round_the_table() -> None:
    state = new("middle-earth", 4, mode="plain")
    counts = sorted(sum(1 for o in state["owner"].values() if o == r) for r in state["roles"])
    assert counts == [10, 10, 11, 11] and kind(state) == "place_start"
    state = settle(state)
    assert state["ring"] is None and not any(state["leaders"].values())
    assert not any(h["adventure"] or h["territory"] for h in state["hands"].values())


def test_plain_mode_with_two_players_uses_the_neutral_army() -> None:
    state = new("middle-earth", 2, mode="plain")
    assert sum(1 for o in state["owner"].values() if o == "neutral") == 14
    assert kind(state) == "claim"


def test_options_that_make_no_sense_together_are_refused() -> None:
    from games.core import InvalidAction

    with pytest.raises(InvalidAction, match="Trilogy"):
        R.resolve_options({"hunt": "on"})
    with pytest.raises(InvalidAction, match="Trilogy"):
        R.resolve_options({"expansion_bonus": "on"})
    with pytest.raises(InvalidAction, match="Lord of the Rings mode"):
        R.resolve_options({"edition": "trilogy", "mode": "plain", "hunt": "on"})
    with pytest.raises(InvalidAction, match="no Ring"):
        R.resolve_options({"mode": "plain", "die_space": "4"})
    assert R.resolve_options({"edition": "trilogy", "hunt": "on", "expansion_bonus": "on"})["hunt"] == "on"
