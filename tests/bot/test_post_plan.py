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
