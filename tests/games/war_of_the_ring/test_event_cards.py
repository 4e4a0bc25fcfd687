"""Playing Event cards (§7.2): which die plays which card, the card's condition, where the card
goes, and what the opponent learns (issue 19). The effects of each card have their own tests,
named after the card."""

from __future__ import annotations

import re
from pathlib import Path

from games.core import Action
from games.war_of_the_ring.data import BASE_CARDS, CARDS
from games.war_of_the_ring.event_cards.registry import HANDLERS
from games.war_of_the_ring.ruleset import WAR_OF_THE_RING as R

from .helpers import act, events, forbidden, match, offered, step


def _plays(texts: list[str]) -> set[str]:
    return {t for t in texts if t.startswith("play ")}


def test_a_card_is_played_with_its_icon_an_event_die_or_a_will_of_the_west() -> None:
    m = match(
        dice={"free": ["character", "muster", "event", "will"], "shadow": ["event"]},
        hands={"free": ["fpc_12"]},
    )
    assert _plays(offered(m.state, "free")) == {
        "play character fpc_12",
        "play event fpc_12",
        "play will fpc_12",
    }
    forbidden(m, "free", "play muster fpc_12")


def test_a_played_card_is_discarded_face_up_and_its_event_applied() -> None:
    m = match(
        dice={"free": ["character"], "shadow": ["event"]},
        hands={"free": ["fpc_12", "fpc_01"]},
        fellowship={"corruption": 3},
    )
    act(m, "free", "play character fpc_12")
    s = m.state
    assert s["hands"]["free"] == ["fpc_01"]
    assert s["played"]["free"] == ["fpc_12"]
    assert s["fellowship"]["corruption"] == 2
    assert events(s, "event_played") == [{"side": "free", "card": "fpc_12"}]
    assert step(s) == "act" and s["stack"][-1]["side"] == "shadow"
    assert "character" in s["dice"]["free"]["used"]
    view = R.view(s, "shadow")
    assert view["cards"]["free"]["played"] == ["fpc_12"] and view["cards"]["free"]["hand"] is None


def test_a_card_whose_condition_fails_is_not_offered() -> None:
    m = match(dice={"shadow": ["army"], "free": ["event"]}, acting="shadow", hands={"shadow": ["shs_04"]})
    forbidden(m, "shadow", "play army shs_04")
    at_war = {n: {"steps": 0, "active": True} for n in ("isengard", "sauron", "southrons")}
    m = match(
        dice={"shadow": ["army"], "free": ["will", "will", "event"]},
        acting="shadow",
        hands={"shadow": ["shs_04"]},
        politics=at_war,
    )
    act(m, "shadow", "play army shs_04")
    assert m.state["dice"]["free"]["rolled"] == ["event"]
    assert events(m.state, "dice_discarded") == [{"side": "free", "face": "will", "count": 2}]


def test_the_opponent_is_offered_nothing_of_a_hand() -> None:
    m = match(dice={"free": ["event"], "shadow": ["event"]}, hands={"free": ["fpc_12"]})
    assert not _plays(offered(m.state, "shadow"))
    assert not R.is_legal(m.state, "shadow", Action("play", ("event", "fpc_12")))


def test_every_handler_names_its_own_card() -> None:
    for card, handler in HANDLERS.items():
        assert handler.card == card


def test_every_event_card_has_one_handler() -> None:
    """Every base card; the Twilight cards' handlers come with their parts (test_cards_twilight)."""
    assert set(BASE_CARDS) <= set(HANDLERS) <= set(CARDS)


def test_every_event_card_has_a_scenario_test_named_after_it() -> None:
    """``test_card_<id>_…`` in one of the card families' test files, for each card with a handler
    (the 96 base cards and the Twilight module's, ``shs_10t`` for a replacement, ``we_shall_get_it``
    for the card of no deck)."""
    here = Path(__file__).parent
    names = set()
    for path in [*here.glob("test_cards_*.py"), *here.glob("test_tta_*.py")]:
        names |= set(
            re.findall(
                r"^def (test_card_(?:[a-z]{3}_\d\dt?|we_shall_get_it))_",
                path.read_text(encoding="utf-8"),
                re.M,
            )
        )
    assert len(names) >= len(BASE_CARDS)
    missing = sorted(card for card in HANDLERS if f"test_card_{card}" not in names)
    assert not missing, f"no scenario test for {missing}"


def test_a_card_that_cannot_be_played_now_says_why_to_its_holder_only() -> None:
    m = match(
        dice={"free": ["muster", "event"], "shadow": ["event"]},
        hands={"free": ["fpc_14", "fpc_12"]},
    )
    why = R.refusal(m.state, "free", Action("play", ("event", "fpc_14")))
    assert why is not None and "Challenge of the King cannot be played now" in why and "Strider" in why
    why = R.refusal(m.state, "free", Action("play", ("muster", "fpc_12")))
    assert why == "Bilbo's Song is played with a Character die, an Event die or a Will of the West."
    assert "no unused Army die" in str(R.refusal(m.state, "free", Action("play", ("army", "fpc_12"))))
    # a card not in the hand, or the opponent asking: the generic answer, which tells nothing
    assert R.refusal(m.state, "free", Action("play", ("event", "fpc_01"))) is None
    assert R.refusal(m.state, "shadow", Action("play", ("event", "fpc_14"))) is None
