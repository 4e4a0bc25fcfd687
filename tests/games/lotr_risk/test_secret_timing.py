"""Secrets in what the game does, not only in what it shows: whether an action can be undone
and whether a phase waits for the player never depend on the cards he or anyone holds."""

from __future__ import annotations

from typing import Any

from games.core import Match, State
from games.core.chance import scripted

from .helpers import R, act, position

COURAGE = "courage_alone_will_not_save_you"


def public(state: State) -> tuple[Any, ...]:
    """What Black sees of Green's turn: who is asked, Black's waiting text, the phase."""
    return sorted(R.active(state)), R.prompt(state, "black").text, state["turn"]["phase"]


def holding(card: str, **more: Any) -> State:
    return position(
        more.pop("owners", {"old_forest": "green"}),
        hands={"green": {"territory": [], "adventure": [card]}},
        **more,
    )


def test_a_declared_attack_is_final_whether_or_not_the_defender_armed_a_reaction() -> None:
    undoable = {}
    for armed in (False, True):
        state = position(
            {"old_forest": "green"},
            troops={"old_forest": 6},
            hands={"black": {"territory": [], "adventure": [COURAGE if armed else "mission_bree"]}},
            armed={"black": [{"card": COURAGE, "when": ["south_downs"]}]} if armed else {},
        )
        game = Match(R, state)
        game.submit("green", "attack old_forest south_downs")
        undoable[armed] = game.can_undo("green")
    assert undoable == {False: False, True: False}


def test_combat_waits_alike_for_a_player_holding_a_reaction_card_or_a_mission() -> None:
    shire = {"the_shire": "green", "buckland": "green", "tower_hills": "green"}  # no attack from inside
    seen = [
        public(act(holding(card, owners=shire, phase="reinforce"), "green", "place the_shire 3"))
        for card in ("mission_bree", COURAGE)
    ]
    assert seen[0] == seen[1] and seen[0][0] == ["green"]


def test_combat_goes_on_alike_after_the_last_possible_attack() -> None:
    seen = []
    for card in ("mission_bree", "strategic_withdrawal"):
        state = act(holding(card, troops={"old_forest": 2}), "green", "attack old_forest south_downs")
        with scripted(("attack die", 1), ("defence die", 6)):
            seen.append(public(act(state, "green", "roll 1")))
    assert seen[0] == seen[1]


def test_fortify_waits_alike_for_a_holder_of_move_by_night_or_of_a_mission() -> None:
    seen = []
    for card in ("mission_bree", "move_by_night"):
        state = holding(card, owners={"the_shire": "green"}, edition="trilogy", phase="reinforce")
        state = act(state, "green", "place the_shire 3", "end")
        seen.append(public(state))
    assert seen[0] == seen[1]


def test_a_mission_shown_is_never_taken_back() -> None:
    state = position(
        {"old_forest": "green", "buckland": "green"},
        troops={"old_forest": 6},
        leaders={"green": ["old_forest"]},
        hands={"green": {"territory": [], "adventure": ["mission_bree"]}},
    )
    game = Match(R, act(state, "green", "attack old_forest fornost"))
    with scripted(("attack die", 6), ("attack die", 6), ("attack die", 6), ("defence die", 1)):
        game.submit("green", "roll 3")
    leader_in = next(a for a in R.prompt(game.state, "green").actions if a.verb == "advance-leader")
    game.submit("green", leader_in)
    game.submit("green", "complete mission_bree")
    assert "mission_bree" in game.state["played"]["green"] and not game.can_undo("green")


def test_arriving_at_a_site_is_as_final_with_a_mission_in_hand_as_without() -> None:
    """Whether the leader's arrival may be taken back must not tell what he holds: the arrival
    itself reveals nothing (declaring the mission is a choice of its own)."""
    undoable = set()
    for card in ("mission_bree", "ambush"):
        state = position(
            {"old_forest": "green", "buckland": "green", "fornost": "green"},
            phase="fortify",
            leaders={"green": ["old_forest"]},
            hands={"green": {"territory": [], "adventure": [card]}},
        )
        game = Match(R, state)
        game.submit("green", "from old_forest")
        game.submit("green", "to-leader fornost 0")
        undoable.add((game.can_undo("green"), frozenset(R.active(game.state))))
    assert len(undoable) == 1


