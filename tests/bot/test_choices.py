"""Autocomplete helpers: legal actions -> Discord choices (25 choices, 100 characters)."""

from __future__ import annotations

from bot.choices import (
    MAX_CHOICE_LEN,
    MAX_CHOICES,
    action_choices,
    arg_choices,
    chunks,
    count_shortcuts,
    option_choices,
    resolve_arg,
    truncate,
)
from games.core import Action, Amount, Prompt


def test_truncate_respects_the_limit_and_keeps_short_text() -> None:
    assert truncate("short") == "short"
    long = truncate("é" * 300)
    assert len(long) == MAX_CHOICE_LEN and long.endswith("…")


def test_action_choices_filter_on_label_and_text_forgivingly() -> None:
    pairs = [("move frodo eregion", "Frodo: The Shire → Eregion"), ("move sam moria", "Sam → Moria")]
    assert [v for _, v in action_choices(pairs, "FRODO")] == ["move frodo eregion"]
    assert [v for _, v in action_choices(pairs, "shire ereg")] == ["move frodo eregion"]
    assert [v for _, v in action_choices(pairs, "moria")] == ["move sam moria"]
    assert action_choices(pairs, "gandalf") == []
    assert len(action_choices(pairs, "")) == 2


def test_action_choices_cap_at_25_and_100_characters() -> None:
    pairs = [(f"take {n}", "x" * 150) for n in range(40)]
    got = action_choices(pairs, "")
    assert len(got) == MAX_CHOICES
    assert all(len(name) <= MAX_CHOICE_LEN and len(value) <= MAX_CHOICE_LEN for name, value in got)
    assert got[0][1] == "take 0"


def test_values_too_long_for_discord_are_not_offered() -> None:
    pairs = [("take " + "a" * 120, "Long"), ("end", "End")]
    assert [v for _, v in action_choices(pairs, "")] == ["end"]


def test_arg_choices_follow_the_already_filled_arguments() -> None:
    acts = [
        Action("move", ("frodo", "eregion")),
        Action("move", ("frodo", "moria")),
        Action("move", ("sam", "moria")),
        Action("card", ("3",)),
    ]
    title = str.title
    assert arg_choices(Prompt("", tuple(acts)), "move", 0, [], "", title) == [
        ("Frodo", "frodo"),
        ("Sam", "sam"),
    ]
    assert [v for _, v in arg_choices(Prompt("", tuple(acts)), "move", 1, ["Sam"], "", title)] == ["moria"]
    assert [v for _, v in arg_choices(Prompt("", tuple(acts)), "move", 1, [None], "", title)] == [
        "eregion",
        "moria",
    ]
    assert [v for _, v in arg_choices(Prompt("", tuple(acts)), "move", 1, ["frodo"], "mor", title)] == [
        "moria"
    ]
    assert arg_choices(Prompt("", tuple(acts)), "card", 1, ["3"], "", title) == []
    assert arg_choices(Prompt("", tuple(acts)), "retreat", 0, [], "", title) == []


def test_arg_choices_cap_at_25() -> None:
    acts = [Action("move", (f"c{n}", "x")) for n in range(60)]
    assert len(arg_choices(Prompt("", tuple(acts)), "move", 0, [], "", str.upper)) == MAX_CHOICES


def test_option_choices_and_resolve_arg() -> None:
    labels = {"classic": "Classic", "variant-2002": "2002 Variant"}
    assert option_choices(list(labels), labels.__getitem__, "2002") == [("2002 Variant", "variant-2002")]
    assert resolve_arg("2002 variant", [(k, v) for k, v in labels.items()]) == "variant-2002"
    assert resolve_arg("Mount Doom", []) == "mount-doom"


def test_chunks_split_menus_of_25() -> None:
    assert [list(c) for c in chunks(list(range(3)))] == [[0, 1, 2]]
    assert [len(c) for c in chunks(list(range(51)))] == [25, 25, 1]
    assert chunks([]) == []


def test_count_shortcuts_name_the_extremes_only_of_a_number_of_pieces() -> None:
    move_in = Prompt("Move in", (Action("to", ("rohan", "7")),), amounts=(Amount("to", ("rohan",), 3, 7),))
    labels = [s.label for s in count_shortcuts(move_in, move_in.actions, lambda a: f"Move in {a.args[-1]}")]
    assert labels == ["Move in 7 (all)", "Move in 3 (fewest)"]
    # A label with its own brackets gets no second pair ("(2 hits) (all)").
    hits = [
        s.label for s in count_shortcuts(move_in, move_in.actions, lambda a: f"Remove {a.args[-1]} (2 hits)")
    ]
    assert hits == ["Remove 7 (2 hits, all)", "Remove 3 (2 hits, fewest)"]
    # A threshold ("stop at n") is not "all" or "the fewest" of anything: its label says it.
    until = Prompt(
        "Attack", (Action("until", ("1",)),), amounts=(Amount("until", (), 1, 5, extremes_named=False),)
    )
    labels = [
        s.label for s in count_shortcuts(until, until.actions, lambda a: f"Roll until, stop at {a.args[-1]}")
    ]
    assert labels == ["Roll until, stop at 5", "Roll until, stop at 1"]
