"""The fake Discord's world: users, guilds, channels, threads and messages, with their JSON shapes.

Objects here are plain state plus the JSON Discord's API would return for them. The user
handles also carry the driver's verbs (``alice.slash(...)``), which delegate to the server.
"""

from __future__ import annotations

import copy
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .ids import iso_now

if TYPE_CHECKING:
    from .interactions import InteractionResult
    from .server import FakeDiscord

Json = dict[str, Any]

TEXT, DM, PUBLIC_THREAD, PRIVATE_THREAD = 0, 1, 11, 12
EPHEMERAL = 1 << 6
LOADING = 1 << 7
ALL_PERMISSIONS = str((1 << 51) - 1)
#: View channel, send messages (also in threads), read history, use application commands:
#: an ordinary member without Manage Server (1 << 5).
PLAIN_MEMBER = (1 << 10) | (1 << 11) | (1 << 38) | (1 << 16) | (1 << 31)


@dataclass
class Attachment:
    """An uploaded file, served back at ``url`` by the fake server."""

    id: int
    filename: str
    data: bytes
    content_type: str
    url: str
    description: str | None = None

    def to_json(self) -> Json:
        payload: Json = {
            "id": str(self.id),
            "filename": self.filename,
            "size": len(self.data),
            "url": self.url,
            "proxy_url": self.url,
            "content_type": self.content_type,
        }
        if self.description is not None:
            payload["description"] = self.description
        return payload


@dataclass
class Message:
    """A message as stored by the fake (content, embeds, components, attachments)."""

    id: int
    channel: Channel
    author: User
    content: str = ""
    embeds: list[Json] = field(default_factory=list)
    components: list[Json] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    timestamp: str = field(default_factory=iso_now)
    edited_timestamp: str | None = None
    interaction_metadata: Json | None = None
    webhook_id: int | None = None
    deleted: bool = False
    thread_id: int | None = None
    #: The client's ``nonce``, if it sent one.
    nonce: str | None = None
    #: Every earlier version of this message (content, embeds, components, files), oldest first.
    history: list[Json] = field(default_factory=list)
    #: ``time.monotonic()`` when the fake received it (for latency measurements).
    received_at: float = field(default_factory=time.monotonic)
    #: Users Discord would have notified when the message was created (its mentions as allowed).
    pinged: set[int] = field(default_factory=set)

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def files(self) -> list[bytes]:
        return [a.data for a in self.attachments]

    @property
    def text(self) -> str:
        """Everything a reader sees as text: content, embeds and component labels."""
        parts = [self.content]
        for embed in self.embeds:
            parts.extend(str(embed.get(k) or "") for k in ("title", "description"))
            parts.extend(f"{f.get('name', '')} {f.get('value', '')}" for f in embed.get("fields", []))
            parts.append(str((embed.get("footer") or {}).get("text", "")))
            parts.append(str((embed.get("author") or {}).get("name", "")))
        parts.extend(labels(self.components))
        return "\n".join(p for p in parts if p)

    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in walk_components(self.components) if "custom_id" in c]

    def component(self, custom_id: str) -> Json | None:
        for comp in walk_components(self.components):
            if comp.get("custom_id") == custom_id:
                return comp
        return None

    def snapshot(self) -> Json:
        return {
            "content": self.content,
            "embeds": copy.deepcopy(self.embeds),
            "components": copy.deepcopy(self.components),
            "attachments": [a.id for a in self.attachments],
        }

    def to_json(self) -> Json:
        payload: Json = {
            "id": str(self.id),
            "channel_id": str(self.channel.id),
            "author": self.author.to_json(),
            "content": self.content,
            "timestamp": self.timestamp,
            "edited_timestamp": self.edited_timestamp,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [a.to_json() for a in self.attachments],
            "embeds": copy.deepcopy(self.embeds),
            "pinned": False,
            "type": self.type,
            "flags": self.flags,
            "components": copy.deepcopy(self.components),
        }
        if self.channel.guild is not None:
            payload["guild_id"] = str(self.channel.guild.id)
        if self.webhook_id is not None:
            payload["webhook_id"] = str(self.webhook_id)
            payload["application_id"] = str(self.webhook_id)
        if self.interaction_metadata is not None:
            payload["interaction_metadata"] = copy.deepcopy(self.interaction_metadata)
        if self.nonce is not None:
            payload["nonce"] = self.nonce
        if self.thread_id is not None:
            thread = self.channel.server.channels.get(self.thread_id)
            if thread is not None:
                payload["thread"] = thread.to_json()
        return payload


