"""Outgoing messages: match threads, prompts, public boards and private DMs.

Called only after the storage commit. A failure to post (a deleted thread, a closed DM) is
logged and reported where useful, and never stops the game or reaches the player as an error.
"""

from __future__ import annotations

import asyncio
import io
import logging
from typing import Any

import aiohttp
import discord

from . import present
from .service import ActResult, LiveMatch, MatchService
from .storage import ACTIVE, FINISHED, LOBBY
from .ui import actions_view, hand_view, lobby_view, prompt_view

log = logging.getLogger(__name__)

DM_CLOSED = 50007
#: Failures below HTTP (connection reset, timeout) that discord.py lets through after retrying.
NETWORK_ERRORS = (aiohttp.ClientError, OSError, asyncio.TimeoutError)


class Delivery:
    """Posts what players and spectators should see, through a connected Discord client."""

    def __init__(self, client: discord.Client, service: MatchService) -> None:
        self.client = client
        self.service = service
        self._users: dict[int, discord.User] = {}

    # -- plumbing -----------------------------------------------------------------
    async def channel(self, channel_id: int | None) -> Any | None:
        """A channel or thread we can post to, from the cache or the API (``None`` if gone)."""
        if channel_id is None:
            return None
        found = self.client.get_channel(channel_id)
        if found is not None:
            return found
        try:
            return await self.client.fetch_channel(channel_id)
        except discord.HTTPException as exc:
            log.warning("channel %s is not reachable: %s", channel_id, exc.status)
            return None

    async def image(self, view: dict[str, Any], name: str) -> discord.File | None:
        png = await asyncio.to_thread(present.render, view)
        return None if png is None else discord.File(io.BytesIO(png), filename=name)

    async def post(self, channel_id: int | None, **kwargs: Any) -> discord.Message | None:
        target = await self.channel(channel_id)
        if target is None:
            return None
        kwargs = {k: v for k, v in kwargs.items() if v is not None}
        try:
            return await self._send(target, kwargs)
        except discord.HTTPException as exc:
            log.warning("could not post in channel %s: %s %s", channel_id, exc.status, exc.code)
            return None
        except NETWORK_ERRORS as exc:
            log.warning("could not post in channel %s: %s", channel_id, type(exc).__name__)
            return None

    @staticmethod
    async def _send(target: Any, kwargs: dict[str, Any]) -> discord.Message:
        """``target.send``; if only the image was refused (no *Attach Files*), the text alone."""
        try:
            message: discord.Message = await target.send(**kwargs)
        except discord.Forbidden:
            if kwargs.get("file") is None:
                raise
            log.warning("no permission to attach images in channel %s; posting text only", target.id)
            message = await target.send(**{k: v for k, v in kwargs.items() if k != "file"})
        return message

    async def post_match(self, live: LiveMatch, **kwargs: Any) -> discord.Message | None:
        """Post in the match thread; if the thread was deleted, go on in a new one.

        Without a thread (none could be opened) the match plays in its channel.
        """
        thread_id = live.record.thread_id
        if thread_id is None:
            return await self.post(live.record.channel_id, **kwargs)
        kwargs = {k: v for k, v in kwargs.items() if v is not None}
        target = await self.channel(thread_id)
        if target is not None:
            try:
                message = await self._send(target, kwargs)
            except discord.NotFound:
                pass  # deleted (the cache had not heard yet)
            except discord.HTTPException as exc:
                log.warning("could not post in the thread of match %s: %s %s", live.id, exc.status, exc.code)
                return None
            else:
                return message
        log.warning("the thread of match %s is gone; opening a new one", live.id)
        await self.open_thread(live, from_lobby=False)
        if live.record.thread_id != thread_id:
            await self.refresh_lobby(live)  # its "started in #thread" link points to the new one
        if isinstance(kwargs.get("file"), discord.File):
            kwargs["file"].reset()
        where = live.record.thread_id if live.record.thread_id != thread_id else live.record.channel_id
        note = "🧵 The previous thread of this match is gone; the match goes on here."
        kwargs["content"] = present.clip(f"{note}\n{kwargs.get('content') or ''}".strip())
        return await self.post(where, **kwargs)

    # -- lobby and start -------------------------------------------------------------
    async def refresh_lobby(self, live: LiveMatch) -> None:
        """Rewrite the lobby message (seats, started or cancelled; Join only while open)."""
        record = live.record
        if record.lobby_message_id is None:
            return
        target = await self.channel(record.channel_id)
        if target is None or not hasattr(target, "get_partial_message"):
            return
        view = lobby_view(live.id) if record.status == LOBBY else None
        try:
            await target.get_partial_message(record.lobby_message_id).edit(
                content=present.lobby_text(live), view=view
            )
        except discord.HTTPException as exc:
            log.warning("could not edit the lobby of match %s: %s", live.id, exc.status)

    async def open_thread(self, live: LiveMatch, *, from_lobby: bool = True) -> None:
        """A public thread (from the lobby message, if ``from_lobby``) in the match's channel.

        If that fails, the match plays in the channel.
        """
        record = live.record
        target = await self.channel(record.channel_id)
        name = f"{live.ruleset.title} #{live.id}"
        thread: Any = None
        try:
            if (
                from_lobby
                and target is not None
                and record.lobby_message_id is not None
                and hasattr(target, "get_partial_message")
            ):
                thread = await target.get_partial_message(record.lobby_message_id).create_thread(name=name)
            elif isinstance(target, discord.TextChannel):
                thread = await target.create_thread(name=name, type=discord.ChannelType.public_thread)
        except discord.HTTPException as exc:
            log.warning("could not open a thread for match %s: %s %s", live.id, exc.status, exc.code)
        if thread is not None:
            await self.service.attach_thread(live.id, thread.id)

    async def announce_start(self, live: LiveMatch) -> None:
        await self.open_thread(live)
        await self.refresh_lobby(live)
        state = live.state or {}
        board = await self.image(live.ruleset.view(state, None), present.image_name(live, None))
        message = await self.post_match(
            live,
            content=present.start_text(live),
            file=board,
            view=prompt_view(live.id, live.record.version),
        )
        await self._remember_prompt(live, message)
        for role in live.roles:
            await self.dm(live, role)

    # -- after each accepted entry ----------------------------------------------------
    async def after_entry(self, result: ActResult) -> None:
        """Public log + board + prompt in the thread; DMs to players facing a new decision."""
        if result.duplicate:
            return
        live = result.match
        state = live.state or {}
        board = await self.image(live.ruleset.view(state, None), present.image_name(live, None))
        finished = result.finished
        message = await self.post_match(
            live,
            content=present.public_update(result),
            file=board,
            view=None if finished else prompt_view(live.id, live.record.version),
        )
        await self._retire_prompt(live)
        await self._remember_prompt(live, message)
        if finished:
            await self.announce_end(live)
            return
        for role in result.roles_to_notify():
            await self.dm(live, role)

    async def catch_up(self, live: LiveMatch) -> None:
        """Announce what a crash between commit and posting left untold (called at start-up)."""
        record = live.record
        prompt = await self.service.store.get_message(live.id, "prompt")
        if prompt is None and record.status == ACTIVE and record.thread_id is None:
            await self.announce_start(live)  # started, but the thread was never opened
            return
        posted = prompt.version if prompt is not None else 0
        if posted >= record.version:
            return
        log.info("match %s: announcing entries %d..%d after a restart", live.id, posted + 1, record.version)
        state = live.state or {}
        since = await self.service.store.entry_seq(live.id, posted) or 0
        lines = present.public_lines(live.ruleset, [e for e in state.get("log", ()) if e["seq"] >= since])
        content = present.clip("\n".join([*lines, "", present.turn_text(live)]).strip())
        finished = state.get("result") is not None
        board = await self.image(live.ruleset.view(state, None), present.image_name(live, None))
        message = await self.post_match(
            live,
            content=content,
            file=board,
            view=None if finished else prompt_view(live.id, record.version),
        )
        await self._retire_prompt(live)
        await self._remember_prompt(live, message)
        if finished:
            await self.announce_end(live)
            return
        for role in sorted(live.active_roles()):
            await self.dm(live, role)

    async def announce_end(self, live: LiveMatch) -> None:
        state = live.state or {}
        reveal = await self.image(live.ruleset.final_reveal(state), present.image_name(live, "final"))
        await self.post_match(
            live,
            content=f"{present.result_text(live)}\nEvery hidden piece is now shown.",
            file=reveal,
        )

    async def _remember_prompt(self, live: LiveMatch, message: discord.Message | None) -> None:
        if message is not None:
            await self.service.store.set_message(
                live.id, "prompt", message.channel.id, message.id, live.record.version
            )

    async def _retire_prompt(self, live: LiveMatch) -> None:
        """Take "Take my turn" off the previous prompt (it could only answer "out of date").

        "My hand" stays while the match goes on: it is never stale.
        """
        old = await self.service.store.get_message(live.id, "prompt")
        if old is None or old.version >= live.record.version:
            return
        target = await self.channel(old.channel_id)
        if target is None or not hasattr(target, "get_partial_message"):
            return
        try:
            view = None if live.record.status == FINISHED else hand_view(live.id)
            await target.get_partial_message(old.message_id).edit(view=view)
        except discord.HTTPException as exc:
            log.debug("could not retire prompt of match %s: %s", live.id, exc.status)

    # -- private output -------------------------------------------------------------
    async def private_payload(self, live: LiveMatch, role: str) -> dict[str, Any]:
        """The role's private board, prompt and action menus (for that player only)."""
        state = live.state or {}
        legal = self.service.legal(live, role)
        view = None
        if state.get("result") is None:
            undo = live.game is not None and live.game.can_undo(role)
            view = actions_view(live.id, live.prompt_version(role), legal, undo=undo)
        board = await self.image(live.ruleset.view(state, role), present.image_name(live, role))
        payload: dict[str, Any] = {
            "content": present.private_text(live, role, [label for _, label in legal]),
            "view": view,
            "file": board,
        }
        return {k: v for k, v in payload.items() if v is not None}

    async def dm(self, live: LiveMatch, role: str) -> bool:
        """DM a player's private prompt; a closed DM is reported once in the match thread."""
        user_id = live.user_of(role)
        if user_id is None:
            return False
        try:
            user = self._users.get(user_id) or self.client.get_user(user_id)
            if user is None:
                user = self._users[user_id] = await self.client.fetch_user(user_id)
            await user.send(**await self.private_payload(live, role))
        except discord.Forbidden as exc:
            await self._dm_failed(live, user_id, exc.code)
            return False
        except discord.HTTPException as exc:
            if exc.status == 403 or exc.code == DM_CLOSED:
                await self._dm_failed(live, user_id, exc.code)
            else:
                log.warning("DM to a player of match %s failed: %s %s", live.id, exc.status, exc.code)
            return False
        except NETWORK_ERRORS as exc:
            # One player's DM must not cost the next player his (callers DM in a loop).
            log.warning("DM to a player of match %s failed: %s", live.id, type(exc).__name__)
            return False
        await self.service.store.clear_dm_failure(live.id, user_id)
        return True

    async def _dm_failed(self, live: LiveMatch, user_id: int, code: int | None) -> None:
        log.info("DMs closed for a player of match %s (code %s)", live.id, code)
        if await self.service.store.note_dm_failure(live.id, user_id, code):
            await self.post_match(
                live,
                content=f"{present.mention(user_id)}, I can't DM you; use `/hand` or the **My hand** button "
                "to see your pieces and choices.",
            )
