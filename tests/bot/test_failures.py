"""Unexpected failures get a kind reply and are logged without their (possibly secret) message."""

from __future__ import annotations

import logging
from typing import Any

import pytest

from bot.controller import Controller
from bot.service import MatchService


class FakeResponse:
    def __init__(self) -> None:
        self.sent: list[tuple[str, bool]] = []

    def is_done(self) -> bool:
        return bool(self.sent)

    async def send_message(self, content: str, *, ephemeral: bool = False) -> None:
        self.sent.append((content, ephemeral))


class FakeInteraction:
    def __init__(self) -> None:
        self.response = FakeResponse()


async def test_an_unexpected_error_is_answered_and_logged_without_its_message(
    service: MatchService, caplog: pytest.LogCaptureFixture
) -> None:
    controller = Controller(service, delivery=None)  # type: ignore[arg-type]
    interaction: Any = FakeInteraction()
    caplog.set_level(logging.INFO)
    secret = "frodo hides in the shire"  # e.g. a bug message quoting a hidden piece
    async with controller.friendly(interaction):
        raise KeyError(secret)
    assert interaction.response.sent == [("⚠️ Something went wrong on my side; nothing was changed.", True)]
    logged = "\n".join(r.getMessage() for r in caplog.records if r.levelno >= logging.INFO)
    assert "KeyError" in logged
    assert "frodo" not in logged and "shire" not in logged
    assert all(r.exc_info is None for r in caplog.records if r.levelno >= logging.INFO)
