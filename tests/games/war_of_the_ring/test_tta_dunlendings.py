"""Twilight of the Third Age: the Hillmen of Dunland (§1.4, D14-D17, the FAQ on factions), one
test per rule — entry, recruiting, Army units of no Nation, casualties (a hit removes two, the
last one alone), Old Hatred, the module's Rage of the Dunlendings, the view, the map and the
positions."""

from __future__ import annotations

import io
from collections.abc import Iterator
from typing import Any

import pytest
from PIL import Image

from bot.choices import arg_choices
from games.core import Action, Match
from games.core.chance import scripted
from games.war_of_the_ring import combat_effects, dunlendings_card, dunlendings_combat
from games.war_of_the_ring.commands import COMMANDS
from games.war_of_the_ring.data import CARDS, SHADOW, Card, CombatCard
from games.war_of_the_ring.event_cards import registry
from games.war_of_the_ring.labels import describe as label
from games.war_of_the_ring.rules_help import topics
from games.war_of_the_ring.ruleset import WAR_OF_THE_RING as R
from games.war_of_the_ring.tta.content import CARDS as TTA_CARDS
from games.war_of_the_ring.tta.content import REPLACEMENTS, TtaCard
from games.war_of_the_ring.tta.switches import PLAYABLE, resolve
from renderers.war_of_the_ring import render
from renderers.war_of_the_ring.pieces import count_text

from .helpers import events, forbidden, match, offered, step
from .test_battle import army_of, attack, battle_match, combat, texts

SWITCH = ["dunlendings"]
AT_WAR = {n: {"steps": 0, "active": True} for n in ("isengard", "sauron", "southrons", "rohan", "gondor")}
MUSTER = {"shadow": ["muster"], "free": ["muster"]}


def dunland(acting: str = "shadow", dice: dict[str, list[str]] | None = None, **more: Any) -> Match:
    """A game with the Dunlendings, every Nation At War unless told."""
    return match(
        switches=more.pop("switches", SWITCH),
        acting=acting,
        dice=dice or MUSTER,
        politics=more.pop("politics", AT_WAR),
        **more,
    )


def pieces(m: Match) -> dict[str, int]:
    """Dunlendings per region (in the open)."""
    return {r: n["dunlendings"]["regular"] for r, n in m.state["armies"].items() if "dunlendings" in n}


def pool(m: Match) -> int:
    return int(R.view(m.state, None)["dunlendings"]["pool"])


# -- entry (D14) ------------------------------------------------------------------------------------


def test_d14_dunlendings_enter_with_a_muster_die_once_isengard_is_at_war() -> None:
    m = dunland(armies={"orthanc": {"isengard": "4R"}})
    assert "bring-dunlendings muster" in offered(m.state, "shadow")
    m.submit("shadow", "bring-dunlendings muster")
    assert pieces(m) == {"north_dunland": 2, "south_dunland": 2} and pool(m) == 8
    assert R.view(m.state, None)["dunlendings"]["in_play"] is True
    assert (
        "The Hillmen of Dunland rise for the Shadow: 4 Dunlendings in North Dunland and South Dunland."
        in texts(m.state)
    )
    assert R.active(m.state) == {"free"}  # the whole action


def test_d14_entry_needs_isengard_at_war_the_switch_and_happens_once() -> None:
    not_at_war = dunland(politics={**AT_WAR, "isengard": {"steps": 1, "active": True}})
    forbidden(not_at_war, "shadow", "bring-dunlendings muster")
    base = match(acting="shadow", dice=MUSTER, politics=AT_WAR)
    assert not any(a.startswith("bring-dunlendings") for a in offered(base.state, "shadow"))
    assert "dunlendings" not in R.view(base.state, None)
    in_play = dunland(tta={"in_play": ["dunlendings"]})
    forbidden(in_play, "shadow", "bring-dunlendings muster")
    army_die = dunland(dice={"shadow": ["army"], "free": ["muster"]})
    assert "bring-dunlendings army" not in offered(army_die.state, "shadow")


