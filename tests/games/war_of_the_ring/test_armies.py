"""Army movement (§10.4, §8.4, §9.1, §10.2, §12.2, §13, §19 edge cases 27-30, 34, 38): the menus
offer exactly the legal moves, the board after a move is right, and illegal typed moves are
refused without any change."""

from __future__ import annotations

from typing import Any

import pytest

from games.core import ActionError, Match, dump
from games.war_of_the_ring import stacking
from games.war_of_the_ring.board import add, besieged, controller
from games.war_of_the_ring.ruleset import WAR_OF_THE_RING

RULES = WAR_OF_THE_RING


def match_at(position: dict[str, Any]) -> Match:
    """The position, with an Event die for a side given none (so the turn goes on after)."""
    dice = {"free": ["event"], "shadow": ["event"], **position.get("dice", {})}
    return Match(RULES, RULES.from_position({**position, "dice": dice}))


def offered(match: Match, role: str) -> set[str]:
    return {a.text for a in RULES.prompt(match.state, role).actions}


def play(match: Match, role: str, *texts: str) -> None:
    for text in texts:
        match.submit(role, text, check=True)


def refused(match: Match, role: str, text: str) -> None:
    """``text`` is refused and nothing changes."""
    before = dump(match.state)
    with pytest.raises(ActionError):
        match.submit(role, text)
    assert dump(match.state) == before


def last_words(match: Match, kind: str) -> str:
    event = next(e for e in reversed(match.state["log"]) if e["kind"] == kind)
    return RULES.narrate(event["kind"], event["args"])


def at_war(*nations: str) -> dict[str, dict[str, Any]]:
    return {n: {"steps": 0, "active": True} for n in nations}


# -- which die moves what -------------------------------------------------------------------------
def test_free_peoples_move_armies_with_army_muster_or_will_never_a_character_die() -> None:
    match = match_at({"dice": {"free": ["character", "army_muster", "will"], "shadow": ["army"]}})
    menu = offered(match, "free")
    assert {"move-armies army_muster", "move-armies will", "move-army character", "move-army will"} <= menu
    assert "move-armies character" not in menu
    refused(match, "free", "move-armies character")


def test_shadow_moves_armies_with_army_or_army_muster_but_not_muster() -> None:
    match = match_at({"acting": "shadow", "dice": {"shadow": ["army", "army_muster", "muster"]}})
    menu = offered(match, "shadow")
    assert {"move-armies army", "move-armies army_muster"} <= menu
    assert "move-armies muster" not in menu  # no Mouth of Sauron in play


# -- two different Armies -------------------------------------------------------------------------
def test_army_die_moves_two_different_armies_and_no_figure_twice() -> None:
    match = match_at(
        {
            "acting": "shadow",
            "dice": {"shadow": ["army"]},
            "armies": {"gorgoroth": {"sauron": "3R"}, "morannon": {"sauron": "5R 1L"}},
        }
    )
    play(match, "shadow", "move-armies army", "army gorgoroth")
    assert offered(match, "shadow") == {"to barad_dur", "to minas_morgul", "to morannon", "to nurn"}
    play(match, "shadow", "to morannon", "go")
    assert last_words(match, "army_moved") == "The Shadow moves 3 Sauron Regulars from Gorgoroth to Morannon."
    # The second Army: Morannon's own figures may go, not the three that just came.
    menu = offered(match, "shadow")
    assert "army morannon" in menu and "army gorgoroth" not in menu and "done" in menu
    play(match, "shadow", "army morannon", "to dagorlad")
    refused(match, "shadow", "units sauron regular 8")
    play(match, "shadow", "units sauron regular 5", "go")
    armies = match.state["armies"]
    assert armies["morannon"] == {"sauron": {"regular": 3}}
    assert armies["dagorlad"] == {"sauron": {"regular": 5, "leader": 1}}
    assert "gorgoroth" not in armies
    assert match.state["stack"][-1] == {"step": "act", "side": "free"}  # the action is over
    assert match.state["dice"]["shadow"]["used"] == ["army"]


