"""The league outbox: every line of the league channel is written with the event it tells and
posted once, whatever befalls Discord or the bot between the commit and the post (a refused
post, a crash, two processes sweeping at once, a channel that never takes posts again); an
admin's ``/league end`` and a start refused at the sign-up deadline too; the posts done long ago
are deleted."""

from __future__ import annotations

import asyncio
import logging
from collections import Counter
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from bot.app import PalantirBot
from bot.cogs.league import LeagueCog
from bot.controller import Controller
from bot.discord_send import entry_nonce
from bot.leagues.outbox import CLAIM_SECONDS, DROPPED, KEEP_DONE_SECONDS, MAX_ATTEMPTS, PENDING, SENT
from bot.leagues.posts import LeagueDesk
from bot.leagues.records import SIGNUP, League
from bot.leagues.service import LeagueService
from bot.leagues.store import LeagueStore
from bot.pace import HOUR
from bot.service import LiveMatch, MatchService
from bot.storage import Store
from tests.bot.leagues.test_league_service import (
    ADMIN,
    CHANNEL,
    A,
    B,
    C,
    D,
    MovedClock,
    RecordingDelivery,
    leagues_over,
    lower_id_wins,
    signed_up,
    win,
)
from tests.bot.test_answered_once_committed import Asked


class FlakyDelivery(RecordingDelivery):
    """A delivery Discord may refuse (``refusing``: it gives ``None``, as ``Delivery.post`` does
    when it gave up), that may be held at its next post (``gate``) and that notes each nonce."""

    def __init__(self, posts: list[str] | None = None) -> None:
        super().__init__()
        if posts is not None:
            self.posts = posts  # shared with another process's delivery
        self.refusing = False
        self.nonces: list[int | None] = []
        self.gate: asyncio.Event | None = None
        self.entered = asyncio.Event()
        #: Threads opened and lines posted, in order.
        self.told: list[str] = []

    async def announce_start(self, live: LiveMatch) -> None:
        self.told.append(f"thread of #{live.id}")
        await super().announce_start(live)

    async def post(self, channel_id: int, *, content: str, nonce: int | None = None, **rest: object) -> Any:
        self.entered.set()
        if self.gate is not None:
            await self.gate.wait()
        if self.refusing:
            return None
        self.nonces.append(nonce)
        self.told.append(said([content])[0])
        return await super().post(channel_id, content=content, **rest)


def desk_of(leagues: LeagueService, delivery: FlakyDelivery) -> LeagueDesk:
    return LeagueDesk(delivery, leagues)  # type: ignore[arg-type]


async def two_player_league(leagues: LeagueService, **settings: object) -> tuple[League, int]:
    """A started round-robin of A and B (one match): the league and its match."""
    league = await signed_up(leagues, [A, B], **settings)
    (live,) = (await leagues.start(league.id)).matches
    return league, live.id


#: The head of the final standings' text version.
TABLE = "**Spring** · Pebbles · final table"


def said(posts: list[str]) -> list[str]:
    """Each post's head (what it tells), e.g. ``🏁 Spring, match #1``."""
    return [post.splitlines()[0].split(":")[0] for post in posts]


async def test_a_result_whose_post_failed_is_posted_by_the_next_sweep_once(store: Store) -> None:
    matches, leagues = leagues_over(store, MovedClock())
    delivery = FlakyDelivery()
    desk = desk_of(leagues, delivery)
    league = await signed_up(leagues, [A, B, C, D])
    opened = await leagues.start(league.id)
    await desk.announce(opened)
    assert said(delivery.posts) == ["🗓️ **Spring**"]

    first = opened.matches[0]
    delivery.refusing = True  # Discord fails (5xx, a rate limit, the network) for this result
    await desk.match_finished(await win(matches, first.id, lower_id_wins(first)[0]))
    assert len(delivery.posts) == 1
    assert (await desk.outbox.statuses(league.id))[-1] == (f"result:{first.id}", PENDING, 1)

    delivery.refusing = False
    await desk.sweep()
    await desk.sweep()  # and the next one: nothing more
    assert said(delivery.posts) == ["🗓️ **Spring**", f"🏁 Spring, match #{first.id}"]
    assert [status for _, status, _ in await desk.outbox.statuses(league.id)] == [SENT, SENT]


