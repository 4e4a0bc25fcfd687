"""Helpers shared by the command cogs: match lookup, autocompletes, generated signatures."""

from __future__ import annotations

import inspect
import logging
import re
from collections.abc import Awaitable, Callable, Sequence
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from ..choices import action_choices, capped, hint_choice, matches, truncate
from ..failures import log_failure
from ..i18n import LOCALES, NATIVE_NAMES, SOURCE, msg, private_locale, refusal, t
from ..service import LiveMatch, ServiceError
from ..storage import ACTIVE
from ..texts import status_word

if TYPE_CHECKING:
    from ..app import PalantirBot

log = logging.getLogger(__name__)

Choice = app_commands.Choice[str]

#: ``language:`` of ``/game new``, ``/<game> new`` and ``/settings``: each language by its own name.
LANGUAGE_HELP = "The language of the match thread and its pictures (default: the server's)"
LANGUAGE_CHOICES = [Choice(name=NATIVE_NAMES[code], value=code) for code in LOCALES]


def bot_of(interaction: discord.Interaction[Any]) -> PalantirBot:
    return interaction.client  # type: ignore[no-any-return]


def parse_match_id(text: str | None) -> int | None:
    """The match number in ``12``, ``#12`` or an autocomplete label; ``None`` when empty.

    >>> parse_match_id("#12 Pebbles"), parse_match_id(None)
    (12, None)
    """
    if text is None or not text.strip():
        return None
    found = re.match(r"\s*#?(\d{1,18})\b", text)
    if found is None:
        raise ServiceError(msg("`{text}` is not a match number (like `12`).", text=truncate(text, 40)))
    return int(found.group(1))


async def resolve_match(interaction: discord.Interaction[Any], match: str | None) -> LiveMatch:
    """The match a command means: ``match:``, else the thread it is used in, else the only one."""
    return await bot_of(interaction).service.resolve(
        interaction.user.id,
        match_id=parse_match_id(match),
        channel_id=interaction.channel_id,
        guild_id=interaction.guild_id,
    )


async def reader_locale(interaction: discord.Interaction[Any]) -> str:
    """The language of what only this user reads (autocomplete labels, hints): see bot.i18n."""
    controller = getattr(getattr(interaction, "client", None), "controller", None)
    if controller is None:  # a client without the handlers (tests of one service)
        return private_locale(None, interaction)
    return await controller.locale_of(interaction)  # type: ignore[no-any-return]


def match_label(live: LiveMatch, user_id: int, locale: str = SOURCE) -> str:
    role = live.role_of(user_id)
    status = status_word(live.record.status, locale)
    where = {"match": live.id, "game": live.ruleset.title, "status": status}
    if role:
        label = t(
            locale,
            "#{match} {game} as {side} ({status})",
            side=live.ruleset.role_title(role, locale),
            **where,
        )
    else:
        label = t(locale, "#{match} {game} ({status})", **where)
    if live.record.status == ACTIVE and role in live.active_roles():
        label = t(locale, "{match} — your move", match=label)
    return truncate(label)


async def _match_choices(
    interaction: discord.Interaction[Any], current: str, found: Awaitable[list[LiveMatch]], what: str
) -> list[Choice]:
    """Autocomplete choices for a ``match:`` option from the matches ``found`` lists."""
    try:
        listed = await found
    except Exception as exc:
        log_failure(log, f"{what} autocomplete failed", exc)
        return []
    locale = await reader_locale(interaction)
    out = [(match_label(m, interaction.user.id, locale), str(m.id)) for m in listed]
    kept = [(n, v) for n, v in out if matches(current.strip().lstrip("#"), n)]
    return [Choice(name=n, value=v) for n, v in capped(kept, len(kept), locale=locale)]


async def my_matches_autocomplete(interaction: discord.Interaction[Any], current: str) -> list[Choice]:
    """The user's unfinished matches in this server."""
    service = bot_of(interaction).service
    return await _match_choices(
        interaction, current, service.matches_of(interaction.user.id, interaction.guild_id), "match"
    )


