"""One command group per game (``/confrontation ...``), generated from the ruleset.

``/<game> new`` offers the game's options as fixed choices; each ``CommandSpec`` becomes a typed
command (``/confrontation move character:<..> to:<..>``) whose autocomplete for parameter ``i``
lists the distinct ``args[i]`` of the user's legal actions with that verb that agree with the
parameters already filled in. The engine validates the submitted action again.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from games.computer_players import levels, supports
from games.core import CommandSpec, Ruleset, all_rulesets, normalize
from games.core.chain import SEPARATOR, prefix_state

from ..choices import arg_choices, hint_choice, line_choices, resolve_arg, truncate
from ..computers.identity import level_help
from ..failures import log_failure
from ..handlers.computer import chosen_level
from ..i18n import SOURCE, Msg, msg, t
from ..i18n.translator import said
from ..service import RANDOM_SIDE, LiveMatch, ServiceError, every_role
from .common import (
    LANGUAGE_CHOICES,
    LANGUAGE_HELP,
    Choice,
    acting_match,
    generated_command,
    my_matches_autocomplete,
    reader_locale,
    resolve_match,
)

if TYPE_CHECKING:
    from ..app import PalantirBot

log = logging.getLogger(__name__)

MATCH_HELP = "Which match (default: this thread's, or your only one)"


def not_this_game(live: LiveMatch, ruleset: Ruleset) -> Msg:
    return msg("Match #{match} is not a {game} match.", match=live.id, game=ruleset.title)


def arg_autocomplete(spec: CommandSpec, index: int) -> Any:
    """Autocomplete for parameter ``index`` of a typed command."""
    names = [p.name for p in spec.params]

    async def complete(interaction: discord.Interaction[Any], current: str) -> list[Choice]:
        try:
            found = await acting_match(interaction)
            if isinstance(found, str):
                return [Choice(name=n, value=v) for n, v in hint_choice(found)]
            live, role = found
            assert live.state is not None
            state = live.state
            locale = await reader_locale(interaction)
            filled = [getattr(interaction.namespace, n, None) for n in names[:index]]
            pairs = arg_choices(
                live.prompt(role),
                spec.verb,
                index,
                filled,
                current,
                lambda v: live.ruleset.describe_arg(state, role, spec.verb, index, v, locale),
            )
        except Exception as exc:
            log_failure(log, "argument autocomplete failed", exc)
            return []
        return [Choice(name=n, value=v) for n, v in pairs]

    return complete


def line_autocomplete(ruleset: Ruleset) -> Any:
    """Autocomplete for ``/<game> do steps:``."""

    async def complete(interaction: discord.Interaction[Any], current: str) -> list[Choice]:
        try:
            found = await acting_match(interaction)
        except Exception as exc:
            log_failure(log, "line autocomplete failed", exc)
            return []
        locale = await reader_locale(interaction)
        if not isinstance(found, str) and found[0].record.game != ruleset.name:
            found = not_this_game(found[0], ruleset).render(locale)
        return await next_steps(found, current, locale)

    return complete


async def next_steps(found: tuple[LiveMatch, str] | str, current: str, locale: str = SOURCE) -> list[Choice]:
    """The next step of a line: what is legal after the steps typed so far (rehearsed on a copy;
    nothing is offered after a step that is refused or draws chance, so no outcome shows)."""
    try:
        if isinstance(found, str):
            return [Choice(name=n, value=v) for n, v in hint_choice(found)]
        live, role = found
        assert live.state is not None
        *pieces, typed = current.split(SEPARATOR)
        done = [p.strip() for p in pieces if p.strip()]
        state = prefix_state(live.ruleset, live.state, role, done) if done else live.state
        if state is None:
            pairs = hint_choice(
                t(locale, "A step so far is refused, or cannot be undone (dice, a draw): end there.")
            )
        elif role not in live.ruleset.active(state):
            pairs = hint_choice(t(locale, "That finishes your decision: send the line as it is."))
        else:
            prompt = live.ruleset.prompt(state, role)
            labelled = [(a.text, live.ruleset.describe(state, role, a, locale)) for a in prompt.actions]
            pairs = line_choices(done, labelled, typed)
    except Exception as exc:
        log_failure(log, "line autocomplete failed", exc)
        return []
    return [Choice(name=n, value=v) for n, v in pairs]


def side_title(ruleset: Ruleset, role: str) -> app_commands.locale_str:
    """A side's title at ``/<game> new side:``, said by its game in each language."""
    return said(truncate(ruleset.role_title(role)), lambda lang: truncate(ruleset.role_title(role, lang)))


