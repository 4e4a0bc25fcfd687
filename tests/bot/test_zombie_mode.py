"""Zombie mode: a computer plays on for a player who resigned or ran out of time in a casual
match, if every other player agrees; his leaving stands otherwise; never in a league match."""

from __future__ import annotations

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


async def casual(service: MatchService, *, pace: str | None = None, game: str = "confrontation") -> LiveMatch:
    roles = ("fellowship", "sauron") if game == "confrontation" else ("free", "shadow")
    return await service.create_seated(
        guild_id=1, channel_id=2, game=game, seats=[(NORTH_USER, roles[0]), (SOUTH_USER, roles[1])], pace=pace
    )


async def test_every_other_player_agrees_and_a_computer_plays_on(service: MatchService) -> None:
    client = Client()
    delivery = Delivery(client, service)  # type: ignore[arg-type]
    driver = ComputerDriver(service, delivery, ThinkingPool(0), pace=0.0)
    delivery.on_told.append(driver.poke)
    live = await casual(service)
    await delivery.announce_start(live)
    offer = await service.zombie.open(live.id, NORTH_USER, RESIGN)
    assert offer is not None and offer.voters == (SOUTH_USER,) and offer.role == "fellowship"
    assert await service.zombie.open(live.id, SOUTH_USER, RESIGN) is None, "one vote at a time"
    desk = ZombieDesk(delivery)
    await desk.offer(live, offer)
    vote_post = client.thread.sent[-1]
    assert pinged(vote_post) == {SOUTH_USER}, "the vote asks the other player"
    with pytest.raises(ServiceError, match="Only the other players"):
        await service.zombie.vote(live.id, STRANGER, True)
    decision = await service.zombie.vote(live.id, SOUTH_USER, True)
    assert decision.outcome == "taken" and decision.computer is not None
    live = await service.get(live.id)
    assert live.record.status == "active", "nobody resigned: the match goes on"
    computer = live.user_of("fellowship")
    assert computer is not None and is_computer(computer) and not live.is_seated(NORTH_USER)
    await desk.decided(decision)
    assert "🤖 Computer (strong) now plays **Fellowship**" in client.thread.sent[-1].content
    await driver.idle()
    entries = await service.store.actions(live.id)
    assert any(e.user_id == computer for e in entries), "the computer plays the seat at once"
    with pytest.raises(ServiceError, match="vote is over"):
        await service.zombie.vote(live.id, SOUTH_USER, True)


async def test_one_no_and_the_resignation_stands(service: MatchService) -> None:
    live = await casual(service)
    assert await service.zombie.open(live.id, NORTH_USER, RESIGN) is not None
    assert (await service.get(live.id)).record.status == "active", "held while they vote"
    decision = await service.zombie.vote(live.id, SOUTH_USER, False)
    assert decision.outcome == "declined" and decision.left is not None
    assert decision.left.kind == "resign" and decision.left.finished
    assert (await service.get(live.id)).record.status == "finished"


async def test_never_in_a_league_match_nor_a_game_without_computers(service: MatchService) -> None:
    live = await casual(service)
    live.record = replace(live.record, league_id=1, league_round=1)  # (a league's match, as stored)
    assert await service.zombie.open(live.id, NORTH_USER, RESIGN) is None
    war = await casual(service, game="war-of-the-ring")
    assert await service.zombie.open(war.id, NORTH_USER, RESIGN) is None


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
    other = next(u for u in (NORTH_USER, SOUTH_USER) if u != user)
    decision = await service.zombie.vote(live.id, other, False)
    assert decision.left is not None and decision.left.action == "timeout"
