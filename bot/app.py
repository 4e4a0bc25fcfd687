"""The Discord client: start-up wiring (database, migrations, components, cogs, command sync)."""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
from typing import Any

import discord
import yarl
from discord.ext import commands

import games  # noqa: F401  (registers every game)

from . import rendering
from .catch_up import Announcer
from .cogs.game import GameCog
from .cogs.league import LeagueCog
from .cogs.per_game import PerGameCog
from .computers.driver import ComputerDriver
from .computers.zombie_posts import ZombieDesk
from .config import Config
from .controller import Controller
from .failures import log_failure
from .handlers.replies import UNEXPECTED
from .i18n import Msg, match_locale, msg
from .i18n.translator import CatalogTranslator
from .leagues.posts import LeagueDesk
from .leagues.records import League
from .leagues.service import LeagueService
from .leagues.store import LeagueStore
from .match_posts import Delivery
from .service import LiveMatch, MatchService
from .settings import SettingsService
from .storage import MatchRecord, Store
from .storage.trouble import storage_reply, storage_trouble
from .ticker import Ticker
from .ticker_posts import TimeDesk
from .ui import DYNAMIC_ITEMS

log = logging.getLogger(__name__)

#: Seconds between two IDENTIFYs of one bucket of shards (Discord's limit).
IDENTIFY_INTERVAL = 5.0

#: Seconds between two matches announced after a restart or an outage (see ``bot/catch_up.py``).
CATCH_UP_PAUSE = 0.25
#: With several bot processes on one database: seconds between two league recoveries (one
#: process does each), which finish what a process that died left undone.
LEAGUE_RECOVERY_EVERY = 300.0


def damaged_notice(match_id: int) -> Msg:
    """Posted once where a match plays when its saved log no longer replays (``DamagedMatch``)."""
    return msg(
        "⚠️ **For the server's admins:** match #{match} cannot go on: its saved moves no longer "
        "replay with this version of the bot. Nothing was changed. The bot's log names the entry "
        "(`match {match} cannot be rebuilt`); restore a backup of the database or ask the bot's "
        "maintainers. Other matches are not affected.",
        match=match_id,
    )


def make_bot(config: Config) -> PalantirBot:
    """The bot for ``config``: one unsharded connection, or the shards ``SHARD_IDS`` of
    ``SHARD_COUNT`` (discord.py's AutoShardedBot; other processes run the other shards).

    Any process acts on any match: the match's state, order of entries and background work live
    in the shared database, and interactions from DMs arrive only on shard 0.
    """
    if config.shard_count is None:
        return PalantirBot(config)
    return ShardedPalantirBot(config, shard_ids=list(config.shard_ids or ()), shard_count=config.shard_count)


def intents() -> discord.Intents:
    """Slash commands need no privileged intents: guilds only."""
    chosen = discord.Intents.none()
    chosen.guilds = True
    return chosen


