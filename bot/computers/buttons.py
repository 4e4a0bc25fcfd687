"""The lobby's "Add a computer player" button and its level buttons (restart-proof ids)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import ui

from games.computer_players import LEVELS

from ..components import FORGED, Clickable, button
from ..i18n import SOURCE, t
from .identity import level_name

if TYPE_CHECKING:
    from ..controller import Controller


class AddComputerButton(
    Clickable, ui.DynamicItem[ui.Button[Any]], template=r"palantir:computer:(?P<match>\d+)"
):
    """On a lobby: offers the game's computer levels to the lobby's creator."""

    def __init__(self, match_id: int, *, locale: str = SOURCE) -> None:
        self.match_id = match_id
        super().__init__(
            button(
                t(locale, "Add a computer player"),
                discord.ButtonStyle.secondary,
                f"palantir:computer:{match_id}",
            )
        )

    async def clicked(self, interaction: discord.Interaction[Any], controller: Controller) -> None:
        await controller.offer_levels(interaction, self.match_id)


class ComputerLevelButton(
    Clickable, ui.DynamicItem[ui.Button[Any]], template=r"palantir:computer:(?P<match>\d+):(?P<level>\d+)"
):
    """One level of computer player: seats it in the lobby."""

    ID_NAMES = ("match", "level")

    def __init__(self, match_id: int, level: int, *, locale: str = SOURCE) -> None:
        self.match_id, self.level = match_id, level
        name = level_name(LEVELS[level], locale) if level < len(LEVELS) else "?"
        super().__init__(button(name, discord.ButtonStyle.primary, f"palantir:computer:{match_id}:{level}"))

    async def clicked(self, interaction: discord.Interaction[Any], controller: Controller) -> None:
        if self.level >= len(LEVELS):
            await controller.refuse(interaction, FORGED)
            return
        await controller.add_computer(interaction, self.match_id, LEVELS[self.level], one_shot=True)


def levels_view(match_id: int, offered: tuple[str, ...], locale: str = SOURCE) -> ui.View:
    view = ui.View(timeout=None)
    for name in offered:
        view.add_item(ComputerLevelButton(match_id, LEVELS.index(name), locale=locale))
    return view


class ZombieButton(
    Clickable, ui.DynamicItem[ui.Button[Any]], template=r"palantir:zombie:(?P<match>\d+):(?P<agree>\d+)"
):
    """A vote on a computer playing on for a player who left: yes (1) or no (0)."""

    ID_NAMES = ("match", "agree")

    def __init__(self, match_id: int, agree: int, *, locale: str = SOURCE) -> None:
        self.match_id, self.agree = match_id, agree
        label, style = (
            (t(locale, "🤖 Yes, a computer plays on"), discord.ButtonStyle.success)
            if agree
            else (t(locale, "No"), discord.ButtonStyle.secondary)
        )
        super().__init__(button(label, style, f"palantir:zombie:{match_id}:{1 if agree else 0}"))

    async def clicked(self, interaction: discord.Interaction[Any], controller: Controller) -> None:
        await controller.zombie_vote(interaction, self.match_id, agree=bool(self.agree))


def zombie_view(match_id: int, locale: str = SOURCE) -> ui.View:
    view = ui.View(timeout=None)
    view.add_item(ZombieButton(match_id, 1, locale=locale))
    view.add_item(ZombieButton(match_id, 0, locale=locale))
    return view


COMPUTER_ITEMS: tuple[type[ui.DynamicItem[Any]], ...] = (AddComputerButton, ComputerLevelButton, ZombieButton)
