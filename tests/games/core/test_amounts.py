"""Counts chosen by players: a prompt lists a few and declares the whole range."""

from __future__ import annotations

from games.core import Action, Amount, Prompt

PLACE = Amount("place", ("rohan",), 1, 9)
PROMPT = Prompt(
    "Place your reinforcements.",
    (Action("place", ("rohan", "1")), Action("place", ("rohan", "9")), Action("done")),
    kind="reinforce",
    amounts=(PLACE,),
)


def test_every_count_in_the_range_is_allowed_listed_or_not() -> None:
    assert all(PROMPT.allows(Action("place", ("rohan", str(n)))) for n in range(1, 10))
    assert PROMPT.allows(Action("done"))


def test_counts_outside_the_range_or_for_another_choice_are_not() -> None:
    refused = [
        ("rohan", "0"),
        ("rohan", "10"),
        ("rohan", "-1"),
        ("rohan", "two"),
        ("fangorn", "3"),
        ("rohan",),
    ]
    assert not any(PROMPT.allows(Action("place", args)) for args in refused)
    assert not PROMPT.allows(Action("place", ("rohan", "3", "extra")))
    assert not PROMPT.allows(Action("move", ("rohan", "3")))


def test_autocomplete_values_offer_the_whole_range_after_the_listed_ones() -> None:
    assert PROMPT.values("place", 0) == ("rohan",)
    assert PROMPT.values("place", 1, ("rohan",)) == ("1", "9", *map(str, range(2, 9)))
    assert PROMPT.values("place", 1, ("fangorn",)) == ()


def test_counts_enumerate_the_range() -> None:
    assert list(PLACE.counts()) == list(range(1, 10))