def level_choice(level: str) -> app_commands.locale_str:
    """A computer level at ``level:``: its slug (what it takes, typed in any language) and its help."""
    return said(
        truncate(f"{level}: {level_help(level)}"),
        lambda lang: truncate(f"{level}: {level_help(level, lang)}"),
    )


def no_computer_yet(title: str) -> app_commands.locale_str:
    """The only ``opponent:`` of a game the computer does not play yet."""
    return said(
        truncate(t(SOURCE, "People (no computer player for {game} yet)", game=title)),
        lambda lang: truncate(t(lang, "People (no computer player for {game} yet)", game=title)),
    )


class PerGameCog(commands.Cog):
    """Adds a command group for every registered game."""

    def __init__(self, bot: PalantirBot) -> None:
        self.bot = bot
        self.groups = [self._group(r) for r in all_rulesets()]

    async def cog_load(self) -> None:
        for group in self.groups:
            self.bot.tree.add_command(group)

    async def cog_unload(self) -> None:
        for group in self.groups:
            self.bot.tree.remove_command(group.name)

    def _group(self, ruleset: Ruleset) -> app_commands.Group:
        group = app_commands.Group(
            name=ruleset.command_group or ruleset.name,
            description=truncate(f"Play {ruleset.title}."),
            guild_only=True,
        )
        group.add_command(self._new(ruleset, group))
        room = 24
        if ruleset.places():
            group.add_command(self._zoom(ruleset, group))
            room -= 1
        if ruleset.commands:
            group.add_command(self._line(ruleset, group))
            room -= 1
        nested: dict[str, app_commands.Group] = {}
        for spec in ruleset.commands:
            if not spec.group:
                if room > 0:
                    group.add_command(self._typed(ruleset, spec, group))
                    room -= 1
                continue
            parent = nested.get(spec.group)
            if parent is None:
                if room == 0:
                    continue
                parent = nested[spec.group] = app_commands.Group(
                    name=spec.group, description=truncate(f"{ruleset.title}: {spec.group}"), parent=group
                )
                room -= 1
            if len(parent.commands) < 25:
                parent.add_command(self._typed(ruleset, spec, parent))
        return group

    def _zoom(self, ruleset: Ruleset, group: app_commands.Group) -> app_commands.Command[Any, ..., None]:
        """``/<game> zoom place:``: a part of the board up close, only to the asker."""
        places, noun = ruleset.places(), ruleset.place_noun

        async def complete(interaction: discord.Interaction[Any], current: str) -> list[Choice]:
            wanted = normalize(current)
            english = dict(places)
            named = ruleset.places(await reader_locale(interaction))  # the names in his language
            found = [
                (slug, name)
                for slug, name in named
                if wanted in normalize(name) or wanted in normalize(english.get(slug, "")) or wanted in slug
            ]
            return [Choice(name=truncate(name), value=slug) for slug, name in found[:25]]

        async def body(interaction: discord.Interaction[Any], values: dict[str, str | None]) -> None:
            async with self.bot.controller.friendly(interaction):
                live = await resolve_match(interaction, values.get("match"))
                if live.record.game != ruleset.name:
                    raise ServiceError(not_this_game(live, ruleset))
                await self.bot.controller.zoom(interaction, live, values.get(noun) or "")

        return generated_command(
            name="zoom",
            description=f"Show one {noun} of the board up close (only to you).",
            params=[(noun, f"The {noun} to show", True), ("match", MATCH_HELP, False)],
            body=body,
            autocompletes={noun: complete, "match": my_matches_autocomplete},
            parent=group,
        )

    def _line(self, ruleset: Ruleset, group: app_commands.Group) -> app_commands.Command[Any, ..., None]:
        """``/<game> do steps:``: several steps of one decision in one line, ``a; b; c``."""

        async def body(interaction: discord.Interaction[Any], values: dict[str, str | None]) -> None:
            async with self.bot.controller.friendly(interaction):
                live = await resolve_match(interaction, values.get("match"))
                if live.record.game != ruleset.name:
                    raise ServiceError(not_this_game(live, ruleset))
                await self.bot.controller.act_line(interaction, live, values.get("steps") or "")

        return generated_command(
            name="do",
            description="Make several steps at once, separated by ; (all or nothing).",
            params=[
                ("steps", "Steps separated by ; (the list offers each next one)", True),
                ("match", MATCH_HELP, False),
            ],
            body=body,
            autocompletes={"steps": line_autocomplete(ruleset), "match": my_matches_autocomplete},
            parent=group,
        )

    def _new(self, ruleset: Ruleset, group: app_commands.Group) -> app_commands.Command[Any, ..., None]:
        roles = every_role(ruleset)
        side_choices = [Choice(name=side_title(ruleset, r), value=r) for r in roles][:24]
        side_choices.append(Choice(name="Random", value=RANDOM_SIDE))
        reserved = {"side", "match", "opponent", "level", "language"}
        specs = [s for s in ruleset.options if s.name not in reserved]
        computer = supports(ruleset.name)
        opponents = (
            [Choice(name="The computer", value="computer"), Choice(name="People", value="person")]
            if computer
            else [Choice(name=no_computer_yet(ruleset.title), value="person")]
        )
        extra: list[tuple[str, str, bool]] = [
            ("opponent", "Play against the computer, or wait for people", False)
        ]
        choices = {
            "opponent": opponents,
            "side": side_choices,
            "language": LANGUAGE_CHOICES,
            **{s.name: [Choice(name=truncate(s.label(c)), value=c) for c in s.choices][:25] for s in specs},
        }

        if computer:
            extra.append(("level", "The computer's level (default: the strongest)", False))
            choices["level"] = [Choice(name=level_choice(n), value=n) for n in levels(ruleset.name)]

        async def body(interaction: discord.Interaction[Any], values: dict[str, str | None]) -> None:
            side = values.pop("side", None)
            opponent, level = values.pop("opponent", None), values.pop("level", None)
            language = values.pop("language", None)
            options = {k: v for k, v in values.items() if v}
            controller = self.bot.controller
            try:
                chosen = chosen_level(ruleset.name, opponent, level)
            except ServiceError as exc:
                await controller.refuse(interaction, exc)
                return
            if chosen is not None:
                await controller.new_against_computer(
                    interaction, ruleset.name, options, side, level=chosen, language=language
                )
                return
            await controller.new(interaction, ruleset.name, options, side, language=language)

        return generated_command(
            name="new",
            description=f"Open a lobby for {ruleset.title}.",  # the commands catalog has each
            params=[
                ("side", "Your side", False),
                ("language", LANGUAGE_HELP, False),
                *extra,
                *((s.name, s.help, False) for s in specs),
            ],
            body=body,
            choices=choices,
            parent=group,
        )

    def _args(
        self,
        live: LiveMatch,
        user_id: int,
        spec: CommandSpec,
        values: dict[str, str | None],
        locale: str = SOURCE,
    ) -> list[str]:
        """The typed values as argument slugs (matched against legal values and their labels,
        in English or the player's language ``locale``)."""
        role = live.role_of(user_id)
        legal = [a for a, _ in self.bot.service.legal(live, role)] if role else []
        state = live.state or {}
        out: list[str] = []
        for index, param in enumerate(spec.params):
            typed = values.get(param.name)
            if not typed:
                continue
            seen = dict.fromkeys(a.args[index] for a in legal if a.verb == spec.verb and len(a.args) > index)
            candidates = [
                (v, live.ruleset.describe_arg(state, role or "", spec.verb, index, v)) for v in seen
            ]
            if locale != SOURCE:
                candidates += [
                    (v, live.ruleset.describe_arg(state, role or "", spec.verb, index, v, locale))
                    for v in seen
                ]
            out.append(resolve_arg(typed, candidates))
        return out

    def _typed(
        self, ruleset: Ruleset, spec: CommandSpec, group: app_commands.Group
    ) -> app_commands.Command[Any, ..., None]:
        async def body(interaction: discord.Interaction[Any], values: dict[str, str | None]) -> None:
            controller = self.bot.controller
            async with controller.friendly(interaction):
                live = await resolve_match(interaction, values.get("match"))
                if live.record.game != ruleset.name:
                    raise ServiceError(not_this_game(live, ruleset))
                locale = await reader_locale(interaction)
                text = " ".join([spec.verb, *self._args(live, interaction.user.id, spec, values, locale)])
                await controller.act_typed(interaction, live, text, confirm=bool(values.get("confirm")))

        # The first argument is always needed; later ones only by some actions (a special card
        # with or without a target), so they are optional and the engine checks what is given.
        params: list[tuple[str, str, bool] | tuple[str, str, bool, type]] = [
            (p.name, p.description, i == 0) for i, p in enumerate(spec.params)
        ]
        params.append(("match", MATCH_HELP, False))
        params.append(("confirm", "Ask me to confirm first if it cannot be undone", False, bool))
        autocompletes = {p.name: arg_autocomplete(spec, i) for i, p in enumerate(spec.params)}
        autocompletes["match"] = my_matches_autocomplete
        return generated_command(
            name=spec.name,
            description=spec.description,
            params=params,
            body=body,
            autocompletes=autocompletes,
            parent=group,
        )
