"""Two storage guarantees, each with a test that fails at once when broken:

1. nothing is posted before its action is committed;
2. the match in memory equals the stored one (state, log, version) after every entry, including
   undos, refused actions and entries the database refused.
"""

from __future__ import annotations

import json
import random
import sqlite3
from types import SimpleNamespace
from typing import Any

import pytest

from bot.controller import Controller
from bot.service import MatchService
from bot.storage import Store
from games.core import ActionError, dump_without

from ..conftest import NORTH_USER, SOUTH_USER, started_pebbles

FELLOWSHIP_USER, SAURON_USER = 1001, 2002


async def stored(store: Store, match_id: int) -> tuple[str | None, list[Any], int]:
    record = await store.get_match(match_id)
    assert record is not None
    events = [json.loads(e) for e in await store.events(match_id)][: record.log_length]
    return record.state, events, record.version


async def assert_memory_is_stored(service: MatchService, match_id: int) -> None:
    live = await service.get(match_id)
    state, events, version = await stored(service.store, match_id)
    assert live.state is not None
    assert state == dump_without(live.state, "log"), "the stored state is not the one in memory"
    assert events == list(live.state["log"]), "the stored log is not the one in memory"
    assert version == live.record.version


class RecordingDelivery:
    """Stands in for ``Delivery``: every post checks that its entry is committed already."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.posted: list[int] = []

    async def after_entry(self, result: Any) -> None:
        _, _, version = await stored(self.store, result.match.id)
        assert version == result.match.record.version, "a post was made before its entry was committed"
        self.posted.append(version)

    async def private_payload(self, live: Any, role: str) -> dict[str, Any]:
        return {"content": "your prompt"}


class Interaction:
    """Just enough of a discord.py interaction for ``Controller.act``."""

    def __init__(self, user_id: int, number: int) -> None:
        self.user = SimpleNamespace(id=user_id)
        self.id = number
        self.response = SimpleNamespace(is_done=lambda: True)
        self.sent: list[str] = []
        self.followup = SimpleNamespace(send=self._send)

    async def _send(self, content: str = "", **kwargs: Any) -> None:
        self.sent.append(content)


async def test_nothing_is_posted_before_its_entry_is_committed(service: MatchService, store: Store) -> None:
    live = await started_pebbles(service)
    delivery = RecordingDelivery(store)
    controller = Controller(service, delivery)  # type: ignore[arg-type]
    for number, (user, text) in enumerate(
        [(NORTH_USER, "bid 3"), (SOUTH_USER, "bid 1"), (NORTH_USER, "take"), (NORTH_USER, "end")]
    ):
        await controller.act(Interaction(user, number), live, text)  # type: ignore[arg-type]
    assert delivery.posted == [1, 2, 3, 4]

    real = store.append

    async def refused(entry: Any) -> int:
        raise sqlite3.OperationalError("disk I/O error")

    store.append = refused  # type: ignore[method-assign]
    failed = Interaction(SOUTH_USER, 99)
    await controller.act(failed, live, "take")  # type: ignore[arg-type]
    assert delivery.posted == [1, 2, 3, 4], "an entry the database refused was announced"
    assert failed.sent and "nothing was changed" in failed.sent[-1]
    store.append = real  # type: ignore[method-assign]
    await assert_memory_is_stored(service, live.id)


@pytest.mark.parametrize("seed", [3, 11])
async def test_the_match_in_memory_equals_the_stored_one_after_every_entry(
    service: MatchService, store: Store, seed: int
) -> None:
    live = await service.create(
        guild_id=1, channel_id=2, user_id=FELLOWSHIP_USER, game="confrontation", side="fellowship", seed=seed
    )
    live = (await service.join(live.id, SAURON_USER)).match
    users = {"fellowship": FELLOWSHIP_USER, "sauron": SAURON_USER}
    rng = random.Random(seed)
    for step in range(120):
        if live.state is None or live.state["result"] is not None:
            break
        role = rng.choice(sorted(live.active_roles()))
        legal = [a for a, _ in service.legal(live, role)]
        if step % 9 == 4:  # a refused action changes nothing, in memory or stored
            with pytest.raises(ActionError):
                await service.act(live.id, users[role], "move nobody nowhere")
        elif step % 7 == 3 and live.game is not None and live.game.can_undo(role):
            await service.undo(live.id, users[role])
        else:
            await service.act(live.id, users[role], rng.choice(legal))
        await assert_memory_is_stored(service, live.id)
    # And the database refusing an entry puts the memory back exactly.
    role = sorted(live.active_roles())[0] if live.state and live.state["result"] is None else None
    if role is not None:
        real = store.append

        async def refused(entry: Any) -> int:
            raise sqlite3.OperationalError("disk I/O error")

        store.append = refused  # type: ignore[method-assign]
        with pytest.raises(sqlite3.OperationalError):
            await service.act(live.id, users[role], service.legal(live, role)[0][0])
        store.append = real  # type: ignore[method-assign]
        await assert_memory_is_stored(service, live.id)
