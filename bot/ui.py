"""Buttons on public messages: restart-proof ``DynamicItem``s whose custom ids hold only ids.

Custom ids: ``palantir:<purpose>:<match id>[:<version>[:<menu>]]``. On the public "Take my turn"
button ``version`` is the match's log counter; on a player's own menus and Undo button it is
that player's *prompt version* (when his legal actions last changed), so a click on an old
prompt is recognised as stale while, in a simultaneous decision, the other player's move does
not spoil a menu that is still valid. A player's menus and buttons are in :mod:`bot.menus`;
what all components share is in :mod:`bot.components`. Nothing secret ever goes into a custom id.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import ui

from .components import MAX_ID, Clickable, button, numbers
from .computers.buttons import COMPUTER_ITEMS, AddComputerButton
from .i18n import SOURCE, t
from .menus import MENU_ITEMS, UndoButton

if TYPE_CHECKING:
    from .controller import Controller

__all__ = [
    "DYNAMIC_ITEMS",
    "MAX_ID",
    "HandButton",
    "JoinButton",
    "MyTurnButton",
    "RematchButton",
    "UndoButton",
    "numbers",
]


class JoinButton(Clickable, ui.DynamicItem[ui.Button[Any]], template=r"palantir:join:(?P<match>\d+)"):
    """The lobby's Join button."""

    def __init__(self, match_id: int, *, locale: str = SOURCE) -> None:
        self.match_id = match_id
        super().__init__(button(t(locale, "Join"), discord.ButtonStyle.success, f"palantir:join:{match_id}"))

    async def clicked(self, interaction: discord.Interaction[Any], controller: Controller) -> None:
        await controller.join(interaction, self.match_id)


class MyTurnButton(
    Clickable, ui.DynamicItem[ui.Button[Any]], template=r"palantir:myturn:(?P<match>\d+):(?P<step>\d+)"
):
    """ "Take my turn" on a thread prompt: the clicking player's private prompt, ephemerally.
    ``step`` is the public step of the post (never an entry counter: that would count hidden
    actions); the post itself tells whether the button is out of date."""

    ID_NAMES = ("match", "step")

    def __init__(self, match_id: int, step: int, *, locale: str = SOURCE) -> None:
        self.match_id, self.step = match_id, step
        super().__init__(
            button(
                t(locale, "Take my turn"), discord.ButtonStyle.primary, f"palantir:myturn:{match_id}:{step}"
            )
        )

    async def clicked(self, interaction: discord.Interaction[Any], controller: Controller) -> None:
        posted = interaction.message.id if interaction.message is not None else None
        await controller.show_private(interaction, self.match_id, on_prompt=posted)


class HandButton(Clickable, ui.DynamicItem[ui.Button[Any]], template=r"palantir:hand:(?P<match>\d+)"):
    """ "My hand": the private view and actions now (never stale)."""

    def __init__(self, match_id: int, *, locale: str = SOURCE) -> None:
        self.match_id = match_id
        super().__init__(
            button(t(locale, "My hand"), discord.ButtonStyle.secondary, f"palantir:hand:{match_id}")
        )

    async def clicked(self, interaction: discord.Interaction[Any], controller: Controller) -> None:
        await controller.show_private(interaction, self.match_id)


class RematchButton(Clickable, ui.DynamicItem[ui.Button[Any]], template=r"palantir:rematch:(?P<match>\d+)"):
    """ "Rematch" on a finished match's last post: the same players and options, sides swapped."""

    def __init__(self, match_id: int, *, locale: str = SOURCE) -> None:
        self.match_id = match_id
        super().__init__(
            button(t(locale, "Rematch"), discord.ButtonStyle.success, f"palantir:rematch:{match_id}")
        )

    async def clicked(self, interaction: discord.Interaction[Any], controller: Controller) -> None:
        await controller.rematch(interaction, self.match_id)


DYNAMIC_ITEMS: tuple[type[ui.DynamicItem[Any]], ...] = (
    JoinButton,
    MyTurnButton,
    HandButton,
    RematchButton,
    *MENU_ITEMS,
    *COMPUTER_ITEMS,
)


def rematch_view(match_id: int, locale: str = SOURCE) -> ui.View:
    view = ui.View(timeout=None)
    view.add_item(RematchButton(match_id, locale=locale))
    return view


def lobby_view(match_id: int, *, computer: bool = False, locale: str = SOURCE) -> ui.View:
    """Join, and "Add a computer player" where the game has computer players (in the match's
    language ``locale``)."""
    view = ui.View(timeout=None)
    view.add_item(JoinButton(match_id, locale=locale))
    if computer:
        view.add_item(AddComputerButton(match_id, locale=locale))
    return view


def prompt_view(match_id: int, step: int, locale: str = SOURCE) -> ui.View:
    view = ui.View(timeout=None)
    view.add_item(MyTurnButton(match_id, step, locale=locale))
    view.add_item(HandButton(match_id, locale=locale))
    return view


def hand_view(match_id: int, locale: str = SOURCE) -> ui.View:
    view = ui.View(timeout=None)
    view.add_item(HandButton(match_id, locale=locale))
    return view