def test_an_army_die_may_stop_after_one_army() -> None:
    match = match_at({"acting": "shadow", "dice": {"shadow": ["army", "event"]}})
    play(match, "shadow", "move-armies army", "army gorgoroth", "to nurn", "go", "done")
    assert match.state["armies"]["nurn"]["sauron"]["regular"] == 5
    assert match.state["stack"][-1] == {"step": "act", "side": "free"}


def test_the_rest_of_an_army_that_split_is_not_a_second_army() -> None:
    match = match_at(
        {
            "acting": "shadow",
            "dice": {"shadow": ["army"]},
            "armies": {"gorgoroth": {"sauron": "3R"}, "nurn": {"sauron": "2R"}},
        }
    )
    play(match, "shadow", "move-armies army", "army gorgoroth", "to nurn", "units sauron regular 1", "go")
    assert match.state["armies"]["gorgoroth"] == {"sauron": {"regular": 2}}
    menu = offered(match, "shadow")
    assert menu == {"army nurn", "done"}  # Nurn's own two Regulars, not the one that came
    refused(match, "shadow", "army gorgoroth")
    play(match, "shadow", "army nurn")  # Gorgoroth, its one way, is taken
    refused(match, "shadow", "units sauron regular 3")


# -- the Political Track (§8.4) -------------------------------------------------------------------
def test_a_passive_rohan_unit_cannot_enter_gondor_until_rohan_is_at_war() -> None:
    position: dict[str, Any] = {
        "dice": {"free": ["army_muster"], "shadow": ["army"]},
        "armies": {"folde": {"rohan": "2R"}},
    }
    match = match_at(position)
    play(match, "free", "move-armies army_muster")  # its one Army is taken
    assert offered(match, "free") == {"to eastemnet", "to edoras", "to westemnet"}
    refused(match, "free", "to druadan_forest")
    match = match_at({**position, "politics": at_war("rohan")})
    play(match, "free", "move-armies army_muster")
    assert "to druadan_forest" in offered(match, "free")


def test_units_not_at_war_stay_behind_when_their_army_enters_another_nation() -> None:
    match = match_at(
        {
            "dice": {"free": ["army_muster"], "shadow": ["army"]},
            "armies": {"osgiliath": {"gondor": "2R", "rohan": "1R 1E"}},
            "politics": at_war("gondor"),
        }
    )
    play(match, "free", "move-armies army_muster", "to minas_tirith")
    menu = offered(match, "free")
    assert not any(a.startswith("units rohan") for a in menu)
    refused(match, "free", "units rohan regular 1")
    play(match, "free", "go")
    assert match.state["armies"]["osgiliath"] == {"rohan": {"regular": 1, "elite": 1}}
    assert match.state["armies"]["minas_tirith"] == {"gondor": {"regular": 2}}


def test_a_unit_that_retreated_into_another_nation_must_leave_it_with_its_next_move() -> None:
    match = match_at(
        {"dice": {"free": ["army_muster"], "shadow": ["army"]}, "armies": {"druadan_forest": {"rohan": "1R"}}}
    )
    play(match, "free", "move-armies army_muster")
    menu = offered(match, "free")
    assert "to minas_tirith" not in menu  # still Gondor
    assert {"to folde", "to eastemnet", "to osgiliath"} <= menu


# -- where an Army may go (§2.3, §10.4, §13) ------------------------------------------------------
def test_an_army_never_enters_enemy_units_but_captures_an_empty_enemy_settlement() -> None:
    match = match_at(
        {
            "acting": "shadow",
            "dice": {"shadow": ["army"]},
            "armies": {"west_harondor": {"sauron": "3R"}, "osgiliath": {"gondor": "2R"}},
            "politics": at_war("sauron"),
        }
    )
    play(match, "shadow", "move-armies army")
    menu = offered(match, "shadow")
    assert "to pelargir" in menu and "to osgiliath" not in menu
    refused(match, "shadow", "to osgiliath")
    play(match, "shadow", "to pelargir", "go")
    state = match.state
    assert controller(state, "pelargir") == "shadow"
    assert state["politics"]["gondor"] == {"steps": 1, "active": True}  # roused, one step nearer war
    kinds = [e["kind"] for e in state["log"][-5:]]
    assert kinds.index("army_moved") < kinds.index("settlement_captured")


