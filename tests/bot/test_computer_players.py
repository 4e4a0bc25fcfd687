"""Computer players at the table: seats, refusals, their turns through the entry pipeline (one
post per decision, never pinged nor DMed), exactly once across a restart, and zombie mode."""

from __future__ import annotations

import asyncio
import contextlib
import random
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

import bot.rendering
from bot import texts
from bot.computers.driver import ComputerDriver
from bot.computers.identity import computer_name, computer_user, is_computer, level_of
from bot.computers.thinking import ThinkingPool, request_for
from bot.handlers.computer import chosen_level
from bot.match_file import read_document
from bot.match_posts import Delivery
from bot.service import LiveMatch, MatchService, ServiceError
from bot.storage import Store
from games.computer_players import decide_request
from tests.support.hanging import PID_FILE, hang_when_strong

from .conftest import NORTH_USER, SOUTH_USER, STRANGER
from .test_told_once import Place, Sent

HUMAN = NORTH_USER


@pytest.fixture(autouse=True)
def no_pictures(monkeypatch: pytest.MonkeyPatch) -> None:
    """Boards and cards are not drawn here (the posts' words and counts are what is tested)."""

    async def nothing(*args: Any, **kwargs: Any) -> None:
        return None

    monkeypatch.setattr(bot.rendering, "render_png", nothing)
    monkeypatch.setattr(bot.rendering, "render_cards_png", nothing)


class Client:
    """A Discord double: the match thread (channel 2) and each person's DMs. A DM to anyone
    else (a computer) fails the test."""

    def __init__(self) -> None:
        self.thread = Place(2)
        self.dms: dict[int, Place] = {}

    def get_channel(self, channel_id: int) -> Any:
        return self.thread if channel_id == 2 else None

    async def fetch_channel(self, channel_id: int) -> Any:
        return self.get_channel(channel_id)

    def get_user(self, user_id: int) -> Any:
        assert not is_computer(user_id), "a computer is never looked up, never DMed"
        place = self.dms.setdefault(user_id, Place(user_id + 1))
        return SimpleNamespace(display_name=str(user_id), send=place.send)

    def get_partial_messageable(self, channel_id: int) -> Place:
        return next(p for p in self.dms.values() if p.id == channel_id)


def pinged(sent: Sent) -> set[int]:
    mentions = sent.kwargs.get("allowed_mentions")
    return {u.id for u in getattr(mentions, "users", None) or []}


async def against_computer(
    service: MatchService, game: str = "confrontation", level: str = "rules"
) -> LiveMatch:
    live = await service.create(guild_id=1, channel_id=2, user_id=HUMAN, game=game, side="fellowship", seed=5)
    result = await service.computers.add(live.id, HUMAN, level)
    assert result.started
    return result.match


def test_a_computer_seat_is_named_by_its_level_and_never_mentioned() -> None:
    seat = computer_user(1, "gentle")
    assert is_computer(seat) and level_of(seat) == "gentle"
    assert texts.mention(seat) == computer_name(seat) == "🤖 Computer (gentle)"
    assert "<@" not in texts.mention(seat) and texts.mention(HUMAN) == f"<@{HUMAN}>"


def test_the_opponent_and_level_options_are_checked_before_anything_is_made() -> None:
    assert chosen_level("confrontation", "computer", None) == "strong"
    assert chosen_level("confrontation", "computer", "Gentle") == "gentle"
    assert chosen_level("lotr-risk", "computer", None) == "strong"
    assert chosen_level("confrontation", None, None) is None
    with pytest.raises(ServiceError, match="no computer player yet"):
        chosen_level("pebbles", "computer", None)  # (every real game has one now)
    assert chosen_level("minas-tirith", "computer", None) == "strong", "Minas Tirith's strongest level"
    minas_levels = r"of .*Minas Tirith.*: use one of `random`, `rules` or `strong` \("
    with pytest.raises(ServiceError, match=minas_levels):
        chosen_level("minas-tirith", "computer", "gentle")
    with pytest.raises(ServiceError, match=r"level of .*`random`, `rules`, `gentle` or `strong`"):
        chosen_level("confrontation", "computer", "godlike")
    with pytest.raises(ServiceError, match="opponent:computer"):
        chosen_level("confrontation", None, "strong")
    with pytest.raises(ServiceError, match="not an opponent"):
        chosen_level("confrontation", "wizard", None)


