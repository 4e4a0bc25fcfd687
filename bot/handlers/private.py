"""Handlers of private views: the hand, rules, zoom, follow, pause and the board."""

from __future__ import annotations

import difflib
import logging
from typing import Any

import discord

from games.core import Ruleset, StaleAction
from games.core.words import agree, counted

from .. import texts
from ..choices import resolve_arg
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
            await interaction.followup.send(ephemeral=True, **await self.delivery.private_payload(live, role))

    async def rules(
        self, interaction: discord.Interaction[Any], ruleset: Ruleset, topic: str | None, *, cards_only: bool
    ) -> None:
        """``/rules``: the overview, or the topics found, with the pictures of their cards (every
        card is public knowledge: its face, not who holds it)."""
        text, cards = texts.rules_answer(ruleset, topic, cards_only=cards_only)
        if not cards:
            await interaction.response.send_message(text, ephemeral=True)
            return
        await self.defer(interaction)
        picture = await self.delivery.card_picture(ruleset.name, cards, f"{ruleset.name}-rules-cards.png")
        kwargs: dict[str, Any] = {"content": text, "ephemeral": True}
        if picture is not None:
            kwargs["file"] = picture
        await interaction.followup.send(**kwargs)

    async def zoom(self, interaction: discord.Interaction[Any], live: LiveMatch, place: str) -> None:
        """``/<game> zoom``: one place of the board up close, as its asker may see it (his own
        side's view when he plays, else the public one), only to him."""
        async with self.friendly(interaction):
            if live.state is None:
                raise ServiceError(f"Match #{live.id} has not started yet.")
            names = dict(live.ruleset.places())
            slug = resolve_arg(place, list(names.items()))
            if slug not in names:
                close = difflib.get_close_matches(place, list(names.values()), n=1, cutoff=0.5)
                hint = f" Did you mean {close[0]}?" if close else " Pick one from the list."
                raise ServiceError(f"There is no place called “{place}” on this board.{hint}")
            await self.defer(interaction)
            role = live.role_of(interaction.user.id)
            view = live.ruleset.view(live.state, role)
            image = await self.delivery.image(
                await self.delivery.named(live, view),
                f"{live.record.game}-{live.id}-{slug}.png",
                zoom=slug,
            )
            missing = "" if image else " (no picture could be drawn)."
            text = f"**{names[slug]}** in match #{live.id}{missing}"
            kwargs: dict[str, Any] = {"content": text, "ephemeral": True}
            if image is not None:
                kwargs["file"] = image
            await interaction.followup.send(**kwargs)

    async def no_hand(self, live: LiveMatch, user_id: int) -> str:
        """Why a user who is not playing has no hand (a spectator is told how to watch)."""
        if user_id in await self.service.store.followers(live.id):
            return (
                f"You are watching match #{live.id}: spectators have no hand or private board. "
                "`/game board` shows the public board."
            )
        return (
            f"You have no hand in match #{live.id}: you are not playing in it. "
            "`/game follow` lets you watch it."
        )

    async def follow(
        self, interaction: discord.Interaction[Any], live: LiveMatch, *, following: bool
    ) -> None:
        """A spectator follows a match (the public view only: its thread and `/game board`)."""
        async with self.friendly(interaction):
            if live.is_seated(interaction.user.id):
                raise ServiceError(f"You play in match #{live.id}: you follow it already.")
            if live.record.status not in (ACTIVE, LOBBY):
                raise ServiceError(f"Match #{live.id} is not being played.")
            await self.defer(interaction)
            changed = await self.service.store.follow(live.id, interaction.user.id, following)
            await self.delivery.spectator_thread(live, interaction.user.id, joined=following)
            where = f" in <#{live.record.thread_id}>" if live.record.thread_id else ""
            if following:
                text = (
                    f"You follow match #{live.id}{where}: you see what everyone sees (the board, "
                    "the moves), never a player's hand. `/game unfollow` to stop."
                    if changed
                    else f"You follow match #{live.id} already."
                )
            else:
                text = (
                    f"You no longer follow match #{live.id}."
                    if changed
                    else f"You did not follow match #{live.id}."
                )
            await interaction.followup.send(text, ephemeral=True)

    async def pause(self, interaction: discord.Interaction[Any], live: LiveMatch, *, pause: bool) -> None:
        """Ask to pause (or resume); it happens when every player has asked."""
        async with self.friendly(interaction):
            await self.defer(interaction)
            live, done, missing = await self.service.vote_pause(live.id, interaction.user.id, pause=pause)
            verb = "pause" if pause else "resume"
            if done:
                text = (
                    "⏸️ Everyone agreed: the match is paused. No clock runs and no move can be made "
                    "until every player asks `/game resume`."
                    if pause
                    else "▶️ Everyone agreed: the match goes on."
                )
                await self.delivery.post_match(live, content=text, allowed_mentions=NO_PINGS)
                await self.delivery.refresh_lobby(live)
                await interaction.followup.send(f"Done: match #{live.id} is {verb}d.", ephemeral=True)
                return
            await self.delivery.post_match(
                live,
                content=f"{texts.mention(interaction.user.id)} asks to {verb} the match: every player "
                f"agrees with `/game {verb}` ({missing} more to go).",
                allowed_mentions=NO_PINGS,
            )
            await interaction.followup.send(
                f"Noted: match #{live.id} is {verb}d once {counted(missing, 'more player')} "
                f"{agree(missing, 'agrees', 'agree')}.",
                ephemeral=True,
            )

    async def board(
        self, interaction: discord.Interaction[Any], live: LiveMatch, *, private: bool, full: bool = False
    ) -> None:
        async with self.friendly(interaction):
            if live.state is None:
                raise ServiceError(f"Match #{live.id} has not started yet.")
            if private:
                await self.show_private(interaction, live)
                return
            await self.defer(interaction, ephemeral=False)
            state = live.state
            view = (
                live.ruleset.view(state, None)
                if state.get("result") is None
                else live.ruleset.final_reveal(state)
            )
            layout = "full" if full else "compact"
            image = await self.delivery.image(
                await self.delivery.named(live, view), texts.image_name(live, None), layout=layout
            )
            kwargs: dict[str, Any] = {"content": texts.status_text(live, None)}
            if image is not None:
                kwargs["file"] = image
            await interaction.followup.send(**kwargs)