def test_d14_each_pair_enters_only_where_its_dunland_is_free_for_the_shadow() -> None:
    m = dunland(armies={"south_dunland": {"rohan": "2R"}})
    m.submit("shadow", "bring-dunlendings muster")
    assert pieces(m) == {"north_dunland": 2}
    neither = dunland(
        armies={"south_dunland": {"rohan": "2R"}},
        control={"north_dunland": "free"},
    )
    forbidden(neither, "shadow", "bring-dunlendings muster")


# -- recruiting (D16) -------------------------------------------------------------------------------


def test_d16_a_muster_die_recruits_two_with_a_shadow_army_in_isengard_or_rohan() -> None:
    m = dunland(
        tta={"in_play": ["dunlendings"]},
        armies={
            "westemnet": {"isengard": "2R"},  # Rohan: yes
            "orthanc": {"isengard": "1R"},  # Isengard: yes
            "moria": {"sauron": "2R"},  # another Nation's region: no
            "edoras": {"rohan": "1R"},  # no Shadow Army
            "helms_deep": {"rohan": "3R"},
        },
        garrisons={"helms_deep": {"isengard": "2R"}},  # a besieged Shadow Army: no
        control={"helms_deep": "shadow"},
    )
    m.submit("shadow", "recruit-dunlendings muster")
    assert offered(m.state, "shadow") == ["place orthanc dunlendings", "place westemnet dunlendings"]
    assert [R.describe(m.state, "shadow", a) for a in R.prompt(m.state, "shadow").actions] == [
        "2 Dunlendings in Orthanc",
        "2 Dunlendings in Westemnet",
    ]
    m.submit("shadow", "place westemnet dunlendings")
    assert army_of(m.state, "westemnet", "dunlendings") == {"regular": 2} and pool(m) == 10
    assert "2 Dunlendings join the Shadow in Westemnet." in texts(m.state)


def test_d16_a_single_place_is_taken_without_asking_and_recruiting_needs_the_faction_in_play() -> None:
    m = dunland(tta={"in_play": ["dunlendings"]}, armies={"orthanc": {"isengard": "1R"}})
    m.submit("shadow", "recruit-dunlendings muster")
    assert army_of(m.state, "orthanc", "dunlendings") == {"regular": 2}
    not_in = dunland(armies={"orthanc": {"isengard": "1R"}})
    forbidden(not_in, "shadow", "recruit-dunlendings muster")


def test_d16_recruits_stay_within_the_stacking_limit_and_the_pool() -> None:
    m = dunland(tta={"in_play": ["dunlendings"]}, armies={"orthanc": {"isengard": "9R"}})
    m.submit("shadow", "recruit-dunlendings muster")
    assert army_of(m.state, "orthanc", "dunlendings") == {"regular": 1}  # one room left
    full = dunland(tta={"in_play": ["dunlendings"]}, armies={"orthanc": {"isengard": "10R"}})
    forbidden(full, "shadow", "recruit-dunlendings muster")
    emptied = dunland(
        armies={"orthanc": {"isengard": "1R", "dunlendings": "6R"}, "north_dunland": {"dunlendings": "6R"}}
    )
    forbidden(emptied, "shadow", "recruit-dunlendings muster")  # all 12 on the map


# -- Army units of no Nation (D15) ------------------------------------------------------------------


def test_d15_dunlendings_move_with_the_army_and_are_always_at_war() -> None:
    """Isengard is not At War: its Regular may not enter Rohan, the Dunlendings may (§8.4)."""
    m = dunland(
        dice={"shadow": ["army"], "free": ["muster"]},
        politics={**AT_WAR, "isengard": {"steps": 1, "active": True}},
        armies={"gap_of_rohan": {"isengard": "1R", "dunlendings": "2R"}},
        tta={"in_play": ["dunlendings"]},
    )
    m.submit("shadow", "move-armies army")  # the one Army is taken without asking
    assert "to fords_of_isen" in offered(m.state, "shadow")
    m.submit("shadow", "to fords_of_isen")
    if step(m.state) == "army_units":
        m.submit("shadow", "go")
    assert army_of(m.state, "fords_of_isen", "dunlendings") == {"regular": 2}
    assert army_of(m.state, "gap_of_rohan", "isengard") == {"regular": 1}
    assert "2 Dunlending Regulars" in " ".join(texts(m.state))


