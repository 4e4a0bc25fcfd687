"""Zombie mode: a computer plays on for a player who resigned or ran out of time in a casual
match, if every other player agrees; his leaving stands otherwise; never in a league match."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from types import SimpleNamespace
from typing import Any

import pytest

from bot import texts
from bot.computers.driver import ComputerDriver
from bot.computers.identity import is_computer
from bot.computers.thinking import ThinkingPool
from bot.computers.zombie import RESIGN, TIMEOUT, Offer, key
from bot.computers.zombie_posts import ZombieDesk
from bot.controller import Controller
from bot.i18n import refusal
from bot.match_posts import Delivery
from bot.service import LiveMatch, MatchService, ServiceError

from .conftest import NORTH_USER, SOUTH_USER, STRANGER
from .test_computer_players import Client, no_pictures, pinged

__all__ = ["no_pictures"]  # (the fixture, used here too)


THIRD = 333


async def casual(service: MatchService, *, pace: str | None = None) -> LiveMatch:
    """A casual LOTR Risk of three people: one who leaves is dropped and the others play on."""
    return await service.create_seated(
        guild_id=1,
        channel_id=2,
        game="lotr-risk",
        options={"players": "3"},
        seats=[(NORTH_USER, "black"), (SOUTH_USER, "green"), (THIRD, "red")],
        pace=pace,
        seed=3,
    )


async def two_players(service: MatchService, game: str) -> LiveMatch:
    roles = ("fellowship", "sauron") if game == "confrontation" else ("free", "shadow")
    return await service.create_seated(
        guild_id=1, channel_id=2, game=game, seats=[(NORTH_USER, roles[0]), (SOUTH_USER, roles[1])]
    )


async def test_every_other_player_agrees_and_a_computer_plays_on(service: MatchService) -> None:
    client = Client()
    delivery = Delivery(client, service)  # type: ignore[arg-type]
    driver = ComputerDriver(service, delivery, ThinkingPool(0), pace=0.0)
    delivery.on_told.append(driver.poke)
    live = await casual(service)
    await delivery.announce_start(live)
    offer = await service.zombie.open(live.id, NORTH_USER, RESIGN)
    assert offer is not None and offer.voters == (SOUTH_USER, THIRD) and offer.role == "black"
    assert await service.zombie.open(live.id, SOUTH_USER, RESIGN) is None, "one vote at a time"
    desk = ZombieDesk(delivery)
    await desk.offer(live, offer)
    vote_post = client.thread.sent[-1]
    assert pinged(vote_post) == {SOUTH_USER, THIRD}, "the vote asks the other players"
    with pytest.raises(ServiceError, match="Only the other players"):
        await service.zombie.vote(live.id, STRANGER, True)
    assert (await service.zombie.vote(live.id, SOUTH_USER, True)).outcome == "waiting", "every one agrees"
    with pytest.raises(ServiceError, match="agreed already"):
        await service.zombie.vote(live.id, SOUTH_USER, True)
    decision = await service.zombie.vote(live.id, THIRD, True)
    assert decision.outcome == "taken" and decision.computer is not None
    live = await service.get(live.id)
    assert live.record.status == "active" and "resigned" not in (live.state or {}), "nobody left"
    computer = live.user_of("black")
    assert computer is not None and is_computer(computer) and not live.is_seated(NORTH_USER)
    await desk.decided(decision)
    assert "🤖 Computer (strong) now plays **" in client.thread.sent[-1].content
    await driver.idle()
    entries = await service.store.actions(live.id)
    assert any(e.user_id == computer for e in entries), "the computer plays the seat at once"
    with pytest.raises(ServiceError, match="vote is over"):
        await service.zombie.vote(live.id, SOUTH_USER, True)


async def test_one_no_and_the_resignation_stands(service: MatchService) -> None:
    live = await casual(service)
    assert await service.zombie.open(live.id, NORTH_USER, RESIGN) is not None
    assert (await service.get(live.id)).record.status == "active", "held while they vote"
    await service.zombie.vote(live.id, THIRD, True)
    decision = await service.zombie.vote(live.id, SOUTH_USER, False)
    assert decision.outcome == "declined" and decision.left is not None
    assert decision.left.kind == "resign" and decision.left.user_id == NORTH_USER
    state = (await service.get(live.id)).state or {}
    assert state.get("resigned") == ["black"], "dropped as he asked: the others play on"


async def test_a_vote_nobody_finishes_lapses_and_the_leaving_stands(service: MatchService) -> None:
    live = await casual(service)
    assert await service.zombie.open(live.id, NORTH_USER, RESIGN) is not None
    assert await service.zombie.lapsed() == [], "still open"
    service.timebanks.clock = SimpleNamespace(now=lambda: 10**12)  # type: ignore[assignment]
    (closed,) = await service.zombie.lapsed()
    assert closed.left is not None and closed.left.kind == "resign"
    assert await service.zombie.pending(live.id) is None


async def test_never_in_a_league_match_nor_a_game_without_computers(service: MatchService) -> None:
    live = await casual(service)
    live.record = replace(live.record, league_id=1, league_round=1)  # (a league's match, as stored)
    assert await service.zombie.open(live.id, NORTH_USER, RESIGN) is None
    war = await two_players(service, "war-of-the-ring")
    assert await service.zombie.open(war.id, NORTH_USER, RESIGN) is None


async def test_where_leaving_ends_the_match_the_others_simply_win(service: MatchService) -> None:
    live = await two_players(service, "confrontation")
    assert await service.zombie.open(live.id, NORTH_USER, RESIGN) is None
    assert await service.zombie.open(live.id, NORTH_USER, TIMEOUT) is None
    assert (await service.get(live.id)).record.status == "active", "tried on the game and put back"


async def test_a_bank_that_ran_out_waits_for_the_vote_and_a_no_commits_the_timeout(
    service: MatchService,
) -> None:
    delivery = Delivery(Client(), service)  # type: ignore[arg-type]
    service.timebanks.hold = ZombieDesk(delivery).hold_timeout
    live = await casual(service, pace="fast")
    waiting = sorted(live.active_roles())[0]
    user = live.user_of(waiting)
    late = SimpleNamespace(now=lambda: 10**12)
    service.clock = service.timebanks.clock = late  # type: ignore[assignment]
    assert await service.time_out(live.id, waiting) is None, "held: the others vote first"
    offer = await service.zombie.pending(live.id)
    assert offer is not None and offer.kind == TIMEOUT and offer.user_id == user
    assert await service.time_out(live.id, waiting) is None, "still held on the next tick"
    assert (await service.get(live.id)).record.status == "active"
    with pytest.raises(ServiceError, match=r"time ran out .* your timeout stands"):
        await service.resign(live.id, user)  # (his seat is what they vote on)
    other = next(u for u in (NORTH_USER, SOUTH_USER, THIRD) if u != user)
    decision = await service.zombie.vote(live.id, other, False)
    assert decision.left is not None and decision.left.action == "timeout"


async def test_two_players_agreeing_at_once_both_count(service: MatchService) -> None:
    live = await casual(service)
    assert await service.zombie.open(live.id, NORTH_USER, RESIGN) is not None
    first, second = await asyncio.gather(
        service.zombie.vote(live.id, SOUTH_USER, True), service.zombie.vote(live.id, THIRD, True)
    )
    assert {first.outcome, second.outcome} == {"waiting", "taken"}


class Clicked:
    """A click on a confirmation button (its answers recorded)."""

    message = None

    def __init__(self, user_id: int, click: int) -> None:
        self.id = click
        self.user = SimpleNamespace(id=user_id)
        self.answers: list[str] = []
        self.response = SimpleNamespace(is_done=lambda: True, defer=self._nothing, send_message=self._note)
        self.followup = SimpleNamespace(send=self._note)

    async def _nothing(self, *args: Any, **kwargs: Any) -> None:
        return None

    async def _note(self, content: str = "", **kwargs: Any) -> None:
        self.answers.append(content)

    async def edit_original_response(self, **kwargs: Any) -> None:
        return None


async def test_a_second_resignation_while_the_others_vote_changes_nothing(service: MatchService) -> None:
    """A double click on "Resign" (or resigning again) must not commit the resignation the vote
    holds back: the seat would be lost while the others are still asked to hand it on."""
    client = Client()
    delivery = Delivery(client, service)  # type: ignore[arg-type]
    controller = Controller(service, delivery)
    live = await casual(service)
    await delivery.announce_start(live)
    step = texts.public_step(live)
    first = Clicked(NORTH_USER, 1)
    await controller.resign_confirmed(first, live.id, step)  # type: ignore[arg-type]
    assert await service.zombie.pending(live.id) is not None, "the vote is open"
    entries_before = len(await service.store.actions(live.id))
    again = Clicked(NORTH_USER, 2)
    await controller.resign_confirmed(again, live.id, step)  # type: ignore[arg-type]
    assert again.answers and again.answers[-1].startswith("⚠️") and "voting" in again.answers[-1]
    assert len(await service.store.actions(live.id)) == entries_before, "nothing committed"
    assert "black" not in ((await service.get(live.id)).state or {}).get("resigned", [])
    await service.zombie.vote(live.id, SOUTH_USER, True)
    decision = await service.zombie.vote(live.id, THIRD, True)
    assert decision.outcome == "taken"
    live = await service.get(live.id)
    assert live.ruleset.still_playing(live.state or {}, "black"), "the computer plays on for him"


async def test_the_player_whose_resignation_is_held_makes_no_more_moves(service: MatchService) -> None:
    """He was told "you left": his old prompt's buttons or a typed command change nothing while
    the others vote (else the seat handed on, or given up, is not the one they voted on)."""
    live = await casual(service)
    waiting = sorted(live.active_roles())[0]
    user = live.user_of(waiting)
    assert user is not None
    assert await service.zombie.open(live.id, user, RESIGN) is not None
    version = live.record.version
    move = live.ruleset.legal_actions(live.state or {}, waiting)[0].text
    with pytest.raises(ServiceError, match="voting on a computer"):
        await service.act(live.id, user, move)
    with pytest.raises(ServiceError, match="voting on a computer"):
        await service.act_line(live.id, user, move)
    assert (await service.get(live.id)).record.version == version, "nothing changed"
    other = next(u for u in (NORTH_USER, SOUTH_USER, THIRD) if u != user)
    decision = await service.zombie.vote(live.id, other, False)
    assert decision.left is not None and decision.left.kind == "resign", "his resignation stands"


async def test_a_voter_who_left_meanwhile_neither_votes_nor_is_waited_for(service: MatchService) -> None:
    live = await casual(service)
    assert await service.zombie.open(live.id, NORTH_USER, RESIGN) is not None
    await service.resign(live.id, SOUTH_USER)  # another player leaves while they vote
    with pytest.raises(ServiceError, match="no longer playing"):
        await service.zombie.vote(live.id, SOUTH_USER, False)
    assert await service.zombie.pending(live.id) is not None, "his refused vote changed nothing"
    decision = await service.zombie.vote(live.id, THIRD, True)
    assert decision.outcome == "taken", "the one player still in the match decides"


async def test_when_the_last_missing_voter_leaves_a_yes_already_given_completes_the_vote(
    service: MatchService,
) -> None:
    live = await casual(service)
    assert await service.zombie.open(live.id, NORTH_USER, RESIGN) is not None
    assert (await service.zombie.vote(live.id, THIRD, True)).outcome == "waiting"
    await service.resign(live.id, SOUTH_USER)  # the one still to answer leaves the match
    decision = await service.zombie.vote(live.id, THIRD, True)  # (pressed again)
    assert decision.outcome == "taken", "every player still in the match agreed"


async def test_when_the_last_missing_voter_leaves_the_tick_completes_the_vote(
    service: MatchService,
) -> None:
    """Nobody need press again: the ticker hands the seat over once every player still in the
    match has agreed."""
    live = await casual(service)
    assert await service.zombie.open(live.id, NORTH_USER, RESIGN) is not None
    assert (await service.zombie.vote(live.id, THIRD, True)).outcome == "waiting"
    await service.resign(live.id, SOUTH_USER)  # the one still to answer leaves the match
    (decision,) = await service.zombie.lapsed()
    assert decision.outcome == "taken" and decision.computer is not None
    assert await service.zombie.pending(live.id) is None, "the vote is closed"
    assert is_computer((await service.get(live.id)).user_of("black") or 0)
    assert await service.zombie.lapsed() == [], "settled once"


async def test_a_vote_on_a_timeout_waits_while_the_match_is_paused(service: MatchService) -> None:
    """Paused, a timeout cannot be committed: a No (or the vote lapsing) would be lost and, once
    the match goes on, the same vote asked again."""
    delivery = Delivery(Client(), service)  # type: ignore[arg-type]
    service.timebanks.hold = ZombieDesk(delivery).hold_timeout
    live = await casual(service, pace="fast")
    waiting = sorted(live.active_roles())[0]
    user = live.user_of(waiting)
    service.clock = service.timebanks.clock = SimpleNamespace(now=lambda: 10**12)  # type: ignore[assignment]
    assert await service.time_out(live.id, waiting) is None, "held: the others vote first"
    for player in (NORTH_USER, SOUTH_USER, THIRD):
        await service.vote_pause(live.id, player, pause=True)
    other = next(u for u in (NORTH_USER, SOUTH_USER, THIRD) if u != user)
    with pytest.raises(ServiceError, match="paused"):
        await service.zombie.vote(live.id, other, False)
    service.timebanks.clock = SimpleNamespace(now=lambda: 10**13)  # type: ignore[assignment]
    assert await service.zombie.lapsed() == [], "no lapse while paused"
    offer = await service.zombie.pending(live.id)
    assert offer is not None and offer.kind == TIMEOUT, "the vote is still open"
    for player in (NORTH_USER, SOUTH_USER, THIRD):
        await service.vote_pause(live.id, player, pause=False)
    decision = await service.zombie.vote(live.id, other, False)
    assert decision.left is not None and decision.left.action == "timeout", "the No is committed"


async def test_a_computer_taking_over_a_seat_whose_time_ran_out_plays_it(service: MatchService) -> None:
    """The seat comes with its empty bank: the computer's moves must still be taken."""
    client = Client()
    delivery = Delivery(client, service)  # type: ignore[arg-type]
    driver = ComputerDriver(service, delivery, ThinkingPool(0), pace=0.0)
    delivery.on_told.append(driver.poke)
    service.timebanks.hold = ZombieDesk(delivery).hold_timeout
    live = await casual(service, pace="fast")
    await delivery.announce_start(live)
    waiting = sorted(live.active_roles())[0]
    user = live.user_of(waiting)
    late = SimpleNamespace(now=lambda: 10**12)
    service.clock = service.timebanks.clock = service.entries.clock = late  # type: ignore[assignment]
    assert await service.time_out(live.id, waiting) is None, "held: the others vote first"
    others = [u for u in (NORTH_USER, SOUTH_USER, THIRD) if u != user]
    await service.zombie.vote(live.id, others[0], True)
    decision = await service.zombie.vote(live.id, others[1], True)
    assert decision.outcome == "taken" and decision.computer is not None
    await ZombieDesk(delivery).decided(decision)
    await driver.idle()
    entries = await service.store.actions(live.id)
    assert any(e.user_id == decision.computer for e in entries), "the computer plays the seat"


