"""The event cards: each one drawn in a real draw (the end of Green's turn, his leader having
reached a site of power) and carried out; the scenarios script the decks and the dice."""

from __future__ import annotations

from typing import Any

import pytest

from games.core import State, dump
from games.core.chance import scripted
from games.lotr_risk import event_cards
from games.lotr_risk.board import geometry
from games.lotr_risk.data import CARDS

from .helpers import R, act, allowed, asked, events, kind, legal, log_text, pass_turn, position

GREEN = {"old_forest": "green", "buckland": "green", "the_shire": "green"}


def drawing(
    event: str,
    owners: dict[str, str] | None = None,
    *,
    territory_deck: list[str] | None = None,
    leaders: dict[str, list[Any]] | None = None,
    edition: str = "middle-earth",
    **more: Any,
) -> State:
    """Green in fortify, his leader having reached a site this turn: ``done`` draws ``event``
    (then Ambush, which ends the draw). ``territory_deck`` lists the top cards, the top last."""
    decks: dict[str, list[str]] = {"adventure": ["ambush", event]}
    if territory_deck is not None:
        decks["territory"] = territory_deck
    return position(
        {**GREEN, **(owners or {})},
        edition=edition,
        phase="fortify",
        turn={"sites": True},
        leaders=leaders if leaders is not None else {"green": ["buckland"]},
        decks=decks,
        **more,
    )


def draw(state: State) -> State:
    """End Green's fortify: the draw reveals and carries out the event."""
    return act(state, "green", "done")


def reinforce_all(state: State, role: str, territory: str) -> State:
    """Place the whole reinforcement of ``role`` (no cards to trade) in ``territory``."""
    return act(state, role, f"place {territory} {state['stack'][-1]['pool']}")


# -- every event has its effect ----------------------------------------------------------------
def test_every_event_card_kind_of_the_data_has_an_effect() -> None:
    kinds = {slug for slug, card in CARDS.items() if card.kind == "event"}
    assert set(event_cards.RESOLVERS) == kinds


def test_an_unknown_event_is_a_clear_error_not_a_silent_no_op() -> None:
    state = drawing("raiders")
    with pytest.raises(LookupError, match="ambush"):
        event_cards.resolve_event(state, "green", "ambush")


def test_the_trilogy_only_events_are_not_in_the_middle_earth_deck() -> None:
    middle_earth = {c.partition("-")[0] for c in geometry("middle-earth").adventure_deck}
    trilogy = {c.partition("-")[0] for c in geometry("trilogy").adventure_deck}
    only = {"corsairs_of_umbar", "the_black_gates_open", "aragorn_arrives"}
    assert only <= trilogy and not only & middle_earth
    assert set(event_cards.RESOLVERS) - only <= middle_earth


# -- Appoint a Second Leader -------------------------------------------------------------------
def test_appoint_a_second_leader_puts_a_new_leader_on_a_territory_of_your_choice() -> None:
    state = draw(drawing("appoint_a_second_leader-2"))
    assert kind(state) == "second_leader" and asked(state) == "green"
    assert legal(state, "green") == {"leader old_forest", "leader the_shire"}  # Buckland has one
    assert not allowed(state, "green", "leader buckland") and not allowed(state, "green", "leader fornost")
    assert "Waiting for Green" in R.prompt(state, "black").text
    state = act(state, "green", "leader the_shire")
    assert [leader["at"] for leader in state["leaders"]["green"]] == ["buckland", "the_shire"]
    assert state["spare_leaders"]["green"] == 0  # the card brought the piece it placed
    assert events(state, "second_leader_placed") == [{"role": "green", "territory": "the_shire"}]
    assert state["hands"]["green"]["adventure"] == ["ambush"]  # the draw went on after the event
    assert state["turn"]["role"] == "black"
    assert not state["turn"]["sites"]  # being placed is not arriving (no draw, no mission)


def test_appoint_a_second_leader_with_one_free_territory_places_him_without_asking() -> None:
    state = draw(
        drawing("appoint_a_second_leader-1", {"the_shire": "black"}, leaders={"green": ["buckland"]})
    )
    assert [leader["at"] for leader in state["leaders"]["green"]] == ["buckland", "old_forest"]
    assert state["turn"]["role"] == "black"


def test_appoint_a_second_leader_does_nothing_with_two_leaders_on_the_board() -> None:
    state = draw(drawing("appoint_a_second_leader-3", leaders={"green": ["buckland", "old_forest"]}))
    assert len(state["leaders"]["green"]) == 2 and state["spare_leaders"]["green"] == 0
    assert events(state, "second_leader_none") == [{"role": "green", "why": "two"}]
    assert "already has two leaders" in log_text(state)


