"""Per-player settings (``/settings``), kept in the ``user_settings`` table and cached in memory.

Pure storage and defaults: no Discord here. Every player starts with the defaults; a row is
written only when he changes something.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .storage import Store
from .storage.store import now


@dataclass(frozen=True, slots=True)
class UserSettings:
    #: Ask for one more click before an action that cannot be undone (menus and buttons).
    confirm: bool = True


DEFAULTS = UserSettings()


class SettingsService:
    """Reads and writes players' settings; reads are cached (one bot process owns the database)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._cache: dict[int, UserSettings] = {}

    async def get(self, user_id: int) -> UserSettings:
        found = self._cache.get(user_id)
        if found is not None:
            return found
        query = "SELECT confirm FROM user_settings WHERE user_id = ?"
        async with self.store.transaction() as conn, conn.execute(query, (str(user_id),)) as cur:
            row = await cur.fetchone()
        settings = DEFAULTS if row is None else UserSettings(confirm=bool(row[0]))
        self._cache[user_id] = settings
        return settings

    async def update(self, user_id: int, *, confirm: bool | None = None) -> UserSettings:
        current = await self.get(user_id)
        changed = replace(current, confirm=current.confirm if confirm is None else confirm)
        async with self.store.transaction() as conn:
            await conn.execute(
                "INSERT INTO user_settings (user_id, confirm, updated_at) VALUES (?, ?, ?) "
                "ON CONFLICT (user_id) DO UPDATE SET confirm = excluded.confirm, "
                "updated_at = excluded.updated_at",
                (str(user_id), int(changed.confirm), now()),
            )
        self._cache[user_id] = changed
        return changed
