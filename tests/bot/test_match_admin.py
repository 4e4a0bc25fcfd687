"""Who may act as an admin for a match: Manage Server, or the league-admin role in a league match."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

from bot.app import PalantirBot
from bot.controller import Controller
from bot.leagues.service import LeagueService
from bot.leagues.store import LeagueStore
from bot.service import MatchService
from bot.storage import Store

GUILD, LEAGUE_ROLE = 1, 555


def asker(*, manage: bool = False, roles: tuple[int, ...] = ()) -> Any:
    return SimpleNamespace(
        guild_id=GUILD,
        permissions=SimpleNamespace(manage_guild=manage),
        user=SimpleNamespace(id=9, roles=[SimpleNamespace(id=r) for r in roles]),
    )


def match_of(league_id: int | None) -> Any:
    return SimpleNamespace(record=SimpleNamespace(league_id=league_id))


async def test_the_league_admin_role_counts_only_in_league_matches(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "db.sqlite")
    try:
        matches = MatchService(store)
        leagues = LeagueService(matches, LeagueStore(store))
        await leagues.set_admin_role(GUILD, LEAGUE_ROLE)
        app: Any = SimpleNamespace(leagues=leagues)
        controller = Controller(matches, None)  # type: ignore[arg-type]

        async def league_admin(interaction: Any, live: Any) -> bool:
            return await PalantirBot.league_admin_of(app, interaction, live)

        controller.match_admin = league_admin
        officer = asker(roles=(LEAGUE_ROLE,))
        assert await controller.admin_of(officer, match_of(league_id=3))
        assert not await controller.admin_of(officer, match_of(league_id=None))  # a casual match
        assert not await controller.admin_of(asker(roles=(7,)), match_of(league_id=3))
        assert await controller.admin_of(asker(manage=True), match_of(league_id=None))
    finally:
        await store.close()
