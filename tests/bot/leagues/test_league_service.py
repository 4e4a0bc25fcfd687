"""Leagues over the real store and match service: seasons played to the end, Swiss rounds
paired by themselves (and after a restart), forfeits, corrections, validation, servers apart."""

from __future__ import annotations

import sqlite3
from collections import Counter
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest

from bot.clock import WallClock
from bot.i18n import refusal
from bot.leagues.posts import LeagueDesk
from bot.leagues.records import FINISHED, LEFT, REMOVED, RUNNING, SIGNUP, League
from bot.leagues.service import PLAYING, LeagueService, Recorded
from bot.leagues.store import LeagueStore
from bot.pace import HOUR
from bot.service import LiveMatch, MatchService, ServiceError
from bot.storage import Store

START = 1_800_000_000.0
GUILD, OTHER_GUILD, CHANNEL, ADMIN = 1, 2, 3, 77
A, B, C, D, E = 11, 12, 13, 14, 15


class MovedClock(WallClock):
    """A wall clock the test moves (as in ``test_ticker``)."""

    def __init__(self) -> None:
        super().__init__(path="")
        self.at = START

    def now(self) -> float:
        return self.at


class RecordingDelivery:
    """What the league desk posts, without Discord: channel posts and the matches it opens."""

    def __init__(self) -> None:
        self.posts: list[str] = []
        self.started: list[int] = []

    async def post(self, channel_id: int, *, content: str, **_: object) -> str:
        assert channel_id == CHANNEL
        self.posts.append(content)
        return content  # Discord took it (``Delivery.post`` gives the message, or None)

    async def announce_start(self, live: LiveMatch) -> None:
        self.started.append(live.id)

    async def display_name(self, user_id: int, fallback: str, locale: str = "en") -> str:
        return f"player{user_id}"


class RecordingDesk(LeagueDesk):
    def __init__(self, leagues: LeagueService) -> None:
        self.recording = RecordingDelivery()
        super().__init__(self.recording, leagues)  # type: ignore[arg-type]

    @property
    def posts(self) -> list[str]:
        return self.recording.posts

    @property
    def started(self) -> list[int]:
        return self.recording.started


def leagues_over(store: Store, clock: WallClock | None = None) -> tuple[MatchService, LeagueService]:
    matches = MatchService(store, clock=clock)
    return matches, LeagueService(matches, LeagueStore(store))


async def signed_up(leagues: LeagueService, players: list[int], **settings: object) -> League:
    params: dict[str, object] = {"guild_id": GUILD, "user_id": ADMIN, "game": "pebbles", "name": "Spring"}
    params["channel_id"] = CHANNEL
    params.update(settings)
    league = await leagues.create(**params)  # type: ignore[arg-type]
    for player in players:
        await leagues.join(league.id, player, guild_id=GUILD)
    return league


async def win(matches: MatchService, match_id: int, winner: int) -> LiveMatch:
    """Play a Pebbles match out: ``winner`` bids higher, and takes the last pebble."""
    live = await matches.get(match_id)
    loser = next(s.user_id for s in live.seats if s.user_id != winner)
    await matches.act(match_id, winner, "bid 3")
    await matches.act(match_id, loser, "bid 1")
    for user, takes in ((winner, 3), (loser, 1), (winner, 3)):
        for _ in range(takes):
            result = await matches.act(match_id, user, "take")
        if not result.finished:
            await matches.act(match_id, user, "end")
    assert result.finished and result.match.state is not None
    assert result.match.state["result"]["winners"] == [result.match.role_of(winner)]
    return result.match


def lower_id_wins(live: LiveMatch) -> tuple[int, int]:
    users = sorted(s.user_id for s in live.seats)
    return users[0], users[1]


async def open_matches(leagues: LeagueService, league_id: int) -> list[int]:
    return [
        game.match_id
        for rnd in await leagues.schedule(league_id)
        for game in rnd.games
        if game.status == PLAYING and game.match_id is not None
    ]


