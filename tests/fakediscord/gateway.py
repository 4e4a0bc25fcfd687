"""The websocket gateway: HELLO, IDENTIFY/READY, heartbeats, RESUME with replay, zlib-stream, shards.

One :class:`Session` per IDENTIFY, and one current session per shard: IDENTIFY carries
``[shard_id, shard_count]`` (``[0, 1]`` when absent); a guild's events go to the session of
shard ``(guild_id >> 22) % shard_count``, everything without a guild (DMs, DM interactions)
to shard 0's, as Discord does. Dispatches get sequence numbers and are kept in the
session's buffer, so a RESUME replays whatever the bot missed while disconnected. Frames are
sent by one writer task per connection, in order, because zlib-stream compresses the whole
connection as a single stream (each message ends with a Z_SYNC_FLUSH).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

if TYPE_CHECKING:
    from .server import FakeDiscord

log = logging.getLogger(__name__)

DISPATCH, HEARTBEAT, IDENTIFY, PRESENCE, VOICE, RESUME, RECONNECT = 0, 1, 2, 3, 4, 6, 7
REQUEST_MEMBERS, INVALID_SESSION, HELLO, HEARTBEAT_ACK = 8, 9, 10, 11
HEARTBEAT_INTERVAL_MS = 41_250
GUILDS, GUILD_MEMBERS = 1 << 0, 1 << 1
#: Events Discord sends only to sessions that asked for an intent (others are always sent).
EVENT_INTENTS = {
    "GUILD_CREATE": GUILDS,
    "CHANNEL_CREATE": GUILDS,
    "CHANNEL_UPDATE": GUILDS,
    "THREAD_CREATE": GUILDS,
    "THREAD_UPDATE": GUILDS,
    "GUILD_MEMBER_ADD": GUILD_MEMBERS,
}
#: Close code Discord uses for "unknown error, reconnect and resume".
CLOSE_RESUMABLE = 4000
CLOSE_AUTH_FAILED = 4004
CLOSE_INVALID_SHARD, CLOSE_SHARDING_REQUIRED = 4010, 4011


def shard_of(guild_id: int, shard_count: int) -> int:
    """The shard that receives a guild's events (Discord's formula).

    >>> shard_of(1 << 22, 4), shard_of(5 << 22 | 12345, 4), shard_of(123, 1)
    (1, 1, 0)
    """
    return (guild_id >> 22) % shard_count


class Connection:
    """One websocket: a send queue drained by a writer task, with optional zlib-stream."""

    def __init__(self, ws: web.WebSocketResponse, compress: str | None) -> None:
        self.ws = ws
        self.compress = compress
        self._zlib = zlib.compressobj() if compress == "zlib-stream" else None
        self._queue: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
        self._writer = asyncio.create_task(self._write())
        self.session: Session | None = None
        self.frames_sent = 0

    def send(self, payload: dict[str, Any]) -> None:
        self._queue.put_nowait(payload)

    async def _write(self) -> None:
        while True:
            payload = await self._queue.get()
            if payload is None:
                return
            raw = json.dumps(payload, separators=(",", ":"))
            try:
                if self._zlib is not None:
                    data = self._zlib.compress(raw.encode()) + self._zlib.flush(zlib.Z_SYNC_FLUSH)
                    await self.ws.send_bytes(data)
                else:
                    await self.ws.send_str(raw)
                self.frames_sent += 1
            except (ConnectionResetError, RuntimeError) as exc:
                log.debug("gateway send failed: %s", exc)
                return

    async def close(self, code: int) -> None:
        self._queue.put_nowait(None)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self._writer, 2)
        with contextlib.suppress(Exception):
            await self.ws.close(code=code)


@dataclass
class Session:
    """A gateway session: its id, sequence numbers and every dispatch, for RESUME."""

    id: str
    intents: int
    shard: int = 0
    seq: int = 0
    buffer: list[dict[str, Any]] = field(default_factory=list)
    connection: Connection | None = None
    resumable: bool = True

    def dispatch(self, event: str, data: dict[str, Any]) -> int:
        self.seq += 1
        payload = {"op": DISPATCH, "t": event, "s": self.seq, "d": data}
        self.buffer.append(payload)
        if self.connection is not None:
            self.connection.send(payload)
        return self.seq


class Gateway:
    """The gateway endpoint and its sessions. ``by_shard`` holds each shard's newest identified
    session; ``current`` is shard 0's (the only one when the bot does not shard)."""

    def __init__(self, server: FakeDiscord, shard_count: int = 1) -> None:
        self.server = server
        #: The shard count ``GET /gateway/bot`` recommends and every IDENTIFY must use.
        self.shard_count = shard_count
        #: Shards that may identify at once (``session_start_limit``; Discord grants large bots 16).
        self.max_concurrency = 1
        self.sessions: dict[str, Session] = {}
        self.by_shard: dict[int, Session] = {}
        self.connections: list[Connection] = []
        self.identifies = 0
        self.resumes = 0
        self.compressions: list[str | None] = []
        #: The interval announced in HELLO (a benchmark may shorten it to watch the bot's loop).
        self.heartbeat_interval_ms = HEARTBEAT_INTERVAL_MS
        #: ``time.monotonic()`` of every heartbeat received (gaps show a stalled client loop).
        self.heartbeats: list[float] = []
        #: Set while every shard has a connected session that received its READY (or RESUMED).
        self.ready = asyncio.Event()
        self._listeners: list[Callable[[str, dict[str, Any]], None]] = []

    @property
    def current(self) -> Session | None:
        """Shard 0's session: the one DMs and DM interactions go to."""
        return self.by_shard.get(0)

    def shard_for(self, guild_id: int | None) -> int:
        """The shard a guild's events go to; shard 0 for events outside guilds."""
        return 0 if guild_id is None else shard_of(guild_id, self.shard_count)

    # -- dispatching -------------------------------------------------------
    def dispatch(
        self, event: str, data: dict[str, Any], *, guild_id: int | None = None, intent: int = 0
    ) -> bool:
        """Send an event to the session of its shard (buffered for RESUME). False if that shard
        has no session.

        The guild is ``guild_id``, else the payload's ``guild_id``; none: shard 0. Events behind
        an intent (``intent``, else the event's own) the session did not ask for are dropped,
        as Discord does.
        """
        if guild_id is None and data.get("guild_id") is not None:
            guild_id = int(data["guild_id"])
        session = self.by_shard.get(self.shard_for(guild_id))
        if session is None:
            return False
        needed = intent or EVENT_INTENTS.get(event, 0)
        if needed and not session.intents & needed:
            return True
        session.dispatch(event, data)
        return True

    @property
    def connected(self) -> bool:
        return self.current is not None and self.current.connection is not None

    def shard_connected(self, shard: int) -> bool:
        session = self.by_shard.get(shard)
        return session is not None and session.connection is not None

    def _update_ready(self) -> None:
        if all(self.shard_connected(shard) for shard in range(self.shard_count)):
            self.ready.set()
        else:
            self.ready.clear()

    # -- faults ------------------------------------------------------------
    async def drop(self, *, resume: bool = True, shard: int = 0) -> None:
        """Close a shard's live connection abruptly. With ``resume=False`` the session is invalidated."""
        session = self.by_shard.get(shard)
        if session is None or session.connection is None:
            raise RuntimeError("the bot is not connected to the gateway")
        session.resumable = resume
        connection = session.connection
        session.connection = None
        self.ready.clear()
        await connection.close(CLOSE_RESUMABLE)

    def request_reconnect(self) -> None:
        """Send op 7 RECONNECT: the bot should reconnect and resume."""
        if self.current is None or self.current.connection is None:
            raise RuntimeError("the bot is not connected to the gateway")
        self.ready.clear()
        self.current.connection.send({"op": RECONNECT, "d": None})

    def invalidate(self) -> None:
        """Send op 9 INVALID_SESSION (not resumable): the bot must identify again."""
        if self.current is None or self.current.connection is None:
            raise RuntimeError("the bot is not connected to the gateway")
        self.current.resumable = False
        self.ready.clear()
        self.current.connection.send({"op": INVALID_SESSION, "d": False})

    # -- the websocket handler ----------------------------------------------
    async def handle(self, request: web.Request) -> web.StreamResponse:
        ws = web.WebSocketResponse(max_msg_size=0, autoping=True)
        await ws.prepare(request)
        compress = request.query.get("compress")
        if compress not in (None, "zlib-stream"):
            # discord.py asks for zstd-stream only when the zstandard package is installed.
            problem = f"the fake gateway supports only zlib-stream compression, not {compress}"
            log.error(problem)
            self.server.protocol_errors.append(problem)
            await ws.close(code=4000)
            return ws
        if request.query.get("encoding", "json") != "json":
            await ws.close(code=4002)
            return ws
        self.compressions.append(compress)
        conn = Connection(ws, compress)
        self.connections.append(conn)
        conn.send({"op": HELLO, "d": {"heartbeat_interval": self.heartbeat_interval_ms, "_trace": ["fake"]}})
        try:
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    if msg.type == WSMsgType.BINARY:
                        log.warning("binary gateway frame ignored")
                    continue
                await self._receive(conn, json.loads(msg.data))
        finally:
            if conn.session is not None and conn.session.connection is conn:
                conn.session.connection = None
                if conn.session is self.by_shard.get(conn.session.shard):
                    self.ready.clear()
            await conn.close(1000)
        return ws

    async def _receive(self, conn: Connection, payload: dict[str, Any]) -> None:
        op, data = payload.get("op"), payload.get("d")
        if op == HEARTBEAT:
            self.heartbeats.append(time.monotonic())
            conn.send({"op": HEARTBEAT_ACK, "d": None})
        elif op == IDENTIFY:
            await self._identify(conn, data or {})
        elif op == RESUME:
            await self._resume(conn, data or {})
        elif op == REQUEST_MEMBERS:
            self._members_chunk(conn, data or {})
        elif op in (PRESENCE, VOICE):
            pass
        else:
            log.warning("unknown gateway op %s", op)

    async def _identify(self, conn: Connection, data: dict[str, Any]) -> None:
        if data.get("token") != self.server.token:
            await conn.close(CLOSE_AUTH_FAILED)
            return
        shard, count = _shard_field(data.get("shard"))
        if count != self.shard_count or not 0 <= shard < count:
            problem = f"IDENTIFY with shard [{shard}, {count}]; this gateway has {self.shard_count} shards"
            log.error(problem)
            self.server.protocol_errors.append(problem)
            too_few = count < self.shard_count
            await conn.close(CLOSE_SHARDING_REQUIRED if too_few else CLOSE_INVALID_SHARD)
            return
        self.identifies += 1
        session = Session(secrets.token_hex(16), int(data.get("intents") or 0), shard=shard)
        self.sessions[session.id] = session
        old = self.by_shard.get(shard)
        if old is not None and old.connection is not None and old.connection is not conn:
            await old.connection.close(CLOSE_RESUMABLE)
        if old is not None:
            old.connection = None
        self.by_shard[shard] = session
        session.connection = conn
        conn.session = session
        guilds = [g for g in self.server.guilds.values() if self.shard_for(g.id) == shard]
        session.dispatch(
            "READY",
            {
                "v": 10,
                "user": self.server.bot_user.to_json(),
                "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
                "session_id": session.id,
                "session_type": "normal",
                "resume_gateway_url": self.server.gateway_url,
                "shard": [shard, count],
                "application": {"id": str(self.server.application_id), "flags": 0},
                "private_channels": [],
                "relationships": [],
                "presences": [],
                "guild_join_requests": [],
                "geo_ordered_rtc_regions": [],
                "user_settings": {},
                "_trace": ["fake"],
            },
        )
        for guild in guilds:
            session.dispatch("GUILD_CREATE", guild.to_json())
        self._update_ready()
        log.info("bot identified: session %s (shard %d of %d)", session.id, shard, count)

    async def _resume(self, conn: Connection, data: dict[str, Any]) -> None:
        session = self.sessions.get(str(data.get("session_id")))
        if (
            data.get("token") != self.server.token
            or session is None
            or not session.resumable
            or session is not self.by_shard.get(session.shard)
        ):
            conn.send({"op": INVALID_SESSION, "d": False})
            return
        self.resumes += 1
        if session.connection is not None and session.connection is not conn:
            await session.connection.close(CLOSE_RESUMABLE)
        session.connection = conn
        conn.session = session
        last = int(data.get("seq") or 0)
        for payload in session.buffer:
            if int(payload["s"]) > last:
                conn.send(payload)
        session.seq += 1
        conn.send({"op": DISPATCH, "t": "RESUMED", "s": session.seq, "d": {"_trace": ["fake"]}})
        self._update_ready()
        log.info("bot resumed session %s from seq %s", session.id, last)

    def _members_chunk(self, conn: Connection, data: dict[str, Any]) -> None:
        guild = self.server.guilds.get(int(data.get("guild_id") or 0))
        if guild is None or conn.session is None:
            return
        wanted = {int(u) for u in data.get("user_ids") or []}
        members = [guild.member_json(u) for u in guild.members.values() if not wanted or u.id in wanted]
        chunk: dict[str, Any] = {
            "guild_id": str(guild.id),
            "members": members,
            "chunk_index": 0,
            "chunk_count": 1,
            "not_found": [],
        }
        if data.get("nonce"):
            chunk["nonce"] = data["nonce"]
        conn.session.dispatch("GUILD_MEMBERS_CHUNK", chunk)


def _shard_field(value: Any) -> tuple[int, int]:
    """IDENTIFY's ``shard``: ``[shard_id, shard_count]``; absent means ``[0, 1]``.

    >>> _shard_field(None), _shard_field([1, 4])
    ((0, 1), (1, 4))
    """
    if not value:
        return 0, 1
    shard, count = value
    return int(shard), int(count)
