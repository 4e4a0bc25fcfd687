"""Buttons and select menus: restart-proof ``DynamicItem``s whose custom ids hold only ids.

Custom ids: ``palantir:<purpose>:<match id>[:<version>[:<menu>]]``. On the public "Take my turn"
button ``version`` is the match's log counter; on a player's own menus and Undo button it is
that player's *prompt version* (when his legal actions last changed), so a click on an old
prompt is recognised as stale while, in a simultaneous decision, the other player's move does
not spoil a menu that is still valid. Select values are indices into the player's legal actions.
Nothing secret ever goes into a custom id.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol, cast

import discord
from discord import ui

from games.core import Action

from .choices import chunks, truncate

if TYPE_CHECKING:
    from .controller import Controller

log = logging.getLogger(__name__)

MAX_MENUS = 5  # a message holds five rows of components


class HasController(Protocol):
    controller: Controller


def controller_of(interaction: discord.Interaction[Any]) -> Controller:
    return cast(HasController, interaction.client).controller


class JoinButton(ui.DynamicItem[ui.Button[Any]], template=r"palantir:join:(?P<match>\d+)"):
    """The lobby's Join button."""

    def __init__(self, match_id: int) -> None:
        self.match_id = match_id
        super().__init__(
            ui.Button(label="Join", style=discord.ButtonStyle.success, custom_id=f"palantir:join:{match_id}")
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: ui.Item[Any], match: re.Match[str], /
    ) -> JoinButton:
        return cls(int(match["match"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await controller_of(interaction).join(interaction, self.match_id)


class MyTurnButton(
    ui.DynamicItem[ui.Button[Any]], template=r"palantir:myturn:(?P<match>\d+):(?P<version>\d+)"
):
    """ "Take my turn" on a thread prompt: the clicking player's private prompt, ephemerally."""

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
        return cls(int(match["match"]), int(match["version"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await controller_of(interaction).show_private(
            interaction, self.match_id, expected_version=self.version
        )


class HandButton(ui.DynamicItem[ui.Button[Any]], template=r"palantir:hand:(?P<match>\d+)"):
    """ "My hand": the private view and actions now (never stale)."""

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
        return cls(int(match["match"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await controller_of(interaction).show_private(interaction, self.match_id)


class UndoButton(ui.DynamicItem[ui.Button[Any]], template=r"palantir:undo:(?P<match>\d+):(?P<version>\d+)"):
    """Take back my last action (only offered when the undo policy allows it)."""

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
        return cls(int(match["match"]), int(match["version"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await controller_of(interaction).undo(interaction, self.match_id, expected_prompt=self.version)


class ActionSelect(
    ui.DynamicItem[ui.Select[Any]],
    template=r"palantir:pick:(?P<match>\d+):(?P<version>\d+):(?P<chunk>\d+)",
):
    """A menu of legal actions; each value is an index into the player's legal actions."""

    def __init__(
        self, match_id: int, version: int, chunk: int, options: Sequence[discord.SelectOption] = ()
    ) -> None:
        self.match_id, self.version, self.chunk = match_id, version, chunk
        shown = list(options) or [discord.SelectOption(label="…", value="0")]
        super().__init__(
            ui.Select(
                custom_id=f"palantir:pick:{match_id}:{version}:{chunk}",
                placeholder="Choose your action…" if chunk == 0 else "More actions…",
                options=shown,
                min_values=1,
                max_values=1,
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: ui.Item[Any], match: re.Match[str], /
    ) -> ActionSelect:
        return cls(int(match["match"]), int(match["version"]), int(match["chunk"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        values = self.item.values
        try:
            index = int(values[0])
        except (IndexError, ValueError):
            await controller_of(interaction).refuse(interaction, "I could not read that choice; try again.")
            return
        await controller_of(interaction).pick(interaction, self.match_id, self.version, index)


DYNAMIC_ITEMS: tuple[type[ui.DynamicItem[Any]], ...] = (
    JoinButton,
    MyTurnButton,
    HandButton,
    UndoButton,
    ActionSelect,
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


def actions_view(
    match_id: int, version: int, legal: Sequence[tuple[Action, str]], *, undo: bool
) -> ui.View | None:
    """Select menus (25 actions each, up to five rows) plus an Undo button when allowed.

    ``version`` is the player's prompt version (``LiveMatch.prompt_version``).
    """
    view = ui.View(timeout=None)
    menus = chunks(list(range(len(legal))))[: MAX_MENUS - 1 if undo else MAX_MENUS]
    for number, indices in enumerate(menus):
        options = [
            discord.SelectOption(
                label=truncate(legal[i][1]), value=str(i), description=truncate(legal[i][0].text)
            )
            for i in indices
        ]
        view.add_item(ActionSelect(match_id, version, number, options))
    if undo:
        view.add_item(UndoButton(match_id, version))
    return view if view.children else None