async def test_a_crash_between_the_commit_and_the_post_is_posted_by_the_start_up_sweep(db_path: Path) -> None:
    store = await Store.open(db_path)
    matches, leagues = leagues_over(store, MovedClock())
    _, match_id = await two_player_league(leagues)
    await desk_of(leagues, FlakyDelivery()).sweep(start_up=True)  # the pairing was told
    await leagues.record_result(await win(matches, match_id, A))  # committed ... and the bot died
    await store.close()

    store = await Store.open(db_path)
    try:
        matches, leagues = leagues_over(store, MovedClock())
        assert await leagues.recover() == [], "nothing left to record: only posts are owed"
        delivery = FlakyDelivery()
        bot: Any = SimpleNamespace(leagues=leagues, league_desk=desk_of(leagues, delivery))
        await PalantirBot.recover_leagues(bot, start_up=True)  # what the bot does at start-up
        assert said(delivery.posts) == [
            f"🏁 Spring, match #{match_id}",
            "🏆 **Spring is over.** The final table",
            TABLE,  # the standings' text version, with its picture
        ]
        await PalantirBot.recover_leagues(bot)  # every few minutes
        assert len(delivery.posts) == 3, "posted once"
    finally:
        await store.close()


async def two_sweeps_post_once(first: MatchService, second: MatchService) -> None:
    """Two processes (a match service each, one database) sweep the league outbox at once: the
    one that claimed a post posts it and its league's later posts; the other posts none of them."""
    one = LeagueService(first, LeagueStore(first.store))
    other = LeagueService(second, LeagueStore(second.store))
    league, match_id = await two_player_league(one)
    await one.record_result(await win(first, match_id, A))
    posts: list[str] = []
    mine, theirs = FlakyDelivery(posts), FlakyDelivery(posts)
    mine.gate = asyncio.Event()
    # Both at start-up: each may take the posts just written (the pairing, the result, the end).
    sweeping = asyncio.create_task(desk_of(one, mine).sweep(start_up=True))
    await mine.entered.wait()  # the first process is posting its first claimed post
    await desk_of(other, theirs).sweep(start_up=True)
    assert posts == [] and theirs.nonces == [], "claimed by the other process: left to it"
    mine.gate.set()
    await sweeping
    await desk_of(other, theirs).sweep(start_up=True)
    assert said(posts) == [
        "🗓️ **Spring**",
        f"🏁 Spring, match #{match_id}",
        "🏆 **Spring is over.** The final table",
        TABLE,
    ]
    assert theirs.nonces == []
    assert {status for _, status, _ in await desk_of(other, theirs).outbox.statuses(league.id)} == {SENT}


async def test_two_sweeps_at_once_post_each_post_once(db_path: Path) -> None:
    clock = MovedClock()
    first, second = await Store.open(db_path), await Store.open(db_path)
    try:
        await two_sweeps_post_once(MatchService(first, clock=clock), MatchService(second, clock=clock))
    finally:
        await first.close()
        await second.close()


async def test_a_post_whose_poster_died_is_taken_over_with_the_same_nonce(store: Store) -> None:
    """A process that died after claiming a post (perhaps after Discord took it, before it was
    marked sent): another process posts it once the claim ran out, with the same nonce, so that
    Discord, which remembers a nonce a few minutes, answers with the message it has."""
    clock = MovedClock()
    _, leagues = leagues_over(store, clock)
    league, _ = await two_player_league(leagues)
    delivery = FlakyDelivery()
    desk = desk_of(leagues, delivery)
    ((post),) = await desk.outbox.pending(league.id)
    claimed = await desk.outbox.claim(post.id, "a process that died", clock.now(), born_by=clock.now() + 1e6)
    assert claimed
    await desk.flush()
    await desk.sweep(start_up=True)
    assert delivery.posts == [], "held by its claim"
    clock.at += CLAIM_SECONDS
    await desk.sweep()
    assert said(delivery.posts) == ["🗓️ **Spring**"]
    assert delivery.nonces == [entry_nonce(await store.nonce_key(), "league-post", post.id)]


async def test_the_periodic_sweep_leaves_a_post_just_written_to_the_process_that_wrote_it(
    store: Store,
) -> None:
    """Posted right after its commit by its own process (its match threads first), a new post is
    not taken by the sweep meanwhile; the sweep takes it only once that hold has run out."""
    clock = MovedClock()
    _, leagues = leagues_over(store, clock)
    delivery = FlakyDelivery()
    desk = desk_of(leagues, delivery)
    league = await signed_up(leagues, [A, B])
    opened = await leagues.start(league.id)
    await desk.sweep()
    assert delivery.posts == [], "left to the start's own announcement"
    await desk.announce(opened)
    assert said(delivery.posts) == ["🗓️ **Spring**"] and delivery.started == [opened.matches[0].id]

    other = await signed_up(leagues, [C, D], name="Autumn")
    await leagues.start(other.id)  # ... and the process died before it told it
    await desk.sweep()
    assert len(delivery.posts) == 1
    clock.at += CLAIM_SECONDS
    await desk.sweep()
    assert said(delivery.posts) == ["🗓️ **Spring**", "🗓️ **Autumn**"]


