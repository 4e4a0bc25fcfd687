"""Bot configuration from the environment and an optional ``.env`` file."""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from dotenv import load_dotenv

LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")


class ConfigError(RuntimeError):
    """The configuration is missing or wrong; the message tells the admin what to fix."""


@dataclass(frozen=True, slots=True)
class Config:
    token: str = field(repr=False)  # never printed or logged
    db_path: Path = Path("palantir.db")
    dev_guild: int | None = None
    log_level: str = "INFO"
    api_base: str | None = None


def load_config(environ: Mapping[str, str] | None = None, *, dotenv: bool = True) -> Config:
    """Read the settings (``.env`` fills in what the environment does not set)."""
    if dotenv:
        load_dotenv(override=False)
    env = os.environ if environ is None else environ
    token = env.get("DISCORD_TOKEN", "").strip()
    if not token:
        raise ConfigError(
            "DISCORD_TOKEN is not set. Copy .env.example to .env and put your bot token there "
            "(Discord Developer Portal -> your application -> Bot -> Reset Token)."
        )
    guild_text = env.get("PALANTIR_DEV_GUILD", "").strip()
    try:
        dev_guild = int(guild_text) if guild_text else None
    except ValueError:
        raise ConfigError(f"PALANTIR_DEV_GUILD must be a server id (digits), not {guild_text!r}.") from None
    level = (env.get("PALANTIR_LOG_LEVEL", "") or "INFO").strip().upper()
    if level not in LEVELS:
        raise ConfigError(f"PALANTIR_LOG_LEVEL must be one of {', '.join(LEVELS)}, not {level!r}.")
    api_base = env.get("PALANTIR_API_BASE", "").strip().rstrip("/") or None
    return Config(
        token=token,
        db_path=Path(env.get("PALANTIR_DB", "").strip() or "palantir.db"),
        dev_guild=dev_guild,
        log_level=level,
        api_base=api_base,
    )


def setup_logging(level: str) -> None:
    logging.basicConfig(
        level=getattr(logging, level, logging.INFO),
        format="%(asctime)s %(levelname)-7s %(name)s: %(message)s",
    )
