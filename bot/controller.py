"""Interaction handling shared by slash commands and components: parse -> service -> present.

Every refusal (an engine ``ActionError`` or a ``ServiceError``) becomes a friendly ephemeral
reply and changes nothing. Slow work is deferred first so Discord gets an answer within 3 s.
"""

from __future__ import annotations

import difflib
import io
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from contextlib import asynccontextmanager
from dataclasses import replace
from typing import Any

import discord

from games.core import Action, ActionError, Ruleset, StaleAction
from games.core.words import agree, capitalized, counted, join_words

from . import present, rendering
from .choices import HINT, amount_of, count_choices, resolve_arg, with_count
from .components import freeze
from .delivery import NO_PINGS, Delivery
from .exchange import MAX_BYTES as MAX_EXPORT_BYTES
from .exchange import ExchangeError, read_document
from .failures import log_failure
from .menus import confirm_view, count_view, group_view, groups, resign_view
from .pace import PaceError
from .service import ActResult, LiveMatch, MatchService, ServiceError
from .settings import SettingsError, SettingsService
from .storage import ACTIVE, FINISHED, LOBBY
from .storage.trouble import BUSY, FULL, storage_reply, storage_trouble
from .ui import lobby_view

log = logging.getLogger(__name__)

STALE = "This prompt is out of date: the game has moved on. Use the newest prompt or `/hand`."


#: Discord's upload limit for a message without a server boost (bytes).
MAX_UPLOAD = 10_000_000


def is_admin(interaction: discord.Interaction[Any]) -> bool:
    """Whether the user may manage this server (league and match admin powers)."""
    return interaction.guild_id is not None and interaction.permissions.manage_guild