def test_d15_dunlendings_roll_combat_dice_like_shadow_regulars() -> None:
    m = battle_match(
        {"north_dunland": {"dunlendings": "3R", "isengard": "1R"}, "south_dunland": {"rohan": "3R"}},
        switches=SWITCH,
    )
    with scripted(*combat((1, 1, 1, 1), (1, 1, 1))):
        attack(m, "shadow", "north_dunland", "south_dunland")
    assert events(m.state, "combat_round")[-1]["attacker_dice"] == [1, 1, 1, 1]


def test_d15_dunlendings_count_for_stacking_and_those_sent_back_return_to_the_pool() -> None:
    m = dunland(
        dice={"shadow": ["army"], "free": ["muster"]},
        tta={"in_play": ["dunlendings"]},
        armies={"north_dunland": {"dunlendings": "3R"}, "south_dunland": {"isengard": "8R"}},
    )
    m.submit("shadow", "move-armies army")
    m.submit("shadow", "army north_dunland")
    m.submit("shadow", "to south_dunland")
    m.submit("shadow", "go")
    assert step(m.state) == "stacking"  # 11 units: one must go back
    assert offered(m.state, "shadow") == ["remove isengard regular 1", "remove dunlendings regular 1"]
    # the words say where each goes: the Dunlendings to their own pool, not to reinforcements
    prompt = R.prompt(m.state, "shadow").text
    assert "back to your reinforcements (Dunlendings to their own pool)" in prompt, prompt
    dun = Action("remove", ("dunlendings", "regular", "1"))
    assert label(m.state, "shadow", dun) == "Send 1 Dunlending Regular back to the Dunlendings' pool"
    isengard = label(m.state, "shadow", Action("remove", ("isengard", "regular", "1")))
    assert isengard == "Send 1 Isengard Regular back to reinforcements"
    m.submit("shadow", "remove dunlendings regular 1")
    assert army_of(m.state, "south_dunland", "dunlendings") == {"regular": 2} and pool(m) == 10
    sent = "The Shadow sends 1 Dunlending Regular in South Dunland back to the Dunlendings' pool"
    assert f"{sent} (stacking limit)." in texts(m.state)
    assert R.check_invariants(m.state) == []


def test_d15_dunlendings_are_no_nation_for_the_spirit_of_mordor() -> None:
    one_nation = dunland(
        acting="free",
        dice={"free": ["army_muster"], "shadow": ["muster"]},
        armies={"moria": {"sauron": "2R", "dunlendings": "2R"}},
        hands={"free": ["fps_05"]},
    )
    forbidden(one_nation, "free", "play army_muster fps_05")
    two_nations = dunland(
        acting="free",
        dice={"free": ["army_muster"], "shadow": ["muster"]},
        armies={"moria": {"sauron": "2R", "isengard": "1R", "dunlendings": "2R"}},
        hands={"free": ["fps_05"]},
    )
    assert "play army_muster fps_05" in offered(two_nations.state, "free")


def test_d4_faq_slain_dunlendings_go_back_to_the_pool_and_the_faction_is_never_eliminated() -> None:
    m = battle_match(
        {"north_dunland": {"dunlendings": "2R"}, "south_dunland": {"rohan": "3R"}},
        acting="free",
        switches=SWITCH,
        dice={"free": ["army_muster"], "shadow": ["muster"]},
    )
    with scripted(*combat((6, 1, 1), (1, 1), attacking="free")):
        attack(m, "free", "south_dunland", "north_dunland")
    assert pieces(m) == {} and pool(m) == 12
    assert R.view(m.state, None)["dunlendings"]["in_play"] is True  # [FAQ]: never eliminated
    assert R.check_invariants(m.state) == []


# -- casualties (D17) -------------------------------------------------------------------------------


def _hit_by_rohan(dunlendings: str, isengard: str | None, hits: int) -> Match:
    """Rohan attacks an Army with Dunlendings (and Isengard Regulars) and scores ``hits``."""
    army = {"dunlendings": dunlendings, **({"isengard": isengard} if isengard else {})}
    m = battle_match(
        {"north_dunland": army, "south_dunland": {"rohan": "5R"}},
        acting="free",
        switches=SWITCH,
        dice={"free": ["army_muster"], "shadow": ["muster"]},
    )
    shadow_dice = sum(int(str(text)[:-1]) for text in army.values())
    with scripted(*combat((6,) * hits + (1,) * (5 - hits), (1,) * shadow_dice, attacking="free")):
        attack(m, "free", "south_dunland", "north_dunland")
    return m


