"""What a league looks like on Discord: its texts, and the posts when a league match ends.

Matches of a round are announced like any match (their thread, one mention per player); the
league channel gets one line per result, a line when a round is complete or paired, and the
final table. Nothing here is secret: league results are public.
"""

from __future__ import annotations

import io
import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, replace
from typing import Any

import discord

from games.core import find
from games.core.words import counted, join_words, plural
from renderers.standings import describe_standings, render_standings, standings_text

from .. import rendering, texts
from ..match_posts import NO_PINGS, Delivery
from ..service import LiveMatch, ServiceError
from .records import League
from .service import LeagueService, Opened, Progress, Recovered, ScheduledGame, ScheduledRound
from .standings import TIEBREAKS, Row

log = logging.getLogger(__name__)

STATUS_WORDS = {"signup": "taking sign-ups", "running": "in play", "finished": "finished"}


def league_line(league: League, players: int) -> str:
    fmt = f"Swiss, {league.rounds} rounds" if league.format == "swiss" else "round-robin"
    if league.format != "swiss" and league.double:
        fmt += " (twice, sides swapped)"
    if league.multiplayer:
        fmt += f", tables of {league.table_size}"
    pace = f" · pace {league.pace}" if league.pace else ""
    deadline = (
        f" · sign-ups close <t:{int(league.signup_deadline)}:R>"
        if league.signup_deadline and league.status == "signup"
        else ""
    )
    status = STATUS_WORDS.get(league.status, league.status)
    return f"**{league.name}** (#{league.id}) — {fmt}{pace} · {players} players · {status}{deadline}"


def schedule_text(league: League, rounds: Sequence[ScheduledRound]) -> str:
    title = find(league.game).role_title
    lines = [f"**{league.name}** — schedule"]
    for round_ in rounds:
        lines.append(f"__Round {round_.number}__" + (" ✅" if round_.complete else ""))
        for game in round_.games:
            lines.append(f"• {game_line(game, title)}")
        if round_.bye is not None:
            lines.append(f"• bye: {texts.mention(round_.bye)}")
    return texts.clip("\n".join(lines))


def game_line(game: ScheduledGame, title: Callable[[str], str] = str) -> str:
    seats = " vs ".join(f"{texts.mention(user)} ({title(role)})" for role, user in game.seats)
    where = f" — match #{game.match_id}" if game.match_id is not None else ""
    if game.status == "playing":
        turn = " ".join(texts.mention(u) for u in game.to_move)
        extra = f", to move: {turn}" if turn else ""
        if game.deadline is not None:
            extra += f", clock runs out <t:{int(game.deadline)}:R>"
        return f"{seats}{where} (in play{extra})"
    if game.result is not None:
        return f"{seats}{where} ({result_words(game)})"
    return f"{seats}{where} ({game.status})"


def result_words(game: ScheduledGame) -> str:
    result = game.result
    if result is None:
        return game.status
    best = min(result.places.values())
    winners = [p for p, place in result.places.items() if place == best]
    ending = f", {result.ending}" if result.ending not in ("win", "") else ""
    if len(winners) > 1:
        return f"draw{ending}"
    return f"won by {texts.mention(int(winners[0]))}{ending}"


def standings_table(league: League, rows: Sequence[Row], names: Mapping[int, str]) -> dict[str, Any]:
    """The renderer's input (:mod:`renderers.standings`): the rows with display names."""
    ruleset = find(league.game)
    if league.status == "finished":
        stage = "final table"
    elif league.format == "swiss":
        stage = f"round {league.current_round} of {league.rounds}"
    else:
        stage = f"{league.current_round} rounds"
    return {
        "league": league.name,
        "game": ruleset.title.removeprefix("The Lord of the Rings: "),
        "round_line": stage,
        "tiebreak": TIEBREAKS.get(league.format, league.format),
        "rows": [
            {**asdict(row), "rank_text": row.rank_text, "name": names.get(int(row.player), "a player")}
            for row in rows
        ],
    }


