"""Application commands are synced only when their definitions change."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import discord

from bot.app import PalantirBot, command_hash
from bot.cogs.game import GameCog
from bot.cogs.per_game import PerGameCog
from bot.config import Config
from bot.storage import Store


async def make_bot(db: Path, dev_guild: int | None = None) -> tuple[PalantirBot, list[Any]]:
    bot = PalantirBot(Config(token="t", db_path=db, dev_guild=dev_guild))
    bot.store = await Store.open(db)
    await bot.add_cog(GameCog(bot))
    await bot.add_cog(PerGameCog(bot))
    calls: list[Any] = []

    async def fake_sync(*, guild: Any = None) -> list[Any]:
        calls.append(guild)
        return []

    bot.tree.sync = fake_sync  # type: ignore[method-assign]
    return bot, calls


async def test_sync_happens_once_per_definition_and_target(db_path: Path) -> None:
    bot, calls = await make_bot(db_path)
    await bot.sync_commands()
    await bot.sync_commands()
    assert calls == [None]
    await bot.store.close()

    again, calls = await make_bot(db_path)
    await again.sync_commands()
    assert calls == []  # same definitions after a restart
    again.tree.remove_command("hand")
    await again.sync_commands()
    assert calls == [None]  # a changed tree is synced
    await again.store.close()

    dev, calls = await make_bot(db_path, dev_guild=77)
    await dev.sync_commands()
    assert [g.id for g in calls] == [77]
    await dev.store.close()


async def test_tree_has_the_commands_players_need(db_path: Path) -> None:
    bot, _ = await make_bot(db_path)
    try:
        names = {c.qualified_name for c in bot.tree.walk_commands()}
        for needed in ("game new", "game join", "game act", "game status", "game board", "game log",
                       "game undo", "game resign", "game list", "hand", "confrontation move",
                       "confrontation new", "pebbles new"):  # fmt: skip
            assert needed in names
        new = next(c for c in bot.tree.walk_commands() if c.qualified_name == "game new")
        options = {p.display_name for p in new.parameters}  # type: ignore[union-attr]
        assert {"game", "side", "variant", "specials", "pile"} <= options
        assert len(await command_hash(bot.tree, None)) == 64
    finally:
        await bot.store.close()


async def test_a_refused_sync_is_retried_at_the_next_start(db_path: Path) -> None:
    bot, _ = await make_bot(db_path)

    class Refused:
        status, reason = 400, "Bad Request"

    async def refuse(*, guild: Any = None) -> list[Any]:
        raise discord.HTTPException(Refused(), {"code": 50035, "message": "Invalid Form Body"})  # type: ignore[arg-type]

    bot.tree.sync = refuse  # type: ignore[method-assign]
    await bot.sync_commands()  # logged, not raised
    assert await bot.store.get_meta("command_hash:global") is None
    await bot.store.close()
