"""After a crash, the catch-up gives a player who acted in the untold entries, and still acts,
his new DM prompt without notifying him again: he was waited for already, and he just acted."""

from __future__ import annotations

from bot.service import MatchService
from bot.storage import Store

from .conftest import NORTH_USER, SOUTH_USER
from .test_match_posts_recovery import FakeDiscord, Quick, started


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
