"""Several bot processes on one PostgreSQL database: any of them may act on any match.

Each "process" here is a store and a match service of its own (its own connections, its own
matches in memory, its own locks), as two bot processes would have. An entry is made under the
match's lock across processes, on the match as stored: a copy in memory that another process
moved on is read again first, so an entry from one process after another's works, two entries
at once are made one after the other (each checked against the match as the other left it),
and a double click arriving at both processes is made once.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import pytest

from bot import rendering
from bot.catch_up import Announcer
from bot.computers.driver import ComputerDriver
from bot.computers.thinking import ThinkingPool
from bot.computers.zombie import RESIGN
from bot.controller import Controller
from bot.leases import ITEM_SECONDS
from bot.match_posts import Delivery
from bot.service import ALREADY_DONE, MatchService
from bot.settings import SettingsService
from bot.storage import FINISHED, Store
from bot.storage import store as store_module
from bot.storage.store import ANNOUNCE_LOCKS, MATCH_LOCKS, MatchBusy
from bot.storage.trouble import BUSY, storage_trouble
from games.core import StaleAction
from tests.bot.conftest import NORTH_USER, SOUTH_USER, started_pebbles, through_bids
from tests.bot.leagues.test_league_service import A as LEAGUE_A
from tests.bot.leagues.test_league_service import B as LEAGUE_B
from tests.bot.leagues.test_league_service import C as LEAGUE_C
from tests.bot.leagues.test_league_service import D as LEAGUE_D
from tests.bot.leagues.test_league_service import leagues_over, signed_up
from tests.bot.test_computer_players import Client as ComputerClient
from tests.bot.test_failures import ButtonInteraction
from tests.bot.test_ticker import MovedClock
from tests.bot.test_told_once import Client
from tests.bot.test_zombie_mode import THIRD, casual

BACKENDS = ["postgresql"]


async def no_render(*args: Any, **kwargs: Any) -> None:
    return None


async def let_go(store: Store, space: int, number: int) -> None:
    """Wait until the server has let go of an advisory lock (a closed connection's backend
    ends a moment after the client closed it)."""
    async with asyncio.timeout(10):
        while await store.read_one(
            "SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND classid = ? AND objid = ?",
            (space, number),
        ):
            await asyncio.sleep(0.01)


@pytest.fixture
async def pair(database: str) -> AsyncIterator[tuple[MatchService, MatchService]]:
    """Two bot processes' match services on one database."""
    first, second = await Store.open(database), await Store.open(database)
    yield MatchService(first), MatchService(second)
    await first.close()
    await second.close()


async def test_one_process_acts_after_another_moved_the_match(
    pair: tuple[MatchService, MatchService],
) -> None:
    a, b = pair
    live = await started_pebbles(a)
    assert (await b.get(live.id)).record.version == 0  # b holds its copy now
    await a.act(live.id, NORTH_USER, "bid 3")
    # b's copy is behind the database: b reads the match again before acting on it.
    south_menu = (await b.get(live.id)).prompt_version("south")
    result = await b.act(live.id, SOUTH_USER, "bid 1", expected_prompt=south_menu)
    assert result.match.record.version == 2 and result.match.state is not None
    assert result.match.active_roles() == {"north"}  # both bids counted: north bid higher
    # and back: a's copy (version 1) is read again too.
    await a.act(live.id, NORTH_USER, "take")
    stored = await a.store.get_match(live.id)
    assert stored is not None and stored.version == 3
    assert [e.action for e in await a.store.actions(live.id)] == ["bid 3", "bid 1", "take"]
    assert (await b.get(live.id)).record.version == 3, "a read sees the other process's entry"


async def test_a_match_another_process_finished_is_read_again_not_a_failure(
    pair: tuple[MatchService, MatchService],
) -> None:
    """b holds a copy of a match that a ends: b reads it again (finished, so no longer kept in
    memory) and answers with it, instead of failing on the copy it just let go of."""
    a, b = pair
    live = await started_pebbles(a)
    await b.get(live.id)  # b holds its copy
    await a.resign(live.id, NORTH_USER)
    again = await b.get(live.id)
    assert again.record.status == FINISHED and again.record.version == 1
    assert live.id not in b.cache.held, "a finished match is not kept in memory"