async def test_a_round_robin_season_of_four_is_played_to_the_end(store: Store) -> None:
    clock = MovedClock()
    matches, leagues = leagues_over(store, clock)
    league = await signed_up(leagues, [A, B, C, D], pace="1h")
    assert league.status == SIGNUP and league.pace == "1h" and league.scoring_text == "2,1,0"

    opened = await leagues.start(league.id, guild_id=GUILD)
    assert opened.league.status == RUNNING and opened.league.current_round == 3
    assert len(opened.matches) == 6 and opened.byes == {}
    # Every pair meets once; every match is seated, started and marked with its round.
    pairs = Counter(frozenset(s.user_id for s in live.seats) for live in opened.matches)
    assert set(pairs) == {frozenset(pair) for pair in combinations([A, B, C, D], 2)}
    assert set(pairs.values()) == {1}
    schedule = await leagues.schedule(league.id)
    assert [len(rnd.games) for rnd in schedule] == [2, 2, 2]
    for rnd in schedule:
        for game in rnd.games:
            live = await matches.get(game.match_id or 0)
            assert live.record.status == "active" and live.record.league_id == league.id
            assert live.record.league_round == rnd.number and live.record.pace == "1h"
            assert {s.role: s.user_id for s in live.seats} == dict(game.seats)
            assert game.seats[0][0] == "north"  # Pairing.first takes the game's first role
            # Both are asked for a bid: both clocks run from the start.
            assert set(game.to_move) == set(game.players) and game.deadline == START + HOUR

    with pytest.raises(ServiceError, match="League matches cannot be paused"):
        await matches.vote_pause(opened.matches[0].id, opened.matches[0].seats[0].user_id, pause=True)
    with pytest.raises(ServiceError, match="has started already"):
        await leagues.start(league.id)
    with pytest.raises(ServiceError, match="Sign-ups for Spring are closed"):
        await leagues.join(league.id, E)

    # Five matches are played out (the lower id wins; one loser resigns), the last times out.
    ids = [live.id for live in opened.matches]
    recorded: list[Recorded] = []
    for number, match_id in enumerate(ids[:-1]):
        winner, loser = lower_id_wins(await matches.get(match_id))
        if number == 2:
            ended = (await matches.resign(match_id, loser)).match
        else:
            ended = await win(matches, match_id, winner)
        recorded.append(await leagues.record_result(ended))
        assert not recorded[-1].progress.finished
    assert recorded[2].result is not None and recorded[2].result.result.ending == "resignation"
    assert not recorded[2].result.result.forfeit  # a resignation is an ordinary loss
    again = await leagues.record_result(await matches.get(ids[0]))
    assert not again.new and again.result == recorded[0].result  # recorded once

    last = await matches.get(ids[-1])
    winner, loser = lower_id_wins(last)
    await matches.act(last.id, winner, "bid 2")
    assert await matches.time_out(last.id, last.role_of(loser) or "") is None  # not run out yet
    clock.at += HOUR + 1
    timed_out = await matches.time_out(last.id, last.role_of(loser) or "")
    assert timed_out is not None and timed_out.finished
    final = await leagues.record_result(timed_out.match)
    assert final.new and final.progress.finished and final.league.status == FINISHED
    assert final.result is not None
    assert final.result.result.ending == "timeout" and final.result.result.forfeited_by == {str(loser)}
    # An admin who confirms the timeout's winner keeps the forfeit (never rated); one who
    # reverses it records a result like any other.
    kept = await leagues.report(league.id, last.id, admin_id=ADMIN, reason="confirmed", winner=winner)
    assert kept.result is not None and kept.result.result.forfeited_by == {str(loser)}
    assert kept.result.result.ending == "timeout"
    reversed_ = await leagues.report(league.id, last.id, admin_id=ADMIN, reason="bot outage", winner=loser)
    assert reversed_.result is not None and not reversed_.result.result.forfeited_by
    assert reversed_.result.result.ending == "win"
    await leagues.report(league.id, last.id, admin_id=ADMIN, reason="outage was not the cause", winner=winner)

    rows = await leagues.standings(league.id, guild_id=GUILD)
    assert [(row.rank, row.player, row.points, row.won, row.lost) for row in rows] == [
        (1, str(A), 6, 3, 0),
        (2, str(B), 4, 2, 1),
        (3, str(C), 2, 1, 2),
        (4, str(D), 0, 0, 3),
    ]
    assert all(row.rating is not None for row in rows)
    assert rows[0].rating is not None and rows[3].rating is not None and rows[0].rating > rows[3].rating
    assert all(rnd.complete for rnd in await leagues.schedule(league.id))
    with pytest.raises(ServiceError, match="is over"):
        await leagues.leave(league.id, A)


