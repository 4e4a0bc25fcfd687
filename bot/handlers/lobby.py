"""Handlers of the lobby and of whole matches: open, join, start, cancel, hand over, export."""

from __future__ import annotations

import io
import logging
from collections.abc import Awaitable, Mapping
from typing import Any

import discord

from games.computer_players import supports

from .. import rendering, texts
from ..computers.identity import is_computer
from ..i18n import best, guild_locale, match_locale, msg, nt, t
from ..match_file import MAX_BYTES as MAX_EXPORT_BYTES
from ..match_file import ExchangeError, read_document
from ..match_posts import NO_PINGS
from ..service import LiveMatch, ServiceError
from ..storage import FINISHED
from ..ui import lobby_view
from .replies import Handlers, is_admin

log = logging.getLogger(__name__)

#: Discord's upload limit for a message without a server boost (bytes).
MAX_UPLOAD = 10_000_000


class LobbyHandlers(Handlers):
    """Lobbies, seats, rematches, substitutes, replays, export and import."""

    async def new(
        self,
        interaction: discord.Interaction[Any],
        game: str,
        options: Mapping[str, str | None],
        side: str | None,
        *,
        pace: str | None = None,
        language: str | None = None,
    ) -> None:
        """Open a lobby; its public posts speak ``language`` (default: the server's)."""
        async with self.friendly(interaction):
            await self.open_lobby(interaction, game, options, side, pace=pace, language=language)

    async def open_lobby(
        self,
        interaction: discord.Interaction[Any],
        game: str,
        options: Mapping[str, str | None],
        side: str | None,
        *,
        pace: str | None,
        language: str | None,
    ) -> LiveMatch:
        """Create a lobby in the interaction's channel and post it (inside ``friendly``)."""
        if interaction.guild_id is None or interaction.channel_id is None:
            raise ServiceError(msg("Start matches in a server channel, not in DMs."))
        if isinstance(interaction.channel, discord.Thread):
            raise ServiceError(msg("Start matches in a text channel, not inside a thread."))
        live = await self.service.create(
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id,
            user_id=interaction.user.id,
            game=game,
            options=options,
            side=side,
            pace=pace,
            language=best(language, guild_locale(interaction)),
        )
        content = texts.lobby_text(live)
        view = lobby_view(live.id, computer=supports(game), locale=match_locale(live.record.language))
        quiet = discord.AllowedMentions.none()
        posted: Awaitable[discord.Message | None]
        try:
            await interaction.response.send_message(content, view=view, allowed_mentions=quiet)
            posted = interaction.original_response()
        except Exception as exc:
            # Opened (committed) but maybe unanswered (the 3 s window missed, Discord refusing):
            # unless the answer reached Discord after all, the lobby is posted in its channel.
            log.warning("a lobby's answer failed (%s): it is posted in its channel", type(exc).__name__)
            posted = self._answered_or_posted(
                interaction, live.record.channel_id, content=content, view=view, allowed_mentions=quiet
            )
        # Opened and posted: its message is only remembered (for its edits; a failure is logged).
        await self.deliver_committed(self._attach_lobby(live.id, posted))
        return live

    async def _answered_or_posted(
        self, interaction: discord.Interaction[Any], channel_id: int | None, **post: Any
    ) -> discord.Message | None:
        """The answer, if Discord has it despite the error (never the lobby twice), else the
        lobby posted in ``channel_id``."""
        try:
            return await interaction.original_response()
        except Exception:  # (never answered: Discord knows no such message)
            return await self.delivery.post(channel_id, **post)

    async def _attach_lobby(self, match_id: int, posted: Awaitable[discord.Message | None]) -> None:
        message = await posted
        if message is not None:
            await self.service.attach_lobby_message(match_id, message.id)

    async def rematch(self, interaction: discord.Interaction[Any], match_id: int) -> None:
        """Open the rematch lobby of a finished match in its channel (the others are invited)."""
        async with self.friendly(interaction):
            await self.defer(interaction)
            live, new = await self.service.rematch(match_id, interaction.user.id)
            if new:  # (committed: a failure to post it is only logged)
                await self.deliver_committed(self._post_rematch(live, match_id, interaction.user.id))
            locale = await self.locale_of(interaction)
            seat = live.seat_of(interaction.user.id)
            where = {"match": live.id, "channel": live.record.channel_id}
            if new:
                said = t(locale, "Rematch lobby opened: match #{match} in <#{channel}>.", **where)
            else:
                said = t(
                    locale, "The rematch lobby is open already: match #{match} in <#{channel}>.", **where
                )
            if seat:
                side = live.ruleset.role_title(seat.role or seat.wanted_role or "", locale)
                said += " " + t(locale, "You play **{side}**.", side=side)
            await interaction.followup.send(said, ephemeral=True)

    async def _post_rematch(self, live: LiveMatch, match_id: int, user_id: int) -> None:
        """The rematch lobby in its channel; the old match's other players are invited."""
        old = await self.service.get(match_id)
        others = [
            s.user_id for s in old.seats if s.user_id != user_id and not is_computer(s.user_id)
        ]  # (a computer is seated at once: see ComputerHandlers.rematch)
        invite = " ".join(texts.mention(u) for u in others)
        said = t(best(live.record.language), "{players}: press **Join** for the rematch.", players=invite)
        posted = self.delivery.post(
            live.record.channel_id,
            content=f"{texts.lobby_text(live)}\n{said}" if others else texts.lobby_text(live),
            view=lobby_view(
                live.id, computer=supports(live.record.game), locale=match_locale(live.record.language)
            ),
            allowed_mentions=discord.AllowedMentions(users=[discord.Object(u) for u in others]),
        )
        await self._attach_lobby(live.id, posted)

    async def substitute(
        self, interaction: discord.Interaction[Any], live: LiveMatch, old_user: int, new_user: int
    ) -> None:
        """A player hands his seat on, or a server admin hands anyone's; a computer's seat (a
        casual match's: leagues have none) is handed on by the match's creator or an admin."""
        async with self.friendly(interaction):
            creator = interaction.user.id == live.record.creator_id
            if is_computer(old_user):
                if not creator and not await self.admin_of(interaction, live):
                    raise ServiceError(
                        msg(
                            "Only the player who opened the match or a server admin (Manage Server) can "
                            "hand a computer's seat to a person."
                        )
                    )
            elif interaction.user.id != old_user and not await self.admin_of(interaction, live):
                raise ServiceError(
                    msg(
                        "Only the player himself, a server admin (Manage Server) or, in a league match, "
                        "a league admin can hand a seat on."
                    )
                )
            await self.defer(interaction)
            role = live.role_of(old_user)
            live = await self.service.substitute(live.id, old_user, new_user)
            title = live.ruleset.role_title(role or "")
            # Committed: a failed post is only logged (the new player's prompt stays owed to him).
            await self.deliver_committed(self.delivery.seat_changed(live, role or "", old_user, new_user))
            locale = await self.locale_of(interaction)
            said = t(
                locale,
                "Done: {player} now plays {side} in match #{match}.",
                player=texts.mention(new_user),
                side=title,
                match=live.id,
            )
            await interaction.followup.send(said, ephemeral=True)

    async def admin_of(self, interaction: discord.Interaction[Any], live: LiveMatch) -> bool:
        """A server admin, or whoever :attr:`match_admin` accepts for this match."""
        if is_admin(interaction):
            return True
        return self.match_admin is not None and await self.match_admin(interaction, live)

    async def replay(self, interaction: discord.Interaction[Any], live: LiveMatch) -> None:
        """A finished match as an animated picture (every step worth seeing, the last frame with
        every secret shown) and its whole log as text, posted where the command was used."""
        async with self.friendly(interaction):
            if live.record.status != FINISHED or live.state is None:
                raise ServiceError(
                    msg(
                        "Match #{match} can be replayed once it is over: the last frame shows every secret.",
                        match=live.id,
                    )
                )
            await self.defer(interaction, ephemeral=False)
            entries = [(a.kind, a.role, a.action) for a in await self.service.store.actions(live.id)]
            names = {role: name for role, name in await self.delivery.display_names(live) if role}
            record = live.record
            gif, frames = await rendering.POOL.run(
                rendering.draw_replay,
                record.game,
                record.seed,
                record.options,
                len(live.seats),
                entries,
                names,
                live.state.get("rules"),  # replayed by the rules revision it was played by
            )
            stem = f"{record.game}-{live.id}"
            log_text = texts.full_log(live, names)
            files = [discord.File(io.BytesIO(log_text.encode("utf-8")), filename=f"{stem}-log.txt")]
            locale = best(record.language)  # posted where everyone sees it: the match's language
            where = {"game": live.ruleset.title, "match": live.id}
            if len(gif) <= MAX_UPLOAD:
                head = nt(
                    locale,
                    "**Replay of {game} #{match}** ({count} frame; the last shows every secret).",
                    "**Replay of {game} #{match}** ({count} frames; the last shows every secret).",
                    frames,
                    **where,
                )
                picture = discord.File(
                    io.BytesIO(gif),
                    filename=f"{stem}-replay.gif",
                    description=nt(
                        locale,
                        "The match #{match} step by step ({count} picture)",
                        "The match #{match} step by step ({count} pictures)",
                        frames,
                        match=live.id,
                    ),
                )
                files.insert(0, picture)
            else:
                head = t(
                    locale,
                    "**Replay of {game} #{match}** (too long a match for one animated picture: "
                    "here is its log).",
                    **where,
                )
            await interaction.followup.send(
                f"{head} {texts.result_text(live)}", files=files, allowed_mentions=NO_PINGS
            )

    async def export(self, interaction: discord.Interaction[Any], live: LiveMatch) -> None:
        """A finished match as a file, to the asker only."""
        async with self.friendly(interaction):
            await self.defer(interaction)
            live, text = await self.service.export(live.id, interaction.guild_id)
            name = f"palantir-{live.record.game}-{live.id}.json"
            locale = await self.locale_of(interaction)
            await interaction.followup.send(
                t(
                    locale,
                    "Match #{match} ({game}) as a file: options, seed, every move and the result. "
                    "A server admin can re-create it with `/game import`.",
                    match=live.id,
                    game=live.ruleset.title,
                ),
                file=discord.File(io.BytesIO(text.encode("utf-8")), filename=name),
                ephemeral=True,
            )

    async def import_file(
        self, interaction: discord.Interaction[Any], attachment: discord.Attachment
    ) -> None:
        """Re-create an exported match in this channel (server admins only)."""
        async with self.friendly(interaction):
            if not is_admin(interaction):
                raise ServiceError(msg("Only a server admin (Manage Server) can import a match."))
            if attachment.size > MAX_EXPORT_BYTES:
                raise ExchangeError(msg("That file is too big for a match export."))
            await self.defer(interaction)
            document = read_document(await attachment.read())
            live = await self.service.import_match(
                document, guild_id=interaction.guild_id, channel_id=interaction.channel_id
            )
            locale = await self.locale_of(interaction)
            finished = bool(live.state and live.state.get("result"))
            outcome = texts.result_text(live) if finished else t(locale, "in progress")
            await interaction.followup.send(
                nt(
                    locale,
                    "Imported as match #{match} ({game}, {count} entry): {outcome}. "
                    "`/game replay match:{match}` shows it.",
                    "Imported as match #{match} ({game}, {count} entries): {outcome}. "
                    "`/game replay match:{match}` shows it.",
                    len(document.entries),
                    match=live.id,
                    game=live.ruleset.title,
                    outcome=outcome,
                ),
                ephemeral=True,
            )

    async def join(
        self,
        interaction: discord.Interaction[Any],
        match_id: int,
        side: str | None = None,
    ) -> None:
        async with self.friendly(interaction):
            await self.defer(interaction)
            result = await self.service.join(
                match_id, interaction.user.id, side, guild_id=interaction.guild_id
            )
            live = result.match
            locale = await self.locale_of(interaction)
            seat = live.seat_of(interaction.user.id)
            said = t(locale, "You joined match #{match}.", match=live.id)
            if seat is not None and seat.role:
                said += " " + t(
                    locale, "You play **{side}**.", side=live.ruleset.role_title(seat.role, locale)
                )
            # The joiner is answered first: the start renders the first boards, which may take
            # seconds under load. The post follows whether or not the answer went through.
            try:
                await interaction.followup.send(said, ephemeral=True)
            finally:
                if result.started:
                    await self.deliver_committed(self.delivery.announce_start(live))
                else:
                    await self.deliver_committed(self.delivery.refresh_lobby(live))

    async def start(self, interaction: discord.Interaction[Any], match_id: int) -> None:
        async with self.friendly(interaction):
            await self.defer(interaction)
            live = await self.service.start(match_id, interaction.user.id)
            try:  # answered first, as for the joiner who fills a lobby
                said = t(await self.locale_of(interaction), "Match #{match} starts.", match=live.id)
                await interaction.followup.send(said, ephemeral=True)
            finally:
                await self.deliver_committed(self.delivery.announce_start(live))

    async def cancel(self, interaction: discord.Interaction[Any], match_id: int) -> None:
        async with self.friendly(interaction):
            live = await self.service.cancel(match_id, interaction.user.id)
            said = t(await self.locale_of(interaction), "Lobby #{match} cancelled.", match=live.id)
            try:
                await interaction.response.send_message(said, ephemeral=True)
            finally:
                await self.deliver_committed(self.delivery.refresh_lobby(live))
