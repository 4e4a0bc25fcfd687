"""Rule coverage: the Guide (§14.3), Companions in the Fellowship (§14.2), separating (§14.8),
characters' fates in battle (§9.2, §11.6) and the stacking count (§10.2). Each test is named after
the rule it checks (see docs/dev/war_of_the_ring_rule_coverage.md)."""

from __future__ import annotations

from games.core import Action, Match
from games.core.chance import scripted
from games.war_of_the_ring.ruleset import WAR_OF_THE_RING as R
from games.war_of_the_ring.turn import next_phase

from .helpers import act, match, offered, position, step
from .test_battle import attack, battle_match, combat


# -- §14.3 the Guide ------------------------------------------------------------------------------------
def test_the_guide_is_always_a_companion_of_the_highest_level() -> None:
    state = position(fellowship={"companions": ["strider", "boromir", "gimli"], "guide": "strider"})
    state["turn"]["phase"] = "recover"
    next_phase(state, "recover")
    # Nobody else may guide: Strider is the only one of Level 3, so the phase asks nothing.
    assert step(state) != "fellowship_phase"
    assert not R.is_legal(state, "free", Action("guide", ("boromir",)))


def test_the_free_peoples_choose_among_companions_tied_for_the_highest_level() -> None:
    state = position(fellowship={"companions": ["legolas", "gimli", "meriadoc"], "guide": "legolas"})
    state["turn"]["phase"] = "recover"
    next_phase(state, "recover")
    assert offered(state, "free") == ["guide gimli", "done"]
    m = Match(R, state)
    act(m, "free", "guide gimli")
    assert m.state["fellowship"]["guide"] == "gimli"


def test_the_free_peoples_name_the_new_guide_when_the_fellowship_changes() -> None:
    m = match(
        dice={"free": ["character"], "shadow": ["army"]},
        fellowship={
            "region": "hollin",
            "progress": 0,
            "companions": ["gandalf_grey", "legolas", "gimli"],
            "guide": "gandalf_grey",
        },
    )
    act(m, "free", "separate character", "companion gandalf_grey", "to hollin")
    # Legolas and Gimli are both of Level 2: the Free Peoples choose which of them guides.
    assert R.active(m.state) == {"free"}
    assert offered(m.state, "free") == ["guide legolas", "guide gimli"]
    act(m, "free", "guide gimli")
    assert m.state["fellowship"]["guide"] == "gimli"
    assert R.active(m.state) == {"shadow"}  # then the Shadow's action, as after any


def test_a_guide_lost_to_the_hunt_leaves_the_choice_among_the_tied_to_the_free_peoples() -> None:
    m = match(
        dice={"free": ["character"], "shadow": ["army"]},
        hunt_box={"shadow": 1},
        fellowship={
            "region": "hollin",
            "progress": 0,
            "companions": ["legolas", "gimli", "boromir"],
            "guide": "legolas",
        },
    )
    with scripted(("hunt_die", 6), ("hunt_tile", "2_1")):
        act(m, "free", "move-fellowship character")
    act(m, "free", "casualty guide")
    assert "legolas" in m.state["eliminated"]
    assert sorted(offered(m.state, "free")) == ["guide boromir", "guide gimli"]
    act(m, "free", "guide boromir")
    assert m.state["fellowship"]["guide"] == "boromir" and R.active(m.state) == {"shadow"}


def test_no_guide_question_when_one_companion_has_the_highest_level() -> None:
    m = match(
        dice={"free": ["character"], "shadow": ["army"]},
        fellowship={
            "region": "hollin",
            "progress": 0,
            "companions": ["gandalf_grey", "strider", "gimli"],
            "guide": "gandalf_grey",
        },
    )
    act(m, "free", "separate character", "companion gandalf_grey", "to hollin")
    assert m.state["fellowship"]["guide"] == "strider" and R.active(m.state) == {"shadow"}


def test_gollum_guides_once_the_last_companion_leaves() -> None:
    m = match(
        dice={"free": ["character"], "shadow": ["army"]},
        fellowship={"region": "hollin", "progress": 0, "companions": ["gimli"], "guide": "gimli"},
    )
    act(m, "free", "separate character", "to hollin")  # Gimli, the one Companion, is taken
    assert m.state["fellowship"]["companions"] == [] and m.state["fellowship"]["guide"] == "gollum"