def test_d17_a_hit_on_dunlendings_removes_two_of_them() -> None:
    m = _hit_by_rohan("4R", None, 1)  # one kind only: nothing to ask
    assert army_of(m.state, "north_dunland", "dunlendings") == {"regular": 2}
    assert "The Dunlendings lose 2 Regulars in North Dunland." in texts(m.state)


def test_d17_the_owner_chooses_a_pair_of_dunlendings_for_a_hit() -> None:
    m = battle_match(
        {"north_dunland": {"dunlendings": "3R", "isengard": "1R"}, "south_dunland": {"rohan": "3R"}},
        acting="free",
        switches=SWITCH,
        dice={"free": ["army_muster"], "shadow": ["muster"]},
    )
    with scripted(*combat((5, 1, 1), (1, 1, 1, 1), attacking="free")):
        attack(m, "free", "south_dunland", "north_dunland")
        assert offered(m.state, "shadow") == ["remove isengard regular 1", "remove dunlendings regular 1"]
        labels = [R.describe(m.state, "shadow", a) for a in R.prompt(m.state, "shadow").actions]
        assert labels[1] == "The Dunlendings take 1 hit (two Dunlendings a hit)"
        m.submit("shadow", "remove dunlendings regular 1")
    assert army_of(m.state, "north_dunland", "dunlendings") == {"regular": 1}
    assert army_of(m.state, "north_dunland", "isengard") == {"regular": 1}


def test_d17_a_single_dunlending_takes_a_hit_only_as_the_last_unit_of_its_army() -> None:
    m = battle_match(
        {"north_dunland": {"dunlendings": "1R", "isengard": "2R"}, "south_dunland": {"rohan": "3R"}},
        acting="free",
        switches=SWITCH,
        dice={"free": ["army_muster"], "shadow": ["muster"]},
    )
    with scripted(*combat((6, 1, 1), (1, 1, 1), attacking="free")):
        attack(m, "free", "south_dunland", "north_dunland")
    # The lone Dunlending cannot take the hit while an Isengard Regular stands: nothing to ask.
    assert not events(m.state, "casualties_chosen") and step(m.state) != "casualties"
    assert army_of(m.state, "north_dunland", "dunlendings") == {"regular": 1}
    assert army_of(m.state, "north_dunland", "isengard") == {"regular": 1}
    last = _hit_by_rohan("3R", None, 2)  # two hits: a pair, then the last one alone
    assert army_of(last.state, "north_dunland", "dunlendings") == {}


def test_d17_the_army_s_strength_against_hits_counts_a_hit_per_two_dunlendings() -> None:
    from games.war_of_the_ring.casualties import strength

    assert strength({"dunlendings": {"regular": 4}}) == 2
    assert strength({"dunlendings": {"regular": 3}, "isengard": {"regular": 1, "elite": 1}}) == 5


# -- Old Hatred (the Combat card, D17) ---------------------------------------------------------------