def test_appoint_a_second_leader_without_a_leader_on_the_board_gives_one_and_no_replacement() -> None:
    """Trilogy: the draw comes before the replacement; the card's leader leaves none to replace."""
    state = draw(drawing("appoint_a_second_leader-4", edition="trilogy", leaders={}))
    assert kind(state) == "second_leader"
    state = act(state, "green", "leader old_forest")
    assert [leader["at"] for leader in state["leaders"]["green"]] == ["old_forest"]
    assert not events(state, "leader_replaced") and state["turn"]["role"] == "black"


# -- Winter Storms -----------------------------------------------------------------------------
STORM_DECK = ["card:weather_hills", "card:old_forest", "card:wild-1", "card:fornost"]


def test_winter_storms_blocks_attacks_into_and_out_of_the_three_territories_until_the_players_next_turn() -> (
    None
):
    owners = {"rhudaur": "green"}
    troops = {"south_downs": 5, "weather_hills": 5, "fornost": 5}
    state = draw(drawing("winter_storms", owners, territory_deck=STORM_DECK, troops=troops))
    storm = {"role": "green", "territories": ["fornost", "old_forest", "weather_hills"], "wilds": 1}
    assert events(state, "winter_storms_fell") == [storm]
    assert R.view(state, None)["effects"][0]["territories"] == storm["territories"]
    state = reinforce_all(state, "black", "south_downs")
    assert kind(state) == "attack" and state["turn"]["role"] == "black"
    assert not allowed(state, "black", "attack south_downs old_forest")  # into
    assert not allowed(state, "black", "attack weather_hills rhudaur")  # out of
    assert not allowed(state, "black", "attack fornost buckland")  # out of
    assert allowed(state, "black", "attack south_downs buckland")  # elsewhere as usual
    assert state["effects"]
    state = pass_turn(state)  # Green's next turn begins: the storms end
    assert state["turn"]["role"] == "green" and state["effects"] == []


def test_winter_storms_replaces_a_wild_card_and_discards_every_card_turned_up() -> None:
    state = draw(drawing("winter_storms", territory_deck=STORM_DECK))
    discard = state["decks"]["territory_discard"]
    assert sorted(discard) == sorted(STORM_DECK)  # the wild card too
    assert not set(STORM_DECK) & set(state["decks"]["territory"])
    assert "a wild card turned up is discarded and replaced" in log_text(state)


def test_winter_storms_turns_up_the_discard_pile_when_the_deck_runs_out() -> None:
    every = list(geometry("middle-earth").territory_cards)
    held = [c for c in every if c not in ("card:fornost", "card:moria", "card:fangorn", "card:wild-1")]
    hands = {
        "green": {"territory": held[:20], "adventure": []},
        "black": {"territory": held[20:], "adventure": []},
    }
    decks = {
        "adventure": ["ambush", "winter_storms"],
        "territory": ["card:wild-1"],
        "territory_discard": ["card:moria", "card:fornost", "card:fangorn"],
    }
    state = position(
        GREEN,
        phase="fortify",
        turn={"sites": True},
        leaders={"green": ["buckland"]},
        hands=hands,
        decks=decks,
    )
    state = draw(state)
    assert sorted(state["effects"][0]["territories"]) == ["fangorn", "fornost", "moria"]


# -- Raiders -----------------------------------------------------------------------------------
def test_raiders_take_half_the_battalions_rounded_down_from_the_three_territories() -> None:
    owners = {"weather_hills": "neutral"}
    troops = {"fornost": 7, "old_forest": 1, "weather_hills": 5}
    state = draw(drawing("raiders", owners, territory_deck=STORM_DECK, troops=troops))
    assert {t: state["troops"][t] for t in troops} == {"fornost": 4, "old_forest": 1, "weather_hills": 3}
    assert events(state, "raiders_struck") == [
        {
            "role": "green",
            "losses": {"fornost": 3, "old_forest": 0, "weather_hills": 2},
            "holders": {"fornost": "black", "old_forest": "green", "weather_hills": "neutral"},
            "wilds": 1,
        }
    ]
    assert state["leaders"]["green"] == [{"at": "buckland", "spent": False, "stays": False}]
    assert sorted(state["decks"]["territory_discard"]) == sorted(STORM_DECK)


