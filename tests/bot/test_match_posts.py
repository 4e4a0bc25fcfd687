"""Delivery under Discord refusals: what can still be posted is posted."""

from __future__ import annotations

import io
from types import SimpleNamespace
from typing import Any

import aiohttp
import discord

from bot.match_posts import Delivery
from bot.service import MatchService

from .conftest import NORTH_USER, SOUTH_USER, started_pebbles


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
    assert [{k: v for k, v in sent.items() if k != "nonce"} for sent in channel.sent] == [
        {"content": "Sauron moves."}
    ]


class FlakyUsers:
    """DMs to the first user fail below HTTP (connection reset); others arrive."""

    def __init__(self, broken: int) -> None:
        self.broken = broken
        self.delivered: list[int] = []

    def get_channel(self, channel_id: int) -> Any:
        return None

    def get_user(self, user_id: int) -> Any:
        client = self

        class User:
            display_name = f"player {user_id}"

            async def send(self, **kwargs: Any) -> Any:
                if user_id == client.broken:
                    raise aiohttp.ClientConnectionError("connection reset by peer")
                client.delivered.append(user_id)
                return SimpleNamespace(id=9, channel=SimpleNamespace(id=8))

        return User()


async def test_a_network_failure_on_one_dm_does_not_stop_the_next(service: MatchService) -> None:
    live = await started_pebbles(service)
    client = FlakyUsers(broken=NORTH_USER)
    delivery = Delivery(client, service)  # type: ignore[arg-type]
    results = [await delivery.dm(live, role) for role in ("north", "south")]
    assert results == [False, True]
    assert client.delivered == [SOUTH_USER]
