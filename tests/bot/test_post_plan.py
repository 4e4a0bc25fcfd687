"""The plan of what the table does after an entry, on its own: no Discord, no database."""

from __future__ import annotations

import ast
from dataclasses import dataclass, field, replace
from pathlib import Path

from bot import post_plan
from bot.post_plan import Entry, Private, Quiet, Thread, continues, plan, quiet_step, waits_for

ROLES = ("north", "south", "east")


@dataclass
class Newest:
    exchange: str | None = None
    actors: set[str] = field(default_factory=set)


def entry(**changes: object) -> Entry:
    """North moved; South is asked now (pinged), news worth seeing."""
    base = Entry(
        actor="north",
        finished=False,
        roles=ROLES,
        active=frozenset({"south"}),
        notify=("south",),
        stale=("south",),
        pinged=frozenset({"south"}),
        visible=True,
        took_back=False,
    )
    return replace(base, **changes)  # type: ignore[arg-type]


def test_the_plan_imports_neither_discord_nor_storage() -> None:
    tree = ast.parse(Path(post_plan.__file__).read_text())
    imported = {n.name for i in ast.walk(tree) if isinstance(i, ast.Import) for n in i.names}
    imported |= {i.module or "" for i in ast.walk(tree) if isinstance(i, ast.ImportFrom)}
    assert not any(name.startswith(("discord", "aiosqlite", "storage", "bot")) for name in imported)
    assert not any("storage" in name or "discord" in name for name in imported)


def test_news_posts_anew_and_the_awaited_player_gets_his_dm() -> None:
    done = plan(entry(), None, mentioned=())
    assert done.thread == Thread.POST
    assert done.awaited == ("south",) and done.mentioned == ()
    assert done.private == (("south", Private.SEND),)


def test_a_player_no_dm_reaches_is_mentioned_and_the_news_posts_anew() -> None:
    done = plan(entry(), Newest(actors={"south"}), mentioned={"south"})
    assert done.thread == Thread.POST and done.mentioned == ("south",)


def test_news_continuing_the_round_edits_the_newest_post() -> None:
    assert plan(entry(), Newest(actors={"south"}), mentioned=()).thread == Thread.EDIT
    # the same player again: a new round, a new post
    assert plan(entry(), Newest(actors={"north"}), mentioned=()).thread == Thread.POST
    # an exchange under way is continued whoever acts
    assert plan(entry(), Newest(exchange="battle", actors={"north"}), mentioned=()).thread == Thread.EDIT


def test_continues_needs_news_and_no_mention() -> None:
    newest = Newest(actors={"south"})
    assert continues(newest, "north", visible=True, mentioned=False)
    assert not continues(newest, "north", visible=False, mentioned=False)
    assert not continues(newest, "north", visible=True, mentioned=True)
    assert not continues(None, "north", visible=True, mentioned=False)


def test_a_hidden_step_posts_nothing_unless_someone_must_be_mentioned() -> None:
    hidden = entry(visible=False)
    assert plan(hidden, None, mentioned=()).thread == Thread.NOTHING
    assert plan(hidden, None, mentioned={"south"}).thread == Thread.BARE
    assert plan(hidden, Newest(actors={"south"}), mentioned={"south"}).thread == Thread.BARE


def test_a_player_asked_again_in_his_exchange_is_not_told_anew() -> None:
    again = entry(pinged=frozenset())
    assert waits_for(again) == ()
    done = plan(again, None, mentioned={"south"})
    assert done.mentioned == () and done.awaited == ()
    assert done.private == (("south", Private.UPDATE_OR_SEND),)


def test_the_actor_who_goes_on_keeps_his_prompt_and_stale_players_lose_theirs() -> None:
    goes_on = entry(active=frozenset({"north"}), notify=(), stale=("east",), pinged=frozenset())
    done = plan(goes_on, None, mentioned=())
    assert done.private == (("north", Private.UPDATE), ("east", Private.RETIRE))


def test_every_prompt_an_entry_gives_is_owed_the_one_that_follows_the_actor_too() -> None:
    """Owed before anything is posted, so that a process killed after the thread post leaves
    them to the catch-up; a retired menu or a closed one is not a prompt."""
    assert plan(entry(), None, mentioned=()).owed == ("south",)
    goes_on = entry(active=frozenset({"north"}), notify=(), stale=("east",), pinged=frozenset())
    assert plan(goes_on, None, mentioned=()).owed == ("north",)
    asked_again = entry(active=frozenset({"north", "south"}), pinged=frozenset())
    assert plan(asked_again, None, mentioned=()).owed == ("south", "north")
    assert plan(entry(finished=True, active=frozenset(), notify=()), None, mentioned=()).owed == ()


def test_the_end_posts_the_result_and_closes_every_private_place() -> None:
    over = entry(finished=True, active=frozenset(), notify=())
    done = plan(over, Newest(actors={"south"}), mentioned=())
    assert done.thread == Thread.FINAL
    assert done.private == tuple((role, Private.CLOSE) for role in ROLES)


def test_when_nothing_is_posted_an_undo_is_retold_or_the_waiting_line_kept_true() -> None:
    undo = entry(visible=False, took_back=True)
    assert quiet_step(undo, Newest()) == Quiet.RETELL
    assert quiet_step(undo, None) == Quiet.MARK_TAKEN_BACK
    assert quiet_step(entry(visible=False), Newest()) == Quiet.TAIL
    assert quiet_step(entry(visible=False), None) == Quiet.NONE


# -- a match's start -------------------------------------------------------------------------


def test_a_start_owes_every_player_a_silent_first_prompt() -> None:
    begun = post_plan.start(ROLES, {"north"})
    assert begun.take_turn and begun.owed == ROLES
    assert begun.private == tuple((role, Private.SEND_QUIETLY) for role in ROLES)