async def test_a_swiss_season_of_five_pairs_itself_and_survives_a_restart(db_path: Path) -> None:
    store = await Store.open(db_path)
    matches, leagues = leagues_over(store)
    league = await signed_up(leagues, [A, B, C, D, E], format="swiss", rounds=3)
    opened = await leagues.start(league.id)
    assert opened.league.current_round == 1 and len(opened.matches) == 2 and len(opened.byes) == 1
    with pytest.raises(ServiceError, match="Round 1 of Spring is still being played"):
        await leagues.next_round(league.id)
    with pytest.raises(ServiceError, match="all its rounds were drawn up"):
        await _round_robin_next_round(leagues)

    first, second = opened.matches
    await leagues.record_result(await win(matches, first.id, lower_id_wins(first)[0]))
    done = await leagues.record_result(await win(matches, second.id, lower_id_wins(second)[0]))
    assert done.progress.round_complete and done.progress.opened is not None
    round_two = done.progress.opened
    assert round_two.league.current_round == 2 and len(round_two.matches) == 2
    assert all(live.record.league_round == 2 for live in round_two.matches)

    # Round 2: one match ends and is recorded; the other ends as the bot stops, unrecorded.
    one, other = round_two.matches
    await leagues.record_result(await win(matches, one.id, lower_id_wins(one)[0]))
    await win(matches, other.id, lower_id_wins(other)[0])
    await RecordingDesk(leagues).sweep(start_up=True)  # what the bot had told before it stopped
    await store.close()

    store = await Store.open(db_path)
    try:
        matches, leagues = leagues_over(store)
        assert (await leagues.get(league.id)).current_round == 2
        (recovered,) = await leagues.recover()  # records the missing result and pairs round 3
        assert recovered.recorded == (other.id,) and not recovered.healed.matches
        created = recovered.created
        assert recovered.progress.opened is not None and recovered.progress.opened.matches == created
        desk = RecordingDesk(leagues)
        await desk.recovered(recovered)  # told once, by the restarted bot: the match ended unseen
        assert [line.split(":")[0] for line in desk.posts] == [
            f"🏁 Spring, match #{other.id}",
            "🗓️ **Spring**",
        ]
        assert "round 3 paired, 2 matches" in desk.posts[1] and "Bye in round 3" in desk.posts[1]
        assert sorted(desk.started) == sorted(live.id for live in created)
        assert len(created) == 2 and all(live.record.league_round == 3 for live in created)
        assert await leagues.recover() == []  # nothing more to do
        for live in created:
            outcome = await leagues.record_result(await win(matches, live.id, lower_id_wins(live)[0]))
        assert outcome.progress.finished and outcome.league.status == FINISHED
        with pytest.raises(ServiceError, match="is over"):
            await leagues.next_round(league.id)

        schedule = await leagues.schedule(league.id)
        assert [len(rnd.games) for rnd in schedule] == [2, 2, 2]
        met = [frozenset(game.players) for rnd in schedule for game in rnd.games]
        assert len(met) == len(set(met))  # no repeat pairing
        byes = [rnd.bye for rnd in schedule]
        assert None not in byes and len(set(byes)) == 3  # a different player sits out each round
        for rnd in schedule:
            seated = [user for game in rnd.games for user in game.players] + [rnd.bye]
            assert sorted(seated) == [A, B, C, D, E]  # type: ignore[type-var]
        rows = await leagues.standings(league.id)
        assert sum(row.byes for row in rows) == 3
        assert sum(row.played for row in rows) == 12
        assert rows[0].player == str(A)  # A wins all his games
    finally:
        await store.close()


async def _round_robin_next_round(leagues: LeagueService) -> None:
    other = await leagues.create(guild_id=GUILD, user_id=ADMIN, game="pebbles", name="Other")
    for player in (A, B):
        await leagues.join(other.id, player)
    await leagues.start(other.id)
    await leagues.next_round(other.id)


