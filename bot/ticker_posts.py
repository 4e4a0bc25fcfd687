"""What the ticker's events look like on Discord: timeouts, clock reminders, expired lobbies.

A timeout is announced like any move (the post tells who ran out of time, and the result).
A reminder goes to the awaited player only, told once like the wait itself
(:meth:`UserSettings.notice`): by DM where it reaches him, else (or for ``/settings ping:thread``)
by a mention in the match thread; a silent DM for ``quiet``; never during his quiet hours (it
waits for their end). An expired
lobby is closed, its message says so, and its creator is told by DM.
"""

from __future__ import annotations

import logging

import discord

from . import discord_send, post_plan, texts
from .computers.identity import is_computer
from .i18n import match_locale, t
from .match_posts import Delivery
from .pace import human_duration
from .service import ActResult

log = logging.getLogger(__name__)


class TimeDesk:
    """The ticker's callbacks, posting through :class:`Delivery`."""

    def __init__(self, delivery: Delivery, lobby_lifetime: float) -> None:
        self.delivery = delivery
        self.service = delivery.service
        self.lobby_lifetime = lobby_lifetime

    async def timed_out(self, result: ActResult) -> None:
        await self.delivery.after_entry(result)

    async def remind(self, match_id: int, role: str, mark: int) -> None:
        """Remind ``role``'s player that his bank is down to ``mark`` seconds (once per wait)."""
        live = await self.service.get(match_id)
        user_id, clock = live.user_of(role), live.clocks.get(role)
        if user_id is None or is_computer(user_id) or clock is None or clock.deadline() is None:
            return
        chosen = await self.delivery.settings.get(user_id)
        now = self.service.clock.now()
        quiet_hours = chosen.in_quiet_hours(now)
        # (In his quiet hours nothing is sent: whether DMs reach him does not matter then.)
        reaches = not quiet_hours and await self.delivery.dm_reaches(live, user_id)
        notice = chosen.notice(now, dm_reaches=reaches)
        how = post_plan.reminder(quiet_hours=quiet_hours, mention=notice.mention, dm_pings=notice.dm_pings)
        if how == post_plan.Reminder.LATER:
            return  # the ticker asks again; it is sent when the quiet hours end
        await self.service.remind(match_id, role, mark)  # noted first: never sent twice
        deadline = int(clock.deadline() or now)
        # A mention is read in the thread (the match's language), a DM by him alone (his).
        locale = (
            match_locale(live.record.language)
            if how == post_plan.Reminder.MENTION
            else await self.delivery.dm_locale(user_id)
        )
        said = {
            "player": texts.mention(user_id, locale),
            "left": human_duration(clock.left(now), locale),
            "game": live.ruleset.title,
            "match": live.id,
            "deadline": deadline,
        }
        # Public words only: the thread is read by everyone (his prompt would name his secrets).
        if live.record.thread_id:
            text = t(
                locale,
                "⏰ {player}, **{left}** left on your clock in **{game}** #{match} in <#{thread}>: it runs "
                "out <t:{deadline}:R> (<t:{deadline}:f>). The game waits for your move: `/hand` shows it.",
                thread=live.record.thread_id,
                **said,
            )
        else:
            text = t(
                locale,
                "⏰ {player}, **{left}** left on your clock in **{game}** #{match}: it runs out "
                "<t:{deadline}:R> (<t:{deadline}:f>). The game waits for your move: `/hand` shows it.",
                **said,
            )
        if how == post_plan.Reminder.MENTION:
            await self.delivery.post_match(
                live,
                content=texts.clip(text),
                allowed_mentions=discord.AllowedMentions(users=[discord.Object(user_id)]),
            )
            return
        await self._dm(user_id, texts.clip(text), silent=how == post_plan.Reminder.SILENT_DM)

    async def expire_lobby(self, match_id: int) -> None:
        """Close a lobby that waited too long for players, and tell its creator."""
        live = await self.service.expire_lobby(match_id)
        if live is None:
            return
        await self.delivery.refresh_lobby(live)
        locale = await self.delivery.dm_locale(live.record.creator_id)
        text = t(
            locale,
            "Your lobby for **{game}** (match #{match}) closed after {lifetime} without enough players. "
            "Open a new one any time with `/game new`.",
            game=live.ruleset.title,
            match=live.id,
            lifetime=human_duration(self.lobby_lifetime, locale),
        )
        await self._dm(live.record.creator_id, text, silent=False)

    async def _dm(self, user_id: int, text: str, *, silent: bool) -> None:
        try:
            await discord_send.send(await self.delivery.user(user_id), content=text, silent=silent or None)
        except discord.HTTPException as exc:
            log.info("could not DM a player a notice: %s %s", exc.status, exc.code)
