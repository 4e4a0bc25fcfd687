"""A request once committed is answered truthfully, and its posts follow: a post (or a picture)
that fails afterwards is logged, never answered "nothing was changed", and does not keep the
other posts from going out (commit 548bf14 did this for ``/league start``; these are the rest)."""

from __future__ import annotations

import sqlite3
from types import SimpleNamespace
from typing import Any

import pytest

from bot import texts
from bot.app import PalantirBot
from bot.cogs.league import LeagueCog
from bot.computers.zombie import RESIGN
from bot.computers.zombie_posts import ZombieDesk
from bot.controller import Controller
from bot.leagues.service import LeagueService
from bot.leagues.store import LeagueStore
from bot.service import MatchService, ServiceError

from .conftest import NORTH_USER, SOUTH_USER, STRANGER, started_pebbles, through_bids
from .test_zombie_mode import THIRD, casual

NOTHING_CHANGED = "nothing was changed"


class Response:
    def __init__(self, said: list[str]) -> None:
        self.said = said
        self.done = False

    def is_done(self) -> bool:
        return self.done

    async def defer(self, *, ephemeral: bool = False, thinking: bool = False) -> None:
        self.done = True
        self.said.append("(deferred)")

    async def send_message(self, content: str = "", **kwargs: Any) -> None:
        self.done = True
        self.said.append(content)


class FollowUp:
    def __init__(self, said: list[str]) -> None:
        self.said = said

    async def send(self, content: str = "", **kwargs: Any) -> None:
        self.said.append(content)


class Asked:
    """An interaction: every answer, and every post the doubles make, in the order they came."""

    id = 4242
    locale = None
    message = None

    def __init__(self, user_id: int, said: list[str] | None = None) -> None:
        self.said: list[str] = [] if said is None else said
        self.user = SimpleNamespace(id=user_id, roles=[])
        self.guild_id = 1
        self.channel_id = 5
        self.permissions = SimpleNamespace(manage_guild=True)
        self.response = Response(self.said)
        self.followup = FollowUp(self.said)

    async def edit_original_response(self, **kwargs: Any) -> None:
        return None


async def broken(*args: Any, **kwargs: Any) -> Any:
    raise RuntimeError("Discord had a bad moment")


def league_cog(service: MatchService, leagues: Any, desk: Any, delivery: Any = None) -> LeagueCog:
    controller = Controller(service, delivery)
    return LeagueCog(SimpleNamespace(controller=controller, delivery=delivery), leagues, desk)  # type: ignore[arg-type]


LEAGUE = SimpleNamespace(id=3, name="Spring", channel_id=7, language=None)


async def get_league(league_id: int, *, guild_id: int | None = None) -> Any:
    return LEAGUE


async def test_a_removed_player_is_told_before_his_forfeits_are_posted(service: MatchService) -> None:
    said: list[str] = []

    async def remove(*args: Any, **kwargs: Any) -> Any:
        return SimpleNamespace(resigned=("first", "second"), progress="progress")

    async def after_entry(result: str) -> None:
        said.append(f"posted {result}")
        if result == "first":
            raise RuntimeError("Discord had a bad moment")

    async def progressed(progress: str) -> None:
        said.append("progressed")

    leagues = SimpleNamespace(get=get_league, remove=remove)
    cog = league_cog(
        service, leagues, SimpleNamespace(progressed=progressed), SimpleNamespace(after_entry=after_entry)
    )
    interaction: Any = Asked(NORTH_USER, said)
    player = SimpleNamespace(id=SOUTH_USER)
    await cog.group.get_command("remove").callback(interaction, league="3", player=player)  # type: ignore[union-attr]
    assert said == [
        "(deferred)",
        f"<@{SOUTH_USER}> was removed from Spring.",
        "posted first",
        "posted second",
        "progressed",
    ], "answered once committed; one failed post does not stop the others"


