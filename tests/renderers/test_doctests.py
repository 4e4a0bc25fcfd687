"""Run the doctests of the renderer helpers (the project's pytest paths do not collect them)."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "renderers.common.colours",
    "renderers.common.text",
    "renderers.common.shapes",
    "renderers.common.blocks",
    "renderers.common.view_reading",
    "renderers.confrontation.tokens",
    "renderers.confrontation.pieces",
    "renderers.confrontation.panels",
    "renderers.confrontation.status",
    "renderers.confrontation.highlights",
    "renderers.war_of_the_ring.cards",
]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0 and result.failed == 0
