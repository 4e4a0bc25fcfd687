"""Posting a message to a channel, thread or user, retrying what Discord fails only for a moment.

discord.py retries a 500, 502, 504 and 524 and waits out the rate limits it was told about,
but a 503 (Discord "unavailable"), a 429 it did not handle, a reset connection or a timeout
reach the caller at the first try. :func:`send` retries those a few times with a short,
growing pause (0.5 s, 1 s, 2 s, 4 s: well under the 15 minutes an interaction token lives),
and raises :class:`PostFailed` when it gives up, so that the caller leaves the entry "not
announced" and the announcer (``bot/catch_up.py``) posts it once Discord is back.

Each logical post carries one ``nonce`` (with ``enforce_nonce``) over all its attempts: if a
503 came back although Discord had stored the message, the retry is answered with that same
message instead of posting it twice. What announces an entry (its thread post, its DM prompts)
uses :func:`entry_nonce`, the same after a restart: if the bot died after Discord stored the
message but before the bot recorded it, the catch-up's post gets that message back (Discord
remembers a nonce for a few minutes) instead of announcing the entry twice.

A refusal (403, 404, 400...) is not retried: it is raised unchanged, except that a message
refused only because of its image (no *Attach Files* permission) is posted as text alone.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import secrets
from collections.abc import Awaitable, Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, cast

import aiohttp
import discord

log = logging.getLogger(__name__)

#: Pauses before the 2nd, 3rd... attempt: five attempts over about 7.5 s.
RETRY_DELAYS: tuple[float, ...] = (0.5, 1.0, 2.0, 4.0)
#: The longest pause a rate limit (``retry_after``) may impose between two attempts.
MAX_PAUSE = 30.0
#: Discord's "Cannot send messages to this user" (closed DMs).
DM_CLOSED = 50007
#: Failures below HTTP (connection refused or reset, timeouts): worth another try.
NETWORK_ERRORS: tuple[type[BaseException], ...] = (aiohttp.ClientError, OSError, asyncio.TimeoutError)

#: The failure lists of the enclosing :func:`watch` blocks (innermost last).
_watchers: ContextVar[tuple[list[PostFailed], ...]] = ContextVar("palantir_post_watchers", default=())


class PostFailed(discord.HTTPException):
    """Posting failed for a transient reason on every attempt: nothing was posted.

    A :class:`discord.HTTPException`, so that code written for discord.py's errors treats it
    as a failed request (``status`` and ``code`` are the last failure's, 0 for a network
    error); catch it first to tell "Discord was unavailable" from a refusal.
    """

    def __init__(self, attempts: int, cause: BaseException) -> None:
        # HTTPException.__init__ wants an HTTP response; a network failure has none.
        Exception.__init__(self, f"gave up after {attempts} attempts: {describe(cause)}")
        self.attempts = attempts
        self.cause = cause
        self.response = getattr(cause, "response", None)
        self.status = int(getattr(cause, "status", 0) or 0)
        self.code = int(getattr(cause, "code", 0) or 0)
        self.text = ""


def entry_nonce(key: str, *parts: object) -> int:
    """The nonce of one logical message (``parts``: match, version, purpose...), the same each
    time it is made again; ``key`` keeps two databases of one bot account apart.

    >>> entry_nonce("k", 7, 3, "post") == entry_nonce("k", 7, 3, "post")
    True
    >>> len({entry_nonce("k", 7, 3, "post"), entry_nonce("k", 7, 4, "post"), entry_nonce("j", 7, 3, "post")})
    3
    >>> 0 <= entry_nonce("k", 1) < 2**62
    True
    """
    digest = hashlib.blake2b(repr(parts).encode(), key=key.encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 2


def describe(exc: BaseException) -> str:
    """A failure in a few words, without its message (which could quote what was posted).

    >>> describe(ConnectionResetError())
    'ConnectionResetError'
    """
    if isinstance(exc, PostFailed):
        return describe(exc.cause)
    if isinstance(exc, discord.HTTPException):
        return f"HTTP {exc.status} (code {exc.code})"
    if isinstance(exc, discord.RateLimited):
        return f"rate limited for {exc.retry_after:.1f} s"
    return type(exc).__name__


def transient(exc: BaseException) -> bool:
    """Whether trying again soon may succeed (a server error, a rate limit, the network).

    >>> transient(TimeoutError()), transient(ValueError())
    (True, False)
    """
    if isinstance(exc, PostFailed):
        return False  # an inner send has retried already
    if isinstance(exc, discord.HTTPException):
        return exc.status >= 500 or exc.status == 429
    if isinstance(exc, discord.RateLimited):
        return True
    return isinstance(exc, NETWORK_ERRORS)


def _retry_after(exc: BaseException) -> float:
    """How long Discord asked us to wait (a 429), else 0."""
    if isinstance(exc, discord.RateLimited):
        return float(exc.retry_after)
    response = getattr(exc, "response", None)
    headers = getattr(response, "headers", None) or {}
    try:
        return float(headers.get("Retry-After") or 0)
    except (TypeError, ValueError):
        return 0.0


def _rewind(kwargs: dict[str, Any]) -> None:
    """Put the files back at their start: the failed attempt may have read them."""
    files = [kwargs.get("file"), *(kwargs.get("files") or ())]
    for file in files:
        if isinstance(file, discord.File):
            file.reset()


@contextmanager
def watch() -> Iterator[list[PostFailed]]:
    """Collect every :class:`PostFailed` that :func:`send` raises inside this block.

    Works across awaits and for tasks started inside the block (they copy the context), and
    whether or not the caller swallowed the exception: the announcer uses it to know that a
    delivery (its own or a player's) could not post.
    """
    failures: list[PostFailed] = []
    token = _watchers.set((*_watchers.get(), failures))
    try:
        yield failures
    finally:
        _watchers.reset(token)


def gave_up() -> bool:
    """Whether :func:`send` gave up (raised :class:`PostFailed`) inside the innermost :func:`watch`."""
    watchers = _watchers.get()
    return bool(watchers and watchers[-1])


async def send(
    target: discord.abc.Messageable,
    /,
    *,
    delays: Sequence[float] | None = None,
    sleep: Callable[[float], Awaitable[None]] | None = None,
    **kwargs: Any,
) -> discord.Message:
    """``target.send(**kwargs)``, retried on transient failures; :class:`PostFailed` at the end.

    ``None`` values in ``kwargs`` are dropped (``file=None`` means no image). ``delays`` (the
    pauses between attempts, default :data:`RETRY_DELAYS`) and ``sleep`` are for tests.
    """
    pauses = RETRY_DELAYS if delays is None else tuple(delays)
    wait = asyncio.sleep if sleep is None else sleep
    payload = {k: v for k, v in kwargs.items() if v is not None}
    payload.setdefault("nonce", secrets.randbits(62))  # the same for every attempt: no double post
    where = getattr(target, "id", "?")
    sender = cast(Any, target)
    attempt = 0
    while True:
        attempt += 1
        try:
            message: discord.Message = await sender.send(**payload)
        except discord.Forbidden as exc:
            if exc.code == DM_CLOSED or (payload.get("file") is None and not payload.get("files")):
                raise  # closed DMs refuse any message: the text alone would fail (and count) too
            # Refused because of the image (no Attach Files): the text alone, at once.
            log.warning("no permission to attach images in channel %s; posting text only", where)
            payload = {k: v for k, v in payload.items() if k not in ("file", "files")}
            attempt -= 1
            continue
        except Exception as exc:
            if not transient(exc):
                raise
            if attempt > len(pauses):
                failed = PostFailed(attempt, exc)
                log.warning(
                    "giving up posting in channel %s after %d attempts: %s", where, attempt, describe(exc)
                )
                for failures in _watchers.get():
                    failures.append(failed)
                raise failed from exc
            pause = max(pauses[attempt - 1], min(_retry_after(exc), MAX_PAUSE))
            log.info(
                "posting in channel %s failed (%s); attempt %d in %.1f s",
                where,
                describe(exc),
                attempt + 1,
                pause,
            )
            await wait(pause)
            _rewind(payload)
        else:
            return message
