"""Injected REST failures: Discord answering a request with an error status, once or for a while.

    fault = fd.fail_next("POST", f"/channels/{thread.id}/messages", status=503)   # the next one
    outage = fd.fail_next("POST", "/channels/{any}/messages", status=503, times=None)  # until cleared
    ...
    outage.clear()

Paths are relative to the API base (``/api/v10``); ``{name}`` in a path matches one segment.
A fault answers **instead of** the route (nothing is stored), or, with ``after=True``, **after**
it (the request took effect, e.g. the message was stored, but the answer is lost: the client
sees only the error). The first active fault matching a request is used; each answer it gives
counts as a hit and in ``fd.injected``.

A fault with ``hang=True`` holds the request unanswered until it is cleared (a request stuck in
Discord, to kill the bot in the middle of it), then answers with its status: nothing is stored.

    stuck = fd.fail_next("PATCH", f"/channels/{thread.id}/messages/{any}", hang=True)
    await until(lambda: stuck.hits)   # the bot is waiting for that edit now
"""

from __future__ import annotations

import asyncio
import json
import re
from dataclasses import dataclass, field

from aiohttp import web

#: Discord's bodies for the statuses tests usually inject.
MESSAGES = {
    429: "You are being rate limited.",
    500: "500: Internal Server Error",
    502: "502: Bad Gateway",
    503: "upstream connect error or disconnect/reset before headers. reset reason: overflow",
    504: "504: Gateway Timeout",
}


def path_pattern(path: str) -> re.Pattern[str]:
    """``/channels/{thread}/messages`` -> a regex where ``{thread}`` matches one path segment.

    >>> bool(path_pattern("/channels/{c}/messages").fullmatch("/channels/12/messages"))
    True
    >>> bool(path_pattern("/channels/12/messages").fullmatch("/channels/13/messages"))
    False
    """
    parts = re.split(r"(\{[^/{}]*\})", "/" + path.lstrip("/"))
    return re.compile("".join("[^/]+" if p.startswith("{") else re.escape(p) for p in parts))


@dataclass(eq=False)
class Fault:
    """One injected failure: ``times`` answers (``None``: until :meth:`clear`)."""

    method: str
    path: str
    status: int
    times: int | None = 1
    code: int = 0
    after: bool = False
    hang: bool = False
    retry_after: float = 0.1
    headers: dict[str, str] = field(default_factory=dict)
    hits: int = 0
    cleared: bool = False

    def __post_init__(self) -> None:
        self.method = self.method.upper()
        self.pattern = path_pattern(self.path)
        self._released: asyncio.Event | None = None

    @property
    def active(self) -> bool:
        return not self.cleared and (self.times is None or self.hits < self.times)

    def clear(self) -> None:
        """End this fault (an outage is over; a hung request is answered)."""
        self.cleared = True
        if self._released is not None:
            self._released.set()

    async def held(self) -> None:
        """For a ``hang`` fault: wait until it is cleared."""
        if self._released is None:
            self._released = asyncio.Event()
        if not self.cleared:
            await self._released.wait()

    def matches(self, method: str, path: str) -> bool:
        return self.active and method.upper() == self.method and self.pattern.fullmatch(path) is not None

    def response(self) -> web.Response:
        body: dict[str, object] = {"message": MESSAGES.get(self.status, f"{self.status}"), "code": self.code}
        headers = {"Content-Type": "application/json", **self.headers}
        if self.status == 429:
            body.update(retry_after=self.retry_after, **{"global": False})
            headers.setdefault("Retry-After", f"{self.retry_after:g}")
            headers.setdefault("X-RateLimit-Scope", "user")
        return web.Response(body=json.dumps(body).encode(), status=self.status, headers=headers)


class Faults:
    """The faults of one fake Discord, and a record of every injected answer."""

    def __init__(self) -> None:
        self.faults: list[Fault] = []
        #: ``(method, path, status)`` of every request answered by a fault, in order.
        self.injected: list[tuple[str, str, int]] = []

    def add(self, fault: Fault) -> Fault:
        self.faults.append(fault)
        return fault

    def take(self, method: str, path: str) -> Fault | None:
        """The fault that answers this request (counted as a hit), if any."""
        for fault in self.faults:
            if fault.matches(method, path):
                fault.hits += 1
                self.injected.append((method.upper(), path, fault.status))
                return fault
        return None

    def clear(self) -> None:
        for fault in self.faults:
            fault.clear()
        self.faults.clear()
