"""Delivery's wiring: posts retried, a given-up post left "not announced"."""

from __future__ import annotations

import contextlib
from typing import Any

import pytest

from bot import discord_send
from bot.match_posts import Delivery
from bot.service import MatchService

from .conftest import started_pebbles
from .test_discord_send import Sleeps, Target, http_error


async def test_posts_go_through_the_retrying_send(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(discord_send, "RETRY_DELAYS", (0.0, 0.0))
    target = Target(http_error(503), ConnectionResetError())
    assert await Delivery._send(target, {"content": "x"}) == "message 3"
    with pytest.raises(discord_send.PostFailed):
        await Delivery._send(Target(*[http_error(503)] * 3), {"content": "x"})


async def test_a_post_given_up_is_not_marked_announced(service: MatchService) -> None:
    live = await started_pebbles(service)
    store = service.store
    await store.set_message(live.id, "prompt", 1, 2, 0)
    delivery: Any = Delivery(object(), service)  # type: ignore[arg-type]
    with discord_send.watch():
        with contextlib.suppress(discord_send.PostFailed):
            await discord_send.send(Target(http_error(503)), content="x", delays=(), sleep=Sleeps())
        await delivery._mark_announced(live)  # after_entry's "nothing posted" path
    assert (await store.get_message(live.id, "prompt")).version == 0  # type: ignore[union-attr]
    with discord_send.watch():
        await delivery._mark_announced(live)  # a hidden step: nothing was to be posted
    assert (await store.get_message(live.id, "prompt")).version == live.record.version  # type: ignore[union-attr]
