"""Told once, posted once: the pure decisions (how a wait is told, whether a step's news edits
the newest post) and the delivery that follows them, on the Pebbles toy game."""

from __future__ import annotations

import random
from itertools import count
from types import SimpleNamespace
from typing import Any

import pytest

from bot.match_posts import Delivery, NewestPost, live_seq
from bot.post_plan import continues
from bot.service import MatchService
from bot.settings import DEFAULTS, PING_MODES, SettingsService, UserSettings
from bot.storage import Store
from games.core import Match as Game
from games.core import find
from tests.support.toy_game import PEBBLES

from .conftest import NORTH_USER, SOUTH_USER, started_pebbles

IDS = count(1000)


def newest(actors: set[str], exchange: str | None = None) -> NewestPost:
    return NewestPost(message=None, body="", since=1, actors=actors, exchange=exchange, tail="")  # type: ignore[arg-type]


def test_a_reply_completes_the_round_and_a_second_step_of_the_same_side_posts_anew() -> None:
    post = newest({"sauron"})
    assert continues(post, "fellowship", visible=True, mentioned=False)
    assert not continues(post, "sauron", visible=True, mentioned=False)
    assert not continues(None, "fellowship", visible=True, mentioned=False)


def test_an_exchange_under_way_takes_every_side_news_but_never_a_mention_or_a_quiet_step() -> None:
    battle = newest({"sauron", "fellowship"}, "battle:eregion")
    assert continues(battle, "sauron", visible=True, mentioned=False)
    assert not continues(battle, "sauron", visible=True, mentioned=True), "an edit pings nobody"
    assert not continues(battle, "sauron", visible=False, mentioned=False), "nothing to tell"


def test_a_wait_is_told_by_dm_by_default_and_by_a_mention_only_where_no_dm_reaches() -> None:
    assert DEFAULTS.ping == "dm" == next(iter(PING_MODES))
    for chosen in (UserSettings(), UserSettings(ping="thread"), UserSettings(ping="quiet")):
        for reaches in (True, False):
            notice = chosen.notice(0.0, dm_reaches=reaches)
            assert not (notice.mention and notice.dm_pings), "never told twice"
    assert UserSettings().notice(0.0, dm_reaches=False).mention, "closed DMs: the thread must tell him"
    night = UserSettings(ping="thread", quiet_from=0, quiet_to=23 * 60)  # 00:00-23:00 UTC
    assert night.notice(3600.0, dm_reaches=True) == night.notice(3600.0, dm_reaches=False)
    assert not night.notice(3600.0, dm_reaches=False).mention, "no pings in quiet hours"


async def test_stored_ping_values_keep_their_meaning(store: Store) -> None:
    settings = SettingsService(store)
    await settings.update(5, ping="thread")
    await settings.update(6, confirm="never")
    fresh = SettingsService(store)
    assert (await fresh.get(5)).ping == "thread", "a chosen thread mention stays one"
    assert (await fresh.get(6)).ping == "dm", "a player who changed something else has the default"


def test_a_confrontation_battle_is_an_exchange_named_by_its_public_region() -> None:
    ruleset = find("confrontation")
    rng = random.Random(3)
    game = Game(ruleset, ruleset.setup(3, ruleset.resolve_options({}), 2))
    seen = 0
    while game.state["result"] is None:
        role = rng.choice(sorted(ruleset.active(game.state)))
        game.submit(role, rng.choice(list(ruleset.prompt(game.state, role).actions)))
        exchange = ruleset.exchange(game.state)
        battle = ruleset.view(game.state, None).get("battle")
        assert (exchange is None) == (not battle), (exchange, battle)
        if exchange is not None:
            seen += 1
            assert exchange == f"battle:{battle['region']}"  # what everyone saw
    assert seen


# -- the delivery, on a fake channel ---------------------------------------------------------
class Held:
    """A picture as Discord holds it on a message (an id and its name)."""

    def __init__(self, filename: str) -> None:
        self.id = next(IDS)
        self.filename = filename


class Sent:
    """A message the bot sent (and then edited). Its pictures are held as Discord does: an edit
    that lists ``attachments`` keeps those of them the message holds and uploads the new files."""

    def __init__(self, channel: Any, kwargs: dict[str, Any]) -> None:
        self.id = next(IDS)
        self.channel = channel
        self.kwargs = kwargs
        self.edits: list[dict[str, Any]] = []
        new = [f for f in (kwargs.get("file"), *(kwargs.get("files") or ())) if f is not None]
        #: Every picture uploaded with this message, first sent or by an edit.
        self.uploads: list[Any] = list(new)
        self.attachments = [Held(getattr(f, "filename", str(f))) for f in new]

    async def edit(self, **kwargs: Any) -> Sent:
        self.edits.append(kwargs)
        if "attachments" in kwargs:
            listed = list(kwargs["attachments"])
            kept = [a for a in listed if isinstance(a, Held)]
            assert all(a in self.attachments for a in kept), "only a message's own pictures can be kept"
            added = [f for f in listed if not isinstance(f, Held)]
            self.uploads += added
            self.attachments = [*kept, *(Held(getattr(f, "filename", str(f))) for f in added)]
        return self

    async def delete(self) -> None:
        self.channel.deleted.append(self)

    @property
    def content(self) -> str:
        texts = [e["content"] for e in self.edits if "content" in e]
        return str(texts[-1] if texts else self.kwargs.get("content", ""))


