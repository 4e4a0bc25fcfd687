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
from renderers.standings import describe_standings, render_standings, standings_text

from .. import rendering, texts
from ..failures import log_failure
from ..i18n import SOURCE, in_words, join, match_locale, nt, t
from ..match_posts import NO_PINGS, Delivery
from ..service import LiveMatch, ServiceError
from .records import League
from .service import LeagueService, Opened, Progress, Recovered, ScheduledGame, ScheduledRound
from .standings import TIEBREAKS, Row

log = logging.getLogger(__name__)


def told_in(league: League) -> str:
    """The language of a league's public posts (the league's; English when unset)."""
    return match_locale(league.language)


def status_words(status: str, locale: str) -> str:
    if status == "signup":
        return t(locale, "taking sign-ups")
    if status == "running":
        return t(locale, "in play")
    if status == "finished":
        return t(locale, "finished")
    return status


def format_words(league: League, locale: str) -> str:
    """ "Swiss, 5 rounds", "round-robin (twice, sides swapped)", with ", tables of 4"."""
    if league.format == "swiss":
        played = nt(locale, "Swiss, {count} round", "Swiss, {count} rounds", league.rounds or 0)
    elif league.double:
        played = t(locale, "round-robin (twice, sides swapped)")
    else:
        played = t(locale, "round-robin")
    if league.multiplayer:
        return t(locale, "{format}, tables of {size}", format=played, size=league.table_size)
    return played


def league_line(league: League, players: int, locale: str = SOURCE) -> str:
    parts = [format_words(league, locale)]
    if league.pace:
        parts.append(t(locale, "pace {pace}", pace=league.pace))
    parts.append(nt(locale, "{count} player", "{count} players", players))
    parts.append(status_words(league.status, locale))
    if league.signup_deadline and league.status == "signup":
        parts.append(t(locale, "sign-ups close <t:{deadline}:R>", deadline=int(league.signup_deadline)))
    return t(
        locale, "**{league}** (#{id}) — {facts}", league=league.name, id=league.id, facts=" · ".join(parts)
    )


def schedule_text(league: League, rounds: Sequence[ScheduledRound], locale: str = SOURCE) -> str:
    title = find(league.game).role_title
    lines = [t(locale, "**{league}** — schedule", league=league.name)]
    for round_ in rounds:
        head = t(locale, "__Round {round}__", round=round_.number)
        lines.append(head + (" ✅" if round_.complete else ""))
        for game in round_.games:
            lines.append(f"• {game_line(game, title, locale)}")
        if round_.bye is not None:
            lines.append("• " + t(locale, "bye: {player}", player=texts.mention(round_.bye, locale)))
    return texts.clip("\n".join(lines))


def game_line(game: ScheduledGame, title: Callable[[str], str] = str, locale: str = SOURCE) -> str:
    seats = texts.versus(
        [
            t(locale, "{player} ({side})", player=texts.mention(user, locale), side=title(role))
            for role, user in game.seats
        ],
        locale,
    )
    if game.status == "playing":
        turn = " ".join(texts.mention(u, locale) for u in game.to_move)
        if turn and game.deadline is not None:
            state = t(
                locale,
                "in play, to move: {players}, clock runs out <t:{deadline}:R>",
                players=turn,
                deadline=int(game.deadline),
            )
        elif turn:
            state = t(locale, "in play, to move: {players}", players=turn)
        elif game.deadline is not None:
            state = t(locale, "in play, clock runs out <t:{deadline}:R>", deadline=int(game.deadline))
        else:
            state = t(locale, "in play")
    elif game.result is not None:
        state = result_words(game, locale)
    else:
        state = game_status(game.status, locale)
    if game.match_id is not None:
        return t(locale, "{seats} — match #{match} ({state})", seats=seats, match=game.match_id, state=state)
    return t(locale, "{seats} ({state})", seats=seats, state=state)


def game_status(status: str, locale: str) -> str:
    """A scheduled game's status that is not play or a result (waiting for its match, over,
    cancelled)."""
    if status == "waiting":
        return t(locale, "waiting")
    if status == "finished":
        return t(locale, "finished")
    if status == "cancelled":
        return t(locale, "cancelled")
    return status


def ending_words(ending: str, locale: str) -> str:
    if ending == "resignation":
        return t(locale, "by resignation")
    if ending == "timeout":
        return t(locale, "on time")
    if ending == "forfeit":
        return t(locale, "by forfeit")
    return ending