async def test_a_corrected_result_is_answered_before_the_round_it_completes_is_posted(
    service: MatchService,
) -> None:
    said: list[str] = []

    async def report(*args: Any, **kwargs: Any) -> Any:
        said.append("committed")
        return SimpleNamespace(progress="next round")

    async def progressed(progress: str) -> None:
        said.append(f"posted the {progress}")

    desk = SimpleNamespace(post=broken, progressed=progressed)
    cog = league_cog(service, SimpleNamespace(get=get_league, report=report), desk)
    interaction: Any = Asked(NORTH_USER, said)
    await cog.group.get_command("report").callback(  # type: ignore[union-attr]
        interaction, league="3", match="12", reason="a misclick", draw=True
    )
    assert said == [
        "(deferred)",
        "committed",
        "Result of match #12 corrected.",
        "posted the next round",
    ], "deferred first (the round may open many threads), answered once committed"


async def test_an_ended_league_whose_table_cannot_be_drawn_is_not_said_unchanged(
    service: MatchService,
) -> None:
    said: list[str] = []

    async def end(*args: Any, **kwargs: Any) -> Any:
        return SimpleNamespace(league=LEAGUE, posts_by="the end")

    async def ended(progress: Any, told: list[str]) -> None:
        said.append(f"the league channel told all but {told}")

    desk = SimpleNamespace(standings_post=broken, ended=ended)
    cog = league_cog(service, SimpleNamespace(get=get_league, end=end), desk)
    interaction: Any = Asked(NORTH_USER, said)
    await cog.group.get_command("end").callback(interaction, league="3")  # type: ignore[union-attr]
    assert said == [
        "🏆 Spring is over. The final table:",
        "the league channel told all but []",
    ], "no denial of the end, and the league's channel is still told (from another channel: all)"


async def join_by_command(service: MatchService, leagues: LeagueService, user_id: int) -> list[str]:
    cog = league_cog(service, leagues, SimpleNamespace())
    interaction: Any = Asked(user_id)
    await cog.group.get_command("join").callback(interaction, league="Spring")  # type: ignore[union-attr]
    return interaction.said


