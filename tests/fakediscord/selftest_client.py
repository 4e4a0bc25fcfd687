"""A tiny discord.py bot that exercises the fake, independently of Palantír's own bot.

Run as a subprocess by ``test_selftest.py`` (``python -m tests.fakediscord.selftest_client``)
with the same environment as the real bot. Importing this module has no side effects.
"""

from __future__ import annotations

import io
import logging
import os
import struct
import zlib
from typing import Any

import discord
import yarl
from discord import app_commands

log = logging.getLogger("selftest_client")


def tiny_png(shade: int) -> bytes:
    """A valid 2x2 grey PNG, made by hand so the client needs no Pillow."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    raw = b"".join(b"\x00" + bytes([shade, shade]) for _ in range(2))
    header = struct.pack(">IIBBBBB", 2, 2, 8, 0, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw))
        + chunk(b"IEND", b"")
    )


FRUITS = ["apple", "apricot", "banana", "cherry", "mango"]


class Counter(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=r"selftest:count:(?P<n>\d+)"
):
    """A restart-proof button whose custom_id carries its whole state (a count)."""

    def __init__(self, n: int) -> None:
        super().__init__(discord.ui.Button(label=f"Count {n}", custom_id=f"selftest:count:{n}"))
        self.n = n

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[discord.ui.View], match: object, /
    ) -> Counter:
        return cls(int(match["n"]))  # type: ignore[index]

    async def callback(self, interaction: discord.Interaction) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(Counter(self.n + 1))
        view.add_item(Flavour())
        await interaction.response.edit_message(content=f"count is {self.n + 1}", view=view)


class Flavour(discord.ui.DynamicItem[discord.ui.Select[discord.ui.View]], template=r"selftest:flavour"):
    def __init__(self) -> None:
        options = [discord.SelectOption(label=f.title(), value=f) for f in FRUITS]
        super().__init__(discord.ui.Select(custom_id="selftest:flavour", options=options))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[discord.ui.View], match: object, /
    ) -> Flavour:
        return cls()

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        data: dict[str, Any] = dict(interaction.data or {})
        values = [str(v) for v in data.get("values", [])]
        picked = ", ".join(values)
        await interaction.edit_original_response(content=f"you picked {picked}")


class Feedback(discord.ui.Modal, title="Feedback"):
    text: discord.ui.TextInput[Feedback] = discord.ui.TextInput(label="Your words", custom_id="words")

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"thanks for: {self.text.value}", ephemeral=True)


demo = app_commands.Group(name="demo", description="Self-test commands")


@demo.command(name="echo", description="Repeat text privately")
async def echo(interaction: discord.Interaction, text: str, times: app_commands.Range[int, 1, 3] = 1) -> None:
    await interaction.response.send_message(" ".join([text] * times), ephemeral=True)


@demo.command(name="pick", description="Pick a fruit (autocomplete) and get buttons")
async def pick(interaction: discord.Interaction, fruit: str) -> None:
    if fruit not in FRUITS:
        await interaction.response.send_message(f"`{fruit}` is not a fruit I know.", ephemeral=True)
        return
    view = discord.ui.View(timeout=None)
    view.add_item(Counter(0))
    view.add_item(Flavour())
    await interaction.response.send_message(f"you chose {fruit}", view=view)


@pick.autocomplete("fruit")
async def pick_fruit(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=f.title(), value=f) for f in FRUITS if f.startswith(current.lower())]


@demo.command(name="dm", description="Send yourself a DM")
async def dm(interaction: discord.Interaction) -> None:
    try:
        await interaction.user.send(
            "a private hello", file=discord.File(io.BytesIO(tiny_png(200)), "secret.png")
        )
    except discord.Forbidden as exc:
        await interaction.response.send_message(f"could not DM you (code {exc.code})", ephemeral=True)
        return
    await interaction.response.send_message("check your DMs", ephemeral=True)


@demo.command(name="board", description="Think, then post a board with a thread")
async def board(interaction: discord.Interaction) -> None:
    await interaction.response.defer(thinking=True)
    assert isinstance(interaction.channel, discord.TextChannel)
    board_message = await interaction.channel.send(
        "the board", file=discord.File(io.BytesIO(tiny_png(80)), "board.png")
    )
    thread = await board_message.create_thread(name="demo match")
    await thread.send("welcome to the thread", file=discord.File(io.BytesIO(tiny_png(120)), "thread.png"))
    await interaction.followup.send(
        f"posted in {thread.mention}", file=discord.File(io.BytesIO(tiny_png(60)), "small.png")
    )


@demo.command(name="feedback", description="Open a modal")
async def feedback(interaction: discord.Interaction) -> None:
    await interaction.response.send_modal(Feedback())


@demo.command(name="whereami", description="Say where the command was used")
async def whereami(interaction: discord.Interaction) -> None:
    channel = interaction.channel
    name = getattr(channel, "name", "?")
    kind = type(channel).__name__
    await interaction.response.send_message(f"{kind} {name}", ephemeral=True)


class SelfTestClient(discord.Client):
    def __init__(self) -> None:
        super().__init__(intents=discord.Intents.default())
        self.tree = app_commands.CommandTree(self)
        self.tree.add_command(demo)

    async def setup_hook(self) -> None:
        if os.environ.get("PALANTIR_API_BASE"):
            # discord.py's Client never asks /gateway/bot: point its default gateway at the fake.
            _, url, _ = await self.http.get_bot_gateway()
            discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(url)
        self.add_dynamic_items(Counter, Flavour)
        guild_id = os.environ.get("PALANTIR_DEV_GUILD")
        if guild_id:
            guild = discord.Object(int(guild_id))
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()

    async def on_ready(self) -> None:
        log.info("self-test client ready as %s", self.user)


def main() -> None:
    level = os.environ.get("PALANTIR_LOG_LEVEL", "INFO")
    api_base = os.environ.get("PALANTIR_API_BASE")
    if api_base:
        discord.http.Route.BASE = api_base
    client = SelfTestClient()
    client.run(os.environ["DISCORD_TOKEN"], log_level=getattr(logging, level), root_logger=True)


if __name__ == "__main__":
    main()