async def test_a_two_player_game_against_the_computer_starts_at_once(service: MatchService) -> None:
    live = await against_computer(service, level="gentle")
    computer = live.user_of("sauron")
    assert computer is not None and is_computer(computer) and live.user_of("fellowship") == HUMAN
    assert "🤖 Computer (gentle) (Sauron)" in texts.lobby_text(live)


async def test_only_the_creator_adds_computers_to_an_open_lobby_of_a_game_that_has_them(
    service: MatchService,
) -> None:
    lobby = await service.create(guild_id=1, channel_id=2, user_id=HUMAN, game="pebbles", side="north")
    with pytest.raises(ServiceError, match="has no computer player yet") as refused:
        await service.computers.add(lobby.id, HUMAN)
    for title in ("The Confrontation", "Risk: The Lord of the Rings", "War of the Ring", "Minas Tirith"):
        assert title in str(refused.value), "the refusal names every game the computer plays"
    assert len((await service.get(lobby.id)).seats) == 1, "a refusal changes nothing"
    lobby = await service.create(guild_id=1, channel_id=2, user_id=HUMAN, game="confrontation")
    with pytest.raises(ServiceError, match="Only the player who opened the lobby"):
        await service.computers.add(lobby.id, STRANGER)
    with pytest.raises(ServiceError, match="not a computer level"):
        await service.computers.add(lobby.id, HUMAN, "gentle-ish")
    await service.computers.add(lobby.id, HUMAN, "random")
    with pytest.raises(ServiceError, match="not open for players"):
        await service.computers.add(lobby.id, HUMAN)


async def test_a_double_click_on_a_level_button_seats_one_computer(service: MatchService) -> None:
    """Both clicks reach the bot before the first answer disables the buttons: the second,
    from the same message, is refused (a computer cannot be taken out of a lobby again)."""
    lobby = await service.create(
        guild_id=1, channel_id=2, user_id=HUMAN, game="lotr-risk", options={"players": "4"}
    )
    clicks = await asyncio.gather(
        service.computers.add(lobby.id, HUMAN, "rules", once="message-7"),
        service.computers.add(lobby.id, HUMAN, "rules", once="message-7"),
        return_exceptions=True,
    )
    refused = [c for c in clicks if isinstance(c, ServiceError)]
    assert len(refused) == 1 and "already" in str(refused[0])
    assert len((await service.get(lobby.id)).seats) == 2, "one computer joined the creator"
    await service.computers.add(lobby.id, HUMAN, "rules", once="message-8")  # another choice
    assert len((await service.get(lobby.id)).seats) == 3


async def test_a_risk_table_of_three_fills_with_two_computers(service: MatchService) -> None:
    lobby = await service.create(
        guild_id=1, channel_id=2, user_id=HUMAN, game="lotr-risk", options={"players": "3"}
    )
    first = await service.computers.add(lobby.id, HUMAN, "random")
    assert not first.started
    second = await service.computers.add(lobby.id, HUMAN)
    assert second.started
    names = [texts.mention(s.user_id) for s in second.match.seats]
    assert names[1:] == ["🤖 Computer (random)", "🤖 Computer 2 (strong)"]


async def test_a_league_match_takes_no_computer(service: MatchService) -> None:
    live = await service.create_seated(
        guild_id=1, channel_id=2, game="confrontation", seats=[(HUMAN, "fellowship"), (SOUTH_USER, "sauron")]
    )
    live.record = replace(live.record, league_id=1, league_round=1)  # (a league's match, as stored)
    with pytest.raises(ServiceError, match="League matches are played by people only"):
        await service.computers.take_over(live.id, SOUTH_USER)