# -- §14.2 Companions in the Fellowship ------------------------------------------------------------------
def test_companions_in_the_fellowship_do_not_fight_with_an_army_in_its_region() -> None:
    armies = {"north_ithilien": {"sauron": "3R"}, "osgiliath": {"gondor": "2R"}}
    m = battle_match(armies, fellowship={"region": "osgiliath", "progress": 0})
    with scripted(*combat((1, 1, 1), (1, 1))):  # no Captain of the West, no Leadership re-roll
        attack(m, "shadow", "north_ithilien", "osgiliath", "go")
    assert m.state["fellowship"]["companions"]  # nobody left it
    assert "strider" not in m.state["characters"]


# -- §14.8 separating -------------------------------------------------------------------------------------
def test_a_group_separates_to_one_region_and_the_die_does_not_go_to_the_hunt_box() -> None:
    m = match(
        dice={"free": ["character"], "shadow": ["army"]}, fellowship={"region": "edoras", "progress": 0}
    )
    act(m, "free", "separate character", "companion meriadoc", "companion peregrin", "to westemnet")
    chars = m.state["characters"]
    assert chars["meriadoc"]["region"] == chars["peregrin"]["region"] == "westemnet"
    assert m.state["hunt_box"]["free"] == 0 and m.state["fellowship"]["region"] == "edoras"


# -- §9.2 / §11.6 characters' fates -------------------------------------------------------------------------
def test_a_hobbit_out_of_the_fellowship_dies_with_his_army_take_them_alive_does_not_save_him() -> None:
    m = battle_match(
        {"north_ithilien": {"sauron": "4R"}, "dead_marshes": {"gondor": "1R"}},
        characters={"peregrin": "dead_marshes"},
    )
    with scripted(*combat((5, 1, 1, 1), (1,), defender_rerolls=(1,))):
        attack(m, "shadow", "north_ithilien", "dead_marshes", "go")
    assert "peregrin" in m.state["eliminated"] and "peregrin" not in m.state["characters"]


# -- §10.2 stacking ---------------------------------------------------------------------------------------
def test_leaders_and_characters_never_count_for_the_stacking_limit() -> None:
    m = match(
        acting="shadow",
        dice={"shadow": ["character"], "free": ["muster"]},
        armies={"nurn": {"sauron": "10R"}, "barad_dur": {"sauron": "3L"}},
    )
    act(m, "shadow", "move-minions character", "nazgul barad_dur", "to nurn 3")
    if step(m.state) != "act":
        act(m, "shadow", "done")
    assert m.state["armies"]["nurn"] == {"sauron": {"regular": 10, "leader": 3}}
    assert step(m.state) == "act"


def test_a_new_guide_named_in_the_hunt_may_use_his_ability_for_the_rest() -> None:
    m = match(
        dice={"free": ["character"], "shadow": ["army"]},
        hunt_box={"shadow": 1},
        fellowship={
            "region": "hollin",
            "progress": 0,
            "companions": ["legolas", "meriadoc", "peregrin"],
            "guide": "legolas",
        },
    )
    with scripted(("hunt_die", 6), ("hunt_tile", "3_1")):
        act(m, "free", "move-fellowship character")
    act(m, "free", "casualty guide")  # Legolas's Level 2 of the 3 damage: 1 left
    assert sorted(offered(m.state, "free")) == ["guide meriadoc", "guide peregrin"]
    act(m, "free", "guide peregrin")
    assert "ability peregrin" in offered(m.state, "free")
    act(m, "free", "ability peregrin", "hobbit-to hollin")
    assert m.state["fellowship"]["corruption"] == 0 and m.state["fellowship"]["guide"] == "meriadoc"


def test_a_match_begun_by_the_first_rules_revision_goes_on_by_it() -> None:
    """Stored matches replay exactly: without ``rules`` (revision 1) a Hobbit leaving in the Hunt
    stays where the Fellowship is, and nobody is asked who guides after a change."""

    def old_match(companions: list[str], **position_args: object) -> Match:
        state = position(
            dice={"free": ["character"], "shadow": ["army"]},
            fellowship={"region": "hollin", "progress": 0, "companions": companions, "guide": companions[0]},
            **position_args,
        )
        del state["rules"]
        return Match(R, state)

    m = old_match(["meriadoc", "peregrin"], hunt_box={"shadow": 1})
    with scripted(("hunt_die", 6), ("hunt_tile", "1_1")):
        act(m, "free", "move-fellowship character")
    act(m, "free", "ability meriadoc")
    assert m.state["characters"]["meriadoc"]["region"] == "hollin" and R.active(m.state) == {"shadow"}
    m = old_match(["gandalf_grey", "legolas", "gimli"])
    act(m, "free", "separate character", "companion gandalf_grey", "to hollin")
    assert m.state["fellowship"]["guide"] == "legolas" and R.active(m.state) == {"shadow"}
