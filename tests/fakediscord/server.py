"""FakeDiscord: the loopback server and the world it serves, driven from async tests.

async with FakeDiscord() as fd:
    guild = fd.create_guild("Test server")
    games = guild.create_text_channel("games")
    alice = fd.create_user("alice")
    guild.add_member(alice)
    bot = await fd.start_bot(db_path=tmp_path / "p.db")
    await fd.wait_until_ready()
    await fd.wait_for_commands()
    result = await alice.slash(games, "game new", game="confrontation")
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from types import TracebackType
from typing import Any

from aiohttp import web

from .botproc import BotProcess, bot_env, python
from .commands import CommandTree
from .faults import Fault, Faults
from .gateway import Gateway
from .ids import SnowflakeFactory
from .interactions import Interaction, Interactions, InteractionTimeout
from .model import DM, Attachment, Channel, Guild, Json, Message, User
from .rest import Rest

log = logging.getLogger(__name__)

GUILD_MESSAGES, DIRECT_MESSAGES = 1 << 9, 1 << 12


class FakeDiscord:
    """A Discord API v10 + gateway on 127.0.0.1 (random port), and the driver's entry point."""

    def __init__(
        self,
        *,
        callback_deadline: float = 3.0,
        timeout: float = 30.0,
        settle: float = 0.25,
        ack_grace: float = 1.0,
        workdir: Path | None = None,
        shards: int = 1,
    ) -> None:
        self.snowflake = SnowflakeFactory()
        self.token = f"fake.{secrets.token_urlsafe(24)}"
        self.application_id = self.snowflake()
        self.users: dict[int, User] = {}
        self.bot_user = self._user("Palantir", bot=True, user_id=self.application_id)
        self.owner = self._user("owner")
        self.guilds: dict[int, Guild] = {}
        self.channels: dict[int, Channel] = {}
        self.dm_channels: dict[int, Channel] = {}
        self.messages: dict[int, Message] = {}
        self.attachments: dict[int, Attachment] = {}
        self.commands = CommandTree()
        self.commands_synced = asyncio.Event()
        self.gateway = Gateway(self, shards)
        self.interactions = Interactions(self)
        self.interactions.timeout = timeout
        self.interactions.settle = settle
        self.rest = Rest(self)
        self.faults = Faults()
        self.callback_deadline = callback_deadline
        self.ack_grace = ack_grace
        self.unknown_routes: list[str] = []
        self.protocol_errors: list[str] = []
        self.late_interactions: list[Interaction] = []
        self.requests: list[tuple[str, str, int]] = []
        self.bots: list[BotProcess] = []
        self._workdir = workdir
        self._tmp: tempfile.TemporaryDirectory[str] | None = None
        self._activity: list[tuple[str, Message]] = []
        self._inflight = 0
        self._last_activity = time.monotonic()
        self._changed = asyncio.Event()
        self._tasks: set[asyncio.Task[Any]] = set()
        self._runner: web.AppRunner | None = None
        self.port = 0

    # -- lifecycle -----------------------------------------------------------------
    async def __aenter__(self) -> FakeDiscord:
        await self.start()
        return self

    async def __aexit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.close()

    async def start(self) -> None:
        app = web.Application(middlewares=[self._track], client_max_size=64 * 1024 * 1024)
        app.router.add_get("/gateway", self.gateway.handle)
        app.router.add_get(r"/attachments/{aid:\d+}/{name}", self._serve_attachment)
        app.router.add_route("*", r"/api/v{version:\d+}/{tail:.*}", self.rest.handle)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        sockets = getattr(site._server, "sockets", None)
        assert sockets, "the fake server did not bind"
        self.port = int(sockets[0].getsockname()[1])
        log.info("fake discord listening on %s", self.base_url)

    async def close(self) -> None:
        for bot in self.bots:
            await bot.stop(timeout=3.0)
        self.faults.clear()  # answers the hung requests
        for task in list(self._tasks):
            task.cancel()
        for conn in list(self.gateway.connections):
            await conn.close(1001)
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        if self._tmp is not None:
            self._tmp.cleanup()

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_base(self) -> str:
        return f"{self.base_url}/api/v10"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    @property
    def workdir(self) -> Path:
        if self._workdir is None:
            self._tmp = tempfile.TemporaryDirectory(prefix="fakediscord-")
            self._workdir = Path(self._tmp.name)
        return self._workdir

    # -- building the world ------------------------------------------------------------------
    def _user(
        self, name: str, *, bot: bool = False, dms_open: bool = True, user_id: int | None = None
    ) -> User:
        user = User(self, user_id or self.snowflake(), name, bot=bot, dms_open=dms_open)
        self.users[user.id] = user
        return user

    def create_user(self, name: str, *, dms_open: bool = True) -> User:
        return self._user(name, dms_open=dms_open)

    def create_guild(self, name: str, *, owner: User | None = None, shard: int | None = None) -> Guild:
        """A server; with ``shard``, one whose id puts it on that shard of the gateway's count."""
        guild_id = (
            self.snowflake() if shard is None else self.snowflake.on_shard(shard, self.gateway.shard_count)
        )
        guild = Guild(self, guild_id, name, owner or self.owner, bot_role_id=self.snowflake())
        guild.members[self.bot_user.id] = self.bot_user
        guild.members[guild.owner.id] = guild.owner
        self.guilds[guild.id] = guild
        self.dispatch_later("GUILD_CREATE", guild.to_json(), guild=guild)
        return guild

    def dm_channel_for(self, user: User) -> Channel:
        channel = self.dm_channels.get(user.id)
        if channel is None:
            channel = Channel(self, self.snowflake(), DM, user.name, recipient=user)
            self.dm_channels[user.id] = channel
            self.channels[channel.id] = channel
        return channel

    def create_thread(self, parent: Channel, name: str, kind: int, thread_id: int | None) -> Channel:
        thread = Channel(
            self, thread_id or self.snowflake(), kind, name[:100], guild=parent.guild, parent=parent
        )
        thread.owner_id = self.bot_user.id
        thread.members.add(self.bot_user.id)
        self.channels[thread.id] = thread
        self.gateway.dispatch("THREAD_CREATE", {**thread.to_json(), "newly_created": True})
        return thread

    def dispatch_later(self, event: str, data: Json, *, guild: Guild | None) -> None:
        """Tell a connected bot (the guild's shard) about a change made by the test (no-op
        before it connects)."""
        self.gateway.dispatch(event, data, guild_id=guild.id if guild is not None else None)

    # -- injected failures ---------------------------------------------------------------
    def fail_next(
        self,
        method: str,
        path: str,
        *,
        status: int = 503,
        times: int | None = 1,
        code: int = 0,
        after: bool = False,
        hang: bool = False,
        retry_after: float = 0.1,
        headers: dict[str, str] | None = None,
    ) -> Fault:
        """Answer the next ``times`` requests ``method path`` (``None``: all, until ``clear()``)
        with ``status`` instead of serving them (or, ``after=True``, after serving them).

        ``path`` is relative to the API base; ``{name}`` matches one segment, e.g.
        ``fd.fail_next("POST", f"/channels/{thread.id}/messages", status=503)``. A 429 carries
        ``retry_after`` (add ``headers={"Via": "1.1 google"}`` to let discord.py wait it out).
        ``hang=True``: the request waits, unanswered, until ``clear()`` (then gets ``status``).
        """
        fault = Fault(
            method,
            path,
            status,
            times=times,
            code=code,
            after=after,
            hang=hang,
            retry_after=retry_after,
            headers=dict(headers or {}),
        )
        return self.faults.add(fault)

    @property
    def injected(self) -> list[tuple[str, str, int]]:
        """``(method, path, status)`` of every request answered by an injected failure."""
        return self.faults.injected

    # -- messages ------------------------------------------------------------------------
    def store_attachment(
        self, channel: Channel, filename: str, data: bytes, content_type: str, description: str | None
    ) -> Attachment:
        aid = self.snowflake()
        url = f"{self.base_url}/attachments/{aid}/{filename}"
        attachment = Attachment(aid, filename, data, content_type, url, description)
        self.attachments[aid] = attachment
        return attachment

    def add_message(self, msg: Message) -> None:
        self.messages[msg.id] = msg
        if not msg.ephemeral:
            msg.channel.all_messages.append(msg)
            self._dispatch_message("MESSAGE_CREATE", msg)
        self._activity.append(("create", msg))
        self._poke()

    def record_edit(self, msg: Message) -> None:
        if not msg.ephemeral:
            self._dispatch_message("MESSAGE_UPDATE", msg)
        self._activity.append(("edit", msg))
        self._poke()

    def delete(self, msg: Message) -> None:
        msg.deleted = True
        if not msg.ephemeral:
            data = {"id": str(msg.id), "channel_id": str(msg.channel.id)}
            if msg.channel.guild is not None:
                data["guild_id"] = str(msg.channel.guild.id)
            self.gateway.dispatch("MESSAGE_DELETE", data)
        self._activity.append(("edit", msg))
        self._poke()

    def _dispatch_message(self, event: str, msg: Message) -> None:
        guild = msg.channel.guild
        data = msg.to_json()
        if guild is not None and msg.author.id in guild.members:
            member = guild.member_json(msg.author)
            member.pop("user")
            data["member"] = member
        wanted = GUILD_MESSAGES if guild is not None else DIRECT_MESSAGES
        self.gateway.dispatch(event, data, guild_id=guild.id if guild else None, intent=wanted)

    async def user_message(self, user: User, channel: Channel, content: str) -> Message:
        msg = Message(self.snowflake(), channel, user, content=content)
        self.messages[msg.id] = msg
        channel.all_messages.append(msg)
        self._dispatch_message("MESSAGE_CREATE", msg)
        return msg

    # -- activity tracking (how the driver knows the bot is done) ------------------------------
    @web.middleware
    async def _track(self, request: web.Request, handler: Callable[[web.Request], Any]) -> web.StreamResponse:
        if request.path == "/gateway":  # the websocket lives as long as the connection
            gateway_response: web.StreamResponse = await handler(request)
            return gateway_response
        self._inflight += 1
        self._last_activity = time.monotonic()
        try:
            response: web.StreamResponse = await handler(request)
        finally:
            self._inflight -= 1
            self._last_activity = time.monotonic()
            self._poke()
        self.requests.append((request.method, request.path, response.status))
        return response

    def _poke(self) -> None:
        self._changed.set()

    def activity_mark(self) -> int:
        return len(self._activity)

    def activity_since(self, mark: int) -> tuple[list[Message], list[Message]]:
        created: dict[int, Message] = {}
        edited: dict[int, Message] = {}
        for kind, msg in self._activity[mark:]:
            if kind == "create":
                created[msg.id] = msg
            elif msg.id not in created:
                edited[msg.id] = msg
        return list(created.values()), list(edited.values())

    async def quiet(self, settle: float) -> None:
        """Wait until no request is in flight and none has come for ``settle`` seconds."""
        while True:
            idle = time.monotonic() - self._last_activity
            if self._inflight == 0 and idle >= settle:
                return
            self._changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._changed.wait(), max(settle - idle, 0.01))

    def ack_later(self, record: Interaction) -> None:
        """A deferred update counts as answered at its edit/follow-up, or after ``ack_grace``."""

        async def grace() -> None:
            await asyncio.sleep(self.ack_grace)
            record.mark_answered()  # (at once if answered already: the time is kept)

        task = asyncio.create_task(grace())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def wait_for_message(
        self, predicate: Callable[[Message], bool], *, timeout: float = 60.0, since: int = 0
    ) -> Message:
        """The first bot message (created or edited after activity mark ``since``) matching ``predicate``.

        The deadline only turns a broken test into a failure instead of a hang: a message that
        follows a restart waits for fresh render workers, which a loaded machine starts slowly."""
        deadline = time.monotonic() + timeout
        while True:
            for _kind, msg in self._activity[since:]:
                if predicate(msg):
                    return msg
            left = deadline - time.monotonic()
            if left <= 0:
                raise InteractionTimeout(f"no matching bot message within {timeout}s.{self.bot_tail()}")
            self._changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._changed.wait(), min(left, 0.5))

    async def _serve_attachment(self, request: web.Request) -> web.StreamResponse:
        attachment = self.attachments.get(int(request.match_info["aid"]))
        if attachment is None:
            return web.json_response({"message": "404: Not Found", "code": 0}, status=404)
        return web.Response(body=attachment.data, content_type=attachment.content_type)

    # -- the bot -----------------------------------------------------------------------------
    async def start_bot(
        self,
        *,
        db_path: Path | None = None,
        argv: list[str] | None = None,
        dev_guild: Guild | None = None,
        log_level: str = "INFO",
        env: dict[str, str] | None = None,
        name: str = "bot",
    ) -> BotProcess:
        """Start ``python -m bot`` (or ``argv``) against this fake; returns the process handle."""
        guild = dev_guild or next(iter(self.guilds.values()), None)
        environment = bot_env(
            api_base=self.api_base,
            token=self.token,
            db_path=db_path,
            dev_guild=guild.id if guild else None,
            log_level=log_level,
            extra=env,
        )
        log_path = self.workdir / f"{name}-{len(self.bots)}.log"
        bot = BotProcess(argv or [python(), "-m", "bot"], environment, log_path)
        self.bots.append(bot)
        await bot.start()
        return bot

    async def wait_until_ready(self, timeout: float = 60.0) -> None:
        """Wait until a bot has identified (or resumed) and received its guilds."""
        try:
            await asyncio.wait_for(self.gateway.ready.wait(), timeout)
        except TimeoutError:
            raise InteractionTimeout(f"the bot did not connect within {timeout}s.{self.bot_tail()}") from None

    async def wait_for_commands(self, names: list[str] | None = None, timeout: float = 60.0) -> None:
        """Wait until the bot has synced its commands (and, if given, these top-level names)."""
        deadline = time.monotonic() + timeout
        while True:
            visible = {c["name"] for g in [None, *self.guilds.values()] for c in self.commands.visible_in(g)}
            if self.commands.syncs and all(n in visible for n in names or []):
                return
            if time.monotonic() > deadline:
                have = sorted(visible)
                raise InteractionTimeout(
                    f"commands {names or 'any'} not synced within {timeout}s (have {have}).{self.bot_tail()}"
                )
            await asyncio.sleep(0.05)

    async def wait_for_shards(
        self, shards: list[int], *, replacing: dict[int, Any] | None = None, timeout: float = 60.0
    ) -> None:
        """Wait until each of ``shards`` has a connected session (other than its session in
        ``replacing``: a restarted process's new one, not its dead predecessor's)."""
        gateway = self.gateway
        old = replacing or {}
        deadline = time.monotonic() + timeout
        while not all(gateway.shard_connected(s) and gateway.by_shard[s] is not old.get(s) for s in shards):
            if time.monotonic() > deadline:
                raise InteractionTimeout(
                    f"shards {shards} did not connect within {timeout}s.{self.bot_tail()}"
                )
            await asyncio.sleep(0.01)

    async def drop_gateway(self, *, resume: bool = True, shard: int = 0) -> None:
        """Cut a shard's gateway connection; the bot should reconnect (and RESUME when allowed)."""
        await self.gateway.drop(resume=resume, shard=shard)

    def bot_tail(self, lines: int = 25) -> str:
        if not self.bots:
            return ""
        return f"\n--- last bot output ({self.bots[-1].log_path}) ---\n{self.bots[-1].tail(lines)}"
