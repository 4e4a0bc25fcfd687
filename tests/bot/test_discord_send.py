"""``bot.discord_send.send``: transient failures retried, then ``PostFailed``; the Attach Files fallback."""

from __future__ import annotations

import io
import logging
from typing import Any

import aiohttp
import discord
import pytest

from bot import discord_send
from bot.discord_send import PostFailed


class Response:
    """Just enough of an aiohttp response for discord.py's HTTP exceptions."""

    def __init__(self, status: int, headers: dict[str, str] | None = None) -> None:
        self.status = status
        self.reason = "reason"
        self.headers = headers or {}


def http_error(status: int, code: int = 0, headers: dict[str, str] | None = None) -> discord.HTTPException:
    kinds: dict[int, type[discord.HTTPException]] = {403: discord.Forbidden, 404: discord.NotFound}
    kind = kinds.get(status, discord.DiscordServerError if status >= 500 else discord.HTTPException)
    return kind(Response(status, headers), {"message": "Frodo is at Bree", "code": code})  # type: ignore[arg-type]


class Target:
    """A channel whose ``send`` fails with ``failures`` (in order), then posts."""

    id = 4242

    def __init__(self, *failures: BaseException) -> None:
        self.failures = list(failures)
        self.calls: list[dict[str, Any]] = []
        self.positions: list[int] = []

    async def send(self, **kwargs: Any) -> Any:
        self.calls.append(kwargs)
        file = kwargs.get("file")
        if isinstance(file, discord.File):
            self.positions.append(file.fp.tell())
            file.fp.read()  # an upload reads the file, as aiohttp does
        if self.failures:
            raise self.failures.pop(0)
        return f"message {len(self.calls)}"


class Sleeps(list[float]):
    async def __call__(self, seconds: float) -> None:
        self.append(seconds)


def board() -> discord.File:
    return discord.File(io.BytesIO(b"\x89PNG board"), filename="board.png")


async def test_transient_failures_are_retried_with_growing_pauses_then_it_posts() -> None:
    target = Target(http_error(503), aiohttp.ClientConnectionError(), TimeoutError(), http_error(502))
    sleeps = Sleeps()
    message = await discord_send.send(target, content="hello", file=board(), view=None, sleep=sleeps)
    assert message == "message 5"
    assert sleeps == [0.5, 1.0, 2.0, 4.0]
    assert len({call["nonce"] for call in target.calls}) == 1, "one nonce for all attempts: no double post"
    assert target.positions == [0, 0, 0, 0, 0], "the image is rewound before each attempt"
    assert all("view" not in call for call in target.calls), "None values are not sent"


async def test_it_gives_up_with_post_failed_after_the_last_attempt(caplog: pytest.LogCaptureFixture) -> None:
    target = Target(*[http_error(503) for _ in range(10)])
    sleeps = Sleeps()
    with discord_send.watch() as failures, pytest.raises(PostFailed) as raised:
        await discord_send.send(target, content="Frodo moves", sleep=sleeps)
    assert len(target.calls) == 5 and sleeps == [0.5, 1.0, 2.0, 4.0]
    failed = raised.value
    assert isinstance(failed, discord.HTTPException), "callers written for discord.py's errors handle it"
    assert (failed.status, failed.attempts) == (503, 5)
    assert failures == [failed] and not discord_send.gave_up()
    text = caplog.text
    assert "giving up" in text and "Frodo" not in text and "Bree" not in text


async def test_a_network_failure_gives_post_failed_with_status_zero() -> None:
    target = Target(*[ConnectionResetError() for _ in range(3)])
    with pytest.raises(PostFailed) as raised:
        await discord_send.send(target, content="x", delays=(0.0, 0.0), sleep=Sleeps())
    assert (raised.value.status, raised.value.attempts, len(target.calls)) == (0, 3, 3)


async def test_refusals_are_not_retried() -> None:
    for status in (404, 400, 403):
        target = Target(http_error(status))
        with pytest.raises(discord.HTTPException) as raised:
            await discord_send.send(target, content="x", sleep=Sleeps())
        assert not isinstance(raised.value, PostFailed)
        assert raised.value.status == status and len(target.calls) == 1


async def test_a_rate_limit_is_waited_out_as_long_as_discord_asks() -> None:
    target = Target(http_error(429, headers={"Retry-After": "3"}), discord.RateLimited(0.1))
    sleeps = Sleeps()
    assert await discord_send.send(target, content="x", sleep=sleeps) == "message 3"
    assert sleeps == [3.0, 1.0]


async def test_without_attach_files_the_text_is_posted_alone(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING)
    target = Target(http_error(403, code=50013))
    message = await discord_send.send(target, content="Frodo moves", file=board(), sleep=Sleeps())
    assert message == "message 2"
    assert "file" in target.calls[0] and "file" not in target.calls[1]
    assert target.calls[1]["content"] == "Frodo moves"
    assert "posting text only" in caplog.text


async def test_the_text_alone_is_retried_too_and_a_forbidden_text_is_raised() -> None:
    target = Target(http_error(403), http_error(503))
    sleeps = Sleeps()
    assert await discord_send.send(target, content="x", file=board(), sleep=sleeps) == "message 3"
    assert sleeps == [0.5] and [("file" in c) for c in target.calls] == [True, False, False]
    refused = Target(http_error(403), http_error(403))
    with pytest.raises(discord.Forbidden):
        await discord_send.send(refused, content="x", file=board(), sleep=Sleeps())
    with pytest.raises(discord.Forbidden):
        await discord_send.send(Target(http_error(403)), content="no image", sleep=Sleeps())


async def test_watch_blocks_nest_and_see_failures_of_inner_sends() -> None:
    with discord_send.watch() as outer:
        with discord_send.watch() as inner, pytest.raises(PostFailed):
            await discord_send.send(Target(http_error(500)), content="x", delays=(), sleep=Sleeps())
        assert discord_send.gave_up() and len(outer) == len(inner) == 1
    assert discord_send.describe(outer[0]) == "HTTP 500 (code 0)"
