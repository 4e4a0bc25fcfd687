"""Delivery across crashes and outages: a thread post is recorded as soon as Discord has it and
re-sent with the same nonce; a DM prompt is owed until delivered (or refused for good), and the
catch-up (the announcer's, the start-up's) sends what is owed."""

from __future__ import annotations

import itertools
from collections.abc import AsyncIterator
from typing import Any

import discord
import pytest

from bot import discord_send, post_plan
from bot.catch_up import Announcer
from bot.match_posts import Delivery
from bot.service import ActResult, LiveMatch, MatchService
from bot.storage import ACTIVE, Store

from .conftest import NORTH_USER, SOUTH_USER, STRANGER, started_pebbles, through_bids

THREAD = 500


class Killed(BaseException):
    """The process dies here (a kill -9: nothing after it runs)."""


class Gone:
    status, reason = 404, "Not Found"


class Message:
    def __init__(self, message_id: int, channel: Channel, sent: dict[str, Any]) -> None:
        self.id, self.channel, self.sent = message_id, channel, sent

    async def edit(self, **kwargs: Any) -> None:
        await self.channel.get_partial_message(self.id).edit(**kwargs)

    async def delete(self) -> None:
        self.channel.messages.remove(self)


class Partial:
    def __init__(self, channel: Channel, message_id: int) -> None:
        self.channel, self.id = channel, message_id

    async def edit(self, **kwargs: Any) -> None:
        await self.channel.discord.edited(self, kwargs)


class Channel:
    """A thread or a DM channel; a message with a nonce seen before is answered with the
    message made then, as Discord does with ``enforce_nonce``."""

    def __init__(self, discord_: FakeDiscord, channel_id: int, user_id: int | None = None) -> None:
        self.discord, self.id, self.user_id = discord_, channel_id, user_id
        self.messages: list[Message] = []
        self.display_name = f"player {user_id}"

    async def send(self, **kwargs: Any) -> Message:
        return await self.discord.sent(self, kwargs)

    def get_partial_message(self, message_id: int) -> Partial:
        return Partial(self, message_id)


class FakeDiscord:
    """The client Delivery talks to: one thread and a DM channel per user."""

    def __init__(self) -> None:
        self.ids = itertools.count(1000)
        self.thread = Channel(self, THREAD)
        self.dms = {
            user: Channel(self, 600 + i, user) for i, user in enumerate((NORTH_USER, SOUTH_USER, STRANGER))
        }
        self.by_nonce: dict[int, Message] = {}
        self.dm_failure: BaseException | None = None
        self.on_edit: Any = None

    async def sent(self, channel: Channel, kwargs: dict[str, Any]) -> Message:
        if channel.user_id is not None and self.dm_failure is not None:
            raise self.dm_failure
        nonce = kwargs.get("nonce")
        if nonce in self.by_nonce:
            return self.by_nonce[nonce]
        message = Message(next(self.ids), channel, kwargs)
        channel.messages.append(message)
        if nonce is not None:
            self.by_nonce[nonce] = message
        return message

    async def edited(self, partial: Partial, kwargs: dict[str, Any]) -> None:
        if self.on_edit is not None:
            await self.on_edit(partial)

    def get_channel(self, channel_id: int) -> Channel | None:
        channels = [self.thread, *self.dms.values()]
        return next((c for c in channels if c.id == channel_id), None)

    async def fetch_channel(self, channel_id: int) -> Channel:
        raise discord.NotFound(Gone(), {"code": 10003, "message": "Unknown Channel"})  # type: ignore[arg-type]

    def get_partial_messageable(self, channel_id: int) -> Channel | None:
        return self.get_channel(channel_id)

    def get_user(self, user_id: int) -> Channel:
        return self.dms[user_id]


class Quick(Delivery):
    """Delivery without boards (the toy game has no renderer to wait for)."""

    async def image(self, view: dict[str, Any], name: str, **options: Any) -> discord.File | None:
        return None