def test_a_besieger_may_reinforce_the_siege_and_the_owner_removes_units_over_ten() -> None:
    match = match_at(
        {
            "acting": "shadow",
            "dice": {"shadow": ["army"]},
            "armies": {"minas_tirith": {"sauron": "6R 2E"}, "osgiliath": {"sauron": "3R"}},
            "garrisons": {"minas_tirith": {"gondor": "2R 1L"}},
            "politics": at_war("sauron"),
        }
    )
    play(match, "shadow", "move-armies army", "army osgiliath")
    assert "to minas_tirith" in offered(match, "shadow")
    play(match, "shadow", "to minas_tirith", "go")
    prompt = RULES.prompt(match.state, "shadow")
    assert prompt.kind == "stacking"
    assert {a.text for a in prompt.actions} == {"remove sauron regular 1", "remove sauron elite 1"}
    refused(match, "shadow", "remove sauron regular 2")
    play(match, "shadow", "remove sauron elite 1")
    state = match.state
    assert state["armies"]["minas_tirith"] == {"sauron": {"regular": 9, "elite": 1}}
    assert state["reinforcements"]["sauron"]["elite"] == 6 - 2 + 1  # the one sent back
    assert besieged(state, "minas_tirith") and controller(state, "minas_tirith") == "free"  # no capture


def test_a_single_kind_over_the_limit_goes_back_without_asking() -> None:
    match = match_at(
        {
            "acting": "shadow",
            "dice": {"shadow": ["army"]},
            "armies": {"gorgoroth": {"sauron": "4R"}, "nurn": {"sauron": "8R"}},
        }
    )
    play(match, "shadow", "move-armies army", "army gorgoroth", "to nurn", "go")
    state = match.state
    assert state["armies"]["nurn"] == {"sauron": {"regular": 10}}
    assert "gorgoroth" not in state["armies"]
    assert RULES.narrate("units_returned", state["log"][-2]["args"]) == (
        "The Shadow sends 2 Sauron Regulars in Nurn back to reinforcements (stacking limit)."
    )


def test_when_the_besiegers_leave_the_siege_ends_and_the_garrison_comes_out() -> None:
    match = match_at(
        {
            "acting": "shadow",
            "dice": {"shadow": ["army"]},
            "armies": {"minas_tirith": {"sauron": "3R 1L"}},
            "garrisons": {"minas_tirith": {"gondor": "2R 1L"}},
            "characters": {"boromir": "minas_tirith@inside"},
        }
    )
    play(match, "shadow", "move-armies army", "to osgiliath", "go")
    state = match.state
    assert not besieged(state, "minas_tirith")
    assert state["armies"]["minas_tirith"] == {"gondor": {"regular": 2, "leader": 1}}
    assert state["characters"]["boromir"] == {"region": "minas_tirith", "inside": False}


# -- Leaders and characters (§9.1, §10.4) ---------------------------------------------------------
def test_free_peoples_leaders_left_without_units_follow_the_move() -> None:
    match = match_at(
        {"dice": {"free": ["army_muster"], "shadow": ["army"]}, "armies": {"osgiliath": {"gondor": "2R 1L"}}}
    )
    play(
        match,
        "free",
        "move-armies army_muster",
        "to lossarnach",
        "units gondor leader 0",
        "go",
    )
    state = match.state
    assert state["armies"]["lossarnach"] == {"gondor": {"regular": 2, "leader": 1}}
    assert "osgiliath" not in state["armies"]


def test_a_leader_who_cannot_follow_keeps_a_unit_behind() -> None:
    match = match_at(
        {
            "dice": {"free": ["army_muster"], "shadow": ["army"]},
            "armies": {"osgiliath": {"gondor": "2R", "rohan": "1L"}},
            "politics": at_war("gondor"),
        }
    )
    play(match, "free", "move-armies army_muster", "to minas_tirith")
    menu = offered(match, "free")
    assert "go" in menu and "all" not in menu  # the first offer already leaves a Regular
    play(match, "free", "units gondor regular 2")
    assert "go" not in offered(match, "free")
    refused(match, "free", "go")
    play(match, "free", "units gondor regular 1", "go")
    assert match.state["armies"]["osgiliath"] == {"gondor": {"regular": 1}, "rohan": {"leader": 1}}


