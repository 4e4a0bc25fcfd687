"""Per-player settings (``/settings``), kept in the ``user_settings`` table and cached in memory.

Pure storage, defaults and time arithmetic: no Discord here. Every player starts with the
defaults; a row is written only when he changes something.

>>> quiet = UserSettings(time_zone="Europe/Copenhagen", quiet_from=23 * 60, quiet_to=7 * 60)
>>> quiet.in_quiet_hours(1_767_222_000.0)  # 2026-01-01 00:00 in Copenhagen
True
>>> quiet.quiet_ends(1_767_222_000.0) - 1_767_222_000.0  # quiet until 07:00
25200.0
>>> parse_clock_time("7:30"), parse_clock_time("23"), format_clock_time(450)
(450, 1380, '07:30')
"""

from __future__ import annotations

import zoneinfo
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from functools import cache

from .i18n import LOCALES, msg, resolve
from .storage import Store
from .storage.store import now

#: How a player is told that the game waits for him (and reminded of his clock): once per wait,
#: by one of his DM prompt or a thread mention, never both. The first is the default.
PING_MODES = {
    "dm": msg("by DM; a thread mention only when I cannot DM you"),
    "thread": msg("mentioned in the match thread (DM prompts come silently)"),
    "quiet": msg("never pinged (silent DMs; check `/game list`)"),
}
DEFAULT_PING = next(iter(PING_MODES))


#: When a choice from the menus asks "Go ahead?" first (``/settings confirm:``). Typed
#: commands act at once unless asked otherwise (their ``confirm`` option).
CONFIRM_MODES = {
    "important": msg(
        "only what ends your turn early or gives something up for good (passing, skipping a die)"
    ),
    "always": msg("everything that cannot be taken back (each move, roll and claim)"),
    "never": msg("every click acts at once"),
}
DEFAULT_CONFIRM = "important"
#: How each mode is stored in ``user_settings.confirm``. 1 and 0 were the old on and off: "on"
#: is read as the new default (confirm what matters), "off" as never.
_STORED_CONFIRM = {"never": 0, "important": 1, "always": 2}
_CONFIRM_WORDS = {"on": "important", "true": "important", "off": "never", "false": "never"}

#: ``/settings language:`` value that goes back to the Discord client's language.
AUTO_LANGUAGE = "auto"


class SettingsError(ValueError):
    """A setting that cannot be read; the message says what is expected."""


@cache
def time_zones() -> tuple[str, ...]:
    """Every IANA time zone name, sorted (for autocomplete and validation)."""
    return tuple(sorted(zoneinfo.available_timezones()))


def parse_clock_time(text: str) -> int:
    """``"23"``, ``"7:30"`` or ``"07.30"`` as minutes after midnight."""
    raw = text.strip().replace(".", ":")
    hours, _, minutes = raw.partition(":")
    if not hours.isdigit() or (minutes and not minutes.isdigit()):
        raise SettingsError(
            msg("`{text}` is not a time of day: write it like `23`, `7:30` or `22:45`.", text=text)
        )
    value = int(hours) * 60 + int(minutes or 0)
    if int(hours) > 23 or int(minutes or 0) > 59:
        raise SettingsError(msg("`{text}` is not a time of day (00:00 to 23:59).", text=text))
    return value


def confirm_mode(text: str) -> str:
    """The confirm mode meant by ``text`` (a mode, or the old on/off).

    >>> confirm_mode("Always"), confirm_mode("off"), confirm_mode("on")
    ('always', 'never', 'important')
    """
    wanted = text.strip().lower()
    mode = _CONFIRM_WORDS.get(wanted, wanted)
    if mode not in CONFIRM_MODES:
        raise SettingsError(
            msg("`{text}` is not a confirm setting: use {modes}.", text=text, modes=", ".join(CONFIRM_MODES))
        )
    return mode


def stored_confirm(value: object) -> str:
    """The confirm mode of a stored value (unknown values read as the default).

    >>> stored_confirm(1), stored_confirm(0), stored_confirm(2), stored_confirm(None)
    ('important', 'never', 'always', 'important')
    """
    found = [mode for mode, number in _STORED_CONFIRM.items() if number == value]
    return found[0] if found else DEFAULT_CONFIRM


def format_clock_time(minutes: int) -> str:
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


