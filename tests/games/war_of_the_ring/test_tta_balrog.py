"""Twilight of the Third Age: the Balrog (R-2), one test per rule — entry, Level 0, Leadership 3
and his die, not a Minion for Gandalf the White, Durin's Bane, Shadow of Moria, A Balrog is Come!'s
movement, leaving play — through positions, dice and tiles scripted."""

from __future__ import annotations

from typing import Any

from games.core import Action, Match
from games.core.chance import scripted
from games.war_of_the_ring.battle_figures import leadership
from games.war_of_the_ring.data import CARDS, Card, CombatCard
from games.war_of_the_ring.dice import pool_size
from games.war_of_the_ring.event_cards import base
from games.war_of_the_ring.event_cards.balrog_card import BalrogIsCome
from games.war_of_the_ring.labels import describe as label
from games.war_of_the_ring.ruleset import WAR_OF_THE_RING as R
from games.war_of_the_ring.tta.content import REPLACEMENTS

from .helpers import events, forbidden, match, offered, position, step
from .test_battle import texts
from .test_combat_cards import FP, SH, dice, fight
from .test_rules_coverage_turn import in_phase

SWITCH = ["balrog"]
#: The Balrog's Army attacks out of Moria.
FROM_MORIA: dict[str, Any] = {
    "switches": SWITCH,
    "characters": {"balrog": "moria"},
    "origin": "moria",
    "target": "hollin",
}
#: The card that lets him move needs the Twilight cards, and they need their three parts.
WITH_CARD = ["balrog", "cards", "siege_engines", "dunlendings", "corsairs"]


def balrog_match(**more: Any) -> Match:
    """A Muster die for the Shadow; Moria the Shadow's, as at the start."""
    return match(
        switches=more.pop("switches", SWITCH),
        dice=more.pop("dice", {"shadow": ["muster"], "free": ["character"]}),
        acting=more.pop("acting", "shadow"),
        **more,
    )


# -- entry (R-2) ------------------------------------------------------------------------------------


def test_r2_the_balrog_enters_in_moria_with_a_muster_die() -> None:
    m = balrog_match()
    assert "bring-balrog muster" in offered(m.state, "shadow")
    m.submit("shadow", "bring-balrog muster")
    assert m.state["characters"]["balrog"] == {"region": "moria", "inside": False}
    assert "balrog" not in m.state["tta"]["characters_aside"]
    assert "The Balrog enters play in Moria." in texts(m.state)
    assert R.check_invariants(m.state) == []
    forbidden(balrog_match(characters={"balrog": "moria"}), "shadow", "bring-balrog muster")  # once


def test_r2_the_balrog_enters_with_no_political_condition() -> None:
    asleep = {n: {"steps": 3, "active": False} for n in ("sauron", "isengard", "southrons")}
    m = balrog_match(politics=asleep)
    assert "bring-balrog muster" in offered(m.state, "shadow")


def test_r2_no_entry_unless_the_shadow_holds_an_unbesieged_moria() -> None:
    taken = balrog_match(control={"moria": "free"}, armies={"moria": {"dwarves": "2R"}})
    forbidden(taken, "shadow", "bring-balrog muster")
    besieged = balrog_match(armies={"moria": {"dwarves": "3R"}}, garrisons={"moria": {"sauron": "2R"}})
    forbidden(besieged, "shadow", "bring-balrog muster")
    forbidden(balrog_match(switches=[]), "shadow", "bring-balrog muster")
    forbidden(balrog_match(eliminated=["balrog"]), "shadow", "bring-balrog muster")


# -- the figure (R-2) -------------------------------------------------------------------------------


def test_r2_the_balrog_gives_the_shadow_an_action_die() -> None:
    state = position(switches=SWITCH, characters={"balrog": "moria"})
    assert pool_size(state, SH) == pool_size(position(switches=SWITCH), SH) + 1


def test_r2_level_0_the_balrog_never_moves_without_a_balrog_is_come() -> None:
    m = balrog_match(characters={"balrog": "moria"}, dice={"shadow": ["character"], "free": ["muster"]})
    m.submit("shadow", "move-minions character")  # the Nazgûl of the set-up may fly
    forbidden(m, "shadow", "minion balrog")


