"""Buttons and select menus: restart-proof ``DynamicItem``s whose custom ids hold only ids.

Custom ids: ``palantir:<purpose>:<match id>[:<version>[:<menu>]]``. On the public "Take my turn"
button ``version`` is the match's log counter; on a player's own menus and Undo button it is
that player's *prompt version* (when his legal actions last changed), so a click on an old
prompt is recognised as stale while, in a simultaneous decision, the other player's move does
not spoil a menu that is still valid. A player's menus and buttons are in :mod:`bot.menus`.
Nothing secret ever goes into a custom id.
"""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING, Any, Protocol, cast

import discord
from discord import ui

from .menus import MENU_ITEMS

if TYPE_CHECKING:
    from .controller import Controller

log = logging.getLogger(__name__)

MAX_MENUS = 5  # a message holds five rows of components
#: Numbers in custom ids at or above this are forged (snowflakes, match ids and versions stay
#: far below; SQLite's integers end at 2**63, where a forged id would fail loudly).
MAX_ID = 2**53
FORGED = "This button is not valid."


class HasController(Protocol):
    controller: Controller


def controller_of(interaction: discord.Interaction[Any]) -> Controller:
    return cast(HasController, interaction.client).controller


def numbers(match: re.Match[str], *names: str) -> tuple[int, ...] | None:
    """The numbers of a custom id, or ``None`` if one is out of any real range (a forged id).

    >>> numbers(re.fullmatch(r"(?P<m>\\d+):(?P<v>\\d+)", "12:3"), "m", "v")
    (12, 3)
    >>> numbers(re.fullmatch(r"(?P<m>\\d+)", "9" * 23), "m") is None
    True
    """
    values = tuple(int(match[name]) for name in names)
    return values if all(0 <= value < MAX_ID for value in values) else None


async def refuse_forged(interaction: discord.Interaction[Any]) -> None:
    """A short ephemeral refusal for a forged custom id (logged at DEBUG only)."""
    log.debug("refused a forged custom id")
    await controller_of(interaction).refuse(interaction, FORGED)


class JoinButton(ui.DynamicItem[ui.Button[Any]], template=r"palantir:join:(?P<match>\d+)"):
    """The lobby's Join button."""

    #: Set by ``from_custom_id`` when the id was forged: the click is refused.
    forged = False

    def __init__(self, match_id: int) -> None:
        self.match_id = match_id
        super().__init__(
            ui.Button(label="Join", style=discord.ButtonStyle.success, custom_id=f"palantir:join:{match_id}")
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: ui.Item[Any], match: re.Match[str], /
    ) -> JoinButton:
        found = numbers(match, "match")
        item = cls(*(found or (0,)))
        item.forged = found is None
        return item

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        if self.forged:
            await refuse_forged(interaction)
            return
        await controller_of(interaction).join(interaction, self.match_id)


class MyTurnButton(
    ui.DynamicItem[ui.Button[Any]], template=r"palantir:myturn:(?P<match>\d+):(?P<version>\d+)"
):
    """ "Take my turn" on a thread prompt: the clicking player's private prompt, ephemerally."""

    #: Set by ``from_custom_id`` when the id was forged: the click is refused.
    forged = False

    def __init__(self, match_id: int, version: int) -> None:
        self.match_id, self.version = match_id, version
        super().__init__(
            ui.Button(
                label="Take my turn",
                style=discord.ButtonStyle.primary,
                custom_id=f"palantir:myturn:{match_id}:{version}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: ui.Item[Any], match: re.Match[str], /
    ) -> MyTurnButton:
        found = numbers(match, "match", "version")
        item = cls(*(found or (0, 0)))
        item.forged = found is None
        return item

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        if self.forged:
            await refuse_forged(interaction)
            return
        await controller_of(interaction).show_private(
            interaction, self.match_id, expected_version=self.version
        )


class HandButton(ui.DynamicItem[ui.Button[Any]], template=r"palantir:hand:(?P<match>\d+)"):
    """ "My hand": the private view and actions now (never stale)."""

    #: Set by ``from_custom_id`` when the id was forged: the click is refused.
    forged = False

    def __init__(self, match_id: int) -> None:
        self.match_id = match_id
        super().__init__(
            ui.Button(
                label="My hand", style=discord.ButtonStyle.secondary, custom_id=f"palantir:hand:{match_id}"
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: ui.Item[Any], match: re.Match[str], /
    ) -> HandButton:
        found = numbers(match, "match")
        item = cls(*(found or (0,)))
        item.forged = found is None
        return item

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        if self.forged:
            await refuse_forged(interaction)
            return
        await controller_of(interaction).show_private(interaction, self.match_id)


class UndoButton(ui.DynamicItem[ui.Button[Any]], template=r"palantir:undo:(?P<match>\d+):(?P<version>\d+)"):
    """Take back my last action (only offered when the undo policy allows it)."""

    #: Set by ``from_custom_id`` when the id was forged: the click is refused.
    forged = False

    def __init__(self, match_id: int, version: int) -> None:
        self.match_id, self.version = match_id, version
        super().__init__(
            ui.Button(
                label="Undo",
                style=discord.ButtonStyle.danger,
                custom_id=f"palantir:undo:{match_id}:{version}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: ui.Item[Any], match: re.Match[str], /
    ) -> UndoButton:
        found = numbers(match, "match", "version")
        item = cls(*(found or (0, 0)))
        item.forged = found is None
        return item

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        if self.forged:
            await refuse_forged(interaction)
            return
        await controller_of(interaction).undo(interaction, self.match_id, expected_prompt=self.version)


DYNAMIC_ITEMS: tuple[type[ui.DynamicItem[Any]], ...] = (
    JoinButton,
    MyTurnButton,
    HandButton,
    UndoButton,
    *MENU_ITEMS,
)


def lobby_view(match_id: int) -> ui.View:
    view = ui.View(timeout=None)
    view.add_item(JoinButton(match_id))
    return view


def prompt_view(match_id: int, version: int) -> ui.View:
    view = ui.View(timeout=None)
    view.add_item(MyTurnButton(match_id, version))
    view.add_item(HandButton(match_id))
    return view


def hand_view(match_id: int) -> ui.View:
    view = ui.View(timeout=None)
    view.add_item(HandButton(match_id))
    return view