async def test_the_computer_decides_from_its_own_view_only(service: MatchService) -> None:
    live = await against_computer(service)
    computer = live.user_of("sauron")
    assert computer is not None
    request = request_for(live, "sauron", computer)
    assert request["view"] == live.ruleset.view(live.state or {}, "sauron")
    assert set(request) == {"game", "level", "role", "view", "actions", "seed", "seconds"}
    assert decide_request(request) in request["actions"]


async def play_to_the_end(
    service: MatchService, driver: ComputerDriver, delivery: Delivery, live: LiveMatch, seed: int
) -> int:
    """The person plays random legal moves; the computer answers; returns the person's moves."""
    rng = random.Random(seed)
    moves = 0
    while (live.state or {}).get("result") is None:
        await driver.idle()
        live = await service.get(live.id)
        if (live.state or {}).get("result") is not None:
            break
        if "fellowship" not in live.active_roles():
            await asyncio.sleep(0)  # the computer's turn is being handed over
            driver.poke(live)
            continue
        actions = live.ruleset.legal_actions(live.state or {}, "fellowship")
        result = await service.act(live.id, HUMAN, rng.choice(list(actions)).text)
        await delivery.after_entry(result)
        moves += 1
        assert moves < 400
    await driver.idle()
    return moves


async def test_a_match_against_the_computer_is_played_to_the_end_quietly(service: MatchService) -> None:
    client = Client()
    delivery = Delivery(client, service)  # type: ignore[arg-type]
    driver = ComputerDriver(service, delivery, ThinkingPool(0), pace=0.0)
    delivery.on_told.append(driver.poke)
    live = await against_computer(service)
    computer = live.user_of("sauron")
    await delivery.announce_start(live)
    await play_to_the_end(service, driver, delivery, live, seed=3)
    live = await service.get(live.id)
    assert live.record.status == "finished"
    assert driver.moves > 0
    entries = await service.store.actions(live.id)
    mine = [e for e in entries if e.role == "sauron"]
    assert mine and all(e.user_id == computer for e in mine), "the computer's moves are its entries"
    assert all(e.interaction_id and e.interaction_id.startswith("computer:") for e in mine)
    assert len({e.interaction_id for e in mine}) == len(mine), "each decision committed once"
    everything = [*client.thread.sent, *(m for p in client.dms.values() for m in p.sent)]
    assert all(computer not in pinged(m) for m in everything), "the computer is never pinged"
    assert set(client.dms) == {HUMAN}, "only the person is DMed"
    assert any("🤖 Computer (rules)" in m.content for m in client.thread.sent), "named as a computer"
    told = await service.store.get_message(live.id, "prompt")
    assert told is not None and told.version == live.record.version, "everything was told"


async def test_a_computer_turn_of_many_steps_is_one_post(service: MatchService) -> None:
    client = Client()
    delivery = Delivery(client, service)  # type: ignore[arg-type]
    driver = ComputerDriver(service, delivery, ThinkingPool(0), pace=0.0)
    delivery.on_told.append(driver.poke)
    lobby = await service.create(
        guild_id=1, channel_id=2, user_id=HUMAN, game="lotr-risk", options={"players": "2"}, seed=4
    )
    live = (await service.computers.add(lobby.id, HUMAN, "rules")).match
    computer = next(s.user_id for s in live.seats if is_computer(s.user_id))
    steps_before = len(await service.store.actions(live.id))
    told_computer: list[str] = []
    after_entry = delivery.after_entry

    async def telling(result: Any) -> None:
        if result.user_id == computer:
            told_computer.append(result.label)
        await after_entry(result)

    delivery.after_entry = telling  # type: ignore[method-assign]
    await delivery.announce_start(live)
    human_role = live.role_of(HUMAN)
    assert human_role is not None
    rng = random.Random(1)
    for _ in range(60):  # the person plays until the computer has had a few turns
        await driver.idle()
        live = await service.get(live.id)
        if live.state is None or live.state.get("result") is not None:
            break
        if human_role in live.active_roles():
            actions = live.ruleset.legal_actions(live.state, human_role)
            await delivery.after_entry(await service.act(live.id, HUMAN, rng.choice(list(actions)).text))
    entries = (await service.store.actions(live.id))[steps_before:]
    runs = sum(
        1
        for i, e in enumerate(entries)
        if e.user_id == computer and (i == 0 or entries[i - 1].user_id != computer)
    )
    steps = sum(1 for e in entries if e.user_id == computer)
    assert steps > runs > 0, "the computer took runs of several steps"
    assert told_computer and len(told_computer) <= runs, "one told entry per run of the computer's steps"
    assert sum(len(labels.split(" → ")) for labels in told_computer) >= steps, "every step told in it"


