"""Delivery under Discord refusals: what can still be posted is posted."""

from __future__ import annotations

import io
from typing import Any

import discord

from bot.delivery import Delivery
from bot.service import MatchService


class Refusal:
    status, reason = 403, "Forbidden"


class NoAttachFiles:
    """A channel where the bot may write but not attach files."""

    id = 77

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []

    async def send(self, **kwargs: Any) -> Any:
        if "file" in kwargs:
            raise discord.Forbidden(Refusal(), {"code": 50013, "message": "Missing Permissions"})  # type: ignore[arg-type]
        self.sent.append(kwargs)
        return kwargs


class Client:
    def __init__(self, channel: Any) -> None:
        self.channel = channel

    def get_channel(self, channel_id: int) -> Any:
        return self.channel if channel_id == self.channel.id else None


async def test_without_attach_files_the_text_is_posted_alone(service: MatchService) -> None:
    channel = NoAttachFiles()
    delivery = Delivery(Client(channel), service)  # type: ignore[arg-type]
    board = discord.File(io.BytesIO(b"png"), filename="board.png")
    posted = await delivery.post(77, content="Sauron moves.", file=board)
    assert posted is not None
    assert channel.sent == [{"content": "Sauron moves."}]