async def started(service: MatchService, fake: FakeDiscord) -> tuple[LiveMatch, Delivery]:
    """A Pebbles match announced in its thread, both players DMed, through the hidden bids."""
    live = await started_pebbles(service)
    await service.attach_thread(live.id, THREAD)
    delivery = Quick(fake, service)  # type: ignore[arg-type]
    await delivery.announce_start(await service.get(live.id))
    for user in (NORTH_USER, SOUTH_USER):
        await delivery.after_entry(await service.act(live.id, user, f"bid {3 if user == NORTH_USER else 1}"))
    await service.act(live.id, NORTH_USER, "take")  # the actor goes on (told below, with his turn's end)
    return await service.get(live.id), delivery


async def south_to_move(service: MatchService, live: LiveMatch) -> ActResult:
    return await service.act(live.id, NORTH_USER, "end")


async def turns(service: MatchService, match_id: int) -> AsyncIterator[ActResult]:
    """Each player in turn takes one pebble and ends his turn, to the end of the match."""
    while True:
        live = await service.get(match_id)
        if live.record.status != ACTIVE:
            return
        role = next(iter(live.active_roles()))
        verbs = {action.verb for action in live.prompt(role).actions}
        user = live.user_of(role)
        assert user is not None
        yield await service.act(match_id, user, "end" if "end" in verbs else "take")


async def test_a_post_is_recorded_before_the_previous_one_is_edited(
    service: MatchService, store: Store
) -> None:
    fake = FakeDiscord()
    live, delivery = await started(service, fake)
    seen: list[tuple[int, int]] = []
    async for result in turns(service, live.id):
        before = len(fake.thread.messages)
        previous = await store.get_message(live.id, "prompt")
        assert previous is not None

        async def edit(partial: Partial, posts: int = before, old: int = previous.message_id) -> None:
            if partial.id == old and len(fake.thread.messages) > posts:
                recorded = await store.get_message(live.id, "prompt")
                assert recorded is not None
                seen.append((recorded.message_id, recorded.version))
                raise Killed  # the bot dies while the post before the new one is edited

        fake.on_edit = edit
        try:
            await delivery.after_entry(result)
        except Killed:
            break
    else:
        raise AssertionError("no entry was posted anew")
    new = fake.thread.messages[before:]
    assert len(new) == 1
    assert seen == [(new[0].id, result.match.record.version)], "recorded before the edit"
    owed = await store.owed_dms(live.id)
    planned = post_plan.plan(Delivery.entry_facts(result), None, ()).owed
    assert owed == sorted(planned) != [], "the DMs the crash cut off (his own followed, too) are owed"


async def test_the_catch_up_re_sends_an_entry_with_its_nonce_so_discord_keeps_one(
    service: MatchService, store: Store
) -> None:
    """Killed after Discord stored the post but before it was recorded: the catch-up of a new
    process sends the same entry's post with the same nonce, and gets that message back."""
    fake = FakeDiscord()
    live, delivery = await started(service, fake)
    async for result in turns(service, live.id):
        previous = await store.get_message(live.id, "prompt")
        assert previous is not None
        before = len(fake.thread.messages)
        await delivery.after_entry(result)
        posted = fake.thread.messages[before:]
        if posted:
            break
    else:
        raise AssertionError("no entry was posted anew")
    assert len(posted) == 1
    # As if the bot had died before recording it:
    await store.set_message(live.id, "prompt", THREAD, previous.message_id, previous.version)
    assert live.id in await store.behind_in_discord()

    restarted = Quick(fake, MatchService(store))  # type: ignore[arg-type]
    await restarted.catch_up(await restarted.service.get(live.id))
    assert fake.thread.messages[before:] == posted, "the entry was announced twice"
    recorded = await store.get_message(live.id, "prompt")
    assert recorded is not None and (recorded.message_id, recorded.version) == (
        posted[0].id,
        result.match.record.version,
    )


