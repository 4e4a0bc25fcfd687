"""Rematches (same players and options, sides swapped, only those players) and substitutes."""

from __future__ import annotations

from typing import Any

import pytest

from bot.service import MatchService, ServiceError

from .conftest import NORTH_USER, SOUTH_USER, STRANGER, started_pebbles


async def finished_pebbles(service: MatchService) -> int:
    live = await started_pebbles(service)
    await service.resign(live.id, SOUTH_USER)
    return live.id


async def test_a_rematch_swaps_the_sides_and_admits_only_the_players(service: MatchService) -> None:
    old = await finished_pebbles(service)
    lobby, new = await service.rematch(old, SOUTH_USER)
    again, fresh = await service.rematch(old, NORTH_USER)
    assert new and not fresh and again.id == lobby.id, "one rematch lobby per match"
    assert lobby.record.rematch_of == old and lobby.record.options == (await service.get(old)).record.options
    with pytest.raises(ServiceError, match="only its players"):
        await service.join(lobby.id, STRANGER)
    joined = await service.join(lobby.id, NORTH_USER, side="north")  # the side asked is overruled
    assert joined.started
    roles = {s.user_id: s.role for s in joined.match.seats}
    assert roles == {NORTH_USER: "south", SOUTH_USER: "north"}


async def test_a_rematch_needs_a_finished_match_and_one_of_its_players(service: MatchService) -> None:
    live = await started_pebbles(service)
    with pytest.raises(ServiceError, match="once match"):
        await service.rematch(live.id, NORTH_USER)
    await service.resign(live.id, NORTH_USER)
    with pytest.raises(ServiceError, match="Only the players"):
        await service.rematch(live.id, STRANGER)


async def test_a_rematch_keeps_the_pace(service: MatchService) -> None:
    live = await service.create(guild_id=1, channel_id=2, user_id=NORTH_USER, game="pebbles", pace="fast")
    await service.join(live.id, SOUTH_USER)
    await service.resign(live.id, NORTH_USER)
    lobby, _ = await service.rematch(live.id, NORTH_USER)
    assert lobby.record.pace == "12h+2h/1d"


async def test_a_substitute_takes_the_seat_and_the_old_player_loses_it(service: MatchService) -> None:
    live = await started_pebbles(service)
    await service.act(live.id, NORTH_USER, "bid 3")
    handed = await service.substitute(live.id, SOUTH_USER, STRANGER)
    assert handed.role_of(STRANGER) == "south" and handed.role_of(SOUTH_USER) is None
    with pytest.raises(ServiceError, match="not playing"):
        await service.act(live.id, SOUTH_USER, "bid 1")
    await service.act(live.id, STRANGER, "bid 1")  # the new player plays on from the same position
    with pytest.raises(ServiceError, match="plays in match"):
        await service.substitute(live.id, NORTH_USER, STRANGER)
    with pytest.raises(ServiceError, match="does not play"):
        await service.substitute(live.id, SOUTH_USER, 12345)


async def test_two_players_asking_at_once_open_one_rematch(
    service: MatchService, monkeypatch: pytest.MonkeyPatch
) -> None:
    import asyncio

    old = await finished_pebbles(service)
    looked_up = service.store.rematches_of

    async def slow_lookup(match_id: int) -> list[Any]:
        found = await looked_up(match_id)
        await asyncio.sleep(0.05)  # the other click looks meanwhile
        return found

    monkeypatch.setattr(service.store, "rematches_of", slow_lookup)
    (first, new_a), (second, new_b) = await asyncio.gather(
        service.rematch(old, NORTH_USER), service.rematch(old, SOUTH_USER)
    )
    assert first.id == second.id and [new_a, new_b].count(True) == 1
