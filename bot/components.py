"""What every button and menu shares: ids parsed once, forged ids refused, the controller found.

A component is a restart-proof ``discord.ui.DynamicItem`` whose custom id holds only numbers
(match id, version, index). ``Clickable`` parses them by the names in ``ID_NAMES``; a number
out of any real range marks the item *forged*, and its click gets a short refusal that reaches
nothing else. Subclasses say what a real click does in ``clicked``.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, Self, cast

import discord
from discord import ui

from .i18n import msg

if TYPE_CHECKING:
    from .controller import Controller

log = logging.getLogger(__name__)

#: Numbers in custom ids at or above this are forged (snowflakes, match ids and versions stay
#: far below; SQLite's integers end at 2**63, where a forged id would fail loudly).
MAX_ID = 2**53
FORGED = msg("This button is not valid.")


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


class Clickable:
    """Mixin for a ``DynamicItem``: build from the id's numbers, refuse forged clicks.

    Put it before ``ui.DynamicItem`` in the bases; ``__init__`` takes the numbers of
    ``ID_NAMES`` in order (further parameters need defaults).
    """

    ID_NAMES: ClassVar[tuple[str, ...]] = ("match",)
    #: Set by ``from_custom_id`` when the id was forged: the click is refused.
    forged = False

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        found = numbers(match, *cls.ID_NAMES)
        built = cast(Callable[..., Self], cls)(*(found or (0,) * len(cls.ID_NAMES)))
        built.forged = found is None
        return built

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        if self.forged:
            await refuse_forged(interaction)
            return
        await self.clicked(interaction, controller_of(interaction))

    async def clicked(self, interaction: discord.Interaction[Any], controller: Controller) -> None:
        raise NotImplementedError


def disabled_copy(message: discord.Message | None) -> ui.View | None:
    """The buttons and menus of ``message``, all disabled (``None``: it has none). The view is
    stopped: nothing is registered for it, its items are never clicked."""
    if message is None or not message.components:
        return None
    view = ui.View.from_message(message, timeout=None)
    for item in view.children:
        if isinstance(item, ui.Button | ui.Select):
            item.disabled = True
    view.stop()
    return view


async def freeze(interaction: discord.Interaction[Any]) -> None:
    """The first answer to a click on a message made for one choice (a confirmation, a count, a
    long list's second step): its buttons and menus disabled at once, in the same answer
    (an UPDATE_MESSAGE), so that it cannot be clicked again while the choice is being made."""
    if interaction.response.is_done():
        return  # frozen already (a handler that answers before it reads the match)
    view = disabled_copy(interaction.message)
    try:
        if view is not None:
            await interaction.response.edit_message(view=view)
            return
    except discord.HTTPException as exc:
        log.debug("could not disable a one-shot message: %s", exc.status)
    if not interaction.response.is_done():
        await interaction.response.defer()


def button(label: str, style: discord.ButtonStyle, custom_id: str) -> ui.Button[Any]:
    return ui.Button(label=label, style=style, custom_id=custom_id)


def menu(custom_id: str, placeholder: str, options: Sequence[discord.SelectOption]) -> ui.Select[Any]:
    """A one-choice menu (a placeholder option keeps a menu rebuilt from its id valid)."""
    return ui.Select(
        custom_id=custom_id,
        placeholder=placeholder,
        options=list(options) or [discord.SelectOption(label="…", value="0")],
        min_values=1,
        max_values=1,
    )


def chosen_number(select: ui.Select[Any]) -> int | None:
    """The number a menu's chosen value stands for, or ``None`` when it is not a real one."""
    try:
        number = int(select.values[0])
    except (IndexError, ValueError):
        return None
    return number if 0 <= number < MAX_ID else None