@dataclass(frozen=True, slots=True)
class UserSettings:
    #: Which choices from the menus ask "Go ahead?" first: one of :data:`CONFIRM_MODES`.
    confirm: str = DEFAULT_CONFIRM
    #: One of :data:`PING_MODES`.
    ping: str = DEFAULT_PING
    #: IANA name ("Europe/Copenhagen"); quiet hours are read in it (UTC when unset).
    time_zone: str | None = None
    #: Quiet hours, minutes after local midnight (both or neither); may wrap past midnight.
    quiet_from: int | None = None
    quiet_to: int | None = None
    #: The language of what the bot tells him alone (``None``: his Discord client's).
    language: str | None = None
    #: The language his Discord client showed at his last interaction (``None``: unknown, or
    #: one the bot does not speak).
    client_language: str | None = None

    @property
    def reader_language(self) -> str | None:
        """The language of his DMs, which come without an interaction: his choice, else his
        client's as last seen (``None``: English)."""
        return self.language or self.client_language

    @property
    def zone(self) -> zoneinfo.ZoneInfo | None:
        if not self.time_zone:
            return None
        try:
            return zoneinfo.ZoneInfo(self.time_zone)
        except (zoneinfo.ZoneInfoNotFoundError, ValueError):
            return None

    @property
    def has_quiet_hours(self) -> bool:
        return self.quiet_from is not None and self.quiet_to is not None and self.quiet_from != self.quiet_to

    def _local(self, at: float) -> datetime:
        return datetime.fromtimestamp(at, self.zone or UTC)

    def in_quiet_hours(self, at: float) -> bool:
        """Whether epoch second ``at`` falls in the player's quiet hours."""
        if not self.has_quiet_hours:
            return False
        assert self.quiet_from is not None and self.quiet_to is not None
        local = self._local(at)
        minute = local.hour * 60 + local.minute
        start, end = self.quiet_from, self.quiet_to
        return start <= minute < end if start < end else minute >= start or minute < end

    def quiet_ends(self, at: float) -> float:
        """When the quiet hours around ``at`` end (``at`` itself if it is not in them)."""
        if not self.in_quiet_hours(at):
            return at
        assert self.quiet_to is not None
        local = self._local(at)
        end = local.replace(hour=self.quiet_to // 60, minute=self.quiet_to % 60, second=0, microsecond=0)
        if end <= local:
            end += timedelta(days=1)
        return end.timestamp()

    def notice(self, at: float, *, dm_reaches: bool) -> Notice:
        """How a wait that starts at epoch second ``at`` is told to this player: by his DM prompt
        where it reaches him (``dm``), else by a thread mention; by the mention for ``thread``;
        by nothing that pings in ``quiet`` mode or in his quiet hours. Never by both.

        >>> UserSettings().notice(0.0, dm_reaches=True)
        Notice(mention=False, dm_pings=True)
        >>> UserSettings().notice(0.0, dm_reaches=False)
        Notice(mention=True, dm_pings=False)
        >>> UserSettings(ping="thread").notice(0.0, dm_reaches=True)
        Notice(mention=True, dm_pings=False)
        >>> UserSettings(ping="quiet").notice(0.0, dm_reaches=False)
        Notice(mention=False, dm_pings=False)
        """
        if self.ping == "quiet" or self.in_quiet_hours(at):
            return Notice(mention=False, dm_pings=False)
        if self.ping == "dm" and dm_reaches:
            return Notice(mention=False, dm_pings=True)
        return Notice(mention=True, dm_pings=False)


@dataclass(frozen=True, slots=True)
class Notice:
    """How one wait is told to one player: a thread mention or a DM that pings, at most one."""

    #: A mention in the match thread that pings him.
    mention: bool
    #: His DM prompt notifies him (else it is sent silently).
    dm_pings: bool


DEFAULTS = UserSettings()
_COLUMNS = "confirm, ping, time_zone, quiet_from, quiet_to, language, client_language"


class SettingsService:
    """Reads and writes players' settings; reads are cached when one bot process owns the
    database (SQLite), and read each time when several share it (another may change them)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._cache: dict[int, UserSettings] = {}

    async def get(self, user_id: int) -> UserSettings:
        found = self._cache.get(user_id)
        if found is not None:
            return found
        query = f"SELECT {_COLUMNS} FROM user_settings WHERE user_id = ?"
        row = await self.store.read_one(query, (str(user_id),))
        settings = (
            DEFAULTS
            if row is None
            else UserSettings(
                confirm=stored_confirm(row[0]),
                ping=str(row[1]) if row[1] in PING_MODES else DEFAULT_PING,
                time_zone=row[2],
                quiet_from=row[3],
                quiet_to=row[4],
                language=resolve(row[5]),
                client_language=resolve(row[6]),
            )
        )
        if not self.store.shared:
            self._cache[user_id] = settings
        return settings

    async def update(
        self,
        user_id: int,
        *,
        confirm: str | None = None,
        ping: str | None = None,
        time_zone: str | None = None,
        quiet: str | None = None,
        language: str | None = None,
    ) -> UserSettings:
        """Change what is given. ``confirm`` is one of :data:`CONFIRM_MODES` (or the old
        ``on``/``off``); ``quiet`` is ``"23:00-07:00"`` or ``"off"``; ``language`` one of
        :data:`~bot.i18n.LOCALES` or ``auto`` (the Discord client's);
        :class:`SettingsError` for a value that cannot be read (nothing is changed)."""
        current = await self.get(user_id)
        changed = current
        if confirm is not None:
            changed = replace(changed, confirm=confirm_mode(confirm))
        if ping is not None:
            if ping not in PING_MODES:
                raise SettingsError(
                    msg(
                        "`{text}` is not a ping setting: use {modes}.", text=ping, modes=", ".join(PING_MODES)
                    )
                )
            changed = replace(changed, ping=ping)
        if time_zone is not None:
            changed = replace(changed, time_zone=_checked_zone(time_zone))
        if quiet is not None:
            begin, finish = _quiet_hours(quiet)
            changed = replace(changed, quiet_from=begin, quiet_to=finish)
        if language is not None:
            changed = replace(changed, language=_checked_language(language))
        await self._store(user_id, changed)
        return changed

    async def note_client(self, user_id: int, code: str | None) -> bool:
        """Remember the language his Discord client shows (``interaction.locale``), for his DMs,
        in memory; whether it changed (then :meth:`save_client` stores it)."""
        current = await self.get(user_id)
        seen = resolve(code)
        if seen == current.client_language:
            return False
        self._cache[user_id] = replace(current, client_language=seen)
        return True

    async def save_client(self, user_id: int) -> None:
        """Store the client language noted in memory; his other settings are left as stored
        (a new row takes the defaults)."""
        settings = await self.get(user_id)
        async with self.store.transaction() as conn:
            await conn.execute(
                f"INSERT INTO user_settings (user_id, {_COLUMNS}, updated_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (user_id) DO UPDATE SET client_language = excluded.client_language",
                (str(user_id), *_row(settings), now()),
            )
        if self.store.shared:  # noted for this interaction only: another process may change them
            self._cache.pop(user_id, None)

    async def _store(self, user_id: int, settings: UserSettings) -> None:
        async with self.store.transaction() as conn:
            await conn.execute(
                f"INSERT INTO user_settings (user_id, {_COLUMNS}, updated_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (user_id) DO UPDATE SET confirm = excluded.confirm, ping = excluded.ping, "
                "time_zone = excluded.time_zone, quiet_from = excluded.quiet_from, "
                "quiet_to = excluded.quiet_to, language = excluded.language, "
                "client_language = excluded.client_language, updated_at = excluded.updated_at",
                (str(user_id), *_row(settings), now()),
            )
        if not self.store.shared:
            self._cache[user_id] = settings


def _row(settings: UserSettings) -> tuple[object, ...]:
    """The stored values of ``_COLUMNS``."""
    return (
        _STORED_CONFIRM[settings.confirm],
        settings.ping,
        settings.time_zone,
        settings.quiet_from,
        settings.quiet_to,
        settings.language,
        settings.client_language,
    )


def _checked_zone(text: str) -> str:
    wanted = text.strip()
    by_lower = {name.lower(): name for name in time_zones()}
    found = by_lower.get(wanted.lower().replace(" ", "_"))
    if found is None:
        raise SettingsError(
            msg(
                "`{text}` is not a time zone I know: pick one from the list, e.g. `Europe/Copenhagen`, "
                "`America/New_York` or `Asia/Tokyo`.",
                text=text,
            )
        )
    return found


def _quiet_hours(text: str) -> tuple[int | None, int | None]:
    raw = text.strip().lower()
    if raw in ("off", "none", "no", ""):
        return None, None
    start, sep, end = raw.replace("–", "-").partition("-")
    if not sep:
        raise SettingsError(msg("Quiet hours are written `23:00-07:00` (from-to, your time), or `off`."))
    begin, finish = parse_clock_time(start), parse_clock_time(end)
    if begin == finish:
        raise SettingsError(msg("Quiet hours must start and end at different times."))
    return begin, finish


def _checked_language(text: str) -> str | None:
    """A language the bot speaks (``None`` for ``auto``: the Discord client's)."""
    if text.strip().lower() == AUTO_LANGUAGE:
        return None
    found = resolve(text)
    if found is None:
        raise SettingsError(
            msg(
                "`{text}` is not a language I speak: use {languages}.",
                text=text,
                languages=", ".join(LOCALES),
            )
        )
    return found
