"""Forged custom ids (numbers out of any real range) are refused quietly, never sent to SQLite."""

from __future__ import annotations

import logging
import re
from typing import Any

import pytest

from bot.ui import DYNAMIC_ITEMS, MAX_ID, numbers

HUGE = "9" * 23  # beyond SQLite's integers: an OverflowError if it reached a query


class Controller:
    """Records what an item asked of the controller."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, tuple[Any, ...]]] = []

    async def refuse(self, interaction: Any, text: str) -> None:
        self.calls.append(("refuse", (text,)))

    def __getattr__(self, name: str) -> Any:
        async def record(*args: Any, **kwargs: Any) -> None:
            self.calls.append((name, args[1:]))

        return record


class Client:
    def __init__(self) -> None:
        self.controller = Controller()


class Interaction:
    def __init__(self) -> None:
        self.client = Client()


def custom_id(item: type[Any], number: str) -> re.Match[str]:
    pattern: re.Pattern[str] = item.__discord_ui_compiled_template__
    text = re.sub(r"\(\?P<\w+>\\d\+\)", number, pattern.pattern)
    found = pattern.fullmatch(text)
    assert found is not None, (item, text)
    return found


@pytest.mark.parametrize("item", DYNAMIC_ITEMS, ids=lambda i: i.__name__)
async def test_a_forged_id_gets_a_short_refusal_and_reaches_nothing(
    item: type[Any], caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    interaction = Interaction()
    built = await item.from_custom_id(interaction, None, custom_id(item, HUGE))
    await built.callback(interaction)
    calls = interaction.client.controller.calls
    assert len(calls) == 1, calls
    assert not [a for _, args in calls for a in args if isinstance(a, int) and a >= MAX_ID], calls
    if calls[0][0] != "cancelled":  # "Cancel" does nothing with its match id: harmless as it is
        assert calls[0][0] == "refuse" and "not valid" in str(calls[0][1][0]), calls
    assert not [r for r in caplog.records if r.levelno > logging.INFO]


@pytest.mark.parametrize("item", DYNAMIC_ITEMS, ids=lambda i: i.__name__)
async def test_a_real_id_is_not_forged(item: type[Any]) -> None:
    built = await item.from_custom_id(Interaction(), None, custom_id(item, "7"))
    assert not getattr(built, "forged", False)
    assert all(value == 7 for key, value in vars(built).items() if key in ("match_id", "version", "step"))


def test_numbers_are_bounded_below_2_53() -> None:
    pattern = re.compile(r"(?P<a>\d+):(?P<b>\d+)")
    assert numbers(pattern.fullmatch(f"1:{MAX_ID - 1}"), "a", "b") == (1, MAX_ID - 1)  # type: ignore[arg-type]
    assert numbers(pattern.fullmatch(f"1:{MAX_ID}"), "a", "b") is None  # type: ignore[arg-type]
