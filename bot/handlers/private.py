"""Handlers of private views: the hand, rules, zoom, follow, pause and the board."""

from __future__ import annotations

import difflib
import logging
from typing import Any

import discord

from games.core import Ruleset, StaleAction

from .. import texts
from ..choices import resolve_arg
from ..i18n import Msg, match_locale, msg, nt, t
from ..match_posts import NO_PINGS
from ..service import LiveMatch, ServiceError
from ..storage import ACTIVE, LOBBY
from .replies import STALE, Handlers

log = logging.getLogger(__name__)


class PrivateHandlers(Handlers):
    """What one player sees for himself: his hand, the rules, a zoom, the board, pauses."""

    async def show_private(
        self,
        interaction: discord.Interaction[Any],
        match_id: int | LiveMatch,
        *,
        on_prompt: int | None = None,
    ) -> None:
        """The player's private board and legal actions, ephemerally (``/hand``, buttons).

        ``on_prompt``: the thread post whose "Take my turn" was pressed; out of date when a newer
        one was posted. (Not when the match moved on by a hidden step: that would tell.)
        """
        async with self.friendly(interaction):
            await self.defer(interaction)
            live = match_id if isinstance(match_id, LiveMatch) else await self.service.get(match_id)
            role = live.role_of(interaction.user.id)
            if role is None or live.state is None:
                raise ServiceError(await self.no_hand(live, interaction.user.id))
            if on_prompt is not None:
                latest = await self.service.store.get_message(live.id, "prompt")
                if latest is None or latest.message_id != on_prompt:
                    raise StaleAction(STALE)
            locale = await self.locale_of(interaction)
            payload = await self.delivery.private_payload(live, role, locale=locale)
            await interaction.followup.send(ephemeral=True, **payload)

    async def rules(
        self, interaction: discord.Interaction[Any], ruleset: Ruleset, topic: str | None, *, cards_only: bool
    ) -> None:
        """``/rules``: the overview, or the topics found, with the pictures of their cards (every
        card is public knowledge: its face, not who holds it)."""
        locale = await self.locale_of(interaction)
        text, cards = texts.rules_answer(ruleset, topic, cards_only=cards_only, locale=locale)
        if not cards:
            await interaction.response.send_message(text, ephemeral=True)
            return
        await self.defer(interaction)
        picture = await self.delivery.card_picture(
            ruleset.name, cards, f"{ruleset.name}-rules-cards.png", locale
        )
        kwargs: dict[str, Any] = {"content": text, "ephemeral": True}
        if picture is not None:
            kwargs["file"] = picture
        await interaction.followup.send(**kwargs)

    async def zoom(self, interaction: discord.Interaction[Any], live: LiveMatch, place: str) -> None:
        """``/<game> zoom``: one place of the board up close, as its asker may see it (his own
        side's view when he plays, else the public one), only to him."""
        async with self.friendly(interaction):
            if live.state is None:
                raise ServiceError(msg("Match #{match} has not started yet.", match=live.id))
            locale = await self.locale_of(interaction)
            names = dict(live.ruleset.places(locale))
            slug = resolve_arg(place, [*live.ruleset.places(), *names.items()])
            if slug not in names:
                close = difflib.get_close_matches(place, list(names.values()), n=1, cutoff=0.5)
                if close:
                    raise ServiceError(
                        msg(
                            "There is no place called “{place}” on this board. Did you mean {other}?",
                            place=place,
                            other=close[0],
                        )
                    )
                raise ServiceError(
                    msg(
                        "There is no place called “{place}” on this board. Pick one from the list.",
                        place=place,
                    )
                )
            await self.defer(interaction)
            role = live.role_of(interaction.user.id)
            view = live.ruleset.view(live.state, role, locale)
            image = await self.delivery.image(
                await self.delivery.named(live, view, locale),
                f"{live.record.game}-{live.id}-{slug}.png",
                zoom=slug,
            )
            where = {"place": names[slug], "match": live.id}
            if image:
                text = t(locale, "**{place}** in match #{match}", **where)
            else:
                text = t(locale, "**{place}** in match #{match} (no picture could be drawn).", **where)
            kwargs: dict[str, Any] = {"content": text, "ephemeral": True}
            if image is not None:
                kwargs["file"] = image
            await interaction.followup.send(**kwargs)

    async def no_hand(self, live: LiveMatch, user_id: int) -> Msg:
        """Why a user who is not playing has no hand (a spectator is told how to watch)."""
        if user_id in await self.service.store.followers(live.id):
            return msg(
                "You are watching match #{match}: spectators have no hand or private board. "
                "`/game board` shows the public board.",
                match=live.id,
            )
        return msg(
            "You have no hand in match #{match}: you are not playing in it. "
            "`/game follow` lets you watch it.",
            match=live.id,
        )

    async def follow(
        self, interaction: discord.Interaction[Any], live: LiveMatch, *, following: bool
    ) -> None:
        """A spectator follows a match (the public view only: its thread and `/game board`)."""
        async with self.friendly(interaction):
            if live.is_seated(interaction.user.id):
                raise ServiceError(msg("You play in match #{match}: you follow it already.", match=live.id))
            if live.record.status not in (ACTIVE, LOBBY):
                raise ServiceError(msg("Match #{match} is not being played.", match=live.id))
            await self.defer(interaction)
            changed = await self.service.store.follow(live.id, interaction.user.id, following)
            await self.delivery.spectator_thread(live, interaction.user.id, joined=following)
            locale = await self.locale_of(interaction)
            if following and changed and live.record.thread_id:
                text = t(
                    locale,
                    "You follow match #{match} in <#{thread}>: you see what everyone sees (the board, "
                    "the moves), never a player's hand. `/game unfollow` to stop.",
                    match=live.id,
                    thread=live.record.thread_id,
                )
            elif following and changed:
                text = t(
                    locale,
                    "You follow match #{match}: you see what everyone sees (the board, the moves), never a "
                    "player's hand. `/game unfollow` to stop.",
                    match=live.id,
                )
            elif following:
                text = t(locale, "You follow match #{match} already.", match=live.id)
            elif changed:
                text = t(locale, "You no longer follow match #{match}.", match=live.id)
            else:
                text = t(locale, "You did not follow match #{match}.", match=live.id)
            await interaction.followup.send(text, ephemeral=True)

    async def pause(self, interaction: discord.Interaction[Any], live: LiveMatch, *, pause: bool) -> None:
        """Ask to pause (or resume); it happens when every player has asked."""
        async with self.friendly(interaction):
            await self.defer(interaction)
            live, done, missing = await self.service.vote_pause(live.id, interaction.user.id, pause=pause)
            mine = await self.locale_of(interaction)  # the answer to him
            public = match_locale(live.record.language)  # the post in the thread
            if done:
                text = (
                    t(
                        public,
                        "⏸️ Everyone agreed: the match is paused. No clock runs and no move can be made "
                        "until every player asks `/game resume`.",
                    )
                    if pause
                    else t(public, "▶️ Everyone agreed: the match goes on.")
                )
                # Committed: a post that fails is only logged (the answer must not deny the pause).
                await self.deliver_committed(
                    self.delivery.post_match(live, content=text, allowed_mentions=NO_PINGS)
                )
                await self.deliver_committed(self.delivery.refresh_lobby(live))
                said = (
                    t(mine, "Done: match #{match} is paused.", match=live.id)
                    if pause
                    else t(mine, "Done: match #{match} is resumed.", match=live.id)
                )
                await interaction.followup.send(said, ephemeral=True)
                return
            player = texts.mention(interaction.user.id)
            asked = (
                t(
                    public,
                    "{player} asks to pause the match: every player agrees with `/game pause` "
                    "({count} more to go).",
                    player=player,
                    count=missing,
                )
                if pause
                else t(
                    public,
                    "{player} asks to resume the match: every player agrees with `/game resume` "
                    "({count} more to go).",
                    player=player,
                    count=missing,
                )
            )
            await self.deliver_committed(
                self.delivery.post_match(live, content=asked, allowed_mentions=NO_PINGS)
            )
            noted = (
                nt(
                    mine,
                    "Noted: match #{match} is paused once {count} more player agrees.",
                    "Noted: match #{match} is paused once {count} more players agree.",
                    missing,
                    match=live.id,
                )
                if pause
                else nt(
                    mine,
                    "Noted: match #{match} is resumed once {count} more player agrees.",
                    "Noted: match #{match} is resumed once {count} more players agree.",
                    missing,
                    match=live.id,
                )
            )
            await interaction.followup.send(noted, ephemeral=True)

    async def board(
        self, interaction: discord.Interaction[Any], live: LiveMatch, *, private: bool, full: bool = False
    ) -> None:
        async with self.friendly(interaction):
            if live.state is None:
                raise ServiceError(msg("Match #{match} has not started yet.", match=live.id))
            if private:
                await self.show_private(interaction, live)
                return
            await self.defer(interaction, ephemeral=False)
            state = live.state
            lang = match_locale(live.record.language)  # a public board: the match's language
            view = (
                live.ruleset.view(state, None, lang)
                if state.get("result") is None
                else live.ruleset.final_reveal(state, lang)
            )
            layout = "full" if full else "compact"
            image = await self.delivery.image(
                await self.delivery.named(live, view, lang), texts.image_name(live, None), layout=layout
            )
            kwargs: dict[str, Any] = {"content": texts.status_text(live, None, lang)}
            if image is not None:
                kwargs["file"] = image
            await interaction.followup.send(**kwargs)