class Place:
    def __init__(self, channel_id: int) -> None:
        self.id = channel_id
        self.sent: list[Sent] = []
        self.deleted: list[Sent] = []

    async def send(self, **kwargs: Any) -> Sent:
        self.sent.append(Sent(self, kwargs))
        return self.sent[-1]

    def get_partial_message(self, message_id: int) -> Sent:
        return next(m for m in self.sent if m.id == message_id)


class Client:
    def __init__(self) -> None:
        self.thread = Place(2)
        self.dms = {user_id: Place(user_id + 1) for user_id in (NORTH_USER, SOUTH_USER)}

    def get_channel(self, channel_id: int) -> Any:
        return self.thread if channel_id == 2 else None

    def get_user(self, user_id: int) -> Any:
        return SimpleNamespace(display_name=str(user_id), send=self.dms[user_id].send)

    def get_partial_messageable(self, channel_id: int) -> Place:
        return next(p for p in self.dms.values() if p.id == channel_id)


def pinged(sent: Sent) -> set[int]:
    mentions = sent.kwargs.get("allowed_mentions")
    return {u.id for u in getattr(mentions, "users", None) or []}


async def test_a_round_is_one_post_edited_and_each_wait_one_notifying_dm(service: MatchService) -> None:
    client = Client()
    delivery = Delivery(client, service)  # type: ignore[arg-type]
    live = await started_pebbles(service)
    await delivery.announce_start(live)
    (start,) = client.thread.sent
    assert pinged(start) == {NORTH_USER, SOUTH_USER}, "the start mentions every player"
    assert all(m.kwargs.get("silent") for p in client.dms.values() for m in p.sent), "first prompts: silent"

    async def act(user: int, text: str) -> None:
        await delivery.after_entry(await service.act(live.id, user, text))

    await act(NORTH_USER, "bid 3")  # "North made a secret bid." posts
    await act(SOUTH_USER, "bid 1")  # the reply: the same post, edited with the reveal
    assert len(client.thread.sent) == 2
    round_post = client.thread.sent[1]
    assert "North made a secret bid" in round_post.content and "Bids revealed" in round_post.content
    await act(NORTH_USER, "take")  # North again: a new post
    await act(NORTH_USER, "end")  # nothing to see: the newest post's waiting line follows
    assert len(client.thread.sent) == 3
    assert "Waiting for South" in client.thread.sent[2].content
    await act(SOUTH_USER, "take")  # South's reply completes the round
    assert len(client.thread.sent) == 3 and "South took a pebble" in client.thread.sent[2].content
    assert all(not pinged(m) for m in client.thread.sent[1:]), "no mention between start and end"
    told_south = [m for m in client.dms[SOUTH_USER].sent if not m.kwargs.get("silent")]
    assert len(told_south) == 1, "South was awaited anew once (North's end of turn): one DM"


async def test_a_post_of_steps_that_change_nothing_on_the_board_comes_without_one(
    service: MatchService, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(PEBBLES, "boardless_events", frozenset({"bid_made"}))  # as a skipped die
    client = Client()
    delivery = Delivery(client, service)  # type: ignore[arg-type]
    drawn: list[int] = []

    async def board(live: Any) -> str:
        drawn.append(live_seq(live))
        return "board"

    monkeypatch.setattr(delivery, "public_board", board)
    live = await started_pebbles(service)
    await delivery.announce_start(live)

    async def act(user: int, text: str) -> None:
        await delivery.after_entry(await service.act(live.id, user, text))

    await act(NORTH_USER, "bid 3")  # news, but nothing the board shows: text alone
    post = client.thread.sent[1]
    assert "file" not in post.kwargs and len(drawn) == 1, "only the start's board was drawn"
    await act(SOUTH_USER, "bid 1")  # the reveal changes the board: the edit brings it
    assert post.edits[-1]["attachments"] == ["board"]
    await act(NORTH_USER, "take")  # a new post, with its board
    assert client.thread.sent[2].kwargs["file"] == "board"


async def test_closed_dms_make_the_mention_happen(service: MatchService) -> None:
    client = Client()
    delivery = Delivery(client, service)  # type: ignore[arg-type]
    live = await started_pebbles(service)
    await delivery.announce_start(live)
    await service.store.note_dm_failure(live.id, SOUTH_USER, 50007)
    for user, text in ((NORTH_USER, "bid 3"), (SOUTH_USER, "bid 1"), (NORTH_USER, "take")):
        await delivery.after_entry(await service.act(live.id, user, text))
    before = len(client.thread.sent)
    await delivery.after_entry(await service.act(live.id, NORTH_USER, "end"))
    waiting = client.thread.sent[before:]
    assert len(waiting) == 1 and pinged(waiting[0]) == {SOUTH_USER}, "a mention where no DM reaches"


def test_a_risk_attack_is_an_exchange_named_by_its_declared_territories() -> None:
    ruleset = find("lotr_risk")
    rng = random.Random(2)
    game = Game(ruleset, ruleset.setup(2, ruleset.resolve_options({}), 2))
    declared: dict[str, str] | None = None
    seen = 0
    for _ in range(300):
        if game.state["result"] is not None:
            break
        role = rng.choice(sorted(ruleset.active(game.state)))
        outcome = game.submit(role, rng.choice(list(ruleset.prompt(game.state, role).actions)))
        for event in outcome.events:
            if event["kind"] == "attack_declared":
                declared = event["args"]
            elif event["kind"] == "attack":
                declared = None
        exchange = ruleset.exchange(game.state)
        if declared is None:
            assert exchange is None
        else:
            seen += 1
            assert exchange == f"attack:{declared['from']}:{declared['to']}"  # what everyone saw
    assert seen
