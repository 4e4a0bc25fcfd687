"""A player's private choices as Discord components, built from the structured prompt.

Small decisions are buttons and one menu; a long list is split into two small steps (first
the piece or card, then where or how: the actions grouped by verb and first argument), so no
list is ever cut. Actions with no argument ("Place the rest at random", "Confirm set-up") are
buttons. Options are shown in words with their effect as the description, never as notation.

Custom ids (restart-proof ``DynamicItem``s; only ids and versions, never game data):
``palantir:do:<match>:<prompt>:<action>`` a button for one action; ``palantir:group:<match>:
<prompt>:<menu>`` a menu of groups (its values are group numbers); ``palantir:confirm:<match>:
<prompt>:<action>`` and ``palantir:cancel:<match>`` confirm an action that cannot be undone;
``palantir:resign:<match>:<prompt>`` confirms a resignation. ``prompt`` is the player's prompt
version (``LiveMatch.prompt_version``); ``action`` an index into his legal actions.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

import discord
from discord import ui

from .choices import MAX_CHOICES, Choice, truncate

if TYPE_CHECKING:
    from .controller import Controller

log = logging.getLogger(__name__)

MAX_ROWS = 5
#: The menu number of a long list's second step (one group's actions).
SECOND_STEP = 9
MAX_BUTTONS = 4
#: Numbers in custom ids above this are forged (Discord snowflakes and versions stay far below).
MAX_ID = 2**53


@dataclass(frozen=True, slots=True)
class Group:
    """Actions sharing a verb and first argument ("Place Frodo…"), chosen in a second step."""

    label: str
    choices: tuple[Choice, ...]


def parse_ids(match: re.Match[str], *names: str) -> tuple[bool, tuple[int, ...]]:
    """``(forged, numbers)`` of a custom id: numbers out of any real range are forged (zeros)."""
    values = tuple(int(match[name]) for name in names)
    if all(0 <= v < MAX_ID for v in values):
        return False, values
    return True, tuple(0 for _ in names)


ItemT = TypeVar("ItemT")


def _built(item: ItemT, forged: bool) -> ItemT:
    item.forged = forged  # type: ignore[attr-defined]
    return item


def controller_of(interaction: discord.Interaction[Any]) -> Controller:
    controller: Controller = interaction.client.controller
    return controller


async def refuse_forged(interaction: discord.Interaction[Any]) -> None:
    await controller_of(interaction).refuse(interaction, "This button is not valid.")


def groups(choices: Sequence[Choice], group_label: Any) -> list[Group]:
    """The choices grouped by verb and first argument, in order of first appearance.

    ``group_label(action)`` names a group from its first action ("Place Frodo…").
    """
    found: dict[tuple[str, str | None], list[Choice]] = {}
    for choice in choices:
        key = (choice.action.verb, choice.action.args[0] if choice.action.args else None)
        found.setdefault(key, []).append(choice)
    return [
        Group(group_label(members[0].action) if len(members) > 1 else members[0].label, tuple(members))
        for members in found.values()
    ]


def _option(choice: Choice) -> discord.SelectOption:
    return discord.SelectOption(
        label=truncate(choice.label), value=str(choice.index), description=truncate(choice.effect) or None
    )


def private_view(
    match_id: int, version: int, choices: Sequence[Choice], group_label: Any, *, undo: bool
) -> ui.View | None:
    """Buttons for argument-free actions, then one menu, or menus of groups when it is long."""
    view = ui.View(timeout=None)
    buttons = [c for c in choices if not c.action.args][:MAX_BUTTONS]
    rest = [c for c in choices if c not in buttons]
    rows = MAX_ROWS - (1 if buttons or undo else 0)
    if len(rest) <= MAX_CHOICES:
        if rest:
            view.add_item(ActionMenu(match_id, version, 0, [_option(c) for c in rest]))
    else:
        menus = groups(rest, group_label)
        for number in range(min(rows, -(-len(menus) // MAX_CHOICES))):
            part = menus[number * MAX_CHOICES : (number + 1) * MAX_CHOICES]
            options = [
                discord.SelectOption(
                    label=truncate(g.label),
                    value=str(number * MAX_CHOICES + i),
                    description=truncate(g.choices[0].effect) or None,
                )
                for i, g in enumerate(part)
            ]
            view.add_item(GroupMenu(match_id, version, number, options))
    for choice in buttons:
        view.add_item(ActionButton(match_id, version, choice.index, choice.label))
    if undo:
        from .ui import UndoButton

        view.add_item(UndoButton(match_id, version))
    return view if view.children else None


def group_view(match_id: int, version: int, group: Group) -> ui.View:
    """The second step: the actions of one group."""
    view = ui.View(timeout=None)
    view.add_item(
        ActionMenu(match_id, version, SECOND_STEP, [_option(c) for c in group.choices[:MAX_CHOICES]])
    )
    return view


def confirm_view(match_id: int, version: int, index: int) -> ui.View:
    view = ui.View(timeout=None)
    view.add_item(ConfirmButton(match_id, version, index))
    view.add_item(CancelButton(match_id))
    return view


def resign_view(match_id: int, version: int) -> ui.View:
    view = ui.View(timeout=None)
    view.add_item(ResignButton(match_id, version))
    view.add_item(CancelButton(match_id))
    return view


class ActionMenu(
    ui.DynamicItem[ui.Select[Any]], template=r"palantir:pick:(?P<match>\d+):(?P<version>\d+):(?P<chunk>\d+)"
):
    """A menu of legal actions; each value is an index into the player's legal actions."""

    def __init__(
        self, match_id: int, version: int, chunk: int, options: Sequence[discord.SelectOption] = ()
    ) -> None:
        self.match_id, self.version, self.chunk = match_id, version, chunk
        super().__init__(
            ui.Select(
                custom_id=f"palantir:pick:{match_id}:{version}:{chunk}",
                placeholder="Choose…",
                options=list(options) or [discord.SelectOption(label="…", value="0")],
                min_values=1,
                max_values=1,
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: ui.Item[Any], match: re.Match[str], /
    ) -> ActionMenu:
        forged, (match_id, version, chunk) = parse_ids(match, "match", "version", "chunk")
        return _built(cls(match_id, version, chunk), forged)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        try:
            index = int(self.item.values[0])
        except (IndexError, ValueError):
            index = -1
        if getattr(self, "forged", False) or not 0 <= index < MAX_ID:
            await refuse_forged(interaction)
            return
        await controller_of(interaction).pick(
            interaction, self.match_id, self.version, index, one_shot=self.chunk == SECOND_STEP
        )


class GroupMenu(
    ui.DynamicItem[ui.Select[Any]], template=r"palantir:group:(?P<match>\d+):(?P<version>\d+):(?P<menu>\d+)"
):
    """First step of a long list: choose the piece (or card) before where or how."""

    def __init__(
        self, match_id: int, version: int, menu: int, options: Sequence[discord.SelectOption] = ()
    ) -> None:
        self.match_id, self.version, self.menu = match_id, version, menu
        super().__init__(
            ui.Select(
                custom_id=f"palantir:group:{match_id}:{version}:{menu}",
                placeholder="Choose…" if menu == 0 else "More…",
                options=list(options) or [discord.SelectOption(label="…", value="0")],
                min_values=1,
                max_values=1,
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: ui.Item[Any], match: re.Match[str], /
    ) -> GroupMenu:
        forged, (match_id, version, menu) = parse_ids(match, "match", "version", "menu")
        return _built(cls(match_id, version, menu), forged)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        try:
            number = int(self.item.values[0])
        except (IndexError, ValueError):
            number = -1
        if getattr(self, "forged", False) or not 0 <= number < MAX_ID:
            await refuse_forged(interaction)
            return
        await controller_of(interaction).pick_group(interaction, self.match_id, self.version, number)


class ActionButton(
    ui.DynamicItem[ui.Button[Any]], template=r"palantir:do:(?P<match>\d+):(?P<version>\d+):(?P<index>\d+)"
):
    """One action as a button (actions with no argument: "Confirm set-up")."""

    def __init__(self, match_id: int, version: int, index: int, label: str = "Go") -> None:
        self.match_id, self.version, self.index = match_id, version, index
        super().__init__(
            ui.Button(
                label=truncate(label, 80),
                style=discord.ButtonStyle.secondary,
                custom_id=f"palantir:do:{match_id}:{version}:{index}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: ui.Item[Any], match: re.Match[str], /
    ) -> ActionButton:
        forged, (match_id, version, index) = parse_ids(match, "match", "version", "index")
        return _built(cls(match_id, version, index), forged)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        if getattr(self, "forged", False):
            await refuse_forged(interaction)
            return
        await controller_of(interaction).pick(interaction, self.match_id, self.version, self.index)


class ConfirmButton(
    ui.DynamicItem[ui.Button[Any]],
    template=r"palantir:confirm:(?P<match>\d+):(?P<version>\d+):(?P<index>\d+)",
):
    """Yes: make the action that cannot be undone."""

    def __init__(self, match_id: int, version: int, index: int) -> None:
        self.match_id, self.version, self.index = match_id, version, index
        super().__init__(
            ui.Button(
                label="Confirm",
                style=discord.ButtonStyle.success,
                custom_id=f"palantir:confirm:{match_id}:{version}:{index}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: ui.Item[Any], match: re.Match[str], /
    ) -> ConfirmButton:
        forged, (match_id, version, index) = parse_ids(match, "match", "version", "index")
        return _built(cls(match_id, version, index), forged)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        if getattr(self, "forged", False):
            await refuse_forged(interaction)
            return
        await controller_of(interaction).pick(
            interaction, self.match_id, self.version, self.index, confirmed=True, one_shot=True
        )


class CancelButton(ui.DynamicItem[ui.Button[Any]], template=r"palantir:cancel:(?P<match>\d+)"):
    """No: nothing happens (the choice can be made again from the menu)."""

    def __init__(self, match_id: int) -> None:
        self.match_id = match_id
        super().__init__(
            ui.Button(
                label="Cancel", style=discord.ButtonStyle.secondary, custom_id=f"palantir:cancel:{match_id}"
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: ui.Item[Any], match: re.Match[str], /
    ) -> CancelButton:
        forged, (match_id,) = parse_ids(match, "match")
        return _built(cls(match_id), forged)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await controller_of(interaction).cancelled(interaction)  # harmless even when forged


class ResignButton(
    ui.DynamicItem[ui.Button[Any]], template=r"palantir:resign:(?P<match>\d+):(?P<version>\d+)"
):
    """Yes, I resign."""

    def __init__(self, match_id: int, version: int) -> None:
        self.match_id, self.version = match_id, version
        super().__init__(
            ui.Button(
                label="Resign",
                style=discord.ButtonStyle.danger,
                custom_id=f"palantir:resign:{match_id}:{version}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: ui.Item[Any], match: re.Match[str], /
    ) -> ResignButton:
        forged, (match_id, version) = parse_ids(match, "match", "version")
        return _built(cls(match_id, version), forged)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        if getattr(self, "forged", False):
            await refuse_forged(interaction)
            return
        await controller_of(interaction).resign_confirmed(interaction, self.match_id, self.version)


MENU_ITEMS: tuple[type[ui.DynamicItem[Any]], ...] = (
    ActionMenu,
    GroupMenu,
    ActionButton,
    ConfirmButton,
    CancelButton,
    ResignButton,
)