def test_a_character_die_moves_only_an_army_with_a_leader_or_character_going_along() -> None:
    match = match_at(
        {
            "dice": {"free": ["character"], "shadow": ["army"]},
            "armies": {"osgiliath": {"gondor": "2R"}, "lossarnach": {"gondor": "1R"}},
            "characters": {"boromir": "osgiliath"},
        }
    )
    play(match, "free", "move-army character")  # the one Army with a Leader or Character is taken
    assert match.state["stack"][-1]["from"] == "osgiliath"
    play(match, "free", "to pelargir")
    assert "without boromir" in offered(match, "free")
    play(match, "free", "without boromir")
    assert "go" not in offered(match, "free")
    refused(match, "free", "go")
    play(match, "free", "with boromir", "go")
    assert match.state["characters"]["boromir"] == {"region": "pelargir", "inside": False}
    assert match.state["stack"][-1] == {"step": "act", "side": "shadow"}  # one Army only


def test_a_companion_moving_with_an_army_into_a_city_rouses_its_nation() -> None:
    match = match_at(
        {
            "dice": {"free": ["character"], "shadow": ["army"]},
            "armies": {"osgiliath": {"gondor": "2R"}},
            "characters": {"boromir": "osgiliath"},
        }
    )
    assert match.state["politics"]["gondor"]["active"] is False
    play(match, "free", "move-army character", "to pelargir", "go")
    assert match.state["politics"]["gondor"]["active"] is True


def test_level_zero_saruman_never_moves_even_with_his_army() -> None:
    match = match_at({"acting": "shadow", "dice": {"shadow": ["army"]}, "characters": {"saruman": "orthanc"}})
    play(match, "shadow", "move-armies army", "army orthanc")  # to the Gap of Rohan: its one way
    assert not any("saruman" in a for a in offered(match, "shadow"))
    refused(match, "shadow", "with saruman")
    play(match, "shadow", "go")
    assert match.state["characters"]["saruman"]["region"] == "orthanc"


def test_with_saruman_in_play_isengard_elites_lead_a_character_die_move() -> None:
    without = match_at(
        {"acting": "shadow", "dice": {"shadow": ["character"]}, "armies": {"orthanc": {"isengard": "4R 1E"}}}
    )
    assert "move-army character" not in offered(without, "shadow")
    match = match_at(
        {
            "acting": "shadow",
            "dice": {"shadow": ["character"]},
            "armies": {"orthanc": {"isengard": "4R 1E"}},
            "characters": {"saruman": "orthanc"},
        }
    )
    play(match, "shadow", "move-army character", "units isengard elite 0")
    assert "go" not in offered(match, "shadow")
    play(match, "shadow", "units isengard elite 1", "go")
    assert match.state["armies"]["gap_of_rohan"] == {"isengard": {"regular": 4, "elite": 1}}


def test_the_messenger_of_the_dark_tower_turns_one_muster_die_a_turn_into_an_army_die() -> None:
    match = match_at(
        {
            "acting": "shadow",
            "dice": {"shadow": ["muster", "muster"]},
            "characters": {"mouth_of_sauron": "barad_dur"},
        }
    )
    assert "messenger-move-armies muster" in offered(match, "shadow")
    play(match, "shadow", "messenger-move-armies muster", "army gorgoroth", "to nurn", "go", "done")
    assert match.state["armies"]["nurn"]["sauron"]["regular"] == 5
    assert "messenger-move-armies muster" not in offered(match, "shadow")
    assert RULES.narrate("messenger_used", {}).startswith("The Mouth of Sauron")


def test_typed_moves_outside_the_menus_are_refused_without_change() -> None:
    match = match_at({"acting": "shadow", "dice": {"shadow": ["army"]}})
    refused(match, "shadow", "move-armies character")
    refused(match, "free", "move-armies army")
    play(match, "shadow", "move-armies army")
    refused(match, "shadow", "army minas_tirith")
    refused(match, "shadow", "army nowhere")
    play(match, "shadow", "army gorgoroth")
    refused(match, "shadow", "to dagorlad")  # not adjacent
    play(match, "shadow", "to nurn")
    refused(match, "shadow", "units sauron regular 4")
    refused(match, "shadow", "units gondor regular 1")
    refused(match, "shadow", "with witch_king")