def _quick_placement() -> tuple[Match, str, str]:
    game = Match.new(R, 3, {"edition": "middle-earth", "players": "2"}, 2)
    while game.ruleset.prompt(game.state, sorted(R.active(game.state))[0]).kind == "claim":
        role = sorted(R.active(game.state))[0]
        game.submit(role, R.prompt(game.state, role).actions[0])
    owner = game.state["owner"]
    green = next(t for t, o in owner.items() if o == "green")
    black = next(t for t, o in owner.items() if o == "black")
    return game, green, black


def test_a_secret_placement_never_takes_another_players_undo_away() -> None:
    game, green, black = _quick_placement()
    assert R.active(game.state) == {"green", "black"}
    game.submit("green", f"place {green} 2")
    game.submit("black", f"place {black} 3")  # in secret: Green must not be able to tell
    assert game.can_undo("green") and game.can_undo("black")
    game.undo("green")
    pending = game.state["setup"]["pending"]
    assert pending["green"] == {} and pending["black"] == {black: 3}, "Black's move stays"
    assert not game.can_undo("green") and game.can_undo("black")
    game.undo("black")
    assert game.state["setup"]["pending"]["black"] == {}


def test_an_undo_across_another_players_secret_move_reverts_exactly() -> None:
    from games.core import dump

    game, green, black = _quick_placement()
    game.submit("green", f"place {green} 2")
    game.submit("black", f"place {black} 3")
    before = dump(game.state)
    undo = game.undo("green")
    undo.revert()
    assert dump(game.state) == before
    assert game.can_undo("green") and game.can_undo("black")
    game.undo("black")
    game.undo("green")
    assert game.state["setup"]["pending"] == {"green": {}, "black": {}}


def test_undo_after_a_replay_matches_undo_in_play() -> None:
    """The bot rebuilds a match from its stored entries, undos of earlier actions included."""
    from games.core import dump

    game, green, black = _quick_placement()
    entries = [("green", f"place {green} 2"), ("black", f"place {black} 3"), ("green", "undo")]
    for role, text in entries[:2]:
        game.submit(role, text)
    game.undo("green")
    replayed, _, _ = _quick_placement()
    for role, text in entries:
        replayed.undo(role) if text == "undo" else replayed.submit(role, text)
    assert dump(replayed.state) == dump(game.state)


def test_a_card_drawn_from_a_hidden_deck_is_never_taken_back() -> None:
    """Else undo, or a line of steps rehearsed ahead (/risk do), would show the deck's top."""
    from games.core.chain import prefix_state

    from .test_missions_and_draws import OWNERS, conquer_fornost

    hands = {"green": {"territory": [], "adventure": ["gollum", "smeagol", "ambush"]}}
    state = position(OWNERS, troops={"old_forest": 6}, leaders={"green": ["old_forest"]}, hands=hands)
    state = act(conquer_fornost(state), "green", "end")
    assert prefix_state(R, state, "green", ["done"]) is None  # nothing offered after the draw
    m = Match(R, state)
    outcome = m.submit("green", "done")
    assert {"drew_territory_card", "drew_adventure_card"} <= {e["kind"] for e in outcome.events}
    assert outcome.crossed_barrier and not m.can_undo("green")


def test_territory_cards_traded_in_are_shown_and_never_taken_back() -> None:
    from .test_reinforcement import SCATTERED, reinforcing

    m = Match(R, reinforcing(SCATTERED, ["card:moria"]))
    outcome = m.submit("green", "trade card:moria")
    assert outcome.crossed_barrier and not m.can_undo("green")
