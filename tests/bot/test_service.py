"""MatchService over a temporary SQLite file, with the toy game Pebbles."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import pytest

from bot.service import MatchService, ServiceError, public_step
from bot.storage import FINISHED, Store
from games.core import (
    GameOver,
    IllegalAction,
    InvalidAction,
    NothingToUndo,
    NotYourTurn,
    StaleAction,
    dump,
    dump_without,
    load,
)

from .conftest import NORTH_USER, SOUTH_USER, STRANGER, started_pebbles, through_bids


async def test_create_join_start_seats_the_asked_side(service: MatchService) -> None:
    live = await service.create(guild_id=1, channel_id=2, user_id=SOUTH_USER, game="Pebbles", side="south")
    assert live.record.status == "lobby" and live.state is None
    result = await service.join(live.id, NORTH_USER)
    assert result.started
    assert result.match.role_of(SOUTH_USER) == "south"
    assert result.match.role_of(NORTH_USER) == "north"
    assert result.match.record.status == "active"
    assert result.match.state is not None and result.match.state["pile"] == 7


async def test_options_are_validated_and_resolved(service: MatchService) -> None:
    live = await service.create(guild_id=1, channel_id=2, user_id=1, game="pebbles", options={"pile": "10"})
    assert live.record.options == {"pile": "10"}
    with pytest.raises(InvalidAction, match="not a choice for pile"):
        await service.create(guild_id=1, channel_id=2, user_id=1, game="pebbles", options={"pile": "12"})
    with pytest.raises(InvalidAction, match="no option named"):
        await service.create(guild_id=1, channel_id=2, user_id=1, game="pebbles", options={"variant": "x"})
    with pytest.raises(ServiceError, match="not a side"):
        await service.create(guild_id=1, channel_id=2, user_id=1, game="pebbles", side="east")
    with pytest.raises(InvalidAction, match="no game called"):
        await service.create(guild_id=1, channel_id=2, user_id=1, game="chess")


async def test_lobby_refuses_double_join_and_full_matches(service: MatchService) -> None:
    live = await service.create(guild_id=1, channel_id=2, user_id=NORTH_USER, game="pebbles")
    with pytest.raises(ServiceError, match="already seated"):
        await service.join(live.id, NORTH_USER)
    await service.join(live.id, SOUTH_USER)
    with pytest.raises(ServiceError, match="not open"):
        await service.join(live.id, STRANGER)


async def test_random_sides_give_each_player_one_role(service: MatchService) -> None:
    live = await service.create(guild_id=1, channel_id=2, user_id=NORTH_USER, game="pebbles", side="random")
    live = (await service.join(live.id, SOUTH_USER)).match
    assert {live.role_of(NORTH_USER), live.role_of(SOUTH_USER)} == {"north", "south"}


async def test_cancel_lobby_only_by_creator(service: MatchService) -> None:
    live = await service.create(guild_id=1, channel_id=2, user_id=NORTH_USER, game="pebbles")
    with pytest.raises(ServiceError, match="Only the player"):
        await service.cancel(live.id, SOUTH_USER)
    await service.cancel(live.id, NORTH_USER)
    with pytest.raises(ServiceError, match="not open"):
        await service.join(live.id, SOUTH_USER)


async def test_act_applies_and_bad_inputs_change_nothing(service: MatchService) -> None:
    live = await started_pebbles(service)
    await through_bids(service, live)
    before = dump(live.state or {})
    version = live.record.version
    with pytest.raises(NotYourTurn):
        await service.act(live.id, SOUTH_USER, "take")
    with pytest.raises(ServiceError, match="not playing"):
        await service.act(live.id, STRANGER, "take")
    with pytest.raises(InvalidAction):
        await service.act(live.id, NORTH_USER, "fly to the moon")
    with pytest.raises(ValueError):
        await service.act(live.id, NORTH_USER, "end")
    assert dump(live.state or {}) == before and live.record.version == version
    result = await service.act(live.id, NORTH_USER, "take")
    assert live.state["pile"] == 6 and live.record.version == version + 1
    assert [(e["kind"], e["args"]) for e in result.events] == [("took", {"role": "north"})]


async def test_stale_version_is_rejected(service: MatchService) -> None:
    live = await started_pebbles(service)
    await through_bids(service, live)
    old = live.record.version
    await service.act(live.id, NORTH_USER, "take", expected_version=old)
    with pytest.raises(StaleAction):
        await service.act(live.id, NORTH_USER, "take", expected_version=old)
    assert live.state is not None and live.state["pile"] == 6


async def test_retried_interaction_is_applied_once(service: MatchService, store: Store) -> None:
    live = await started_pebbles(service)
    await through_bids(service, live)
    first = await service.act(live.id, NORTH_USER, "take", interaction_id="i-1")
    again = await service.act(live.id, NORTH_USER, "take", interaction_id="i-1")
    assert not first.duplicate and again.duplicate and again.action == "take"
    assert live.state is not None and live.state["pile"] == 6
    assert len([a for a in await store.actions(live.id) if a.interaction_id == "i-1"]) == 1


async def test_concurrent_submissions_are_serialised(service: MatchService, store: Store) -> None:
    live = await started_pebbles(service)
    await through_bids(service, live)
    results = await asyncio.gather(
        *(service.act(live.id, NORTH_USER, "take", interaction_id=f"c-{n}") for n in range(3)),
        *(service.act(live.id, NORTH_USER, "take", interaction_id="c-0") for _ in range(3)),
    )
    assert sum(not r.duplicate for r in results) == 3
    assert live.state is not None and live.state["pile"] == 4
    logged = await store.actions(live.id)
    assert [a.seq for a in logged] == list(range(len(logged)))
    assert [a.action for a in logged[-3:]] == ["take"] * 3


async def test_fourth_take_in_a_turn_is_refused(service: MatchService) -> None:
    live = await started_pebbles(service)
    await through_bids(service, live)
    for _ in range(3):
        await service.act(live.id, NORTH_USER, "take")
    with pytest.raises(IllegalAction, match="cannot `take` now"):
        await service.act(live.id, NORTH_USER, "take")


async def test_undo_only_within_own_decision(service: MatchService) -> None:
    live = await started_pebbles(service)
    await service.act(live.id, NORTH_USER, "bid 3")
    with pytest.raises(NothingToUndo):
        await service.undo(live.id, NORTH_USER)  # a hidden choice is a barrier
    await service.act(live.id, SOUTH_USER, "bid 1")
    await service.act(live.id, NORTH_USER, "take")
    with pytest.raises(NothingToUndo):
        await service.undo(live.id, SOUTH_USER)
    await service.undo(live.id, NORTH_USER)
    assert live.state is not None and live.state["pile"] == 7
    await service.act(live.id, NORTH_USER, "take")
    await service.act(live.id, NORTH_USER, "end")
    with pytest.raises(NothingToUndo):
        await service.undo(live.id, NORTH_USER)  # the turn passed


async def test_resign_finishes_and_refuses_further_actions(service: MatchService) -> None:
    live = await started_pebbles(service)
    result = await service.resign(live.id, SOUTH_USER)
    assert result.finished and live.state["result"]["winners"] == ["north"]
    assert live.record.status == FINISHED
    with pytest.raises(GameOver):
        await service.act(live.id, NORTH_USER, "bid 1")
    with pytest.raises(GameOver):
        await service.resign(live.id, NORTH_USER)


async def test_played_out_match_is_finished(service: MatchService, store: Store) -> None:
    live = await started_pebbles(service)
    await through_bids(service, live)
    movers = {"north": NORTH_USER, "south": SOUTH_USER}
    while live.state is not None and live.state["result"] is None:
        (role,) = live.active_roles()
        legal = service.legal(live, role)
        await service.act(live.id, movers[role], legal[0][0])
    assert live.record.status == FINISHED
    assert all(r.id != live.id for r in await store.unfinished_matches())
    assert live.id not in service._live
    with pytest.raises(GameOver):
        await service.undo(live.id, NORTH_USER)


async def _play_some(service: MatchService) -> int:
    live = await started_pebbles(service, seed=99)
    await through_bids(service, live)
    await service.act(live.id, NORTH_USER, "take")
    await service.act(live.id, NORTH_USER, "take")
    await service.undo(live.id, NORTH_USER)
    await service.act(live.id, NORTH_USER, "end")
    await service.act(live.id, SOUTH_USER, "take")
    return live.id


async def test_restart_resumes_identical_state(db_path: Path) -> None:
    store = await Store.open(db_path)
    service = MatchService(store)
    match_id = await _play_some(service)
    lobby = await service.create(guild_id=1, channel_id=2, user_id=5, game="pebbles")
    expected = dump((await service.get(match_id)).state or {})
    await store.close()

    store = await Store.open(db_path)
    try:
        assert {r.id for r in await store.unfinished_matches()} == {match_id, lobby.id}
        again = await MatchService(store).get(match_id)
        assert dump(again.state or {}) == expected
        assert again.role_of(SOUTH_USER) == "south"
    finally:
        await store.close()


@pytest.mark.parametrize("break_snapshots", [False, True])
async def test_corrupt_cache_is_rebuilt_from_the_log(db_path: Path, break_snapshots: bool) -> None:
    store = await Store.open(db_path)
    service = MatchService(store)
    match_id = await _play_some(service)
    expected = dump((await service.get(match_id)).state or {})
    async with store.transaction() as conn:
        await conn.execute("UPDATE matches SET state = ? WHERE id = ?", ("{not json", match_id))
        if break_snapshots:
            await conn.execute("UPDATE snapshots SET state = ? WHERE match_id = ?", ("garbage", match_id))
    await store.close()

    store = await Store.open(db_path)
    try:
        rebuilt = await MatchService(store).get(match_id)
        assert dump(rebuilt.state or {}) == expected
        record = await store.get_match(match_id)
        assert record is not None and record.state == dump_without(load(expected), "log")  # rewritten
    finally:
        await store.close()


async def test_resolve_finds_match_by_thread_or_single_match(service: MatchService) -> None:
    live = await started_pebbles(service)
    await service.attach_thread(live.id, 555)
    found = await service.resolve(STRANGER, match_id=None, channel_id=555, guild_id=1)
    assert found.id == live.id
    alone = await service.resolve(NORTH_USER, match_id=None, channel_id=1, guild_id=1)
    assert alone.id == live.id
    with pytest.raises(ServiceError, match="no match"):
        await service.resolve(STRANGER, match_id=None, channel_id=1, guild_id=1)
    await started_pebbles(service)
    with pytest.raises(ServiceError, match="several"):
        await service.resolve(NORTH_USER, match_id=None, channel_id=1, guild_id=1)


async def test_new_decisions_are_notified_to_the_other_player(service: MatchService) -> None:
    live = await started_pebbles(service)
    bid = await service.act(live.id, NORTH_USER, "bid 3")
    assert bid.roles_to_notify() == ()  # south already had this decision
    await service.act(live.id, SOUTH_USER, "bid 1")
    take = await service.act(live.id, NORTH_USER, "take")
    assert take.roles_to_notify() == ()
    end = await service.act(live.id, NORTH_USER, "end")
    assert end.roles_to_notify() == ("south",)


async def test_concurrent_actions_in_different_matches_share_one_connection(
    service: MatchService, store: Store
) -> None:
    first, second = await started_pebbles(service, seed=1), await started_pebbles(service, seed=2)
    bids = [
        service.act(m.id, user, f"bid {n}", interaction_id=f"m{m.id}-{user}")
        for m in (first, second)
        for user, n in ((NORTH_USER, 3), (SOUTH_USER, 1))
    ]
    await asyncio.gather(*bids)
    for live in (first, second):
        assert live.active_roles() == {"north"}
        assert [a.action for a in await store.actions(live.id)] in (["bid 3", "bid 1"], ["bid 1", "bid 3"])


async def test_lobby_start_needs_enough_players_and_the_creator(service: MatchService) -> None:
    live = await service.create(guild_id=1, channel_id=2, user_id=NORTH_USER, game="pebbles")
    with pytest.raises(ServiceError, match="Only the player"):
        await service.start(live.id, SOUTH_USER)
    with pytest.raises(ServiceError, match="at least 2"):
        await service.start(live.id, NORTH_USER)
    with pytest.raises(ServiceError, match="not started"):
        await service.act(live.id, NORTH_USER, "bid 1")


async def test_prompt_versions_keep_a_simultaneous_choice_valid(service: MatchService) -> None:
    live = await started_pebbles(service)
    north_menu, south_menu = live.prompt_version("north"), live.prompt_version("south")
    await service.act(live.id, NORTH_USER, "bid 3", expected_prompt=north_menu)
    # South's choices did not change: his menu from before North's bid is still good.
    assert live.prompt_version("south") == south_menu
    with pytest.raises(StaleAction):
        await service.act(live.id, NORTH_USER, "bid 2", expected_prompt=north_menu)
    await service.act(live.id, SOUTH_USER, "bid 1", expected_prompt=south_menu)
    menu = live.prompt_version("north")
    await service.act(live.id, NORTH_USER, "take", expected_prompt=menu)
    with pytest.raises(StaleAction):  # the same menu clicked twice acts once
        await service.act(live.id, NORTH_USER, "take", expected_prompt=menu)
    assert live.state is not None and live.state["pile"] == 6


async def test_matches_behind_in_discord_are_found_for_catch_up(service: MatchService, store: Store) -> None:
    live = await started_pebbles(service)
    assert await store.behind_in_discord() == [live.id]  # started, never announced
    await store.set_message(live.id, "prompt", 10, 20, live.record.version)
    await service.act(live.id, NORTH_USER, "bid 3")
    await service.act(live.id, SOUTH_USER, "bid 1")
    assert await store.behind_in_discord() == [live.id]
    assert await store.entry_seq(live.id, 1) == 1  # the second entry was applied at seq 1
    assert await store.entry_seq(live.id, 5) is None
    await store.set_message(live.id, "prompt", 10, 21, live.record.version)
    assert await store.behind_in_discord() == []


async def test_only_players_with_a_new_decision_are_notified(service: MatchService) -> None:
    live = await started_pebbles(service)
    first = await service.act(live.id, SOUTH_USER, "bid 1")
    assert first.roles_to_notify() == ()  # North's question is the same as before
    reveal = await service.act(live.id, NORTH_USER, "bid 3")
    # North starts; South has no decision and learnt nothing of his own (the reveal is public).
    assert live.active_roles() == {"north"} and reveal.roles_to_notify() == ()
    took = await service.act(live.id, NORTH_USER, "take")
    ended = await service.act(live.id, NORTH_USER, "end")
    assert took.roles_to_notify() == () and ended.roles_to_notify() == ("south",)


async def test_joining_from_another_server_is_refused(service: MatchService) -> None:
    live = await service.create(guild_id=1, channel_id=2, user_id=NORTH_USER, game="pebbles")
    with pytest.raises(ServiceError, match="no match #"):
        await service.join(live.id, SOUTH_USER, guild_id=99)
    assert (await service.join(live.id, SOUTH_USER, guild_id=1)).started


async def test_a_match_of_another_server_cannot_be_looked_at(service: MatchService) -> None:
    live = await started_pebbles(service)
    found = await service.resolve(STRANGER, match_id=live.id, channel_id=3, guild_id=1)
    assert found.id == live.id
    with pytest.raises(ServiceError, match="no match #"):
        await service.resolve(NORTH_USER, match_id=live.id, channel_id=3, guild_id=42)


async def test_identities_stay_out_of_info_logs(
    service: MatchService, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    live = await started_pebbles(service)
    await through_bids(service, live)
    await service.act(live.id, NORTH_USER, "take")
    loud = [r.getMessage() for r in caplog.records if r.levelno >= logging.INFO]
    assert loud, "the service should log its work at INFO"
    for text in loud:
        assert str(NORTH_USER) not in text and str(SOUTH_USER) not in text, text


async def test_memory_holds_a_bounded_number_of_matches(db_path: Path) -> None:
    store = await Store.open(db_path)
    try:
        service = MatchService(store, max_live=2)
        first = await started_pebbles(service, seed=1)
        await through_bids(service, first)
        expected = dump(first.state or {})
        others = [await started_pebbles(service, seed=s) for s in (2, 3, 4)]
        assert len(service._live) == 2 and first.id not in service._live
        again = await service.get(first.id)  # read back from the database
        assert again is not first and dump(again.state or {}) == expected
        await service.act(first.id, NORTH_USER, "take")
        assert len(service._live) == 2 and others[0].id not in service._live
    finally:
        await store.close()


async def test_an_entry_computed_from_an_old_copy_is_refused(db_path: Path) -> None:
    store = await Store.open(db_path)
    try:
        service = MatchService(store)
        live = await started_pebbles(service)
        await through_bids(service, live)
        other = MatchService(store)  # a second copy of the same match, as after an eviction
        await other.act(live.id, NORTH_USER, "take")
        with pytest.raises(StaleAction):
            await service.act(live.id, NORTH_USER, "take")
        record = await store.get_match(live.id)
        assert record is not None and record.version == 3  # two bids and one take
        fresh = await service.get(live.id)  # the stale copy was dropped
        assert dump_without(fresh.state or {}, "log") == record.state
    finally:
        await store.close()


async def test_a_prompt_number_counts_only_the_players_own_prompts(service: MatchService) -> None:
    """Menus carry the prompt number. Were it the match version, the difference between two of
    South's menus would count North's actions in between, hidden ones included."""
    live = await started_pebbles(service)
    await through_bids(service, live)
    south = live.prompt_version("south")
    for step in ("take", "take"):
        await service.act(live.id, NORTH_USER, step)
    await service.undo(live.id, NORTH_USER)
    await service.act(live.id, NORTH_USER, "end")  # five entries; South's prompt changed once
    assert live.prompt_version("south") == south + 1 and live.record.version >= south + 5
    await service.act(live.id, SOUTH_USER, "take", expected_prompt=south + 1)
    with pytest.raises(StaleAction, match="Already done"):  # his own click made that menu old
        await service.act(live.id, SOUTH_USER, "take", expected_prompt=south + 1)
    reloaded = next(s for s in await service.store.seats(live.id) if s.role == "south")
    assert (reloaded.prompt_version, reloaded.prompt_entry) == (south + 2, live.record.version)


async def test_a_resignation_is_confirmed_at_the_public_step(service: MatchService) -> None:
    """The confirmation carries the number of logged events, never the match version."""
    live = await started_pebbles(service)
    await through_bids(service, live)
    step = public_step(live.state)
    await service.act(live.id, NORTH_USER, "take")  # a public event: the question is out of date
    with pytest.raises(StaleAction):
        await service.resign(live.id, SOUTH_USER, expected_step=step)
    result = await service.resign(live.id, SOUTH_USER, expected_step=public_step(live.state))
    assert result.kind == "resign" and live.record.status == "finished"
