"""The ticker's posts: a reminder is told once, where the player's `/settings ping` says (a DM
by default, a thread mention when DMs do not reach him or he chose it, a silent DM), never
during his quiet hours; an expired lobby tells its creator."""

from __future__ import annotations

from typing import Any

from bot.i18n import best
from bot.match_posts import EVER
from bot.pace import HOUR
from bot.service import MatchService
from bot.settings import SettingsService
from bot.storage import Store
from bot.ticker_posts import TimeDesk

from .conftest import NORTH_USER, SOUTH_USER
from .test_ticker import MovedClock


class FakeUser:
    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []

    async def send(self, **kwargs: Any) -> Any:
        self.sent.append(kwargs)
        return object()


class FakeClient:
    def __init__(self) -> None:
        self.users: dict[int, FakeUser] = {}

    def get_user(self, user_id: int) -> FakeUser:
        return self.users.setdefault(user_id, FakeUser())


class FakeDelivery:
    def __init__(self, service: MatchService) -> None:
        self.service = service
        self.settings = SettingsService(service.store)
        self.client = FakeClient()
        self.thread_posts: list[dict[str, Any]] = []
        self.lobbies: list[int] = []

    async def user(self, user_id: int) -> FakeUser:
        return self.client.get_user(user_id)

    async def post_match(self, live: Any, **kwargs: Any) -> None:
        self.thread_posts.append(kwargs)

    async def refresh_lobby(self, live: Any) -> None:
        self.lobbies.append(live.id)

    async def dm_reaches(self, live: Any, user_id: int) -> bool:
        return not await self.service.store.dm_failed_since(live.id, user_id, EVER)

    async def dm_locale(self, user_id: int) -> str:
        return best((await self.settings.get(user_id)).reader_language)


async def waiting_on_south(service: MatchService) -> int:
    live = await service.create(
        guild_id=1, channel_id=2, user_id=NORTH_USER, game="pebbles", side="north", seed=7, pace="1d"
    )
    await service.join(live.id, SOUTH_USER)
    await service.act(live.id, NORTH_USER, "bid 3")
    return live.id


async def test_a_reminder_follows_the_ping_setting_and_waits_for_quiet_hours_to_end(store: Store) -> None:
    clock = MovedClock()
    service = MatchService(store, clock=clock)
    delivery = FakeDelivery(service)
    desk = TimeDesk(delivery, lobby_lifetime=2 * 24 * HOUR)  # type: ignore[arg-type]
    match_id = await waiting_on_south(service)

    await desk.remind(match_id, "south", 12 * HOUR)  # by default: a DM, and nothing in the thread
    (dm,) = delivery.client.get_user(SOUTH_USER).sent
    assert "left on your clock" in dm["content"] and "silent" not in dm and not delivery.thread_posts

    await service.store.note_dm_failure(match_id, SOUTH_USER, 50007)  # his DMs are closed
    await desk.remind(match_id, "south", 6 * HOUR)
    (post,) = delivery.thread_posts
    assert f"<@{SOUTH_USER}>" in post["content"] and "left on your clock" in post["content"]
    live = await service.get(match_id)
    assert live.prompt("south").text not in post["content"], "the thread never reads a private prompt"
    assert [u.id for u in post["allowed_mentions"].users] == [SOUTH_USER]
    assert len(delivery.client.get_user(SOUTH_USER).sent) == 1, "told once: not by DM as well"
    await service.store.clear_dm_failure(match_id, SOUTH_USER)

    await delivery.settings.update(SOUTH_USER, ping="thread")
    await desk.remind(match_id, "south", 2 * HOUR)
    assert len(delivery.thread_posts) == 2 and len(delivery.client.get_user(SOUTH_USER).sent) == 1

    await delivery.settings.update(SOUTH_USER, ping="quiet")
    await desk.remind(match_id, "south", HOUR)
    assert delivery.client.get_user(SOUTH_USER).sent[-1]["silent"] is True

    hour = int(clock.now() // 3600 % 24)
    await delivery.settings.update(SOUTH_USER, ping="thread", quiet=f"{hour:02d}:00-{(hour + 2) % 24:02d}:00")
    before = len(delivery.thread_posts)
    await desk.remind(match_id, "south", HOUR)
    assert len(delivery.thread_posts) == before, "nothing during quiet hours"
    clock.at += 2 * HOUR
    await desk.remind(match_id, "south", HOUR)
    assert len(delivery.thread_posts) == before + 1, "sent once the quiet hours are over"


async def test_an_expired_lobby_tells_its_creator(store: Store) -> None:
    service = MatchService(store, clock=MovedClock())
    delivery = FakeDelivery(service)
    desk = TimeDesk(delivery, lobby_lifetime=2 * 24 * HOUR)  # type: ignore[arg-type]
    lobby = await service.create(guild_id=1, channel_id=2, user_id=NORTH_USER, game="pebbles")
    await desk.expire_lobby(lobby.id)
    (told,) = delivery.client.get_user(NORTH_USER).sent
    assert f"match #{lobby.id}" in told["content"] and "2 days" in told["content"]
    assert delivery.lobbies == [lobby.id]
    await desk.expire_lobby(lobby.id)
    assert len(delivery.client.get_user(NORTH_USER).sent) == 1, "told once"


async def test_a_reminder_speaks_the_players_language_by_dm_and_the_matchs_in_the_thread(
    store: Store,
) -> None:
    clock = MovedClock()
    service = MatchService(store, clock=clock)
    delivery = FakeDelivery(service)
    desk = TimeDesk(delivery, lobby_lifetime=2 * 24 * HOUR)  # type: ignore[arg-type]
    live = await service.create(
        guild_id=1, channel_id=2, user_id=NORTH_USER, game="pebbles", side="north", pace="1d", language="ja"
    )
    await service.join(live.id, SOUTH_USER)
    await service.act(live.id, NORTH_USER, "bid 3")
    await delivery.settings.update(SOUTH_USER, language="da")

    await desk.remind(live.id, "south", 12 * HOUR)  # his DM: in his language, Danish
    (dm,) = delivery.client.get_user(SOUTH_USER).sent
    assert "tilbage på dit ur" in dm["content"] and "`/hand` viser det" in dm["content"]
    assert "**1 dag**" in dm["content"] and "left on your clock" not in dm["content"]

    await delivery.settings.update(SOUTH_USER, ping="thread")  # the thread: the match's, Japanese
    await desk.remind(live.id, "south", HOUR)
    (post,) = delivery.thread_posts
    assert "持ち時間が残り **1日**" in post["content"]


async def test_an_expired_lobby_tells_its_creator_in_his_language(store: Store) -> None:
    service = MatchService(store, clock=MovedClock())
    delivery = FakeDelivery(service)
    desk = TimeDesk(delivery, lobby_lifetime=2 * 24 * HOUR)  # type: ignore[arg-type]
    await delivery.settings.update(NORTH_USER, language="zh-CN")
    lobby = await service.create(guild_id=1, channel_id=2, user_id=NORTH_USER, game="pebbles")
    await desk.expire_lobby(lobby.id)
    (told,) = delivery.client.get_user(NORTH_USER).sent
    assert (
        f"对局 #{lobby.id}" in told["content"]
        and "2天" in told["content"]
        and "`/game new`" in told["content"]
    )