def test_a_start_that_waits_for_nobody_offers_no_turn() -> None:
    assert not post_plan.start(ROLES, frozenset()).take_turn


def test_a_start_another_process_told_already_is_not_told_again() -> None:
    assert post_plan.start_untold(None)
    assert not post_plan.start_untold(0) and not post_plan.start_untold(2)


# -- the catch-up of entries committed but never told -------------------------------------------


def test_a_match_whose_thread_never_opened_is_started_again() -> None:
    todo = post_plan.catch_up(active=True, thread_opened=False, told=None, version=3)
    assert todo == post_plan.CatchUp(post_plan.Behind.START, owed_dms=False)
    # with a thread (or a post on record) it is behind in entries instead
    assert post_plan.catch_up(active=True, thread_opened=True, told=None, version=3).thread == (
        post_plan.Behind.ENTRIES
    )
    # a thread opened by a process that died before the start post, nothing played: the start
    assert post_plan.catch_up(active=True, thread_opened=True, told=None, version=0).thread == (
        post_plan.Behind.START
    )
    assert post_plan.catch_up(active=True, thread_opened=False, told=1, version=3).thread == (
        post_plan.Behind.ENTRIES
    )


def test_a_told_match_only_sends_its_owed_dms_while_played() -> None:
    told = post_plan.catch_up(active=True, thread_opened=True, told=3, version=3)
    assert told == post_plan.CatchUp(post_plan.Behind.NOTHING, owed_dms=True)
    over = post_plan.catch_up(active=False, thread_opened=True, told=2, version=3)
    assert over == post_plan.CatchUp(post_plan.Behind.ENTRIES, owed_dms=False)


def untold(**changes: object) -> post_plan.Untold:
    """North and South played; North is asked now; news that moved the board."""
    base = post_plan.Untold(
        finished=False,
        news=True,
        moved=True,
        active=frozenset({"north"}),
        actors=frozenset({"north", "south"}),
    )
    return replace(base, **changes)  # type: ignore[arg-type]


def test_untold_news_is_one_post_and_the_awaited_are_owed_prompts() -> None:
    todo = post_plan.retell(untold())
    assert todo.thread == Thread.POST and todo.board
    assert todo.awaited == ("north",) and todo.owe_prompts
    # North acted in the entries told and still acts: the game was waiting for him already
    assert todo.quietly == {"north"}
    assert not post_plan.retell(untold(moved=False)).board


def test_untold_hidden_steps_post_nothing_but_still_owe_prompts() -> None:
    todo = post_plan.retell(untold(news=False))
    assert todo.thread == Thread.NOTHING and todo.owe_prompts


def test_an_untold_end_is_the_final_post_with_its_board() -> None:
    todo = post_plan.retell(untold(finished=True, news=False, moved=False))
    assert todo.thread == Thread.FINAL and todo.board
    assert not todo.owe_prompts and todo.quietly == frozenset() and todo.awaited == ()


def test_owed_prompts_notify_unless_the_game_waited_for_the_player_already() -> None:
    assert post_plan.owed_places(["north", "south"], {"north"}) == (
        ("north", Private.SEND_QUIETLY),
        ("south", Private.SEND),
    )
    # The actor whose own step made his prompt (it never followed him: a crash) just acted.
    assert post_plan.owed_places(["north", "south"], (), going_on=["south"]) == (
        ("north", Private.SEND),
        ("south", Private.SEND_QUIETLY),
    )


# -- beside the entries ------------------------------------------------------------------------


def test_a_seat_handed_over_mentions_the_new_player_and_his_first_prompt_is_silent() -> None:
    todo = post_plan.handover("south", 42)
    assert todo.mentioned == (42,)
    assert todo.private == (("south", Private.SEND_QUIETLY),), "the mention told him: one notice"


def test_closed_dms_are_told_in_the_thread_once_pinging_only_for_a_wait() -> None:
    assert post_plan.closed_dms(first=True, dm_was_loud=True) == post_plan.ClosedDms(post=True, ping=True)
    assert post_plan.closed_dms(first=True, dm_was_loud=False) == post_plan.ClosedDms(post=True, ping=False)
    for loud in (True, False):
        assert not post_plan.closed_dms(first=False, dm_was_loud=loud).post, "said once"


def test_only_a_bare_waiting_line_is_kept_to_be_deleted_when_superseded() -> None:
    hidden = entry(visible=False)
    assert post_plan.keeps_bare_line(plan(hidden, None, mentioned={"south"}))
    assert not post_plan.keeps_bare_line(plan(entry(), None, mentioned=()))  # news stays
    over = entry(finished=True, visible=False, active=frozenset(), notify=())
    assert not post_plan.keeps_bare_line(plan(over, None, mentioned=()))  # the result stays


def test_a_player_who_goes_on_without_a_dm_prompt_gets_his_choices_in_the_answer() -> None:
    assert post_plan.answer(going_on=True, private_place=False) == post_plan.Answer.CHOICES
    assert post_plan.answer(going_on=True, private_place=True) == post_plan.Answer.ACTED
    for place in (True, False):
        assert post_plan.answer(going_on=False, private_place=place) == post_plan.Answer.DONE


def test_a_clock_reminder_is_told_like_the_wait_and_never_in_quiet_hours() -> None:
    remind = post_plan.reminder
    assert remind(quiet_hours=True, mention=False, dm_pings=False) == post_plan.Reminder.LATER
    assert remind(quiet_hours=False, mention=True, dm_pings=False) == post_plan.Reminder.MENTION
    assert remind(quiet_hours=False, mention=False, dm_pings=True) == post_plan.Reminder.DM
    assert remind(quiet_hours=False, mention=False, dm_pings=False) == post_plan.Reminder.SILENT_DM