@pytest.fixture
def old_hatred(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """Shadow of Dol Guldur (shs_26), whose Combat half is Old Hatred, as the card framework will
    know it: its card and its effect built from :mod:`dunlendings_combat`."""
    card = TTA_CARDS["shs_26"]
    monkeypatch.setitem(CARDS, card.id, _as_card(card))
    effect = combat_effects.Effect(
        dunlendings_combat.NAME,
        SHADOW,
        dunlendings_combat.INITIATIVE,
        dunlendings_combat.condition,
        {"before": dunlendings_combat.before},
    )
    monkeypatch.setitem(combat_effects.EFFECTS, dunlendings_combat.NAME, effect)
    yield card.id


def _as_card(card: TtaCard) -> Card:
    assert card.combat is not None and card.deck is not None
    return Card(
        id=card.id,
        side=card.side,
        deck=card.deck,
        number=card.number or 0,
        name=card.name,
        icon=card.icon,
        initiative=card.initiative,
        condition=card.condition,
        on_table=card.on_table,
        event=card.event,
        discard=card.discard,
        combat=CombatCard(card.combat.name, card.combat.condition, card.combat.effect),
    )


CARDS_ON = ["cards", "siege_engines", "dunlendings", "corsairs"]


def test_d17_old_hatred_rolls_a_die_per_dunlending_before_the_combat_roll(old_hatred: str) -> None:
    m = battle_match(
        {"north_dunland": {"dunlendings": "6R", "isengard": "1R"}, "south_dunland": {"rohan": "4R"}},
        switches=CARDS_ON,
        hands={"shadow": [old_hatred]},
    )
    with scripted(
        *[("shadow_card_die", d) for d in (5, 6, 4, 1, 5)],  # 5 dice for 6 Dunlendings, 5+ hits
        *combat((1,) * 5, (1,)),
        others="fail",
    ):
        attack(m, "shadow", "north_dunland", "south_dunland")
        m.submit("shadow", f"combat {old_hatred}")  # the Free Peoples hold no card: not asked
    rolled = events(m.state, "combat_extra_attack")
    assert rolled and rolled[0]["dice"] == [5, 6, 4, 1, 5] and rolled[0]["hits"] == 3
    assert rolled[0]["target"] == 5
    assert "Old Hatred: the Shadow rolls 5 6 4 1 5: 3 hits." in texts(m.state)
    assert army_of(m.state, "south_dunland", "rohan") == {"regular": 1}  # taken before the roll


def test_d17_old_hatred_hits_on_6_in_the_first_round_against_a_city_and_needs_dunlendings(
    old_hatred: str,
) -> None:
    with_them = battle_match(
        {"westemnet": {"dunlendings": "2R"}, "edoras": {"rohan": "2R"}},
        switches=CARDS_ON,
        hands={"shadow": [old_hatred]},
        control={},
    )
    with scripted(*[("shadow_card_die", d) for d in (5, 6)], *combat((5, 5), (1,)), others="fail"):
        attack(with_them, "shadow", "westemnet", "edoras")
        with_them.submit("shadow", f"combat {old_hatred}")
    rolled = events(with_them.state, "combat_extra_attack")[0]
    assert rolled["target"] == 6 and rolled["hits"] == 1
    without = battle_match(
        {"westemnet": {"isengard": "2R"}, "edoras": {"rohan": "2R"}},
        switches=CARDS_ON,
        hands={"shadow": [old_hatred]},
    )
    attack(without, "shadow", "westemnet", "edoras")
    assert f"combat {old_hatred}" not in offered(without.state, "shadow")


# -- Rage of the Dunlendings, the module's text (shs_11t) --------------------------------------------


@pytest.fixture
def rage(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The module's Rage of the Dunlendings as the card framework will know it."""
    card: TtaCard = REPLACEMENTS["shs_11"]
    monkeypatch.setitem(CARDS, card.id, _as_card(card))
    monkeypatch.setitem(registry.HANDLERS, card.id, dunlendings_card.handler())
    yield card.id


def test_d3_the_module_s_rage_of_the_dunlendings_replaces_the_base_card_with_the_cards_on() -> None:
    state = R.from_position({"switches": CARDS_ON})
    deck = state["decks"]["shadow_strategy"]
    assert "shs_11t" in deck and "shs_11" not in deck


def test_card_shs_11t_d16_rage_recruits_up_to_4_then_the_army_may_attack(rage: str) -> None:
    m = dunland(
        switches=CARDS_ON,
        tta={"in_play": ["dunlendings"]},
        armies={"south_dunland": {"isengard": "2R"}, "gap_of_rohan": {"rohan": "2R"}},
        hands={"shadow": [rage]},
    )
    m.submit("shadow", f"play muster {rage}")
    assert army_of(m.state, "south_dunland", "dunlendings") == {"regular": 4}
    assert "4 Dunlendings join the Shadow in South Dunland." in texts(m.state)
    assert "attack south_dunland gap_of_rohan" in offered(m.state, "shadow")
    assert "army south_dunland" in offered(m.state, "shadow") and "done" in offered(m.state, "shadow")
    m.submit("shadow", "attack south_dunland gap_of_rohan")
    assert step(m.state) == "battle_start"
    m.submit("shadow", "go")
    assert m.state["battle"]["region"] == "gap_of_rohan" and m.state["battle"]["from"] == "south_dunland"


def test_card_shs_11t_d16_rage_asks_which_dunland_army_and_needs_the_faction(rage: str) -> None:
    m = dunland(
        switches=CARDS_ON,
        tta={"in_play": ["dunlendings"]},
        armies={"south_dunland": {"isengard": "9R"}, "north_dunland": {"isengard": "1R"}},
        hands={"shadow": [rage]},
    )
    m.submit("shadow", f"play muster {rage}")
    assert offered(m.state, "shadow") == ["choose north_dunland", "choose south_dunland"]
    m.submit("shadow", "choose south_dunland")
    assert army_of(m.state, "south_dunland", "dunlendings") == {"regular": 1}  # the stacking limit
    out = dunland(switches=CARDS_ON, armies={"south_dunland": {"isengard": "2R"}}, hands={"shadow": [rage]})
    assert f"play muster {rage}" not in offered(out.state, "shadow")
    no_army = dunland(
        switches=CARDS_ON,
        tta={"in_play": ["dunlendings"]},
        armies={"orthanc": {"isengard": "1R"}},
        hands={"shadow": [rage]},
    )
    no_army.submit("shadow", f"play muster {rage}")
    assert pool(no_army) == 12 and R.active(no_army.state) == {"free"}
    assert "No Shadow Army stands in North or South Dunland: no Dunlending comes." in texts(no_army.state)


# -- the switch, the view, the map, positions, help ---------------------------------------------------


def test_the_dunlendings_are_playable_in_the_lobby() -> None:
    assert "dunlendings" in PLAYABLE
    assert resolve({"tta": "custom", "tta_factions": "dunlendings"})["tta_factions"] == "dunlendings"


def test_a_position_places_dunlendings_in_the_armies_and_reads_back() -> None:
    state = R.from_position(
        {
            "switches": SWITCH,
            "tta": {"dunlendings": {"north_dunland": 3}},
            "armies": {"edoras": {"rohan": "1R"}},
            "dice": MUSTER,
        }
    )
    assert state["armies"]["north_dunland"] == {"dunlendings": {"regular": 3}}
    assert state["tta"]["factions"]["dunlendings"] == {"in_play": True, "map": {}}
    again = R.to_position(state)
    assert again["armies"]["north_dunland"] == {"dunlendings": "3R"}
    assert again["tta"]["in_play"] == ["dunlendings"] and "dunlendings" not in again["tta"]
    assert R.to_position(R.from_position(again)) == again
    with pytest.raises(Exception, match="unknown nation"):
        R.from_position({"armies": {"north_dunland": {"dunlendings": "2R"}}})  # not without the switch
    with pytest.raises(Exception, match="Regulars only"):
        R.from_position({"switches": SWITCH, "armies": {"north_dunland": {"dunlendings": "1E"}}})


def test_invariants_know_the_dunlendings() -> None:
    m = dunland(armies={"north_dunland": {"dunlendings": "2R"}})
    assert R.check_invariants(m.state) == []
    m.state["armies"]["south_dunland"] = {"dunlendings": {"regular": 11}}
    assert "13 Dunlendings, the box has 12" in R.check_invariants(m.state)
    m.state["armies"]["south_dunland"] = {"dunlendings": {"elite": 1}}
    assert "a Dunlending that is not a Regular" in R.check_invariants(m.state)
    m.state["tta"]["factions"]["dunlendings"]["in_play"] = False
    assert "Dunlendings on the map but not in play" in R.check_invariants(m.state)


def test_the_map_draws_the_dunlendings_as_a_row_of_their_own() -> None:
    m = dunland(armies={"north_dunland": {"dunlendings": "4R", "isengard": "1R"}})
    view = R.view(m.state, "free")
    entry = next(r for r in view["regions"] if r["id"] == "north_dunland")
    assert entry["units"] == {"isengard": {"regular": 1}, "dunlendings": {"regular": 4}}
    assert count_text(("dunlendings", 4, 0, 0)) == "Dun 4" and count_text(("isengard", 1, 0, 0)) == "1·0·0"
    image = Image.open(io.BytesIO(render(view)))
    assert image.size[0] > 500


def test_the_commands_and_rules_topics_name_the_dunlendings() -> None:
    verbs = {c.verb for c in COMMANDS}
    assert {"bring-dunlendings", "recruit-dunlendings"} <= verbs
    topic = next(t for t in topics() if t.slug == "dunlendings")
    assert "removes 2" in topic.text and "Not yet available" not in topic.text


def test_autocomplete_offers_only_the_legal_places_and_casualties() -> None:
    m = dunland(
        tta={"in_play": ["dunlendings"]},
        armies={
            "orthanc": {"isengard": "1R"},
            "westemnet": {"isengard": "10R"},
            "eastemnet": {"sauron": "1R"},
        },
    )
    m.submit("shadow", "recruit-dunlendings muster")  # Westemnet is full: Orthanc and Eastemnet
    prompt = R.prompt(m.state, "shadow")

    def words(value: str) -> str:
        return R.describe_arg(m.state, "shadow", "place", 0, value)

    assert arg_choices(prompt, "place", 0, [], "", words) == [
        ("Eastemnet", "eastemnet"),
        ("Orthanc", "orthanc"),
    ]
    assert arg_choices(prompt, "place", 1, ["eastemnet"], "", str) == [("dunlendings", "dunlendings")]
    hit = battle_match(
        {"north_dunland": {"dunlendings": "3R", "isengard": "1R"}, "south_dunland": {"rohan": "3R"}},
        acting="free",
        switches=SWITCH,
        dice={"free": ["army_muster"], "shadow": ["muster"]},
    )
    with scripted(*combat((5, 1, 1), (1, 1, 1, 1), attacking="free")):
        attack(hit, "free", "south_dunland", "north_dunland")
        casualties = R.prompt(hit.state, "shadow")
        assert arg_choices(casualties, "remove", 0, [], "", str) == [
            ("isengard", "isengard"),
            ("dunlendings", "dunlendings"),
        ]
        assert arg_choices(casualties, "remove", 2, ["dunlendings", "regular"], "", str) == [("1", "1")]
        hit.submit("shadow", "remove isengard regular 1")


def test_d16_rage_of_the_dunlendings_at_the_stacking_limit_says_there_is_no_room(rage: str) -> None:
    """A full Army takes no Dunlending although the pool holds 12: the table reads that the
    stacking limit kept them out, not that none is left."""
    m = dunland(
        switches=CARDS_ON,
        tta={"in_play": ["dunlendings"]},
        armies={"south_dunland": {"isengard": "10R"}},
        hands={"shadow": [rage]},
    )
    m.submit("shadow", f"play muster {rage}")
    assert pool(m) == 12
    said = texts(m.state)
    assert "No Dunlending is left" not in said
    assert "The stacking limit leaves no room for Dunlendings to join the Shadow in South Dunland." in said


def test_d17_the_casualty_prompt_says_a_lone_dunlending_waits_to_be_the_last_unit() -> None:
    m = battle_match(
        {"north_dunland": {"dunlendings": "1R", "isengard": "1R 1E"}, "south_dunland": {"rohan": "3R"}},
        acting="free",
        switches=SWITCH,
        dice={"free": ["army_muster"], "shadow": ["muster"]},
    )
    with scripted(*combat((6, 1, 1), (1, 1, 1), attacking="free")):
        attack(m, "free", "south_dunland", "north_dunland")
        assert offered(m.state, "shadow") == ["remove isengard regular 1", "reduce isengard 1"]
        text = R.prompt(m.state, "shadow").text
    assert "a hit takes two" not in text
    assert "Dunlendings: 1 (takes a hit only as the last unit of its Army, D17)" in text


def test_d16_the_site_labels_count_the_dunlendings_that_will_come() -> None:
    m = dunland(
        tta={"in_play": ["dunlendings"]},
        armies={
            "orthanc": {"isengard": "9R"},  # room for one
            "westemnet": {"isengard": "2R"},
        },
    )
    m.submit("shadow", "recruit-dunlendings muster")
    assert [R.describe(m.state, "shadow", a) for a in R.prompt(m.state, "shadow").actions] == [
        "1 Dunlending in Orthanc",
        "2 Dunlendings in Westemnet",
    ]