async def test_a_post_waits_for_the_operation_that_wrote_it_to_open_its_threads(store: Store) -> None:
    """A result comes in while the start is still opening its match threads: its line waits
    behind the start's pairing line, which waits for the threads; neither is lost."""
    matches, leagues = leagues_over(store, MovedClock())
    delivery = FlakyDelivery()
    desk = desk_of(leagues, delivery)
    league = await signed_up(leagues, [A, B, C, D])
    opened = await leagues.start(league.id)  # ... its threads not opened yet
    first = opened.matches[0]
    await desk.match_finished(await win(matches, first.id, lower_id_wins(first)[0]))
    assert delivery.told == [], "the pairing goes first, after its threads"
    await desk.announce(opened)
    threads = [f"thread of #{live.id}" for live in opened.matches]
    assert delivery.told == [*threads, "🗓️ **Spring**", f"🏁 Spring, match #{first.id}"]
    assert {status for _, status, _ in await desk.outbox.statuses(league.id)} == {SENT}


async def test_an_admins_correction_is_told_once_with_the_event(store: Store) -> None:
    matches, leagues = leagues_over(store, MovedClock())
    delivery = FlakyDelivery()
    desk = desk_of(leagues, delivery)
    league, match_id = await two_player_league(leagues)
    await desk.sweep(start_up=True)  # its pairing
    await desk.match_finished(await win(matches, match_id, A))
    delivery.refusing = True
    corrected = await leagues.report(league.id, match_id, admin_id=ADMIN, reason="a misclick", winner=B)
    await desk.progressed(corrected.progress)
    delivery.refusing = False
    await desk.sweep()
    await desk.sweep()
    assert delivery.posts[-1] == f"✏️ Spring: the result of match #{match_id} was corrected (a misclick)."
    assert [post for post in delivery.posts if post.startswith("✏️")] == delivery.posts[-1:]


async def test_a_post_that_keeps_failing_is_dropped_after_the_limit_with_a_log_line(
    store: Store, caplog: pytest.LogCaptureFixture
) -> None:
    matches, leagues = leagues_over(store, MovedClock())
    league, match_id = await two_player_league(leagues)
    delivery = FlakyDelivery()
    delivery.refusing = True  # e.g. the league channel was deleted
    desk = desk_of(leagues, delivery)
    caplog.set_level(logging.WARNING, logger="bot.leagues.posts")
    for attempt in range(1, MAX_ATTEMPTS):
        await desk.sweep(start_up=True)
        assert await desk.outbox.statuses(league.id) == [("paired:1", PENDING, attempt)]
    assert "not posted (attempt 1 of" in caplog.text and "dropped" not in caplog.text
    await desk.match_finished(await win(matches, match_id, A))  # waits behind it, in order
    statuses = await desk.outbox.statuses(league.id)
    assert statuses[0] == ("paired:1", DROPPED, MAX_ATTEMPTS)
    assert [status for _, status, _ in statuses[1:]] == [PENDING, PENDING, PENDING]
    assert f"league {league.id}: dropped its post" in caplog.text and "paired:1" in caplog.text
    await desk.flush()
    assert delivery.posts == []

    delivery.refusing = False  # the channel works again: the rest is posted, not the dropped
    await desk.flush()
    assert said(delivery.posts) == [
        f"🏁 Spring, match #{match_id}",
        "🏆 **Spring is over.** The final table",
        TABLE,
    ]


