"""Twilight of the Third Age: Sméagol / Gollum (R-4), one test per rule — the set-up, the Sméagol
tiles, Sneak, Sacrifice, the piece as Guide, We Shall Get It (an Event card of the Shadow's hand
with no Combat half, D35), "Gollum is the Guide" (D34), the lobby (D2) — through positions, dice
and tiles scripted."""

from __future__ import annotations

from typing import Any

import pytest

from games.core import Action, InvalidPosition, Match, project
from games.core.chance import scripted
from games.war_of_the_ring.card_text import hand_lines
from games.war_of_the_ring.data import CARDS
from games.war_of_the_ring.events import PRESENTER
from games.war_of_the_ring.hunt import rerolls
from games.war_of_the_ring.labels import describe as label
from games.war_of_the_ring.positions import from_position, to_position
from games.war_of_the_ring.ruleset import WAR_OF_THE_RING as R
from games.war_of_the_ring.tta.switches import PLAYABLE, resolve, switches
from games.war_of_the_ring.tta_characters import we_shall_get_it

from .helpers import act, events, forbidden, match, offered, position, step
from .test_battle import attack, battle_match, texts

SWITCH = ["smeagol"]
HOLLIN = {"region": "hollin", "progress": 0}
WSGI = "we_shall_get_it"
#: Gollum guides: no Companion is left (R-4).
ALONE = {**HOLLIN, "companions": [], "guide": "gollum"}
#: The piece turned to Gollum, the card out of the set-aside cards (given in a hand or a pile).
FLIPPED = {"smeagol": "gollum", "cards_aside": []}
#: The Twilight cards and what they need (D3).
CARDS_ON = ["siege_engines", "dunlendings", "corsairs", "cards"]


def hunted(fellowship: dict[str, Any] | None = None, **more: Any) -> Match:
    return match(
        switches=more.pop("switches", SWITCH),
        dice={"free": ["character", "character"], "shadow": ["army"]},
        hunt_box={"shadow": more.pop("hunt", 1)},
        fellowship=fellowship or HOLLIN,
        **more,
    )


def hunt_move(m: Match, *draws: tuple[str, Any]) -> None:
    """Move the Fellowship with these Hunt draws (Sméagol does not sneak when asked)."""
    with scripted(*draws):
        act(m, "free", "move-fellowship character")
        if step(m.state) == "sneak":
            act(m, "free", "no-sneak")


# -- set-up (R-4) -------------------------------------------------------------------------------------


def test_r4_setup_sets_smeagol_aside_with_his_tiles_in_the_pool_and_we_shall_get_it_aside() -> None:
    state = position(switches=SWITCH)
    assert {"smeagol_1", "smeagol_2"} <= set(state["hunt"]["pool"]) and len(state["hunt"]["pool"]) == 18
    assert state["tta"]["smeagol"] == "smeagol" and state["tta"]["cards_aside"] == ["we_shall_get_it"]
    assert "gollum" not in state["characters"] and "gollum" not in state["fellowship"]["companions"]
    assert R.check_invariants(state) == []


# -- the Sméagol tiles (R-4) --------------------------------------------------------------------------


def test_r4_a_smeagol_tile_deals_nothing_and_goes_back_into_the_pool() -> None:
    m = hunted()
    hunt_move(m, ("hunt_die", 6), ("hunt_tile", "smeagol_1"))
    assert events(m.state, "hunt_tile") == [{"tile": "smeagol_1", "damage": 0, "why": "hunt"}]
    assert "smeagol_1" in m.state["hunt"]["pool"] and "smeagol_1" not in m.state["hunt"]["drawn"]
    assert not m.state["fellowship"]["revealed"] and m.state["fellowship"]["corruption"] == 0
    assert "The Sméagol tile goes back into the Hunt Pool." in texts(m.state)


def test_r4_a_smeagol_tile_leaves_the_game_once_the_piece_shows_gollum() -> None:
    m = hunted(tta={"smeagol": "gollum"})
    with scripted(("hunt_die", 6), ("hunt_tile", "smeagol_2")):
        act(m, "free", "move-fellowship character")
    assert "smeagol_2" in m.state["hunt"]["removed"] and "smeagol_2" not in m.state["hunt"]["pool"]
    assert R.check_invariants(m.state) == []


# -- Sneak (R-4) --------------------------------------------------------------------------------------