class PalantirBot(commands.Bot):
    """Holds the service, delivery and controller; everything else lives in cogs."""

    store: Store
    service: MatchService
    delivery: Delivery
    controller: Controller
    settings: SettingsService
    ticker: Ticker
    leagues: LeagueService
    league_desk: LeagueDesk
    computers: ComputerDriver
    zombie_desk: ZombieDesk

    def __init__(self, config: Config, **shards: Any) -> None:
        super().__init__(
            **shards,
            command_prefix=commands.when_mentioned,
            intents=intents(),
            help_command=None,
            # Players are pinged when it is their move; nothing the bot posts may ping @everyone or roles.
            allowed_mentions=discord.AllowedMentions(
                everyone=False, roles=False, users=True, replied_user=False
            ),
        )
        self.config = config
        self.announcer: Announcer | None = None
        #: Whether this client reached READY at least once (``python -m bot`` retries differently).
        self.connected_once = False
        self._warm_up: asyncio.Task[None] | None = None
        self._recovered: asyncio.Task[None] | None = None
        #: How many shards may identify at once (``session_start_limit`` of ``GET /gateway/bot``).
        self.max_concurrency = 1
        self._computers_warm: asyncio.Task[None] | None = None

    async def setup_hook(self) -> None:
        await self.use_announced_gateway()
        self.store = await Store.open(self.config.database)
        self.service = MatchService(self.store)
        self.announcer = self.new_announcer()
        self.settings = SettingsService(self.store)
        self.delivery = Delivery(self, self.service, self.announcer, self.settings)
        self.controller = Controller(self.service, self.delivery, self.settings)
        self.leagues = LeagueService(self.service, LeagueStore(self.store))
        self.league_desk = LeagueDesk(self.delivery, self.leagues)
        self.controller.match_admin = self.league_admin_of
        self.service.on_damaged.append(self.report_damaged)
        self.delivery.on_finished.append(self.league_desk.match_finished)
        # Computer players play when the table has been told that a match waits for them.
        self.computers = ComputerDriver(self.service, self.delivery)
        self.delivery.on_told.append(self.computers.poke)
        # Zombie mode: a casual match's bank that ran out first asks whether a computer plays on.
        self.zombie_desk = ZombieDesk(self.delivery)
        self.service.timebanks.hold = self.zombie_desk.hold_timeout
        desk = TimeDesk(self.delivery, self.config.lobby_lifetime)
        self.ticker = Ticker(
            self.service,
            on_timeout=desk.timed_out,
            on_reminder=desk.remind,
            on_expired_lobby=desk.expire_lobby,
            on_tick=self.on_tick,
            lobby_lifetime=self.config.lobby_lifetime,
            every=self.config.tick_every,
        )
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        self.tree.error(self.on_app_command_error)
        await self.tree.set_translator(CatalogTranslator())
        await self.add_cog(GameCog(self))
        await self.add_cog(PerGameCog(self))
        await self.add_cog(LeagueCog(self, self.leagues, self.league_desk))
        # Matches are read from the database when first used (and rebuilt from their log if
        # their saved position is damaged): start-up time and memory do not grow with them.
        await self.sync_commands()

    async def use_announced_gateway(self) -> None:
        """Connect to the gateway URL that ``GET /gateway/bot`` announces (Discord's advice).

        discord.py would otherwise use its built-in default URL; asking keeps the REST base
        (``PALANTIR_API_BASE``) and the gateway consistent.
        """
        _, url, limit = await self.http.get_bot_gateway()
        self.max_concurrency = max(1, int(limit.get("max_concurrency", 1)))
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(url)
        log.debug("gateway announced at %s", url)

    async def sync_commands(self) -> None:
        """Sync application commands only when their definitions changed since the last sync."""
        guild = discord.Object(self.config.dev_guild) if self.config.dev_guild else None
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        digest = await command_hash(self.tree, guild)
        key = f"command_hash:{guild.id if guild else 'global'}"
        if await self.store.get_meta(key) == digest:
            log.info("application commands unchanged; not syncing")
            return
        try:
            synced = await self.tree.sync(guild=guild)
        except discord.HTTPException as exc:
            # Keep running with the commands Discord already has; the next start tries again.
            log.error("Discord refused the command list (%s %s): %s", exc.status, exc.code, exc.text)
            return
        await self.store.set_meta(key, digest)
        log.info("synced %d application commands (%s)", len(synced), "dev guild" if guild else "global")

    async def on_app_command_error(
        self, interaction: discord.Interaction[Any], error: discord.app_commands.AppCommandError
    ) -> None:
        """Whatever escaped a command (e.g. a client with an outdated command list): answer kindly."""
        if isinstance(error, discord.app_commands.CommandSignatureMismatch):
            text: str | Msg = msg(
                "This command was just updated; please try again in a minute (or restart Discord)."
            )
            log.warning("outdated command used: %s", error.command.qualified_name)
        elif isinstance(error, discord.app_commands.CheckFailure):
            text = msg("This command can't be used here.")
        elif trouble := storage_trouble(getattr(error, "original", error)):
            text = storage_reply(trouble)
            log.warning("a command met a %s database", trouble)
        else:
            text = UNEXPECTED
            log_failure(log, "command failed", getattr(error, "original", error))
        await self.controller.refuse(interaction, text)

    async def on_ready(self) -> None:
        log.info("connected as %s to %d servers", self.user, len(self.guilds))
        self.connected_once = True
        if rendering.workers_setting() > 0 and not rendering.POOL.running and self._warm_up is None:
            # Start the render workers now, not at the first move.
            self._warm_up = asyncio.create_task(rendering.POOL.warm_up())
        # Catch up now (what a crash or an outage left unposted), then every few seconds.
        if self.announcer is None:
            self.announcer = self.new_announcer()
        self.announcer.start()
        # Time banks, reminders and lobbies: at once (what fell due while down), then regularly.
        self.ticker.start()
        if self._recovered is None:
            self._recovered = asyncio.create_task(self.recover_leagues(start_up=True))
        if self.computers.pool.workers and self._computers_warm is None:
            self._computers_warm = asyncio.create_task(self.computers.pool.warm_up())
        # A computer's turn left pending by a restart is played (once: see bot/computers/driver.py).
        await self.computers.sweep()

    async def on_tick(self) -> None:
        """The ticker's regular call: leagues due to start, and computer turns left waiting
        (a match resumed after a pause, a turn whose post the announcer has just told)."""
        await self.start_due_leagues()
        await self.zombie_desk.lapse()
        await self.computers.sweep()

    async def report_damaged(self, record: MatchRecord) -> None:
        """Tell the server's admins, in the match's thread (or channel), that a match whose log
        no longer replays cannot go on: no detail (the refusal may name a secret), the log has it."""
        try:
            await self.delivery.post(
                record.thread_id or record.channel_id,
                content=damaged_notice(record.id).render(match_locale(record.language)),
            )
        except Exception as exc:
            log_failure(log, f"could not report damaged match {record.id}", exc)

    async def league_admin_of(self, interaction: discord.Interaction[Any], live: LiveMatch) -> bool:
        """Whether the user holds the league-admin role of the server of this league match."""
        if live.record.league_id is None or interaction.guild_id is None:
            return False
        role = await self.leagues.admin_role(interaction.guild_id)
        return role is not None and role in {r.id for r in getattr(interaction.user, "roles", [])}

    async def recover_leagues(self, *, start_up: bool = False) -> None:
        """Leagues after a restart: matches still to create, results still to record; then the
        sweep of the league outbox (the league channel's posts a crash or Discord left unposted;
        at start-up also those just written, which a process that died held)."""
        try:
            outcomes = await self.leagues.recover()
        except Exception as exc:
            log_failure(log, "league recovery failed", exc)
            outcomes = []
        for outcome in outcomes:
            try:
                await self.league_desk.recovered(outcome)
            except Exception as exc:  # committed: one league's posts must not cost the others theirs
                log_failure(log, f"the recovery of league {outcome.league.id} could not be told", exc)
        try:
            await self.league_desk.sweep(start_up=start_up)
        except Exception as exc:  # (a busy database): the next sweep posts them
            log_failure(log, "the league outbox could not be swept", exc)

    async def start_due_leagues(self) -> None:
        """Leagues whose sign-up deadline has passed start by themselves (the ticker's call;
        one process starts each, see :mod:`bot.leases`). One process also brings the leagues up
        to date every few minutes, as each does at start-up: what a process that died, or a busy
        database, left undone (a result unrecorded, a round unpaired, a departure's forfeits)."""
        if await self.service.leases.turn("leagues:recover", LEAGUE_RECOVERY_EVERY):
            await self.recover_leagues()
        for league in await self.leagues.due_to_start():
            if not await self.service.leases.claim(f"league-start:{league.id}"):
                continue  # another process is starting it
            try:
                await self.start_due_league(league)
            except Exception as exc:  # one league's trouble must not keep the others waiting
                log_failure(log, f"league {league.id} could not start at its deadline", exc)

    async def start_due_league(self, league: League) -> None:
        """Start a league whose sign-up deadline has passed, then tell it: its threads, and the
        league channel's lines from the outbox (its pairings, or once why it could not start)."""
        opened = await self.leagues.start_at_deadline(league.id)
        await self.league_desk.announce(opened)  # committed: its posts' failures are not a refusal

    def new_announcer(self) -> Announcer:
        return Announcer(
            self.catch_up_match,
            self.store,
            every=self.config.catch_up_every,
            pause=CATCH_UP_PAUSE,
            leases=self.service.leases,
        )

    async def catch_up_match(self, match_id: int) -> None:
        """Announce what match ``match_id`` committed but never posted (the announcer's callback)."""
        await self.delivery.catch_up(await self.service.get(match_id))

    async def catch_up(self) -> None:
        """Post what was committed but never announced (one sweep of the announcer).

        One match at a time with a pause between them, so that a long backlog neither starves
        the players' live interactions nor runs into Discord's rate limits.
        """
        if self.announcer is None:
            self.announcer = self.new_announcer()
        await self.announcer.sweep()

    async def close(self) -> None:
        if self.announcer is not None:
            await self.announcer.stop()
        ticker = getattr(self, "ticker", None)
        if ticker is not None:
            await ticker.stop()
        computers = getattr(self, "computers", None)
        if computers is not None:
            await computers.stop()
        await super().close()
        rendering.shutdown()
        store = getattr(self, "store", None)
        if store is not None:
            await store.close()