def test_r2_a_balrog_is_come_on_the_table_lets_him_move_two_regions() -> None:
    m = balrog_match(
        switches=WITH_CARD,
        characters={"balrog": "moria"},
        table={"shadow": ["shc_17t"]},
        dice={"shadow": ["character"], "free": ["muster"]},
    )
    m.submit("shadow", "move-minions character")
    m.submit("shadow", "minion balrog")
    targets = {a.split()[1] for a in offered(m.state, "shadow")}
    assert {"hollin", "dimrill_dale", "north_dunland", "trollshaws"} <= targets
    assert "fangorn" not in targets and "rivendell" not in targets  # 2 regions at most
    assert "lorien" not in targets  # an Elven Stronghold no Shadow Army besieges
    m.submit("shadow", "to hollin")
    assert m.state["characters"]["balrog"]["region"] == "hollin"
    assert R.check_invariants(m.state) == []


def test_r2_the_balrog_is_not_a_minion_for_gandalf_the_white() -> None:
    fellowship = {"companions": ["strider"], "guide": "strider"}
    dice = {"free": ["will"], "shadow": ["muster"]}
    eliminated = ["gandalf_grey"]
    with_balrog = match(
        switches=SWITCH,
        characters={"balrog": "moria"},
        fellowship=fellowship,
        dice=dice,
        eliminated=eliminated,
    )
    assert not any(a.startswith("bring-gandalf-white") for a in offered(with_balrog.state, "free"))
    with_saruman = match(
        switches=SWITCH,
        characters={"saruman": "orthanc"},
        fellowship=fellowship,
        dice=dice,
        eliminated=eliminated,
    )
    assert any(a.startswith("bring-gandalf-white") for a in offered(with_saruman.state, "free"))


# -- Durin's Bane and Leadership 3 (R-2) ------------------------------------------------------------


def test_r2_durins_bane_before_the_first_combat_roll_and_leadership_3() -> None:
    armies = {"moria": {"sauron": "3R"}, "hollin": {"elves": "3R"}}
    bane = [(f"{SH}_card_die", v) for v in (4, 6, 1)]
    with scripted(*bane, others="random"):
        m = fight(
            armies, {}, switches=SWITCH, characters={"balrog": "moria"}, origin="moria", target="hollin"
        )
    told = " ".join(texts(m.state))
    assert "The Balrog (Durin's Bane): the Shadow rolls 4 6 1" in told, told
    assert events(m.state, "combat_extra_attack")[0]["hits"] == 2
    kinds = [e["kind"] for e in m.state["log"]]
    bane_at = kinds.index("combat_extra_attack")
    assert kinds[bane_at + 1] == "units_lost" and kinds.index("combat_round") > bane_at + 1  # at once
    assert leadership(m.state, SH) == 3


def test_r2_durins_bane_only_with_the_balrog_in_the_battle_and_once() -> None:
    armies = {"moria": {"sauron": "3R"}, "hollin": {"elves": "3R"}}
    plain = fight(armies, {}, switches=SWITCH, origin="moria", target="hollin")
    assert not events(plain.state, "combat_extra_attack")
    with scripted(*[(f"{SH}_card_die", 1)] * 3, others="random"):
        m = fight(
            armies, {}, switches=SWITCH, characters={"balrog": "moria"}, origin="moria", target="hollin"
        )
    while m.state.get("battle") and m.state["battle"]["round"] == 1 and R.active(m.state):
        role = sorted(R.active(m.state))[0]
        actions = [a.text for a in R.prompt(m.state, role).actions]
        m.submit(role, next((a for a in actions if a.startswith("continue")), actions[0]))
    assert len(events(m.state, "combat_extra_attack")) == 1


# -- Shadow of Moria (R-2) --------------------------------------------------------------------------


def declared(balrog: str | None, **more: Any) -> Match:
    characters = {"balrog": balrog} if balrog else {}
    state = in_phase(
        "recover",
        switches=SWITCH,
        characters=characters,
        fellowship=more.pop("fellowship", {"region": "hollin", "progress": 2}),
        **more,
    )
    return Match(R, state)