async def test_leaving_forfeits_the_remaining_matches(store: Store) -> None:
    matches, leagues = leagues_over(store)
    league = await signed_up(leagues, [A, B, C, D])
    gone = await leagues.leave(league.id, D)  # before the start: simply leaves
    assert gone.resigned == () and not gone.progress.finished
    assert {p.user_id: p.status for p in await leagues.players(league.id)}[D] == LEFT
    with pytest.raises(ServiceError, match="You are not playing in Spring"):
        await leagues.leave(league.id, D)

    opened = await leagues.start(league.id)  # three players: three rounds, one bye each
    assert len(opened.matches) == 3 and len(opened.byes) == 3
    assert all(D not in (s.user_id for s in live.seats) for live in opened.matches)
    # C plays one of his moves, then leaves: both his matches are resigned and forfeited.
    his = [live for live in opened.matches if live.is_seated(C)]
    await matches.act(his[0].id, C, "bid 1")
    left = await leagues.leave(league.id, C)
    assert len(left.resigned) == 2 and all(act.finished for act in left.resigned)
    results = {stored.match_id: stored.result for stored in await leagues.store.results(league.id)}
    assert set(results) == {live.id for live in his}
    for result in results.values():
        assert result.forfeited_by == {str(C)} and result.ending == "forfeit"
        assert result.outcome(str(C)) == "L"
    assert not left.progress.finished

    rest = next(live for live in opened.matches if not live.is_seated(C))
    end = await leagues.record_result(await win(matches, rest.id, A))
    assert end.progress.finished
    rows = await leagues.standings(league.id)
    assert [(row.player, row.points, row.lost) for row in rows] == [
        (str(A), 4 + 2, 0),  # two wins and a bye
        (str(B), 2 + 2, 1),
        (str(C), 0 + 2, 2),
    ]


async def test_a_departure_cut_short_is_forfeited_by_the_recovery(store: Store) -> None:
    """His leaving is written first; a crash (or a busy database) before his matches were
    resigned leaves them in play until the recovery forfeits them."""
    matches, leagues = leagues_over(store)
    league = await signed_up(leagues, [A, B, C])
    opened = await leagues.start(league.id)
    his = {live.id for live in opened.matches if live.is_seated(C)}
    await leagues.store.set_player_status(league.id, C, LEFT)  # ... and the process died
    assert [(await matches.get(m)).record.status for m in sorted(his)] == ["active", "active"]

    recovered = await leagues.recover()
    assert [set(outcome.recorded) for outcome in recovered] == [his]
    results = {stored.match_id: stored.result for stored in await leagues.store.results(league.id)}
    assert set(results) == his
    assert all(r.forfeited_by == {str(C)} and r.ending == "forfeit" for r in results.values())
    assert await leagues.recover() == [], "forfeited once"