def result_words(game: ScheduledGame, locale: str = SOURCE) -> str:
    result = game.result
    if result is None:
        return game_status(game.status, locale)
    best = min(result.places.values())
    winners = [p for p, place in result.places.items() if place == best]
    plain = result.ending in ("win", "draw", "")
    if len(winners) > 1:
        if plain:
            return t(locale, "draw")
        return t(locale, "draw, {ending}", ending=ending_words(result.ending, locale))
    winner = texts.mention(int(winners[0]), locale)
    if plain:
        return t(locale, "won by {player}", player=winner)
    return t(locale, "won by {player}, {ending}", player=winner, ending=ending_words(result.ending, locale))


def standings_table(
    league: League, rows: Sequence[Row], names: Mapping[int, str], locale: str | None = None
) -> dict[str, Any]:
    """The renderer's input (:mod:`renderers.standings`): the rows with display names, its words
    in ``locale`` (by default the league's language)."""
    ruleset = find(league.game)
    locale = locale or told_in(league)
    if league.status == "finished":
        stage = t(locale, "final table")
    elif league.format == "swiss":
        stage = t(locale, "round {round} of {rounds}", round=league.current_round, rounds=league.rounds)
    else:
        stage = nt(locale, "{count} round", "{count} rounds", league.current_round)
    return {
        "league": league.name,
        "game": ruleset.title.removeprefix("The Lord of the Rings: "),
        "round_line": stage,
        "tiebreak": TIEBREAKS.get(league.format, league.format),
        "lang": locale,
        "rows": [
            {
                **asdict(row),
                "rank_text": row.rank_text,
                "name": names.get(int(row.player), t(locale, "a player")),
            }
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
            try:
                await self.delivery.announce_start(live)
            except Exception as exc:  # committed: the announcer tells it later; the others go on
                log_failure(log, f"could not announce league match {live.id}", exc)
        if opened.matches:
            locale = told_in(opened.league)
            rounds = sorted({live.record.league_round or 0 for live in opened.matches})
            paired = nt(
                locale,
                "🗓️ **{league}**: round {rounds} paired, {matches}. `/league schedule` shows who plays whom.",
                "🗓️ **{league}**: rounds {rounds} paired, {matches}. `/league schedule` shows who plays whom.",
                len(rounds),
                league=opened.league.name,
                rounds=join(locale, (str(r) for r in rounds)),
                matches=nt(locale, "{count} match", "{count} matches", len(opened.matches)),
            )
            byes = [
                t(locale, "Bye in round {round}: {player}", round=r, player=texts.mention(user, locale))
                for r, user in sorted(opened.byes.items())
            ]
            await self.post(opened.league, "\n".join([paired, *byes]))

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
        locale = told_in(league)
        said = texts.result_text(live, locale)
        await self.post(
            league,
            t(
                locale,
                "🏁 {league}, match #{match}: {result}",
                league=league.name,
                match=live.id,
                result=said,
            ),
        )

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
        locale = told_in(league)
        if progress.opened is not None:
            await self.announce(progress.opened)
        elif progress.round_complete and not progress.finished:
            await self.post(
                league,
                t(
                    locale,
                    "✅ {league}: round {round} is complete.",
                    league=league.name,
                    round=league.current_round,
                ),
            )
        if progress.finished:
            if progress.note:
                note = in_words(locale, progress.note)
                said = t(
                    locale, "🏆 **{league} is over.** {note} The final table:", league=league.name, note=note
                )
            else:
                said = t(locale, "🏆 **{league} is over.** The final table:", league=league.name)
            await self.post(league, said)
            if league.channel_id is not None:
                await self.delivery.post(league.channel_id, **await self.standings_post(league))

    async def standings_post(self, league: League) -> dict[str, Any]:
        """The standings as a picture (drawn in a render worker) with its text version, in the
        league's language."""
        locale = told_in(league)
        rows = await self.leagues.standings(league.id)
        somebody = t(locale, "a player")
        names = {
            int(row.player): await self.delivery.display_name(int(row.player), somebody, locale)
            for row in rows
        }
        table = standings_table(league, rows, names, locale)
        png = await rendering.POOL.run(render_standings, table)
        text = standings_text(table)
        sides = await self.leagues.side_ratings(league.id)
        if sides:
            title = find(league.game).role_title
            parts = [
                t(
                    locale,
                    "{player}: {ratings}",
                    player=names.get(int(row.player), somebody),
                    ratings=", ".join(
                        f"{title(side)} {value:g}" for side, value in sorted(sides[row.player].items())
                    ),
                )
                for row in rows
                if row.player in sides
            ]
            extra = "\n" + t(locale, "Ratings by side: {ratings}", ratings=" · ".join(parts))
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
