"""`/settings`: ping mode, time zone and quiet hours, stored and read back; bad values refused."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from bot.settings import SettingsError, SettingsService, UserSettings
from bot.storage import Store


def at(text: str, zone: str) -> float:
    return datetime.fromisoformat(text).replace(tzinfo=ZoneInfo(zone)).timestamp()


async def test_settings_are_stored_and_read_back_by_a_new_service(store: Store) -> None:
    service = SettingsService(store)
    chosen = await service.update(5, ping="dm", time_zone="europe/copenhagen", quiet="22:30-7")
    assert chosen == UserSettings(
        confirm="important",
        ping="dm",
        time_zone="Europe/Copenhagen",
        quiet_from=22 * 60 + 30,
        quiet_to=7 * 60,
    )
    assert await SettingsService(store).get(5) == chosen
    off = await service.update(5, quiet="off", confirm="never")
    assert off.quiet_from is None and off.ping == "dm" and off.confirm == "never"
    assert (await service.update(5, confirm="Always")).confirm == "always"
    assert (await SettingsService(store).get(5)).confirm == "always"


async def test_the_old_confirm_switch_keeps_its_meaning(store: Store) -> None:
    """Stored before the modes: 1 ("on", the old default) is the new default, 0 ("off") never."""
    async with store.transaction() as conn:
        for user, value in ((7, 1), (8, 0)):
            await conn.execute(
                "INSERT INTO user_settings (user_id, confirm, updated_at) VALUES (?, ?, ?)",
                (str(user), value, "2026-01-01T00:00:00"),
            )
    service = SettingsService(store)
    assert (await service.get(7)).confirm == "important" and (await service.get(8)).confirm == "never"
    assert (await service.update(9, confirm="off")).confirm == "never"


@pytest.mark.parametrize(
    ("change", "says"),
    [
        ({"ping": "loud"}, "not a ping setting"),
        ({"confirm": "sometimes"}, "not a confirm setting"),
        ({"time_zone": "Mars/Olympus"}, "not a time zone"),
        ({"quiet": "late"}, "written `23:00-07:00`"),
        ({"quiet": "25:00-07:00"}, "not a time of day"),
        ({"quiet": "7-7"}, "different times"),
    ],
)
async def test_a_setting_that_cannot_be_read_changes_nothing(
    store: Store, change: dict[str, str], says: str
) -> None:
    service = SettingsService(store)
    with pytest.raises(SettingsError, match=says):
        await service.update(6, **change)  # type: ignore[arg-type]
    assert await service.get(6) == UserSettings()


def test_quiet_hours_are_read_in_the_players_time_zone_and_may_wrap_past_midnight() -> None:
    tokyo = UserSettings(time_zone="Asia/Tokyo", quiet_from=23 * 60, quiet_to=7 * 60)
    assert tokyo.in_quiet_hours(at("2026-12-01T23:30", "Asia/Tokyo"))
    assert tokyo.in_quiet_hours(at("2026-12-02T06:59", "Asia/Tokyo"))
    assert not tokyo.in_quiet_hours(at("2026-12-02T07:00", "Asia/Tokyo"))
    assert not tokyo.in_quiet_hours(at("2026-12-01T23:30", "Europe/London"))  # 08:30 in Tokyo
    assert tokyo.quiet_ends(at("2026-12-01T23:30", "Asia/Tokyo")) == at("2026-12-02T07:00", "Asia/Tokyo")
    lunch = UserSettings(quiet_from=12 * 60, quiet_to=13 * 60)  # no zone: UTC
    assert lunch.in_quiet_hours(at("2026-12-01T12:15", "UTC")) and not lunch.in_quiet_hours(
        at("2026-12-01T13:15", "UTC")
    )
    assert not UserSettings().in_quiet_hours(0.0)
