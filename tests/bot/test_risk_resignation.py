"""Resigning a Risk game of three through the service: the match goes on without the player who
resigned, he can do nothing more in it, and the last player left wins."""

from __future__ import annotations

import pytest

from bot.service import MatchService
from games.core import GameOver

A, B, C = 301, 302, 303


async def risk_of_three(service: MatchService) -> int:
    live = await service.create_seated(
        guild_id=1,
        channel_id=2,
        game="lotr-risk",
        seats=[(A, "black"), (B, "green"), (C, "red")],
        options={"players": "3"},
        seed=4,
    )
    return live.id


async def test_a_resignation_in_a_game_of_three_leaves_the_match_going_on(service: MatchService) -> None:
    match_id = await risk_of_three(service)
    assert await service.winners_if_resigned(match_id, C) is None  # nobody wins yet: play goes on
    result = await service.resign(match_id, C)
    assert not result.finished and result.kind == "resign"
    live = await service.get(match_id)
    assert live.state is not None and live.state["result"] is None
    assert "red" not in live.active_roles() and live.state["resigned"] == ["red"]
    assert any(e["kind"] == "player_resigned" for e in result.events)
    with pytest.raises(GameOver, match="out of this game already"):
        await service.resign(match_id, C)
    with pytest.raises(GameOver, match="out of this game: the others play on without you"):
        await service.act(match_id, C, "done")
    # The next resignation leaves one player: he wins.
    assert await service.winners_if_resigned(match_id, B) == ["black"]
    ended = await service.resign(match_id, B)
    assert ended.finished
    live = await service.get(match_id)
    assert live.record.result is not None and live.record.result["winners"] == ["black"]