async def test_a_click_on_a_prompt_newer_than_the_copy_in_memory_waits_for_it_to_be_read_again(
    pair: tuple[MatchService, MatchService],
) -> None:
    """a moved the match; b's copy is being read again by another of b's tasks (its announcer,
    its ticker) when north's click on his newest menu reaches b: b waits for that copy instead
    of telling him his menu is out of date (it is the copy that is)."""
    a, b = pair
    live = await started_pebbles(b)
    copy = await b.get(live.id)
    await through_bids(a, live)  # north to take, on a prompt b's copy has not seen
    menu = (await a.get(live.id)).prompt_version("north")
    assert menu > copy.prompt_version("north")
    answered = asyncio.Event()
    load = b.get

    async def get(match_id: int) -> Any:
        found = await load(match_id)
        answered.set()
        return found

    held = asyncio.Event()

    async def reading_it_again() -> None:
        async with copy.lock:  # (what MatchCache.get holds while it reads a copy again)
            held.set()
            await answered.wait()

    holder = asyncio.create_task(reading_it_again())
    await held.wait()
    b.get = get  # type: ignore[method-assign]
    controller = Controller(b, delivery=Delivery(Client(), b))  # type: ignore[arg-type]
    interaction: Any = ButtonInteraction(NORTH_USER)
    take = next(c.index for c in a.choices(await a.get(live.id), "north") if c.action.verb == "take")
    await controller.pick(interaction, live.id, version=menu, index=take)
    await holder
    assert not any("out of date" in said for said in interaction.followup.sent), interaction.followup.sent
    assert [e.action for e in await a.store.actions(live.id)][-1] == "take"


async def test_two_processes_acting_at_once_make_both_entries_one_after_the_other(
    pair: tuple[MatchService, MatchService],
) -> None:
    a, b = pair
    live = await started_pebbles(a)
    await b.get(live.id)
    north = a.act(live.id, NORTH_USER, "bid 3", expected_prompt=live.prompt_version("north"))
    south = b.act(live.id, SOUTH_USER, "bid 1", expected_prompt=live.prompt_version("south"))
    await asyncio.gather(north, south)
    entries = await a.store.actions(live.id)
    assert sorted(e.action for e in entries) == ["bid 1", "bid 3"], "nothing lost, nothing twice"
    stored = await a.store.get_match(live.id)
    assert stored is not None and stored.version == 2
    for service in pair:
        state = (await service.get(live.id)).state
        assert state is not None and state["bids"] == {"north": 3, "south": 1}


async def test_a_double_click_arriving_at_both_processes_is_made_once(
    pair: tuple[MatchService, MatchService],
) -> None:
    a, b = pair
    live = await started_pebbles(a)
    await a.act(live.id, NORTH_USER, "bid 3")
    await a.act(live.id, SOUTH_USER, "bid 1")
    menu = (await b.get(live.id)).prompt_version("north")
    clicks = await asyncio.gather(
        a.act(live.id, NORTH_USER, "take", expected_prompt=menu, interaction_id="click-1"),
        b.act(live.id, NORTH_USER, "take", expected_prompt=menu, interaction_id="click-2"),
        return_exceptions=True,
    )
    made = [c for c in clicks if not isinstance(c, BaseException)]
    refused = [c for c in clicks if isinstance(c, BaseException)]
    assert len(made) == 1 and len(refused) == 1, clicks
    assert isinstance(refused[0], StaleAction) and str(refused[0]) == str(ALREADY_DONE)
    assert [e.action for e in await a.store.actions(live.id)] == ["bid 3", "bid 1", "take"]


