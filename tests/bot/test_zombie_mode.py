"""Zombie mode: a computer plays on for a player who resigned or ran out of time in a casual
match, if every other player agrees; his leaving stands otherwise; never in a league match."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from types import SimpleNamespace

import pytest

from bot.computers.driver import ComputerDriver
from bot.computers.identity import is_computer
from bot.computers.thinking import ThinkingPool
from bot.computers.zombie import RESIGN, TIMEOUT
from bot.computers.zombie_posts import ZombieDesk
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
    assert "🤖 Computer (rules) now plays **" in client.thread.sent[-1].content
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
