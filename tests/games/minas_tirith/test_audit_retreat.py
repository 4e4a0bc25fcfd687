"""Audit of the retreat rules (§9.4): a six ends the loser's fighting even when no battalion is
left to retreat, and only the army that fought steps back."""

from __future__ import annotations

from games.core.chance import scripted

from .helpers import match, play, units


def test_a_defending_good_six_ends_mordors_turn_even_when_his_attackers_all_fall() -> None:
    # "When the good forces roll a 6 while defending, the evil forces must retreat at once, and
    # this ends their turn" -- the six ends the turn, whether or not an attacker is left to go back.
    game = match(
        {"causeway": {"orcs": 1}, "northern_camps": {"orcs": 2}, "causeway_forts": {"infantry": 1}},
        role="evil",
        points=3,
    )
    with scripted(("attack die", 2), ("defence die", 6), others="random"):
        play(game, "evil", "attack causeway causeway_forts 1")
    assert units(game, "causeway") == {}
    assert game.state["turn"]["role"] == "good"


def test_a_forced_good_retreat_ends_gondors_turn_even_when_his_attackers_all_fall() -> None:
    # The Witch-king's sixes drive Gondor back "by the same rules" (default 7: on Gondor's turn
    # this ends it), also when the attacking army has fallen to the last battalion.
    game = match(
        {"road_fort": {"infantry": 1}, "pelennor": {"cavalry": 2}, "causeway_forts": {"orcs": 2}},
        leaders={"witch_king": "causeway_forts"},
        points=3,
    )
    with scripted(("attack die", 3), ("defence die", 6), ("defence die", 1), others="random"):
        play(game, "good", "attack road_fort causeway_forts 1")
    assert units(game, "road_fort") == {}
    assert game.state["turn"]["role"] == "evil"


def test_a_two_step_retreat_leaves_the_battalions_it_passes_where_they_stand() -> None:
    # "The evil battalions that fought the battle must retreat": an army met on the way did not
    # fight, so it stays (with its leader) when the beaten army steps on.
    game = match(
        {"road_fort": {"infantry": 3}, "causeway_forts": {"orcs": 3}, "causeway": {"orcs": 2}},
        leaders={"gothmog": "causeway"},
    )
    with scripted(
        ("attack die", 6), ("attack die", 6), ("attack die", 1), ("defence die", 5), ("defence die", 2)
    ):
        play(game, "good", "attack road_fort causeway_forts 3")
    assert units(game, "causeway_forts") == {}
    assert units(game, "osgiliath") == {"orcs": 1}
    assert units(game, "causeway") == {"orcs": 2}
    assert game.state["leaders"]["gothmog"] == "causeway"


def test_a_five_raised_to_six_by_a_bonus_forces_no_retreat() -> None:
    # "if the good player rolls a 6": the die rolled, not the leader's or banner's +1 on it.
    game = match(
        {"road_fort": {"infantry": 3}, "causeway_forts": {"orcs": 3}},
        leaders={"faramir": "road_fort"},
        points=3,
    )
    with scripted(("attack die", 5), ("defence die", 4), ("defence die", 2), others="random"):
        play(game, "good", "attack road_fort causeway_forts 1")
    assert units(game, "causeway_forts") == {"orcs": 2}
    assert units(game, "causeway") == {}
    assert game.state["turn"]["no_fight"] == []