def test_r2_shadow_of_moria_a_declaration_through_moria_draws_a_tile() -> None:
    m = declared("moria")
    with scripted(("hunt_tile", "2_1"), others="random"):
        m.submit("free", "declare moria")
    drawn = events(m.state, "hunt_tile")
    assert drawn == [{"tile": "2_1", "damage": 2, "why": "shadow_of_moria"}]
    assert "where the Balrog waits" in " ".join(texts(m.state))


def test_r2_shadow_of_moria_an_eye_does_nothing_and_no_tile_off_the_path_or_without_him() -> None:
    m = declared("moria")
    with scripted(("hunt_tile", "eye_1"), others="random"):
        m.submit("free", "declare moria")
    assert events(m.state, "hunt_tile_ignored") and not events(m.state, "hunt_tile")
    away = declared("moria", fellowship={"region": "trollshaws", "progress": 1})
    away.submit("free", "declare rivendell")
    assert not events(away.state, "shadow_of_moria")
    gone = declared(None)
    gone.submit("free", "declare moria")
    assert not events(gone.state, "shadow_of_moria")


def test_r2_shadow_of_moria_takes_the_place_of_balrog_of_moria() -> None:
    m = declared("moria", table={"shadow": ["shc_17"]})
    with scripted(("hunt_tile", "1_1"), others="random"):
        m.submit("free", "declare moria")
    assert step(m.state) != "hunt_card"  # the card is not asked: the Balrog drew the tile
    assert [e["why"] for e in events(m.state, "hunt_tile")] == ["shadow_of_moria"]


# -- leaving play (R-2) ------------------------------------------------------------------------------


def test_r2_the_balrog_is_eliminated_with_his_army() -> None:
    armies = {"hollin": {"sauron": "1R"}, "trollshaws": {"elves": "5R"}}
    bane = [(f"{SH}_card_die", v) for v in (1, 1, 1)]
    with scripted(*bane, *dice(FP, 6, 6, 6, 6, 6), *dice(SH, 1), others="random"):
        m = fight(
            armies,
            {},
            attacking=FP,
            origin="trollshaws",
            target="hollin",
            switches=WITH_CARD,
            characters={"balrog": "hollin"},
            table={"shadow": ["shc_17t"]},
        )
    assert "balrog" in m.state["eliminated"] and "balrog" not in m.state["characters"]
    assert R.check_invariants(m.state) == []


def test_r2_bring_balrog_has_words() -> None:
    m = balrog_match()
    assert label(m.state, "shadow", Action("bring-balrog", ("muster",))).startswith("Bring the Balrog")


# -- A Balrog is Come! leaving the table (official card) --------------------------------------------


def with_card(balrog: str, free_die: str, **more: Any) -> Match:
    return match(
        switches=WITH_CARD,
        characters={"balrog": balrog, **more.pop("characters", {})},
        table={"shadow": ["shc_17t"]},
        dice={"free": [free_die], "shadow": ["muster"]},
        **more,
    )


def test_a_balrog_is_come_discarded_by_a_will_of_the_west_the_balrog_away_from_moria_falls() -> None:
    m = with_card("hollin", "will")
    assert "dismiss-balrog will" in offered(m.state, "free")
    m.submit("free", "dismiss-balrog will")
    assert "shc_17t" not in m.state["table"]["shadow"] and "balrog" in m.state["eliminated"]
    told = texts(m.state)
    assert "The Shadow's A Balrog is Come! is discarded (with a Will of the West)." in told
    assert "A Balrog is Come! left the table, the Balrog away from Moria: he falls in Hollin." in told
    assert R.check_invariants(m.state) == []


def test_a_balrog_is_come_discarded_with_the_balrog_in_moria_he_stays() -> None:
    m = with_card("moria", "will")
    m.submit("free", "dismiss-balrog will")
    assert m.state["characters"]["balrog"]["region"] == "moria" and not events(m.state, "balrog_banished")


