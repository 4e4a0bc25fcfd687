"""Twilight of the Third Age: the new Event cards and their Combat halves (§2.3, D3, D13,
D33-D35), one scenario per card and per Combat card, named after it, on positions with the
switch ``cards`` (and what it needs, D3) forced on. Dice and draws are scripted by their chance
names (``<card>_die``, ``hunt_tile``, ``<side>_combat_die``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from games.core import Action, Match, project
from games.core.chance import scripted
from games.war_of_the_ring.commands import COMMANDS
from games.war_of_the_ring.data import DECKS, NATIONS
from games.war_of_the_ring.dunlendings_combat import in_battle as dunlendings_in_battle
from games.war_of_the_ring.event_cards.registry import HANDLERS
from games.war_of_the_ring.events import PRESENTER
from games.war_of_the_ring.ruleset import WAR_OF_THE_RING as R
from games.war_of_the_ring.tta import content
from renderers.war_of_the_ring.cards import card_face

from .helpers import act, events, forbidden, match, offered, step
from .test_battle import attack, combat, last_round, texts

AT_WAR = {n: {"steps": 0, "active": True} for n in NATIONS}
#: The cards switch and what it needs (D3).
CARDS_ON = ["siege_engines", "dunlendings", "corsairs", "cards"]
#: The Events of the other parts (the Corsairs, the Dunlendings, the Balrog): not this part's.
OTHER_PARTS = {"fps_26", "shs_10t", "shs_11t", "shc_17t"}


def twilight(side: str, card: str | None, face: str = "event", **more: Any) -> Match:
    """``side`` acts with one die (``face``) and holds ``card``, the cards switch on, every
    Nation At War; the opponent keeps a die so that the turn goes on after the card."""
    other = "free" if side == "shadow" else "shadow"
    hands = {side: [c for c in (card, *more.pop("hand", [])) if c], other: more.pop("other_hand", [])}
    described: dict[str, Any] = {
        "acting": side,
        "dice": {side: [face], other: ["muster"]},
        "politics": AT_WAR,
        "hands": hands,
        "switches": more.pop("switches", CARDS_ON),
        **more,
    }
    return match(**described)


def plays(m: Match, side: str) -> set[str]:
    return {t for t in offered(m.state, side) if t.startswith("play ")}


def die(card: str, *values: int) -> list[tuple[str, int]]:
    return [(f"{card}_die", v) for v in values]


def told(m: Match) -> str:
    """Every public event told in English (each must have words)."""
    lines = [PRESENTER.text(e["kind"], e["args"]) for e in m.state["log"]]
    assert all(lines)
    return "\n".join(lines)


# -- the decks (D33, D3, D35) ----------------------------------------------------------------------
def test_d33_each_deck_holds_26_cards_with_the_new_cards_numbered_25_and_26() -> None:
    state = R.from_position({"switches": CARDS_ON})
    for deck, cards in state["decks"].items():
        assert len(cards) == 26, deck
    prefix = {
        "free_character": "fpc",
        "free_strategy": "fps",
        "shadow_character": "shc",
        "shadow_strategy": "shs",
    }
    for deck, short in prefix.items():
        assert {f"{short}_25", f"{short}_26"} <= set(state["decks"][deck])


def test_d3_a_replacement_is_swapped_in_only_with_the_part_it_needs() -> None:
    state = R.from_position({"switches": CARDS_ON})
    strategy = state["decks"]["shadow_strategy"]
    assert "shs_10t" in strategy and "shs_10" not in strategy  # the Corsairs are on
    assert "shs_11t" in strategy and "shs_11" not in strategy  # the Dunlendings are on
    character = state["decks"]["shadow_character"]
    assert "shc_17" in character and "shc_17t" not in character  # the Balrog is off
    with_balrog = R.from_position({"switches": [*CARDS_ON, "balrog"]})
    assert "shc_17t" in with_balrog["decks"]["shadow_character"]
    # the Ents Awake are never swapped (their module text is unknown)
    assert {"fpc_19", "fpc_20", "fpc_21"} <= set(state["decks"]["free_character"])


def test_d3_without_the_switch_the_decks_are_the_base_game_s() -> None:
    state = R.from_position({"switches": ["siege_engines", "dunlendings", "corsairs"]})
    assert {d: sorted(c) for d, c in state["decks"].items()} == {d: sorted(c) for d, c in DECKS.items()}


def test_d35_we_shall_get_it_stays_outside_the_decks() -> None:
    state = R.from_position({"switches": [*CARDS_ON, "smeagol"]})
    assert all("we_shall_get_it" not in deck for deck in state["decks"].values())
    assert state["tta"]["cards_aside"] == ["we_shall_get_it"]


def test_d33_every_card_of_this_part_has_its_handler_and_the_unused_replacements_none() -> None:
    mine = {c.id for c in content.CARDS.values()} - OTHER_PARTS
    assert mine <= set(HANDLERS)
    assert not {u["replaces"] + "t" for u in content.UNUSED_REPLACEMENTS} & set(HANDLERS)


# -- fps_25 Rangers of the North ------------------------------------------------------------------
def test_card_fps_25_rangers_of_the_north() -> None:
    # no Shadow Army in or next to the North: not playable
    far = twilight("free", "fps_25", "army_muster", armies={"minas_morgul": {"sauron": "3R"}})
    assert not plays(far, "free")
    # the Weather Hills border the North (Bree and the North Downs)
    m = twilight(
        "free",
        "fps_25",
        "army_muster",
        armies={"weather_hills": {"sauron": "3R"}},
        reinforcements={"north": "2R 1E 1L"},
    )
    assert "play army_muster fps_25" in plays(m, "free")
    with scripted(*die("fps_25", 5, 6, 2)):
        act(m, "free", "play army_muster fps_25")
    assert m.state["armies"]["weather_hills"]["sauron"]["regular"] == 1  # 2 hits (5+)
    assert offered(m.state, "free") == [
        "place bree regular",
        "place bree elite",
        "place north_downs regular",
        "place north_downs elite",
    ]
    act(m, "free", "place north_downs elite")
    assert m.state["armies"]["north_downs"]["north"] == {"elite": 1, "leader": 1}
    assert "Rangers of the North" in told(m)


# -- fpc_25 Three Rings for the Elven Kings -------------------------------------------------------
def test_card_fpc_25_three_rings_for_the_elven_kings() -> None:
    # every Ring with the Free Peoples: nothing to take back, not playable
    full = twilight("free", "fpc_25", "character", rings={"free": 3, "shadow": 0})
    assert not plays(full, "free")
    m = twilight("free", "fpc_25", "character", rings={"free": 0, "shadow": 1})
    with scripted(*die("fpc_25", 4, 6, 5)):
        act(m, "free", "play character fpc_25")
    # D34: first the 2 out of play, then the one the Shadow holds
    assert (m.state["rings"]["free"], m.state["rings"]["shadow"]) == (3, 0)
    assert events(m.state, "rings_taken_back") == [{"dice": [4, 6, 5], "out": 2, "shadow": 1}]
    missed = twilight("free", "fpc_25", "character", rings={"free": 1, "shadow": 1})
    with scripted(*die("fpc_25", 3, 4, 1)):
        act(missed, "free", "play character fpc_25")
    assert (missed.state["rings"]["free"], missed.state["rings"]["shadow"]) == (2, 1)


# -- fpc_26 Wind from the West --------------------------------------------------------------------
def test_card_fpc_26_wind_from_the_west_discards_a_shadow_table_card() -> None:
    m = twilight("free", "fpc_26", "character", table={"shadow": ["shc_26", "shc_16"]}, other_hand=["shs_01"])
    act(m, "free", "play character fpc_26")
    assert offered(m.state, "free") == ["discard shc_16", "discard shc_26"]  # the table, not the hand
    act(m, "free", "discard shc_26")
    assert m.state["table"]["shadow"] == ["shc_16"] and "shc_26" in m.state["played"]["shadow"]
    assert "The Gates are Closed is discarded from the table (Wind from the West)." in told(m)
    assert m.state["hands"]["shadow"] == ["shs_01"]


def test_card_fpc_26_wind_from_the_west_shows_the_hand_to_the_free_peoples_alone() -> None:
    m = twilight("free", "fpc_26", "character", other_hand=["shs_01", "shc_03"])
    act(m, "free", "play character fpc_26")
    assert offered(m.state, "free") == ["discard shc_03", "discard shs_01"]
    act(m, "free", "discard shs_01")
    assert m.state["hands"]["shadow"] == ["shc_03"] and m.state["discards"]["shadow"] == ["shs_01"]
    hand = {"shs_01", "shc_03", "Return to Valinor", "On, On They Went"}
    for viewer in (None, "free", "shadow"):
        data = str([project(e, viewer) for e in m.state["log"]])
        words = " ".join(PRESENTER.text(*project(e, viewer)) for e in m.state["log"])
        found = {n for n in hand if n in data or n in words}
        if viewer is None:  # the table sees a card discarded, never which, nor the hand
            assert not found and not hand & set(str(R.view(m.state, None)).split("'"))
        elif viewer == "free":
            assert {"shs_01", "shc_03", "Return to Valinor"} <= found
        else:  # the Shadow learns which of his cards went, and nothing of the hand's look
            assert "Return to Valinor" in words and "shc_03" not in data


def test_card_fpc_26_wind_from_the_west_needs_a_table_card_or_a_shadow_hand() -> None:
    m = twilight("free", "fpc_26", "character")
    assert not plays(m, "free")


# -- shc_25 Captain of Despair --------------------------------------------------------------------
def test_card_shc_25_captain_of_despair() -> None:
    without = twilight("shadow", "shc_25", "character")
    assert not plays(without, "shadow")  # the Witch-king is not in play
    m = twilight(
        "shadow",
        "shc_25",
        "character",
        characters={"witch_king": "minas_morgul"},
        armies={"minas_morgul": {"sauron": "2R"}},
        dice={"shadow": ["character", "character"], "free": ["muster", "muster"]},
    )
    act(m, "shadow", "play character shc_25")
    assert m.state["table"]["shadow"] == ["shc_25"]
    before = m.state["hunt_box"]["shadow"]
    assert before == 1  # D34: the die that played it went to the Hunt Box as an Eye (ours)
    act(m, "free", "skip muster")
    act(m, "shadow", "skip character")  # a die skipped is not used: no Eye
    assert m.state["hunt_box"]["shadow"] == before
    assert "Captain of Despair: the Character die goes into the Hunt Box as an Eye." in told(m)
    assert R.check_invariants(m.state) == []


def test_d34_captain_of_despair_adds_an_eye_for_each_character_die_used() -> None:
    m = twilight(
        "shadow",
        None,
        "character",
        characters={"witch_king": "minas_morgul"},
        table={"shadow": ["shc_25"]},
        armies={"minas_morgul": {"sauron": "2R"}, "north_ithilien": {"gondor": "1R"}},
        dice={"shadow": ["character", "army"], "free": ["muster", "muster"]},
        acting="shadow",
    )
    with scripted(*combat((6, 6), (1,)), others="random"):
        attack(m, "shadow", "minas_morgul", "north_ithilien", die="character")
        while step(m.state) != "act":  # the battle and its questions, the first answer each
            role = sorted(R.active(m.state))[0]
            act(m, role, offered(m.state, role)[0])
    assert m.state["hunt_box"]["shadow"] == 1 and m.state["dice"]["shadow"]["used"] == []
    assert R.check_invariants(m.state) == []


def test_seed_rule_4_captain_of_despair_void_during_the_action_adds_no_eye() -> None:
    """The Witch-king falls in the battle of the Shadow's Character die: the card is void from
    that moment (seed rule 4), so the die is not added to the Hunt Box when the action ends."""
    m = twilight(
        "shadow",
        None,
        "character",
        characters={"witch_king": "minas_morgul"},
        table={"shadow": ["shc_25"]},
        armies={"minas_morgul": {"sauron": "2R"}, "north_ithilien": {"gondor": "2R 2L"}},
        dice={"shadow": ["character"], "free": ["muster"]},
        other_hand=["fpc_12"],  # Fateful Strike: two re-roll hits slay a Minion
        acting="shadow",
    )
    with scripted(*combat((1, 1), (1, 1), (), (5, 6)), others="random"):
        attack(m, "shadow", "minas_morgul", "north_ithilien", die="character")
        act(m, "free", "combat fpc_12")
    assert "witch_king" not in m.state["characters"] and step(m.state) == "act"
    assert m.state["table"]["shadow"] == [] and "shc_25" in m.state["played"]["shadow"]
    assert m.state["hunt_box"]["shadow"] == 0 and not events(m.state, "despair_eye")
    assert R.check_invariants(m.state) == []


def test_d34_captain_of_despair_lapses_when_gollum_becomes_the_guide_or_the_witch_king_goes() -> None:
    m = twilight(
        "free",
        None,
        "muster",
        characters={"witch_king": "minas_morgul"},
        table={"shadow": ["shc_25"]},
        fellowship={"companions": [], "guide": "gollum"},
    )
    act(m, "free", "skip muster")
    assert m.state["table"]["shadow"] == [] and m.state["played"]["shadow"] == ["shc_25"]
    m = twilight("free", None, "muster", table={"shadow": ["shc_25"]})
    act(m, "free", "skip muster")
    assert m.state["table"]["shadow"] == []  # no Witch-king in play


def test_d34_captain_of_despair_is_discarded_when_declared_in_a_free_peoples_stronghold() -> None:
    m = match(
        switches=CARDS_ON,
        characters={"witch_king": "minas_morgul"},
        table={"shadow": ["shc_25"]},
        fellowship={"region": "lossarnach", "progress": 1},
        start="phase:fellowship",
    )
    act(m, "free", "declare minas_tirith")
    assert m.state["table"]["shadow"] == [] and "shc_25" in m.state["played"]["shadow"]
    town = match(
        switches=CARDS_ON,
        characters={"witch_king": "minas_morgul"},
        table={"shadow": ["shc_25"]},
        fellowship={"region": "lossarnach", "progress": 1},
        start="phase:fellowship",
    )
    act(town, "free", "declare pelargir")  # a City, not a Stronghold: the card stays
    assert town.state["table"]["shadow"] == ["shc_25"]


# -- shc_26 The Gates are Closed ------------------------------------------------------------------
def test_card_shc_26_the_gates_are_closed() -> None:
    m = twilight("shadow", "shc_26", "character")
    act(m, "shadow", "play character shc_26")
    assert m.state["table"]["shadow"] == ["shc_26"]
    # a declaration that avoids every Shadow Stronghold: nothing asked
    calm = match(
        switches=CARDS_ON,
        table={"shadow": ["shc_26"]},
        fellowship={"region": "rivendell", "progress": 1},
        start="phase:fellowship",
    )
    act(calm, "free", "declare trollshaws")
    assert step(calm.state) != "hunt_card"
    # into Dol Guldur: the Shadow may discard it for an extra tile, its Reveal ignored
    m = match(
        switches=CARDS_ON,
        table={"shadow": ["shc_26"]},
        fellowship={"region": "southern_mirkwood", "progress": 1},
        start="phase:fellowship",
    )
    act(m, "free", "declare dol_guldur")
    assert step(m.state) == "hunt_card" and offered(m.state, "shadow") == ["use shc_26", "decline"]
    with scripted(("hunt_tile", "2r_1")):
        act(m, "shadow", "use shc_26")
    assert events(m.state, "hunt_tile")[-1] == {"tile": "2r_1", "damage": 2, "why": "shc_26"}
    assert m.state["played"]["shadow"] == ["shc_26"] and m.state["table"]["shadow"] == []
    act(m, "free", "corruption 2")
    assert m.state["fellowship"]["corruption"] == 2 and not m.state["fellowship"]["revealed"]


def test_d34_the_gates_are_closed_an_eye_drawn_does_nothing() -> None:
    m = match(
        switches=CARDS_ON,
        table={"shadow": ["shc_26"]},
        fellowship={"region": "southern_mirkwood", "progress": 1},
        start="phase:fellowship",
    )
    act(m, "free", "declare dol_guldur")
    with scripted(("hunt_tile", "eye_1")):
        act(m, "shadow", "use shc_26")
    assert m.state["fellowship"]["corruption"] == 0 and not m.state["fellowship"]["revealed"]


def test_d34_the_free_peoples_force_the_gates_discard_with_a_will_or_a_guided_character_die() -> None:
    m = twilight("free", None, "will", table={"shadow": ["shc_26"]})
    assert "dismiss-gates will" in offered(m.state, "free")
    act(m, "free", "dismiss-gates will")
    assert m.state["table"]["shadow"] == [] and "shc_26" in m.state["played"]["shadow"]
    strider = twilight(
        "free", None, "character", table={"shadow": ["shc_26"]}, fellowship={"guide": "strider"}
    )
    forbidden(strider, "free", "guide-gates character")
    gandalf = twilight("free", None, "character", table={"shadow": ["shc_26"]})
    assert gandalf.state["fellowship"]["guide"] == "gandalf_grey"
    act(gandalf, "free", "guide-gates character")
    assert gandalf.state["table"]["shadow"] == []


# -- shs_25 Deep Trenches and Great Engines -------------------------------------------------------
def _siege(**more: Any) -> Match:
    more.setdefault("armies", {"minas_tirith": {"sauron": "4R"}})
    more.setdefault("garrisons", {"minas_tirith": {"gondor": "3R"}})
    return twilight("shadow", "shs_25", "muster", **more)


def test_card_shs_25_deep_trenches_and_great_engines() -> None:
    assert not plays(twilight("shadow", "shs_25", "muster"), "shadow")  # no siege anywhere
    m = _siege()
    act(m, "shadow", "play muster shs_25")  # no Trebuchet, one siege: the first Tower is built
    assert m.state["tta"]["engines"]["shadow"] == {"minas_tirith": 1}
    assert offered(m.state, "shadow") == ["engine minas_tirith", "done"]
    act(m, "shadow", "engine minas_tirith")
    assert m.state["tta"]["engines"]["shadow"] == {"minas_tirith": 2}
    assert step(m.state) == "act"


def test_d34_deep_trenches_eliminates_trebuchets_or_builds_towers_within_the_cap() -> None:
    m = _siege(tta={"engines": {"minas_tirith": {"free": 2, "shadow": 1}}})
    act(m, "shadow", "play muster shs_25")
    assert offered(m.state, "shadow") == ["choose towers", "choose trebuchets"]
    act(m, "shadow", "choose trebuchets", "engine minas_tirith")  # the first at the one siege
    assert m.state["tta"]["engines"]["free"] == {}
    assert R.view(m.state, None)["siege_engines"]["pools"]["free"] == 6
    capped = _siege(tta={"engines": {"minas_tirith": {"shadow": 1}}})
    act(capped, "shadow", "play muster shs_25")
    assert capped.state["tta"]["engines"]["shadow"] == {"minas_tirith": 2} and step(capped.state) == "act"


def test_d34_deep_trenches_tells_that_the_trebuchet_goes_back_to_the_free_peoples_pool() -> None:
    m = _siege(tta={"engines": {"minas_tirith": {"free": 1}}})
    act(m, "shadow", "play muster shs_25", "choose trebuchets")
    said = told(m)
    assert "A Trebuchet at Minas Tirith goes back to the Free Peoples' pool." in said
    assert "Peoples's" not in said


# -- shs_26 Shadow of Dol Guldur ------------------------------------------------------------------
def test_card_shs_26_shadow_of_dol_guldur() -> None:
    assert not plays(twilight("shadow", "shs_26", "army", armies={"dol_guldur": {"sauron": "1R"}}), "shadow")
    m = twilight(
        "shadow",
        "shs_26",
        "army",
        armies={"dol_guldur": {"sauron": "1R 2L"}, "north_anduin_vale": {"north": "1R"}},
        characters={"witch_king": "dol_guldur"},
        reinforcements={"sauron": "8R 4E 2L"},
    )
    act(m, "shadow", "play army shs_26")
    # D34: 2 Nazgûl + the Witch-king's 2 = 4 Regulars (at most 5)
    assert m.state["armies"]["dol_guldur"]["sauron"]["regular"] == 5
    asked = offered(m.state, "shadow")
    assert "army dol_guldur" in asked and "attack dol_guldur north_anduin_vale" in asked and "done" in asked
    act(m, "shadow", "done")
    assert step(m.state) == "act"


def test_d34_shadow_of_dol_guldur_recruits_at_most_five() -> None:
    m = twilight(
        "shadow",
        "shs_26",
        "army",
        armies={"dol_guldur": {"sauron": "4L"}},
        characters={"witch_king": "dol_guldur"},
    )
    act(m, "shadow", "play army shs_26")
    assert m.state["armies"]["dol_guldur"]["sauron"]["regular"] == 5


def test_d34_shadow_of_dol_guldur_recruits_only_what_fits_within_the_stacking_limit() -> None:
    """ "Within the stacking limit" (as the module's Rage of the Dunlendings): the Leadership 4
    would bring 4 Regulars, 2 fit beside the 8 there — 2 come, nothing is asked, none is sent back."""
    m = twilight(
        "shadow",
        "shs_26",
        "army",
        armies={"dol_guldur": {"sauron": "8R 2L"}},
        characters={"witch_king": "dol_guldur"},
        reinforcements={"sauron": "8R 4E 2L"},
    )
    act(m, "shadow", "play army shs_26")
    assert step(m.state) != "stacking" and not events(m.state, "units_returned")
    assert m.state["armies"]["dol_guldur"]["sauron"]["regular"] == 10
    assert m.state["reinforcements"]["sauron"]["regular"] == 6
    assert events(m.state, "units_recruited")[-1]["count"] == 2


def test_d34_a_twilight_card_that_could_do_nothing_is_not_offered() -> None:
    """As the base game's cards (docs/rules/war_of_the_ring.md, "As far as possible"): a card is
    offered only while its condition holds and something of its Event can happen — Three Rings
    with no Ring to take back, Shadow of Dol Guldur with the Witch-king (a Nazgûl) there but no
    Regular to recruit and no Army to move or attack with."""
    assert not plays(twilight("free", "fpc_25", "character", rings={"free": 3, "shadow": 0}), "free")
    idle = twilight(
        "shadow",
        "shs_26",
        "army",
        armies={"dol_guldur": {}},  # no Army there: the set-up's is taken away
        characters={"witch_king": "dol_guldur"},
        reinforcements={"sauron": "4E 2L"},
    )
    assert not plays(idle, "shadow")
    assert "cannot be played now" in str(R.refusal(idle.state, "shadow", Action("play", ("army", "shs_26"))))
    recruits = twilight(
        "shadow",
        "shs_26",
        "army",
        armies={"dol_guldur": {}},
        characters={"witch_king": "dol_guldur"},
        reinforcements={"sauron": "1R 2L"},
    )
    assert plays(recruits, "shadow") == {"play army shs_26"}


# -- the Combat halves (D13) ----------------------------------------------------------------------
def _assault(hand: Mapping[str, list[str]], engines: Mapping[str, int], garrison: str = "2R") -> Match:
    return match(
        switches=CARDS_ON,
        armies={"minas_tirith": {"sauron": "5R"}},
        garrisons={"minas_tirith": {"gondor": garrison + " 1L"}},
        acting="shadow",
        dice={"shadow": ["army"], "free": ["muster"]},
        politics=AT_WAR,
        hands=dict(hand),
        tta={"engines": {"minas_tirith": dict(engines)}},
    )


def _fight(m: Match, free: str, shadow: str, script: list[tuple[str, int]]) -> None:
    with scripted(*script):
        attack(m, "shadow", "minas_tirith", "minas_tirith")
        if step(m.state) == "battle" and "sacrifice-trebuchet" in offered(m.state, "free"):
            act(m, "free", "keep-trebuchets")
        act(m, "free", free)
        act(m, "shadow", shadow)


def test_combat_last_defences() -> None:
    m = _assault({"free": ["fps_25"], "shadow": ["shs_01"]}, {"free": 2})
    _fight(m, "combat fps_25", "no-combat", combat((6, 6, 6, 6, 6), (1, 1, 1, 1), (), (1,)))
    first = last_round(m.state)
    assert len(first["defender_dice"]) == 4  # 2 units + 2 Trebuchets
    assert "2 dice more (Last Defences)" in " ".join(texts(m.state))
    no_engine = _assault({"free": ["fps_25"], "shadow": ["shs_01"]}, {"shadow": 1})
    with scripted(others="random"):
        attack(no_engine, "shadow", "minas_tirith", "minas_tirith")
    assert "combat fps_25" not in offered(no_engine.state, "free")


def test_combat_among_the_siege_engines() -> None:
    m = _assault({"free": ["fpc_25"], "shadow": ["shs_01"]}, {"shadow": 2, "free": 1})
    script = combat((1, 1, 1, 1, 1), (1, 1), (), (6,))
    _fight(m, "combat fpc_25", "no-combat", script)
    assert m.state["tta"]["engines"]["shadow"] == {"minas_tirith": 1}
    assert "Among the Siege Engines: a Siege Tower at Minas Tirith is destroyed" in told(m)


def test_combat_heads_of_the_fallen() -> None:
    m = _assault({"free": ["fpc_01"], "shadow": ["shc_25"]}, {"shadow": 1})
    _fight(m, "no-combat", "combat shc_25", combat((5, 5, 4, 1, 1), (6, 1), (), ()))
    first = last_round(m.state)
    assert first["attacker_hits"] == 2  # 5s hit on 6 with +1; a 4 does not
    assert first["defender_rerolls"] == []  # no Leader re-roll for the Free Peoples
    assert "no re-roll (Heads of the Fallen)" in " ".join(texts(m.state))
    without = _assault({"free": ["fpc_01"], "shadow": ["shc_25"]}, {"free": 1})
    with scripted(others="random"):
        attack(without, "shadow", "minas_tirith", "minas_tirith")
        if "sacrifice-trebuchet" in offered(without.state, "free"):
            act(without, "free", "keep-trebuchets")
    assert "combat shc_25" not in offered(without.state, "shadow")


def test_combat_old_hatred() -> None:
    """Old Hatred needs Dunlendings in the battle (:mod:`.dunlendings_combat` counts them);
    without them it is never offered (with them: ``test_tta_dunlendings``)."""
    m = _assault({"free": ["fpc_01"], "shadow": ["shs_25"]}, {"shadow": 1})
    with scripted(others="random"):
        attack(m, "shadow", "minas_tirith", "minas_tirith")
    assert "combat shs_25" not in offered(m.state, "shadow")
    assert dunlendings_in_battle(m.state) == 0


@pytest.mark.parametrize("card", sorted({c.id for c in content.CARDS.values()} - OTHER_PARTS))
def test_d33_every_new_card_reads_in_rules_and_in_the_hand_picture(card: str) -> None:
    topic = next(t for t in R.rules_topics() if t.slug == card)
    assert topic.cards == (card,) and content.CARDS[card].event in topic.text
    assert card_face(card).size == card_face("fpc_01").size  # the same look as a base card


# -- invariants, /rules, typed commands ------------------------------------------------------------
def test_d33_the_invariants_refuse_twilight_cards_without_the_switch_and_a_fourth_ring() -> None:
    m = twilight("free", "fpc_25", "character", rings={"free": 0, "shadow": 1})
    assert R.check_invariants(m.state) == []
    m.state["options"] = {**m.state["options"], "tta_cards": "off"}
    assert any("Twilight cards fpc_25" in p for p in R.check_invariants(m.state))
    m.state["options"]["tta_cards"] = "on"
    m.state["rings"]["free"] = 3
    assert any("Elven Rings" in p for p in R.check_invariants(m.state))


def test_the_rules_tell_the_twilight_cards() -> None:
    found = R.rules_lookup("twilight cards")
    assert found and found[0].slug == "twilight-cards" and "26 cards" in found[0].text
    wind = next(t for t in R.rules_topics() if t.slug == "fpc_26")
    assert "Combat card **Among the Siege Engines**" in wind.text
    gates = next(t for t in R.rules_topics() if t.slug == "shc_26")
    assert "Stays on the table" in gates.text
    heads = next(t for t in R.rules_topics() if t.slug == "combat_heads_of_the_fallen")
    assert heads.cards == ("shc_25", "shc_26") and heads.kind.endswith("Shadow combat card")


def test_every_card_decision_has_a_typed_command() -> None:
    typed = {c.verb for c in COMMANDS}
    verbs = {"army", "place", "discard", "choose", "engine", "done", "attack", "use", "decline"}
    assert verbs | {"dismiss-gates", "guide-gates", "play", "combat"} <= typed


def test_d34_deep_trenches_may_stop_after_one_engine_and_use_two_strongholds() -> None:
    m = _siege(
        armies={"minas_tirith": {"sauron": "4R"}, "helms_deep": {"isengard": "3R"}},
        garrisons={"minas_tirith": {"gondor": "3R"}, "helms_deep": {"rohan": "2R"}},
    )
    act(m, "shadow", "play muster shs_25")
    assert offered(m.state, "shadow") == ["engine helms_deep", "engine minas_tirith"]
    act(m, "shadow", "engine helms_deep", "engine minas_tirith")
    assert m.state["tta"]["engines"]["shadow"] == {"helms_deep": 1, "minas_tirith": 1}
    stop = _siege()
    act(stop, "shadow", "play muster shs_25", "done")
    assert stop.state["tta"]["engines"]["shadow"] == {"minas_tirith": 1} and step(stop.state) == "act"


def test_d34_the_gates_are_closed_is_asked_after_balrog_of_moria_on_the_same_path() -> None:
    m = match(
        switches=CARDS_ON,
        table={"shadow": ["shc_17", "shc_26"]},
        fellowship={"region": "hollin", "progress": 1},
        start="phase:fellowship",
    )
    act(m, "free", "declare moria")  # Moria: the Balrog's path, and a Shadow Stronghold
    assert offered(m.state, "shadow") == ["use shc_17", "decline"]
    act(m, "shadow", "decline")
    assert offered(m.state, "shadow") == ["use shc_26", "decline"]
    with scripted(("hunt_tile", "1_1")):
        act(m, "shadow", "use shc_26")
    assert events(m.state, "hunt_tile")[-1]["why"] == "shc_26"
    assert m.state["table"]["shadow"] == ["shc_17"]
