"""A player's private choices as Discord components, built from the structured prompt.

Small decisions are buttons and one menu; a long list is split into two small steps (first
the piece or card, then where or how: the actions grouped by verb and first argument), so no
list is ever cut. Actions with no argument ("Place the rest at random", "Confirm set-up") are
buttons. Options are shown in words with their effect as the description, never as notation.

Custom ids (restart-proof ``DynamicItem``s; only ids and versions, never game data):
``palantir:do:<match>:<prompt>:<action>`` a button for one action; ``palantir:group:<match>:
<prompt>:<menu>`` a menu of groups (its values are group numbers); ``palantir:confirm:<match>:
<prompt>:<action>`` and ``palantir:cancel:<match>`` confirm an action that cannot be undone;
``palantir:count:<match>:<prompt>:<action>:<part>`` completes an action with a count (its
values are counts; ``part`` numbers a step's menus), ``palantir:typen:<match>:<prompt>:
<action>:<low>:<high>`` opens a form to type one, and ``palantir:confirmn:<match>:<prompt>:
<action>:<count>`` confirms one;
``palantir:resign:<match>:<step>`` confirms a resignation at the match's public step
(``texts.public_step``). ``prompt`` is the player's prompt number (``LiveMatch.prompt_version``:
it counts his own prompts, never others' hidden actions); ``action`` an index into his legal
actions.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

import discord
from discord import ui

from .choices import MAX_CHOICES, Choice, Shortcut, said_once, truncate
from .components import Clickable, button, chosen_number, controller_of, menu, refuse_forged
from .i18n import SOURCE, msg, t

if TYPE_CHECKING:
    from .controller import Controller

MAX_ROWS = 5
#: The menu number of a long list's second step (one group's actions).
SECOND_STEP = 9
MAX_BUTTONS = 4
#: No real count reaches this; a **Type a number** id beyond it is forged (and its form's
#: label would be too long for Discord).
MAX_TYPED_COUNT = 10**6


@dataclass(frozen=True, slots=True)
class Group:
    """Actions sharing a verb and first argument ("Place Frodo…"), chosen in a second step."""

    label: str
    choices: tuple[Choice, ...]


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


def _group_effect(group: Group) -> str:
    """What a group's actions do, when they all do the same (a character's ability), else ""."""
    effects = {choice.effect for choice in group.choices}
    return effects.pop() if len(effects) == 1 else ""


def _option(choice: Choice) -> discord.SelectOption:
    return discord.SelectOption(
        label=truncate(choice.label), value=str(choice.index), description=truncate(choice.effect) or None
    )


def private_view(
    match_id: int,
    version: int,
    choices: Sequence[Choice],
    group_label: Any,
    *,
    undo: bool,
    shortcuts: Sequence[Shortcut] = (),
    locale: str = SOURCE,
) -> ui.View | None:
    """Buttons for argument-free actions and for the common counts (``shortcuts``: "Move in
    all 7"), then one menu, or menus of groups when it is long. A short list
    ("Roll 3 dice", "Roll 2 dice", "Roll 1 die", "Stop") is all buttons: one click each."""
    view = ui.View(timeout=None)
    if not shortcuts and len(choices) <= MAX_BUTTONS:
        buttons = list(choices)
    else:
        buttons = [c for c in choices if not c.action.args][:MAX_BUTTONS]
    room = MAX_BUTTONS - len(buttons)
    if len(shortcuts) > room:  # then only "all" of each (the How many? step has the rest), or none
        shortcuts = [s for s in shortcuts if s.everything]
        shortcuts = shortcuts if len(shortcuts) <= room else []
    # A description every option shares is said once in the prompt's text instead.
    described = {c.index: c.effect for c in said_once(choices, every=True)[1]}
    rest = [replace(c, effect=described[c.index]) for c in choices if c not in buttons]
    rows = MAX_ROWS - (1 if buttons or undo else 0)
    if len(rest) <= MAX_CHOICES:
        if rest:
            view.add_item(ActionMenu(match_id, version, 0, [_option(c) for c in rest], locale=locale))
    else:
        menus = groups(rest, group_label)
        for number in range(min(rows, -(-len(menus) // MAX_CHOICES))):
            part = menus[number * MAX_CHOICES : (number + 1) * MAX_CHOICES]
            options = [
                discord.SelectOption(
                    label=truncate(g.label),
                    value=str(number * MAX_CHOICES + i),
                    description=truncate(_group_effect(g)) or None,
                )
                for i, g in enumerate(part)
            ]
            view.add_item(GroupMenu(match_id, version, number, options, locale=locale))
    for shortcut in shortcuts:
        view.add_item(CountButton(match_id, version, shortcut.index, shortcut.count, shortcut.label))
    for choice in buttons:
        view.add_item(ActionButton(match_id, version, choice.index, choice.label))
    if undo:
        view.add_item(UndoButton(match_id, version, locale=locale))
    return view if view.children else None


def group_view(match_id: int, version: int, group: Group, locale: str = SOURCE) -> ui.View:
    """The second step: the actions of one group (up to five menus of 25)."""
    view = ui.View(timeout=None)
    for number in range(min(MAX_ROWS, -(-len(group.choices) // MAX_CHOICES))):
        part = group.choices[number * MAX_CHOICES : (number + 1) * MAX_CHOICES]
        options = [_option(c) for c in part]
        view.add_item(ActionMenu(match_id, version, SECOND_STEP + number, options, locale=locale))
    return view


def count_view(
    match_id: int,
    version: int,
    index: int,
    counts: Sequence[tuple[int, str]],
    low: int,
    high: int,
    locale: str = SOURCE,
) -> ui.View:
    """The last step of a choice with a count ("Place in Rohan": how many?): ``(count, label)``
    in menus of 25 (every count of ``low..high`` up to 100 of them: "1–25", "26–30"), and a
    **Type a number** button when they do not fit one menu."""
    view = ui.View(timeout=None)
    parts = [counts[i : i + MAX_CHOICES] for i in range(0, len(counts), MAX_CHOICES)][: MAX_ROWS - 1]
    for part, listed in enumerate(parts):
        options = [discord.SelectOption(label=truncate(label), value=str(n)) for n, label in listed]
        heading = (
            t(locale, "How many? ({low}–{high})", low=listed[0][0], high=listed[-1][0])
            if len(parts) > 1
            else t(locale, "How many?")
        )
        view.add_item(CountMenu(match_id, version, index, part, options, heading))
    if high - low + 1 > MAX_CHOICES:
        view.add_item(TypeCountButton(match_id, version, index, low, high, locale=locale))
    return view


def confirm_view(
    match_id: int, version: int, index: int, count: int | None = None, locale: str = SOURCE
) -> ui.View:
    view = ui.View(timeout=None)
    if count is None:
        view.add_item(ConfirmButton(match_id, version, index, locale=locale))
    else:
        view.add_item(ConfirmCountButton(match_id, version, index, count, locale=locale))
    view.add_item(CancelButton(match_id, locale=locale))
    return view


def resign_view(match_id: int, step: int, locale: str = SOURCE) -> ui.View:
    """ "Resign" and "Cancel", for the match at public step ``step`` (see ``texts.public_step``)."""
    view = ui.View(timeout=None)
    view.add_item(ResignButton(match_id, step, locale=locale))
    view.add_item(CancelButton(match_id, locale=locale))
    return view


class ActionMenu(
    Clickable,
    ui.DynamicItem[ui.Select[Any]],
    template=r"palantir:pick:(?P<match>\d+):(?P<version>\d+):(?P<chunk>\d+)",
):
    """A menu of legal actions; each value is an index into the player's legal actions."""

    ID_NAMES = ("match", "version", "chunk")

    def __init__(
        self,
        match_id: int,
        version: int,
        chunk: int,
        options: Sequence[discord.SelectOption] = (),
        *,
        locale: str = SOURCE,
    ) -> None:
        self.match_id, self.version, self.chunk = match_id, version, chunk
        custom_id = f"palantir:pick:{match_id}:{version}:{chunk}"
        super().__init__(menu(custom_id, t(locale, "Choose…"), options))

    async def clicked(self, interaction: discord.Interaction[Any], controller: Controller) -> None:
        index = chosen_number(self.item)
        if index is None:
            await refuse_forged(interaction)
            return
        one_shot = self.chunk >= SECOND_STEP
        await controller.pick(interaction, self.match_id, self.version, index, one_shot=one_shot)


class GroupMenu(
    Clickable,
    ui.DynamicItem[ui.Select[Any]],
    template=r"palantir:group:(?P<match>\d+):(?P<version>\d+):(?P<menu>\d+)",
):
    """First step of a long list: choose the piece (or card) before where or how."""

    ID_NAMES = ("match", "version", "menu")

    def __init__(
        self,
        match_id: int,
        version: int,
        number: int,
        options: Sequence[discord.SelectOption] = (),
        *,
        locale: str = SOURCE,
    ) -> None:
        self.match_id, self.version, self.menu = match_id, version, number
        placeholder = t(locale, "Choose…") if number == 0 else t(locale, "More…")
        super().__init__(menu(f"palantir:group:{match_id}:{version}:{number}", placeholder, options))

    async def clicked(self, interaction: discord.Interaction[Any], controller: Controller) -> None:
        number = chosen_number(self.item)
        if number is None:
            await refuse_forged(interaction)
            return
        await controller.pick_group(interaction, self.match_id, self.version, number)


class ActionButton(
    Clickable,
    ui.DynamicItem[ui.Button[Any]],
    template=r"palantir:do:(?P<match>\d+):(?P<version>\d+):(?P<index>\d+)",
):
    """One action as a button (actions with no argument: "Confirm set-up")."""

    ID_NAMES = ("match", "version", "index")

    def __init__(self, match_id: int, version: int, index: int, label: str = "Go") -> None:
        self.match_id, self.version, self.index = match_id, version, index
        custom_id = f"palantir:do:{match_id}:{version}:{index}"
        super().__init__(button(truncate(label, 80), discord.ButtonStyle.secondary, custom_id))

    async def clicked(self, interaction: discord.Interaction[Any], controller: Controller) -> None:
        await controller.pick(interaction, self.match_id, self.version, self.index)


class CountButton(
    Clickable,
    ui.DynamicItem[ui.Button[Any]],
    template=r"palantir:don:(?P<match>\d+):(?P<version>\d+):(?P<index>\d+):(?P<count>\d+)",
):
    """A common count of a choice in one click ("Move in all 7", "Move in the fewest 3")."""

    ID_NAMES = ("match", "version", "index", "count")

    def __init__(self, match_id: int, version: int, index: int, count: int, label: str = "Go") -> None:
        self.match_id, self.version, self.index, self.count = match_id, version, index, count
        custom_id = f"palantir:don:{match_id}:{version}:{index}:{count}"
        super().__init__(button(truncate(label, 80), discord.ButtonStyle.primary, custom_id))

    async def clicked(self, interaction: discord.Interaction[Any], controller: Controller) -> None:
        await controller.pick(interaction, self.match_id, self.version, self.index, count=self.count)


class ConfirmButton(
    Clickable,
    ui.DynamicItem[ui.Button[Any]],
    template=r"palantir:confirm:(?P<match>\d+):(?P<version>\d+):(?P<index>\d+)",
):
    """Yes: make the action that cannot be undone."""

    ID_NAMES = ("match", "version", "index")

    def __init__(self, match_id: int, version: int, index: int, *, locale: str = SOURCE) -> None:
        self.match_id, self.version, self.index = match_id, version, index
        custom_id = f"palantir:confirm:{match_id}:{version}:{index}"
        super().__init__(button(t(locale, "Confirm"), discord.ButtonStyle.success, custom_id))

    async def clicked(self, interaction: discord.Interaction[Any], controller: Controller) -> None:
        await controller.pick(
            interaction, self.match_id, self.version, self.index, confirmed=True, one_shot=True
        )


class CountMenu(
    Clickable,
    ui.DynamicItem[ui.Select[Any]],
    template=r"palantir:count:(?P<match>\d+):(?P<version>\d+):(?P<index>\d+):(?P<part>\d+)",
):
    """How many (battalions to place, to move...): completes the chosen action with a count.
    Its values are the counts; ``part`` tells a step's menus apart ("1–25", "26–30")."""

    ID_NAMES = ("match", "version", "index", "part")

    def __init__(
        self,
        match_id: int,
        version: int,
        index: int,
        part: int = 0,
        options: Sequence[discord.SelectOption] = (),
        placeholder: str = "How many?",
    ) -> None:
        self.match_id, self.version, self.index, self.part = match_id, version, index, part
        custom_id = f"palantir:count:{match_id}:{version}:{index}:{part}"
        super().__init__(menu(custom_id, placeholder, options))

    async def clicked(self, interaction: discord.Interaction[Any], controller: Controller) -> None:
        count = chosen_number(self.item)
        if count is None:
            await refuse_forged(interaction)
            return
        await controller.pick(
            interaction, self.match_id, self.version, self.index, count=count, one_shot=True
        )


class TypeCountButton(
    Clickable,
    ui.DynamicItem[ui.Button[Any]],
    template=r"palantir:typen:(?P<match>\d+):(?P<version>\d+):(?P<index>\d+):(?P<low>\d+):(?P<high>\d+)",
):
    """ "Type a number": a count of ``low..high`` typed in a small form (any count, however many)."""

    ID_NAMES = ("match", "version", "index", "low", "high")

    def __init__(
        self, match_id: int, version: int, index: int, low: int, high: int, *, locale: str = SOURCE
    ) -> None:
        self.match_id, self.version, self.index, self.low, self.high = match_id, version, index, low, high
        custom_id = f"palantir:typen:{match_id}:{version}:{index}:{low}:{high}"
        label = t(locale, "Type a number ({low}–{high})", low=low, high=high)
        super().__init__(button(label, discord.ButtonStyle.primary, custom_id))

    async def clicked(self, interaction: discord.Interaction[Any], controller: Controller) -> None:
        if not 0 <= self.low <= self.high < MAX_TYPED_COUNT:
            await refuse_forged(interaction)
            return
        locale = await controller.locale_of(interaction)
        await interaction.response.send_modal(
            CountForm(self.match_id, self.version, self.index, self.low, self.high, locale=locale)
        )


class CountForm(ui.Modal, title="How many?"):
    """The form of **Type a number**: one count, checked, then made as if chosen from a menu.
    (A form lives in the process that opened it: after a restart, it is opened again.)"""

    def __init__(
        self, match_id: int, version: int, index: int, low: int, high: int, *, locale: str = SOURCE
    ) -> None:
        super().__init__(
            title=t(locale, "How many?"),
            timeout=15 * 60,
            custom_id=f"palantir:countform:{match_id}:{version}:{index}",
        )
        self.match_id, self.version, self.index, self.low, self.high = match_id, version, index, low, high
        self.count: ui.TextInput[CountForm] = ui.TextInput(
            label=t(locale, "A number from {low} to {high}", low=low, high=high),
            custom_id="count",
            placeholder=str(high),
            min_length=1,
            max_length=len(str(high)),
        )
        self.add_item(self.count)

    async def on_submit(self, interaction: discord.Interaction[Any]) -> None:
        controller = controller_of(interaction)
        typed = self.count.value.strip()
        if not (typed.isascii() and typed.isdigit()) or not self.low <= int(typed) <= self.high:
            await controller.refuse(
                interaction,
                msg(
                    "`{typed}` is not a number from {low} to {high}: nothing was done.",
                    typed=typed,
                    low=self.low,
                    high=self.high,
                ),
            )
            return
        await controller.pick(
            interaction, self.match_id, self.version, self.index, count=int(typed), one_shot=True
        )


class ConfirmCountButton(
    Clickable,
    ui.DynamicItem[ui.Button[Any]],
    template=r"palantir:confirmn:(?P<match>\d+):(?P<version>\d+):(?P<index>\d+):(?P<count>\d+)",
):
    """Yes: make the action with this count (it cannot be undone)."""

    ID_NAMES = ("match", "version", "index", "count")

    def __init__(self, match_id: int, version: int, index: int, count: int, *, locale: str = SOURCE) -> None:
        self.match_id, self.version, self.index, self.count = match_id, version, index, count
        custom_id = f"palantir:confirmn:{match_id}:{version}:{index}:{count}"
        super().__init__(button(t(locale, "Confirm"), discord.ButtonStyle.success, custom_id))

    async def clicked(self, interaction: discord.Interaction[Any], controller: Controller) -> None:
        await controller.pick(
            interaction,
            self.match_id,
            self.version,
            self.index,
            count=self.count,
            confirmed=True,
            one_shot=True,
        )


class CancelButton(Clickable, ui.DynamicItem[ui.Button[Any]], template=r"palantir:cancel:(?P<match>\d+)"):
    """No: nothing happens (the choice can be made again from the menu)."""

    def __init__(self, match_id: int, *, locale: str = SOURCE) -> None:
        self.match_id = match_id
        super().__init__(
            button(t(locale, "Cancel"), discord.ButtonStyle.secondary, f"palantir:cancel:{match_id}")
        )

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await controller_of(interaction).cancelled(interaction)  # harmless even when forged


class ResignButton(
    Clickable, ui.DynamicItem[ui.Button[Any]], template=r"palantir:resign:(?P<match>\d+):(?P<step>\d+)"
):
    """Yes, I resign (at the public step the question was asked at)."""

    ID_NAMES = ("match", "step")

    def __init__(self, match_id: int, step: int, *, locale: str = SOURCE) -> None:
        self.match_id, self.step = match_id, step
        super().__init__(
            button(t(locale, "Resign"), discord.ButtonStyle.danger, f"palantir:resign:{match_id}:{step}")
        )

    async def clicked(self, interaction: discord.Interaction[Any], controller: Controller) -> None:
        await controller.resign_confirmed(interaction, self.match_id, self.step)


class UndoButton(
    Clickable, ui.DynamicItem[ui.Button[Any]], template=r"palantir:undo:(?P<match>\d+):(?P<version>\d+)"
):
    """Take back my last action (only offered when the undo policy allows it)."""

    ID_NAMES = ("match", "version")

    def __init__(self, match_id: int, version: int, *, locale: str = SOURCE) -> None:
        self.match_id, self.version = match_id, version
        super().__init__(
            button(t(locale, "Undo"), discord.ButtonStyle.danger, f"palantir:undo:{match_id}:{version}")
        )

    async def clicked(self, interaction: discord.Interaction[Any], controller: Controller) -> None:
        await controller.undo(interaction, self.match_id, expected_prompt=self.version)


MENU_ITEMS: tuple[type[ui.DynamicItem[Any]], ...] = (
    ActionMenu,
    GroupMenu,
    ActionButton,
    CountButton,
    ConfirmButton,
    CountMenu,
    TypeCountButton,
    ConfirmCountButton,
    CancelButton,
    ResignButton,
    UndoButton,
)
