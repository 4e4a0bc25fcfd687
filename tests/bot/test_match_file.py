"""`/game export` and `/game import`: a finished match as a file, re-created identically."""

from __future__ import annotations

import json
import random

import pytest

from bot.match_file import ExchangeError, read_document
from bot.service import MatchService, ServiceError
from games.core import dump

from .conftest import NORTH_USER, SOUTH_USER, started_pebbles


async def played_confrontation(service: MatchService, seed: int) -> int:
    live = await service.create(
        guild_id=1, channel_id=2, user_id=NORTH_USER, game="confrontation", side="fellowship", seed=seed
    )
    await service.join(live.id, SOUTH_USER)
    rng = random.Random(seed)
    users = {"fellowship": NORTH_USER, "sauron": SOUTH_USER}
    undone = False
    for _ in range(600):
        live = await service.get(live.id)
        if live.state is None or live.state["result"] is not None:
            break
        role = sorted(live.active_roles())[0]
        await service.act(live.id, users[role], rng.choice(live.prompt(role).actions))
        if not undone and live.game is not None and live.game.can_undo(role):
            await service.undo(live.id, users[role])  # an undo in the log replays too
            undone = True
    else:
        await service.resign(live.id, SOUTH_USER)
    return live.id


async def test_an_exported_match_imports_to_the_identical_state(service: MatchService) -> None:
    match_id = await played_confrontation(service, 11)
    original = await service.get(match_id)
    _, text = await service.export(match_id, guild_id=1)
    document = read_document(text)
    assert document.seed == original.record.seed and len(document.entries) == len(
        await service.store.actions(match_id)
    )
    copy = await service.import_match(document, guild_id=1, channel_id=3)
    assert copy.id != match_id and copy.record.status == "finished"
    assert dump(copy.state) == dump(original.state), "byte-identical states"
    assert {s.user_id: s.role for s in copy.seats} == {s.user_id: s.role for s in original.seats}
    _, again = await service.export(copy.id, guild_id=1)
    assert json.loads(again)["entries"] == json.loads(text)["entries"]


async def test_a_match_in_play_is_not_exported_and_another_servers_not_at_all(service: MatchService) -> None:
    live = await started_pebbles(service)
    with pytest.raises(ServiceError, match="once it is over"):
        await service.export(live.id, guild_id=1)
    await service.resign(live.id, NORTH_USER)
    with pytest.raises(ServiceError, match="no match"):
        await service.export(live.id, guild_id=99)


async def test_an_import_whose_entries_the_rules_refuse_keeps_nothing(service: MatchService) -> None:
    live = await started_pebbles(service)
    await service.resign(live.id, NORTH_USER)
    _, text = await service.export(live.id, guild_id=1)
    forged = json.loads(text)
    forged["entries"].insert(0, {"kind": "act", "role": "north", "action": "bid 99"})
    before = len(await service.store.unfinished_matches())
    with pytest.raises(ServiceError, match="entry 1 is refused"):
        await service.import_match(read_document(json.dumps(forged)), guild_id=1, channel_id=3)
    assert len(await service.store.unfinished_matches()) == before, "the half-imported match is dropped"


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("not json", "not JSON"),
        ('{"format": "other"}', "not a Palantír match export"),
        ('{"format": "palantir-match", "version": 9}', "version 9"),
        ('{"format": "palantir-match", "version": 1, "game": "pebbles"}', "damaged"),
    ],
)
def test_a_file_that_is_no_export_says_why(text: str, says: str) -> None:
    with pytest.raises(ExchangeError, match=says):
        read_document(text)


async def test_an_import_that_does_not_reach_its_result_keeps_nothing(service: MatchService) -> None:
    live = await started_pebbles(service)
    await service.act(live.id, NORTH_USER, "bid 3")
    await service.resign(live.id, NORTH_USER)
    _, text = await service.export(live.id, guild_id=1)
    cut = json.loads(text)
    cut["entries"] = cut["entries"][:-1]  # the resignation left out: the match would still be on
    with pytest.raises(ServiceError, match="do not lead to its result"):
        await service.import_match(read_document(json.dumps(cut)), guild_id=1, channel_id=3)
    unfinished = json.loads(text) | {"result": None}
    with pytest.raises(ServiceError, match="not of a finished match"):
        await service.import_match(read_document(json.dumps(unfinished)), guild_id=1, channel_id=3)
    bad_pace = json.loads(text) | {"pace": "soon"}
    with pytest.raises(ServiceError, match="not a duration"):
        await service.import_match(read_document(json.dumps(bad_pace)), guild_id=1, channel_id=3)
