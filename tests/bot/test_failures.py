"""Unexpected failures get a kind reply and are logged without their (possibly secret) message."""

from __future__ import annotations

import logging
from typing import Any

import pytest

from bot.controller import Controller
from bot.service import MatchService

from .conftest import NORTH_USER, started_pebbles


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


class DeferrableResponse(FakeResponse):
    async def defer(self, *, ephemeral: bool = False, thinking: bool = False) -> None:
        self.sent.append(("(deferred)", ephemeral))


class FollowUp:
    def __init__(self) -> None:
        self.sent: list[str] = []

    async def send(self, content: str = "", **kwargs: Any) -> None:
        self.sent.append(content)


class ButtonInteraction:
    id = 4242

    def __init__(self, user_id: int) -> None:
        self.response = DeferrableResponse()
        self.followup = FollowUp()
        self.user = type("U", (), {"id": user_id})()


@pytest.mark.parametrize("button", ["pick", "undo", "hand"])
async def test_buttons_answer_before_reading_the_match(service: MatchService, button: str) -> None:
    """A match may have to be read (or rebuilt) from the database: Discord gets its answer first."""
    live = await started_pebbles(service)
    answered_first: list[bool] = []
    interaction: Any = ButtonInteraction(NORTH_USER)
    load = service.get

    async def get(match_id: int) -> Any:
        answered_first.append(interaction.response.is_done())
        return await load(match_id)

    service.get = get  # type: ignore[method-assign]
    controller = Controller(service, delivery=None)  # type: ignore[arg-type]
    if button == "pick":
        await controller.pick(interaction, live.id, version=-1, index=0)
    elif button == "undo":
        await controller.undo(interaction, live.id, expected_prompt=-1)
    else:
        await controller.show_private(interaction, live.id, on_prompt=-1)
    assert answered_first == [True]
    assert interaction.followup.sent and "out of date" in interaction.followup.sent[-1]


async def test_an_error_quoting_a_very_long_input_still_fits_in_a_message(service: MatchService) -> None:
    controller = Controller(service, delivery=None)  # type: ignore[arg-type]
    interaction: Any = FakeInteraction()
    await controller.refuse(interaction, f"`{'x' * 5000}` is not an action of Pebbles.")
    ((content, ephemeral),) = interaction.response.sent
    assert ephemeral and content.startswith("⚠️ `xxx") and len(content) <= 2000
