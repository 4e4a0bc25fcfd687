"""The Risk description says what the view holds, and nothing it does not."""

from __future__ import annotations

import copy

from renderers.lotr_risk import describe

from . import samples


def test_public_view_names_no_hand_card() -> None:
    private = samples.private("middle-earth", 3)
    public = copy.deepcopy(private)
    public["audience"] = None
    public["hand"] = None
    mine = describe(private)
    assert "Ambush" in mine and "Gollum" in mine and "do not share" in mine
    shown = describe(public)
    for secret in ("Ambush", "Gollum", "Your territory cards", "wild card", "do not share"):
        assert secret not in shown


def test_a_hand_without_an_audience_is_not_described() -> None:
    view = samples.private("trilogy", 4)
    view["audience"] = None
    assert "Ambush" not in describe(view)


def test_the_ring_is_named_by_its_place() -> None:
    view = samples.base("middle-earth", 3)
    view["ring"] = {"territory": "rhudaur", "step": 6, "steps": 14, "die": False, "done": False}
    assert "the Ring is at Rivendell (Rhudaur), space 7 of 14" in describe(view).replace(
        "The Ring", "the Ring"
    )


def test_plain_mode_says_nothing_of_the_ring_or_scores() -> None:
    text = describe(samples.plain("trilogy", 2))
    assert "Ring" not in text and "score" not in text and "Neutral army" in text


def test_battle_and_result() -> None:
    text = describe(samples.battle("middle-earth", 3))
    assert "Last roll: attack 6, 4, 2 against defence 5, 4" in text
    finished = describe(samples.finished("trilogy", 4))
    assert "Aragorn wins!" in finished and "Ring was destroyed" in finished


def test_names_and_limit() -> None:
    view = samples.base("trilogy", 4)
    text = describe(view)
    assert "Aragorn (Green)" in text
    assert len(describe(view, limit=200)) <= 200
