"""Handlers of computer players: a match against the computer, and a computer added to a lobby."""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from typing import Any

import discord

from games.computer_players import levels, supports
from games.core import find

from .. import texts
from ..components import freeze
from ..computers.buttons import levels_view
from ..computers.identity import level_help, level_name, no_computer, pick_level
from ..computers.zombie import RESIGN, Decision, may_offer
from ..computers.zombie_posts import ZombieDesk
from ..i18n import Msg, match_locale, msg, nt, t
from ..service import LiveMatch, ServiceError
from ..storage import LOBBY
from .lobby import LobbyHandlers
from .play import PlayHandlers
from .private import PrivateHandlers

#: What ``opponent:`` takes (``person``: the lobby waits for people, as without it).
OPPONENTS = ("computer", "person")


def chosen_level(game: str, opponent: str | None, level: str | None) -> str | None:
    """The computer's level that ``/game new opponent: level:`` asks for (``None``: no computer),
    or a :class:`ServiceError` that says why not; checked before anything is made."""
    ruleset = find(game)
    wanted = (opponent or "").strip().lower()
    if wanted not in ("", *OPPONENTS):
        raise ServiceError(
            msg("`{opponent}` is not an opponent: use `computer` or `person`.", opponent=opponent)
        )
    if wanted != "computer":
        if level:
            raise ServiceError(msg("`level:` is the computer's level: add `opponent:computer` to play one."))
        return None
    try:
        return pick_level(ruleset.name, ruleset.title, level)
    except ValueError as exc:
        raise ServiceError(*exc.args) from None