class Controller:
    """What the bot does for one interaction. Holds no Discord state of its own."""

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
    async def refuse(self, interaction: discord.Interaction[Any], text: str) -> None:
        """An ephemeral error, whether or not the interaction was answered already."""
        text = present.clip(f"⚠️ {text}")  # errors may quote what was typed, which can be long
        try:
            if interaction.response.is_done():
                await interaction.followup.send(text, ephemeral=True)
            else:
                await interaction.response.send_message(text, ephemeral=True)
        except discord.HTTPException as exc:
            log.warning("could not send an error reply: %s %s", exc.status, exc.code)

    @asynccontextmanager
    async def friendly(self, interaction: discord.Interaction[Any]) -> AsyncIterator[None]:
        """Turn refusals into ephemeral replies; log (without secrets) anything unexpected."""
        try:
            yield
        except (ActionError, ServiceError, PaceError, SettingsError, ExchangeError) as exc:
            await self.refuse(interaction, str(exc))
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
            await self.refuse(
                interaction,
                storage_reply(trouble)
                if trouble
                else "Something went wrong on my side; nothing was changed.",
            )

    async def defer(self, interaction: discord.Interaction[Any], *, ephemeral: bool = True) -> None:
        if not interaction.response.is_done():
            await interaction.response.defer(ephemeral=ephemeral, thinking=True)

    # -- lobby -----------------------------------------------------------------------
    async def new(
        self,
        interaction: discord.Interaction[Any],
        game: str,
        options: Mapping[str, str | None],
        side: str | None,
        *,
        pace: str | None = None,
    ) -> None:
        async with self.friendly(interaction):
            if interaction.guild_id is None or interaction.channel_id is None:
                raise ServiceError("Start matches in a server channel, not in DMs.")
            if isinstance(interaction.channel, discord.Thread):
                raise ServiceError("Start matches in a text channel, not inside a thread.")
            live = await self.service.create(
                guild_id=interaction.guild_id,
                channel_id=interaction.channel_id,
                user_id=interaction.user.id,
                game=game,
                options=options,
                side=side,
                pace=pace,
            )
            await interaction.response.send_message(
                present.lobby_text(live),
                view=lobby_view(live.id),
                allowed_mentions=discord.AllowedMentions.none(),
            )
            message = await interaction.original_response()
            await self.service.attach_lobby_message(live.id, message.id)

    async def rematch(self, interaction: discord.Interaction[Any], match_id: int) -> None:
        """Open the rematch lobby of a finished match in its channel (the others are invited)."""
        async with self.friendly(interaction):
            await self.defer(interaction)
            live, new = await self.service.rematch(match_id, interaction.user.id)
            if new:
                old = await self.service.get(match_id)
                others = [s.user_id for s in old.seats if s.user_id != interaction.user.id]
                invite = " ".join(present.mention(u) for u in others)
                message = await self.delivery.post(
                    live.record.channel_id,
                    content=f"{present.lobby_text(live)}\n{invite}: press **Join** for the rematch.",
                    view=lobby_view(live.id),
                    allowed_mentions=discord.AllowedMentions(users=[discord.Object(u) for u in others]),
                )
                if message is not None:
                    await self.service.attach_lobby_message(live.id, message.id)
            role = live.seat_of(interaction.user.id)
            mine = (
                f" You play **{live.ruleset.role_title(role.role or role.wanted_role or '')}**."
                if role
                else ""
            )
            head = "Rematch lobby opened" if new else "The rematch lobby is open already"
            await interaction.followup.send(
                f"{head}: match #{live.id} in <#{live.record.channel_id}>.{mine}", ephemeral=True
            )

    async def substitute(
        self, interaction: discord.Interaction[Any], live: LiveMatch, old_user: int, new_user: int
    ) -> None:
        """A player hands his seat on, or a server admin hands anyone's."""
        async with self.friendly(interaction):
            if interaction.user.id != old_user and not await self.admin_of(interaction, live):
                raise ServiceError(
                    "Only the player himself, a server admin (Manage Server) or, in a league match, "
                    "a league admin can hand a seat on."
                )
            await self.defer(interaction)
            role = live.role_of(old_user)
            live = await self.service.substitute(live.id, old_user, new_user)
            title = live.ruleset.role_title(role or "")
            await self.delivery.seat_changed(live, role or "", old_user, new_user)
            await interaction.followup.send(
                f"Done: {present.mention(new_user)} now plays {title} in match #{live.id}.", ephemeral=True
            )

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
                    f"Match #{live.id} can be replayed once it is over: the last frame shows every secret."
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
            log_text = present.full_log(live, names)
            files = [discord.File(io.BytesIO(log_text.encode("utf-8")), filename=f"{stem}-log.txt")]
            head = f"**Replay of {live.ruleset.title} #{live.id}**"
            if len(gif) <= MAX_UPLOAD:
                head += f" ({frames} frames; the last shows every secret)"
                picture = discord.File(
                    io.BytesIO(gif),
                    filename=f"{stem}-replay.gif",
                    description=f"The match #{live.id} step by step ({frames} pictures)",
                )
                files.insert(0, picture)
            else:
                head += " (too long a match for one animated picture: here is its log)"
            await interaction.followup.send(
                f"{head}. {present.result_text(live)}", files=files, allowed_mentions=NO_PINGS
            )

    async def export(self, interaction: discord.Interaction[Any], live: LiveMatch) -> None:
        """A finished match as a file, to the asker only."""
        async with self.friendly(interaction):
            await self.defer(interaction)
            live, text = await self.service.export(live.id, interaction.guild_id)
            name = f"palantir-{live.record.game}-{live.id}.json"
            await interaction.followup.send(
                f"Match #{live.id} ({live.ruleset.title}) as a file: options, seed, every move and the "
                "result. A server admin can re-create it with `/game import`.",
                file=discord.File(io.BytesIO(text.encode("utf-8")), filename=name),
                ephemeral=True,
            )

    async def import_file(
        self, interaction: discord.Interaction[Any], attachment: discord.Attachment
    ) -> None:
        """Re-create an exported match in this channel (server admins only)."""
        async with self.friendly(interaction):
            if not is_admin(interaction):
                raise ServiceError("Only a server admin (Manage Server) can import a match.")
            if attachment.size > MAX_EXPORT_BYTES:
                raise ExchangeError("That file is too big for a match export.")
            await self.defer(interaction)
            document = read_document(await attachment.read())
            live = await self.service.import_match(
                document, guild_id=interaction.guild_id, channel_id=interaction.channel_id
            )
            outcome = present.result_text(live) if live.state and live.state.get("result") else "in progress"
            await interaction.followup.send(
                f"Imported as match #{live.id} ({live.ruleset.title}, {len(document.entries)} entries): "
                f"{outcome}. `/game replay match:{live.id}` shows it.",
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
            role = live.seat_of(interaction.user.id)
            side_text = ""
            if role is not None and role.role:
                side_text = f" You play **{live.ruleset.role_title(role.role)}**."
            # The joiner is answered first: the start renders the first boards, which may take
            # seconds under load. The post follows whether or not the answer went through.
            try:
                await interaction.followup.send(f"You joined match #{live.id}.{side_text}", ephemeral=True)
            finally:
                if result.started:
                    await self._deliver(self.delivery.announce_start(live))
                else:
                    await self._deliver(self.delivery.refresh_lobby(live))

    async def start(self, interaction: discord.Interaction[Any], match_id: int) -> None:
        async with self.friendly(interaction):
            await self.defer(interaction)
            live = await self.service.start(match_id, interaction.user.id)
            try:  # answered first, as for the joiner who fills a lobby
                await interaction.followup.send(f"Match #{live.id} starts.", ephemeral=True)
            finally:
                await self._deliver(self.delivery.announce_start(live))

    async def cancel(self, interaction: discord.Interaction[Any], match_id: int) -> None:
        async with self.friendly(interaction):
            live = await self.service.cancel(match_id, interaction.user.id)
            await interaction.response.send_message(f"Lobby #{live.id} cancelled.", ephemeral=True)
            await self.delivery.refresh_lobby(live)

    # -- play ------------------------------------------------------------------------
    async def act(
        self,
        interaction: discord.Interaction[Any],
        live: LiveMatch,
        text: str,
        *,
        expected_version: int | None = None,
        expected_prompt: int | None = None,
        typed: bool = False,
    ) -> None:
        async with self.friendly(interaction):
            if text.strip() == HINT:
                raise ServiceError(
                    "That line of the list only explains: type a few letters of what you want, then pick it."
                )
            await self.defer(interaction)
            result = await self.service.act(
                live.id,
                interaction.user.id,
                text,
                expected_version=expected_version,
                expected_prompt=expected_prompt,
                interaction_id=str(interaction.id),
                typed=typed,
            )
            await self._after(interaction, result)

    async def act_line(self, interaction: discord.Interaction[Any], live: LiveMatch, line: str) -> None:
        """Several steps typed in one line (``a; b; c``): all made, or none when one is refused."""
        async with self.friendly(interaction):
            await self.defer(interaction)
            results = await self.service.act_line(
                live.id, interaction.user.id, line, interaction_id=str(interaction.id), typed=True
            )
            for result in results[:-1]:
                if not result.duplicate:
                    await self._deliver(self.delivery.after_entry(result))
            last = results[-1]
            if len(results) > 1 and not last.duplicate:
                last = replace(last, label=" → ".join(r.label for r in results))
            await self._after(interaction, last)

    async def pick(
        self,
        interaction: discord.Interaction[Any],
        match_id: int,
        version: int,
        index: int,
        *,
        confirmed: bool = False,
        one_shot: bool = False,
        count: int | None = None,
    ) -> None:
        """A choice from a player's menu or button: the index of a legal action at his prompt
        ``version``. An action that cannot be undone is confirmed first (the player's setting).
        An action with a count ("Place in Rohan") asks how many first, unless ``count`` says it.

        ``one_shot``: the click came from a message made for this choice only (a confirmation,
        a long list's second step); its buttons are taken off at once, so it cannot be used again.
        """
        async with self.friendly(interaction):
            if one_shot:
                await freeze(interaction)  # disabled at once; the one-shot message is closed at the end
            await self.defer(interaction)  # first: the match may have to be read from the database
            live = await self.service.get(match_id)
            role = live.role_of(interaction.user.id)
            if role is None:
                raise ServiceError(f"You are not playing in match #{match_id}.")
            choices = self.service.choices(live, role)
            if version != live.prompt_version(role):
                raise await self.service.stale(live, role, version)
            if not 0 <= index < len(choices):
                raise StaleAction(STALE)
            choice = choices[index]
            action, label = choice.action, choice.label
            amount = amount_of(live.prompt(role), action)
            state = live.state or {}
            if amount is not None and count is None:
                counts = [
                    (n, live.ruleset.describe(state, role, with_count(action, n)))
                    for n in count_choices(amount.low, amount.high)
                ]
                await interaction.followup.send(
                    f"**{live.ruleset.describe_group(state, role, action.verb, action.args[0])}** How many?",
                    view=count_view(live.id, version, index, counts, amount.low, amount.high),
                    ephemeral=True,
                )
                if one_shot:
                    await self._close_one_shot(interaction, f"Chosen: {label} (how many?)")
                return
            if count is not None:
                if amount is None or not amount.admits(with_count(action, count)):
                    raise StaleAction(STALE)
                action = with_count(action, count)
                label = live.ruleset.describe(state, role, action)
            if not confirmed and await self._asks_first(interaction, live, role, action):
                effect = f"\n{choice.effect}" if choice.effect else ""
                await interaction.followup.send(
                    f"**{label}**{effect}\nThis cannot be taken back. Go ahead?",
                    view=confirm_view(live.id, version, index, count),
                    ephemeral=True,
                )
                if one_shot:
                    await self._close_one_shot(interaction, f"Chosen: {label} (to confirm)")
                return
            await self.act(interaction, live, action.text, expected_prompt=version)
            if one_shot:
                await self._close_one_shot(interaction, f"Chosen: {label}")

    @staticmethod
    async def _close_one_shot(interaction: discord.Interaction[Any], text: str) -> None:
        """Take the buttons off a message made for one choice (it has been made)."""
        try:
            await interaction.edit_original_response(content=text, view=None)
        except discord.HTTPException as exc:
            log.debug("could not close a one-shot message: %s", exc.status)

    async def _asks_first(
        self, interaction: discord.Interaction[Any], live: LiveMatch, role: str, action: Action
    ) -> bool:
        """Whether a choice from the menus asks "Go ahead?" first, by the player's setting:
        ``important`` only what the game says gives something up (and had another choice),
        ``always`` anything; in both only what cannot be undone."""
        mode = (await self.settings.get(interaction.user.id)).confirm
        if mode == "never" or (mode == "important" and not self.service.gives_up(live, role, action)):
            return False
        return await self.service.would_be_final(live.id, interaction.user.id, action)

    async def pick_group(
        self, interaction: discord.Interaction[Any], match_id: int, version: int, number: int
    ) -> None:
        """The first step of a long list ("Place Frodo…"): show that group's choices."""
        async with self.friendly(interaction):
            await self.defer(interaction)
            live = await self.service.get(match_id)
            role = live.role_of(interaction.user.id)
            if role is None:
                raise ServiceError(f"You are not playing in match #{match_id}.")
            state = live.state or {}
            choices = [c for c in self.service.choices(live, role) if c.action.args]

            def label(action: Action) -> str:
                return live.ruleset.describe_group(state, role, action.verb, action.args[0])

            found = groups(choices, label)
            if version != live.prompt_version(role):
                raise await self.service.stale(live, role, version)
            if not 0 <= number < len(found):
                raise StaleAction(STALE)
            group = found[number]
            if len(group.choices) == 1:
                await self.pick(interaction, match_id, version, group.choices[0].index)
                return
            await interaction.followup.send(
                f"**{group.label}**", view=group_view(live.id, version, group), ephemeral=True
            )

    async def act_typed(
        self, interaction: discord.Interaction[Any], live: LiveMatch, text: str, *, confirm: bool
    ) -> None:
        """A typed action: made at once, unless ``confirm`` asks for one more click first."""
        async with self.friendly(interaction):
            if confirm:
                await self.defer(interaction)
                role = live.role_of(interaction.user.id)
                if role is None:
                    raise ServiceError(f"You are not playing in match #{live.id}.")
                assert live.game is not None
                action = live.game.check(role, text)
                choices = self.service.choices(live, role)
                amount = next((a for a in live.prompt(role).amounts if a.admits(action)), None)
                listed = next(
                    c
                    for c in choices
                    if c.action == action or (amount is not None and amount.admits(c.action))
                )
                count = int(action.args[-1]) if listed.action != action else None
                if await self.service.would_be_final(live.id, interaction.user.id, action):
                    label = live.ruleset.describe(live.state or {}, role, action)
                    effect = f"\n{listed.effect}" if listed.effect else ""
                    await interaction.followup.send(
                        f"**{label}**{effect}\nThis cannot be taken back. Go ahead?",
                        view=confirm_view(live.id, live.prompt_version(role), listed.index, count),
                        ephemeral=True,
                    )
                    return
            await self.act(interaction, live, text, typed=True)

    async def cancelled(self, interaction: discord.Interaction[Any]) -> None:
        """**Cancel** closes its own confirmation: an ephemeral message only its user sees.

        A forged click on any other message (a lobby's living status, a board post) must not
        edit it: it is refused and the message stays as it is.
        """
        async with self.friendly(interaction):
            message = interaction.message
            if message is None or not message.flags.ephemeral:
                raise ServiceError("There is nothing to cancel here.")
            await interaction.response.edit_message(content="Cancelled: nothing was done.", view=None)

    async def undo(
        self, interaction: discord.Interaction[Any], match_id: int, *, expected_prompt: int | None = None
    ) -> None:
        async with self.friendly(interaction):
            await self.defer(interaction)
            live = await self.service.get(match_id)
            role = live.role_of(interaction.user.id)
            if (
                expected_prompt is not None
                and role is not None
                and expected_prompt != live.prompt_version(role)
            ):
                raise await self.service.stale(live, role, expected_prompt)
            result = await self.service.undo(
                match_id,
                interaction.user.id,
                interaction_id=str(interaction.id),
                expected_prompt=expected_prompt,
            )
            await self._after(interaction, result)

    async def resign(self, interaction: discord.Interaction[Any], live: LiveMatch) -> None:
        """Resigning asks first: one more click ends the match."""
        async with self.friendly(interaction):
            role = live.role_of(interaction.user.id)
            if role is None:
                raise ServiceError(f"You are not playing in match #{live.id}.")
            if live.state is None or live.state.get("result") is not None or live.record.status != "active":
                raise ServiceError(f"Match #{live.id} is not being played.")
            await self.defer(interaction)
            winners = await self.service.winners_if_resigned(live.id, interaction.user.id)
            if winners is None:
                outcome = "You leave the game and the others play on without you"
            else:
                names = capitalized(join_words(live.ruleset.role_name(r) for r in winners)) or "Nobody"
                outcome = f"{names} will win"
            await interaction.followup.send(
                f"Resign match #{live.id}? {outcome}. This cannot be taken back.",
                view=resign_view(live.id, present.public_step(live)),
                ephemeral=True,
            )

    async def resign_confirmed(self, interaction: discord.Interaction[Any], match_id: int, step: int) -> None:
        async with self.friendly(interaction):
            await freeze(interaction)
            result = await self.service.resign(
                match_id, interaction.user.id, interaction_id=str(interaction.id), expected_step=step
            )
            await self._after(interaction, result)
            await self._close_one_shot(interaction, "You resigned.")

    async def _after(self, interaction: discord.Interaction[Any], result: ActResult) -> None:
        """Post publicly and DM the others (all after the commit), then answer the actor.

        The actor's answer comes last, so when it arrives the thread is already up to date.
        """
        live = result.match
        if result.duplicate:
            await interaction.followup.send(f"Already done: `{result.action}`.", ephemeral=True)
            return
        await self._deliver(self.delivery.after_entry(result))
        if result.kind == "act":
            done = f"✅ {result.label}"
        elif result.kind == "undo":
            done = "↩️ Your last move was taken back."
        else:
            done = "🏳️ You resigned."
        going_on = not result.finished and result.role in live.active_roles()
        if going_on and not await self.delivery.has_private_place(live, result.role):
            # No DM to keep up to date (closed DMs): the next choices come with the answer.
            payload = await self.delivery.private_payload(live, result.role)
            payload["content"] = present.clip(f"{done}\n{payload.get('content', '')}")
            await interaction.followup.send(ephemeral=True, **payload)
        elif going_on:
            text = present.acted_text(done, pressed_in_dm=interaction.guild_id is None)
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.followup.send(done, ephemeral=True)

    async def _deliver(self, work: Awaitable[None]) -> None:
        """Run delivery work; the action is committed already, so a failure is only logged."""
        try:
            await work
        except Exception as exc:
            log_failure(log, "delivering a committed action failed", exc)

    # -- private views -----------------------------------------------------------------
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
        text, cards = present.rules_answer(ruleset, topic, cards_only=cards_only)
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
                content=f"{present.mention(interaction.user.id)} asks to {verb} the match: every player "
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
                await self.delivery.named(live, view), present.image_name(live, None), layout=layout
            )
            kwargs: dict[str, Any] = {"content": present.status_text(live, None)}
            if image is not None:
                kwargs["file"] = image
            await interaction.followup.send(**kwargs)
