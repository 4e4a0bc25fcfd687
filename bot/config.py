"""Bot configuration from the environment and an optional ``.env`` file."""

from __future__ import annotations

import logging
import os
import stat
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from dotenv import find_dotenv, load_dotenv

from .pace import PaceError, parse_duration
from .storage.connection import is_postgresql

LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")


class ConfigError(RuntimeError):
    """The configuration is missing or wrong; the message tells the admin what to fix."""


@dataclass(frozen=True, slots=True)
class Config:
    token: str = field(repr=False)  # never printed or logged
    db_path: Path = Path("palantir.db")
    #: A PostgreSQL database (``postgresql://`` URL, from ``DATABASE_URL`` or ``PALANTIR_DB``)
    #: used instead of the SQLite file; never printed (it may hold a password).
    database_url: str | None = field(default=None, repr=False)
    dev_guild: int | None = None
    log_level: str = "INFO"
    api_base: str | None = None
    #: Seconds between two sweeps of the announcer (matches committed but not yet posted).
    catch_up_every: float = 30.0
    #: Attempts to reach Discord at start-up before giving up (with growing pauses between).
    connect_attempts: int = 6
    #: Seconds between two ticks of the clocks (timeouts, reminders, expired lobbies).
    tick_every: float = 30.0
    #: Seconds a lobby waits for players before it closes.
    lobby_lifetime: float = 2 * 86400.0
    #: The ``.env`` file the settings were read from, if any (checked for its permissions).
    env_file: Path | None = None
    #: Sharding (``SHARD_COUNT``, ``SHARD_IDS``): the total number of shards and the ones this
    #: process runs. ``None``: one unsharded connection, as a bot under 2,500 servers needs.
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None

    @property
    def database(self) -> str | Path:
        """What :meth:`bot.storage.Store.open` opens: the PostgreSQL URL, else the SQLite file."""
        return self.database_url or self.db_path


def load_config(environ: Mapping[str, str] | None = None, *, dotenv: bool = True) -> Config:
    """Read the settings (``.env`` fills in what the environment does not set)."""
    env_file: Path | None = None
    if dotenv:
        found = find_dotenv()  # as load_dotenv() would: upwards from this package
        env_file = Path(found) if found else None
        if env_file is not None:
            load_dotenv(env_file, override=False)
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
    every = _number(env, "PALANTIR_CATCH_UP_EVERY", 30.0, low=0.1, high=86_400.0)
    attempts = int(_number(env, "PALANTIR_CONNECT_ATTEMPTS", 6, low=1, high=100, whole=True))
    tick_every = _number(env, "PALANTIR_TICK_EVERY", 30.0, low=0.05, high=3600.0)
    lifetime_text = env.get("PALANTIR_LOBBY_LIFETIME", "").strip() or "2d"
    try:
        lobby_lifetime = float(parse_duration(lifetime_text))
    except PaceError:
        raise ConfigError(
            f"PALANTIR_LOBBY_LIFETIME must be a duration like 2d, 12h or 30m, not {lifetime_text!r}."
        ) from None
    db_text = env.get("PALANTIR_DB", "").strip()
    database_url = env.get("DATABASE_URL", "").strip() or None
    if database_url is not None and not is_postgresql(database_url):
        raise ConfigError(
            "DATABASE_URL must be a PostgreSQL URL (postgresql://USER:PASSWORD@HOST:PORT/DATABASE); "
            "for a SQLite file set PALANTIR_DB instead."
        )
    if database_url is None and is_postgresql(db_text):
        database_url = db_text
    shard_count, shard_ids = _shards(env)
    return Config(
        token=token,
        db_path=Path("palantir.db" if is_postgresql(db_text) else db_text or "palantir.db"),
        database_url=database_url,
        dev_guild=dev_guild,
        log_level=level,
        api_base=api_base,
        catch_up_every=every,
        connect_attempts=attempts,
        tick_every=tick_every,
        lobby_lifetime=lobby_lifetime or 60.0,
        env_file=env_file,
        shard_count=shard_count,
        shard_ids=shard_ids,
    )


