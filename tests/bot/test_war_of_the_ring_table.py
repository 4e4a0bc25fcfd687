"""The War of the Ring table through the real delivery, on a fake channel: a die action with all
its steps (armies, the Hunt, a battle's rounds) goes into one post, edited as it goes on; a post
that tells only a skipped die, a pass or a face-down discard carries no board; and the thread
stays under 0.3 posts per action."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.match_posts import Delivery
from bot.service import MatchService
from games.core import project

from .conftest import NORTH_USER, SOUTH_USER
from .test_told_once import Client

GAME = "war-of-the-ring"
USERS = {"free": NORTH_USER, "shadow": SOUTH_USER}


async def test_a_die_action_is_one_post_and_a_skip_shows_no_board(
    service: MatchService, monkeypatch: pytest.MonkeyPatch
) -> None:
    client = Client()
    delivery = Delivery(client, service)  # type: ignore[arg-type]

    async def picture(*_args: Any, **_kwargs: Any) -> str:
        return "board"  # (no drawing: what matters is whether a post carries one)

    monkeypatch.setattr(delivery, "image", picture)
    live = await service.create(guild_id=1, channel_id=2, user_id=NORTH_USER, game=GAME, side="free", seed=4)
    live = (await service.join(live.id, SOUTH_USER)).match
    await delivery.announce_start(live)
    thread = client.thread.sent
    rng = random.Random(4)
    ruleset = live.ruleset
    still = ruleset.quiet_events | ruleset.boardless_events
    actions = die_actions = 0
    opened_at: int | None = None  # thread posts when the die action under way began
    while actions < 250:
        live = await service.get(live.id)
        state = live.state or {}
        if state.get("result") is not None:
            break
        role = rng.choice(sorted(live.active_roles()))
        action = rng.choice(live.prompt(role).actions)
        posts_before = len(thread)
        result = await service.act(live.id, USERS[role], action)
        await delivery.after_entry(result)
        actions += 1
        die = (result.match.state or {})["turn"].get("die")
        if die is not None and opened_at is None:
            opened_at, die_actions = posts_before, die_actions + 1
        if opened_at is not None:
            assert len(thread) - opened_at <= 1, f"a die action posted twice ({action.text})"
        if die is None:
            opened_at = None
        if len(thread) > posts_before:  # a new post: a board only if something on it changed
            public = {project(e, None)[0] for e in result.events}
            assert has_board(thread[-1].kwargs) == bool(public - still), (action.text, public)
    assert die_actions > 20
    posts = len(thread) - 1  # (the start)
    assert posts <= 0.3 * actions, f"{posts} posts for {actions} actions"


def has_board(kwargs: dict[str, Any]) -> bool:
    """Whether a post carries the board (alone as ``file``, or beside a played card in ``files``)."""
    pictures = [kwargs["file"]] if kwargs.get("file") is not None else list(kwargs.get("files") or ())
    return any("board" in str(getattr(p, "filename", p)) for p in pictures)