async def test_the_same_interaction_at_both_processes_is_made_once(
    pair: tuple[MatchService, MatchService],
) -> None:
    a, b = pair
    live = await started_pebbles(a)
    await b.get(live.id)
    first, again = await asyncio.gather(
        a.act(live.id, NORTH_USER, "bid 3", interaction_id="same"),
        b.act(live.id, NORTH_USER, "bid 3", interaction_id="same"),
    )
    assert sorted([first.duplicate, again.duplicate]) == [False, True]
    assert len(await a.store.actions(live.id)) == 1


async def test_a_match_held_by_another_process_too_long_is_refused_as_busy(
    pair: tuple[MatchService, MatchService], monkeypatch: pytest.MonkeyPatch
) -> None:
    a, b = pair
    live = await started_pebbles(a)
    monkeypatch.setattr(store_module, "MATCH_WAIT_MS", 50)
    async with a.store.match_lock(live.id):
        with pytest.raises(MatchBusy) as refused:
            await b.act(live.id, NORTH_USER, "bid 3")
    assert storage_trouble(refused.value) == BUSY  # the player reads "the storage is busy"
    assert await b.store.actions(live.id) == []
    await b.act(live.id, NORTH_USER, "bid 3")  # let go: the next try is made
    assert len(await a.store.actions(live.id)) == 1


async def test_a_dead_process_lets_go_of_the_match_it_held(pair: tuple[MatchService, MatchService]) -> None:
    a, b = pair
    live = await started_pebbles(a)
    holding = a.store.match_lock(live.id)
    await holding.__aenter__()  # a holds the match and dies without letting go
    await a.store.close()
    await let_go(b.store, MATCH_LOCKS, live.id)  # the server lets go of a's lock with its connection
    await b.act(live.id, NORTH_USER, "bid 3")
    assert len(await b.store.actions(live.id)) == 1


async def test_a_state_rebuilt_from_an_old_version_does_not_overwrite_a_newer_one(
    pair: tuple[MatchService, MatchService],
) -> None:
    a, _ = pair
    live = await started_pebbles(a)
    await a.act(live.id, NORTH_USER, "bid 3")
    before = await a.store.get_match(live.id)
    assert before is not None and before.version == 1
    await a.store.save_state_cache(live.id, "{}", 0, [], None, False, version=0)
    after = await a.store.get_match(live.id)
    assert after is not None and after.state == before.state and after.log_length == before.log_length


async def test_a_live_delivery_holds_its_match_from_the_other_processes_sweeps(
    pair: tuple[MatchService, MatchService],
) -> None:
    a, b = pair
    match_id = (await started_pebbles(a)).id  # behind in Discord: its delivery has not posted yet
    seen: list[int] = []

    async def catch_up(match_id: int) -> None:
        seen.append(match_id)

    delivering = Announcer(catch_up, a.store, pause=0.0, leases=a.leases)
    sweeping = Announcer(catch_up, b.store, pause=0.0, leases=b.leases)
    async with delivering.delivering(match_id):
        await sweeping.sweep()
        assert seen == [], "b's sweep leaves the match a is delivering"
    await sweeping.sweep()
    assert seen == [match_id]


async def test_a_process_that_dies_announcing_a_match_leaves_it_to_the_others_at_once(
    pair: tuple[MatchService, MatchService],
) -> None:
    a, b = pair
    match_id = (await started_pebbles(a)).id
    seen: list[int] = []

    async def catch_up(match_id: int) -> None:
        seen.append(match_id)

    sweeping = Announcer(catch_up, b.store, pause=0.0, leases=b.leases)
    holding = a.store.announcing(match_id, 0.0)
    assert await holding.__aenter__()  # a is announcing the match...
    await sweeping.sweep()
    assert seen == []
    await a.store.close()  # ... and dies: the server lets go of its lock with its connections
    await let_go(b.store, ANNOUNCE_LOCKS, match_id)
    await sweeping.sweep()
    assert seen == [match_id]


