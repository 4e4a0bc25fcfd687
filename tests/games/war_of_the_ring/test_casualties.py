"""Casualties (§11.3 step 4, §11.6, §19 items 44-45): per hit a Regular removed or an Elite
reduced, two hits for an Elite; the replacing Regular from the casualties first, then the
reinforcements, else none; choices in small steps with counts, asked only when there is a choice;
the attacker first, both sides' losses applied together."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core import Action, Amount, Match
from games.core.chance import scripted
from games.war_of_the_ring.casualties import group, hits_left, settle, strength
from games.war_of_the_ring.ruleset import WAR_OF_THE_RING as R

from .helpers import events, offered, step
from .test_battle import army_of, attack, battle_match, combat


def shadow_scores(
    hits: int, defenders: str, armies: Mapping[str, Mapping[str, str]] | None = None, **more: Any
) -> Match:
    """The Shadow (5 Regulars) attacks the Free Peoples ``defenders`` (Gondor, or ``armies``) in
    the Dead Marshes and scores ``hits``; the defenders miss everything."""
    table: dict[str, Mapping[str, str]] = {
        "north_ithilien": {"sauron": "5R"},
        "dead_marshes": {"gondor": defenders},
    }
    table.update(armies or {})
    m = battle_match(table, **more)
    attacker = tuple([5] * hits + [1] * (5 - hits))
    there = table["dead_marshes"].values()
    defending = sum(int(part[:-1]) for text in there for part in text.split() if part[-1] in "RE")
    with scripted(*combat(attacker, tuple([1] * min(5, defending)))):
        attack(m, "shadow", "north_ithilien", "dead_marshes")
    return m


def test_hits_reaching_the_whole_strength_remove_every_unit_without_a_question() -> None:
    m = shadow_scores(4, "2R 1E")  # strength 2 + 2
    assert step(m.state) == "battle" and R.prompt(m.state, "shadow").kind == "advance"
    assert "dead_marshes" not in m.state["armies"]
    casualties = m.state["casualties"]["gondor"]
    assert (casualties["regular"], casualties["elite"]) == (2, 1)


def test_one_kind_of_unit_takes_its_hits_without_a_question() -> None:
    m = shadow_scores(2, "4R")
    assert R.prompt(m.state, "shadow").kind == "cease_or_continue"
    assert army_of(m.state, "dead_marshes", "gondor") == {"regular": 2}
    m = shadow_scores(3, "2E")  # one way only: one Elite removed, the other reduced
    assert army_of(m.state, "dead_marshes", "gondor") == {"regular": 1}
    assert m.state["casualties"]["gondor"]["elite"] == 2
    assert m.state["reinforcements"]["gondor"]["regular"] == 15 - 1  # the reduced one's Regular


def test_the_owner_chooses_his_casualties_in_small_steps_with_counts() -> None:
    m = shadow_scores(3, "2R 2E", armies={"dead_marshes": {"gondor": "2R 2E", "rohan": "1R"}})
    prompt = R.prompt(m.state, "free")
    assert prompt.kind == "casualties" and "3 hits" in prompt.title
    assert set(prompt.amounts) == {
        Amount("remove", ("gondor", "regular"), 1, 2),
        Amount("reduce", ("gondor",), 1, 2),
        Amount("remove", ("gondor", "elite"), 1, 1),
        Amount("remove", ("rohan", "regular"), 1, 1),
    }
    assert offered(m.state, "free") == [
        "remove gondor regular 2",
        "reduce gondor 2",
        "remove gondor elite 1",
        "remove rohan regular 1",
    ]
    assert R.is_legal(m.state, "free", Action("remove", ("gondor", "regular", "1")))
    assert not R.is_legal(m.state, "free", Action("remove", ("gondor", "elite", "2")))
    m.submit("free", "reduce gondor 1")
    assert "2 hits" in R.prompt(m.state, "free").title
    assert army_of(m.state, "dead_marshes", "gondor") == {"regular": 2, "elite": 2}  # not yet applied
    m.submit("free", "remove rohan regular 1")
    m.submit("free", "remove gondor regular 1")
    assert army_of(m.state, "dead_marshes", "gondor") == {"regular": 2, "elite": 1}  # 2 - 1 + 1 reduced
    assert "rohan" not in m.state["armies"]["dead_marshes"]
    assert events(m.state, "units_lost")[-2:] == [
        {"nation": "gondor", "region": "dead_marshes", "regular": 1, "elite": 0, "reduced": 1},
        {"nation": "rohan", "region": "dead_marshes", "regular": 1, "elite": 0, "reduced": 0},
    ]


def test_a_reduced_elite_takes_its_regular_from_the_casualties_first() -> None:
    m = shadow_scores(1, "1R 1E", casualties={"gondor": "2R"})
    before = m.state["reinforcements"]["gondor"]["regular"]
    m.submit("free", "reduce gondor 1")
    assert army_of(m.state, "dead_marshes", "gondor") == {"regular": 2}
    assert m.state["casualties"]["gondor"]["regular"] == 1 and m.state["casualties"]["gondor"]["elite"] == 1
    assert m.state["reinforcements"]["gondor"]["regular"] == before


def test_a_reduced_elite_takes_its_regular_from_the_reinforcements_without_casualties() -> None:
    m = shadow_scores(1, "1R 1E")
    before = m.state["reinforcements"]["gondor"]["regular"]
    m.submit("free", "reduce gondor 1")
    assert army_of(m.state, "dead_marshes", "gondor") == {"regular": 2}
    assert m.state["reinforcements"]["gondor"]["regular"] == before - 1


def test_without_a_regular_anywhere_a_reduced_elite_is_simply_removed() -> None:
    elsewhere = {"minas_tirith": {"gondor": "10R"}, "dol_amroth": {"gondor": "4R"}}  # all 15 out
    m = shadow_scores(1, "1R 1E", armies=elsewhere)
    assert m.state["reinforcements"]["gondor"]["regular"] == 0
    m.submit("free", "reduce gondor 1")
    assert army_of(m.state, "dead_marshes", "gondor") == {"regular": 1}
    assert events(m.state, "units_lost")[-1] == {
        "nation": "gondor",
        "region": "dead_marshes",
        "regular": 0,
        "elite": 1,
        "reduced": 0,
    }


def test_two_hits_may_remove_an_elite_outright() -> None:
    m = shadow_scores(2, "1R 1E")
    m.submit("free", "remove gondor elite 1")
    assert army_of(m.state, "dead_marshes", "gondor") == {"regular": 1}
    assert R.prompt(m.state, "shadow").kind == "cease_or_continue"


def test_a_reduced_elite_is_a_regular_that_takes_the_hits_still_owed() -> None:
    m = shadow_scores(4, "1R 2E")  # strength 5: a choice
    m.submit("free", "reduce gondor 2")  # 2 hits; the 2 left fall on the 3 Regulars now there
    assert army_of(m.state, "dead_marshes", "gondor") == {"regular": 1}
    assert R.prompt(m.state, "shadow").kind == "cease_or_continue"


def test_every_way_of_taking_the_hits_leaves_the_same_strength() -> None:
    for first in ("remove gondor regular 1", "reduce gondor 1", "reduce gondor 2", "remove gondor elite 1"):
        m = shadow_scores(3, "1R 2E")  # strength 5, 3 hits: strength 2 must be left
        m.submit("free", first)
        while R.prompt(m.state, "free").kind == "casualties":
            m.submit("free", R.prompt(m.state, "free").actions[0])
        left = army_of(m.state, "dead_marshes", "gondor")
        assert left.get("regular", 0) + 2 * left.get("elite", 0) == 2, (first, left)


def test_shadow_elites_reduced_go_back_to_reinforcements_for_a_regular_from_there() -> None:
    armies = {"osgiliath": {"gondor": "5R"}, "dead_marshes": {"sauron": "1R 1E"}}
    m = battle_match(armies, acting="free")
    pool = dict(m.state["reinforcements"]["sauron"])
    with scripted(*combat((5, 1, 1, 1, 1), (1, 1), attacking="free")):
        attack(m, "free", "osgiliath", "dead_marshes")
    m.submit("shadow", "reduce sauron 1")
    assert army_of(m.state, "dead_marshes", "sauron") == {"regular": 2}
    assert m.state["reinforcements"]["sauron"]["elite"] == pool["elite"] + 1
    assert m.state["reinforcements"]["sauron"]["regular"] == pool["regular"] - 1


def test_the_attacker_chooses_first_and_both_losses_are_applied_together() -> None:
    armies = {"north_ithilien": {"sauron": "2R 1E"}, "dead_marshes": {"gondor": "1R 1E"}}
    m = battle_match(armies)
    with scripted(*combat((5, 1, 1), (5, 1))):
        attack(m, "shadow", "north_ithilien", "dead_marshes")
    assert R.active(m.state) == {"shadow"} and R.prompt(m.state, "shadow").kind == "casualties"
    m.submit("shadow", "remove sauron regular 1")
    assert R.active(m.state) == {"free"}
    assert army_of(m.state, "north_ithilien", "sauron") == {"regular": 2, "elite": 1}  # not yet
    m.submit("free", "remove gondor regular 1")
    assert army_of(m.state, "north_ithilien", "sauron") == {"regular": 1, "elite": 1}
    assert army_of(m.state, "dead_marshes", "gondor") == {"elite": 1}
    assert [e["nation"] for e in events(m.state, "units_lost")] == ["sauron", "gondor"]


def test_a_group_settles_alone_only_when_a_single_outcome_is_possible() -> None:
    assert strength({"gondor": {"regular": 1, "elite": 2}}) == 5
    g = group("free", "osgiliath", False, {"gondor": {"regular": 0, "elite": 2, "leader": 1}}, 2)
    assert not settle(g) and hits_left(g) == 2  # 2 reduced or 1 removed: the owner chooses
    g = group("free", "osgiliath", False, {"gondor": {"elite": 3}}, 5)
    assert settle(g) and g["chosen"]["gondor"] == {"regular": 0, "elite": 2, "reduce": 1}
    g = group("free", "osgiliath", False, {"gondor": {"regular": 2}, "rohan": {"regular": 2}}, 1)
    assert not settle(g)
