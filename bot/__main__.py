"""``python -m bot``: run the Palantír Discord bot."""

from __future__ import annotations

import logging
import sys

import discord

from .app import PalantirBot
from .config import ConfigError, load_config, setup_logging

log = logging.getLogger("bot")


def main() -> int:
    try:
        config = load_config()
    except ConfigError as exc:
        print(f"palantir: {exc}", file=sys.stderr)
        return 2
    setup_logging(config.log_level)
    if config.api_base:
        # Where the REST API lives (the gateway URL is then read from GET /gateway/bot).
        discord.http.Route.BASE = config.api_base
        log.info("using Discord API at %s", config.api_base)
    bot = PalantirBot(config)
    try:
        bot.run(config.token, log_handler=None)
    except discord.LoginFailure:
        print("palantir: Discord rejected DISCORD_TOKEN; reset the token and update .env.", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
