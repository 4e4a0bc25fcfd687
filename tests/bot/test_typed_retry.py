"""A typed command retried after a crash (committed, never answered) is not applied twice.

Menus carry the player's prompt number ("Already done" on a second click); a typed command
carries none and Discord sends the retry as a new interaction. The guard: a typed action that
repeats the player's newest entry, stored by an earlier run of the bot, is refused once with
what happened; sent again, it is made.
"""

from __future__ import annotations

import pytest

from bot.service import MatchService, ServiceError
from bot.storage import Store

from .conftest import NORTH_USER, SOUTH_USER, started_pebbles


async def north_to_take(service: MatchService) -> int:
    live = await started_pebbles(service)
    await service.act(live.id, NORTH_USER, "bid 3", typed=True)
    await service.act(live.id, SOUTH_USER, "bid 1", typed=True)
    await service.act(live.id, NORTH_USER, "take", typed=True)
    return live.id


async def test_a_typed_retry_after_a_restart_is_held_back_once(store: Store, service: MatchService) -> None:
    match_id = await north_to_take(service)
    restarted = MatchService(store)  # the bot crashed after the commit, before its reply
    version = (await restarted.get(match_id)).record.version
    with pytest.raises(ServiceError, match=r"`take`, was already made .* just before the bot restarted"):
        await restarted.act(match_id, NORTH_USER, "take", typed=True, interaction_id="retry")
    assert (await restarted.get(match_id)).record.version == version, "the retry changed the match"
    again = await restarted.act(match_id, NORTH_USER, "take", typed=True, interaction_id="again")
    assert again.match.record.version == version + 1, "sent once more, it is made"


async def test_repeating_a_move_in_the_same_run_is_no_retry(service: MatchService) -> None:
    match_id = await north_to_take(service)
    second = await service.act(match_id, NORTH_USER, "take", typed=True)
    assert not second.duplicate and second.action == "take"


async def test_only_typed_repeats_of_the_newest_entry_are_held_back(
    store: Store, service: MatchService
) -> None:
    match_id = await north_to_take(service)
    restarted = MatchService(store)
    live = await restarted.get(match_id)
    # A menu click carries its prompt number: it is never a blind retry.
    clicked = await restarted.act(
        match_id, NORTH_USER, "take", expected_prompt=live.prompt_version("north"), interaction_id="menu"
    )
    assert clicked.action == "take"
    other = await north_to_take(service)
    restarted = MatchService(store)
    ended = await restarted.act(other, NORTH_USER, "end", typed=True)  # not a repeat
    assert ended.action == "end"


async def test_a_typed_line_starting_with_the_retried_step_is_held_back_once(
    store: Store, service: MatchService
) -> None:
    match_id = await north_to_take(service)
    restarted = MatchService(store)
    with pytest.raises(ServiceError, match="already made"):
        await restarted.act_line(match_id, NORTH_USER, "take; end", typed=True)
    made = await restarted.act_line(match_id, NORTH_USER, "take; end", typed=True)
    assert [r.action for r in made] == ["take", "end"]
