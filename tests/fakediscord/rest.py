"""The REST half of the fake: the Discord API v10 routes a slash-command bot uses.

Anything else answers ``404 {"message": "404: Not Found", "code": 0}`` and is recorded in
``FakeDiscord.unknown_routes`` so a test can assert the bot never strayed off the map.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from aiohttp import BodyPartReader, web

from . import validation
from .interactions import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    AUTOCOMPLETE_RESULT,
    CHANNEL_MESSAGE,
    DEFERRED_CHANNEL_MESSAGE,
    DEFERRED_UPDATE,
    MESSAGE_COMPONENT,
    MODAL,
    MODAL_SUBMIT,
    UPDATE_MESSAGE,
    Interaction,
)
from .model import (
    DM,
    EPHEMERAL,
    LOADING,
    PRIVATE_THREAD,
    PUBLIC_THREAD,
    Channel,
    Json,
    Message,
    walk_components,
)

if TYPE_CHECKING:
    from .server import FakeDiscord

log = logging.getLogger(__name__)

Handler = Callable[[web.Request, dict[str, str]], Awaitable[web.StreamResponse]]

#: Seconds Discord remembers a nonce sent with ``enforce_nonce`` (documented as "a few minutes").
NONCE_WINDOW = 180.0


@dataclass
class Upload:
    index: int
    filename: str
    data: bytes
    content_type: str


def _json(data: Any, status: int) -> web.Response:
    # Exactly "application/json" (no charset): discord.py compares the header verbatim.
    body = json.dumps(data, separators=(",", ":")).encode()
    return web.Response(body=body, status=status, headers={"Content-Type": "application/json"})


def error(status: int, message: str, code: int, errors: list[str] | None = None) -> web.Response:
    body: Json = {"message": message, "code": code}
    if errors:
        body["errors"] = {"_errors": [{"code": "BASE_TYPE_INVALID", "message": e} for e in errors]}
    return _json(body, status)


def ok(data: Any, status: int = 200) -> web.Response:
    return _json(data, status)


def no_content() -> web.Response:
    return web.Response(status=204)


class Rest:
    """Routes and handlers. ``handle`` is mounted under ``/api/v{N}/``."""

    def __init__(self, server: FakeDiscord) -> None:
        self.server = server
        self.routes: list[tuple[str, re.Pattern[str], Handler, bool]] = []
        #: ``(author, nonce) -> (message, when)`` of messages sent with ``enforce_nonce``.
        self._nonces: dict[tuple[int, str], tuple[Message, float]] = {}
        #: How long Discord remembers an enforced nonce ("the past few minutes"; tests may shorten it).
        self.nonce_window = NONCE_WINDOW
        s = r"(?P<{}>\d+)"
        app, guild, chan, msg, user = (
            s.format("app"),
            s.format("guild"),
            s.format("chan"),
            s.format("msg"),
            s.format("user"),
        )
        token = r"(?P<token>[^/]+)"
        add = self._add
        add("GET", "/gateway", self.gateway)
        add("GET", "/gateway/bot", self.gateway_bot)
        add("GET", "/users/@me", self.me)
        add("GET", "/oauth2/applications/@me", self.application)
        add("GET", "/applications/@me", self.application)
        add("GET", f"/users/{user}", self.get_user)
        add("POST", "/users/@me/channels", self.open_dm)
        add("GET", f"/applications/{app}/commands", self.list_commands)
        add("PUT", f"/applications/{app}/commands", self.put_commands)
        add("GET", f"/applications/{app}/guilds/{guild}/commands", self.list_commands)
        add("PUT", f"/applications/{app}/guilds/{guild}/commands", self.put_commands)
        add("POST", rf"/interactions/(?P<iid>\d+)/{token}/callback", self.callback, auth=False)
        add("GET", f"/webhooks/{app}/{token}/messages/(?P<msg>@original|\\d+)", self.webhook_get, auth=False)
        add(
            "PATCH",
            f"/webhooks/{app}/{token}/messages/(?P<msg>@original|\\d+)",
            self.webhook_edit,
            auth=False,
        )
        add(
            "DELETE",
            f"/webhooks/{app}/{token}/messages/(?P<msg>@original|\\d+)",
            self.webhook_delete,
            auth=False,
        )
        add("POST", f"/webhooks/{app}/{token}", self.followup, auth=False)
        add("GET", f"/channels/{chan}", self.get_channel)
        add("PATCH", f"/channels/{chan}", self.edit_channel)
        add("GET", f"/channels/{chan}/messages", self.list_messages)
        add("POST", f"/channels/{chan}/messages", self.create_message)
        add("GET", f"/channels/{chan}/messages/{msg}", self.get_message)
        add("PATCH", f"/channels/{chan}/messages/{msg}", self.edit_message)
        add("DELETE", f"/channels/{chan}/messages/{msg}", self.delete_message)
        add("POST", f"/channels/{chan}/messages/{msg}/threads", self.thread_from_message)
        add("POST", f"/channels/{chan}/threads", self.thread_without_message)
        add("PUT", f"/channels/{chan}/thread-members/(?P<member>\\d+|@me)", self.thread_member_add)
        add("DELETE", f"/channels/{chan}/thread-members/(?P<member>\\d+|@me)", self.thread_member_remove)
        add("POST", f"/channels/{chan}/typing", self.typing)
        add("GET", f"/guilds/{guild}", self.get_guild)
        add("GET", f"/guilds/{guild}/channels", self.guild_channels)
        add("GET", f"/guilds/{guild}/members/{user}", self.get_member)

    def _add(self, method: str, pattern: str, handler: Handler, *, auth: bool = True) -> None:
        self.routes.append((method, re.compile(f"^{pattern}$"), handler, auth))

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = "/" + request.match_info["tail"]
        for method, pattern, handler, auth in self.routes:
            if method != request.method:
                continue
            match = pattern.match(path)
            if match is None:
                continue
            if auth and request.headers.get("Authorization") != f"Bot {self.server.token}":
                return error(401, "401: Unauthorized", 0)
            fault = self.server.faults.take(request.method, path)
            if fault is not None and fault.hang:
                log.info("fake discord: holding %s %s until the fault is cleared", request.method, path)
                await fault.held()
            if fault is not None and not fault.after:
                log.info("fake discord: injected %s for %s %s", fault.status, request.method, path)
                return fault.response()
            try:
                answer = await handler(request, match.groupdict())
            except (ConnectionResetError, asyncio.IncompleteReadError) as exc:
                # The client died mid-request (a kill -9): nothing was stored, nobody to answer.
                log.info("fake discord: %s %s aborted by the client: %s", request.method, path, exc)
                return error(400, "request aborted", 0)
            if fault is not None:  # done, but the answer is lost: the client sees the error
                log.info("fake discord: injected %s after %s %s", fault.status, request.method, path)
                return fault.response()
            return answer
        self.server.unknown_routes.append(f"{request.method} {path}")
        log.warning("fake discord: unknown route %s %s", request.method, path)
        return error(404, "404: Not Found", 0)

    # -- payload reading ----------------------------------------------------------
    async def read(self, request: web.Request) -> tuple[Any, list[Upload]]:
        """The JSON payload and uploaded files, from JSON or multipart bodies."""
        if not request.content_type.startswith("multipart/"):
            raw = await request.read()
            return (json.loads(raw) if raw else {}), []
        payload: Json = {}
        files: list[Upload] = []
        reader = await request.multipart()
        while True:
            part = await reader.next()
            if part is None:
                break
            if not isinstance(part, BodyPartReader):
                continue
            name = part.name or ""
            data = await part.read()
            if name == "payload_json":
                payload = json.loads(data)
            elif name.startswith("files[") or name.startswith("file"):
                index = int(re.sub(r"\D", "", name) or len(files))
                filename = part.filename or f"file{index}"
                ctype = part.headers.get("Content-Type", "application/octet-stream")
                files.append(Upload(index, filename, bytes(data), ctype))
        return payload, files

    # -- gateway and login ------------------------------------------------------------
    async def gateway(self, request: web.Request, m: dict[str, str]) -> web.Response:
        return ok({"url": self.server.gateway_url})

    async def gateway_bot(self, request: web.Request, m: dict[str, str]) -> web.Response:
        gateway = self.server.gateway
        limit = {
            "total": 1000,
            "remaining": 999,
            "reset_after": 0,
            "max_concurrency": gateway.max_concurrency,
        }
        return ok(
            {
                "url": self.server.gateway_url,
                "shards": self.server.gateway.shard_count,
                "session_start_limit": limit,
            }
        )

    async def me(self, request: web.Request, m: dict[str, str]) -> web.Response:
        return ok({**self.server.bot_user.to_json(), "verified": True, "mfa_enabled": False, "email": None})

    async def application(self, request: web.Request, m: dict[str, str]) -> web.Response:
        s = self.server
        return ok(
            {
                "id": str(s.application_id),
                "name": s.bot_user.name,
                "icon": None,
                "description": "A fake application",
                "summary": "",
                "type": None,
                "bot_public": True,
                "bot_require_code_grant": False,
                "verify_key": "0" * 64,
                "flags": 0,
                "owner": s.owner.to_json(),
                "team": None,
                "bot": s.bot_user.to_json(),
                "rpc_origins": [],
                "interactions_endpoint_url": None,
                "approximate_guild_count": len(s.guilds),
                "redirect_uris": [],
                "tags": [],
            }
        )

    async def get_user(self, request: web.Request, m: dict[str, str]) -> web.Response:
        user = self.server.users.get(int(m["user"]))
        return ok(user.to_json()) if user else error(404, "Unknown User", 10013)

    async def open_dm(self, request: web.Request, m: dict[str, str]) -> web.Response:
        payload, _ = await self.read(request)
        user = self.server.users.get(int(payload.get("recipient_id") or 0))
        if user is None:
            return error(400, "Invalid Recipient(s)", 50033)
        return ok(self.server.dm_channel_for(user).to_json())

    # -- application commands -------------------------------------------------------------
    async def list_commands(self, request: web.Request, m: dict[str, str]) -> web.Response:
        tree = self.server.commands
        commands = tree.guild_commands.get(int(m["guild"]), []) if "guild" in m else tree.global_commands
        return ok(commands)

    async def put_commands(self, request: web.Request, m: dict[str, str]) -> web.Response:
        if int(m["app"]) != self.server.application_id:
            return error(403, "Missing Access", 50001)
        body, _ = await self.read(request)
        payload: list[Json] = list(body)  # a bulk overwrite is a JSON array
        tree = self.server.commands
        old = tree.guild_commands.get(int(m["guild"]), []) if "guild" in m else tree.global_commands
        ids = {(c["name"], c.get("type", 1)): c["id"] for c in old}
        stored: list[Json] = []
        for command in payload:
            kind = command.get("type", 1)
            entry: Json = {
                "id": ids.get((command["name"], kind)) or str(self.server.snowflake()),
                "application_id": str(self.server.application_id),
                "version": str(self.server.snowflake()),
                "type": kind,
                "description": "",
                "options": [],
                "default_member_permissions": None,
                "dm_permission": True,
                "nsfw": False,
                **command,
            }
            if "guild" in m:
                entry["guild_id"] = m["guild"]
            stored.append(entry)
        if "guild" in m:
            tree.guild_commands[int(m["guild"])] = stored
        else:
            tree.global_commands = stored
        tree.syncs += 1
        self.server.commands_synced.set()
        return ok(stored)

    # -- interaction answers -------------------------------------------------------------
    async def callback(self, request: web.Request, m: dict[str, str]) -> web.Response:
        s = self.server
        record = s.interactions.by_id.get(int(m["iid"]))
        if record is None or record.token != m["token"]:
            return error(404, "Unknown interaction", 10062)
        if record.callback_type is not None:
            return error(400, "Interaction has already been acknowledged.", 40060)
        if time.monotonic() - record.sent_at > s.callback_deadline:
            record.late = True
            s.late_interactions.append(record)
            return error(404, "Unknown interaction", 10062)
        payload, files = await self.read(request)
        kind, data = payload.get("type"), payload.get("data") or {}
        component_like = record.type in (MESSAGE_COMPONENT, MODAL_SUBMIT) and record.message is not None
        if kind in (CHANNEL_MESSAGE, UPDATE_MESSAGE):
            bad = validation.problems(data)
            if bad or (kind == CHANNEL_MESSAGE and validation.is_empty(data, len(files))):
                return self._invalid(bad or ["Cannot send an empty message"], record)
        if kind == CHANNEL_MESSAGE:
            record.response = self.new_message(record.channel, data, files, record=record)
        elif kind == DEFERRED_CHANNEL_MESSAGE:
            flags = LOADING | (int(data.get("flags") or 0) & EPHEMERAL)
            record.response = self.new_message(
                record.channel, {"flags": flags}, [], record=record, empty_ok=True
            )
        elif kind in (DEFERRED_UPDATE, UPDATE_MESSAGE) and component_like:
            assert record.message is not None
            record.response = record.message
            if kind == UPDATE_MESSAGE:
                self.apply_edit(record.message, data, files)
        elif kind == AUTOCOMPLETE_RESULT and record.type == AUTOCOMPLETE:
            record.choices = list(data.get("choices") or [])
            bad = validation.choice_problems(record.choices)
            if bad:
                return self._invalid(bad, record)
        elif kind == MODAL and record.type in (APPLICATION_COMMAND, MESSAGE_COMPONENT):
            record.modal = data
        else:
            s.protocol_errors.append(f"callback type {kind} is not valid for interaction type {record.type}")
            return error(400, "Interaction callback type invalid for this interaction", 50035)
        record.callback_type = int(kind)
        record.callback_at = time.monotonic()
        if kind == DEFERRED_UPDATE or (kind == UPDATE_MESSAGE and component_like and _all_disabled(record)):
            # An update that only disables the message's controls says "working on it": like a
            # deferred update, the answer is complete at the bot's next edit or follow-up.
            s.ack_later(record)
        elif kind != DEFERRED_CHANNEL_MESSAGE:
            record.mark_answered()
        body: Json = {
            "interaction": {
                "id": str(record.id),
                "type": record.type,
                "response_message_loading": kind == DEFERRED_CHANNEL_MESSAGE,
                "response_message_ephemeral": bool(record.response and record.response.ephemeral),
            }
        }
        if record.response is not None and kind in (
            CHANNEL_MESSAGE,
            DEFERRED_CHANNEL_MESSAGE,
            UPDATE_MESSAGE,
        ):
            body["interaction"]["response_message_id"] = str(record.response.id)
            body["resource"] = {"type": kind, "message": record.response.to_json()}
        return ok(body)

    def _invalid(self, problems: list[str], record: Interaction | None = None) -> web.Response:
        self.server.protocol_errors.extend(problems)
        log.warning("fake discord: invalid form body: %s", problems)
        return error(400, "Invalid Form Body", 50035, problems)

    def _target(self, record: Interaction, which: str) -> Message | None:
        if which == "@original":
            return record.response
        wanted = int(which)
        for msg in (record.response, *record.followups):
            if msg is not None and msg.id == wanted:
                return msg
        return None

    async def webhook_get(self, request: web.Request, m: dict[str, str]) -> web.Response:
        record = self.server.interactions.lookup(m["token"])
        if record is None:
            return error(404, "Unknown Webhook", 10015)
        msg = self._target(record, m["msg"])
        return (
            ok(msg.to_json()) if msg is not None and not msg.deleted else error(404, "Unknown Message", 10008)
        )

    async def webhook_edit(self, request: web.Request, m: dict[str, str]) -> web.Response:
        record = self.server.interactions.lookup(m["token"])
        if record is None:
            return error(404, "Unknown Webhook", 10015)
        msg = self._target(record, m["msg"])
        if msg is None or msg.deleted:
            return error(404, "Unknown Message", 10008)
        payload, files = await self.read(request)
        bad = validation.problems(payload)
        if bad:
            return self._invalid(bad, record)
        self.apply_edit(msg, payload, files)
        record.mark_answered()
        return ok(msg.to_json())

    async def webhook_delete(self, request: web.Request, m: dict[str, str]) -> web.Response:
        record = self.server.interactions.lookup(m["token"])
        if record is None:
            return error(404, "Unknown Webhook", 10015)
        msg = self._target(record, m["msg"])
        if msg is None or msg.deleted:
            return error(404, "Unknown Message", 10008)
        self.server.delete(msg)
        record.mark_answered()
        return no_content()

    async def followup(self, request: web.Request, m: dict[str, str]) -> web.Response:
        record = self.server.interactions.lookup(m["token"])
        if record is None or record.callback_type is None:
            return error(404, "Unknown Webhook", 10015)
        payload, files = await self.read(request)
        bad = validation.problems(payload)
        if bad or validation.is_empty(payload, len(files)):
            return self._invalid(bad or ["Cannot send an empty message"], record)
        pending = record.response
        if (
            record.callback_type == DEFERRED_CHANNEL_MESSAGE
            and pending is not None
            and pending.flags & LOADING
        ):
            # The first follow-up after a "thinking" defer replaces the loading message.
            msg = pending
            self.apply_edit(msg, payload, files)
        else:
            msg = self.new_message(record.channel, payload, files, record=record)
            record.followups.append(msg)
        record.mark_answered()
        wait = request.query.get("wait", "false").lower() in ("1", "true")
        return ok(msg.to_json()) if wait else no_content()

    # -- channels and messages -------------------------------------------------------------
    def _channel(self, m: dict[str, str]) -> Channel | None:
        return self.server.channels.get(int(m["chan"]))

    async def get_channel(self, request: web.Request, m: dict[str, str]) -> web.Response:
        channel = self._channel(m)
        return ok(channel.to_json()) if channel else error(404, "Unknown Channel", 10003)

    async def edit_channel(self, request: web.Request, m: dict[str, str]) -> web.Response:
        channel = self._channel(m)
        if channel is None:
            return error(404, "Unknown Channel", 10003)
        payload, _ = await self.read(request)
        channel.name = payload.get("name", channel.name)
        channel.archived = bool(payload.get("archived", channel.archived))
        channel.locked = bool(payload.get("locked", channel.locked))
        event = "THREAD_UPDATE" if channel.is_thread else "CHANNEL_UPDATE"
        self.server.gateway.dispatch(event, channel.to_json())
        return ok(channel.to_json())

    async def list_messages(self, request: web.Request, m: dict[str, str]) -> web.Response:
        channel = self._channel(m)
        if channel is None:
            return error(404, "Unknown Channel", 10003)
        limit = int(request.query.get("limit", "50"))
        newest = list(reversed(channel.messages))
        if "before" in request.query:
            newest = [x for x in newest if x.id < int(request.query["before"])]
        if "after" in request.query:
            newest = [x for x in newest if x.id > int(request.query["after"])]
        return ok([x.to_json() for x in newest[:limit]])

    async def create_message(self, request: web.Request, m: dict[str, str]) -> web.Response:
        channel = self._channel(m)
        if channel is None:
            return error(404, "Unknown Channel", 10003)
        payload, files = await self.read(request)
        if channel.type == DM:
            assert channel.recipient is not None
            if not channel.recipient.dms_open:
                channel.recipient.refused_dms += 1
                return error(403, "Cannot send messages to this user", 50007)
        bad = validation.problems(payload)
        if bad or validation.is_empty(payload, len(files)):
            return self._invalid(bad or ["Cannot send an empty message"])
        nonce = payload.get("nonce")
        key = (self.server.bot_user.id, str(nonce))
        if nonce is not None and payload.get("enforce_nonce"):
            # Discord answers a message whose nonce the same author used in the past few minutes
            # (in any channel) with the message it created then, and creates nothing.
            earlier, when = self._nonces.get(key, (None, 0.0))
            if earlier is not None and not earlier.deleted and time.monotonic() - when < self.nonce_window:
                return ok(earlier.to_json())
        payload["flags"] = int(payload.get("flags") or 0) & ~EPHEMERAL
        msg = self.new_message(channel, payload, files)
        if nonce is not None:
            msg.nonce = str(nonce)
            if payload.get("enforce_nonce"):
                self._nonces[key] = (msg, time.monotonic())
        return ok(msg.to_json())

    def _message(self, m: dict[str, str]) -> Message | None:
        msg = self.server.messages.get(int(m["msg"]))
        if msg is None or msg.deleted or msg.channel.id != int(m["chan"]):
            return None
        return msg

    async def get_message(self, request: web.Request, m: dict[str, str]) -> web.Response:
        msg = self._message(m)
        return ok(msg.to_json()) if msg is not None else error(404, "Unknown Message", 10008)

    async def edit_message(self, request: web.Request, m: dict[str, str]) -> web.Response:
        msg = self._message(m)
        if msg is None:
            return error(404, "Unknown Message", 10008)
        if msg.author is not self.server.bot_user:
            return error(403, "Cannot edit a message authored by another user", 50005)
        payload, files = await self.read(request)
        bad = validation.problems(payload)
        if bad:
            return self._invalid(bad)
        self.apply_edit(msg, payload, files)
        return ok(msg.to_json())

    async def delete_message(self, request: web.Request, m: dict[str, str]) -> web.Response:
        msg = self._message(m)
        if msg is None:
            return error(404, "Unknown Message", 10008)
        self.server.delete(msg)
        return no_content()

    async def thread_from_message(self, request: web.Request, m: dict[str, str]) -> web.Response:
        msg = self._message(m)
        if msg is None:
            return error(404, "Unknown Message", 10008)
        if msg.thread_id is not None:
            return error(400, "A thread has already been created for this message", 160004)
        payload, _ = await self.read(request)
        thread = self.server.create_thread(
            msg.channel, str(payload.get("name") or "thread"), PUBLIC_THREAD, msg.id
        )
        msg.thread_id = thread.id
        return ok(thread.to_json(), status=201)

    async def thread_without_message(self, request: web.Request, m: dict[str, str]) -> web.Response:
        channel = self._channel(m)
        if channel is None or channel.guild is None or channel.is_thread:
            return error(404, "Unknown Channel", 10003)
        payload, _ = await self.read(request)
        kind = int(payload.get("type") or PRIVATE_THREAD)
        thread = self.server.create_thread(channel, str(payload.get("name") or "thread"), kind, None)
        return ok(thread.to_json(), status=201)

    async def thread_member_add(self, request: web.Request, m: dict[str, str]) -> web.Response:
        channel = self._channel(m)
        if channel is None or not channel.is_thread:
            return error(404, "Unknown Channel", 10003)
        member = self.server.bot_user.id if m["member"] == "@me" else int(m["member"])
        channel.members.add(member)
        return no_content()

    async def thread_member_remove(self, request: web.Request, m: dict[str, str]) -> web.Response:
        channel = self._channel(m)
        if channel is None or not channel.is_thread:
            return error(404, "Unknown Channel", 10003)
        channel.members.discard(self.server.bot_user.id if m["member"] == "@me" else int(m["member"]))
        return no_content()

    async def typing(self, request: web.Request, m: dict[str, str]) -> web.Response:
        return no_content()

    async def get_guild(self, request: web.Request, m: dict[str, str]) -> web.Response:
        guild = self.server.guilds.get(int(m["guild"]))
        if guild is None:
            return error(404, "Unknown Guild", 10004)
        data = guild.to_json()
        for key in ("members", "channels", "threads", "voice_states", "presences"):
            data.pop(key)
        return ok(data)

    async def guild_channels(self, request: web.Request, m: dict[str, str]) -> web.Response:
        guild = self.server.guilds.get(int(m["guild"]))
        return ok([c.to_json() for c in guild.channels]) if guild else error(404, "Unknown Guild", 10004)

    async def get_member(self, request: web.Request, m: dict[str, str]) -> web.Response:
        guild = self.server.guilds.get(int(m["guild"]))
        if guild is None:
            return error(404, "Unknown Guild", 10004)
        user = guild.members.get(int(m["user"]))
        return ok(guild.member_json(user)) if user else error(404, "Unknown Member", 10007)

    # -- message building ------------------------------------------------------------------
    def new_message(
        self,
        channel: Channel,
        payload: Json,
        files: list[Upload],
        *,
        record: Interaction | None = None,
        empty_ok: bool = False,
    ) -> Message:
        s = self.server
        msg = Message(s.snowflake(), channel, s.bot_user)
        self._fill(msg, payload, files, keep=[])
        msg.flags = int(payload.get("flags") or 0)
        msg.pinged = pinged_users(str(payload.get("content") or ""), payload.get("allowed_mentions"))
        if record is not None:
            msg.webhook_id = s.application_id
            msg.type = 20 if record.type == APPLICATION_COMMAND else 19
            msg.interaction_metadata = {
                "id": str(record.id),
                "type": record.type,
                "user": record.user.to_json(),
                "authorizing_integration_owners": record.payload["authorizing_integration_owners"],
            }
        s.add_message(msg)
        return msg

    def apply_edit(self, msg: Message, payload: Json, files: list[Upload]) -> None:
        msg.history.append(msg.snapshot())
        keep_ids = None
        if "attachments" in payload:
            keep_ids = {int(a["id"]) for a in payload["attachments"] or [] if "id" in a}
        kept = [a for a in msg.attachments if keep_ids is None or a.id in keep_ids]
        self._fill(msg, payload, files, keep=kept)
        if "flags" in payload and payload["flags"] is not None:
            msg.flags = (msg.flags & EPHEMERAL) | (int(payload["flags"]) & ~EPHEMERAL & ~LOADING)
        msg.flags &= ~LOADING
        msg.edited_timestamp = _iso()
        self.server.record_edit(msg)

    def _fill(self, msg: Message, payload: Json, files: list[Upload], keep: list[Any]) -> None:
        s = self.server
        if "content" in payload:
            msg.content = str(payload["content"] or "")
        if "embeds" in payload:
            msg.embeds = list(payload["embeds"] or [])
        if "components" in payload:
            msg.components = list(payload["components"] or [])
        descriptions = {str(a.get("id")): a.get("description") for a in payload.get("attachments") or []}
        new = [
            s.store_attachment(
                msg.channel, f.filename, f.data, f.content_type, descriptions.get(str(f.index))
            )
            for f in sorted(files, key=lambda f: f.index)
        ]
        if files or "attachments" in payload:
            msg.attachments = [*keep, *new]
        by_name = {a.filename: a.url for a in msg.attachments}
        for embed in msg.embeds:
            for key in ("image", "thumbnail"):
                url = str((embed.get(key) or {}).get("url") or "")
                if url.startswith("attachment://") and url[13:] in by_name:
                    embed[key] = {**embed[key], "proxy_url": by_name[url[13:]]}


def _iso() -> str:
    from .ids import iso_now

    return iso_now()


_USER_MENTION = re.compile(r"<@!?(\d+)>")


def pinged_users(content: str, allowed: Any) -> set[int]:
    """The users Discord would notify for a new message (edits notify nobody).

    Every user mentioned in the content, unless ``allowed_mentions`` narrows it: ``parse``
    containing ``users`` lets them all through, a ``users`` list only those, anything else none.
    """
    mentioned = {int(found) for found in _USER_MENTION.findall(content)}
    if not isinstance(allowed, dict):
        return mentioned
    if "users" in (allowed.get("parse") or []):
        return mentioned
    return mentioned & {int(u) for u in allowed.get("users") or []}


def _all_disabled(record: Interaction) -> bool:
    """Whether the message a component sits on has controls, every one of them disabled."""
    message = record.message
    controls = [c for c in walk_components(message.components) if c.get("type") in (2, 3)] if message else []
    return bool(controls) and all(c.get("disabled") for c in controls)