# -- Mustering of Middle-earth -----------------------------------------------------------------
def test_mustering_of_middle_earth_adds_three_for_whoever_holds_each_territory() -> None:
    owners = {"weather_hills": "neutral"}
    troops = {"fornost": 2, "old_forest": 1, "weather_hills": 2}
    state = draw(drawing("mustering_of_middle_earth", owners, territory_deck=STORM_DECK, troops=troops))
    assert {t: state["troops"][t] for t in troops} == {"fornost": 5, "old_forest": 4, "weather_hills": 5}
    assert events(state, "mustering_gathered")[0]["territories"] == ["fornost", "old_forest", "weather_hills"]
    assert sorted(state["decks"]["territory_discard"]) == sorted(STORM_DECK)


# -- Local Uprising ----------------------------------------------------------------------------
def test_local_uprising_sets_a_territory_card_aside_in_secret_and_reveals_it_on_conquest() -> None:
    state = draw(drawing("local_uprising", territory_deck=["card:south_downs"]))
    assert state["aside"]["green"] == [{"card": "card:south_downs", "for": "local_uprising"}]
    assert events(state, "uprising_drawn") == [{"role": "green", "wilds": 0}]
    assert events(state, "uprising_drawn", "green") == []
    assert events(state, "own_uprising_drawn", "green") == [{"card": "card:south_downs", "wilds": 0}]
    assert R.view(state, "green")["hand"]["aside"][0]["territory"] == "south_downs"
    state = pass_turn(state)  # Black's turn
    state = reinforce_all(state, "green", "old_forest")
    with scripted(("attack die", 6), ("attack die", 5), ("attack die", 4), ("defence die", 1)):
        state = act(state, "green", "attack old_forest south_downs", "roll 3")
    assert state["troops"]["south_downs"] == 3 + 4  # the survivors and the uprising
    assert events(state, "uprising_revealed") == [
        {"role": "green", "territory": "south_downs", "battalions": 4}
    ]
    assert state["aside"]["green"] == [] and "card:south_downs" in state["decks"]["territory_discard"]


def test_local_uprising_is_not_revealed_by_conquering_another_territory() -> None:
    aside = {"green": [{"card": "card:fornost", "for": "local_uprising"}]}
    state = position(GREEN, troops={"old_forest": 6}, aside=aside)
    with scripted(("attack die", 6), ("attack die", 5), ("attack die", 4), ("defence die", 1)):
        state = act(state, "green", "attack old_forest south_downs", "roll 3")
    assert state["troops"]["south_downs"] == 3 and state["aside"]["green"] == aside["green"]


def test_local_uprising_of_a_territory_already_held_is_revealed_at_once() -> None:
    state = draw(drawing("local_uprising", territory_deck=["card:old_forest"]))
    assert state["troops"]["old_forest"] == 1 + 4 and state["aside"]["green"] == []
    assert events(state, "uprising_revealed") == [
        {"role": "green", "territory": "old_forest", "battalions": 4}
    ]


def test_local_uprising_replaces_a_wild_card_drawn() -> None:
    state = draw(drawing("local_uprising", territory_deck=["card:fornost", "card:wild-2"]))
    assert state["aside"]["green"] == [{"card": "card:fornost", "for": "local_uprising"}]
    assert "card:wild-2" in state["decks"]["territory_discard"]
    assert events(state, "uprising_drawn") == [{"role": "green", "wilds": 1}]


def test_local_uprising_card_never_shows_to_anyone_else() -> None:
    """Two games that differ only in the card set aside look the same to everyone else."""
    fornost = draw(drawing("local_uprising", territory_deck=["card:weather_hills", "card:fornost"]))
    weather = draw(drawing("local_uprising", territory_deck=["card:fornost", "card:weather_hills"]))
    assert fornost["aside"] != weather["aside"]
    for viewer in (None, "black"):
        assert dump(R.view(fornost, viewer)) == dump(R.view(weather, viewer))
        assert log_text(fornost, viewer) == log_text(weather, viewer)
    assert R.prompt(fornost, "black").actions == R.prompt(weather, "black").actions
    assert "card:fornost" in R.secrets(fornost, "green")
    assert "Fornost" in log_text(fornost, "green") and "Fornost" not in log_text(fornost, None)


# -- Corsairs of Umbar -------------------------------------------------------------------------
CORSAIRS = {"kind": "corsairs_of_umbar", "by": "black", "until": "next_turn"}