async def test_the_normal_path_posts_each_line_once_and_the_sweep_adds_nothing(store: Store) -> None:
    """A round-robin of four played through the desk, its last round first: every line once
    ("round 3 is complete" too, though later results of earlier rounds find it complete again)."""
    matches, leagues = leagues_over(store, MovedClock())
    delivery = FlakyDelivery()
    desk = desk_of(leagues, delivery)
    league = await signed_up(leagues, [A, B, C, D])
    opened = await leagues.start(league.id)
    await desk.announce(opened)
    last_round_first = sorted(opened.matches, key=lambda live: -(live.record.league_round or 0))
    for live in last_round_first:
        await desk.match_finished(await win(matches, live.id, lower_id_wins(live)[0]))
        await desk.sweep(start_up=True)  # a sweep between every two events, taking what it can
    assert said(delivery.posts) == [
        "🗓️ **Spring**",
        *(f"🏁 Spring, match #{live.id}" for live in last_round_first[:2]),
        "✅ Spring",
        *(f"🏁 Spring, match #{live.id}" for live in last_round_first[2:]),
        "🏆 **Spring is over.** The final table",
        TABLE,
    ]
    assert "rounds 1, 2 and 3 paired, 6 matches" in delivery.posts[0]
    assert max(Counter(delivery.posts).values()) == 1
    assert {status for _, status, _ in await desk.outbox.statuses(league.id)} == {SENT}


#: An admin's end, in the league channel.
ENDED_BY_AN_ADMIN = "🏆 **Spring** was ended by a league admin: `/league standings`."
#: The admin's own answer, where he typed ``/league end``.
IS_OVER = "🏆 Spring is over. The final table:"


async def end_by_command(leagues: LeagueService, desk: LeagueDesk, channel_id: int) -> list[str]:
    """``/league end league:Spring`` typed by a league admin in ``channel_id``: his answers."""
    controller = Controller(leagues.matches, desk.delivery)
    bot: Any = SimpleNamespace(controller=controller, delivery=desk.delivery)
    cog = LeagueCog(bot, leagues, desk)
    interaction: Any = Asked(ADMIN)
    interaction.channel_id = channel_id
    await cog.group.get_command("end").callback(interaction, league="Spring")  # type: ignore[union-attr]
    return [said([answer])[0] for answer in interaction.said]


async def test_an_admins_end_refused_by_discord_is_posted_in_the_league_channel_by_the_next_sweep(
    store: Store,
) -> None:
    """Ended from another channel: the admin is answered there (the end and the table); the
    league channel's line and table, which Discord refused, are posted by the next sweep, once."""
    _, leagues = leagues_over(store, MovedClock())
    delivery = FlakyDelivery()
    desk = desk_of(leagues, delivery)
    league, _ = await two_player_league(leagues)
    await desk.sweep(start_up=True)  # its pairing
    delivery.refusing = True
    answers = await end_by_command(leagues, desk, channel_id=CHANNEL + 1)
    assert answers == [said([IS_OVER])[0], TABLE], "the admin's answers, where he asked"
    assert said(delivery.posts) == ["🗓️ **Spring**"]
    assert (await desk.outbox.statuses(league.id))[1:] == [("over", PENDING, 1), ("standings", PENDING, 0)]

    delivery.refusing = False
    await desk.sweep()
    await desk.sweep()
    assert delivery.posts[1] == ENDED_BY_AN_ADMIN
    assert said(delivery.posts) == ["🗓️ **Spring**", said([ENDED_BY_AN_ADMIN])[0], TABLE]
    assert {status for _, status, _ in await desk.outbox.statuses(league.id)} == {SENT}


async def test_an_admins_end_in_the_league_channel_is_told_there_once_by_his_answer(store: Store) -> None:
    clock = MovedClock()
    _, leagues = leagues_over(store, clock)
    delivery = FlakyDelivery()
    desk = desk_of(leagues, delivery)
    league, _ = await two_player_league(leagues)
    await desk.sweep(start_up=True)
    answers = await end_by_command(leagues, desk, channel_id=CHANNEL)
    assert answers == [said([IS_OVER])[0], TABLE], "public: the league channel's news"
    clock.at += CLAIM_SECONDS
    await desk.sweep(start_up=True)
    assert said(delivery.posts) == ["🗓️ **Spring**"], "not told a second time"
    assert {status for _, status, _ in await desk.outbox.statuses(league.id)} == {SENT}


async def test_an_admins_end_a_crash_left_untold_is_posted_by_the_start_up_sweep_once(db_path: Path) -> None:
    store = await Store.open(db_path)
    _, leagues = leagues_over(store, MovedClock())
    league, _ = await two_player_league(leagues)
    await desk_of(leagues, FlakyDelivery()).sweep(start_up=True)  # the pairing was told
    await leagues.end(league.id)  # committed ... and the bot died before anything was said
    await store.close()

    store = await Store.open(db_path)
    try:
        _, leagues = leagues_over(store, MovedClock())
        delivery = FlakyDelivery()
        bot: Any = SimpleNamespace(leagues=leagues, league_desk=desk_of(leagues, delivery))
        await PalantirBot.recover_leagues(bot, start_up=True)
        await PalantirBot.recover_leagues(bot)
        assert delivery.posts[0] == ENDED_BY_AN_ADMIN
        assert said(delivery.posts) == [said([ENDED_BY_AN_ADMIN])[0], TABLE], "each once"
    finally:
        await store.close()