def test_a_balrog_is_come_a_character_die_discards_it_only_with_gandalf_by_the_balrog() -> None:
    fellowship = {"companions": ["strider"], "guide": "strider"}
    m = with_card("hollin", "character", characters={"gandalf_grey": "hollin"}, fellowship=fellowship)
    assert "gandalf-dismisses-balrog character" in offered(m.state, "free")
    m.submit("free", "gandalf-dismisses-balrog character")
    assert "balrog" in m.state["eliminated"]
    apart = with_card("hollin", "character", characters={"gandalf_grey": "moria"}, fellowship=fellowship)
    forbidden(apart, "free", "gandalf-dismisses-balrog character")


def test_a_balrog_is_come_lapses_when_the_balrog_is_out_of_play() -> None:
    m = match(
        switches=WITH_CARD,
        eliminated=["balrog"],
        table={"shadow": ["shc_17t"]},
        dice={"free": ["muster"], "shadow": ["muster"]},
    )
    m.submit("free", "skip muster")
    assert "shc_17t" not in m.state["table"]["shadow"]
    assert events(m.state, "balrog_card_discarded") == [{"why": "no_longer_in_force"}]


def test_a_balrog_is_come_is_played_only_with_the_balrog_in_play(monkeypatch: Any) -> None:
    """The handler (registered once the Twilight cards' data is in ``data.CARDS``)."""
    raw = REPLACEMENTS["shc_17"]
    assert raw.id == "shc_17t" and raw.on_table and raw.combat is not None
    combat = CombatCard(raw.combat.name, raw.combat.condition, raw.combat.effect)
    card = Card(
        raw.id,
        raw.side,
        raw.deck or "",
        raw.number or 17,
        raw.name,
        raw.icon,
        raw.initiative,
        raw.condition,
        raw.on_table,
        raw.event,
        raw.discard,
        combat,
    )
    monkeypatch.setitem(CARDS, raw.id, card)
    monkeypatch.setattr(base, "CARDS", CARDS)
    handler = BalrogIsCome()
    assert handler.can_play(position(switches=SWITCH, characters={"balrog": "moria"}), "shadow")
    assert not handler.can_play(position(switches=SWITCH), "shadow")
    assert handler.start(position(switches=SWITCH), "shadow", {}) is False  # it lies on the table


def test_card_shc_17t_a_balrog_is_come_played_from_the_hand_lies_on_the_table_and_lets_him_move() -> None:
    m = match(
        switches=WITH_CARD,
        characters={"balrog": "moria"},
        hands={"shadow": ["shc_17t"]},
        dice={"shadow": ["character", "character"], "free": ["muster"]},
        acting="shadow",
    )
    play = next(a for a in offered(m.state, "shadow") if a.startswith("play") and a.endswith("shc_17t"))
    m.submit("shadow", play)
    assert m.state["table"]["shadow"] == ["shc_17t"]
    m.submit("free", "skip muster")
    m.submit("shadow", "move-minions character")
    m.submit("shadow", "minion balrog")
    m.submit("shadow", "to hollin")
    assert m.state["characters"]["balrog"]["region"] == "hollin"
    gone = match(
        switches=WITH_CARD, hands={"shadow": ["shc_17t"]}, dice={"shadow": ["character"]}, acting="shadow"
    )
    assert not any(a.endswith("shc_17t") for a in offered(gone.state, "shadow"))


def test_r2_shadow_of_moria_then_the_gates_are_closed_on_the_same_path() -> None:
    state = in_phase(
        "recover",
        switches=WITH_CARD,
        characters={"balrog": "moria"},
        table={"shadow": ["shc_26"]},
        fellowship={"region": "hollin", "progress": 2},
    )
    m = Match(R, state)
    with scripted(("hunt_tile", "1_1"), others="random"):
        m.submit("free", "declare moria")
    assert [e["why"] for e in events(m.state, "hunt_tile")] == ["shadow_of_moria"]
    if step(m.state) == "hunt_damage":
        m.submit("free", "corruption 1")
    assert step(m.state) == "hunt_card" and m.state["stack"][-1]["card"] == "shc_26"
