"""``/league``: server-run leagues (sign-ups, rounds, standings), thin over LeagueService.

Admin commands need Manage Server, or the league-admin role set with ``/league config``.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from games.core import find

from .. import texts
from ..choices import matches, truncate
from ..clock import CLOCK
from ..i18n import best, guild_locale, msg, nt, t
from ..leagues.outbox import ENDED, STANDINGS
from ..leagues.posts import LeagueDesk, game_line, league_line, schedule_text, status_words, told_in
from ..leagues.records import League
from ..leagues.service import LeagueService
from ..pace import PaceError, parse_duration
from ..service import ServiceError
from .common import LANGUAGE_CHOICES, Choice, parse_match_id, reader_locale
from .game import game_autocomplete, pace_autocomplete

if TYPE_CHECKING:
    from ..app import PalantirBot

log = logging.getLogger(__name__)

LANGUAGE_HELP_LEAGUE = "The language of the league's matches (default: the server's)"

FORMATS = [
    app_commands.Choice(
        name="round-robin: every pair plays once (or twice, sides swapped)", value="round-robin"
    ),
    app_commands.Choice(name="swiss: N rounds, paired by score, no repeats", value="swiss"),
]


IN_A_SERVER = msg("Leagues live in a server: use this in one.")


def parse_options(text: str | None) -> dict[str, str]:
    """``"edition=trilogy mode=lotr"`` as game options.

    >>> parse_options("edition=trilogy  mode=lotr")
    {'edition': 'trilogy', 'mode': 'lotr'}
    """
    found: dict[str, str] = {}
    for part in (text or "").replace(",", " ").split():
        name, sep, value = part.partition("=")
        if not sep or not name or not value:
            raise ServiceError(
                msg("Game options are written `name=value`, e.g. `variant=classic`; not `{part}`.", part=part)
            )
        found[name.strip().lower()] = value.strip()
    return found


class LeagueCog(commands.Cog):
    """The ``/league`` group."""

    def __init__(self, bot: PalantirBot, leagues: LeagueService, desk: LeagueDesk) -> None:
        self.bot = bot
        self.leagues = leagues
        self.desk = desk
        self.group = app_commands.Group(name="league", description="Server-run leagues.", guild_only=True)
        self._build()

    async def cog_load(self) -> None:
        self.bot.tree.add_command(self.group)

    async def cog_unload(self) -> None:
        self.bot.tree.remove_command(self.group.name)

    @property
    def controller(self) -> Any:
        return self.bot.controller

    # -- helpers ---------------------------------------------------------------------
    async def league_of(self, interaction: discord.Interaction[Any], text: str) -> League:
        guild = interaction.guild_id
        if guild is None:
            raise ServiceError(IN_A_SERVER)
        value = text.strip().lstrip("#")
        if value.isdigit():
            return await self.leagues.get(int(value), guild_id=guild)
        return await self.leagues.by_name(guild, value)

    async def require_admin(self, interaction: discord.Interaction[Any]) -> None:
        if interaction.guild_id is None:
            raise ServiceError(IN_A_SERVER)
        if interaction.permissions.manage_guild:
            return
        role = await self.leagues.admin_role(interaction.guild_id)
        roles = {r.id for r in getattr(interaction.user, "roles", [])}
        if role is None or role not in roles:
            raise ServiceError(
                msg("Only a league admin can do that: Manage Server, or the role set with `/league config`.")
            )

    async def reader(self, interaction: discord.Interaction[Any]) -> str:
        """The language of a private answer: the reader's (see bot.i18n)."""
        return str(await self.controller.locale_of(interaction))

    async def reply(self, interaction: discord.Interaction[Any], text: str, *, public: bool = False) -> None:
        if interaction.response.is_done():
            await interaction.followup.send(texts.clip(text), ephemeral=not public)
        else:
            await interaction.response.send_message(
                texts.clip(text), ephemeral=not public, allowed_mentions=discord.AllowedMentions.none()
            )

    # -- commands ----------------------------------------------------------------------
    def _build(self) -> None:
        group = self.group

        async def league_autocomplete(interaction: discord.Interaction[Any], current: str) -> list[Choice]:
            if interaction.guild_id is None:
                return []
            found = await self.leagues.leagues(interaction.guild_id)
            locale = await reader_locale(interaction)
            pairs = [
                (truncate(f"{lg.name} ({lg.game}, {status_words(lg.status, locale)})"), str(lg.id))
                for lg in found
            ]
            return [Choice(name=n, value=v) for n, v in pairs if matches(current, n)][:25]

        @app_commands.describe(
            game="Which game",
            name="The league's name",
            format="round-robin (default) or swiss",
            rounds="Swiss (and tables of 3-4): how many rounds",
            pace="Time control of every match (a preset or e.g. 2d+12h/5d)",
            scoring="Points for win,draw,loss (default 2,1,0)",
            options="Game options as name=value, e.g. variant=classic or edition=trilogy",
            table_size="Multiplayer games: players per table (3 or 4)",
            double="Round-robin: every pair plays twice, sides swapped",
            signup_closes="Sign-ups close after this long, e.g. 3d (the league then starts by itself)",
            channel="Where the league's news is posted and its matches played (default: here)",
            language=LANGUAGE_HELP_LEAGUE,
        )
        @app_commands.choices(format=FORMATS, language=LANGUAGE_CHOICES)
        @app_commands.autocomplete(game=game_autocomplete, pace=pace_autocomplete)
        @group.command(name="create", description="Create a league (league admins).")
        async def create(
            interaction: discord.Interaction[Any],
            game: str,
            name: str,
            format: str = "round-robin",
            rounds: int | None = None,
            pace: str | None = None,
            scoring: str | None = None,
            options: str | None = None,
            table_size: int | None = None,
            double: bool = False,
            signup_closes: str | None = None,
            channel: discord.TextChannel | None = None,
            language: str | None = None,
        ) -> None:
            async with self.controller.friendly(interaction):
                await self.require_admin(interaction)
                assert interaction.guild_id is not None
                deadline = None
                if signup_closes:
                    try:
                        deadline = CLOCK.now() + parse_duration(signup_closes)
                    except PaceError as exc:
                        raise ServiceError(*exc.args) from None
                league = await self.leagues.create(
                    guild_id=interaction.guild_id,
                    user_id=interaction.user.id,
                    game=game,
                    name=name,
                    options=parse_options(options),
                    format=format,
                    rounds=rounds,
                    pace=pace,
                    scoring=scoring,
                    signup_deadline=deadline,
                    channel_id=channel.id if channel else interaction.channel_id,
                    table_size=table_size,
                    double=double,
                    language=best(language, guild_locale(interaction)),
                )
                locale = told_in(league)  # a public post: the league's language
                await self.reply(
                    interaction,
                    t(
                        locale,
                        "🏟️ New league: {league}\nSign up with `/league join league:{name}`.",
                        league=league_line(league, 0, locale),
                        name=league.name,
                    ),
                    public=True,
                )

        Body = Callable[[discord.Interaction[Any], League], Awaitable[None]]

        def league_command(name: str, description: str, admin: bool = False) -> Callable[[Body], Body]:
            def wrap(body: Body) -> Body:
                @app_commands.describe(league="Which league")
                @app_commands.autocomplete(league=league_autocomplete)
                @group.command(name=name, description=description)
                async def run(interaction: discord.Interaction[Any], league: str) -> None:
                    async with self.controller.friendly(interaction):
                        if admin:
                            await self.require_admin(interaction)
                        await body(interaction, await self.league_of(interaction, league))

                return body

            return wrap

        @league_command("join", "Sign up for a league.")
        async def join(interaction: discord.Interaction[Any], league: League) -> None:
            joined = await self.leagues.join(league.id, interaction.user.id, guild_id=interaction.guild_id)
            said = nt(
                await self.reader(interaction),
                "You signed up for {league} ({count} player so far).",
                "You signed up for {league} ({count} players so far).",
                joined.players,  # counted with his sign-up
                league=joined.league.name,
            )
            # Committed: a failed reply is logged, never followed by "nothing was changed".
            await self.controller.deliver_committed(self.reply(interaction, said))

        @league_command("leave", "Leave a league (after its start your remaining matches are forfeited).")
        async def leave(interaction: discord.Interaction[Any], league: League) -> None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            gone = await self.leagues.leave(league.id, interaction.user.id, guild_id=interaction.guild_id)
            locale = await self.reader(interaction)
            if gone.resigned:
                said = nt(
                    locale,
                    "You left {league}. {count} match forfeited.",
                    "You left {league}. {count} matches forfeited.",
                    len(gone.resigned),
                    league=league.name,
                )
            else:
                said = t(locale, "You left {league}.", league=league.name)
            await self.reply(interaction, said)  # committed: he is answered before the posts
            for result in gone.resigned:
                await self.controller.deliver_committed(self.bot.delivery.after_entry(result))
            await self.controller.deliver_committed(self.desk.progressed(gone.progress))

        @league_command("start", "Close sign-ups and start the first round (league admins).", admin=True)
        async def start(interaction: discord.Interaction[Any], league: League) -> None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            opened = await self.leagues.start(league.id, guild_id=interaction.guild_id)
            said = nt(
                await self.reader(interaction),
                "{league} started: {count} match opened.",
                "{league} started: {count} matches opened.",
                len(opened.matches),
                league=league.name,
            )
            # Committed: the admin is answered at once, then the threads open (many, in a big league).
            await self.reply(interaction, said)
            await self.controller.deliver_committed(self.desk.announce(opened))

        @league_command("next-round", "Pair the next Swiss round now (league admins).", admin=True)
        async def next_round(interaction: discord.Interaction[Any], league: League) -> None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            opened = await self.leagues.next_round(league.id, guild_id=interaction.guild_id)
            said = nt(
                await self.reader(interaction),
                "Round paired: {count} match opened.",
                "Round paired: {count} matches opened.",
                len(opened.matches),
            )
            await self.reply(interaction, said)
            await self.controller.deliver_committed(self.desk.announce(opened))

        @league_command("end", "End the season and archive the league (league admins).", admin=True)
        async def end(interaction: discord.Interaction[Any], league: League) -> None:
            ended = await self.leagues.end(league.id, guild_id=interaction.guild_id)
            over = ended.league
            locale = told_in(over)  # public: the league's language
            # Answered here, publicly; in the league channel, the answer is the league's news.
            here = over.channel_id == interaction.channel_id
            told: list[str] = []

            async def answer() -> None:
                await interaction.response.send_message(
                    t(locale, "🏆 {league} is over. The final table:", league=over.name)
                )
                if here:
                    told.append(ENDED)
                await interaction.followup.send(**await self.desk.standings_post(over))
                if here:
                    told.append(STANDINGS)

            # Ended: an answer or a table that fails is logged, never said unchanged; what the
            # answer did not say in the league channel is posted there from the league outbox.
            await self.controller.deliver_committed(answer())
            await self.controller.deliver_committed(self.desk.ended(ended, told))

        @league_command("standings", "The league table (a picture, with its text version).")
        async def standings(interaction: discord.Interaction[Any], league: League) -> None:
            await interaction.response.defer(thinking=True)
            await interaction.followup.send(**await self.desk.standings_post(league))

        @league_command("schedule", "Every round: who plays whom, and how it stands.")
        async def schedule(interaction: discord.Interaction[Any], league: League) -> None:
            rounds = await self.leagues.schedule(league.id, guild_id=interaction.guild_id)
            await self.reply(interaction, schedule_text(league, rounds, await self.reader(interaction)))

        @app_commands.describe(league="Which league (default: every league you play in here)")
        @app_commands.autocomplete(league=league_autocomplete)
        @group.command(name="my-matches", description="Your league matches: whose turn, and the deadline.")
        async def my_matches(interaction: discord.Interaction[Any], league: str | None = None) -> None:
            async with self.controller.friendly(interaction):
                chosen = await self.league_of(interaction, league) if league else None
                games = await self.leagues.my_matches(
                    interaction.user.id,
                    league_id=chosen.id if chosen else None,
                    guild_id=interaction.guild_id,
                )
                locale = await self.reader(interaction)
                lines = []
                for game in games:
                    league_of_game = chosen or await self.leagues.get(game.league_id)
                    title = find(league_of_game.game).role_title
                    said = t(
                        locale,
                        "• {league}, round {round}: {game}",
                        league=league_of_game.name,
                        round=game.round,
                        game=game_line(game, title, locale),
                    )
                    lines.append(said)
                lines = lines or [t(locale, "You have no league match here.")]
                await self.reply(interaction, "\n".join(lines))

        @app_commands.describe(
            league="Which league",
            match="The match number",
            reason="Why the result is corrected (kept in the league's history)",
            winner="The winner (leave out for a draw)",
            draw="The match is a draw",
        )
        @app_commands.autocomplete(league=league_autocomplete)
        @group.command(name="report", description="Correct a league match's result (league admins).")
        async def report(
            interaction: discord.Interaction[Any],
            league: str,
            match: str,
            reason: str,
            winner: discord.User | None = None,
            draw: bool = False,
        ) -> None:
            async with self.controller.friendly(interaction):
                await self.require_admin(interaction)
                chosen = await self.league_of(interaction, league)
                number = parse_match_id(match)
                if number is None:
                    raise ServiceError(msg("Give the match number, e.g. `12`."))
                await interaction.response.defer(ephemeral=True, thinking=True)
                recorded = await self.leagues.report(
                    chosen.id,
                    number,
                    admin_id=interaction.user.id,
                    reason=reason,
                    winner=winner.id if winner else None,
                    draw=draw,
                    guild_id=interaction.guild_id,
                )
                said = t(await self.reader(interaction), "Result of match #{match} corrected.", match=number)
                # Committed: answered at once; the correction (told in the league channel through
                # the outbox) may complete a round and pair the next.
                await self.reply(interaction, said)
                await self.controller.deliver_committed(self.desk.progressed(recorded.progress))

        @app_commands.describe(league="Which league", player="The player to remove")
        @app_commands.autocomplete(league=league_autocomplete)
        @group.command(
            name="remove", description="Remove a player; his remaining matches are forfeited (admins)."
        )
        async def remove(interaction: discord.Interaction[Any], league: str, player: discord.User) -> None:
            async with self.controller.friendly(interaction):
                await self.require_admin(interaction)
                chosen = await self.league_of(interaction, league)
                await interaction.response.defer(ephemeral=True, thinking=True)
                gone = await self.leagues.remove(
                    chosen.id, player.id, admin_id=interaction.user.id, guild_id=interaction.guild_id
                )
                said = t(
                    await self.reader(interaction),
                    "{player} was removed from {league}.",
                    player=texts.mention(player.id),
                    league=chosen.name,
                )
                await self.reply(interaction, said)  # committed: answered before the posts (as leave)
                for result in gone.resigned:
                    await self.controller.deliver_committed(self.bot.delivery.after_entry(result))
                await self.controller.deliver_committed(self.desk.progressed(gone.progress))

        @app_commands.describe(admin_role="Members with this role may run leagues (leave out to clear)")
        @group.command(name="config", description="Who may run leagues in this server (Manage Server).")
        async def config(
            interaction: discord.Interaction[Any], admin_role: discord.Role | None = None
        ) -> None:
            async with self.controller.friendly(interaction):
                if interaction.guild_id is None or not interaction.permissions.manage_guild:
                    raise ServiceError(msg("Only a member with Manage Server can choose the league admins."))
                await self.leagues.set_admin_role(interaction.guild_id, admin_role.id if admin_role else None)
                locale = await self.reader(interaction)
                if admin_role:
                    said = t(locale, "League admins here: members with {role}.", role=admin_role.mention)
                else:
                    said = t(locale, "League admins here: members with Manage Server only.")
                await self.reply(interaction, said)

        @group.command(name="list", description="The leagues of this server.")
        async def list_(interaction: discord.Interaction[Any]) -> None:
            async with self.controller.friendly(interaction):
                if interaction.guild_id is None:
                    raise ServiceError(IN_A_SERVER)
                found = await self.leagues.leagues(interaction.guild_id)
                locale = await self.reader(interaction)
                lines = [league_line(lg, len(await self.leagues.players(lg.id)), locale) for lg in found]
                await self.reply(
                    interaction, "\n".join(lines) or t(locale, "No league here yet: `/league create`.")
                )