async def test_two_processes_starting_one_league_at_once_draw_it_up_once(database: str) -> None:
    first, second = await Store.open(database), await Store.open(database)
    try:
        _, a = leagues_over(first)
        _, b = leagues_over(second)
        league = await signed_up(a, [LEAGUE_A, LEAGUE_B, LEAGUE_C, LEAGUE_D])
        outcomes = await asyncio.gather(a.start(league.id), b.start(league.id), return_exceptions=True)
        started = [o for o in outcomes if not isinstance(o, BaseException)]
        refused = [o for o in outcomes if isinstance(o, BaseException)]
        assert len(started) == 1 and len(started[0].matches) == 6
        assert len(refused) == 1 and "has started already" in str(refused[0])
        assert len(await a.store.games(league.id)) == 6
    finally:
        await first.close()
        await second.close()


async def test_a_process_never_edits_a_thread_post_that_another_process_followed(
    pair: tuple[MatchService, MatchService],
) -> None:
    a, b = pair
    client = Client()  # one thread, as Discord has it, posted in by both processes
    deliveries = {a: Delivery(client, a), b: Delivery(client, b)}  # type: ignore[arg-type]
    live = await started_pebbles(a)
    await deliveries[a].announce_start(live)

    async def act(service: MatchService, user: int, text: str) -> None:
        await deliveries[service].after_entry(await service.act(live.id, user, text))

    await act(a, NORTH_USER, "bid 3")  # a posts the round
    await act(b, SOUTH_USER, "bid 1")  # b has no memory of a's post: b posts
    await act(a, NORTH_USER, "take")  # north again: a new post
    followed = client.thread.sent[2]
    edits = len(followed.edits)
    await act(b, NORTH_USER, "take")  # b's newest post (its own) is no longer the thread's newest
    assert len(followed.edits) == edits, "an older post is never rewritten"
    newest = client.thread.sent[-1]
    assert newest is not followed and "took a pebble" in newest.content
    recorded = await a.store.get_message(live.id, "prompt")
    assert recorded is not None and recorded.message_id == newest.id


async def test_a_start_another_process_told_meanwhile_is_not_told_again(
    pair: tuple[MatchService, MatchService],
) -> None:
    """b's join started the match, but b's delivery of the start came late (it answers the
    joiner first, then waits for a's hold on the match): a's announcer had told the start as
    never told, and north has bid since. b then only catches up what is behind: no second
    start post (its nonce, made at the newer version, would not keep Discord from storing it
    again) and no DM prompt sent again."""
    a, b = pair
    client = Client()
    deliveries = {a: Delivery(client, a), b: Delivery(client, b)}  # type: ignore[arg-type]
    live = await started_pebbles(b)
    await deliveries[a].catch_up(await a.get(live.id))  # a's sweep: the start was never told
    assert [m for m in client.thread.sent if "begins" in m.content]
    await deliveries[a].after_entry(await a.act(live.id, NORTH_USER, "bid 3"))
    posts, dms = len(client.thread.sent), {u: len(p.sent) for u, p in client.dms.items()}
    await deliveries[b].announce_start(await b.get(live.id))
    assert len(client.thread.sent) == posts, [m.content for m in client.thread.sent[posts:]]
    assert {u: len(p.sent) for u, p in client.dms.items()} == dms, "no DM prompt twice"
    recorded = await b.store.get_message(live.id, "prompt")
    assert recorded is not None and recorded.message_id == client.thread.sent[-1].id


async def test_a_typed_move_repeated_through_another_process_is_made_again(
    pair: tuple[MatchService, MatchService],
) -> None:
    a, b = pair
    live = await started_pebbles(a)
    await a.act(live.id, NORTH_USER, "bid 3")
    await a.act(live.id, SOUTH_USER, "bid 1")
    await a.act(live.id, NORTH_USER, "take", typed=True)
    # The same command again, typed where the other process answers (a DM, then the thread):
    # a running process stored and answered the first, so this is a second take, not a retry.
    await b.act(live.id, NORTH_USER, "take", typed=True)
    assert [e.action for e in await a.store.actions(live.id)][-2:] == ["take", "take"]