async def test_the_vote_and_its_outcome_speak_the_matchs_language(service: MatchService) -> None:
    client = Client()
    delivery = Delivery(client, service)  # type: ignore[arg-type]
    live = await service.create_seated(
        guild_id=1,
        channel_id=2,
        game="lotr-risk",
        options={"players": "3"},
        seats=[(NORTH_USER, "black"), (SOUTH_USER, "green"), (THIRD, "red")],
        seed=3,
        language="da",
    )
    await delivery.announce_start(live)
    offer = await service.zombie.open(live.id, NORTH_USER, RESIGN)
    assert offer is not None
    desk = ZombieDesk(delivery)
    await desk.offer(live, offer)
    vote_post = client.thread.sent[-1]
    assert "opgav. Skal en computer spille videre for" in vote_post.content, vote_post.content
    buttons = [getattr(item, "item", item).label for item in vote_post.kwargs["view"].children]
    assert buttons == ["🤖 Ja, en computer spiller videre", "Nej"]
    await service.zombie.vote(live.id, SOUTH_USER, True)
    decision = await service.zombie.vote(live.id, THIRD, True)
    await desk.decided(decision)
    assert "🤖 Computer (stærk) spiller nu **" in client.thread.sent[-1].content
    with pytest.raises(ServiceError) as refused:
        await service.zombie.vote(live.id, SOUTH_USER, True)
    assert refusal("ja", refused.value) == "この投票は終わりました。"