def walk_components(components: list[Json]) -> Iterator[Json]:
    """Every component, depth first (action rows, sections and containers included)."""
    for comp in components:
        yield comp
        yield from walk_components(comp.get("components", []))
        for key in ("accessory", "component"):  # a section's accessory, a label's component
            child = comp.get(key)
            if isinstance(child, dict):
                yield from walk_components([child])


def labels(components: list[Json]) -> list[str]:
    """The visible texts of components: button labels, select options and placeholders."""
    out: list[str] = []
    for comp in walk_components(components):
        for key in ("label", "placeholder", "content"):
            if comp.get(key):
                out.append(str(comp[key]))
        for option in comp.get("options", []):
            out.append(f"{option.get('label', '')} {option.get('description') or ''}".strip())
    return out


@dataclass(eq=False)
class User:
    """A Discord account. Test users also act: ``await alice.slash(channel, "game new", ...)``."""

    server: FakeDiscord
    id: int
    name: str
    bot: bool = False
    dms_open: bool = True
    #: DM sends the bot attempted while DMs were closed (each answered 403 / 50007).
    refused_dms: int = 0
    #: The language of his Discord client (``interaction.locale``).
    locale: str = "en-US"

    def to_json(self) -> Json:
        return {
            "id": str(self.id),
            "username": self.name,
            "discriminator": "0",
            "global_name": self.name.title(),
            "avatar": None,
            "bot": self.bot,
            "system": False,
            "public_flags": 0,
            "flags": 0,
            "banner": None,
            "accent_color": None,
            "avatar_decoration_data": None,
        }

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    @property
    def dm_channel(self) -> Channel | None:
        return self.server.dm_channels.get(self.id)

    @property
    def dms(self) -> list[Message]:
        """Messages the bot sent to this user in private."""
        channel = self.dm_channel
        return channel.messages if channel is not None else []

    # -- acting (the driver) --------------------------------------------------
    async def slash(self, channel: Channel, command: str, **options: Any) -> InteractionResult:
        """Run ``/command`` (``"game new"`` for subcommands) with typed options, as Discord would."""
        return await self.server.interactions.slash(self, channel, command, options)

    async def autocomplete(
        self, channel: Channel, command: str, *, focused: str, **options: Any
    ) -> list[Json]:
        """The choices the bot offers for option ``focused`` given what is typed so far."""
        result = await self.server.interactions.autocomplete(self, channel, command, focused, options)
        return result.choices

    async def click(self, message: Message, custom_id: str, *, force: bool = False) -> InteractionResult:
        """Click the button ``custom_id`` on ``message``."""
        return await self.server.interactions.component(self, message, custom_id, None, force=force)

    async def select(
        self, message: Message, custom_id: str, values: list[str], *, force: bool = False
    ) -> InteractionResult:
        """Pick ``values`` in the select menu ``custom_id`` on ``message``."""
        return await self.server.interactions.component(self, message, custom_id, values, force=force)

    async def submit_modal(self, opened: InteractionResult, values: dict[str, str]) -> InteractionResult:
        """Fill and submit the modal the bot opened in ``opened``; ``values`` by text input custom_id."""
        return await self.server.interactions.modal_submit(self, opened, values)

    async def say(self, channel: Channel, content: str) -> Message:
        """Post a plain message (MESSAGE_CREATE is dispatched to the bot)."""
        return await self.server.user_message(self, channel, content)


@dataclass(eq=False)
class Channel:
    """A guild text channel, a thread (type 11/12) or a DM channel (type 1)."""

    server: FakeDiscord
    id: int
    type: int
    name: str
    guild: Guild | None = None
    parent: Channel | None = None
    owner_id: int | None = None
    recipient: User | None = None
    archived: bool = False
    locked: bool = False
    created: str = field(default_factory=iso_now)
    all_messages: list[Message] = field(default_factory=list)
    members: set[int] = field(default_factory=set)

    @property
    def messages(self) -> list[Message]:
        """Visible (not deleted) messages, oldest first."""
        return [m for m in self.all_messages if not m.deleted]

    @property
    def threads(self) -> list[Channel]:
        """Threads of this channel, oldest first."""
        return [c for c in self.server.channels.values() if c.parent is self]

    @property
    def is_thread(self) -> bool:
        return self.type in (PUBLIC_THREAD, PRIVATE_THREAD)

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    def to_json(self) -> Json:
        if self.type == DM:
            assert self.recipient is not None
            return {
                "id": str(self.id),
                "type": DM,
                "last_message_id": self._last_message_id(),
                "recipients": [self.recipient.to_json()],
                "flags": 0,
            }
        assert self.guild is not None
        payload: Json = {
            "id": str(self.id),
            "type": self.type,
            "guild_id": str(self.guild.id),
            "name": self.name,
            "last_message_id": self._last_message_id(),
            "rate_limit_per_user": 0,
            "flags": 0,
            "nsfw": False,
        }
        if self.is_thread:
            assert self.parent is not None
            payload.update(
                parent_id=str(self.parent.id),
                owner_id=str(self.owner_id or self.server.bot_user.id),
                member_count=len(self.members),
                message_count=len(self.all_messages),
                total_message_sent=len(self.all_messages),
                thread_metadata={
                    "archived": self.archived,
                    "auto_archive_duration": 1440,
                    "archive_timestamp": self.created,
                    "locked": self.locked,
                    "create_timestamp": self.created,
                    "invitable": True,
                },
            )
        else:
            payload.update(
                position=self.guild.channels.index(self) if self in self.guild.channels else 0,
                permission_overwrites=[],
                topic=None,
                parent_id=None,
                default_auto_archive_duration=1440,
            )
        return payload

    def _last_message_id(self) -> str | None:
        return str(self.all_messages[-1].id) if self.all_messages else None


