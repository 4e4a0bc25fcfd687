"""Shards from the configuration: ``SHARD_COUNT`` and ``SHARD_IDS`` make an AutoShardedBot of
those shards; unset, the bot is today's single connection; mistakes are said in one line."""

from __future__ import annotations

import asyncio

import pytest
from discord.ext import commands

from bot.app import IDENTIFY_INTERVAL, PalantirBot, ShardedPalantirBot, make_bot
from bot.config import ConfigError, load_config


def config(**env: str) -> dict[str, str]:
    return {"DISCORD_TOKEN": "t", **env}


def test_without_shard_settings_the_bot_is_one_unsharded_connection() -> None:
    settings = load_config(config(), dotenv=False)
    assert (settings.shard_count, settings.shard_ids) == (None, None)
    bot = make_bot(settings)
    assert type(bot) is PalantirBot and not isinstance(bot, commands.AutoShardedBot)


@pytest.mark.parametrize(
    ("count", "ids", "expected"),
    [("4", "2,3", (2, 3)), ("4", "0-1", (0, 1)), ("3", "", (0, 1, 2)), ("8", " 0, 4-5 ,7", (0, 4, 5, 7))],
)
def test_a_process_runs_the_shards_it_is_given(count: str, ids: str, expected: tuple[int, ...]) -> None:
    settings = load_config(config(SHARD_COUNT=count, SHARD_IDS=ids), dotenv=False)
    assert (settings.shard_count, settings.shard_ids) == (int(count), expected)
    bot = make_bot(settings)
    assert isinstance(bot, ShardedPalantirBot) and isinstance(bot, commands.AutoShardedBot)
    assert (bot.shard_count, bot.shard_ids) == (int(count), list(expected))


@pytest.mark.parametrize(
    ("env", "said"),
    [
        ({"SHARD_IDS": "0,1"}, "SHARD_IDS needs SHARD_COUNT"),
        ({"SHARD_COUNT": "two"}, "SHARD_COUNT must be a whole number"),
        ({"SHARD_COUNT": "0"}, "SHARD_COUNT must be between 1"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "1,2"}, "SHARD_IDS must be between 0 and 1"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "zero"}, "SHARD_IDS must list shard numbers"),
    ],
)
def test_shard_mistakes_are_said_in_one_line(env: dict[str, str], said: str) -> None:
    with pytest.raises(ConfigError, match=said):
        load_config(config(**env), dotenv=False)


async def test_shards_identify_at_once_in_different_buckets_and_5_s_apart_in_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Discord's limit: one IDENTIFY per 5 seconds per bucket (``shard_id % max_concurrency``)."""
    bot = make_bot(load_config(config(SHARD_COUNT="4"), dotenv=False))
    assert isinstance(bot, ShardedPalantirBot)
    waits: list[float] = []

    async def sleep(seconds: float) -> None:
        waits.append(seconds)

    monkeypatch.setattr(asyncio, "sleep", sleep)
    bot.max_concurrency = 2
    for shard in (0, 1):
        await bot.before_identify_hook(shard, initial=shard == 0)
    assert waits == [], "shards 0 and 1 are in different buckets"
    await bot.before_identify_hook(2)  # bucket 0 again, at once
    assert len(waits) == 1 and 0 < waits[0] <= IDENTIFY_INTERVAL