async def command_hash(
    tree: discord.app_commands.CommandTree[Any], guild: discord.abc.Snowflake | None
) -> str:
    """A stable hash of the command definitions Discord would receive for ``guild``, with their
    translations (a corrected translation is synced like a changed command)."""
    translator = tree.translator
    payload = [
        await command.get_translated_payload(tree, translator) if translator else command.to_dict(tree)
        for command in tree.get_commands(guild=guild)
    ]
    text = json.dumps(payload, sort_keys=True, default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class ShardedPalantirBot(PalantirBot, commands.AutoShardedBot):
    """The same bot on several gateway connections, one per shard of ``SHARD_IDS``."""

    def __init__(self, config: Config, **shards: Any) -> None:
        super().__init__(config, **shards)
        self._identified: dict[int, float] = {}

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """Discord's identify limit: one IDENTIFY per 5 seconds in each of ``max_concurrency``
        buckets (``shard_id % max_concurrency``), instead of discord.py's 5 seconds before every
        shard but the first (a large bot's 16 buckets connect its shards at once)."""
        loop = asyncio.get_running_loop()
        bucket = (shard_id or 0) % self.max_concurrency
        last = self._identified.get(bucket)
        if last is not None and (wait := last + IDENTIFY_INTERVAL - loop.time()) > 0:
            await asyncio.sleep(wait)
        self._identified[bucket] = loop.time()