def test_r4_sneak_declares_the_fellowship_before_the_hunt_roll() -> None:
    m = hunted(
        fellowship={"region": "moria", "progress": 0},
        armies={"moria": {"sauron": "2R"}},
        characters={"witch_king": "moria"},
        hunt=2,
    )
    act(m, "free", "move-fellowship character")  # Progress 1: Dimrill Dale or Hollin is in reach
    assert step(m.state) == "sneak"
    assert {"sneak hollin", "sneak dimrill_dale", "no-sneak"} <= set(offered(m.state, "free"))
    assert label(m.state, "free", Action("sneak", ("hollin",))) == "Sméagol leads the Fellowship to Hollin"
    assert rerolls(m.state, "moria") == 3
    with scripted(("hunt_die", 2), ("hunt_die", 2)):  # no re-roll in Hollin
        act(m, "free", "sneak hollin")
    fs = m.state["fellowship"]
    assert (fs["region"], fs["progress"], fs["revealed"]) == ("hollin", 0, False)
    assert events(m.state, "hunt_rolled")[0]["rerolls"] == []
    assert "Sméagol leads the Fellowship on before the Hunt: it is declared in Hollin." in texts(m.state)
    assert m.state["turn"]["sneak"] is True


def test_r4_sneak_declares_with_no_healing_and_no_nation_roused() -> None:
    """Declared by Sneak in a Free Peoples Stronghold: no Corruption healed, the Elves not roused
    (a declaration of the Fellowship phase would do both), still hidden."""
    m = hunted(
        fellowship={"region": "trollshaws", "progress": 0, "corruption": 2},
        politics={"elves": {"steps": 2, "active": False}},
    )
    act(m, "free", "move-fellowship character")
    assert "sneak rivendell" in offered(m.state, "free")
    with scripted(("hunt_die", 2)):
        act(m, "free", "sneak rivendell")
    fs = m.state["fellowship"]
    assert (fs["region"], fs["corruption"], fs["revealed"]) == ("rivendell", 2, False)
    assert m.state["politics"]["elves"] == {"steps": 2, "active": False}


def test_r4_no_sneak_the_hunt_rolls_where_it_is_and_sneak_only_on_the_smeagol_side() -> None:
    m = hunted(fellowship={"region": "hollin", "progress": 0})
    act(m, "free", "move-fellowship character")
    with scripted(("hunt_die", 2)):
        act(m, "free", "no-sneak")
    assert m.state["fellowship"]["region"] == "hollin" and events(m.state, "hunt_rolled")
    gollum = hunted(tta={"smeagol": "gollum"})
    with scripted(("hunt_die", 2)):
        act(gollum, "free", "move-fellowship character")
    assert step(gollum.state) != "sneak"
    base = hunted(switches=[])
    with scripted(("hunt_die", 2)):
        act(base, "free", "move-fellowship character")
    assert step(base.state) != "sneak"


# -- Sacrifice (R-4) ----------------------------------------------------------------------------------


def test_r4_sacrifice_cancels_the_damage_flips_to_gollum_and_gives_the_shadow_we_shall_get_it() -> None:
    m = hunted()
    hunt_move(m, ("hunt_die", 6), ("hunt_tile", "3_1"))
    assert "sacrifice smeagol" in offered(m.state, "free")
    act(m, "free", "sacrifice smeagol")
    assert m.state["fellowship"]["corruption"] == 0 and m.state["tta"]["smeagol"] == "gollum"
    assert m.state["tta"]["cards_aside"] == [] and m.state["hands"]["shadow"] == [WSGI]
    assert we_shall_get_it(m.state) == "hands"
    told = texts(m.state)
    assert "Sméagol takes the Hunt's blow: no damage, and the piece turns to Gollum." in told
    assert "The Shadow takes We Shall Get It." in told
    assert R.check_invariants(m.state) == []


def test_r4_sacrifice_a_reveal_still_happens() -> None:
    m = hunted()
    hunt_move(m, ("hunt_die", 6), ("hunt_tile", "1r_1"))
    act(m, "free", "sacrifice smeagol")
    assert m.state["fellowship"]["corruption"] == 0 and m.state["fellowship"]["revealed"] is True


