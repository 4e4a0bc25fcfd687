"""Interactions the driver sends, and how their answers are collected.

Each interaction gets an id and a token and goes out as an INTERACTION_CREATE dispatch. The
REST side (``rest.py``) reports callbacks, original-response edits and follow-ups to its
:class:`Interaction` record. The driver call returns once the bot has *answered* (a message,
an update, autocomplete choices, a modal, or a deferral later completed by an edit or a
follow-up) and the bot's REST traffic has then been quiet for ``settle`` seconds, so that the
result lists every message the bot produced in reaction (thread posts, DMs, edits).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .commands import CommandUsageError, Resolved, build_options, describe, nest, user_for
from .model import DM, Json, Message, walk_components

if TYPE_CHECKING:
    from .model import Channel, User
    from .server import FakeDiscord

log = logging.getLogger(__name__)

PING, APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 1, 2, 3, 4, 5
# Callback types.
PONG, CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE = 1, 4, 5, 6, 7
AUTOCOMPLETE_RESULT, MODAL = 8, 9


class InteractionTimeout(AssertionError):
    """The bot did not answer an interaction in time."""


@dataclass(eq=False)
class Interaction:
    """One interaction and everything the bot did to answer it."""

    id: int
    token: str
    type: int
    user: User
    channel: Channel
    payload: Json
    message: Message | None = None  # the message a component sits on
    sent_at: float = field(default_factory=time.monotonic)
    callback_type: int | None = None
    callback_at: float | None = None
    answered_at: float | None = None
    late: bool = False
    response: Message | None = None
    followups: list[Message] = field(default_factory=list)
    choices: list[Json] = field(default_factory=list)
    modal: Json | None = None
    answered: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def latency(self) -> float | None:
        """Seconds from dispatch to the bot's answer."""
        return None if self.answered_at is None else self.answered_at - self.sent_at

    def mark_answered(self) -> None:
        if self.answered_at is None:
            self.answered_at = time.monotonic()
        self.answered.set()


@dataclass
class InteractionResult:
    """What the bot did in reaction to one interaction."""

    interaction: Interaction
    created: list[Message]
    edited: list[Message]

    @property
    def response(self) -> Message | None:
        """The interaction's own message (original response, or the updated component message)."""
        return self.interaction.response

    @property
    def followups(self) -> list[Message]:
        return self.interaction.followups

    @property
    def main(self) -> Message | None:
        """The response, else the first follow-up."""
        if self.response is not None and not self.response.flags & (1 << 7):
            return self.response
        return self.followups[0] if self.followups else self.response

    @property
    def ephemeral(self) -> bool:
        return self.main is not None and self.main.ephemeral

    @property
    def content(self) -> str:
        return self.main.content if self.main is not None else ""

    @property
    def embeds(self) -> list[Json]:
        return self.main.embeds if self.main is not None else []

    @property
    def components(self) -> list[Json]:
        return self.main.components if self.main is not None else []

    @property
    def files(self) -> list[bytes]:
        return self.main.files if self.main is not None else []

    @property
    def text(self) -> str:
        """All text of the response and follow-ups (content, embeds, component labels)."""
        msgs = [m for m in (self.response, *self.followups) if m is not None]
        return "\n".join(m.text for m in msgs)

    @property
    def choices(self) -> list[Json]:
        return self.interaction.choices

    @property
    def modal(self) -> Json | None:
        return self.interaction.modal

    @property
    def messages(self) -> list[Message]:
        """Every message the bot created meanwhile, anywhere (response and follow-ups included)."""
        return self.created

    @property
    def public(self) -> list[Message]:
        """Created or edited messages visible to everyone (not ephemeral, not in DMs)."""
        seen: dict[int, Message] = {}
        for m in [*self.created, *self.edited]:
            if not m.ephemeral and m.channel.type != DM and not m.deleted:
                seen[m.id] = m
        return list(seen.values())

    def dms_to(self, user: User) -> list[Message]:
        return [m for m in self.created if m.channel.type == DM and m.channel.recipient is user]


