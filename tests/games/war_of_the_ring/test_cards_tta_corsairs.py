"""Twilight of the Third Age: the two cards that use the Corsair Ships (with the Twilight cards) —
The Corsairs are Upon Us! (``shs_10t``, replaces Corsairs of Umbar) and the Event of Threats to
the Fiefs of the South (``fps_26``)."""

from __future__ import annotations

import pytest

from games.core.chance import scripted
from games.war_of_the_ring.data import CARDS, Card, CombatCard
from games.war_of_the_ring.event_cards.corsairs_cards import FIEFS, HANDLER_TYPES, UPON_US
from games.war_of_the_ring.event_cards.registry import HANDLERS
from games.war_of_the_ring.tta.content import CARDS as TTA_CARDS
from games.war_of_the_ring.tta.content import REPLACEMENTS

from .helpers import events, offered, step
from .test_battle import army_of
from .test_tta_corsairs import corsairs_match, ships

#: The Twilight cards need the engines and both Shadow factions (D3).
WITH_CARDS = ["siege_engines", "dunlendings", "corsairs", "cards"]


# -- the cards: The Corsairs are Upon Us! (shs_10t) and Threats to the Fiefs of the South (fps_26) --


@pytest.fixture
def corsair_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    """The two cards in the card table and their handlers registered, as with the Twilight cards
    switch (a no-op once the card table holds the module's cards)."""
    module_cards = {c.id: c for c in (*TTA_CARDS.values(), *REPLACEMENTS.values())}
    for card in (UPON_US, FIEFS):
        if card not in CARDS:
            tta = module_cards[card]
            assert tta.combat is not None and tta.deck is not None
            combat = CombatCard(tta.combat.name, tta.combat.condition, tta.combat.effect)
            known = Card(
                tta.id,
                tta.side,
                tta.deck,
                tta.number or 0,
                tta.name,
                tta.icon,
                tta.initiative,
                tta.condition,
                tta.on_table,
                tta.event,
                tta.discard,
                combat,
            )
            monkeypatch.setitem(CARDS, card, known)
        if card not in HANDLERS:
            monkeypatch.setitem(HANDLERS, card, HANDLER_TYPES[card]())


@pytest.mark.usefixtures("corsair_cards")
def test_card_shs_10t_the_corsairs_are_upon_us_sails_fleets_then_lands_an_army_that_attacks() -> None:
    m = corsairs_match(
        {"umbar": 2, "anfalas": 1},
        hands={"shadow": [UPON_US], "free": ["fps_01"]},
        switches=WITH_CARDS,
        armies={"umbar": {"southrons": "4R"}, "lamedon": {"gondor": "1R"}, "dol_amroth": {"gondor": "2R"}},
    )
    m.submit("shadow", f"play army {UPON_US}")
    assert offered(m.state, "shadow") == ["fleet umbar", "fleet anfalas", "done"]
    m.submit("shadow", "fleet umbar")
    m.submit("shadow", "sail pelargir 1")
    m.submit("shadow", "fleet anfalas")
    m.submit("shadow", "sail andrast 1")  # no limit on the number of fleets, 2 steps each
    assert ships(m) == {"umbar": 1, "pelargir": 1, "andrast": 1}
    m.submit("shadow", "done")
    assert offered(m.state, "shadow") == ["army umbar", "done"]
    m.submit("shadow", "army umbar")
    assert "to andrast" in offered(m.state, "shadow")  # the card sets no distance
    m.submit("shadow", "to pelargir")
    m.submit("shadow", "go")
    assert army_of(m.state, "pelargir", "southrons") == {"regular": 4}
    assert "attack pelargir lamedon" in offered(m.state, "shadow")
    m.submit("shadow", "attack pelargir lamedon")
    if step(m.state) == "battle_start":
        m.submit("shadow", "go")
    assert m.state["battle"]["rules"].get("free_cards_barred_first")
    assert offered(m.state, "free") == ["no-combat"]  # no Combat card in the first round


@pytest.mark.usefixtures("corsair_cards")
def test_card_shs_10t_needs_the_corsairs_in_play() -> None:
    m = corsairs_match(hands={"shadow": [UPON_US]}, switches=WITH_CARDS)
    assert f"play army {UPON_US}" not in offered(m.state, "shadow")


@pytest.mark.usefixtures("corsair_cards")
def test_card_fps_26_d25_threats_to_the_fiefs_recruits_three_regulars_and_sinks_gondor_ships_on_4() -> None:
    m = corsairs_match(
        {"pelargir": 2, "dol_amroth": 1, "umbar": 1},
        acting="free",
        hands={"free": [FIEFS]},
        switches=WITH_CARDS,
        dice={"free": ["muster"], "shadow": ["muster"]},
        armies={"lamedon": {"southrons": "1R"}},
    )
    with scripted(("fps_26_ship", 4), ("fps_26_ship", 3), ("fps_26_ship", 6)):
        m.submit("free", f"play muster {FIEFS}")
    recruited = [(e["region"], e["count"]) for e in events(m.state, "card_recruited")]
    assert recruited == [("pelargir", 1), ("lossarnach", 1)]  # Lamedon is not free
    assert [(e["region"], e["die"], e["sunk"]) for e in events(m.state, "ship_rolled")] == [
        ("pelargir", 4, True),
        ("pelargir", 3, False),
        ("dol_amroth", 6, True),
    ]
    assert ships(m) == {"pelargir": 1, "umbar": 1}  # Umbar is not a region of Gondor (D25)


@pytest.mark.usefixtures("corsair_cards")
def test_card_fps_26_needs_the_corsairs_in_play() -> None:
    m = corsairs_match(
        acting="free",
        hands={"free": [FIEFS]},
        dice={"free": ["muster"], "shadow": ["muster"]},
        switches=WITH_CARDS,
    )
    assert f"play muster {FIEFS}" not in offered(m.state, "free")