async def test_a_match_a_busy_database_kept_from_being_created_is_created_by_the_recovery(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The draw is committed first: the start still opens the other matches and says so."""
    matches, leagues = leagues_over(store)
    league = await signed_up(leagues, [A, B, C, D])
    create = matches.create_seated
    calls = 0

    async def busy_once(**kwargs: Any) -> LiveMatch:
        nonlocal calls
        calls += 1
        if calls == 2:
            raise sqlite3.OperationalError("database is locked")
        return await create(**kwargs)

    monkeypatch.setattr(matches, "create_seated", busy_once)
    opened = await leagues.start(league.id)
    assert len(opened.matches) == 5, "the others are opened"
    recovered = await leagues.recover()
    assert [len(outcome.healed.matches) for outcome in recovered] == [1]
    assert len(await open_matches(leagues, league.id)) == 6


async def test_a_removed_player_is_left_out_of_the_next_swiss_rounds(store: Store) -> None:
    matches, leagues = leagues_over(store)
    league = await signed_up(leagues, [A, B, C, D], format="swiss", rounds=3)
    opened = await leagues.start(league.id)
    assert len(opened.matches) == 2 and opened.byes == {}
    victim = opened.matches[0].seats[1].user_id
    removed = await leagues.remove(league.id, victim, admin_id=ADMIN, guild_id=GUILD)
    assert len(removed.resigned) == 1 and removed.resigned[0].match.id == opened.matches[0].id
    assert {p.user_id: p.status for p in await leagues.players(league.id)}[victim] == REMOVED
    stored = await leagues.store.result_of_match(opened.matches[0].id)
    assert stored is not None and stored.result.forfeited_by == {str(victim)}

    other = opened.matches[1]
    done = await leagues.record_result(await win(matches, other.id, lower_id_wins(other)[0]))
    assert done.progress.opened is not None
    round_two = done.progress.opened
    assert len(round_two.matches) == 1 and len(round_two.byes) == 1  # three left: a bye
    assert victim not in {s.user_id for s in round_two.matches[0].seats} | set(round_two.byes.values())
    with pytest.raises(ServiceError, match="removed you"):
        await _rejoin_removed(leagues, victim)


async def _rejoin_removed(leagues: LeagueService, victim: int) -> None:
    """A removed player cannot sign up again (tried on a league still taking sign-ups)."""
    fresh = await leagues.create(guild_id=GUILD, user_id=ADMIN, game="pebbles", name="Autumn")
    await leagues.join(fresh.id, victim)
    await leagues.remove(fresh.id, victim, admin_id=ADMIN)
    await leagues.join(fresh.id, victim)


async def test_a_double_round_robin_of_the_confrontation_swaps_sides(store: Store) -> None:
    matches, leagues = leagues_over(store)
    league = await signed_up(leagues, [A, B], game="confrontation", name="Ring War", double=True)
    opened = await leagues.start(league.id)
    assert len(opened.matches) == 2
    sides = [{s.role: s.user_id for s in live.seats} for live in opened.matches]
    assert sides[0]["fellowship"] == sides[1]["sauron"] and sides[0]["sauron"] == sides[1]["fellowship"]
    assert [live.record.league_round for live in opened.matches] == [1, 2]
    for live in opened.matches:  # Sauron resigns both
        ended = await matches.resign(live.id, {s.role: s.user_id for s in live.seats}["sauron"])
        outcome = await leagues.record_result(ended.match)
    assert outcome.progress.finished
    rows = await leagues.standings(league.id)
    assert [(row.points, row.won) for row in rows] == [(2, 1), (2, 1)]
    recorded = [stored.result for stored in await leagues.store.results(league.id)]
    assert [sorted(result.sides.values()) for result in recorded] == [["fellowship", "sauron"]] * 2


async def test_an_admin_corrects_a_result_and_the_history_is_kept(store: Store) -> None:
    matches, leagues = leagues_over(store)
    league = await signed_up(leagues, [A, B, C])
    opened = await leagues.start(league.id)
    first = opened.matches[0]
    with pytest.raises(ServiceError, match="still being played"):
        await leagues.report(league.id, first.id, admin_id=ADMIN, reason="x", draw=True)
    winner, loser = lower_id_wins(first)
    await leagues.record_result(await win(matches, first.id, winner))
    with pytest.raises(ServiceError, match="Name the winner"):
        await leagues.report(league.id, first.id, admin_id=ADMIN, reason="x")
    with pytest.raises(ServiceError, match="Say why"):
        await leagues.report(league.id, first.id, admin_id=ADMIN, reason=" ", draw=True)
    with pytest.raises(ServiceError, match="does not play"):
        await leagues.report(league.id, first.id, admin_id=ADMIN, reason="x", winner=E)
    corrected = await leagues.report(
        league.id, first.id, admin_id=ADMIN, reason="agreed draw", draw=True, guild_id=GUILD
    )
    assert corrected.result is not None and corrected.result.result.ending == "draw"
    history = await leagues.store.history(first.id)
    assert len(history) == 2 and history[0].corrected_by is None
    assert history[1].replaces == history[0].id and history[1].corrected_by == ADMIN
    assert history[1].reason == "agreed draw"
    rows = await leagues.standings(league.id)
    points = {row.player: row.points - 2 * row.byes for row in rows}  # without the byes begun
    assert points[str(winner)] == points[str(loser)] == 1  # a draw each
    again = await leagues.report(league.id, first.id, admin_id=ADMIN, reason="no, a win", winner=loser)
    assert again.result is not None and again.result.result.places == {str(loser): 1, str(winner): 2}
    assert len(await leagues.store.history(first.id)) == 3


async def test_a_league_of_tables_seats_a_multiplayer_game(store: Store) -> None:
    matches, leagues = leagues_over(store)
    players = [A, B, C, D, E, 16]
    league = await signed_up(leagues, players, game="lotr-risk", name="Risk", table_size=3, rounds=2)
    assert league.options["players"] == "3" and league.multiplayer
    opened = await leagues.start(league.id)
    assert len(opened.matches) == 4  # two tables of three, both rounds drawn up
    for live in opened.matches:
        assert len(live.seats) == 3 and live.record.options["players"] == "3"
    table = opened.matches[0]
    leaver, second_leaver, stayer = (s.user_id for s in table.seats)
    going_on = await matches.resign(table.id, leaver)  # Risk: the others play on without him
    assert not going_on.finished
    ended = await matches.resign(table.id, second_leaver)
    assert ended.finished  # the last player left wins
    recorded = await leagues.record_result(ended.match)
    assert recorded.result is not None
    places = recorded.result.result.places
    assert places == {str(stayer): 1, str(second_leaver): 2, str(leaver): 3}  # the first to leave last
    # Seats share the place after the winners, unless the result gives totals to rank them by.
    second = opened.matches[1]
    roles = [s.role or "" for s in second.seats]
    users = {s.role: str(s.user_id) for s in second.seats}
    game = await leagues.store.game_of_match(second.id)
    assert game is not None
    by_totals = {"winners": [roles[0]], "reason": "score", "args": {"totals": {roles[1]: 5, roles[2]: 9}}}
    ranked = await leagues._result_of(league, game, second.record, by_totals)
    assert ranked.places == {users[roles[0]]: 1, users[roles[2]]: 2, users[roles[1]]: 3}
    assert ranked.ending == "win"
    tied = await leagues._result_of(league, game, second.record, {"winners": [roles[0]], "reason": "x"})
    assert tied.places == {users[roles[0]]: 1, users[roles[1]]: 2, users[roles[2]]: 2}
    drawn = await leagues._result_of(league, game, second.record, {"winners": [], "reason": "x"})
    assert set(drawn.places.values()) == {1} and drawn.ending == "draw"


async def test_swiss_tables_are_seated_by_the_standings_round_by_round(store: Store) -> None:
    matches, leagues = leagues_over(store)
    players = [A, B, C, D, E, 16, 17]
    league = await signed_up(
        leagues, players, game="lotr-risk", name="Risk", table_size=4, rounds=2, format="swiss"
    )
    opened = await leagues.start(league.id)
    assert sorted(len(live.seats) for live in opened.matches) == [3, 4]  # seven at tables of four
    assert sorted(live.record.options["players"] for live in opened.matches) == ["3", "4"]
    for live in opened.matches:
        for seat in live.seats[1:]:  # a resigned player leaves; the last one left wins
            ended = await matches.resign(live.id, seat.user_id)
        assert ended.finished
        recorded = await leagues.record_result(ended.match)
    assert recorded.progress.round_complete and recorded.progress.opened is not None
    round_two = recorded.progress.opened.matches
    assert len(round_two) == 2 and all(live.record.league_round == 2 for live in round_two)
    assert sorted(user for live in round_two for user in (s.user_id for s in live.seats)) == players
    mine = await leagues.my_matches(A, league_id=league.id, guild_id=GUILD)
    assert [game.round for game in mine] == [1, 2]


async def test_a_match_created_before_a_crash_is_reused(store: Store) -> None:
    matches, leagues = leagues_over(store)
    league = await signed_up(leagues, [A, B])
    game = ((("north", A), ("south", B)),)
    await leagues.store.draw_up(league.id, {1: (list(game), [])}, status=RUNNING)
    early = await matches.create_seated(
        guild_id=GUILD,
        channel_id=CHANNEL,
        game="pebbles",
        seats=[(A, "north"), (B, "south")],
        league_id=league.id,
        league_round=1,
    )
    # Linked, not created again (and returned: its thread was never opened).
    (recovered,) = await leagues.recover()
    assert [live.id for live in recovered.healed.matches] == [early.id] and not recovered.recorded
    assert await leagues.recover() == []
    assert len(await store.read_all("SELECT id FROM matches WHERE league_id = ?", (league.id,))) == 1
    [scheduled] = (await leagues.schedule(league.id))[0].games
    assert scheduled.match_id == early.id and scheduled.status == PLAYING


async def test_settings_are_checked_with_friendly_messages(store: Store) -> None:
    clock = MovedClock()
    _, leagues = leagues_over(store, clock)
    base: dict[str, object] = {"guild_id": GUILD, "user_id": ADMIN, "game": "pebbles", "name": "Spring"}
    refused: list[tuple[dict[str, object], str]] = [
        ({"game": "chess"}, "There is no game called `chess`"),
        ({"name": "  "}, "Give the league a name"),
        ({"name": "x" * 61}, "at most 60 characters"),
        ({"format": "knockout"}, "not a league format"),
        ({"format": "swiss"}, "needs its number of rounds"),
        ({"format": "swiss", "rounds": 0}, "1 to 50 rounds"),
        ({"rounds": 3}, "leave `rounds` out"),
        ({"format": "swiss", "rounds": 2, "double": True}, "Only a two-player round-robin"),
        ({"pace": "soon"}, "is not a duration"),
        ({"scoring": "3,1"}, "is not a scoring"),
        ({"scoring": "0,1,2"}, "A win must score more than a loss"),
        ({"scoring": "inf,1,0"}, "A win must score more than a loss"),
        ({"table_size": 3}, "seats 2 players at a table, not 3"),
        ({"options": {"pile": "8"}}, "not a choice for pile"),
        ({"signup_deadline": START - 1}, "must be in the future"),
        ({"game": "lotr-risk", "table_size": 3, "options": {"players": "4"}}, "leave the `players` option"),
        ({"game": "lotr-risk", "table_size": 3}, "needs its number of rounds"),
    ]
    for changes, message in refused:
        with pytest.raises(ServiceError, match=message):
            await leagues.create(**{**base, **changes})  # type: ignore[arg-type]

    league = await leagues.create(
        **{**base, "format": "Round Robin", "scoring": "3, 1, 0", "signup_deadline": START + HOUR}  # type: ignore[arg-type]
    )
    assert league.format == "round-robin" and league.scoring_text == "3,1,0"
    with pytest.raises(ServiceError, match="has a league called spring already"):
        await leagues.create(**{**base, "name": "spring"})  # type: ignore[arg-type]
    await leagues.join(league.id, A)
    with pytest.raises(ServiceError, match="signed up for Spring already"):
        await leagues.join(league.id, A)
    with pytest.raises(ServiceError, match="needs at least 2 players"):
        await leagues.start(league.id)
    clock.at += HOUR
    with pytest.raises(ServiceError, match="closed <t:"):
        await leagues.join(league.id, B)
    assert [due.id for due in await leagues.due_to_start()] == [league.id]

    swiss = await leagues.create(**{**base, "name": "Swiss", "format": "swiss", "rounds": 4})  # type: ignore[arg-type]
    for player in (A, B, C):
        await leagues.join(swiss.id, player)
    with pytest.raises(ServiceError, match="at most 3 rounds"):
        await leagues.start(swiss.id)
    await leagues.end(swiss.id)
    with pytest.raises(ServiceError, match="is over already"):
        await leagues.end(swiss.id)


async def test_a_server_never_sees_another_servers_leagues(store: Store) -> None:
    _, leagues = leagues_over(store)
    ours = await leagues.create(guild_id=GUILD, user_id=ADMIN, game="pebbles", name="Spring")
    theirs = await leagues.create(guild_id=OTHER_GUILD, user_id=ADMIN, game="pebbles", name="Spring")
    assert [league.id for league in await leagues.leagues(GUILD)] == [ours.id]
    assert [league.id for league in await leagues.leagues(OTHER_GUILD)] == [theirs.id]
    assert (await leagues.by_name(OTHER_GUILD, "SPRING")).id == theirs.id
    for call in (
        leagues.get(theirs.id, guild_id=GUILD),
        leagues.join(theirs.id, A, guild_id=GUILD),
        leagues.start(theirs.id, guild_id=GUILD),
        leagues.standings(theirs.id, guild_id=GUILD),
        leagues.schedule(theirs.id, guild_id=GUILD),
        leagues.end(theirs.id, guild_id=GUILD),
    ):
        with pytest.raises(ServiceError, match=f"There is no league #{theirs.id} in this server"):
            await call
    with pytest.raises(ServiceError, match="no league called Autumn"):
        await leagues.by_name(GUILD, "Autumn")
    await leagues.set_admin_role(GUILD, 555)
    assert await leagues.admin_role(GUILD) == 555 and await leagues.admin_role(OTHER_GUILD) is None
    await leagues.join(ours.id, A, guild_id=GUILD)
    await leagues.join(ours.id, B, guild_id=GUILD)
    await leagues.start(ours.id, guild_id=GUILD)
    assert len(await leagues.my_matches(A, guild_id=GUILD)) == 1
    assert await leagues.my_matches(A, guild_id=OTHER_GUILD) == []


async def test_a_round_robin_bye_counts_only_once_its_round_has_begun(store: Store) -> None:
    matches, leagues = leagues_over(store)
    league = await signed_up(leagues, [A, B, C])
    opened = await leagues.start(league.id)  # three players: three rounds, one bye in each
    by_round = {rnd.number: rnd for rnd in await leagues.schedule(league.id)}
    assert sorted(opened.byes) == [1, 2, 3]

    def points() -> Counter[str]:
        return Counter({row.player: int(row.points) for row in rows})

    rows = await leagues.standings(league.id)
    assert points() == Counter({str(opened.byes[1]): 2}), "only the first round's bye counts at the start"
    first = by_round[1].games[0]
    assert first.match_id is not None
    winner = min(first.players)
    await leagues.record_result(await win(matches, first.match_id, winner))
    rows = await leagues.standings(league.id)
    expected = Counter({str(opened.byes[1]): 2, str(opened.byes[2]): 2})
    expected[str(winner)] += 2
    assert points() == expected, "round 1 complete: round 2 has begun, its bye counts"
    assert sum(row.byes for row in rows) == 2


async def test_a_leagues_matches_speak_the_leagues_language(store: Store) -> None:
    _, leagues = leagues_over(store, MovedClock())
    league = await signed_up(leagues, [A, B], language="ja")
    assert league.language == "ja" and (await leagues.get(league.id)).language == "ja"  # stored
    opened = await leagues.start(league.id, guild_id=GUILD)
    assert [live.record.language for live in opened.matches] == ["ja"]
    older = await signed_up(leagues, [C, D], name="Autumn")
    assert older.language is None  # a league without one: English


async def test_a_chinese_leagues_posts_and_standings_speak_chinese_and_refusals_the_readers(
    store: Store,
) -> None:
    matches, leagues = leagues_over(store, MovedClock())
    desk = RecordingDesk(leagues)
    league = await signed_up(leagues, [A, B], language="zh-CN")
    opened = await leagues.start(league.id, guild_id=GUILD)
    await desk.announce(opened)
    assert desk.posts[-1].startswith("🗓️ **Spring**：第 1 轮已配对，1 场对局。"), desk.posts[-1]
    (live,) = opened.matches
    await desk.match_finished(await win(matches, live.id, A))
    result, over, table = desk.posts[-3:]
    assert result.startswith(f"🏁 Spring，对局 #{live.id}：") and over.startswith("🏆 **Spring 已结束。**")
    # The standings' text version: its heads, legend and form in Chinese.
    assert "玩家" in table and "积分" in table and "近况：最近 5 局，最后一局最新。" in table, table
    assert "胜" in table and "Pts" not in table and "Form" not in table, table
    with pytest.raises(ServiceError) as refused:
        await leagues.join(league.id, C, guild_id=GUILD)
    assert refusal("da", refused.value) == "Tilmeldingen til Spring er lukket: den er slut."
    assert str(refused.value) == "Sign-ups for Spring are closed: it is over."


def test_a_standings_picture_draws_its_words_in_its_language_with_the_cjk_font() -> None:
    from renderers.standings import Table, describe_standings, render_standings_image, standings_text
    from tests.renderers.capture import drawn_texts

    rows = [
        {"rank_text": "1", "name": "Frodo", "played": 2, "won": 2, "points": 4, "tiebreak": 2, "form": "WW"},
        {"rank_text": "2", "name": "Sam", "played": 2, "won": 1, "lost": 1, "points": 2, "form": "LW"},
    ]
    with drawn_texts() as found:
        render_standings_image(Table("夏季杯", "对决", "第 2 轮", "swiss", rows, lang="zh-CN"))
    cjk = {d.text for d in found if "NotoSansCJKsc" in d.font}
    assert {"玩家", "积分", "胜", "负", "近况（越靠右越新）：", "排名"} & cjk == {
        "玩家",
        "积分",
        "胜",
        "负",
        "近况（越靠右越新）：",
    }
    assert not {d.text for d in found} & {"Player", "Pts", "Form", "win", "loss", "PLAYERS"}
    with drawn_texts() as found:
        render_standings_image(Table("Sommerpokal", "", "", "swiss", rows, lang="ja"))
    assert any(d.text == "勝" and "NotoSansCJKjp" in d.font for d in found), found
    danish = Table("Sommerpokal", "", "", "swiss", rows, lang="da")
    assert "Spiller" in standings_text(danish) and "VV" in standings_text(danish)
    assert describe_standings(danish).startswith("Stillingen i Sommerpokal: 2 spillere, rangeret efter point")