class ComputerHandlers(LobbyHandlers, PlayHandlers, PrivateHandlers):
    """``/game new opponent:computer``, "Add a computer player", ``/game computer``, and zombie
    mode (a resignation in a casual match first asks the others whether a computer plays on)."""

    async def resign_confirmed(self, interaction: discord.Interaction[Any], match_id: int, step: int) -> None:
        """A confirmed resignation; in a casual match whose seat a computer may take, held while
        the other players vote (:mod:`bot.computers.zombie`)."""
        async with self.friendly(interaction):
            await freeze(interaction)  # answered first: the match is read and the vote committed
            live = await self.service.get(match_id)
            offer = None
            if step == texts.public_step(live):
                offer = await self.service.zombie.open(live.id, interaction.user.id, RESIGN)
            if offer is None:
                await super().resign_confirmed(interaction, match_id, step)
                return
            await self.deliver_committed(ZombieDesk(self.delivery).offer(live, offer))
            locale = await self.locale_of(interaction)
            await interaction.followup.send(
                t(
                    locale,
                    "You left match #{match}. The other players decide whether a computer plays on for "
                    "you; if one of them says no, your resignation stands.",
                    match=live.id,
                ),
                ephemeral=True,
            )
            await self._close_one_shot(
                interaction, t(locale, "You resigned (the others vote on a computer).")
            )

    async def rematch(self, interaction: discord.Interaction[Any], match_id: int) -> None:
        """A rematch as for people; the old match's computers take their next sides at once (a
        match against the computer starts again at once)."""
        await super().rematch(interaction, match_id)
        async with self.friendly(interaction):
            for record in await self.service.store.rematches_of(match_id):
                if record.status != LOBBY:
                    continue
                result = await self.service.computers.seat_rematch(record.id)
                if result is not None and result.started:
                    await self.deliver_committed(self.delivery.announce_start(result.match))
                elif result is not None:
                    await self.deliver_committed(self.delivery.refresh_lobby(result.match))

    async def pause(self, interaction: discord.Interaction[Any], live: LiveMatch, *, pause: bool) -> None:
        """As for people; a match resumed goes on at once where a computer is to move."""
        await super().pause(interaction, live, pause=pause)
        if not pause:  # (answered: a failure to look is only logged, the ticker looks again)
            await self.deliver_committed(self._resumed(live.id))

    async def _resumed(self, match_id: int) -> None:
        self.delivery.told(await self.service.get(match_id))

    def leaving_note(self, live: LiveMatch, user_id: int) -> Msg | None:
        if not may_offer(live, user_id):
            return None
        return msg("First, the others decide whether a computer plays on for you.")

    async def zombie_vote(self, interaction: discord.Interaction[Any], match_id: int, *, agree: bool) -> None:
        """One player's vote on a computer playing on for a player who left."""
        async with self.friendly(interaction):
            await self.defer(interaction)
            decision = await self.service.zombie.vote(match_id, interaction.user.id, agree)
            locale = await self.locale_of(interaction)
            if decision.outcome == "waiting":
                await interaction.followup.send(
                    nt(
                        locale,
                        "Noted: waiting for {count} more player to agree.",
                        "Noted: waiting for {count} more players to agree.",
                        len(decision.offer.missing),
                    ),
                    ephemeral=True,
                )
                return
            if interaction.message is not None:  # (committed: a failure is only logged)
                await self.deliver_committed(self._close_vote(interaction.message, decision))
            await self.deliver_committed(ZombieDesk(self.delivery).decided(decision))
            done = (
                t(locale, "Done: a computer plays on.")
                if decision.outcome == "taken"
                else t(locale, "Done: the player's leaving stands.")
            )
            await interaction.followup.send(done, ephemeral=True)

    async def _close_vote(self, message: discord.Message, decision: Decision) -> None:
        """The vote's post is the thread's: its verdict in the match's language."""
        told = match_locale((await self.service.get(decision.offer.match_id)).record.language)
        taken = decision.outcome == "taken"
        verdict = t(told, "🤖 Agreed: a computer plays on.") if taken else t(told, "Declined.")
        with contextlib.suppress(discord.HTTPException):
            await message.edit(content=f"{message.content}\n{verdict}", view=None)

    async def new_against_computer(
        self,
        interaction: discord.Interaction[Any],
        game: str,
        options: Mapping[str, str | None],
        side: str | None,
        *,
        level: str,
        pace: str | None = None,
        language: str | None = None,
    ) -> None:
        """A lobby with a computer seated at once: a two-player game starts at once; a larger
        table waits for more players (or more computers) as any lobby. Its public posts speak
        ``language`` (default: the server's)."""
        async with self.friendly(interaction):
            live = await self.open_lobby(interaction, game, options, side, pace=pace, language=language)
            result = await self.service.computers.add(live.id, interaction.user.id, level)
            if result.started:
                await self.deliver_committed(self.delivery.announce_start(result.match))
            else:
                await self.deliver_committed(self.delivery.refresh_lobby(result.match))

    async def offer_levels(self, interaction: discord.Interaction[Any], match_id: int) -> None:
        """The lobby's "Add a computer player": the game's levels, to the lobby's creator."""
        async with self.friendly(interaction):
            live = await self.service.get(match_id)
            self._check_can_add(live, interaction.user.id)
            offered = levels(live.record.game)
            locale = await self.locale_of(interaction)
            lines = [
                t(
                    locale,
                    "**{level}**: {help}",
                    level=level_name(name, locale),
                    help=level_help(name, locale),
                )
                for name in offered
            ]
            await interaction.response.send_message(
                "\n".join([t(locale, "Which computer player? (weakest first)"), *lines]),
                view=levels_view(match_id, offered, locale),
                ephemeral=True,
            )

    async def add_computer(
        self,
        interaction: discord.Interaction[Any],
        match_id: int,
        level: str | None,
        side: str | None = None,
        *,
        one_shot: bool = False,
    ) -> None:
        """Seat a computer in the user's lobby (``/game computer`` or a level button)."""
        async with self.friendly(interaction):
            if one_shot:
                await freeze(interaction)
            await self.defer(interaction)
            message = interaction.message if one_shot else None
            once = None if message is None else str(message.id)
            result = await self.service.computers.add(match_id, interaction.user.id, level, side, once=once)
            live = result.match
            seat = live.seats[-1]
            locale = await self.locale_of(interaction)
            title = (
                live.ruleset.role_title(seat.role or seat.wanted_role or "")
                if (seat.role or seat.wanted_role)
                else t(locale, "a side drawn at the start")
            )
            try:
                await interaction.followup.send(
                    t(
                        locale,
                        "{player} joined match #{match} ({side}).",
                        player=texts.mention(seat.user_id, locale),
                        match=live.id,
                        side=title,
                    ),
                    ephemeral=True,
                )
            finally:
                if result.started:
                    await self.deliver_committed(self.delivery.announce_start(live))
                else:
                    await self.deliver_committed(self.delivery.refresh_lobby(live))

    async def remove_computer(
        self, interaction: discord.Interaction[Any], match_id: int, computer: int | None = None
    ) -> None:
        """Take a computer out of the user's lobby (its "Remove" button, or ``/game computer
        remove:``): ``computer``, or the one seated last; everyone sees the lobby updated."""
        async with self.friendly(interaction):
            await self.defer(interaction)
            live, removed = await self.service.computers.remove(match_id, interaction.user.id, computer)
            locale = await self.locale_of(interaction)
            try:
                await interaction.followup.send(
                    t(
                        locale,
                        "{player} left match #{match}.",
                        player=texts.mention(removed, locale),
                        match=live.id,
                    ),
                    ephemeral=True,
                )
            finally:
                await self.deliver_committed(self.delivery.refresh_lobby(live))

    @staticmethod
    def _check_can_add(live: LiveMatch, user_id: int) -> None:
        if not supports(live.record.game):
            raise ServiceError(no_computer(live.ruleset.title))
        if live.record.status != "lobby":
            raise ServiceError(msg("Match #{match} is not open for players any more.", match=live.id))
        if user_id != live.record.creator_id:
            raise ServiceError(msg("Only the player who opened the lobby can add a computer player."))