async def test_a_join_is_answered_with_the_count_of_its_own_transaction(
    service: MatchService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another player's sign-up committed right after his (before his answer) is not counted in
    it; nor is a player who left."""
    leagues = LeagueService(service, LeagueStore(service.store))
    league = await leagues.create(guild_id=1, user_id=NORTH_USER, game="pebbles", name="Spring")
    await leagues.join(league.id, THIRD)
    await leagues.leave(league.id, THIRD)
    join = leagues.join

    async def and_another_right_after(league_id: int, user_id: int, **kwargs: Any) -> Any:
        joined = await join(league_id, user_id, **kwargs)
        await join(league_id, SOUTH_USER, **kwargs)
        return joined

    monkeypatch.setattr(leagues, "join", and_another_right_after)
    said = await join_by_command(service, leagues, NORTH_USER)
    assert said == ["You signed up for Spring (1 player so far)."]


async def test_a_join_is_not_said_unchanged_when_the_database_is_busy_after_it(
    service: MatchService, monkeypatch: pytest.MonkeyPatch
) -> None:
    leagues = LeagueService(service, LeagueStore(service.store))
    league = await leagues.create(guild_id=1, user_id=NORTH_USER, game="pebbles", name="Spring")
    await leagues.join(league.id, SOUTH_USER)
    join = leagues.join

    async def then_busy(league_id: int, user_id: int, **kwargs: Any) -> Any:
        joined = await join(league_id, user_id, **kwargs)
        for reader in (service.store.read_all, service.store.read_one):
            monkeypatch.setattr(service.store, reader.__name__, busy)
        return joined

    monkeypatch.setattr(leagues, "join", then_busy)
    said = await join_by_command(service, leagues, NORTH_USER)
    assert said == ["You signed up for Spring (2 players so far)."]
    monkeypatch.undo()
    assert [p.user_id for p in await leagues.players(league.id)] == [SOUTH_USER, NORTH_USER]


async def test_a_join_whose_answer_fails_is_not_then_said_unchanged(service: MatchService) -> None:
    leagues = LeagueService(service, LeagueStore(service.store))
    league = await leagues.create(guild_id=1, user_id=NORTH_USER, game="pebbles", name="Spring")
    cog = league_cog(service, leagues, SimpleNamespace())
    interaction: Any = Asked(NORTH_USER)
    interaction.response.send_message = broken
    await cog.group.get_command("join").callback(interaction, league="Spring")  # type: ignore[union-attr]
    assert interaction.said == [], "no second answer saying nothing was changed"
    assert [p.user_id for p in await leagues.players(league.id)] == [NORTH_USER]


async def test_a_handed_over_seat_is_answered_done_when_its_posts_fail(service: MatchService) -> None:
    live = await started_pebbles(service)
    controller = Controller(service, SimpleNamespace(seat_changed=broken))  # type: ignore[arg-type]
    interaction: Any = Asked(NORTH_USER)
    await controller.substitute(interaction, live, NORTH_USER, STRANGER)
    assert interaction.said == ["(deferred)", f"Done: <@{STRANGER}> now plays North in match #{live.id}."]
    assert (await service.get(live.id)).user_of("north") == STRANGER


async def test_a_pause_asked_for_is_noted_when_its_post_fails(service: MatchService) -> None:
    live = await started_pebbles(service)
    controller = Controller(service, SimpleNamespace(post_match=broken))  # type: ignore[arg-type]
    interaction: Any = Asked(NORTH_USER)
    await controller.pause(interaction, live, pause=True)
    assert interaction.said[-1].startswith("Noted: match")
    assert not any(NOTHING_CHANGED in s for s in interaction.said)


async def test_a_cancelled_lobby_is_not_followed_by_nothing_was_changed(service: MatchService) -> None:
    lobby = await service.create(guild_id=1, channel_id=2, user_id=NORTH_USER, game="pebbles", side="north")
    controller = Controller(service, SimpleNamespace(refresh_lobby=broken))  # type: ignore[arg-type]
    interaction: Any = Asked(NORTH_USER)
    await controller.cancel(interaction, lobby.id)
    assert interaction.said == [f"Lobby #{lobby.id} cancelled."]


async def test_a_committed_move_is_not_answered_busy_when_its_answer_cannot_read_the_database(
    service: MatchService,
) -> None:
    """The move stands: "the storage is busy, nothing was changed" would have him make it again."""
    live = await started_pebbles(service)
    await through_bids(service, live)

    async def told(result: Any) -> None:
        return None

    async def locked(*args: Any) -> bool:
        raise sqlite3.OperationalError("database is locked")

    delivery = SimpleNamespace(after_entry=told, has_private_place=locked)
    controller = Controller(service, delivery)  # type: ignore[arg-type]
    interaction: Any = Asked(NORTH_USER)
    before = live.record.version
    await controller.act(interaction, live, "take")
    assert interaction.said[0] == "(deferred)"
    assert interaction.said[1].startswith("✅ ") and "`/hand`" in interaction.said[1]
    assert len(interaction.said) == 2
    assert (await service.get(live.id)).record.version == before + 1, "the move stands"


async def test_one_lapsed_vote_that_cannot_be_told_does_not_keep_the_others_untold() -> None:
    decisions = [SimpleNamespace(offer=SimpleNamespace(match_id=n)) for n in (1, 2)]

    async def lapsed() -> list[Any]:
        return decisions

    delivery: Any = SimpleNamespace(service=SimpleNamespace(zombie=SimpleNamespace(lapsed=lapsed)))
    desk = ZombieDesk(delivery)
    told: list[int] = []

    async def decided(decision: Any) -> None:
        told.append(decision.offer.match_id)
        if decision.offer.match_id == 1:
            raise RuntimeError("Discord had a bad moment")

    desk.decided = decided  # type: ignore[method-assign]
    await desk.lapse()
    assert told == [1, 2]


async def test_one_recovered_league_that_cannot_be_told_does_not_keep_the_others_untold() -> None:
    outcomes = [SimpleNamespace(league=SimpleNamespace(id=n)) for n in (1, 2)]
    told: list[int] = []

    async def recover() -> list[Any]:
        return outcomes

    async def recovered(outcome: Any) -> None:
        told.append(outcome.league.id)
        if outcome.league.id == 1:
            raise RuntimeError("Discord had a bad moment")

    async def sweep(*, start_up: bool) -> None:  # the league outbox's
        told.append(0)

    bot: Any = SimpleNamespace(
        leagues=SimpleNamespace(recover=recover),
        league_desk=SimpleNamespace(recovered=recovered, sweep=sweep),
    )
    await PalantirBot.recover_leagues(bot)
    assert told == [1, 2, 0], "the others told, then the outbox swept"


async def test_leagues_due_to_start_start_each_whatever_befalls_another(service: MatchService) -> None:
    """One league's busy database leaves the next one starting; a start's failed announcement
    is not taken for a refusal (that would clear its deadline and post that it could not start)."""
    due = [SimpleNamespace(id=n, name=f"L{n}", language=None) for n in (1, 2, 3)]
    done: list[str] = []

    async def due_to_start() -> list[Any]:
        return due

    async def start_at_deadline(league_id: int) -> Any:
        if league_id == 1:
            raise sqlite3.OperationalError("database is locked")
        done.append(f"started {league_id}")
        return league_id

    async def announce(opened: int) -> None:
        done.append(f"announced {opened}")
        raise ServiceError("a thread could not be opened")

    leagues = SimpleNamespace(due_to_start=due_to_start, start_at_deadline=start_at_deadline)
    bot: Any = SimpleNamespace(
        store=service.store, service=service, leagues=leagues, league_desk=SimpleNamespace(announce=announce)
    )
    bot.start_due_league = lambda league: PalantirBot.start_due_league(bot, league)

    async def recover_leagues() -> None:  # (its turn comes at the first tick)
        done.append("recovered")

    bot.recover_leagues = recover_leagues
    await PalantirBot.start_due_leagues(bot)
    done.remove("recovered")
    assert done == ["started 2", "announced 2", "started 3", "announced 3"]


@pytest.mark.parametrize("unexpected", [False, True])
async def test_one_league_that_cannot_be_brought_up_to_date_leaves_the_others_recovered(
    service: MatchService, monkeypatch: pytest.MonkeyPatch, unexpected: bool
) -> None:
    leagues = LeagueService(service, LeagueStore(service.store))
    running = [SimpleNamespace(id=1), SimpleNamespace(id=2)]

    async def with_status(status: str) -> list[Any]:
        return running

    async def games(league_id: int) -> list[Any]:
        return []

    async def opened(league: Any) -> Any:
        if league.id == 1:
            raise sqlite3.OperationalError("database is locked") if unexpected else ServiceError("no")
        return SimpleNamespace(matches=(), league=league, byes={})

    async def advance(league: Any) -> Any:
        return SimpleNamespace(league=league, opened=None, finished=True)  # (to be told)

    monkeypatch.setattr(leagues.store, "leagues_with_status", with_status)
    monkeypatch.setattr(leagues.store, "games", games)
    monkeypatch.setattr(leagues, "_open", opened)
    monkeypatch.setattr(leagues, "_advance", advance)
    found = await leagues.recover()
    assert [outcome.healed.league.id for outcome in found] == [2]


async def test_a_resignation_the_others_vote_on_is_answered_before_the_vote_is_opened(
    service: MatchService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Opening the vote reads and commits: the click is answered (its buttons frozen) first,
    as a resignation without a vote is, so that it never outlives Discord's 3 seconds."""
    live = await casual(service)
    interaction: Any = Asked(NORTH_USER)
    opened, answered_first = service.zombie.open, []

    async def open_vote(*args: Any) -> Any:
        answered_first.append(interaction.response.is_done())
        return await opened(*args)

    monkeypatch.setattr(service.zombie, "open", open_vote)
    controller = Controller(service, SimpleNamespace(service=service))  # type: ignore[arg-type]
    await controller.resign_confirmed(interaction, live.id, texts.public_step(live))
    assert answered_first == [True]
    assert interaction.said[0] == "(deferred)" and interaction.said[-1].startswith("You left match")


async def test_a_resumed_match_is_not_then_said_unchanged(
    service: MatchService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Resumed, said so: the look whether a computer is to move may fail without a denial."""
    live = await started_pebbles(service)
    for user in (NORTH_USER, SOUTH_USER):
        await service.vote_pause(live.id, user, pause=True)
    await service.vote_pause(live.id, NORTH_USER, pause=False)

    async def fine(*args: Any, **kwargs: Any) -> None:
        return None

    monkeypatch.setattr(service, "get", broken)
    controller = Controller(service, SimpleNamespace(post_match=fine, refresh_lobby=fine))  # type: ignore[arg-type]
    interaction: Any = Asked(SOUTH_USER)
    await controller.pause(interaction, live, pause=False)
    assert interaction.said == ["(deferred)", f"Done: match #{live.id} is resumed."]


async def test_a_decided_vote_is_not_then_said_unchanged(
    service: MatchService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The last vote hands the seat to a computer (committed): closing the vote's post, which
    reads the match, may fail; the voter is still told it is done."""
    live = await casual(service)
    assert await service.zombie.open(live.id, NORTH_USER, RESIGN) is not None
    await service.zombie.vote(live.id, SOUTH_USER, True)
    monkeypatch.setattr(service, "get", broken)
    controller = Controller(service, SimpleNamespace(service=service))  # type: ignore[arg-type]
    interaction: Any = Asked(THIRD)
    interaction.message = SimpleNamespace(content="Shall a computer play on?", edit=fine_edit)
    await controller.zombie_vote(interaction, live.id, agree=True)
    assert interaction.said == ["(deferred)", "Done: a computer plays on."]


async def fine_edit(**kwargs: Any) -> None:
    return None


async def busy(*args: Any, **kwargs: Any) -> Any:
    raise sqlite3.OperationalError("database is locked")


async def test_an_opened_lobby_is_not_then_said_unchanged(
    service: MatchService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Opened and posted: remembering its message may meet a busy database, without a denial."""
    monkeypatch.setattr(service, "attach_lobby_message", busy)
    controller = Controller(service, SimpleNamespace())  # type: ignore[arg-type]
    interaction: Any = Asked(NORTH_USER)
    interaction.channel = None

    async def original_response() -> Any:
        return SimpleNamespace(id=77)

    interaction.original_response = original_response
    await controller.new(interaction, "pebbles", {}, "north")
    assert len(interaction.said) == 1 and "⚠️" not in interaction.said[0]
    assert len(await service.lobbies(1)) == 1


async def test_a_lobby_whose_answer_fails_is_posted_in_its_channel(service: MatchService) -> None:
    """Opened (committed) but the answer failed (the 3 s window missed): the lobby is posted in
    its channel instead and its message remembered, so it is never left unseen."""
    posts: list[tuple[int, str]] = []

    async def post(channel_id: int, **kwargs: Any) -> Any:
        posts.append((channel_id, kwargs["content"]))
        return SimpleNamespace(id=79)

    controller = Controller(service, SimpleNamespace(post=post))  # type: ignore[arg-type]
    interaction: Any = Asked(NORTH_USER)
    interaction.channel = None
    interaction.response.send_message = broken
    await controller.new(interaction, "pebbles", {}, "north")
    [lobby] = await service.lobbies(1)
    assert posts == [(5, texts.lobby_text(await service.get(lobby.id)))]
    assert (await service.get(lobby.id)).record.lobby_message_id == 79
    assert not interaction.said, "nobody to answer, and nothing said twice"


async def test_a_lobby_whose_answer_failed_but_arrived_is_not_posted_again(service: MatchService) -> None:
    """The answer's error came, but Discord has the answer (a timeout after it was taken): the
    lobby is not posted a second time; the answer is remembered as its message."""
    posts: list[int] = []

    async def post(channel_id: int, **kwargs: Any) -> Any:
        posts.append(channel_id)
        return SimpleNamespace(id=79)

    async def original_response() -> Any:
        return SimpleNamespace(id=77)

    controller = Controller(service, SimpleNamespace(post=post))  # type: ignore[arg-type]
    interaction: Any = Asked(NORTH_USER)
    interaction.channel = None
    interaction.response.send_message = broken
    interaction.original_response = original_response
    await controller.new(interaction, "pebbles", {}, "north")
    [lobby] = await service.lobbies(1)
    assert not posts and (await service.get(lobby.id)).record.lobby_message_id == 77


async def test_an_opened_rematch_is_not_then_said_unchanged(
    service: MatchService, monkeypatch: pytest.MonkeyPatch
) -> None:
    live = await started_pebbles(service)
    await service.resign(live.id, SOUTH_USER)

    async def post(channel_id: int, **kwargs: Any) -> Any:
        return SimpleNamespace(id=78)

    monkeypatch.setattr(service, "attach_lobby_message", busy)
    controller = Controller(service, SimpleNamespace(post=post))  # type: ignore[arg-type]
    interaction: Any = Asked(NORTH_USER)
    await controller.rematch(interaction, live.id)
    assert interaction.said[0] == "(deferred)" and interaction.said[1].startswith("Rematch lobby opened")
    assert len(interaction.said) == 2