def _shards(env: Mapping[str, str]) -> tuple[int | None, tuple[int, ...] | None]:
    """``SHARD_COUNT`` and ``SHARD_IDS`` (``0,1`` or ``2-3``; all shards when unset).

    >>> _shards({"SHARD_COUNT": "4", "SHARD_IDS": "2-3"}), _shards({"SHARD_COUNT": "2"}), _shards({})
    ((4, (2, 3)), (2, (0, 1)), (None, None))
    """
    ids_text = env.get("SHARD_IDS", "").strip()
    if not env.get("SHARD_COUNT", "").strip():
        if ids_text:
            raise ConfigError("SHARD_IDS needs SHARD_COUNT: the total number of shards of all processes.")
        return None, None
    count = int(_number(env, "SHARD_COUNT", 1, low=1, high=100_000, whole=True))
    if not ids_text:
        return count, tuple(range(count))
    ids: set[int] = set()
    try:
        for part in ids_text.split(","):
            low, _, high = part.strip().partition("-")
            ids.update(range(int(low), int(high or low) + 1))
    except ValueError:
        raise ConfigError(f"SHARD_IDS must list shard numbers like 0,1 or 2-3, not {ids_text!r}.") from None
    if not ids or min(ids) < 0 or max(ids) >= count:
        raise ConfigError(
            f"SHARD_IDS must be between 0 and {count - 1} (SHARD_COUNT is {count}), not {ids_text!r}."
        )
    return count, tuple(sorted(ids))


def exposed_token_file(path: Path | None) -> str | None:
    """A warning if the settings file (which holds the token) is readable by other users.

    ``cp .env.example .env`` gives the copy the usual mode 0644: every local user could read
    the bot token. ``None`` when the file is private (or there is none).
    """
    if path is None:
        return None
    try:
        mode = path.stat().st_mode
    except OSError:
        return None
    if not mode & (stat.S_IRGRP | stat.S_IROTH | stat.S_IWGRP | stat.S_IWOTH):
        return None
    return (
        f"{path} holds the bot token and is readable by other users (mode {stat.S_IMODE(mode):04o}); "
        f"make it private: chmod 600 {path}"
    )


def _number(
    env: Mapping[str, str], name: str, default: float, *, low: float, high: float, whole: bool = False
) -> float:
    """An optional numeric setting within ``[low, high]`` (``default`` when unset)."""
    text = env.get(name, "").strip()
    if not text:
        return default
    try:
        value = int(text) if whole else float(text)
    except ValueError:
        kind = "a whole number" if whole else "a number"
        raise ConfigError(f"{name} must be {kind}, not {text!r}.") from None
    if not low <= value <= high:
        raise ConfigError(f"{name} must be between {low:g} and {high:g}, not {text}.")
    return value


#: discord.py's start-up warnings about voice libraries: the bot never uses voice.
VOICE_WARNINGS = (
    "PyNaCl is not installed, voice will NOT be supported",
    "davey is not installed, voice will NOT be supported",
)


class QuietVoiceWarnings(logging.Filter):
    """Drops exactly discord.py's "... is not installed, voice will NOT be supported" warnings.

    >>> record = logging.LogRecord("discord.client", logging.WARNING, "", 0, VOICE_WARNINGS[0], (), None)
    >>> QuietVoiceWarnings().filter(record)
    False
    """

    def filter(self, record: logging.LogRecord) -> bool:
        return record.getMessage() not in VOICE_WARNINGS


def quiet_voice_warnings() -> None:
    """Install :class:`QuietVoiceWarnings` on ``discord.client`` (once)."""
    logger = logging.getLogger("discord.client")
    if not any(isinstance(f, QuietVoiceWarnings) for f in logger.filters):
        logger.addFilter(QuietVoiceWarnings())


def setup_logging(level: str) -> None:
    logging.basicConfig(
        level=getattr(logging, level, logging.INFO),
        format="%(asctime)s %(levelname)-7s %(name)s: %(message)s",
    )
    quiet_voice_warnings()