async def test_a_restart_while_the_computer_thinks_plays_its_turn_exactly_once(
    store: Store, db_path: Any
) -> None:
    service = MatchService(store)
    client = Client()
    delivery = Delivery(client, service)  # type: ignore[arg-type]
    live = await service.create(guild_id=1, channel_id=2, user_id=HUMAN, game="confrontation", side="sauron")
    live = (await service.computers.add(live.id, HUMAN, "rules")).match
    await delivery.announce_start(live)

    class Stuck(ThinkingPool):
        """Thinks until the bot dies."""

        def __init__(self) -> None:
            super().__init__(0)
            self.thinking = asyncio.Event()

        async def decide(self, request: Any) -> str:
            self.thinking.set()
            await asyncio.Event().wait()
            raise AssertionError("never decided")

    stuck = Stuck()
    dying = ComputerDriver(service, delivery, stuck, pace=0.0)
    live = await service.get(live.id)
    assert "fellowship" in live.active_roles(), "the computer (Fellowship) sets up"
    dying.poke(live)
    await asyncio.wait_for(stuck.thinking.wait(), 10)
    await dying.stop()  # the bot dies while its computer thinks: nothing was committed
    assert await service.store.actions(live.id) == []
    version = live.record.version

    again = await Store.open(db_path)  # the restarted bot
    try:
        service2 = MatchService(again)
        delivery2 = Delivery(Client(), service2)  # type: ignore[arg-type]
        driver = ComputerDriver(service2, delivery2, ThinkingPool(0), pace=0.0)
        await driver.sweep()
        await driver.sweep()  # asked twice (start-up and a tick): still played once
        await driver.idle()
        entries = await again.actions(live.id)
        assert entries and entries[0].interaction_id == f"computer:{live.id}:{version}"
        assert len([e for e in entries if e.interaction_id == entries[0].interaction_id]) == 1
        # A stale decision (made for a version the match has left) is dropped by the log.
        replayed = await service2.act(
            live.id, entries[0].user_id, entries[0].action, interaction_id=entries[0].interaction_id
        )
        assert replayed.duplicate
    finally:
        await again.close()


async def test_the_pace_holds_a_computer_move_back(service: MatchService) -> None:
    client = Client()
    delivery = Delivery(client, service)  # type: ignore[arg-type]
    driver = ComputerDriver(service, delivery, ThinkingPool(0), pace=0.3)
    live = await service.create(guild_id=1, channel_id=2, user_id=HUMAN, game="confrontation", side="sauron")
    live = (await service.computers.add(live.id, HUMAN, "random")).match
    await delivery.announce_start(live)
    loop = asyncio.get_running_loop()
    began = loop.time()
    driver.poke(await service.get(live.id))
    await driver.idle()
    assert driver.moves >= 1 and loop.time() - began >= 0.3


