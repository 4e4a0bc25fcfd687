"""What a league looks like on Discord: its texts, and the posts when a league match ends.

Matches of a round are announced like any match (their thread, one mention per player); the
league channel gets one line per result, a line when a round is complete or paired, the end
(by the last result, or by an admin) with the final table, and why a league could not start at
its sign-up deadline. Those lines go through the league outbox (:mod:`.outbox`): the service
writes them with the events they tell, :meth:`LeagueDesk.flush` posts them, and the sweep posts
what is left.
Nothing here is secret: league results are public.
"""

from __future__ import annotations

import io
import logging
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import asdict
from typing import Any

import discord

from games.core import find
from renderers.standings import describe_standings, render_standings, standings_text

from .. import rendering, texts
from ..discord_send import entry_nonce
from ..failures import log_failure
from ..i18n import SOURCE, join, match_locale, nt, t
from ..match_posts import NO_PINGS, Delivery
from ..service import LiveMatch, ServiceError
from .outbox import (
    CLAIM_SECONDS,
    CORRECTED,
    ENDED,
    MAX_ATTEMPTS,
    NOT_STARTED,
    OVER,
    PAIRED,
    RESULT,
    ROUND_COMPLETE,
    STANDINGS,
    Outbox,
    Pending,
)
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


def paired_text(league: League, data: Mapping[str, Any], locale: str) -> str:
    """The league channel's line for rounds paired (an outbox post's ``data``)."""
    rounds = [int(number) for number in data["rounds"]]
    paired = nt(
        locale,
        "🗓️ **{league}**: round {rounds} paired, {matches}. `/league schedule` shows who plays whom.",
        "🗓️ **{league}**: rounds {rounds} paired, {matches}. `/league schedule` shows who plays whom.",
        len(rounds),
        league=league.name,
        rounds=join(locale, (str(r) for r in rounds)),
        matches=nt(locale, "{count} match", "{count} matches", int(data["matches"])),
    )
    byes = [
        t(locale, "Bye in round {round}: {player}", round=r, player=texts.mention(int(user), locale))
        for r, user in sorted((int(r), int(user)) for r, user in data["byes"])
    ]
    return "\n".join([paired, *byes])


