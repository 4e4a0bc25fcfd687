"""Run the doctests of the bot's pure modules (the project's pytest paths do not collect them)."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["bot.pace", "bot.choices", "bot.texts", "bot.rendering", "bot.settings"]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0 and result.failed == 0