async def test_a_computer_never_runs_out_of_time_and_never_votes(service: MatchService) -> None:
    live = await service.create(
        guild_id=1, channel_id=2, user_id=HUMAN, game="confrontation", side="sauron", pace="fast"
    )
    live = (await service.computers.add(live.id, HUMAN, "rules")).match
    service.clock = SimpleNamespace(now=lambda: 10**12)  # type: ignore[assignment]
    service.timebanks.clock = service.clock
    assert await service.time_out(live.id, "fellowship") is None, "the computer's clock never runs out"
    _, paused, missing = await service.vote_pause(live.id, HUMAN, pause=True)
    assert paused and missing == 0, "the person alone decides a pause: the computer has no vote"


async def test_a_match_against_the_computer_exports_and_imports_with_its_computer(
    service: MatchService,
) -> None:
    delivery = Delivery(Client(), service)  # type: ignore[arg-type]
    driver = ComputerDriver(service, delivery, ThinkingPool(0), pace=0.0)
    delivery.on_told.append(driver.poke)
    live = await against_computer(service)
    await delivery.announce_start(live)
    await play_to_the_end(service, driver, delivery, live, seed=8)
    _, text = await service.export(live.id, guild_id=1)
    copy = await service.import_match(read_document(text), guild_id=1, channel_id=3)
    assert copy.record.status == "finished"
    assert {s.role: s.user_id for s in copy.seats} == {s.role: s.user_id for s in live.seats}


async def test_a_decision_gone_stale_while_it_thought_is_dropped_and_made_anew(service: MatchService) -> None:
    delivery = Delivery(Client(), service)  # type: ignore[arg-type]
    live = await service.create(guild_id=1, channel_id=2, user_id=HUMAN, game="confrontation", side="sauron")
    live = (await service.computers.add(live.id, HUMAN, "rules")).match
    await delivery.announce_start(live)
    asked_at = live.record.version
    assert {"fellowship", "sauron"} <= live.active_roles(), "both set up at once"

    class Slow(ThinkingPool):
        """The person places a piece while the computer thinks its first decision."""

        def __init__(self) -> None:
            super().__init__(0)
            self.calls = 0

        async def decide(self, request: Any) -> str:
            self.calls += 1
            if self.calls == 1:
                now = await service.get(live.id)
                placing = now.ruleset.legal_actions(now.state or {}, "sauron")[0]
                await delivery.after_entry(await service.act(live.id, HUMAN, placing.text))
            return await super().decide(request)

    pool = Slow()
    driver = ComputerDriver(service, delivery, pool, pace=0.0)
    delivery.on_told.append(driver.poke)
    driver.poke(await service.get(live.id))
    await driver.idle()
    entries = await service.store.actions(live.id)
    computer = [e for e in entries if e.role == "fellowship"]
    assert pool.calls >= 2 and computer, "decided again after the stale decision"
    assert all(e.interaction_id != f"computer:{live.id}:{asked_at}" for e in computer), (
        "the stale one dropped"
    )


async def test_a_rematch_against_the_computer_starts_at_once_with_the_sides_swapped(
    service: MatchService,
) -> None:
    delivery = Delivery(Client(), service)  # type: ignore[arg-type]
    driver = ComputerDriver(service, delivery, ThinkingPool(0), pace=0.0)
    delivery.on_told.append(driver.poke)
    live = await against_computer(service)
    computer = live.user_of("sauron")
    await delivery.announce_start(live)
    await play_to_the_end(service, driver, delivery, live, seed=2)
    lobby, new = await service.rematch(live.id, HUMAN)
    assert new and lobby.record.status == "lobby"
    result = await service.computers.seat_rematch(lobby.id)
    assert result is not None and result.started
    assert result.match.user_of("fellowship") == computer and result.match.user_of("sauron") == HUMAN
    assert await service.computers.seat_rematch(lobby.id) is None, "seated once"