class Crash(Exception):
    """The bot process dies: in these tests, right after a write to the database returned."""


#: The store's writes a vote's closing may make.
WRITES = ("set_meta", "swap_meta", "substitute", "append", "append_all")


def crash_after_a_write(monkeypatch: pytest.MonkeyPatch, service: MatchService) -> None:
    """Every write of ``service``'s store is made, then the process "dies" (:class:`Crash`):
    what the database holds afterwards is what a crash right after the first write leaves."""
    store = service.store

    def crashing(name: str) -> None:
        real = getattr(store, name)

        async def write(*args: Any, **kwargs: Any) -> Any:
            await real(*args, **kwargs)
            raise Crash(name)

        monkeypatch.setattr(store, name, write)

    for name in WRITES:
        crashing(name)


async def after_restart(service: MatchService, match_id: int) -> tuple[bool, LiveMatch]:
    """Whether a vote is open on the match, and the match, as a restarted bot reads them."""
    restarted = MatchService(service.store)
    return await restarted.zombie.pending(match_id) is not None, await restarted.get(match_id)


async def test_a_crash_as_a_no_is_counted_leaves_the_vote_open_or_the_resignation_committed(
    service: MatchService, monkeypatch: pytest.MonkeyPatch
) -> None:
    live = await casual(service)
    assert await service.zombie.open(live.id, NORTH_USER, RESIGN) is not None
    crash_after_a_write(monkeypatch, service)
    with pytest.raises(Crash):
        await service.zombie.vote(live.id, SOUTH_USER, False)
    monkeypatch.undo()
    still_open, live = await after_restart(service, live.id)
    resigned = "black" in (live.state or {}).get("resigned", [])
    assert still_open != resigned, "either the vote goes on, or it closed and his resignation stands"
    assert resigned, "the No and the resignation were one write"