def test_r4_sacrifice_we_shall_get_it_counts_toward_the_shadows_hand_limit() -> None:
    full = ["shc_01", "shc_02", "shc_03", "shs_01", "shs_02", "shs_03"]
    m = hunted(hands={"shadow": full})
    hunt_move(m, ("hunt_die", 6), ("hunt_tile", "1r_1"))
    act(m, "free", "sacrifice smeagol")
    assert step(m.state) == "discard_down" and R.active(m.state) == frozenset({"shadow"})
    assert len(m.state["hands"]["shadow"]) == 7 and f"discard {WSGI}" in offered(m.state, "shadow")
    act(m, "shadow", "discard shc_01")
    assert sorted(m.state["hands"]["shadow"]) == sorted([*full[1:], WSGI])
    assert m.state["discards"]["shadow"] == ["shc_01"]
    assert m.state["fellowship"]["revealed"] is True  # then the tile goes on: its Reveal
    assert R.check_invariants(m.state) == []
    dropped = hunted(hands={"shadow": full})
    hunt_move(dropped, ("hunt_die", 6), ("hunt_tile", "3_1"))
    act(dropped, "free", "sacrifice smeagol")
    act(dropped, "shadow", f"discard {WSGI}")  # discarded face down like any card
    assert dropped.state["discards"]["shadow"] == [WSGI] and we_shall_get_it(dropped.state) == "discards"
    assert R.check_invariants(dropped.state) == []


def test_r4_no_sacrifice_once_the_piece_shows_gollum() -> None:
    m = hunted(tta={"smeagol": "gollum"})
    with scripted(("hunt_die", 6), ("hunt_tile", "3_1")):
        act(m, "free", "move-fellowship character")
    assert "sacrifice smeagol" not in offered(m.state, "free")


# -- the Guide (R-4) ----------------------------------------------------------------------------------


def test_r4_the_piece_guides_with_the_base_gollums_ability_on_either_side() -> None:
    for side in ("smeagol", "gollum"):
        m = hunted(fellowship=ALONE, tta={"smeagol": side})
        hunt_move(m, ("hunt_die", 6), ("hunt_tile", "1r_1"))
        assert not m.state["fellowship"]["revealed"]  # a numbered tile does not reveal with Gollum


def test_d34_gollum_is_the_guide_is_the_piece_as_guide_on_either_side() -> None:
    """Captain of Despair: "play if ... Gollum is not the Guide" — the piece guiding on its
    Sméagol side is Gollum the Guide for the card (D34)."""
    for side in ("smeagol", "gollum"):
        m = match(
            switches=[*SWITCH, *CARDS_ON],
            tta={"smeagol": side},
            fellowship=ALONE,
            characters={"witch_king": "minas_morgul"},
            armies={"minas_morgul": {"sauron": "2R"}},
            hands={"shadow": ["shc_25"]},
            dice={"shadow": ["character"], "free": ["muster"]},
            acting="shadow",
        )
        assert "play character shc_25" not in offered(m.state, "shadow")


def test_d34_the_piece_as_guide_lets_a_character_die_discard_the_gates_are_closed() -> None:
    m = match(
        switches=[*SWITCH, *CARDS_ON],
        tta={"smeagol": "smeagol"},
        fellowship=ALONE,
        table={"shadow": ["shc_26"]},
        dice={"free": ["character"], "shadow": ["muster"]},
    )
    act(m, "free", "guide-gates character")
    assert m.state["table"]["shadow"] == [] and "shc_26" in m.state["played"]["shadow"]


def test_d34_captain_of_despair_goes_when_the_piece_becomes_the_guide() -> None:
    """The last Companion leaves the Fellowship: the Sméagol piece guides, Captain of Despair's
    "discard at once if Gollum becomes the Guide" holds (D34)."""
    m = match(
        switches=[*SWITCH, *CARDS_ON],
        fellowship={**HOLLIN, "companions": ["legolas"], "guide": "legolas"},
        characters={"witch_king": "minas_morgul"},
        armies={"minas_morgul": {"sauron": "2R"}},
        table={"shadow": ["shc_25"]},
        dice={"free": ["character"], "shadow": ["muster"]},
    )
    act(m, "free", "separate character", "to hollin")
    assert m.state["fellowship"]["guide"] == "gollum" and m.state["tta"]["smeagol"] == "smeagol"
    assert m.state["table"]["shadow"] == [] and "shc_25" in m.state["played"]["shadow"]


# -- We Shall Get It (official card; D35; how it enters R-4) ------------------------------------------


def test_d35_we_shall_get_it_is_an_event_card_of_no_deck_with_no_combat_half() -> None:
    card = CARDS[WSGI]
    assert (card.side, card.deck, card.number, card.icon, card.on_table) == (
        "shadow",
        None,
        None,
        "character",
        True,
    )
    assert card.combat is None and card.condition is None
    assert hand_lines({"hands": {"shadow": ["shs_01", WSGI]}}, "shadow")[0].startswith(
        "• **We Shall Get It** — Card of no deck, Character icon — If Gollum is the Guide"
    )
    assert all(WSGI not in deck for deck in position(switches=SWITCH)["decks"].values())