async def test_computers_left_alone_do_not_play_on_in_an_empty_thread(service: MatchService) -> None:
    """The last person leaves a Risk table of computers: they resign (through the engine, as one
    post) instead of playing a whole game nobody watches, a post every few seconds."""
    client = Client()
    delivery = Delivery(client, service)  # type: ignore[arg-type]
    driver = ComputerDriver(service, delivery, ThinkingPool(0), pace=0.0)
    delivery.on_told.append(driver.poke)
    lobby = await service.create(
        guild_id=1, channel_id=2, user_id=HUMAN, game="lotr-risk", options={"players": "3"}, seed=4
    )
    await service.computers.add(lobby.id, HUMAN, "rules")
    live = (await service.computers.add(lobby.id, HUMAN, "rules")).match
    await delivery.announce_start(live)
    await driver.idle()
    moves, posts = driver.moves, len(client.thread.sent)
    result = await service.resign(live.id, HUMAN)
    assert not result.finished, "two computers are left"
    await delivery.after_entry(result)
    await driver.idle()
    live = await service.get(live.id)
    assert live.record.status == "finished"
    assert driver.moves == moves, "no move of a computer after the last person left"
    assert len(client.thread.sent) - posts <= 2, "his resignation, then the computers' in one post"
    kinds = [e.kind for e in (await service.store.actions(live.id))[-2:]]
    assert kinds == ["resign", "resign"], "the person's, then the first computer's: the other one is left"


async def test_a_computer_whose_clock_ran_down_still_moves(service: MatchService) -> None:
    """Its bank runs while the table waits for Discord or the bot is down; no timeout is ever
    committed for it, so refusing its moves for an empty bank would stop the match for good."""
    client = Client()
    delivery = Delivery(client, service)  # type: ignore[arg-type]
    driver = ComputerDriver(service, delivery, ThinkingPool(0), pace=0.0)
    live = await service.create(
        guild_id=1, channel_id=2, user_id=HUMAN, game="confrontation", side="sauron", pace="fast"
    )
    live = (await service.computers.add(live.id, HUMAN, "rules")).match
    computer = live.user_of("fellowship")
    await delivery.announce_start(live)
    late = SimpleNamespace(now=lambda: 10**12)  # days later: every bank is empty
    service.clock = service.timebanks.clock = service.entries.clock = late  # type: ignore[assignment]
    driver.poke(await service.get(live.id))
    await driver.idle()
    entries = await service.store.actions(live.id)
    assert any(e.user_id == computer for e in entries), "the computer played"


def running(pid: int) -> bool:
    """Whether process ``pid`` still runs (a killed child not yet reaped does not)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] not in ("Z", "X")


async def test_a_stuck_worker_is_killed_and_the_computer_still_moves(
    service: MatchService, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A policy that never answers: its worker is killed once past its time cap and a margin,
    and the seat's move comes from the rule-based player of its view; the match goes on."""
    pid_file = tmp_path / "hanging.pid"
    monkeypatch.setenv(PID_FILE, str(pid_file))  # (the spawned worker inherits it)
    pool = ThinkingPool(1, decide=hang_when_strong, margin=0.5)
    try:
        await pool.warm_up()  # (its start-up is not thinking time)
        client = Client()
        delivery = Delivery(client, service)  # type: ignore[arg-type]
        driver = ComputerDriver(service, delivery, pool, pace=0.0)
        delivery.on_told.append(driver.poke)
        live = await against_computer(service, level="strong")
        await delivery.announce_start(live)
        await driver.idle()
        assert pool.stuck >= 1 and driver.moves >= 1, "given up on, and the move made all the same"
        mine = [e for e in await service.store.actions(live.id) if e.role == "sauron"]
        assert mine and all(e.interaction_id and e.interaction_id.startswith("computer:") for e in mine)
        live = await service.get(live.id)
        assert live.record.status == "active" and "sauron" not in live.active_roles(), "not frozen"
        pid = int(pid_file.read_text())
        for _ in range(200):  # (the kill is sent; the process goes within moments)
            if not running(pid):
                break
            await asyncio.sleep(0.05)
        assert not running(pid), "the stuck worker was killed"
    finally:
        pool.shutdown()