def test_corsairs_of_umbar_costs_every_seaborne_attack_three_battalions_until_the_players_next_turn() -> None:
    owners = {"belfalas": "green", "minhiriath": "green"}
    state = draw(drawing("corsairs_of_umbar", owners, edition="trilogy", troops={"belfalas": 2}))
    assert state["effects"][0]["kind"] == "corsairs_of_umbar"
    assert "Corsairs of Umbar" in R.view(state, None)["effects"][0]["text"]
    state = reinforce_all(state, "black", "umbar")
    before = state["troops"]["umbar"]
    state = act(state, "black", "attack umbar belfalas")
    assert state["troops"]["umbar"] == before - 3 and kind(state) == "attack_roll"
    assert events(state, "corsairs_struck") == [
        {"role": "black", "from": "umbar", "to": "belfalas", "lost": 3, "spent": False}
    ]
    state = pass_turn(state)
    assert state["turn"]["role"] == "green" and state["effects"] == []


def test_corsairs_of_umbar_leave_one_battalion_and_spare_attacks_by_land() -> None:
    owners = {"belfalas": "green", "minhiriath": "green"}
    troops = {"belfalas": 3, "minhiriath": 5}
    state = position(owners, edition="trilogy", troops=troops, effects=[CORSAIRS])
    state = act(state, "green", "attack belfalas umbar")
    assert state["troops"]["belfalas"] == 1  # 2 lost: one always stays, and the attack is over
    assert events(state, "corsairs_struck")[0]["spent"] and events(state, "attack")[0]["rolls"] == []
    state = act(state, "green", "attack minhiriath enedwaith")  # by land
    assert state["troops"]["minhiriath"] == 5 and len(events(state, "corsairs_struck")) == 1


# -- the territory of one side -----------------------------------------------------------------
def side_event(card: str, territory: str, holder: str, troops: int, edition: str = "middle-earth") -> State:
    return draw(drawing(card, {territory: holder}, edition=edition, troops={territory: troops}))


def after_event(state: State, territory: str) -> int:
    """Battalions in ``territory`` after the event: Black's turn has begun, and in the Trilogy his
    strongholds have had their battalion of the reinforcement."""
    strongholds = state["stack"][-1].get("strongholds", ())
    return int(state["troops"][territory]) - (territory in strongholds)


def test_the_entmoot_adds_two_for_good_in_fangorn_and_takes_two_from_evil() -> None:
    assert side_event("the_entmoot", "fangorn", "green", 3)["troops"]["fangorn"] == 5
    evil = side_event("the_entmoot", "fangorn", "black", 3)
    assert evil["troops"]["fangorn"] == 1
    assert events(evil, "event_loss") == [
        {"card": "the_entmoot", "role": "black", "territory": "fangorn", "battalions": 2}
    ]


def test_theyve_brought_a_cave_troll_adds_two_for_evil_in_moria_and_takes_two_from_good() -> None:
    assert side_event("theyve_brought_a_cave_troll", "moria", "black", 1)["troops"]["moria"] == 3
    assert side_event("theyve_brought_a_cave_troll", "moria", "green", 4)["troops"]["moria"] == 2


def test_the_black_gates_open_adds_ten_for_evil_in_udun_vale_and_takes_two_from_good() -> None:
    evil = side_event("the_black_gates_open", "udun_vale", "black", 2, "trilogy")
    assert after_event(evil, "udun_vale") == 12
    assert events(evil, "event_gain")[0] == {
        "card": "the_black_gates_open",
        "role": "black",
        "territory": "udun_vale",
        "battalions": 10,
    }
    good = side_event("the_black_gates_open", "udun_vale", "green", 5, "trilogy")
    assert after_event(good, "udun_vale") == 3


def test_aragorn_arrives_adds_ten_for_good_in_minas_tirith_and_takes_two_from_evil() -> None:
    good = side_event("aragorn_arrives", "minas_tirith", "green", 1, "trilogy")
    assert after_event(good, "minas_tirith") == 11
    evil = side_event("aragorn_arrives", "minas_tirith", "black", 3, "trilogy")
    assert after_event(evil, "minas_tirith") == 1


def test_a_side_event_always_leaves_one_battalion() -> None:
    state = side_event("the_entmoot", "fangorn", "black", 2)
    assert state["troops"]["fangorn"] == 1
    assert events(state, "event_loss")[0]["battalions"] == 1
    assert side_event("the_entmoot", "fangorn", "black", 1)["troops"]["fangorn"] == 1


def test_a_side_event_does_nothing_while_the_neutral_army_holds_the_territory() -> None:
    state = side_event("theyve_brought_a_cave_troll", "moria", "neutral", 2)
    assert state["troops"]["moria"] == 2
    assert events(state, "event_neutral") == [{"card": "theyve_brought_a_cave_troll", "territory": "moria"}]
    assert "the neutral army holds Moria" in log_text(state)


def test_every_event_has_an_effect() -> None:
    assert set(event_cards.RESOLVERS) == {slug for slug, card in CARDS.items() if card.kind == "event"}