class LeagueDesk:
    """Posts for league events through the bot's :class:`Delivery`: the match threads a league
    opens, and the league channel's lines, which the service writes in the league outbox with
    their events (:mod:`.outbox`) and :meth:`flush` posts."""

    def __init__(self, delivery: Delivery, leagues: LeagueService) -> None:
        self.delivery = delivery
        self.leagues = leagues
        self.outbox = Outbox(leagues.store.store, leagues.matches.clock)
        #: When this process began telling leagues (see :meth:`sweep`).
        self.since = leagues.matches.clock.now()
        self._nonce_key: str | None = None

    async def open_threads(self, matches: Sequence[LiveMatch]) -> None:
        """Open the threads of new league matches (each player is mentioned once there)."""
        for live in matches:
            try:
                await self.delivery.announce_start(live)
            except Exception as exc:  # committed: the announcer tells it later; the others go on
                log_failure(log, f"could not announce league match {live.id}", exc)

    async def announce(self, opened: Opened) -> None:
        """New league matches: their threads, then the league channel's pairings (outbox)."""
        await self.open_threads(opened.matches)
        await self.flush(opened.league.id, opened.posts_by)

    async def match_finished(self, live: LiveMatch) -> None:
        """A match ended: if it is a league match, record it, move the league on, tell it."""
        if live.record.league_id is None:
            return
        try:
            recorded = await self.leagues.record_result(live)
        except ServiceError as exc:
            log.warning("league result of match %s not recorded: %s", live.id, exc)
            return
        await self.progressed(recorded.progress)

    async def recovered(self, outcome: Recovered) -> None:
        """At start-up, what :meth:`LeagueService.recover` did: the threads of the matches it
        created, and the posts of what it recorded, paired or ended (outbox)."""
        await self.open_threads(outcome.created)
        await self.flush(outcome.league.id, outcome.progress.posts_by)

    async def progressed(self, progress: Progress) -> None:
        """After a result, a departure or a correction: the threads of a round paired now, and
        the league channel's lines (outbox)."""
        if progress.opened is not None:
            await self.open_threads(progress.opened.matches)
        await self.flush(progress.league.id, progress.posts_by)

    async def ended(self, progress: Progress, told: Collection[str] = ()) -> None:
        """An admin ended a league: the end and the final table in the league channel (outbox),
        but for the posts of the ``told`` kinds, which the admin's public answer made there."""
        if progress.posts_by is not None:
            await self.outbox.told(progress.league.id, tuple(told), progress.posts_by)
        await self.flush(progress.league.id, progress.posts_by)

    async def sweep(self, *, start_up: bool = False) -> None:
        """Post what every league's outbox still holds (with the leagues' recovery). A post just
        written is left to the operation that wrote it until that hold runs out; at start-up,
        one written before this process started is taken at once (its writer died, most likely).
        Then the posts done more than 30 days ago are deleted."""
        await self.flush(born_by=self.since + CLAIM_SECONDS if start_up else None)
        await self.outbox.clean()

    async def flush(
        self, league_id: int | None = None, mine: str | None = None, *, born_by: float | None = None
    ) -> None:
        """Post what the outbox holds, one league's or every league's, oldest first: after an
        operation, with the posts it wrote (held by ``mine``), which it gives back at the end
        (another operation's post before them held them up) and tries once more.

        Each post is claimed first (:meth:`Outbox.claim`), so that nothing else posts it too, and
        marked sent as soon as Discord took it. A post that fails stays pending for the next
        sweep; a post that fails or is held elsewhere holds its league's later posts back (they
        keep their order). Posts written meanwhile are read again."""
        blocked = await self._flush(league_id, mine, born_by)
        if mine is not None:
            await self.outbox.give_back(mine)
            if blocked:
                await self._flush(league_id, None, born_by)

    async def _flush(self, league_id: int | None, mine: str | None, born_by: float | None) -> bool:
        """One pass of :meth:`flush`: whether a post held elsewhere held a league back."""
        leases = self.leagues.matches.leases
        held: set[int] = set()
        read: dict[int, League | None] = {}  # each league read once a pass, not once a post
        blocked = False
        posted = True
        while posted:
            posted = False
            for post in await self.outbox.pending(league_id):
                if post.league_id in held:
                    continue
                at = leases.clock.now()
                if not await self.outbox.claim(post.id, leases.holder, at, mine=mine, born_by=born_by):
                    held.add(post.league_id)
                    blocked = True
                    continue
                if post.league_id not in read:
                    read[post.league_id] = await self.leagues.store.league(post.league_id)
                if await self._send(read[post.league_id], post):
                    await self.outbox.sent(post.id)
                    posted = True
                    continue
                held.add(post.league_id)
                await self._failed(post)
        return blocked

    async def _failed(self, post: Pending) -> None:
        if await self.outbox.failed(post):
            log.warning(
                "league %s: dropped its post %s (%s) after %d failed attempts: the league channel is "
                "gone or the bot may not post there",
                post.league_id,
                post.id,
                post.event,
                MAX_ATTEMPTS,
            )
            return
        log.warning(
            "league %s: post %s (%s) not posted (attempt %d of %d); tried again at the next sweep",
            post.league_id,
            post.id,
            post.event,
            post.attempts + 1,
            MAX_ATTEMPTS,
        )

    async def _send(self, league: League | None, post: Pending) -> bool:
        """Post one outbox post in its ``league``'s channel: whether Discord took it (or there
        is no channel to post in). Its nonce is the post's, the same at every attempt, so that
        Discord answers a repeat made soon after a crash with the message it has."""
        if league is None or league.channel_id is None:
            return True
        try:
            said = await self._said(league, post)
        except Exception as exc:  # e.g. its match unreadable: counted as a failed attempt
            log_failure(log, f"league {league.id}: post {post.id} ({post.event}) could not be made", exc)
            return False
        if self._nonce_key is None:
            self._nonce_key = await self.leagues.matches.store.nonce_key()
        nonce = entry_nonce(self._nonce_key, "league-post", post.id)
        return await self.delivery.post(league.channel_id, nonce=nonce, **said) is not None

    async def _said(self, league: League, post: Pending) -> dict[str, Any]:
        """What a post says (``delivery.post``'s arguments), in the league's language."""
        if post.kind == STANDINGS:
            return await self.standings_post(league)
        locale = told_in(league)
        data = post.data
        if post.kind == RESULT:
            live = await self.leagues.matches.get(int(data["match"]))
            said = t(
                locale,
                "🏁 {league}, match #{match}: {result}",
                league=league.name,
                match=live.id,
                result=texts.result_text(live, locale),
            )
        elif post.kind == CORRECTED:
            said = t(
                locale,
                "✏️ {league}: the result of match #{match} was corrected ({reason}).",
                league=league.name,
                match=data["match"],
                reason=data["reason"],
            )
        elif post.kind == PAIRED:
            said = paired_text(league, data, locale)
        elif post.kind == ROUND_COMPLETE:
            number = data["round"]
            said = t(locale, "✅ {league}: round {round} is complete.", league=league.name, round=number)
        elif post.kind == ENDED:
            said = t(
                locale,
                "🏆 **{league}** was ended by a league admin: `/league standings`.",
                league=league.name,
            )
        elif post.kind == NOT_STARTED:
            said = t(
                locale,
                "⚠️ {league} could not start at its deadline: {reason} A league admin can "
                "`/league start` it once that is mended, or `/league end` it.",
                league=league.name,
                reason=data["reason"],
            )
        elif post.kind == OVER:
            if data.get("note"):
                said = t(
                    locale,
                    "🏆 **{league} is over.** {note} The final table:",
                    league=league.name,
                    note=data["note"],
                )
            else:
                said = t(locale, "🏆 **{league} is over.** The final table:", league=league.name)
        else:
            raise ValueError(f"unknown league post kind {post.kind!r}")
        return {"content": texts.clip(said), "allowed_mentions": NO_PINGS}

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