async def test_a_stuck_decision_in_a_thread_falls_back_to_the_rule_based_player(
    service: MatchService,
) -> None:
    """Without worker processes (a thread cannot be killed) the match does not freeze either."""
    live = await against_computer(service, level="strong")
    request = request_for(live, "sauron", live.user_of("sauron") or 0)
    pool = ThinkingPool(0, decide=hang_when_strong, margin=0.2)
    text = await pool.decide(request)
    assert pool.stuck == 1 and text in request["actions"]
    assert text == decide_request({**request, "level": "rules"}), "the rule-based player's move"


def labels(view: Any) -> list[str]:
    return [str(getattr(item, "item", item).label) for item in view.children]


async def test_the_creator_removes_a_computer_from_his_lobby_and_everyone_sees_it(
    service: MatchService,
) -> None:
    from bot.controller import Controller

    from .test_zombie_mode import Clicked

    client = Client()
    delivery = Delivery(client, service)  # type: ignore[arg-type]
    controller = Controller(service, delivery)
    lobby = await service.create(
        guild_id=1, channel_id=2, user_id=HUMAN, game="lotr-risk", options={"players": "4"}
    )
    post = await client.thread.send(content=texts.lobby_text(lobby))
    await service.attach_lobby_message(lobby.id, post.id)
    await service.computers.add(lobby.id, HUMAN, "random")
    second = (await service.computers.add(lobby.id, HUMAN, "rules")).match.seats[-1].user_id
    await delivery.refresh_lobby(await service.get(lobby.id))
    shown = labels(post.edits[-1]["view"])
    assert shown[-2:] == ["Remove 🤖 Computer (random)", "Remove 🤖 Computer 2 (rules)"]
    stranger = Clicked(STRANGER, 1)
    await controller.remove_computer(stranger, lobby.id, second)  # type: ignore[arg-type]
    assert "Only the player who opened the lobby" in stranger.answers[-1]
    assert len((await service.get(lobby.id)).seats) == 3, "a refusal changes nothing"
    creator = Clicked(HUMAN, 2)
    await controller.remove_computer(creator, lobby.id, second)  # type: ignore[arg-type]
    assert creator.answers[-1] == f"🤖 Computer 2 (rules) left match #{lobby.id}."
    live = await service.get(lobby.id)
    assert [texts.mention(s.user_id) for s in live.seats][1:] == ["🤖 Computer (random)"]
    assert "Computer 2" not in post.content, "the lobby shows it gone"
    assert labels(post.edits[-1]["view"])[-1] == "Remove 🤖 Computer (random)"
    again = Clicked(HUMAN, 3)
    await controller.remove_computer(again, lobby.id, second)  # type: ignore[arg-type]
    assert "No such computer player" in again.answers[-1], "a second click: a clear refusal"
    await service.computers.add(lobby.id, HUMAN, "gentle")  # the seat is free again
    await service.join(lobby.id, SOUTH_USER)
    started = await service.get(lobby.id)
    assert started.record.status == "active" and len(started.seats) == 4
    late = Clicked(HUMAN, 4)
    await controller.remove_computer(late, lobby.id)  # type: ignore[arg-type]
    assert "has started" in late.answers[-1] and "/game substitute" in late.answers[-1]


async def test_remove_without_a_computer_named_takes_the_last_one(service: MatchService) -> None:
    lobby = await service.create(
        guild_id=1, channel_id=2, user_id=HUMAN, game="lotr-risk", options={"players": "4"}
    )
    with pytest.raises(ServiceError, match="No such computer player"):
        await service.computers.remove(lobby.id, HUMAN)
    await service.computers.add(lobby.id, HUMAN, "random")
    last = (await service.computers.add(lobby.id, HUMAN, "rules")).match.seats[-1].user_id
    live, removed = await service.computers.remove(lobby.id, HUMAN)
    assert removed == last and [s.seat for s in live.seats] == [0, 1]