async def test_a_dm_cut_off_by_a_crash_is_owed_and_the_catch_up_sends_it_once(
    service: MatchService, store: Store
) -> None:
    fake = FakeDiscord()
    live, delivery = await started(service, fake)
    result = await south_to_move(service, live)
    fake.dm_failure = Killed()  # the bot dies as it DMs south
    with pytest.raises(Killed):
        await delivery.after_entry(result)
    version = result.match.record.version
    recorded = await store.get_message(live.id, "prompt")
    assert recorded is not None and recorded.version == version, "the thread was told"
    assert await store.owed_dms(live.id) == ["south"]
    assert await store.behind_in_discord() == [live.id]

    fake.dm_failure = None
    south_dms = len(fake.dms[SOUTH_USER].messages)
    thread_posts = len(fake.thread.messages)
    restarted = Quick(fake, MatchService(store))  # type: ignore[arg-type]
    seen: list[int] = []

    async def catch_up(match_id: int) -> None:
        seen.append(match_id)
        await restarted.catch_up(await restarted.service.get(match_id))

    assert await Announcer(catch_up, store, pause=0.0).sweep() == 1
    assert seen == [live.id]
    assert len(fake.dms[SOUTH_USER].messages) == south_dms + 1
    assert len(fake.thread.messages) == thread_posts, "the thread was told already"
    assert await store.owed_dms(live.id) == [] and await store.behind_in_discord() == []
    assert await Announcer(catch_up, store, pause=0.0).sweep() == 0


async def test_a_seat_handed_over_owes_the_new_player_his_prompt_until_it_reaches_him(
    service: MatchService, store: Store
) -> None:
    """The bot dies between the handover's commit and its first DM to the new player: the
    catch-up sends it to him (once), and nothing to the player who left."""
    fake = FakeDiscord()
    live, delivery = await started(service, fake)
    await delivery.after_entry(await south_to_move(service, live))
    assert await store.owed_dms(live.id) == []
    await service.substitute(live.id, SOUTH_USER, STRANGER)  # ...and the process dies here
    assert await store.owed_dms(live.id) == ["south"]
    assert await store.behind_in_discord() == [live.id]

    left, before = len(fake.dms[SOUTH_USER].messages), len(fake.dms[STRANGER].messages)
    restarted = Quick(fake, MatchService(store))  # type: ignore[arg-type]

    async def catch_up(match_id: int) -> None:
        await restarted.catch_up(await restarted.service.get(match_id))

    assert await Announcer(catch_up, store, pause=0.0, grace=0.0).sweep() == 1
    assert len(fake.dms[STRANGER].messages) == before + 1, "the new player gets his prompt"
    assert len(fake.dms[SOUTH_USER].messages) == left, "nothing new to the player who left"
    assert await store.owed_dms(live.id) == [] and await store.behind_in_discord() == []
    assert await Announcer(catch_up, store, pause=0.0, grace=0.0).sweep() == 0


async def test_a_dm_discord_fails_for_now_stays_owed_a_closed_one_does_not(
    service: MatchService, store: Store
) -> None:
    fake = FakeDiscord()
    live, delivery = await started(service, fake)
    result = await south_to_move(service, live)
    fake.dm_failure = discord_send.PostFailed(5, ConnectionResetError())
    await delivery.after_entry(result)
    assert await store.owed_dms(live.id) == ["south"]

    class Closed:
        status, reason = 403, "Forbidden"

    fake.dm_failure = discord.Forbidden(Closed(), {"code": discord_send.DM_CLOSED, "message": "closed"})  # type: ignore[arg-type]
    await delivery.catch_up(await service.get(live.id))
    assert await store.owed_dms(live.id) == [], "closed DMs are not owed forever"
    assert await store.behind_in_discord() == []
    notices = [m for m in fake.thread.messages if "can't DM" in str(m.sent.get("content"))]
    assert len(notices) == 1, "the thread tells him to use /hand"


async def test_an_owed_dm_is_moot_once_the_player_has_a_newer_prompt(
    service: MatchService, store: Store
) -> None:
    live = await started_pebbles(service)
    await through_bids(service, live)
    version = (await service.get(live.id)).record.version
    await store.owe_dms(live.id, ["north", "south"], version)
    assert await store.owed_dms(live.id) == ["north", "south"]
    await store.record_dm(live.id, "south", 1, 2, version)
    assert await store.owed_dms(live.id) == ["north"]
    await service.act(live.id, NORTH_USER, "take")  # north acted: he has seen the game
    assert await store.owed_dms(live.id) == []
    await store.owe_dms(live.id, ["south"], version - 1)  # an older debt does not undo a delivery
    assert await store.owed_dms(live.id) == []