# -- the stacking procedure for other modules -----------------------------------------------------
def test_call_stacking_lets_the_owner_choose_the_excess_after_figures_arrived() -> None:
    match = match_at(
        {
            "acting": "shadow",
            "dice": {"shadow": ["army"]},
            "armies": {"nurn": {"sauron": "8R", "southrons": "2R"}},
        }
    )
    state = match.state
    assert not stacking.call_stacking(state, "nurn", "shadow")  # 10: nothing to do
    add(state, "nurn", "southrons", "elite", 2)
    assert stacking.call_stacking(state, "nurn", "shadow")
    prompt = RULES.prompt(state, "shadow")
    assert prompt.kind == "stacking"
    assert "remove southrons elite 2" in {a.text for a in prompt.actions}
    match.submit("shadow", "remove sauron regular 1")
    assert state["stack"][-1]["step"] == "stacking"
    match.submit("shadow", "remove southrons regular 1")
    assert state["stack"][-1]["step"] == "act"  # returned to its caller
    assert state["armies"]["nurn"] == {"sauron": {"regular": 7}, "southrons": {"regular": 1, "elite": 2}}


# -- random play ----------------------------------------------------------------------------------
#: Attacks are the battle module's (built alongside, tested there): random play here leaves them out.
BATTLE_VERBS = frozenset({"attack", "attack-leader"})


def random_play(match: Match, seed: int, actions_count: int, seen: set[str]) -> None:
    """Uniformly random legal actions through the runner, invariants checked after each one
    (``check=True``): no dead end, no prompt over 125 choices."""
    from games.core.rng import randbelow

    chooser = {"rng": seed * 7919 + 11}
    for _ in range(actions_count):
        state = match.state
        if state["result"] is not None:
            return
        active = sorted(RULES.active(state))
        assert active, f"seed {seed}: nobody to act"
        role = active[randbelow(chooser, len(active))]
        actions = RULES.prompt(state, role).actions
        assert actions, f"seed {seed}: {role} has no legal action in {state['stack'][-1]['step']}"
        assert len(actions) <= 125, (state["stack"][-1]["step"], len(actions))
        choices = tuple(a for a in actions if a.verb not in BATTLE_VERBS)
        if len(state["dice"][role]["rolled"]) == 1:
            # Known issue outside these rules (actions.py): a Ring turning the last die into an
            # Eye leaves the turn waiting on a player without dice.
            choices = tuple(a for a in choices if not (a.verb == "ring" and a.args[1] == "eye"))
        choices = choices or actions
        seen.add(state["stack"][-1]["step"])
        match.submit(role, choices[randbelow(chooser, len(choices))], check=True)


def test_random_new_games_never_dead_end_and_keep_the_invariants() -> None:
    seen: set[str] = set()
    for seed in range(15):
        random_play(Match.new(RULES, seed, {}, 2), seed, 250, seen)
    assert {"army_choose", "army_to", "army_units", "companions", "minions", "separate", "diplomacy"} <= seen


def test_random_games_at_war_never_dead_end_and_keep_the_invariants() -> None:
    """Every Nation At War, Strider and Gandalf out of the Fellowship: recruits, stacking,
    entries and abilities all come up."""
    seen: set[str] = set()
    for seed in range(15):
        position = {
            "seed": seed,
            "dice": {
                "free": ["character", "muster", "army_muster", "will"],
                "shadow": ["character", "army", "muster", "army_muster", "muster", "character"],
            },
            "politics": at_war(*RULES_NATIONS),
            "characters": {"strider": "minas_tirith", "gandalf_grey": "edoras", "boromir": "osgiliath"},
            "add": {"minas_tirith": {"gondor": "5R"}, "morannon": {"sauron": "4R"}},
        }
        random_play(match_at(position), seed, 250, seen)
    assert {"recruit", "bring", "army_units", "minions", "companions"} <= seen


RULES_NATIONS = ("dwarves", "elves", "gondor", "north", "rohan", "isengard", "sauron", "southrons")
