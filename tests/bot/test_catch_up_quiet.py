"""After a crash, the catch-up gives a player who acted in the untold entries, and still acts,
his new DM prompt without notifying him again: he was waited for already, and he just acted."""

from __future__ import annotations

import pytest

from bot.catch_up import Announcer
from bot.service import MatchService
from bot.storage import Store

from .conftest import NORTH_USER, SOUTH_USER, started_pebbles
from .test_match_posts_recovery import THREAD, FakeDiscord, Killed, Message, Partial, Quick, started


async def test_the_actor_who_goes_on_gets_his_prompt_again_silently_after_a_crash(
    service: MatchService, store: Store
) -> None:
    fake = FakeDiscord()
    live, _ = await started(service, fake)  # north took a pebble; the bot died before telling it
    assert live.active_roles() == {"north"}
    north, south = len(fake.dms[NORTH_USER].messages), len(fake.dms[SOUTH_USER].messages)
    restarted = Quick(fake, MatchService(store))  # type: ignore[arg-type]
    await restarted.catch_up(await restarted.service.get(live.id))
    fresh = fake.dms[NORTH_USER].messages[north:]
    assert len(fresh) == 1, "north gets his prompt as it stands"
    assert fresh[0].sent.get("silent") is True, "north was waited for already: no second notification"
    assert len(fake.dms[SOUTH_USER].messages) == south, "south is not waited for"
    assert await store.owed_dms(live.id) == []


def prompt_number(message: Message) -> int:
    """The prompt number the menus of a DM prompt carry (``palantir:<kind>:<match>:<number>:...``)."""
    view = message.sent.get("view")
    numbers = {int(str(item.custom_id).split(":")[3]) for item in getattr(view, "children", ())}
    assert len(numbers) == 1, numbers
    return numbers.pop()


async def test_the_actor_killed_before_his_prompt_followed_him_is_owed_it_and_gets_it_silently(
    service: MatchService, store: Store
) -> None:
    """North takes a pebble and goes on: the thread is told, then the process dies as his DM
    prompt is about to follow him in place. That update was owed like any DM, so another
    process's announcer gives him his prompt as it stands, once, without notifying him."""
    fake = FakeDiscord()
    live = await started_pebbles(service)
    await service.attach_thread(live.id, THREAD)
    delivery = Quick(fake, service)  # type: ignore[arg-type]
    await delivery.announce_start(await service.get(live.id))
    for user, bid in ((NORTH_USER, "bid 3"), (SOUTH_USER, "bid 1")):
        await delivery.after_entry(await service.act(live.id, user, bid))
    result = await service.act(live.id, NORTH_USER, "take")
    assert result.match.active_roles() == {"north"} and not result.roles_to_notify(), "he goes on"

    async def die_at_a_dm(partial: Partial) -> None:
        if partial.channel.user_id is not None:
            raise Killed

    fake.on_edit = die_at_a_dm
    with pytest.raises(Killed):
        await delivery.after_entry(result)
    told = await store.get_message(live.id, "prompt")
    assert told is not None and told.version == result.match.record.version, "the thread was told"
    assert await store.owed_dms(live.id) == ["north"], "his prompt never followed him: owed"
    assert await store.behind_in_discord() == [live.id]

    fake.on_edit = None
    north, south = len(fake.dms[NORTH_USER].messages), len(fake.dms[SOUTH_USER].messages)
    posts = len(fake.thread.messages)
    other = Quick(fake, MatchService(store))  # type: ignore[arg-type]

    async def catch_up(match_id: int) -> None:
        await other.catch_up(await other.service.get(match_id))

    assert await Announcer(catch_up, store, pause=0.0).sweep() == 1
    fresh = fake.dms[NORTH_USER].messages[north:]
    assert len(fresh) == 1, "north gets his prompt as it stands"
    assert prompt_number(fresh[0]) == (await service.get(live.id)).prompt_version("north")
    assert fresh[0].sent.get("silent") is True, "he just acted: no notification"
    assert len(fake.dms[SOUTH_USER].messages) == south and len(fake.thread.messages) == posts
    assert await store.owed_dms(live.id) == [] and await store.behind_in_discord() == []