def test_card_we_shall_get_it_is_played_from_the_hand_on_the_table_with_a_character_or_event_die() -> None:
    m = match(
        switches=SWITCH,
        tta=FLIPPED,
        hands={"shadow": [WSGI]},
        dice={"shadow": ["event", "muster", "character"], "free": ["muster"]},
        acting="shadow",
    )
    plays = {a for a in offered(m.state, "shadow") if a.startswith("play ")}
    assert plays == {f"play event {WSGI}", f"play character {WSGI}"}
    forbidden_play = R.refusal(m.state, "shadow", Action("play", ("muster", WSGI)))
    assert (
        forbidden_play
        == "We Shall Get It is played with a Character die, an Event die or a Will of the West."
    )
    act(m, "shadow", f"play character {WSGI}")
    assert m.state["table"]["shadow"] == [WSGI] and m.state["hands"]["shadow"] == []
    assert we_shall_get_it(m.state) == "table"
    assert "The Shadow plays We Shall Get It." in texts(m.state)
    assert R.check_invariants(m.state) == []


def test_r4_we_shall_get_it_is_never_played_as_a_combat_card() -> None:
    m = battle_match(
        {"dagorlad": {"sauron": "3R"}, "ash_mountains": {"north": "1R"}},
        switches=SWITCH,
        tta=FLIPPED,
        hands={"shadow": [WSGI], "free": []},
    )
    attack(m, "shadow", "dagorlad", "ash_mountains")
    assert offered(m.state, "shadow") == ["no-combat"]  # asked (his hand holds a card), not offered
    forbidden(m, "shadow", f"combat {WSGI}")


def test_r4_we_shall_get_it_with_gollum_the_guide_puts_the_tile_back_and_draws_another() -> None:
    m = hunted(fellowship=ALONE, tta=FLIPPED, table={"shadow": [WSGI]})
    with scripted(("hunt_die", 6), ("hunt_tile", "0r_1"), ("hunt_tile", "2_1")):
        act(m, "free", "move-fellowship character")
        assert step(m.state) == "we_shall_get_it" and R.active(m.state) == frozenset({"shadow"})
        act(m, "shadow", "we-shall-get-it")
    assert "0r_1" in m.state["hunt"]["pool"]
    assert m.state["table"]["shadow"] == [] and m.state["played"]["shadow"] == [WSGI]
    assert [e["tile"] for e in events(m.state, "hunt_tile")] == ["2_1"]
    assert R.check_invariants(m.state) == []
    kept = hunted(fellowship=ALONE, tta=FLIPPED, table={"shadow": [WSGI]})
    with scripted(("hunt_die", 6), ("hunt_tile", "0r_1")):
        act(kept, "free", "move-fellowship character")
        act(kept, "shadow", "keep-card")
    assert kept.state["table"]["shadow"] == [WSGI]
    assert [e["tile"] for e in events(kept.state, "hunt_tile")] == ["0r_1"]


def test_r4_we_shall_get_it_waits_while_gollum_is_not_the_guide() -> None:
    m = hunted(tta=FLIPPED, table={"shadow": [WSGI]})
    with scripted(("hunt_die", 6), ("hunt_tile", "1_1")):
        act(m, "free", "move-fellowship character")
    assert step(m.state) != "we_shall_get_it"
    held = hunted(fellowship=ALONE, tta=FLIPPED, hands={"shadow": [WSGI]})  # in the hand: not yet
    with scripted(("hunt_die", 6), ("hunt_tile", "1_1")):
        act(held, "free", "move-fellowship character")
    assert step(held.state) != "we_shall_get_it"


def test_r4_the_table_sees_we_shall_get_it_taken_and_the_hand_count_only() -> None:
    """The sacrifice is public (the card is no secret in the Shadow's hand); the rest of his hand
    stays his own."""
    m = hunted(hands={"shadow": ["shs_01"]})
    hunt_move(m, ("hunt_die", 6), ("hunt_tile", "3_1"))
    act(m, "free", "sacrifice smeagol")
    public = R.view(m.state, None)
    assert public["cards"]["shadow"]["hand"] is None and public["cards"]["shadow"]["hand_count"] == 2
    assert public["tta_characters"]["smeagol"] == "gollum"
    assert public["tta_characters"]["we_shall_get_it_aside"] is False
    words = " ".join(PRESENTER.text(*project(e, "free")) for e in m.state["log"])
    assert "We Shall Get It" in words and "Elves" not in words and "shs_01" not in str(public)
    assert R.view(m.state, "shadow")["cards"]["shadow"]["hand"] == sorted(["shs_01", WSGI])


