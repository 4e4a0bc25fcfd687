"""``python -m bot``: run the Palantír Discord bot."""

from __future__ import annotations

import asyncio
import logging
import os
import sys
import time

import aiohttp
import discord

from .app import make_bot
from .config import ConfigError, exposed_token_file, load_config, setup_logging
from .storage.connection import DatabaseUnreachable

log = logging.getLogger("bot")

#: Exit code when Discord or the PostgreSQL database stayed unreachable (EX_TEMPFAIL: "try again
#: later").
UNREACHABLE_EXIT = 75
#: The longest pause between two attempts to reach Discord.
MAX_PAUSE = 60
#: What "Discord cannot be reached" looks like: no connection, a timeout, a 5xx at login.
UNREACHABLE = (
    aiohttp.ClientError,
    OSError,
    asyncio.TimeoutError,
    discord.DiscordServerError,
    discord.GatewayNotFound,
)


def reason(exc: BaseException) -> str:
    """Why Discord could not be reached, in a few words (never the exception's full text).

    >>> reason(ConnectionRefusedError(111, "Connect call failed ('127.0.0.1', 9)"))
    'Connection refused'
    >>> reason(TimeoutError())
    'timed out'
    """
    if isinstance(exc, discord.HTTPException):
        return f"HTTP {exc.status}"
    cause = getattr(exc, "os_error", exc)  # aiohttp's ClientConnectorError wraps the OSError
    if isinstance(cause, TimeoutError):
        return "timed out"
    if isinstance(cause, OSError):
        if cause.errno is not None and cause.errno > 0:
            return os.strerror(cause.errno)
        if cause.strerror:
            return str(cause.strerror)
    return type(cause).__name__


def pause(attempt: int) -> int:
    """Seconds to wait after failed attempt number ``attempt`` (1, 2, 4, 8...; at most a minute)."""
    return int(min(2 ** (attempt - 1), MAX_PAUSE))


def main() -> int:
    try:
        config = load_config()
    except ConfigError as exc:
        print(f"palantir: {exc}", file=sys.stderr)
        return 2
    setup_logging(config.log_level)
    exposed = exposed_token_file(config.env_file)
    if exposed:
        log.warning("%s", exposed)
    if config.api_base:
        # Where the REST API lives (the gateway URL is then read from GET /gateway/bot).
        discord.http.Route.BASE = config.api_base
        log.info("using Discord API at %s", config.api_base)
    where = discord.http.Route.BASE
    attempt = 0
    while True:
        attempt += 1
        bot = make_bot(config)
        try:
            bot.run(config.token, log_handler=None)
        except discord.LoginFailure:
            print(
                "palantir: Discord rejected DISCORD_TOKEN; reset the token and update .env.", file=sys.stderr
            )
            return 1
        except DatabaseUnreachable as exc:
            print(f"palantir: {exc}", file=sys.stderr)
            return UNREACHABLE_EXIT
        except UNREACHABLE as exc:
            if bot.connected_once:
                attempt = 1  # it was up: a new outage gets every attempt again
            if attempt >= config.connect_attempts:
                print(
                    f"palantir: cannot reach Discord at {where}: {reason(exc)}; "
                    f"gave up after {attempt} attempts.",
                    file=sys.stderr,
                )
                return UNREACHABLE_EXIT
            wait = pause(attempt)
            log.warning("cannot reach Discord at %s: %s; retrying in %d s", where, reason(exc), wait)
            time.sleep(wait)
        else:
            return 0


if __name__ == "__main__":
    sys.exit(main())
