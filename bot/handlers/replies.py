"""Interaction handling shared by slash commands and components: parse -> service -> present.

Every refusal (an engine ``ActionError`` or a ``ServiceError``) becomes a friendly ephemeral
reply and changes nothing. Slow work is deferred first so Discord gets an answer within 3 s.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Any

import discord

from games.core import ActionError

from .. import texts
from ..failures import log_failure
from ..i18n import Msg, interaction_locale, msg, private_locale, refusal
from ..match_file import ExchangeError
from ..match_posts import Delivery
from ..pace import PaceError
from ..service import LiveMatch, MatchService, ServiceError
from ..settings import SettingsError, SettingsService
from ..storage.trouble import BUSY, FULL, storage_reply, storage_trouble

log = logging.getLogger(__name__)

STALE = msg("This prompt is out of date: the game has moved on. Use the newest prompt or `/hand`.")
#: Said when something unexpected failed (logged without secrets).
UNEXPECTED = msg("Something went wrong on my side; nothing was changed.")


def is_admin(interaction: discord.Interaction[Any]) -> bool:
    """Whether the user may manage this server (league and match admin powers)."""
    return interaction.guild_id is not None and interaction.permissions.manage_guild


class Handlers:
    """What every handler needs: the services, and the ways to answer. Holds no Discord state."""

    def __init__(
        self, service: MatchService, delivery: Delivery, settings: SettingsService | None = None
    ) -> None:
        self.service = service
        self.delivery = delivery
        self.settings = settings or SettingsService(service.store)
        #: Who else may act as an admin for a match (the league-admin role for league matches);
        #: set by the app, which knows the leagues.
        self.match_admin: Callable[[discord.Interaction[Any], LiveMatch], Awaitable[bool]] | None = None

    # -- replies ---------------------------------------------------------------------
    async def locale_of(self, interaction: discord.Interaction[Any]) -> str:
        """The language of what this user alone reads: his ``/settings language:``, else his
        Discord client's, else English (``bot.i18n``)."""
        try:
            chosen = (await self.settings.get(interaction.user.id)).language
        except Exception as exc:  # a busy database must not cost the answer
            log.warning(
                "a player's language could not be read (%s): his client's is used", type(exc).__name__
            )
            chosen = None
        return private_locale(chosen, interaction)

    async def refuse(self, interaction: discord.Interaction[Any], text: str | Msg | BaseException) -> None:
        """An ephemeral error in the user's language, whether or not the interaction was
        answered already (an engine's refusal, not translated yet, is said as it is)."""
        locale = await self.locale_of(interaction)
        if isinstance(text, BaseException):
            said = refusal(locale, text)
        else:
            said = text.render(locale) if isinstance(text, Msg) else str(text)
        text = texts.clip(f"⚠️ {said}")  # errors may quote what was typed, which can be long
        try:
            if interaction.response.is_done():
                await interaction.followup.send(text, ephemeral=True)
            else:
                await interaction.response.send_message(text, ephemeral=True)
        except discord.HTTPException as exc:
            log.warning("could not send an error reply: %s %s", exc.status, exc.code)

    @asynccontextmanager
    async def friendly(self, interaction: discord.Interaction[Any]) -> AsyncIterator[None]:
        """Turn refusals into ephemeral replies; log (without secrets) anything unexpected.

        The user's client language is noted first, in memory, for the DMs that come without an
        interaction (those this very interaction causes included), and stored once he has been
        answered: a busy database never delays the answer for it.
        """
        noted = await self._note_client(interaction)
        try:
            async with self._refusals(interaction):
                yield
        finally:
            if noted:
                await self._save_client(interaction.user.id)

    async def _note_client(self, interaction: discord.Interaction[Any]) -> bool:
        try:
            return await self.settings.note_client(interaction.user.id, interaction_locale(interaction))
        except Exception as exc:
            log.warning("a player's client language could not be noted (%s)", type(exc).__name__)
            return False

    async def _save_client(self, user_id: int) -> None:
        try:
            await self.settings.save_client(user_id)
        except Exception as exc:
            log.warning("a player's client language could not be stored (%s)", type(exc).__name__)

    @asynccontextmanager
    async def _refusals(self, interaction: discord.Interaction[Any]) -> AsyncIterator[None]:
        try:
            yield
        except (ActionError, ServiceError, PaceError, SettingsError, ExchangeError) as exc:
            await self.refuse(interaction, exc)
        except discord.HTTPException as exc:
            log.warning("Discord refused a reply: %s %s", exc.status, exc.code)
        except Exception as exc:
            trouble = storage_trouble(exc)
            if trouble == FULL:
                log.error("the database's disk is full: a request was refused; free some space")
            elif trouble == BUSY:
                log.warning("the database is locked by another writer: a request was answered 'busy'")
            else:
                log_failure(log, "unexpected failure handling an interaction", exc)
            await self.refuse(interaction, storage_reply(trouble) if trouble else UNEXPECTED)

    async def defer(self, interaction: discord.Interaction[Any], *, ephemeral: bool = True) -> None:
        if not interaction.response.is_done():
            await interaction.response.defer(ephemeral=ephemeral, thinking=True)

    async def deliver_committed(self, work: Awaitable[object]) -> None:
        """Run delivery work; the action is committed already, so a failure is only logged."""
        try:
            await work
        except Exception as exc:
            log_failure(log, "delivering a committed action failed", exc)