def test_card_fpc_26_wind_from_the_west_discards_we_shall_get_it_from_the_table_or_the_hand() -> None:
    on = [*SWITCH, *CARDS_ON]
    table = match(
        switches=on,
        tta=FLIPPED,
        table={"shadow": [WSGI]},
        hands={"free": ["fpc_26"]},
        dice={"free": ["character"], "shadow": ["muster"]},
    )
    act(table, "free", "play character fpc_26")
    assert table.state["played"]["shadow"] == [WSGI] and we_shall_get_it(table.state) == "played"
    hand = match(
        switches=on,
        tta=FLIPPED,
        hands={"free": ["fpc_26"], "shadow": [WSGI, "shs_01"]},
        dice={"free": ["character"], "shadow": ["muster"]},
    )
    act(hand, "free", "play character fpc_26")
    assert set(offered(hand.state, "free")) == {"discard shs_01", f"discard {WSGI}"}
    act(hand, "free", f"discard {WSGI}")
    assert hand.state["discards"]["shadow"] == [WSGI] and R.check_invariants(hand.state) == []


# -- positions ----------------------------------------------------------------------------------------


def test_r4_positions_express_the_piece_and_we_shall_get_it_in_every_place() -> None:
    dice = {"shadow": ["muster"], "free": ["muster"]}
    for place in ("hands", "table", "played", "discards"):
        state = position(switches=SWITCH, tta=FLIPPED, dice=dice, **{place: {"shadow": [WSGI]}})
        assert we_shall_get_it(state) == place and R.check_invariants(state) == []
        described = to_position(state)
        assert described[place]["shadow"] == [WSGI]
        assert described["tta"]["smeagol"] == "gollum" and described["tta"]["cards_aside"] == []
        again = from_position("war-of-the-ring", described)
        assert to_position(again) == described
    aside = position(switches=SWITCH, dice=dice)
    assert to_position(aside)["tta"]["cards_aside"] == [WSGI] and we_shall_get_it(aside) == "aside"


def test_r4_positions_refuse_we_shall_get_it_twice_or_without_smeagol() -> None:
    with pytest.raises(InvalidPosition, match="two places"):
        position(switches=SWITCH, tta={"smeagol": "gollum", "cards_aside": [WSGI]}, hands={"shadow": [WSGI]})
    with pytest.raises(InvalidPosition, match="comes with the switch smeagol"):
        position(hands={"shadow": [WSGI]})
    with pytest.raises(InvalidPosition, match="nowhere"):
        position(switches=SWITCH, tta=FLIPPED)
    with pytest.raises(InvalidPosition, match="while Sméagol still shows"):
        position(switches=SWITCH, tta={"cards_aside": []}, hands={"shadow": [WSGI]})


def test_r4_positions_express_the_turns_sneak_and_nenya_marks() -> None:
    dice = {"shadow": ["muster"], "free": ["muster"]}
    state = position(
        switches=["smeagol", "galadriel"], tta={"sneak_used": True, "nenya_used": True}, dice=dice
    )
    assert state["turn"]["sneak"] is True and state["turn"]["nenya"] is True
    described = to_position(state)
    assert described["tta"]["sneak_used"] is True and described["tta"]["nenya_used"] is True
    assert to_position(from_position("war-of-the-ring", described)) == described
    fresh = to_position(position(switches=["smeagol", "galadriel"], dice=dice))["tta"]
    assert fresh["sneak_used"] is False and fresh["nenya_used"] is False
    with pytest.raises(InvalidPosition, match="need their switch"):
        position(tta={"sneak_used": True})
    with pytest.raises(InvalidPosition):
        position(switches=SWITCH, tta={"sneak_used": True}, start="turn")


def test_r4_sneak_once_a_turn_a_position_with_sneak_used_is_not_asked() -> None:
    m = hunted(tta={"sneak_used": True})
    with scripted(("hunt_die", 2)):
        act(m, "free", "move-fellowship character")
    assert step(m.state) != "sneak"


# -- the lobby (D2) -----------------------------------------------------------------------------------


def test_d2_smeagol_is_playable_in_the_lobby_alone_and_in_the_whole_module() -> None:
    assert "smeagol" in PLAYABLE
    assert switches(resolve({"tta": "custom", "tta_characters": "smeagol"})) == {"smeagol"}
    assert "smeagol" in switches(resolve({"tta": "whole"}))
    assert "smeagol" in switches(R.resolve_options({"tta": "whole"}))
