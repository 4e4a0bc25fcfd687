"""The first two cards of part II, built with the card framework: Bilbo's Song and The Day
Without Dawn (one scenario each, named after the card)."""

from __future__ import annotations

from .helpers import act, events, forbidden, match

AT_WAR = {n: {"steps": 0, "active": True} for n in ("isengard", "sauron", "southrons")}


def test_card_fpc_12_bilbos_song() -> None:
    m = match(
        dice={"free": ["character"], "shadow": ["event"]},
        hands={"free": ["fpc_12"]},
        fellowship={"corruption": 3},
    )
    act(m, "free", "play character fpc_12")
    assert m.state["fellowship"]["corruption"] == 2
    gollum = match(
        dice={"free": ["character"], "shadow": ["event"]},
        hands={"free": ["fpc_12"]},
        fellowship={"corruption": 3, "companions": [], "guide": "gollum"},
        eliminated=["gandalf_grey", "strider", "gimli", "legolas", "boromir", "meriadoc", "peregrin"],
    )
    act(gollum, "free", "play character fpc_12")
    assert gollum.state["fellowship"]["corruption"] == 1
    assert events(gollum.state, "healed")[-1]["why"] == "fpc_12"


def test_card_shs_04_the_day_without_dawn() -> None:
    m = match(dice={"shadow": ["army"], "free": ["will"]}, acting="shadow", hands={"shadow": ["shs_04"]})
    forbidden(m, "shadow", "play army shs_04")  # not every Shadow Nation is At War
    m = match(
        dice={"shadow": ["army"], "free": ["will", "character", "will"]},
        acting="shadow",
        hands={"shadow": ["shs_04"]},
        politics=AT_WAR,
    )
    act(m, "shadow", "play army shs_04")
    assert m.state["dice"]["free"]["rolled"] == ["character"]
    assert m.state["dice"]["free"]["used"] == ["will", "will"]