async def test_a_setting_changed_through_one_process_holds_in_the_other(
    pair: tuple[MatchService, MatchService],
) -> None:
    a, b = pair
    first, second = SettingsService(a.store), SettingsService(b.store)
    assert (await second.get(NORTH_USER)).ping != "thread"
    await first.update(NORTH_USER, ping="thread")
    assert (await second.get(NORTH_USER)).ping == "thread"


async def test_a_thread_opened_or_a_pause_agreed_through_one_process_is_seen_by_the_other(
    pair: tuple[MatchService, MatchService],
) -> None:
    a, b = pair
    live = await started_pebbles(a)
    assert (await b.get(live.id)).record.thread_id is None
    await a.attach_thread(live.id, 555)
    assert (await b.get(live.id)).record.thread_id == 555
    await a.vote_pause(live.id, NORTH_USER, pause=True)
    await b.vote_pause(live.id, SOUTH_USER, pause=True)  # b counts a's vote: everyone agreed
    assert (await a.get(live.id)).record.paused


async def test_zombie_votes_through_two_processes_at_once_both_count(
    pair: tuple[MatchService, MatchService],
) -> None:
    a, b = pair
    live = await casual(a)
    assert await a.zombie.open(live.id, NORTH_USER, RESIGN) is not None
    first, second = await asyncio.gather(
        a.zombie.vote(live.id, SOUTH_USER, True), b.zombie.vote(live.id, THIRD, True)
    )
    assert {first.outcome, second.outcome} == {"waiting", "taken"}
    seats = (await a.get(live.id)).seats
    assert sum(1 for seat in seats if seat.user_id < 0) == 1, "one computer took the seat"


class Thinking(ThinkingPool):
    """A computer that thinks until its process dies (never decides), and counts its calls."""

    def __init__(self) -> None:
        super().__init__(0)
        self.started = asyncio.Event()
        self.calls = 0

    async def decide(self, request: Any) -> str:
        self.calls += 1
        self.started.set()
        await asyncio.Event().wait()
        raise AssertionError("never decided")


async def test_a_computers_turn_is_thought_by_one_process_and_taken_over_if_it_dies(
    database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(rendering, "render_png", no_render)
    clock = MovedClock()
    first, second = await Store.open(database), await Store.open(database)
    try:
        a, b = MatchService(first, clock=clock), MatchService(second, clock=clock)
        live = await a.create(
            guild_id=1, channel_id=2, user_id=NORTH_USER, game="confrontation", side="sauron"
        )
        live = (await a.computers.add(live.id, NORTH_USER, "rules")).match
        await Delivery(ComputerClient(), a).announce_start(live)  # type: ignore[arg-type]
        thinking = Thinking()
        dying = ComputerDriver(a, Delivery(ComputerClient(), a), thinking, pace=0.0)  # type: ignore[arg-type]
        await dying.sweep()
        await thinking.started.wait()  # a thinks for the computer...
        idle = Thinking()
        waiting = ComputerDriver(b, Delivery(ComputerClient(), b), idle, pace=0.0)  # type: ignore[arg-type]
        await waiting.sweep()
        async with asyncio.timeout(10):  # (were b thinking too, it would never be idle)
            await waiting.idle()
        assert idle.calls == 0, "b leaves the decision a is thinking"
        await dying.stop()  # ... and dies: nothing was committed
        clock.at += ITEM_SECONDS  # its claim runs out
        playing = ComputerDriver(b, Delivery(ComputerClient(), b), ThinkingPool(0), pace=0.0)  # type: ignore[arg-type]
        await playing.sweep()
        await playing.idle()
        assert playing.moves >= 1
        entries = await second.actions(live.id)
        assert len({e.interaction_id for e in entries}) == len(entries), "each decision once"
    finally:
        await first.close()
        await second.close()