async def lobby_autocomplete(interaction: discord.Interaction[Any], current: str) -> list[Choice]:
    """Open lobbies in this server."""
    service = bot_of(interaction).service
    return await _match_choices(interaction, current, service.lobbies(interaction.guild_id), "lobby")


async def playing_autocomplete(interaction: discord.Interaction[Any], current: str) -> list[Choice]:
    """Matches being played in this server (to follow one)."""
    service = bot_of(interaction).service
    return await _match_choices(interaction, current, service.in_play(interaction.guild_id), "match")


async def acting_match(interaction: discord.Interaction[Any]) -> tuple[LiveMatch, str] | str:
    """For autocompletes: the match meant by the options so far and the user's role in it, or
    a line saying why the user has nothing to choose (a spectator, out of turn, no match)."""
    locale = await reader_locale(interaction)
    try:
        live = await resolve_match(interaction, getattr(interaction.namespace, "match", None))
    except ValueError as exc:
        return refusal(locale, exc)
    role = live.role_of(interaction.user.id)
    if role is None:
        return t(locale, "You are watching match #{match}: only its players can act.", match=live.id)
    if live.state is None or live.state.get("result") is not None:
        return t(locale, "Match #{match} is not being played.", match=live.id)
    if role not in live.active_roles():
        return t(locale, "Not your turn: {waiting}", waiting=live.prompt(role, locale).text)
    return live, role


async def action_autocomplete(interaction: discord.Interaction[Any], current: str) -> list[Choice]:
    """Only the user's own legal actions now, in words, filtered by what he typed."""
    try:
        found = await acting_match(interaction)
        if isinstance(found, str):
            pairs = hint_choice(found)
        else:
            live, role = found
            legal = bot_of(interaction).service.legal(live, role, await reader_locale(interaction))
            pairs = action_choices(((a.text, label) for a, label in legal), current)
    except Exception as exc:
        log_failure(log, "action autocomplete failed", exc)
        return []
    return [Choice(name=name, value=value) for name, value in pairs]


def generated_command(
    *,
    name: str,
    description: str,
    params: Sequence[tuple[str, str, bool] | tuple[str, str, bool, type]],
    body: Callable[[discord.Interaction[Any], dict[str, Any]], Awaitable[None]],
    autocompletes: dict[str, Any] | None = None,
    choices: dict[str, list[Choice]] | None = None,
    parent: app_commands.Group | None = None,
) -> app_commands.Command[Any, ..., None]:
    """A slash command whose string parameters are known only at start-up.

    ``params`` are ``(discord name, description, required)`` (a string option) or ``(discord
    name, description, required, type)`` with ``bool``. The callback receives the values keyed by
    Discord name. Python names are ``p0, p1, ...`` (Discord names may be keywords).
    """
    py = {f"p{i}": spec for i, spec in enumerate(params)}

    async def callback(interaction: discord.Interaction[Any], **values: Any) -> None:
        await body(interaction, {py[k][0]: v for k, v in values.items()})

    signature = [
        inspect.Parameter(
            "interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction
        )
    ]
    for key, spec in py.items():
        required, kind = spec[2], (spec[3] if len(spec) > 3 else str)
        signature.append(
            inspect.Parameter(
                key,
                inspect.Parameter.KEYWORD_ONLY,
                annotation=kind if required else kind | None,
                default=inspect.Parameter.empty if required else None,
            )
        )
    callback.__signature__ = inspect.Signature(signature)  # type: ignore[attr-defined]
    callback.__annotations__ = {}
    by_name = {spec[0]: key for key, spec in py.items()}
    decorated: Any = app_commands.rename(**{k: spec[0] for k, spec in py.items()})(callback)
    decorated = app_commands.describe(**{k: truncate(spec[1]) for k, spec in py.items()})(decorated)
    if autocompletes:
        decorated = app_commands.autocomplete(**{by_name[n]: f for n, f in autocompletes.items()})(decorated)
    if choices:
        decorated = app_commands.choices(**{by_name[n]: c for n, c in choices.items()})(decorated)
    return app_commands.Command(
        name=name, description=truncate(description), callback=decorated, parent=parent
    )