async def test_a_crash_as_the_last_yes_is_counted_leaves_no_vote_on_a_computers_seat(
    service: MatchService, monkeypatch: pytest.MonkeyPatch
) -> None:
    live = await casual(service)
    assert await service.zombie.open(live.id, NORTH_USER, RESIGN) is not None
    await service.zombie.vote(live.id, SOUTH_USER, True)
    crash_after_a_write(monkeypatch, service)
    with pytest.raises(Crash):
        await service.zombie.vote(live.id, THIRD, True)
    monkeypatch.undo()
    still_open, live = await after_restart(service, live.id)
    computer = live.user_of("black")
    assert computer is not None
    assert still_open != is_computer(computer), "either the vote goes on, or a computer took the seat"
    assert is_computer(computer), "the hand-over and the vote's end were one write"


async def test_a_crash_as_a_vote_on_a_timeout_lapses_leaves_it_open_or_the_timeout_committed(
    service: MatchService, monkeypatch: pytest.MonkeyPatch
) -> None:
    delivery = Delivery(Client(), service)  # type: ignore[arg-type]
    service.timebanks.hold = ZombieDesk(delivery).hold_timeout
    live = await casual(service, pace="fast")
    waiting = sorted(live.active_roles())[0]
    service.clock = service.timebanks.clock = SimpleNamespace(now=lambda: 10**12)  # type: ignore[assignment]
    assert await service.time_out(live.id, waiting) is None, "held: the others vote first"
    service.timebanks.clock = SimpleNamespace(now=lambda: 10**13)  # type: ignore[assignment]
    crash_after_a_write(monkeypatch, service)
    with pytest.raises(Crash):
        await service.zombie.lapsed()
    monkeypatch.undo()
    still_open, live = await after_restart(service, live.id)
    timed_out = not live.ruleset.still_playing(live.state or {}, waiting)
    assert still_open != timed_out, "either the vote goes on, or it lapsed and his timeout stands"
    assert timed_out


async def test_an_offer_found_stale_is_closed_by_its_reader(service: MatchService) -> None:
    """An open vote on a player who left already (or whose seat a computer holds) was left by a
    lost write: whoever reads it closes it, and it holds nothing back any more."""
    live = await casual(service)
    await service.resign(live.id, NORTH_USER)  # (no vote was offered: dropped at once)
    stale = Offer(live.id, "black", NORTH_USER, RESIGN, (SOUTH_USER, THIRD), opened_at=1.0)
    await service.store.set_meta(key(live.id), stale.dumps())
    assert await service.zombie.pending(live.id) is None, "he resigned: nothing to vote on"
    assert await service.store.get_meta(key(live.id)) == "", "closed"
    other = await casual(service)
    computer = await service.computers.take_over(other.id, NORTH_USER)
    await service.store.set_meta(key(other.id), replace(stale, match_id=other.id).dumps())
    assert await service.zombie.lapsed() == [], "the tick closes it and commits nothing"
    assert await service.store.get_meta(key(other.id)) == ""
    assert (await service.get(other.id)).user_of("black") == computer
    with pytest.raises(ServiceError, match="This vote is over"):
        await service.zombie.vote(other.id, SOUTH_USER, False)