class LeagueDesk:
    """Posts for league events through the bot's :class:`Delivery`."""

    def __init__(self, delivery: Delivery, leagues: LeagueService) -> None:
        self.delivery = delivery
        self.leagues = leagues

    async def announce(self, opened: Opened) -> None:
        """Open the threads of new league matches (each player is mentioned once there) and
        tell the league channel the round's pairings."""
        for live in opened.matches:
            await self.delivery.announce_start(live)
        if opened.matches:
            rounds = sorted({live.record.league_round or 0 for live in opened.matches})
            names = join_words(str(r) for r in rounds)
            byes = "".join(
                f"\nBye in round {r}: {texts.mention(user)}" for r, user in sorted(opened.byes.items())
            )
            await self.post(
                opened.league,
                f"🗓️ **{opened.league.name}**: {plural(len(rounds), 'round')} {names} paired, "
                f"{counted(len(opened.matches), 'match')}. "
                f"`/league schedule` shows who plays whom.{byes}",
            )

    async def match_finished(self, live: LiveMatch) -> None:
        """A match ended: if it is a league match, record it and move the league on."""
        if live.record.league_id is None:
            return
        try:
            recorded = await self.leagues.record_result(live)
        except ServiceError as exc:
            log.warning("league result of match %s not recorded: %s", live.id, exc)
            return
        if not recorded.new:
            return
        await self.post_result(recorded.league, live)
        await self.progressed(recorded.progress)

    async def post_result(self, league: League, live: LiveMatch) -> None:
        await self.post(league, f"🏁 {league.name}, match #{live.id}: {texts.result_text(live)}")

    async def recovered(self, outcome: Recovered) -> None:
        """At start-up, what :meth:`LeagueService.recover` did: the matches created now (their
        threads and pairings), the results recorded now, and the round they paired or the end
        they reached."""
        await self.announce(outcome.healed)  # drawn up before a crash: never announced
        for match_id in outcome.recorded:
            await self.post_result(outcome.league, await self.leagues.matches.get(match_id))
        progress = outcome.progress
        if not outcome.recorded:  # its completion was announced before the restart
            progress = replace(progress, round_complete=False)
        await self.progressed(progress)

    async def progressed(self, progress: Progress) -> None:
        league = progress.league
        if progress.opened is not None:
            await self.announce(progress.opened)
        elif progress.round_complete and not progress.finished:
            await self.post(league, f"✅ {league.name}: round {league.current_round} is complete.")
        if progress.finished:
            note = f" {progress.note}" if progress.note else ""
            await self.post(league, f"🏆 **{league.name} is over.**{note} The final table:")
            if league.channel_id is not None:
                await self.delivery.post(league.channel_id, **await self.standings_post(league))

    async def standings_post(self, league: League) -> dict[str, Any]:
        """The standings as a picture (drawn in a render worker) with its text version."""
        rows = await self.leagues.standings(league.id)
        names = {
            int(row.player): await self.delivery.display_name(int(row.player), "a player") for row in rows
        }
        table = standings_table(league, rows, names)
        png = await rendering.POOL.run(render_standings, table)
        text = standings_text(table)
        sides = await self.leagues.side_ratings(league.id)
        if sides:
            title = find(league.game).role_title
            parts = [
                f"{names.get(int(row.player), 'a player')}: "
                + ", ".join(f"{title(side)} {value:g}" for side, value in sorted(sides[row.player].items()))
                for row in rows
                if row.player in sides
            ]
            extra = "\nRatings by side: " + " · ".join(parts)
            text = text + extra if len(text) + len(extra) <= 2000 else text
        picture = discord.File(
            io.BytesIO(png),
            filename=f"league-{league.id}-standings.png",
            description=describe_standings(table),
        )
        return {"content": text, "file": picture, "allowed_mentions": NO_PINGS}

    async def post(self, league: League, text: str) -> None:
        if league.channel_id is None:
            return
        await self.delivery.post(league.channel_id, content=texts.clip(text), allowed_mentions=NO_PINGS)
