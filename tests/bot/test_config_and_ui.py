"""Configuration, component custom ids and the command-tree hash."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.choices import Choice, count_choices
from bot.config import ConfigError, load_config
from bot.menus import (
    ActionButton,
    ActionMenu,
    CancelButton,
    ConfirmButton,
    CountMenu,
    GroupMenu,
    ResignButton,
    TypeCountButton,
    count_view,
    group_view,
    groups,
    private_view,
)
from bot.ui import DYNAMIC_ITEMS, HandButton, JoinButton, MyTurnButton, UndoButton
from games.core import Action


def test_config_reads_environment_and_hides_the_token() -> None:
    config = load_config(
        {"DISCORD_TOKEN": "secret-token", "PALANTIR_DEV_GUILD": "42", "PALANTIR_LOG_LEVEL": "debug"},
        dotenv=False,
    )
    assert config.dev_guild == 42 and config.log_level == "DEBUG"
    assert config.db_path == Path("palantir.db") and config.api_base is None
    assert "secret-token" not in repr(config)


def test_config_errors_are_friendly() -> None:
    with pytest.raises(ConfigError, match="DISCORD_TOKEN is not set"):
        load_config({}, dotenv=False)
    with pytest.raises(ConfigError, match="PALANTIR_DEV_GUILD"):
        load_config({"DISCORD_TOKEN": "t", "PALANTIR_DEV_GUILD": "abc"}, dotenv=False)
    with pytest.raises(ConfigError, match="PALANTIR_LOG_LEVEL"):
        load_config({"DISCORD_TOKEN": "t", "PALANTIR_LOG_LEVEL": "LOUD"}, dotenv=False)


def test_api_base_is_taken_without_trailing_slash() -> None:
    config = load_config(
        {"DISCORD_TOKEN": "t", "PALANTIR_API_BASE": "http://127.0.0.1:9/api/v10/"}, dotenv=False
    )
    assert config.api_base == "http://127.0.0.1:9/api/v10"


def test_custom_ids_hold_only_ids_and_match_their_templates() -> None:
    items = [
        JoinButton(7),
        MyTurnButton(7, 3),
        HandButton(7),
        UndoButton(7, 3),
        ActionMenu(7, 3, 1),
        GroupMenu(7, 3, 0),
        ActionButton(7, 3, 4, "Confirm set-up"),
        ConfirmButton(7, 3, 4),
        CancelButton(7),
        ResignButton(7, 3),
        CountMenu(7, 3, 4, 1),
        TypeCountButton(7, 3, 4, 1, 30),
    ]
    for item in items:
        custom_id = item.custom_id
        assert re.fullmatch(r"palantir:[a-z]+(:\d+)+", custom_id), custom_id
        assert len(custom_id) <= 100
        found = [cls for cls in DYNAMIC_ITEMS if cls.__discord_ui_compiled_template__.fullmatch(custom_id)]
        assert found == [type(item)], custom_id  # exactly one component answers each id


def _choices(actions: list[Action]) -> list[Choice]:
    return [Choice(i, a, f"Label {a.text}", f"Effect of {a.text}") for i, a in enumerate(actions)]


def _label(action: Action) -> str:
    return f"{action.verb.title()} {action.args[0]}…"


def test_short_lists_are_one_menu_in_words_with_effects_and_buttons_for_argument_free_actions() -> None:
    actions = [Action("move", (f"c{n}", "shire")) for n in range(20)] + [Action("autoplace"), Action("ready")]
    view = private_view(7, 3, _choices(actions), _label, undo=True)
    assert view is not None
    menus = [c for c in view.children if isinstance(c, ActionMenu)]
    assert len(menus) == 1 and len(menus[0].item.options) == 20
    option = menus[0].item.options[0]
    assert (option.label, option.value, option.description) == (
        "Label move c0 shire",
        "0",
        "Effect of move c0 shire",
    )
    buttons = [c for c in view.children if isinstance(c, ActionButton)]
    assert [b.item.label for b in buttons] == ["Label autoplace", "Label ready"]
    assert any(isinstance(c, UndoButton) for c in view.children)
    assert private_view(7, 3, [], _label, undo=False) is None


def test_long_lists_come_in_two_steps_never_cut() -> None:
    regions = ["shire", "arthedain", "cardolan", "eregion", "rhudaur", "enedwaith"]
    actions = [Action("place", (f"c{n}", r)) for n in range(9) for r in regions]
    choices = _choices(actions)
    view = private_view(7, 3, choices, _label, undo=False)
    assert view is not None
    first = [c for c in view.children if isinstance(c, GroupMenu)]
    assert len(first) == 1 and [o.label for o in first[0].item.options][:2] == ["Place c0…", "Place c1…"]
    found = groups(choices, _label)
    second = group_view(7, 3, found[1])
    options = [o for c in second.children if isinstance(c, ActionMenu) for o in c.item.options]
    assert [o.value for o in options] == [str(6 + i) for i in range(6)]  # indices of c1's places
    many = [Action("take", (str(n), "x")) for n in range(130)]
    assert all(len(g.choices) == 1 for g in groups(_choices(many), _label))


def test_forged_custom_ids_are_refused_not_crashed() -> None:
    import asyncio

    big = "9" * 25
    for cls, custom_id in (
        (ActionMenu, f"palantir:pick:{big}:1:0"),
        (ConfirmButton, f"palantir:confirm:1:{big}:2"),
        (CancelButton, f"palantir:cancel:{big}"),
    ):
        match = cls.__discord_ui_compiled_template__.fullmatch(custom_id)
        assert match is not None
        item = asyncio.run(cls.from_custom_id(None, None, match))  # type: ignore[arg-type]
        assert item.forged  # the callback answers "This button is not valid" and acts on nothing


@pytest.mark.parametrize(
    ("high", "menus", "typed"), [(5, 1, False), (25, 1, False), (30, 2, True), (100, 4, True)]
)
def test_how_many_offers_every_count(high: int, menus: int, typed: bool) -> None:
    """Every count of 1..high is one choice away (menus of 25); beyond one menu, a number can be
    typed in a form too. (A choice of 30 once skipped 12, 16, 20, 24 and 28.)"""
    counts = [(n, f"Place {n}") for n in count_choices(1, high)]
    view = count_view(7, 3, 4, counts, 1, high)
    selects = [i for i in view.children if isinstance(i, CountMenu)]
    listed = [int(o.value) for menu in selects for o in menu.item.options]
    assert len(selects) == menus and listed == list(range(1, high + 1))
    assert any(isinstance(i, TypeCountButton) for i in view.children) == typed
    assert len({i.custom_id for i in view.children}) == len(view.children)


def test_beyond_a_hundred_counts_the_menus_give_steps_and_a_number_is_typed() -> None:
    picks = count_choices(1, 300)
    view = count_view(7, 3, 4, [(n, str(n)) for n in picks], 1, 300)
    assert len(picks) == 100 and picks[0] == 1 and picks[-1] == 300
    assert sum(isinstance(i, CountMenu) for i in view.children) == 4
    assert any(isinstance(i, TypeCountButton) for i in view.children)