class Interactions:
    """Builds and sends interactions; the server's REST side records the answers."""

    def __init__(self, server: FakeDiscord) -> None:
        self.server = server
        self.by_token: dict[str, Interaction] = {}
        self.by_id: dict[int, Interaction] = {}
        self.timeout = 15.0
        self.settle = 0.25

    # -- the driver's verbs ----------------------------------------------------
    async def slash(
        self, user: User, channel: Channel, path: str, options: dict[str, Any]
    ) -> InteractionResult:
        guild = channel.guild
        top, chain, leaf = self.server.commands.find(guild, path)
        resolved = Resolved()
        built = build_options(leaf, options, guild, resolved)
        data: Json = {"id": top["id"], "name": top["name"], "type": 1, "options": nest(chain, built)}
        if top.get("guild_id"):
            data["guild_id"] = top["guild_id"]
        if resolved.to_json():
            data["resolved"] = resolved.to_json()
        return await self._send(user, channel, APPLICATION_COMMAND, data)

    async def autocomplete(
        self, user: User, channel: Channel, path: str, focused: str, options: dict[str, Any]
    ) -> InteractionResult:
        top, chain, leaf = self.server.commands.find(channel.guild, path)
        built = build_options(leaf, options, channel.guild, Resolved(), focused=focused)
        data: Json = {"id": top["id"], "name": top["name"], "type": 1, "options": nest(chain, built)}
        if top.get("guild_id"):
            data["guild_id"] = top["guild_id"]
        return await self._send(user, channel, AUTOCOMPLETE, data)

    async def component(
        self, user: User, message: Message, custom_id: str, values: list[str] | None, *, force: bool
    ) -> InteractionResult:
        comp = message.component(custom_id)
        if comp is None and not force:
            raise CommandUsageError(
                f"no component {custom_id!r} on message {message.id}: {message.custom_ids()}"
            )
        if message.deleted and not force:
            raise CommandUsageError(f"message {message.id} was deleted")
        kind = comp["type"] if comp is not None else (2 if values is None else 3)
        if not force and comp is not None:
            if comp.get("disabled"):
                raise CommandUsageError(f"component {custom_id!r} is disabled")
            if values is None and kind != 2:
                raise CommandUsageError(f"{custom_id!r} is a select menu: use select()")
            if values is not None and kind == 2:
                raise CommandUsageError(f"{custom_id!r} is a button: use click()")
            if values is not None and kind == 3:
                offered = [o["value"] for o in comp.get("options", [])]
                bad = [v for v in values if v not in offered]
                if bad:
                    raise CommandUsageError(f"select {custom_id!r} offers {offered}, not {bad}")
                low, high = comp.get("min_values", 1), comp.get("max_values", 1)
                if not low <= len(values) <= high:
                    raise CommandUsageError(f"select {custom_id!r} takes {low}-{high} values")
        data: Json = {"custom_id": custom_id, "component_type": kind}
        if values is not None:
            data["values"] = list(values)
        return await self._send(user, message.channel, MESSAGE_COMPONENT, data, message=message)

    async def modal_submit(
        self, user: User, opened: InteractionResult, values: dict[str, str]
    ) -> InteractionResult:
        modal = opened.modal
        if modal is None:
            raise CommandUsageError("that interaction did not open a modal")
        inputs = [c for c in walk_components(modal.get("components", [])) if c.get("type") == 4]
        known = {c["custom_id"] for c in inputs}
        unknown = sorted(set(values) - known)
        if unknown:
            raise CommandUsageError(f"modal has no text inputs {unknown}; it has {sorted(known)}")
        missing = [c["custom_id"] for c in inputs if c.get("required", True) and c["custom_id"] not in values]
        if missing:
            raise CommandUsageError(f"modal requires {missing}")
        rows = [
            {"type": 1, "components": [{"type": 4, "custom_id": cid, "value": value}]}
            for cid, value in values.items()
        ]
        data: Json = {"custom_id": modal["custom_id"], "components": rows}
        channel = opened.interaction.channel
        return await self._send(user, channel, MODAL_SUBMIT, data, message=opened.interaction.message)

    # -- sending and waiting ---------------------------------------------------------
    def build(
        self, user: User, channel: Channel, kind: int, data: Json, message: Message | None
    ) -> Interaction:
        server = self.server
        interaction_id = server.snowflake()
        token = f"fake-interaction-{interaction_id}-{secrets.token_urlsafe(12)}"
        guild = channel.guild
        payload: Json = {
            "id": str(interaction_id),
            "application_id": str(server.application_id),
            "type": kind,
            "data": data,
            "channel_id": str(channel.id),
            "channel": channel.to_json(),
            "token": token,
            "version": 1,
            "app_permissions": "2248473465835073",
            "locale": user.locale,
            "entitlements": [],
            "authorizing_integration_owners": {"0": str(guild.id)} if guild else {"1": str(user.id)},
            "context": 0 if guild is not None else 1,
            "attachment_size_limit": 26_214_400,
            **user_for(guild, user),
        }
        if guild is not None:
            payload["guild_id"] = str(guild.id)
            payload["guild_locale"] = guild.locale
            payload["guild"] = {"id": str(guild.id), "locale": guild.locale, "features": []}
        if message is not None:
            payload["message"] = message.to_json()
        record = Interaction(interaction_id, token, kind, user, channel, payload, message=message)
        self.by_token[token] = record
        self.by_id[interaction_id] = record
        return record

    async def _send(
        self, user: User, channel: Channel, kind: int, data: Json, *, message: Message | None = None
    ) -> InteractionResult:
        record = self.build(user, channel, kind, data, message)
        return await self.deliver(record)

    async def deliver(self, record: Interaction, *, timeout: float | None = None) -> InteractionResult:
        """Dispatch ``record`` and wait for the answer and the quiet period after it."""
        server = self.server
        mark = server.activity_mark()
        record.sent_at = time.monotonic()
        if not server.gateway.dispatch("INTERACTION_CREATE", record.payload):
            raise InteractionTimeout("no gateway session: start the bot and wait_until_ready() first")
        limit = self.timeout if timeout is None else timeout
        where = describe(record.channel)
        what = f"{_kind_name(record.type)} {_summary(record)} by {record.user.name} in {where}"
        try:
            await asyncio.wait_for(record.answered.wait(), limit)
        except TimeoutError:
            state = (
                "no callback at all" if record.callback_type is None else f"callback {record.callback_type}"
            )
            raise InteractionTimeout(
                f"the bot did not answer {what} within {limit:.1f}s ({state}, "
                f"gateway connected={server.gateway.connected}).{server.bot_tail()}"
            ) from None
        await server.quiet(self.settle)
        created, edited = server.activity_since(mark)
        return InteractionResult(record, created, edited)

    def lookup(self, token: str) -> Interaction | None:
        return self.by_token.get(token)


def _kind_name(kind: int) -> str:
    return {
        APPLICATION_COMMAND: "slash command",
        MESSAGE_COMPONENT: "component",
        AUTOCOMPLETE: "autocomplete",
    }.get(kind, "modal submit")


def _summary(record: Interaction) -> str:
    data = record.payload["data"]
    if "custom_id" in data:
        return repr(data["custom_id"])
    words, opts = [data.get("name", "?")], data.get("options", [])
    while opts and opts[0].get("type") in (1, 2):
        words.append(opts[0]["name"])
        opts = opts[0].get("options", [])
    args = " ".join(f"{o['name']}:{o.get('value')!r}" for o in opts)
    return f"/{' '.join(words)} {args}".strip()