@dataclass(eq=False)
class Guild:
    """A server with text channels, members and two roles (@everyone and the bot's)."""

    server: FakeDiscord
    id: int
    name: str
    owner: User
    bot_role_id: int
    channels: list[Channel] = field(default_factory=list)
    members: dict[int, User] = field(default_factory=dict)
    joined: dict[int, str] = field(default_factory=dict)
    #: A member's permissions in interactions, where a test limits them (default: all).
    permissions: dict[int, str] = field(default_factory=dict)
    #: The server's preferred locale (``interaction.guild_locale``).
    locale: str = "en-US"

    def limit_permissions(self, user: User, permissions: int = PLAIN_MEMBER) -> None:
        """From now on ``user``'s interactions carry only ``permissions`` (an ordinary member)."""
        self.permissions[user.id] = str(permissions)

    def create_text_channel(self, name: str) -> Channel:
        channel = Channel(self.server, self.server.snowflake(), TEXT, name, guild=self)
        self.channels.append(channel)
        self.server.channels[channel.id] = channel
        self.server.dispatch_later("CHANNEL_CREATE", channel.to_json(), guild=self)
        return channel

    def add_member(self, user: User) -> None:
        self.members[user.id] = user
        self.joined[user.id] = iso_now()
        self.server.dispatch_later(
            "GUILD_MEMBER_ADD", {**self.member_json(user), "guild_id": str(self.id)}, guild=self
        )

    @property
    def threads(self) -> list[Channel]:
        return [c for c in self.server.channels.values() if c.is_thread and c.guild is self]

    def member_json(self, user: User, *, permissions: bool = False) -> Json:
        payload: Json = {
            "user": user.to_json(),
            "nick": None,
            "avatar": None,
            "banner": None,
            "roles": [str(self.bot_role_id)] if user.bot else [],
            "joined_at": self.joined.get(user.id, iso_now()),
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "communication_disabled_until": None,
        }
        if permissions:
            payload["permissions"] = self.permissions.get(user.id, ALL_PERMISSIONS)
        return payload

    def roles_json(self) -> list[Json]:
        def role(role_id: int, name: str, permissions: str, position: int, managed: bool) -> Json:
            return {
                "id": str(role_id),
                "name": name,
                "color": 0,
                "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
                "hoist": False,
                "icon": None,
                "unicode_emoji": None,
                "position": position,
                "permissions": permissions,
                "managed": managed,
                "mentionable": False,
                "flags": 0,
            }

        return [
            role(self.id, "@everyone", "2248473465835073", 0, False),
            role(self.bot_role_id, self.server.bot_user.name, "8", 1, True),
        ]

    def to_json(self) -> Json:
        """The GUILD_CREATE payload: the guild with its channels, active threads and members."""
        return {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "owner_id": str(self.owner.id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "roles": self.roles_json(),
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "application_id": None,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "public_updates_channel_id": None,
            "safety_alerts_channel_id": None,
            "vanity_url_code": None,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "premium_progress_bar_enabled": False,
            "preferred_locale": self.locale,
            "nsfw_level": 0,
            "max_members": 500000,
            "joined_at": self.joined.get(self.server.bot_user.id, iso_now()),
            "large": False,
            "unavailable": False,
            "member_count": len(self.members),
            "members": [self.member_json(u) for u in self.members.values()],
            "channels": [c.to_json() for c in self.channels],
            "threads": [t.to_json() for t in self.threads if not t.archived],
            "voice_states": [],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
            "lazy": True,
        }