#: Why Spring, with one player, could not start at its deadline.
NOT_STARTED = (
    "⚠️ Spring could not start at its deadline: Spring needs at least 2 players to start: it has 1. "
    "A league admin can `/league start` it once that is mended, or `/league end` it."
)


async def past_its_deadline(leagues: LeagueService, clock: MovedClock) -> League:
    """Spring, with one player signed up, its sign-up deadline just passed."""
    await signed_up(leagues, [A], signup_deadline=clock.now() + HOUR)
    clock.at += HOUR
    (due,) = await leagues.due_to_start()
    return due


async def test_a_league_that_could_not_start_at_its_deadline_says_so_once_after_a_refusal(
    store: Store,
) -> None:
    clock = MovedClock()
    _, leagues = leagues_over(store, clock)
    delivery = FlakyDelivery()
    delivery.refusing = True
    bot: Any = SimpleNamespace(leagues=leagues, league_desk=desk_of(leagues, delivery))
    due = await past_its_deadline(leagues, clock)
    await PalantirBot.start_due_league(bot, due)
    assert delivery.posts == []
    assert await leagues.due_to_start() == [], "said once: the deadline is gone"
    assert (await leagues.get(due.id)).status == SIGNUP

    delivery.refusing = False
    await bot.league_desk.sweep()
    await bot.league_desk.sweep()
    assert delivery.posts == [NOT_STARTED]


async def test_a_league_that_could_not_start_at_its_deadline_says_so_after_a_crash(db_path: Path) -> None:
    clock = MovedClock()
    store = await Store.open(db_path)
    _, leagues = leagues_over(store, clock)
    due = await past_its_deadline(leagues, clock)

    async def died(*args: object) -> None:
        raise asyncio.CancelledError  # the process is gone: nothing after the commit runs

    dying: Any = SimpleNamespace(leagues=leagues, league_desk=SimpleNamespace(announce=died, post=died))
    with pytest.raises(asyncio.CancelledError):
        await PalantirBot.start_due_league(dying, due)
    await store.close()

    store = await Store.open(db_path)
    try:
        _, leagues = leagues_over(store, clock)
        delivery = FlakyDelivery()
        bot: Any = SimpleNamespace(leagues=leagues, league_desk=desk_of(leagues, delivery))
        await PalantirBot.recover_leagues(bot, start_up=True)
        await PalantirBot.recover_leagues(bot)
        assert delivery.posts == [NOT_STARTED]
        assert await leagues.due_to_start() == []
    finally:
        await store.close()


async def test_the_sweep_deletes_the_posts_done_30_days_ago_and_keeps_the_others(store: Store) -> None:
    """Sent and dropped posts are kept 30 days (to look at), then deleted by a sweep; a pending
    post is kept however old it is, and one done since is kept."""
    clock = MovedClock()
    matches, leagues = leagues_over(store, clock)
    delivery = FlakyDelivery()
    desk = desk_of(leagues, delivery)
    spring, match_id = await two_player_league(leagues)
    await desk.sweep(start_up=True)  # Spring's pairing: sent now
    winter = await signed_up(leagues, [A, C], name="Winter")
    await leagues.start(winter.id)
    (unwanted,) = await desk.outbox.pending(winter.id)
    await desk.outbox.failed(replace(unwanted, attempts=MAX_ATTEMPTS - 1))  # dropped now
    assert [status for _, status, _ in await desk.outbox.statuses(winter.id)] == [DROPPED]

    clock.at += KEEP_DONE_SECONDS - 60
    await desk.match_finished(await win(matches, match_id, A))  # Spring's result and end: sent now
    autumn = await signed_up(leagues, [B, D], name="Autumn")
    delivery.refusing = True
    await desk.announce(await leagues.start(autumn.id))  # refused: pending

    clock.at += 120  # the first posts are 30 days and a minute old, the others two minutes
    await desk.sweep()
    assert [event for event, _, _ in await desk.outbox.statuses(spring.id)] == [
        f"result:{match_id}",
        "over",
        "standings",
    ]
    assert await desk.outbox.statuses(winter.id) == []
    assert await desk.outbox.statuses(autumn.id) == [("paired:1", PENDING, 2)]
