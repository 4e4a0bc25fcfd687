"""Configuration, component custom ids and the command-tree hash."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.config import ConfigError, load_config
from bot.ui import DYNAMIC_ITEMS, ActionSelect, HandButton, JoinButton, MyTurnButton, UndoButton, actions_view
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
    items = [JoinButton(7), MyTurnButton(7, 3), HandButton(7), UndoButton(7, 3), ActionSelect(7, 3, 1)]
    for item in items:
        custom_id = item.custom_id
        assert re.fullmatch(r"palantir:[a-z]+(:\d+)+", custom_id), custom_id
        assert len(custom_id) <= 100
        assert any(cls.__discord_ui_compiled_template__.fullmatch(custom_id) for cls in DYNAMIC_ITEMS)


def test_actions_view_spreads_long_lists_over_menus_with_index_values() -> None:
    legal = [(Action("move", (f"c{n}", "shire")), f"Character {n} to the Shire") for n in range(60)]
    view = actions_view(7, 3, legal, undo=True)
    assert view is not None
    menus = [c for c in view.children if isinstance(c, ActionSelect)]
    assert [len(m.item.options) for m in menus] == [25, 25, 10]
    values = [o.value for m in menus for o in m.item.options]
    assert values == [str(n) for n in range(60)]
    assert any(isinstance(c, UndoButton) for c in view.children)
    assert actions_view(7, 3, [], undo=False) is None
    many = [(Action("take", (str(n),)), f"Take {n}") for n in range(200)]
    full = actions_view(7, 3, many, undo=False)
    assert full is not None and len(full.children) == 5  # five rows of menus, no room for more
    assert len(actions_view(7, 3, many, undo=True).children) == 5  # type: ignore[union-attr]