async def test_a_computers_seat_is_handed_to_a_person_by_the_matchs_creator(service: MatchService) -> None:
    """``/game substitute side:`` names a computer's seat; the person plays it from then on and
    the computer no more."""
    from bot.computers.seats import computer_at
    from bot.controller import Controller

    from .test_zombie_mode import Clicked

    client = Client()
    delivery = Delivery(client, service)  # type: ignore[arg-type]
    driver = ComputerDriver(service, delivery, ThinkingPool(0), pace=0.0)
    delivery.on_told.append(driver.poke)
    controller = Controller(service, delivery)
    live = await against_computer(service)
    await delivery.announce_start(live)
    await driver.idle()
    computer = live.user_of("sauron")
    assert computer is not None and computer_at(live, "Sauron") == computer
    with pytest.raises(ServiceError, match="played by a person"):
        computer_at(live, "fellowship")
    with pytest.raises(ServiceError, match="No computer plays"):
        computer_at(live, "elves")
    stranger = Clicked(STRANGER, 1)
    stranger.guild_id = None  # type: ignore[attr-defined]
    await controller.substitute(stranger, live, computer, SOUTH_USER)  # type: ignore[arg-type]
    assert "Only the player who opened the match" in stranger.answers[-1]
    assert (await service.get(live.id)).user_of("sauron") == computer, "a refusal changes nothing"
    creator = Clicked(HUMAN, 2)
    await controller.substitute(creator, live, computer, SOUTH_USER)  # type: ignore[arg-type]
    assert creator.answers[-1].startswith(f"Done: <@{SOUTH_USER}> now plays Sauron")
    live = await service.get(live.id)
    assert live.user_of("sauron") == SOUTH_USER
    assert any("🤖 Computer (rules) handed **Sauron** to" in m.content for m in client.thread.sent)
    moves = driver.moves
    for _ in range(6):  # a few turns of both people: the computer never answers for Sauron
        role = sorted(live.active_roles())[0]
        user = live.user_of(role)
        assert user in (HUMAN, SOUTH_USER)
        result = await service.act(live.id, user, live.ruleset.legal_actions(live.state or {}, role)[0].text)
        await delivery.after_entry(result)
        await driver.idle()
        live = await service.get(live.id)
    assert driver.moves == moves, "the computer plays no more: both seats are people's"


async def test_the_commands_take_remove_and_a_computers_side(monkeypatch: pytest.MonkeyPatch) -> None:
    """``/game computer remove:`` and ``/game substitute side:`` reach the right handler; a
    mixed-up command is refused before anything is done."""
    from bot.i18n import catalogs

    tree = await catalogs.registered_tree()
    client = tree.client
    calls: list[tuple[str, tuple[Any, ...]]] = []
    refused: list[str] = []

    class Recorder:
        @contextlib.asynccontextmanager
        async def friendly(self, interaction: Any) -> Any:
            try:
                yield
            except ServiceError as error:
                refused.append(str(error))

        def __getattr__(self, name: str) -> Any:
            async def record(interaction: Any, *args: Any) -> None:
                calls.append((name, args))

            return record

    monkeypatch.setattr(type(client), "controller", Recorder(), raising=False)
    game = tree.get_command("game")
    interaction = SimpleNamespace(user=SimpleNamespace(id=HUMAN), channel_id=2, guild_id=None)
    computer = game.get_command("computer")
    await computer.callback(interaction, match="12", remove=True)
    await computer.callback(interaction, match="12", level="gentle", remove=True)
    assert calls == [("remove_computer", (12,))]
    assert refused == ["`remove:` takes the last computer player out: give no `level:` nor `side:`."]
    substitute = game.get_command("substitute")
    to = SimpleNamespace(id=SOUTH_USER, bot=False, mention=f"<@{SOUTH_USER}>")
    await substitute.callback(interaction, to=to)
    assert refused[-1].startswith("Name the seat to hand on")
    assert len(calls) == 1, "refused before anything"
